-- grundy: the heap game defined by its rule (`game = 'heap'`). The rule is kept in its
-- canonical spelling (`subtraction 1,3,4`, `octal 0.77`, `grundy`) beside every game's other
-- parameters; NULL for every other game.
ALTER TABLE matches ADD COLUMN rule TEXT;
ALTER TABLE exercises ADD COLUMN rule TEXT;
ALTER TABLE tournaments ADD COLUMN rule TEXT;
ALTER TABLE simuls ADD COLUMN rule TEXT;
