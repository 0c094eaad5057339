-- grundy: the analysis file (grundy.analysis.db beside grundy.db), the solved tables the
-- daemon loads at start. Filled by `grundyd precompute` (or the first start), recomputed when
-- missing. The games file attaches it as schema `analysis`. Documented in docs/DATABASE.md.
--
-- The same tables and views as 20261121000001_analysis.sql made in the games file before
-- they moved here (20261123000002_analysis_moved_out.sql drops those).

-- One row per stored set of values, written in the same transaction as the values.
CREATE TABLE analysis_sets (
    name            TEXT    PRIMARY KEY,  -- 'queen', …, 'chocolate k=1', …, 'lgame'
    game            TEXT    NOT NULL CHECK (game IN ('queen','rook','horse','dragon','chocolate','lgame')),
    k               INTEGER,              -- staircase step (chocolate); NULL otherwise
    bound           INTEGER NOT NULL,     -- corner: board side n (x, y < n); chocolate: z_max; lgame: 18368
    row_count       INTEGER NOT NULL,     -- rows stored in the values table
    engine_version  INTEGER NOT NULL,     -- ENGINE_TABLES_VERSION of the build that computed it
    crate_version   TEXT    NOT NULL,     -- that build's version
    computed_at     INTEGER NOT NULL,     -- Unix epoch milliseconds
    compute_ms      INTEGER NOT NULL,     -- time the solver took
    checksum        TEXT    NOT NULL      -- SHA-256 (hex) of the values, defined in docs/DATABASE.md
) WITHOUT ROWID;

-- The corner pieces, so that the values tables hold a small integer.
CREATE TABLE corner_pieces (
    piece  INTEGER PRIMARY KEY,
    game   TEXT    NOT NULL UNIQUE
);
INSERT INTO corner_pieces (piece, game) VALUES (0, 'queen'), (1, 'rook'), (2, 'horse'), (3, 'dragon');

-- Corner games: the triangle x <= y only (the value of (y, x) is the value of (x, y)).
CREATE TABLE corner_values (
    piece       INTEGER NOT NULL,   -- corner_pieces.piece
    x           INTEGER NOT NULL CHECK (x >= 0),
    y           INTEGER NOT NULL CHECK (x <= y),
    grundy      INTEGER NOT NULL,
    remoteness  INTEGER NOT NULL,
    PRIMARY KEY (piece, x, y)
) WITHOUT ROWID;

-- The full square, for people: every (x, y) of every stored corner table.
CREATE VIEW corner AS
    SELECT p.game, v.x, v.y, v.grundy, v.remoteness
      FROM corner_values v JOIN corner_pieces p ON p.piece = v.piece
    UNION ALL
    SELECT p.game, v.y, v.x, v.grundy, v.remoteness
      FROM corner_values v JOIN corner_pieces p ON p.piece = v.piece
     WHERE v.x < v.y;

-- Chocolate: G(y, z), the Grundy number of the staircase {0, y, z} of step k.
CREATE TABLE chocolate_values (
    k       INTEGER NOT NULL,
    z       INTEGER NOT NULL,
    y       INTEGER NOT NULL CHECK (y >= 0),
    grundy  INTEGER NOT NULL,
    PRIMARY KEY (k, z, y)
) WITHOUT ROWID;

-- L-game: one row per class of positions under the 8 symmetries and recolouring.
CREATE TABLE lgame_classes (
    class      INTEGER PRIMARY KEY,   -- 0 .. 2295
    canonical  TEXT    NOT NULL UNIQUE,
    outcome    TEXT    NOT NULL CHECK (outcome IN ('win','loss','draw')),
    depth      INTEGER,               -- plies to the end; NULL for a draw
    CHECK ((outcome = 'draw') = (depth IS NULL))
);

-- L-game: every position seen from the mover (the mover's L is R, red to move).
CREATE TABLE lgame_positions (
    fen    TEXT    PRIMARY KEY,
    class  INTEGER NOT NULL REFERENCES lgame_classes(class)
) WITHOUT ROWID;

CREATE INDEX lgame_positions_class ON lgame_positions (class);

CREATE VIEW lgame AS
    SELECT p.fen, c.canonical, c.outcome, c.depth, c.class
      FROM lgame_positions p JOIN lgame_classes c ON c.class = p.class;
