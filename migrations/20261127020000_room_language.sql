-- grundy: a room's language (docs/CLASSROOM.md). The teacher may set the language of what the
-- whole class reads — the projector's boards and the results' CSV — to one the catalogs have
-- (`en`, `ja`, checked in Rust); NULL: each reader's own language, the CSV in English.
ALTER TABLE rooms ADD COLUMN language TEXT;
