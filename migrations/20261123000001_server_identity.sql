-- Who this server is: a random id made once, when the database is created, and announced to
-- every client (the `x-grundy-server` header of the websocket handshake, and `welcome`), so
-- that a client keeps one identity per server however its address is written
-- (ws://localhost:7878 and ws://127.0.0.1:7878 are the same server).
CREATE TABLE server_identity (
    id TEXT NOT NULL
);
INSERT INTO server_identity (id) VALUES (lower(hex(randomblob(16))));
