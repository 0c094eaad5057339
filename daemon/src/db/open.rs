//! Opening and closing the database: the connection settings that make writes durable, the
//! embedded migrations, the read pool and the writer task.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{ConnectOptions, SqliteConnection};
use tokio::sync::{mpsc, oneshot};

use super::checkpointer;
use super::error::DbError;
use super::writer::{self, Counters, Job};

/// The schema, compiled into the binary so a fresh clone builds and runs without a database.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

/// How long any connection waits for a lock before SQLITE_BUSY. Only the writer writes, so
/// this covers the rare waits a WAL database still has (recovery after a crash, a checkpoint,
/// a `sqlite3` shell writing by hand); it is long so that no request fails with BUSY.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// Read connections: reads never block each other or the writer under WAL, and two cores
/// gain nothing from more.
pub const READ_CONNECTIONS: u32 = 4;

/// The grundy database: a pool of read connections plus a handle to the single writer task.
/// Cloning is cheap and every clone talks to the same writer.
#[derive(Clone)]
pub struct Db {
    /// Read-only connections (`query_only`) for loads and lists.
    pub(crate) pool: SqlitePool,
    /// The writer task's queue; bounded, so a write burst waits instead of growing memory.
    pub(crate) writer: mpsc::Sender<Job>,
    /// What the writer has done, for [`Db::write_stats`].
    pub(crate) counters: Arc<Counters>,
}

/// The pragmas in force on the writer connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriterSettings {
    /// `wal`.
    pub journal_mode: String,
    /// 2 = FULL: the WAL is synced at every commit.
    pub synchronous: i64,
    /// Foreign keys enforced.
    pub foreign_keys: bool,
    /// Lock wait in milliseconds.
    pub busy_timeout_ms: i64,
    /// 2 = MEMORY: statement journals and sorts never go to temporary files.
    pub temp_store: i64,
}

/// Prepared statements the writer keeps: one shape per group size, and the rest.
const WRITER_STATEMENTS: usize = 4 * super::moves_batch::MAX_MOVES;

impl Db {
    /// Creates the file if missing, WAL journal, synchronous=FULL, foreign keys on, a busy
    /// timeout, applies migrations.
    pub async fn open(path: &Path) -> Result<Db, DbError> {
        let base = SqliteConnectOptions::new()
            .filename(path)
            .foreign_keys(true)
            .synchronous(SqliteSynchronous::Full)
            // A statement's undo records (and any sort) stay in memory: by default SQLite
            // spills them to a temporary file past 64 KiB, a file created, written and deleted
            // within one transaction.
            .pragma("temp_store", "MEMORY")
            .busy_timeout(BUSY_TIMEOUT);
        let mut conn: SqliteConnection = base
            .clone()
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // Groups of moves use one statement shape per row count (moves_batch.rs).
            .statement_cache_capacity(WRITER_STATEMENTS)
            // Checkpoints run beside the writer, not in its commits (checkpointer.rs).
            .pragma("wal_autocheckpoint", "0")
            .connect()
            .await?;
        MIGRATOR.run(&mut conn).await?;
        // Readers never set the journal mode (changing it needs an exclusive lock) and refuse
        // to write, so every write is sure to go through the writer's batches.
        let pool = SqlitePoolOptions::new()
            .max_connections(READ_CONNECTIONS)
            .connect_with(base.clone().pragma("query_only", "ON"))
            .await?;
        let counters = Arc::new(Counters::default());
        let writer = writer::spawn(conn, Arc::clone(&counters));
        checkpointer::spawn(base, writer.downgrade(), Arc::clone(&counters)).await?;
        let db = Db {
            pool,
            writer,
            counters,
        };
        let s = db.writer_settings().await?;
        if s.journal_mode != "wal" {
            // SQLite keeps the old mode where the file system cannot share memory (network
            // file systems): still durable, but readers and the writer then block each other.
            tracing::warn!(journal_mode = %s.journal_mode, "database is not in WAL mode");
        }
        tracing::info!(
            path = %path.display(),
            journal_mode = %s.journal_mode,
            synchronous = s.synchronous,
            "database open"
        );
        Ok(db)
    }

    /// Waits until every queued write is committed, then stops the writer (for shutdown).
    /// Reads through any clone fail afterwards, and so do writes (with
    /// [`DbError::WriterGone`]). The writer's connection closes last, which lets SQLite fold
    /// the WAL back into the database file.
    pub async fn close(self) {
        self.pool.close().await;
        let (reply, done) = oneshot::channel();
        if self.writer.send(Job::Shutdown { reply }).await.is_ok() {
            let _ = done.await;
        }
    }
}
