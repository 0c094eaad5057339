-- grundy: names compared as a reader sees them (docs/DATABASE.md). Beside each player's and
-- each room member's name, its skeleton: the name in NFKC and lower case with the characters
-- that look alike mapped to one (Unicode TR39), so that `ada`, `ADA` and Cyrillic `аda` share
-- one. SQLite cannot compute a skeleton: the daemon fills every NULL one right after the
-- migrations (daemon/src/db/skeletons.rs), these rows included, and writes one with every name.

ALTER TABLE players ADD COLUMN name_skeleton TEXT;
-- The namesakes a `welcome` lists are the players of the same skeleton.
CREATE INDEX players_name_skeleton ON players (name_skeleton);
-- Replaced by the skeleton, which sets letter case aside too.
DROP INDEX players_name_nocase;

ALTER TABLE room_members ADD COLUMN name_skeleton TEXT;
CREATE INDEX room_members_name_skeleton ON room_members (room_id, name_skeleton);

-- No member may join a room, or change their name in it, under a name that reads the same
-- as another member's. Members stored before keep their rows: two such names already in a
-- room are not undone, and a row's first skeleton (the fill) is not checked. The index
-- `room_members_name` still refuses the same name in another letter case.
CREATE TRIGGER room_members_skeleton_insert BEFORE INSERT ON room_members
WHEN EXISTS (SELECT 1 FROM room_members
              WHERE room_id = NEW.room_id AND name_skeleton = NEW.name_skeleton
                AND player_id <> NEW.player_id)
BEGIN
    SELECT RAISE(ABORT, 'another member of the room goes by a name that reads the same');
END;

CREATE TRIGGER room_members_skeleton_update BEFORE UPDATE OF name_skeleton ON room_members
WHEN OLD.name_skeleton IS NOT NULL AND EXISTS (SELECT 1 FROM room_members
              WHERE room_id = NEW.room_id AND name_skeleton = NEW.name_skeleton
                AND player_id <> NEW.player_id)
BEGIN
    SELECT RAISE(ABORT, 'another member of the room goes by a name that reads the same');
END;
