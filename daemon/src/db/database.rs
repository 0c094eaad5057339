//! The database handle: opening and closing it (the connection settings that make writes
//! durable, the embedded migrations, the analysis file attached to every connection, the read
//! pool and the writer task), and what it tells about itself and its writer. The reads and
//! writes of each table are in the file of that table (`players.rs`, `matches.rs`, …), the
//! analysis file in `analysis_file.rs`.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{ConnectOptions, Row, SqliteConnection};

use super::analysis_file::{self, default_analysis_path};
use super::checkpointer;
use super::error::DbError;
use super::skeletons;
use super::upgrade;
use super::writer::{self, WriteStats, Writer};

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
    /// The single writer task, through which every write goes.
    pub(crate) writer: Writer,
    /// The background checkpointer, stopped before the writer.
    checkpointer: checkpointer::Stopper,
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
    /// The analysis file's journal mode: `wal`.
    pub analysis_journal_mode: String,
    /// The analysis file's synchronous level: 1 = NORMAL (its tables are recomputed if lost).
    pub analysis_synchronous: i64,
}

/// Prepared statements the writer keeps: one shape per group size, and the rest.
const WRITER_STATEMENTS: usize = 4 * super::moves_batch::MAX_MOVES;

impl Db {
    /// [`Db::open_with_analysis`] with the analysis file beside `path`
    /// ([`default_analysis_path`]: `grundy.db` → `grundy.analysis.db`).
    pub async fn open(path: &Path) -> Result<Db, DbError> {
        Db::open_with_analysis(path, &default_analysis_path(path)).await
    }

    /// Opens the games file `path` and the analysis file `analysis`, creating each if
    /// missing and applying its migrations: the games file with a WAL journal,
    /// synchronous=FULL, foreign keys on and a busy timeout; the analysis file in WAL mode
    /// with synchronous=NORMAL, attached to every connection as schema `analysis`. A games
    /// file of the old layout (analysis tables inside) gives its tables to an analysis file
    /// that has none, drops them and is compacted (`upgrade.rs`); names without a skeleton
    /// get one (`skeletons.rs`).
    pub async fn open_with_analysis(path: &Path, analysis: &Path) -> Result<Db, DbError> {
        Db::open_files(path, analysis).await.map_err(|e| {
            if e.is_read_only() {
                DbError::ReadOnly(format!("{} (or {})", path.display(), analysis.display()))
            } else {
                e
            }
        })
    }

    async fn open_files(path: &Path, analysis: &Path) -> Result<Db, DbError> {
        let analysis_name = analysis_file::attach_name(path, analysis)?;
        analysis_file::prepare(analysis, BUSY_TIMEOUT).await?;
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
        writable(&mut conn, path).await?;
        // The migrations run with the games file alone, as they always did.
        let old_layout = upgrade::has_old_tables(&mut conn).await?;
        if old_layout {
            upgrade::copy_old_tables(&base, &analysis_name).await?;
        }
        MIGRATOR.run(&mut conn).await?;
        skeletons::fill(&mut conn).await?;
        upgrade::give_back_space(&mut conn, old_layout).await?;
        analysis_file::attach(&mut conn, &analysis_name).await?;
        // Readers never set the journal mode (changing it needs an exclusive lock) and refuse
        // to write, so every write is sure to go through the writer's batches.
        let reader_attach = analysis_name.clone();
        let pool = SqlitePoolOptions::new()
            .max_connections(READ_CONNECTIONS)
            .after_connect(move |conn, _| {
                let name = reader_attach.clone();
                Box::pin(async move { analysis_file::attach(conn, &name).await })
            })
            .connect_with(base.clone().pragma("query_only", "ON"))
            .await?;
        let writer = writer::spawn(conn);
        let checkpointer = checkpointer::spawn(
            base,
            analysis_name,
            writer.downgrade(),
            Arc::clone(writer.counters()),
        )
        .await?;
        let db = Db {
            pool,
            writer,
            checkpointer,
        };
        let s = db.writer_settings().await?;
        if s.journal_mode != "wal" {
            // SQLite keeps the old mode where the file system cannot share memory (network
            // file systems): still durable, but readers and the writer then block each other.
            tracing::warn!(journal_mode = %s.journal_mode, "database is not in WAL mode");
        }
        tracing::info!(
            path = %path.display(),
            analysis = %analysis.display(),
            journal_mode = %s.journal_mode,
            synchronous = s.synchronous,
            analysis_journal_mode = %s.analysis_journal_mode,
            "database open"
        );
        Ok(db)
    }

    /// Waits until every queued write is committed, then stops the writer (for shutdown).
    /// Reads through any clone fail afterwards, and so do writes (with
    /// [`DbError::WriterGone`]). The writer's connection closes last, which lets SQLite fold
    /// each WAL back into its database file and delete it.
    pub async fn close(self) {
        // sqlx's `Pool::close` may return with a reader still open (sqlx#3217): a connection
        // is given back to the pool by a task of its own, which can put it among the idle ones
        // after `close` has closed those. Closing again closes it (a reader still in use is
        // waited for by `close` itself); `BUSY_TIMEOUT` bounds the rounds.
        let patience = tokio::time::Instant::now() + BUSY_TIMEOUT;
        loop {
            self.pool.close().await;
            if self.pool.size() == 0 {
                break;
            }
            if tokio::time::Instant::now() > patience {
                tracing::warn!(
                    open = self.pool.size(),
                    "readers still open at shutdown: the WAL stays beside the database"
                );
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        self.checkpointer.stop().await;
        self.writer.shutdown().await;
    }

    /// PRAGMA wal_checkpoint(TRUNCATE) of the games file, then of the analysis file, for a
    /// clean shutdown or after storing tables. Runs on the writer between transactions; a
    /// reader holding an old snapshot makes it partial, which is logged, not an error (the
    /// WAL is durable either way).
    pub async fn checkpoint(&self) -> Result<(), DbError> {
        self.writer.alone(|conn| Box::pin(checkpoint(conn))).await
    }

    /// The journal mode, synchronous level, foreign-key switch and busy timeout in force on
    /// the writer connection, for a start-up log line and for tests.
    pub async fn writer_settings(&self) -> Result<WriterSettings, DbError> {
        self.writer.alone(|conn| Box::pin(settings(conn))).await
    }

    /// How the writer has batched so far.
    pub fn write_stats(&self) -> WriteStats {
        self.writer.stats()
    }

    /// This server's id, made when the database was created.
    pub async fn server_id(&self) -> Result<String, DbError> {
        let id = sqlx::query_scalar("SELECT id FROM server_identity LIMIT 1")
            .fetch_one(&self.pool)
            .await?;
        Ok(id)
    }

    /// SQLite's own check of the whole file: `ok`, or the problems it found.
    pub async fn integrity_check(&self) -> Result<String, DbError> {
        let lines: Vec<String> = sqlx::query_scalar("PRAGMA integrity_check")
            .fetch_all(&self.pool)
            .await?;
        Ok(lines.join("\n"))
    }
}

/// Whether the games file can be written: SQLite opens a file it may not write read-only,
/// and then every reads works and every write fails. A write to the header inside a
/// transaction that is rolled back tells, and changes nothing.
async fn writable(conn: &mut SqliteConnection, path: &Path) -> Result<(), DbError> {
    let version: i64 = sqlx::query_scalar("PRAGMA user_version")
        .fetch_one(&mut *conn)
        .await?;
    sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
    let written = sqlx::query(&format!("PRAGMA user_version = {version}"))
        .execute(&mut *conn)
        .await;
    sqlx::query("ROLLBACK").execute(&mut *conn).await?;
    written.map(drop).map_err(|e| {
        let e = DbError::from(e);
        if e.is_read_only() {
            DbError::ReadOnly(path.display().to_string())
        } else {
            e
        }
    })
}

/// Moves the WAL of each file into it and truncates it.
async fn checkpoint(conn: &mut SqliteConnection) -> Result<(), DbError> {
    for schema in ["main", analysis_file::SCHEMA] {
        let row = sqlx::query(&format!("PRAGMA {schema}.wal_checkpoint(TRUNCATE)"))
            .fetch_one(&mut *conn)
            .await?;
        let busy: i64 = row.try_get(0)?;
        let log: i64 = row.try_get(1)?;
        let moved: i64 = row.try_get(2)?;
        if busy != 0 {
            tracing::warn!(
                schema,
                log,
                moved,
                "WAL checkpoint partial: readers still active"
            );
        } else {
            tracing::debug!(schema, log, moved, "WAL checkpoint done");
        }
    }
    Ok(())
}

/// Reads the pragmas that make writes durable, safe and free of temporary files.
async fn settings(conn: &mut SqliteConnection) -> Result<WriterSettings, DbError> {
    async fn pragma<T>(conn: &mut SqliteConnection, sql: &str) -> Result<T, DbError>
    where
        T: for<'r> sqlx::Decode<'r, sqlx::Sqlite> + sqlx::Type<sqlx::Sqlite> + Send + Unpin,
    {
        let row = sqlx::query(sql).fetch_one(&mut *conn).await?;
        Ok(row.try_get(0)?)
    }
    Ok(WriterSettings {
        journal_mode: pragma(conn, "PRAGMA journal_mode").await?,
        synchronous: pragma(conn, "PRAGMA synchronous").await?,
        foreign_keys: pragma::<i64>(conn, "PRAGMA foreign_keys").await? != 0,
        busy_timeout_ms: pragma(conn, "PRAGMA busy_timeout").await?,
        temp_store: pragma(conn, "PRAGMA temp_store").await?,
        analysis_journal_mode: pragma(conn, "PRAGMA analysis.journal_mode").await?,
        analysis_synchronous: pragma(conn, "PRAGMA analysis.synchronous").await?,
    })
}
