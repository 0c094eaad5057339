-- grundy: the names a column may hold (games, reasons, statuses, roles, questions, formats,
-- engine limits) are checked by the server when it reads them, no longer by `CHECK (x IN
-- (...))` lists, so that a new game or reason needs no migration: each such list made one
-- rebuild of `matches` and `moves` (20261124000001, 20261125000001). A name the server does
-- not know is refused when read (daemon/src/db/sql.rs), naming the column and the value.
--
-- SQLite cannot drop a CHECK constraint in place, so every table with such a list is
-- rebuilt, and every table that refers to one of them with it, as in 20261125000001: the old
-- tables are renamed first (which carries every reference along), the new ones made and
-- filled from them, parents first, and the old ones dropped last, children first; foreign
-- keys stay on, so a row that does not fit fails the migration, which then changes nothing.
-- The other constraints stay: NOT NULL, the foreign keys, UNIQUE, the booleans 0 or 1, the
-- seats 0 or 1, the plies and rounds in range, a seat never held by a player and the engine.
-- `players` and `server_identity` are kept as they are.

ALTER TABLE rooms RENAME TO rooms_old;
ALTER TABLE room_members RENAME TO room_members_old;
ALTER TABLE exercises RENAME TO exercises_old;
ALTER TABLE answers RENAME TO answers_old;
ALTER TABLE matches RENAME TO matches_old;
ALTER TABLE moves RENAME TO moves_old;
ALTER TABLE tournaments RENAME TO tournaments_old;
ALTER TABLE tournament_entrants RENAME TO tournament_entrants_old;
ALTER TABLE tournament_games RENAME TO tournament_games_old;
ALTER TABLE tournament_byes RENAME TO tournament_byes_old;
ALTER TABLE simuls RENAME TO simuls_old;
ALTER TABLE simul_games RENAME TO simul_games_old;

-- A class: students join with the code; whoever holds the owner token is a teacher.
CREATE TABLE rooms (
    id                INTEGER PRIMARY KEY,
    -- The join code: four characters from 23456789ABCDEFGHJKLMNPQRSTUVWXYZ (no 0/O, 1/I).
    code              TEXT    NOT NULL UNIQUE,
    name              TEXT    NOT NULL,
    -- SHA-256 of the owner token; the token itself is never stored.
    owner_token_hash  BLOB    NOT NULL UNIQUE,
    -- 1 when students may ask for values (query, table, review) while an exercise is open.
    hints             INTEGER NOT NULL DEFAULT 0 CHECK (hints IN (0, 1)),
    -- The strongest engine students may play against: none (only each other), easy,
    -- medium or perfect; NULL: any.
    engine            TEXT,
    created_by        INTEGER NOT NULL REFERENCES players (id),
    created_at        INTEGER NOT NULL,
    -- 1 while the room holds an exam.
    exam              INTEGER NOT NULL DEFAULT 0 CHECK (exam IN (0, 1))
);
INSERT INTO rooms (id, code, name, owner_token_hash, hints, engine, created_by, created_at,
                   exam)
SELECT id, code, name, owner_token_hash, hints, engine, created_by, created_at, exam
  FROM rooms_old;

-- Who is in a room, under which name, and as what (teacher or student).
CREATE TABLE room_members (
    room_id        INTEGER NOT NULL REFERENCES rooms (id),
    player_id      INTEGER NOT NULL REFERENCES players (id),
    name           TEXT    NOT NULL,
    role           TEXT    NOT NULL,
    joined_at      INTEGER NOT NULL,
    -- The name as a reader sees it (20261126000000_name_skeletons.sql).
    name_skeleton  TEXT,
    PRIMARY KEY (room_id, player_id)
);
INSERT INTO room_members (room_id, player_id, name, role, joined_at, name_skeleton)
SELECT room_id, player_id, name, role, joined_at, name_skeleton FROM room_members_old;

-- A question (outcome, grundy, winning_move, winning_moves, remoteness) about a position,
-- with its exact answer as the server computed it when the exercise was set. Exercises set
-- together share set_no (1, 2, ... within the room).
CREATE TABLE exercises (
    id           INTEGER PRIMARY KEY,
    room_id      INTEGER NOT NULL REFERENCES rooms (id),
    set_no       INTEGER NOT NULL CHECK (set_no >= 1),
    game         TEXT    NOT NULL,
    size         INTEGER,
    k            INTEGER,
    misere       INTEGER NOT NULL DEFAULT 0 CHECK (misere IN (0, 1)),
    position     TEXT    NOT NULL,
    question     TEXT    NOT NULL,
    solution     TEXT    NOT NULL,
    set_at       INTEGER NOT NULL,
    -- Unix ms after which answers are refused; NULL: no deadline.
    deadline     INTEGER,
    -- When the teacher released the grades and solution (Unix ms); NULL: not released.
    released_at  INTEGER
);
INSERT INTO exercises (id, room_id, set_no, game, size, k, misere, position, question,
                       solution, set_at, deadline, released_at)
SELECT id, room_id, set_no, game, size, k, misere, position, question, solution, set_at,
       deadline, released_at
  FROM exercises_old;

-- A student's answer, graded when it arrived; the first answer is final.
CREATE TABLE answers (
    exercise_id  INTEGER NOT NULL REFERENCES exercises (id),
    player_id    INTEGER NOT NULL REFERENCES players (id),
    -- The answer as read, in canonical form (win, 3, 3,3, "3,3; 0,3", none).
    answer       TEXT    NOT NULL,
    correct      INTEGER NOT NULL CHECK (correct IN (0, 1)),
    explanation  TEXT    NOT NULL,
    answered_at  INTEGER NOT NULL,
    PRIMARY KEY (exercise_id, player_id)
);
-- Its rowid keeps the order answers came in (a room lists them by it).
INSERT INTO answers (rowid, exercise_id, player_id, answer, correct, explanation, answered_at)
SELECT rowid, exercise_id, player_id, answer, correct, explanation, answered_at
  FROM answers_old;

CREATE TABLE matches (
    id            INTEGER PRIMARY KEY,
    game          TEXT    NOT NULL,   -- queen, rook, horse, dragon, nim, chocolate, lgame, sum
    size          INTEGER,            -- board side (queen, rook, horse, dragon)
    k             INTEGER,            -- staircase step (chocolate)
    -- 1: misère play (the player who makes the last move loses); 0: normal play.
    misere        INTEGER NOT NULL DEFAULT 0 CHECK (misere IN (0, 1)),
    start         TEXT    NOT NULL,   -- start position, docs/NOTATION.md
    position      TEXT    NOT NULL,   -- current (final, once finished) position
    ply           INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),  -- moves played
    seat0_player  INTEGER REFERENCES players(id),
    seat0_engine  TEXT,               -- engine level when the engine sits in seat 0
    seat1_player  INTEGER REFERENCES players(id),
    seat1_engine  TEXT,
    clock_initial_ms   INTEGER,       -- NULL: no clock
    clock_increment_ms INTEGER,
    status        TEXT    NOT NULL,   -- waiting, playing, finished, aborted
    winner        INTEGER CHECK (winner IN (0, 1)),  -- NULL: draw, or not over
    reason        TEXT,               -- why it ended (docs/DATABASE.md); NULL: not over
    -- For a draw by repetition: the plies (comma-separated, 0 = the start) at which the
    -- repeated position occurred; the moves between the first and the last are the cycle.
    repetition_plies TEXT,
    rematch_of    INTEGER REFERENCES matches(id),
    created_at    INTEGER NOT NULL,
    started_at    INTEGER,
    finished_at   INTEGER,
    -- Imported games: the names as the record wrote them (NULL for played matches).
    seat0_name    TEXT,
    seat1_name    TEXT,
    -- 1 for a game imported as text, 0 for one played on this server.
    imported      INTEGER NOT NULL DEFAULT 0 CHECK (imported IN (0, 1)),
    -- The fingerprint of an imported game; NULL for games played on this server.
    import_sha256 BLOB,
    -- A seat holds a player, the engine, or nobody (yet): never both.
    CHECK (seat0_player IS NULL OR seat0_engine IS NULL),
    CHECK (seat1_player IS NULL OR seat1_engine IS NULL)
);
INSERT INTO matches (id, game, size, k, misere, start, position, ply, seat0_player,
                     seat0_engine, seat1_player, seat1_engine, clock_initial_ms,
                     clock_increment_ms, status, winner, reason, repetition_plies, rematch_of,
                     created_at, started_at, finished_at, seat0_name, seat1_name, imported,
                     import_sha256)
SELECT id, game, size, k, misere, start, position, ply, seat0_player, seat0_engine, seat1_player,
       seat1_engine, clock_initial_ms, clock_increment_ms, status, winner, reason,
       repetition_plies, rematch_of, created_at, started_at, finished_at, seat0_name,
       seat1_name, imported, import_sha256
  FROM matches_old;

CREATE TABLE moves (
    match_id     INTEGER NOT NULL REFERENCES matches(id),
    ply          INTEGER NOT NULL CHECK (ply >= 1),  -- 1 = the first move
    seat         INTEGER NOT NULL CHECK (seat IN (0, 1)),
    notation     TEXT    NOT NULL,   -- canonical move notation
    position     TEXT    NOT NULL,   -- position after the move
    time_ms      INTEGER NOT NULL,   -- thinking time used
    clock_ms     INTEGER,            -- mover's remaining clock after the move (NULL: no clock)
    played_at    INTEGER NOT NULL,
    PRIMARY KEY (match_id, ply)
) WITHOUT ROWID;
INSERT INTO moves (match_id, ply, seat, notation, position, time_ms, clock_ms, played_at)
SELECT match_id, ply, seat, notation, position, time_ms, clock_ms, played_at FROM moves_old;

-- A tournament of a room: every game is an ordinary match (tournament_games).
CREATE TABLE tournaments (
    id                 INTEGER PRIMARY KEY,
    room_id            INTEGER NOT NULL REFERENCES rooms (id),
    format             TEXT    NOT NULL,   -- round_robin or swiss
    game               TEXT    NOT NULL,
    size               INTEGER,
    k                  INTEGER,
    misere             INTEGER NOT NULL DEFAULT 0 CHECK (misere IN (0, 1)),
    -- 'standard', 'random' (one position drawn per round, the same on every board) or a
    -- position.
    start              TEXT    NOT NULL,
    rounds             INTEGER NOT NULL CHECK (rounds >= 1),
    -- The round being played (0 before the first).
    round              INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
    clock_initial_ms   INTEGER,
    clock_increment_ms INTEGER,
    status             TEXT    NOT NULL,   -- playing or finished
    created_at         INTEGER NOT NULL,
    finished_at        INTEGER
);
INSERT INTO tournaments (id, room_id, format, game, size, k, misere, start, rounds, round,
                         clock_initial_ms, clock_increment_ms, status, created_at, finished_at)
SELECT id, room_id, format, game, size, k, misere, start, rounds, round, clock_initial_ms,
       clock_increment_ms, status, created_at, finished_at
  FROM tournaments_old;

-- Who plays in it, in the order they entered (the seed order).
CREATE TABLE tournament_entrants (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    player_id      INTEGER NOT NULL REFERENCES players (id),
    seed           INTEGER NOT NULL,
    -- 1 once withdrawn: no longer paired; games played still count.
    withdrawn      INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1)),
    PRIMARY KEY (tournament_id, player_id)
);
INSERT INTO tournament_entrants (tournament_id, player_id, seed, withdrawn)
SELECT tournament_id, player_id, seed, withdrawn FROM tournament_entrants_old;

-- The games of each round; who moved first, the result and the moves are in `matches`.
CREATE TABLE tournament_games (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    round          INTEGER NOT NULL CHECK (round >= 1),
    match_id       INTEGER NOT NULL UNIQUE REFERENCES matches (id),
    PRIMARY KEY (tournament_id, match_id)
);
INSERT INTO tournament_games (tournament_id, round, match_id)
SELECT tournament_id, round, match_id FROM tournament_games_old;

-- A player without an opponent in a round scores a win.
CREATE TABLE tournament_byes (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    round          INTEGER NOT NULL CHECK (round >= 1),
    player_id      INTEGER NOT NULL REFERENCES players (id),
    PRIMARY KEY (tournament_id, round)
);
INSERT INTO tournament_byes (tournament_id, round, player_id)
SELECT tournament_id, round, player_id FROM tournament_byes_old;

-- A simultaneous exhibition: the teacher (host_player) or the engine (host_engine) plays
-- every student, one board (a match) each.
CREATE TABLE simuls (
    id             INTEGER PRIMARY KEY,
    room_id        INTEGER NOT NULL REFERENCES rooms (id),
    game           TEXT    NOT NULL,
    size           INTEGER,
    k              INTEGER,
    misere         INTEGER NOT NULL DEFAULT 0 CHECK (misere IN (0, 1)),
    start          TEXT    NOT NULL,
    host_player    INTEGER REFERENCES players (id),
    host_engine    TEXT,
    -- 1 when the students moved first.
    students_first INTEGER NOT NULL DEFAULT 0 CHECK (students_first IN (0, 1)),
    created_at     INTEGER NOT NULL,
    CHECK ((host_player IS NULL) != (host_engine IS NULL))
);
INSERT INTO simuls (id, room_id, game, size, k, misere, start, host_player, host_engine,
                    students_first, created_at)
SELECT id, room_id, game, size, k, misere, start, host_player, host_engine, students_first,
       created_at
  FROM simuls_old;

-- The boards of an exhibition: each an ordinary match.
CREATE TABLE simul_games (
    simul_id   INTEGER NOT NULL REFERENCES simuls (id),
    match_id   INTEGER NOT NULL UNIQUE REFERENCES matches (id),
    player_id  INTEGER NOT NULL REFERENCES players (id),
    PRIMARY KEY (simul_id, match_id)
);
INSERT INTO simul_games (simul_id, match_id, player_id)
SELECT simul_id, match_id, player_id FROM simul_games_old;

-- Children first, so that no dropped row is still referred to.
DROP TABLE simul_games_old;
DROP TABLE simuls_old;
DROP TABLE tournament_byes_old;
DROP TABLE tournament_games_old;
DROP TABLE tournament_entrants_old;
DROP TABLE tournaments_old;
DROP TABLE moves_old;
DROP TABLE matches_old;
DROP TABLE answers_old;
DROP TABLE exercises_old;
DROP TABLE room_members_old;
DROP TABLE rooms_old;

CREATE UNIQUE INDEX room_members_name ON room_members (room_id, name COLLATE NOCASE);
CREATE INDEX room_members_name_skeleton ON room_members (room_id, name_skeleton);
CREATE INDEX exercises_room ON exercises (room_id, id);
CREATE INDEX matches_status ON matches (status);
CREATE INDEX matches_seat0 ON matches (seat0_player);
CREATE INDEX matches_seat1 ON matches (seat1_player);
CREATE INDEX matches_created ON matches (created_at);
CREATE UNIQUE INDEX matches_rematch_of ON matches (rematch_of);
CREATE UNIQUE INDEX matches_import_sha256 ON matches (import_sha256)
    WHERE import_sha256 IS NOT NULL;
CREATE INDEX tournaments_room ON tournaments (room_id, id);
CREATE INDEX simuls_room ON simuls (room_id, id);

-- No member may join a room, or change their name in it, under a name that reads the same
-- as another member's (as in 20261126000000_name_skeletons.sql).
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
