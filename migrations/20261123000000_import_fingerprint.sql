-- The fingerprint of an imported game (SHA-256 of its game, start, names, date, result and
-- moves in canonical notation): the same record imported twice is the same game, stored once.
-- NULL for games played on this server.
ALTER TABLE matches ADD COLUMN import_sha256 BLOB;
CREATE UNIQUE INDEX matches_import_sha256 ON matches (import_sha256)
    WHERE import_sha256 IS NOT NULL;
