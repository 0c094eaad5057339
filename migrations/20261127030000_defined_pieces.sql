-- grundy: the corner game with a piece defined by its moves (`game = 'corner'`). The piece is
-- kept in Betza's notation, in its canonical spelling (`RN`), beside every game's other
-- parameters; NULL for every other game (the four named pieces' names say their moves).
ALTER TABLE matches ADD COLUMN piece TEXT;
ALTER TABLE exercises ADD COLUMN piece TEXT;
ALTER TABLE tournaments ADD COLUMN piece TEXT;
ALTER TABLE simuls ADD COLUMN piece TEXT;
