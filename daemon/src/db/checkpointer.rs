//! Background checkpoints: the WAL is copied into the database file by a connection of its
//! own, every [`CHECKPOINT_EVERY`], instead of inside the writer's commits.
//!
//! SQLite's automatic checkpoint runs in the commit that crosses 1000 WAL pages: that commit
//! then also copies the pages and syncs the database file, and every write queued behind it
//! waits (tens of milliseconds on a busy disk). A passive checkpoint from another connection
//! runs beside the writer and never blocks it; the WAL stays as durable as before. When it
//! has copied everything, the writer copies the few frames written meanwhile between two
//! batches (`writer::restart_log`), so the WAL starts over instead of growing.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, Row, SqliteConnection};
use tokio::sync::mpsc;

use super::error::DbError;
use super::writer::{Counters, Job};

/// How often the WAL is folded into the database file.
pub const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// Starts the checkpointer on its own connection; it stops when the writer has stopped (or
/// every handle to it is gone).
pub(crate) async fn spawn(
    options: SqliteConnectOptions,
    writer: mpsc::WeakSender<Job>,
    counters: Arc<Counters>,
) -> Result<(), DbError> {
    let mut conn = options.connect().await?;
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if writer.upgrade().is_none_or(|w| w.is_closed()) {
                break;
            }
            match passive(&mut conn).await {
                Ok(true) => counters.caught_up.store(true, Ordering::Relaxed),
                Ok(false) => {}
                Err(e) => tracing::warn!(error = %e, "background checkpoint failed"),
            }
        }
        let _ = conn.close().await;
    });
    Ok(())
}

/// `PRAGMA wal_checkpoint(PASSIVE)`: copies what no reader still needs, waiting for nobody.
/// `true` when the whole (non-empty) WAL is now in the database file.
async fn passive(conn: &mut SqliteConnection) -> Result<bool, DbError> {
    let row = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(&mut *conn)
        .await?;
    let log: i64 = row.try_get(1)?;
    let moved: i64 = row.try_get(2)?;
    tracing::trace!(log, moved, "background checkpoint");
    Ok(log > 0 && moved == log)
}
