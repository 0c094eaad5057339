//! Moves, and the result a match ends with: their rows and the statements that store them.
//!
//! These are the writes the writer task stores together when it can (`moves_batch.rs`), so
//! they live here, below the [`Db`](super::Db) methods that queue them (`matches.rs`), and
//! the writer needs nothing above it. Each statement checks the state it needs (a playing
//! match at the previous ply to move in, a match not over to finish), so a confused caller
//! gets [`DbError::Rejected`] instead of a silently inconsistent file.

use protocol::{MatchStatus, Outcome, Reason};
use sqlx::{Row, SqliteConnection};

use super::error::{to_sql_int, to_sql_opt, DbError};
use super::sql::encode_plies;

/// The columns [`StoredMove`] reads, plus `match_id` for grouping.
pub(crate) const MOVE_COLUMNS: &str =
    "match_id, ply, seat, notation, position, time_ms, clock_ms, played_at";

/// One move to append to a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMove {
    /// The match moved in.
    pub match_id: i64,
    /// 1 for the first move; must be the match's stored ply plus one.
    pub ply: u32,
    /// The seat that moved (0 or 1).
    pub seat: u8,
    /// The move in canonical notation.
    pub notation: String,
    /// The position after the move; becomes the match's current position.
    pub position: String,
    /// Thinking time used.
    pub time_ms: u64,
    /// The mover's remaining clock after the move; `None` without clock.
    pub clock_ms: Option<u64>,
    /// When the move was played.
    pub played_at: i64,
}

/// One stored move.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredMove {
    /// 1 for the first move.
    pub ply: u32,
    /// The seat that moved.
    pub seat: u8,
    /// The move in canonical notation.
    pub notation: String,
    /// The position after it.
    pub position: String,
    /// Thinking time used.
    pub time_ms: u64,
    /// The mover's remaining clock after the move.
    pub clock_ms: Option<u64>,
    /// When it was played.
    pub played_at: i64,
}

/// A stored move with the match it is of, for reads of several matches' moves.
#[derive(sqlx::FromRow)]
pub(crate) struct MoveOf {
    /// The match.
    pub(crate) match_id: i64,
    /// The move.
    #[sqlx(flatten)]
    pub(crate) mv: StoredMove,
}

/// How a match ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finish {
    /// `Finished`, or `Aborted` for a match called off.
    pub status: MatchStatus,
    /// The winning seat; `None` for a draw or an abort.
    pub winner: Option<u8>,
    /// Why it ended.
    pub reason: Reason,
    /// For a draw by repetition, the plies (0 = the start) at which the repeated position
    /// occurred; empty otherwise.
    pub repetition_plies: Vec<u32>,
    /// When it ended.
    pub finished_at: i64,
}

impl Finish {
    /// The row of a match that ended with `outcome` at `finished_at`.
    pub fn new(outcome: Outcome, repetition_plies: Vec<u32>, finished_at: i64) -> Finish {
        Finish {
            status: outcome.status(),
            winner: outcome.winner,
            reason: outcome.reason,
            repetition_plies,
            finished_at,
        }
    }
}

/// A move and, when it ends the match, the result: one write of the writer task, which
/// stores it with the other moves of its batch when it can.
#[derive(Debug)]
pub(crate) struct MoveWrite {
    /// The move.
    pub(crate) mv: NewMove,
    /// The result it brings, if it ends the match.
    pub(crate) finish: Option<Finish>,
}

/// Stores one move and its result, when it has one, on their own (in the savepoint the
/// writer makes for it); returns the match id.
pub(crate) async fn store(conn: &mut SqliteConnection, w: MoveWrite) -> Result<i64, DbError> {
    let id = w.mv.match_id;
    add_move(conn, w.mv).await?;
    if let Some(finish) = w.finish {
        finish_match(conn, id, finish).await?;
    }
    Ok(id)
}

/// Inserts the move and advances the match to it; the match must be playing at `ply - 1`.
pub(crate) async fn add_move(conn: &mut SqliteConnection, mv: NewMove) -> Result<(), DbError> {
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
pub(crate) async fn finish_match(
    conn: &mut SqliteConnection,
    id: i64,
    f: Finish,
) -> Result<(), DbError> {
    if !f.status.is_over() {
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
pub(crate) async fn describe(conn: &mut SqliteConnection, id: i64) -> Result<String, DbError> {
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
