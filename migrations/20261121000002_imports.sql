-- Games imported from the text format of docs/EXPORT.md have no registered players: the
-- names stand in the match itself. Played matches leave these NULL (the names are in players).
ALTER TABLE matches ADD COLUMN seat0_name TEXT;
ALTER TABLE matches ADD COLUMN seat1_name TEXT;
-- 1 for a game imported as text, 0 for one played on this server.
ALTER TABLE matches ADD COLUMN imported INTEGER NOT NULL DEFAULT 0 CHECK (imported IN (0, 1));
