-- grundy: players, matches and moves. Documented in docs/DATABASE.md.
-- Times are Unix epoch milliseconds (UTC). Seats: 0 moves first (red in the L-game), 1 second.

CREATE TABLE players (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    -- SHA-256 of the player's secret token; the token itself is never stored.
    token_hash  BLOB    NOT NULL UNIQUE,
    created_at  INTEGER NOT NULL
);

-- Names are not unique; the index serves "the games of player NAME".
CREATE INDEX players_name ON players (name);

CREATE TABLE matches (
    id            INTEGER PRIMARY KEY,
    game          TEXT    NOT NULL CHECK (game IN ('queen','rook','horse','dragon','nim','chocolate','lgame')),
    size          INTEGER,            -- board side (queen, rook, horse, dragon)
    k             INTEGER,            -- staircase step (chocolate)
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
                                  'resignation','repetition','agreed_draw','flag_fall',
                                  'abandonment','aborted')),
    -- For a draw by repetition: the plies (comma-separated, 0 = the start) at which the
    -- repeated position occurred; the moves between the first and the last are the cycle.
    repetition_plies TEXT,
    rematch_of    INTEGER REFERENCES matches(id),
    created_at    INTEGER NOT NULL,
    started_at    INTEGER,
    finished_at   INTEGER,
    -- A seat holds a player, the engine, or nobody (yet): never both.
    CHECK (seat0_player IS NULL OR seat0_engine IS NULL),
    CHECK (seat1_player IS NULL OR seat1_engine IS NULL)
);

CREATE INDEX matches_status ON matches (status);
CREATE INDEX matches_seat0 ON matches (seat0_player);
CREATE INDEX matches_seat1 ON matches (seat1_player);
-- Lists run newest first.
CREATE INDEX matches_created ON matches (created_at);
-- A match has at most one rematch (NULLs do not collide in a UNIQUE index).
CREATE UNIQUE INDEX matches_rematch_of ON matches (rematch_of);

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
