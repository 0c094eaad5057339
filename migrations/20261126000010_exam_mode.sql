-- grundy: exam mode (docs/CLASSROOM.md). A room's teacher turns it on; while any room has
-- it on, nobody but those rooms' teachers gets analysis, plays the engine or sees values on
-- a board, and those rooms' students see their grades only once released.

-- 1 while the room holds an exam.
ALTER TABLE rooms ADD COLUMN exam INTEGER NOT NULL DEFAULT 0 CHECK (exam IN (0, 1));

-- When the teacher released the exercise's grades and solution to its students (Unix ms);
-- NULL: not released (its deadline, when it has one, releases them too).
ALTER TABLE exercises ADD COLUMN released_at INTEGER;
