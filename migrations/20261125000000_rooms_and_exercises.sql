-- grundy: rooms for classes, the exercises set in them and the students' graded answers
-- (docs/DATABASE.md). A room, its members, exercises and answers survive a restart.

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
    -- The strongest engine students may play against (none: only each other); NULL: any.
    engine            TEXT    CHECK (engine IN ('none', 'easy', 'medium', 'perfect')),
    created_by        INTEGER NOT NULL REFERENCES players (id),
    created_at        INTEGER NOT NULL
);

-- Who is in a room, under which name (unique in the room, letter case aside), and as what.
CREATE TABLE room_members (
    room_id    INTEGER NOT NULL REFERENCES rooms (id),
    player_id  INTEGER NOT NULL REFERENCES players (id),
    name       TEXT    NOT NULL,
    role       TEXT    NOT NULL CHECK (role IN ('teacher', 'student')),
    joined_at  INTEGER NOT NULL,
    PRIMARY KEY (room_id, player_id)
);
CREATE UNIQUE INDEX room_members_name ON room_members (room_id, name COLLATE NOCASE);

-- A question about a position, with its exact answer as the server computed it when the
-- exercise was set. Exercises set together share set_no (1, 2, ... within the room).
CREATE TABLE exercises (
    id        INTEGER PRIMARY KEY,
    room_id   INTEGER NOT NULL REFERENCES rooms (id),
    set_no    INTEGER NOT NULL CHECK (set_no >= 1),
    game      TEXT    NOT NULL CHECK (game IN
                  ('queen', 'rook', 'horse', 'dragon', 'nim', 'chocolate', 'lgame', 'sum')),
    size      INTEGER,
    k         INTEGER,
    misere    INTEGER NOT NULL DEFAULT 0 CHECK (misere IN (0, 1)),
    position  TEXT    NOT NULL,
    question  TEXT    NOT NULL CHECK (question IN
                  ('outcome', 'grundy', 'winning_move', 'winning_moves', 'remoteness')),
    solution  TEXT    NOT NULL,
    set_at    INTEGER NOT NULL,
    -- Unix ms after which answers are refused; NULL: no deadline.
    deadline  INTEGER
);
CREATE INDEX exercises_room ON exercises (room_id, id);

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
