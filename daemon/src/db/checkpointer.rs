//! Background checkpoints: the WAL is copied into the database file by a connection of its
//! own, every [`CHECKPOINT_EVERY`], instead of inside the writer's commits; the games file's
//! WAL, then the attached analysis file's (the writer's `wal_autocheckpoint=0` holds for
//! both).
//!
//! SQLite's automatic checkpoint runs in the commit that crosses 1000 WAL pages: that commit
//! then also copies the pages and syncs the database file, and every write queued behind it
//! waits (tens of milliseconds on a busy disk). A passive checkpoint from another connection
//! runs beside the writer and never blocks it; the WAL stays as durable as before. When it
//! has copied everything, the writer copies the few frames written meanwhile between two
//! batches (`writer::restart_log`), so the WAL starts over instead of growing.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, Row, SqliteConnection};
use tokio::sync::{mpsc, Notify};
use tokio::task::JoinHandle;

use super::analysis_file;
use super::error::DbError;
use super::writer::{Counters, Job};

/// How often the WAL is folded into the database file.
pub const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// Stops the checkpointer: shared by the clones of a database handle.
#[derive(Clone)]
pub(crate) struct Stopper {
    stop: Arc<Notify>,
    task: Arc<Mutex<Option<JoinHandle<()>>>>,
}

impl Stopper {
    /// Stops the checkpointer and waits until its connection is closed, so that the writer's
    /// connection, closed after it, is the last one on each file: closing the last connection
    /// folds each WAL into its file and deletes the `-wal` and `-shm` files, which would
    /// otherwise be left behind by a process that exits first.
    pub(crate) async fn stop(&self) {
        self.stop.notify_one();
        let task = self.task.lock().ok().and_then(|mut t| t.take());
        if let Some(task) = task {
            if let Err(e) = task.await {
                tracing::warn!(error = %e, "the checkpointer ended badly");
            }
        }
    }
}

/// Starts the checkpointer on its own connection, with the analysis file `analysis` attached;
/// it stops when told to, or when the writer has stopped (or every handle to it is gone).
pub(crate) async fn spawn(
    options: SqliteConnectOptions,
    analysis: String,
    writer: mpsc::WeakSender<Job>,
    counters: Arc<Counters>,
) -> Result<Stopper, DbError> {
    let mut conn = options.connect().await?;
    analysis_file::attach(&mut conn, &analysis).await?;
    let stop = Arc::new(Notify::new());
    let stopped = Arc::clone(&stop);
    let task = tokio::spawn(async move {
        let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                () = stopped.notified() => break,
            }
            if writer.upgrade().is_none_or(|w| w.is_closed()) {
                break;
            }
            match passive(&mut conn, "main").await {
                Ok(true) => counters.caught_up.store(true, Ordering::Relaxed),
                Ok(false) => {}
                Err(e) => tracing::warn!(error = %e, "background checkpoint failed"),
            }
            // Written only when a set is stored; the WAL restarts at the next such write (the
            // writer truncates it after a store: `Db::checkpoint`).
            if let Err(e) = passive(&mut conn, analysis_file::SCHEMA).await {
                tracing::warn!(error = %e, "background checkpoint of the analysis file failed");
            }
        }
        let _ = conn.close().await;
    });
    Ok(Stopper {
        stop,
        task: Arc::new(Mutex::new(Some(task))),
    })
}

/// `PRAGMA schema.wal_checkpoint(PASSIVE)`: copies what no reader still needs, waiting for
/// nobody. `true` when the whole (non-empty) WAL is now in the database file.
async fn passive(conn: &mut SqliteConnection, schema: &str) -> Result<bool, DbError> {
    let row = sqlx::query(&format!("PRAGMA {schema}.wal_checkpoint(PASSIVE)"))
        .fetch_one(&mut *conn)
        .await?;
    let log: i64 = row.try_get(1)?;
    let moved: i64 = row.try_get(2)?;
    tracing::trace!(schema, log, moved, "background checkpoint");
    Ok(log > 0 && moved == log)
}
