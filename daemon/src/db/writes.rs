//! The write operations: what each one does in SQL, and the [`Db`] methods that queue them.
//!
//! A write is a [`Write`] value sent to the writer task (`writer.rs`), which runs it inside its
//! own savepoint of a group-commit transaction: everything a write does (a move, the match's
//! new position, the result) lands together or not at all. Each write checks the state it needs
//! (a waiting match to start, a playing match at the previous ply to move in), so a confused
//! caller gets [`DbError::Rejected`] instead of a silently inconsistent file.

use protocol::MatchStatus;
use sqlx::{Row, SqliteConnection};

use super::decode::encode_plies;
use super::error::{to_sql_int, to_sql_opt, DbError};
use super::rows::{Finish, NewMatch, NewMove};
use super::Db;
use crate::clock::unix_ms;

/// One write operation, as queued for the writer task.
#[derive(Debug)]
pub(crate) enum Write {
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
    },
}

impl Db {
    /// Registers a player; `token_hash` is the SHA-256 of their secret token (unique).
    /// Returns the new player id.
    pub async fn create_player(&self, name: &str, token_hash: &[u8]) -> Result<i64, DbError> {
        self.write(Write::CreatePlayer {
            name: name.to_owned(),
            token_hash: token_hash.to_vec(),
            created_at: unix_ms(),
        })
        .await
    }

    /// Changes a player's display name.
    pub async fn rename_player(&self, id: i64, name: &str) -> Result<(), DbError> {
        let name = name.to_owned();
        self.write(Write::RenamePlayer { id, name }).await.map(drop)
    }

    /// Stores a new match (current position = start, ply 0). Returns its id.
    pub async fn create_match(&self, m: NewMatch) -> Result<i64, DbError> {
        self.write(Write::CreateMatch(Box::new(m))).await
    }

    /// Seats a player (joining a waiting match) and marks it playing with started_at.
    pub async fn start_match(
        &self,
        id: i64,
        seat: u8,
        player_id: i64,
        started_at: i64,
    ) -> Result<(), DbError> {
        let op = Write::StartMatch {
            id,
            seat,
            player_id,
            started_at,
        };
        self.write(op).await.map(drop)
    }

    /// Appends one move and updates matches.position/ply, and, when `finish` is given, ends
    /// the match — all in one transaction. The move must be the next ply of a playing match.
    pub async fn add_move(&self, mv: NewMove, finish: Option<Finish>) -> Result<(), DbError> {
        self.write(Write::AddMove { mv, finish }).await.map(drop)
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
    ) -> Result<i64, DbError> {
        self.write(Write::ImportMatch {
            m: Box::new(m),
            names,
            moves,
            finish,
        })
        .await
    }

    /// Ends a waiting or playing match without a move (resignation, flag fall, abort, ...).
    pub async fn finish_match(&self, id: i64, finish: Finish) -> Result<(), DbError> {
        self.write(Write::FinishMatch { id, finish })
            .await
            .map(drop)
    }
}

impl Write {
    /// Whether the write is a single statement (plus reads), which needs no savepoint of its
    /// own: see `writer::run_job`.
    pub(crate) fn is_one_statement(&self) -> bool {
        match self {
            Write::CreatePlayer { .. }
            | Write::RenamePlayer { .. }
            | Write::CreateMatch(_)
            | Write::StartMatch { .. }
            | Write::FinishMatch { .. } => true,
            // A move is an insert and an update (and perhaps the result).
            Write::AddMove { .. } | Write::ImportMatch { .. } => false,
        }
    }

    /// The match a move is stored in, when this is a move.
    pub(crate) fn move_of(&self) -> Option<i64> {
        match self {
            Write::AddMove { mv, .. } => Some(mv.match_id),
            _ => None,
        }
    }

    /// Runs the write on the writer's connection (inside a savepoint the caller owns) and
    /// returns the id of the player or match it is about.
    pub(crate) async fn apply(self, conn: &mut SqliteConnection) -> Result<i64, DbError> {
        match self {
            Write::CreatePlayer {
                name,
                token_hash,
                created_at,
            } => {
                let sql = "INSERT INTO players (name, token_hash, created_at) VALUES (?, ?, ?)";
                let done = sqlx::query(sql)
                    .bind(name)
                    .bind(token_hash)
                    .bind(created_at)
                    .execute(&mut *conn)
                    .await?;
                Ok(done.last_insert_rowid())
            }
            Write::RenamePlayer { id, name } => {
                let sql = "UPDATE players SET name = ? WHERE id = ?";
                let done = sqlx::query(sql)
                    .bind(name)
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
                if done.rows_affected() == 0 {
                    return Err(DbError::Rejected(format!("player {id} does not exist")));
                }
                Ok(id)
            }
            Write::CreateMatch(m) => create_match(conn, *m).await,
            Write::StartMatch {
                id,
                seat,
                player_id,
                started_at,
            } => {
                let sql = match seat {
                    0 => {
                        "UPDATE matches SET seat0_player = ?, status = 'playing', started_at = ? \
                          WHERE id = ? AND status = 'waiting' \
                          AND seat0_player IS NULL AND seat0_engine IS NULL"
                    }
                    1 => {
                        "UPDATE matches SET seat1_player = ?, status = 'playing', started_at = ? \
                          WHERE id = ? AND status = 'waiting' \
                          AND seat1_player IS NULL AND seat1_engine IS NULL"
                    }
                    _ => return Err(DbError::Rejected(format!("seat {seat} is not 0 or 1"))),
                };
                let done = sqlx::query(sql)
                    .bind(player_id)
                    .bind(started_at)
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
                if done.rows_affected() == 0 {
                    let state = describe(conn, id).await?;
                    return Err(DbError::Rejected(format!(
                        "cannot seat a player in seat {seat} of {state}"
                    )));
                }
                Ok(id)
            }
            Write::AddMove { mv, finish } => {
                let id = mv.match_id;
                add_move(conn, mv).await?;
                if let Some(finish) = finish {
                    finish_match(conn, id, finish).await?;
                }
                Ok(id)
            }
            Write::FinishMatch { id, finish } => {
                finish_match(conn, id, finish).await?;
                Ok(id)
            }
            Write::ImportMatch {
                m,
                names,
                moves,
                finish,
            } => {
                let id = create_match(conn, *m).await?;
                let [n0, n1] = names;
                sqlx::query(
                    "UPDATE matches SET seat0_name = ?, seat1_name = ?, imported = 1 WHERE id = ?",
                )
                .bind(n0)
                .bind(n1)
                .bind(id)
                .execute(&mut *conn)
                .await?;
                for mut mv in moves {
                    mv.match_id = id;
                    add_move(conn, mv).await?;
                }
                finish_match(conn, id, finish).await?;
                Ok(id)
            }
        }
    }
}

/// Inserts a match at its start position.
async fn create_match(conn: &mut SqliteConnection, m: NewMatch) -> Result<i64, DbError> {
    if !matches!(m.status, MatchStatus::Waiting | MatchStatus::Playing) {
        let status = m.status.as_str();
        return Err(DbError::Rejected(format!("a new match cannot be {status}")));
    }
    let [seat0, seat1] = m.seats;
    let sql = "INSERT INTO matches (game, size, k, start, position, ply, \
               seat0_player, seat0_engine, seat1_player, seat1_engine, \
               clock_initial_ms, clock_increment_ms, status, rematch_of, created_at, started_at) \
               VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    let done = sqlx::query(sql)
        .bind(m.game)
        .bind(to_sql_opt(m.size, "size")?)
        .bind(m.k)
        .bind(m.start.clone())
        .bind(m.start)
        .bind(seat0.player_id)
        .bind(seat0.engine)
        .bind(seat1.player_id)
        .bind(seat1.engine)
        .bind(to_sql_opt(m.clock_initial_ms, "clock_initial_ms")?)
        .bind(to_sql_opt(m.clock_increment_ms, "clock_increment_ms")?)
        .bind(m.status.as_str())
        .bind(m.rematch_of)
        .bind(m.created_at)
        .bind(m.started_at)
        .execute(&mut *conn)
        .await?;
    Ok(done.last_insert_rowid())
}

/// Inserts the move and advances the match to it; the match must be playing at `ply - 1`.
async fn add_move(conn: &mut SqliteConnection, mv: NewMove) -> Result<(), DbError> {
    let sql = "INSERT INTO moves (match_id, ply, seat, notation, position, time_ms, clock_ms, \
               played_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
    sqlx::query(sql)
        .bind(mv.match_id)
        .bind(mv.ply)
        .bind(mv.seat)
        .bind(mv.notation)
        .bind(mv.position.clone())
        .bind(to_sql_int(mv.time_ms, "time_ms")?)
        .bind(to_sql_opt(mv.clock_ms, "clock_ms")?)
        .bind(mv.played_at)
        .execute(&mut *conn)
        .await?;
    let sql = "UPDATE matches SET position = ?, ply = ? \
               WHERE id = ? AND status = 'playing' AND ply = ? - 1";
    let done = sqlx::query(sql)
        .bind(mv.position)
        .bind(mv.ply)
        .bind(mv.match_id)
        .bind(mv.ply)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() == 0 {
        let state = describe(conn, mv.match_id).await?;
        let ply = mv.ply;
        return Err(DbError::Rejected(format!(
            "cannot store ply {ply} in {state}"
        )));
    }
    Ok(())
}

/// Records the result of a waiting or playing match.
pub(super) async fn finish_match(
    conn: &mut SqliteConnection,
    id: i64,
    f: Finish,
) -> Result<(), DbError> {
    if !matches!(f.status, MatchStatus::Finished | MatchStatus::Aborted) {
        let status = f.status.as_str();
        return Err(DbError::Rejected(format!("a match cannot end as {status}")));
    }
    if let Some(winner @ 2..) = f.winner {
        return Err(DbError::Rejected(format!("winner {winner} is not 0 or 1")));
    }
    let sql = "UPDATE matches SET status = ?, winner = ?, reason = ?, repetition_plies = ?, \
               finished_at = ? WHERE id = ? AND status IN ('waiting', 'playing')";
    let done = sqlx::query(sql)
        .bind(f.status.as_str())
        .bind(f.winner)
        .bind(f.reason.as_str())
        .bind(encode_plies(&f.repetition_plies))
        .bind(f.finished_at)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() == 0 {
        let state = describe(conn, id).await?;
        return Err(DbError::Rejected(format!("cannot finish {state}")));
    }
    Ok(())
}

/// Says what state a match is in, for the message of a rejected write.
async fn describe(conn: &mut SqliteConnection, id: i64) -> Result<String, DbError> {
    let row = sqlx::query("SELECT status, ply FROM matches WHERE id = ?")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(match row {
        None => format!("match {id}, which does not exist"),
        Some(row) => {
            let status: String = row.try_get("status")?;
            let ply: i64 = row.try_get("ply")?;
            format!("match {id}, which is {status} at ply {ply}")
        }
    })
}
