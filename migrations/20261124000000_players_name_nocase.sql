-- grundy: other players of the same name, letter case aside, are looked up at every hello
-- (`welcome.namesakes`); without this index that is a scan of every player (11–20 ms with
-- 200 000 players, against well under 0.1 ms with it).
CREATE INDEX players_name_nocase ON players (name COLLATE NOCASE);
