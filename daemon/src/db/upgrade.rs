//! Upgrading a games file of the old layout, which held the analysis tables itself (before
//! migration 20261123000002 moved them to the analysis file and dropped them from it).
//!
//! Before the games migrations run, the old tables' rows are copied into the analysis file
//! when that file has no set yet, so an upgrade does not compute the tables again (their
//! checksums are still verified at load). After the migrations dropped them, the freed pages
//! are given back with one `VACUUM`: run from here rather than from a `-- no-transaction`
//! migration, so that it runs only when there is space worth giving back (a fresh database
//! has none) and also catches an upgrade interrupted between the drop and the vacuum.

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, SqliteConnection};

use super::analysis_file;
use super::error::DbError;

/// The moved tables, in an order that keeps foreign keys satisfied (`corner_pieces` is not
/// copied: its migration fills it with the same rows).
const MOVED: [&str; 5] = [
    "corner_values",
    "chocolate_values",
    "lgame_classes",
    "lgame_positions",
    "analysis_sets",
];

/// Free pages at least (1 MiB of 4 KiB pages) for a `VACUUM` to be worth its time when no
/// old table was just dropped.
const MIN_FREE_PAGES: i64 = 256;

/// Whether the games file still holds the analysis tables (the old layout).
pub(crate) async fn has_old_tables(conn: &mut SqliteConnection) -> Result<bool, DbError> {
    let n: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM main.sqlite_master WHERE type = 'table' AND name = 'analysis_sets'",
    )
    .fetch_one(&mut *conn)
    .await?;
    Ok(n > 0)
}

/// Copies the old tables of the games file (opened with `games`) into the analysis file
/// `name` if that has no set; returns the number of sets copied. One transaction: the
/// analysis file gets all of them or none. On a connection of its own, whose statements are
/// not logged: copying a million rows is one statement well past sqlx's "slow statement"
/// warning, and expected to be.
pub(crate) async fn copy_old_tables(
    games: &SqliteConnectOptions,
    name: &str,
) -> Result<u64, DbError> {
    let mut conn = games.clone().disable_statement_logging().connect().await?;
    analysis_file::attach(&mut conn, name).await?;
    let copied = copy_attached(&mut conn).await;
    conn.close().await?;
    copied
}

async fn copy_attached(conn: &mut SqliteConnection) -> Result<u64, DbError> {
    let present: i64 = sqlx::query_scalar("SELECT count(*) FROM analysis.analysis_sets")
        .fetch_one(&mut *conn)
        .await?;
    if present > 0 {
        tracing::info!("the analysis file has its own tables: the old ones are not copied");
        return Ok(0);
    }
    sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
    match copy_tables(conn).await {
        Ok(sets) => {
            sqlx::query("COMMIT").execute(&mut *conn).await?;
            tracing::info!(sets, "analysis tables copied from the games file");
            Ok(sets)
        }
        Err(e) => {
            if let Err(undo) = sqlx::query("ROLLBACK").execute(&mut *conn).await {
                tracing::warn!(error = %undo, "rollback of the analysis copy failed");
            }
            Err(e)
        }
    }
}

async fn copy_tables(conn: &mut SqliteConnection) -> Result<u64, DbError> {
    // Values without a set row are left over from nothing this code writes; clear them.
    for table in MOVED.iter().rev() {
        sqlx::query(&format!("DELETE FROM analysis.{table}"))
            .execute(&mut *conn)
            .await?;
    }
    let mut sets = 0;
    for table in MOVED {
        // `SELECT *` into an empty table of the same definition (the analysis file's migration
        // repeats the old one's statements, column for column): SQLite then copies the
        // records without decoding them (its transfer optimisation), a third faster than
        // naming the columns, and packs the pages full (a tenth smaller file).
        let done = sqlx::query(&format!(
            "INSERT INTO analysis.{table} SELECT * FROM main.{table}"
        ))
        .execute(&mut *conn)
        .await?;
        sets = done.rows_affected();
    }
    Ok(sets)
}

/// After the migrations: `VACUUM` the games file when the old tables were just dropped and
/// left free pages, or when a quarter of it (and at least [`MIN_FREE_PAGES`]) is free (an
/// upgrade stopped before its vacuum), then empty the WAL the vacuum wrote. Returns whether
/// it vacuumed.
pub(crate) async fn give_back_space(
    conn: &mut SqliteConnection,
    dropped: bool,
) -> Result<bool, DbError> {
    let free: i64 = sqlx::query_scalar("PRAGMA main.freelist_count")
        .fetch_one(&mut *conn)
        .await?;
    let pages: i64 = sqlx::query_scalar("PRAGMA main.page_count")
        .fetch_one(&mut *conn)
        .await?;
    let worth = if dropped {
        free > 0
    } else {
        free >= MIN_FREE_PAGES && free * 4 >= pages
    };
    if !worth {
        return Ok(false);
    }
    let started = std::time::Instant::now();
    sqlx::query("VACUUM main").execute(&mut *conn).await?;
    sqlx::query("PRAGMA main.wal_checkpoint(TRUNCATE)")
        .execute(&mut *conn)
        .await?;
    tracing::info!(
        free_pages = free,
        pages,
        elapsed = ?started.elapsed(),
        "games file compacted"
    );
    Ok(true)
}
