//! The analysis file: the solved tables in an SQLite file of their own beside the games file
//! (`grundy.db` → `grundy.analysis.db`), so that a backup of the games is small. It has its
//! own embedded migrations (`migrations/analysis/`, which `sqlx::migrate!("../migrations")`
//! does not read: it skips what is not a file), and every connection of the games database
//! attaches it as schema [`SCHEMA`], so unqualified names (`corner_values`, the view `corner`,
//! …) resolve to it: the games file has no table of those names.
//!
//! Its durability is relaxed on purpose: WAL with `synchronous=NORMAL`. A power cut may lose
//! the last set stored, never corrupt the file, and a set lost (or the whole file) is computed
//! again at the next start. The games file keeps `synchronous=FULL`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};
use sqlx::{ConnectOptions, Connection, SqliteConnection};

use super::error::DbError;

/// The schema name of the analysis file on every connection of the games database.
pub const SCHEMA: &str = "analysis";

/// The analysis file's schema, compiled into the binary like the games file's.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/analysis");

/// The analysis file beside the games file `games`: its extension replaced by
/// `.analysis.db` (`grundy.db` → `grundy.analysis.db`), or that appended when it has none.
pub fn default_analysis_path(games: &Path) -> PathBuf {
    games.with_extension("analysis.db")
}

/// The path as SQL text for `ATTACH`; refused when it is not UTF-8 or is the games file.
pub(crate) fn attach_name(games: &Path, analysis: &Path) -> Result<String, DbError> {
    if games == analysis {
        return Err(DbError::Path(format!(
            "the analysis file cannot be the games file {}",
            games.display()
        )));
    }
    let text = analysis.to_str().ok_or_else(|| {
        DbError::Path(format!(
            "the analysis file name {} is not UTF-8",
            analysis.display()
        ))
    })?;
    if text.starts_with("file:") {
        // SQLite would read it as a URI.
        return Err(DbError::Path(format!(
            "the analysis file name {text} starts with file:; write ./{text}"
        )));
    }
    Ok(text.to_owned())
}

/// Creates the analysis file if missing, in WAL mode, and applies its migrations, on a
/// connection of its own (the migrations' bookkeeping table `_sqlx_migrations` is then the
/// analysis file's own, not the games file's), which waits `busy_timeout` for a lock.
pub(crate) async fn prepare(path: &Path, busy_timeout: Duration) -> Result<(), DbError> {
    let mut conn = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .foreign_keys(true)
        .busy_timeout(busy_timeout)
        .connect()
        .await?;
    MIGRATOR.run(&mut conn).await?;
    conn.close().await?;
    Ok(())
}

/// Attaches the analysis file `name` (from [`attach_name`]) as [`SCHEMA`] on `conn`, with
/// `synchronous=NORMAL` for it (the pragma is per connection and per schema).
pub(crate) async fn attach(conn: &mut SqliteConnection, name: &str) -> Result<(), sqlx::Error> {
    sqlx::query("ATTACH DATABASE ? AS analysis")
        .bind(name)
        .execute(&mut *conn)
        .await?;
    sqlx::query("PRAGMA analysis.synchronous = NORMAL")
        .execute(&mut *conn)
        .await?;
    Ok(())
}
