//! Tests of the persistence layer against real SQLite files in a temporary directory.

mod analysis_file;
mod batch;
mod lifecycle;
mod listing;
mod open;
mod persist;
mod players;
mod throughput;
mod upgrade;

use std::path::PathBuf;

use protocol::{MatchStatus, Reason};
use tempfile::TempDir;

use super::{Db, Finish, NewMatch, NewMove, SeatRow};

/// A database in a fresh directory; keep the directory alive as long as the database.
pub(crate) async fn fresh() -> (TempDir, PathBuf, Db) {
    let dir = TempDir::new().expect("temp dir");
    let path = dir.path().join("grundy.db");
    let db = Db::open(&path).await.expect("open");
    (dir, path, db)
}

/// A distinct 32-byte token hash.
pub(crate) fn token(n: u8) -> [u8; 32] {
    [n; 32]
}

/// A seat held by a player.
fn player(id: i64) -> SeatRow {
    SeatRow {
        player_id: Some(id),
        engine: None,
    }
}

/// A seat held by the engine.
fn engine() -> SeatRow {
    SeatRow {
        player_id: None,
        engine: Some("perfect".into()),
    }
}

/// A Nim match with the given seats and status, created at `created_at`.
fn nim(seats: [SeatRow; 2], status: MatchStatus, created_at: i64) -> NewMatch {
    NewMatch {
        params: protocol::GameParams::of(protocol::Game::Nim),
        start: "3,4,5".into(),
        seats,
        clock_initial_ms: None,
        clock_increment_ms: None,
        status,
        rematch_of: None,
        created_at,
        started_at: (status == MatchStatus::Playing).then_some(created_at),
    }
}

/// Move `ply` of a match, with a notation and position derived from `tag`.
fn mv(match_id: i64, ply: u32, tag: &str) -> NewMove {
    NewMove {
        match_id,
        ply,
        seat: ((ply + 1) % 2) as u8,
        notation: format!("m{ply}{tag}"),
        position: format!("p{ply}{tag}"),
        time_ms: 100 + u64::from(ply),
        clock_ms: None,
        played_at: 1_000 + i64::from(ply),
    }
}

/// A decisive finish for seat `winner`.
fn win(winner: u8, reason: Reason, at: i64) -> Finish {
    Finish {
        status: MatchStatus::Finished,
        winner: Some(winner),
        reason,
        repetition_plies: Vec::new(),
        finished_at: at,
    }
}

/// Counts the rows of a table through the read pool.
async fn count(db: &Db, sql: &str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(&db.pool)
        .await
        .expect("count")
}
