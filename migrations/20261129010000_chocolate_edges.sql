-- grundy: chocolate bars whose staircase's edge is a formula in z (`z * z`), instead of a
-- step k (`game = 'chocolate'`, `k` NULL). The formula is kept as it was read, spaces folded;
-- NULL for every other game and for a step.
ALTER TABLE matches ADD COLUMN edge TEXT;
ALTER TABLE exercises ADD COLUMN edge TEXT;
ALTER TABLE tournaments ADD COLUMN edge TEXT;
ALTER TABLE simuls ADD COLUMN edge TEXT;
