-- grundy: tournaments in rooms. A tournament's round may be ended by its teacher before
-- every game is over: the games still under way are then adjudicated by the exact value of
-- their position, a new reason for a match to end ('adjudication'). SQLite cannot widen a
-- CHECK constraint in place, so `matches` is rebuilt, and `moves` with it, as in
-- 20261124000001: the old tables are renamed first (which carries every reference along),
-- the new ones filled from them, the old ones dropped last; foreign keys stay on.

ALTER TABLE moves RENAME TO moves_old;
ALTER TABLE matches RENAME TO matches_old;

CREATE TABLE matches (
    id            INTEGER PRIMARY KEY,
    game          TEXT    NOT NULL CHECK (game IN ('queen','rook','horse','dragon','nim',
                                                   'chocolate','lgame','sum')),
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
    status        TEXT    NOT NULL CHECK (status IN ('waiting','playing','finished','aborted')),
    winner        INTEGER CHECK (winner IN (0, 1)),  -- NULL: draw, or not over
    reason        TEXT    CHECK (reason IN ('corner_reached','last_stone','poison_left','l_blocked',
                                  'no_move_left','resignation','repetition','agreed_draw',
                                  'flag_fall','abandonment','aborted','adjudication')),
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

DROP TABLE moves_old;
DROP TABLE matches_old;

CREATE INDEX matches_status ON matches (status);
CREATE INDEX matches_seat0 ON matches (seat0_player);
CREATE INDEX matches_seat1 ON matches (seat1_player);
CREATE INDEX matches_created ON matches (created_at);
CREATE UNIQUE INDEX matches_rematch_of ON matches (rematch_of);
CREATE UNIQUE INDEX matches_import_sha256 ON matches (import_sha256)
    WHERE import_sha256 IS NOT NULL;

-- A tournament of a room: every game is an ordinary match (tournament_games).
CREATE TABLE tournaments (
    id                 INTEGER PRIMARY KEY,
    room_id            INTEGER NOT NULL REFERENCES rooms (id),
    format             TEXT    NOT NULL CHECK (format IN ('round_robin', 'swiss')),
    game               TEXT    NOT NULL CHECK (game IN ('queen','rook','horse','dragon','nim',
                                                        'chocolate','lgame','sum')),
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
    status             TEXT    NOT NULL CHECK (status IN ('playing', 'finished')),
    created_at         INTEGER NOT NULL,
    finished_at        INTEGER
);
CREATE INDEX tournaments_room ON tournaments (room_id, id);

-- Who plays in it, in the order they entered (the seed order).
CREATE TABLE tournament_entrants (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    player_id      INTEGER NOT NULL REFERENCES players (id),
    seed           INTEGER NOT NULL,
    -- 1 once withdrawn: no longer paired; games played still count.
    withdrawn      INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1)),
    PRIMARY KEY (tournament_id, player_id)
);

-- The games of each round; who moved first, the result and the moves are in `matches`.
CREATE TABLE tournament_games (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    round          INTEGER NOT NULL CHECK (round >= 1),
    match_id       INTEGER NOT NULL UNIQUE REFERENCES matches (id),
    PRIMARY KEY (tournament_id, match_id)
);

-- A simultaneous exhibition: the teacher (host_player) or the engine (host_engine) plays
-- every student, one board (a match) each.
CREATE TABLE simuls (
    id             INTEGER PRIMARY KEY,
    room_id        INTEGER NOT NULL REFERENCES rooms (id),
    game           TEXT    NOT NULL CHECK (game IN ('queen','rook','horse','dragon','nim',
                                                    'chocolate','lgame','sum')),
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
CREATE INDEX simuls_room ON simuls (room_id, id);

-- The boards of an exhibition: each an ordinary match.
CREATE TABLE simul_games (
    simul_id   INTEGER NOT NULL REFERENCES simuls (id),
    match_id   INTEGER NOT NULL UNIQUE REFERENCES matches (id),
    player_id  INTEGER NOT NULL REFERENCES players (id),
    PRIMARY KEY (simul_id, match_id)
);

-- A player without an opponent in a round scores a win.
CREATE TABLE tournament_byes (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    round          INTEGER NOT NULL CHECK (round >= 1),
    player_id      INTEGER NOT NULL REFERENCES players (id),
    PRIMARY KEY (tournament_id, round)
);
