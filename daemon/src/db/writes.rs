//! The writes: what each one is, and the [`Db`] methods that queue them for the writer
//! task (`writer.rs`), which runs each inside its own savepoint of a group-commit
//! transaction: everything a write does (a move, the match's new position, the result) lands
//! together or not at all. The statements are in `sql.rs`.

use sqlx::SqliteConnection;

use super::error::DbError;
use super::moves_batch::MoveWrite;
use super::rows::{Finish, NewMatch, NewMove};
use super::sql;
use super::writer::{OnConnection, Write};
use super::Db;
use crate::clock::unix_ms;

/// One write operation, as queued for the writer task.
#[derive(Debug)]
enum Op {
    CreatePlayer {
        name: String,
        token_hash: Vec<u8>,
        created_at: i64,
    },
    RenamePlayer {
        id: i64,
        name: String,
    },
    CreateMatch(Box<NewMatch>),
    StartMatch {
        id: i64,
        seat: u8,
        player_id: i64,
        started_at: i64,
    },
    AddMove {
        mv: NewMove,
        finish: Option<Finish>,
    },
    FinishMatch {
        id: i64,
        finish: Finish,
    },
    ImportMatch {
        m: Box<NewMatch>,
        names: [Option<String>; 2],
        moves: Vec<NewMove>,
        finish: Finish,
        fingerprint: [u8; 32],
    },
}

impl Db {
    /// Registers a player; `token_hash` is the SHA-256 of their secret token (unique).
    /// Returns the new player id.
    pub async fn create_player(&self, name: &str, token_hash: &[u8]) -> Result<i64, DbError> {
        self.writer
            .write(Op::CreatePlayer {
                name: name.to_owned(),
                token_hash: token_hash.to_vec(),
                created_at: unix_ms(),
            })
            .await
    }

    /// Changes a player's display name.
    pub async fn rename_player(&self, id: i64, name: &str) -> Result<(), DbError> {
        let name = name.to_owned();
        self.writer
            .write(Op::RenamePlayer { id, name })
            .await
            .map(drop)
    }

    /// Stores a new match (current position = start, ply 0). Returns its id.
    pub async fn create_match(&self, m: NewMatch) -> Result<i64, DbError> {
        self.writer.write(Op::CreateMatch(Box::new(m))).await
    }

    /// Seats a player (joining a waiting match) and marks it playing with started_at.
    pub async fn start_match(
        &self,
        id: i64,
        seat: u8,
        player_id: i64,
        started_at: i64,
    ) -> Result<(), DbError> {
        let op = Op::StartMatch {
            id,
            seat,
            player_id,
            started_at,
        };
        self.writer.write(op).await.map(drop)
    }

    /// Appends one move and updates matches.position/ply, and, when `finish` is given, ends
    /// the match — all in one transaction. The move must be the next ply of a playing match.
    pub async fn add_move(&self, mv: NewMove, finish: Option<Finish>) -> Result<(), DbError> {
        self.writer
            .write(Op::AddMove { mv, finish })
            .await
            .map(drop)
    }

    /// Stores a finished game from elsewhere in one transaction: the match (status playing
    /// while its moves go in), the seat names, every move, and the result. Nothing is stored
    /// if any part is refused. Returns the new match id.
    pub async fn import_match(
        &self,
        m: NewMatch,
        names: [Option<String>; 2],
        moves: Vec<NewMove>,
        finish: Finish,
        fingerprint: [u8; 32],
    ) -> Result<i64, DbError> {
        self.writer
            .write(Op::ImportMatch {
                m: Box::new(m),
                names,
                moves,
                finish,
                fingerprint,
            })
            .await
    }

    /// Ends a waiting or playing match without a move (resignation, flag fall, abort, ...).
    pub async fn finish_match(&self, id: i64, finish: Finish) -> Result<(), DbError> {
        self.writer
            .write(Op::FinishMatch { id, finish })
            .await
            .map(drop)
    }
}

impl Write for Op {
    fn is_one_statement(&self) -> bool {
        match self {
            Op::CreatePlayer { .. }
            | Op::RenamePlayer { .. }
            | Op::CreateMatch(_)
            | Op::StartMatch { .. }
            | Op::FinishMatch { .. } => true,
            // A move is an insert and an update (and perhaps the result).
            Op::AddMove { .. } | Op::ImportMatch { .. } => false,
        }
    }

    fn as_move(&self) -> Option<MoveWrite<'_>> {
        match self {
            Op::AddMove { mv, finish } => Some((mv, finish.as_ref())),
            _ => None,
        }
    }

    fn apply(
        self: Box<Self>,
        conn: &mut SqliteConnection,
    ) -> OnConnection<'_, Result<i64, DbError>> {
        Box::pin(async move {
            match *self {
                Op::CreatePlayer {
                    name,
                    token_hash,
                    created_at,
                } => sql::create_player(conn, name, token_hash, created_at).await,
                Op::RenamePlayer { id, name } => {
                    sql::rename_player(conn, id, name).await.map(|()| id)
                }
                Op::CreateMatch(m) => sql::create_match(conn, *m).await,
                Op::StartMatch {
                    id,
                    seat,
                    player_id,
                    started_at,
                } => sql::start_match(conn, id, seat, player_id, started_at)
                    .await
                    .map(|()| id),
                Op::AddMove { mv, finish } => {
                    let id = mv.match_id;
                    sql::add_move(conn, mv).await?;
                    if let Some(finish) = finish {
                        sql::finish_match(conn, id, finish).await?;
                    }
                    Ok(id)
                }
                Op::FinishMatch { id, finish } => {
                    sql::finish_match(conn, id, finish).await.map(|()| id)
                }
                Op::ImportMatch {
                    m,
                    names,
                    moves,
                    finish,
                    fingerprint,
                } => sql::import_match(conn, *m, names, moves, finish, fingerprint).await,
            }
        })
    }
}
