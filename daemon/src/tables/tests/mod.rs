//! Tests of the analysis database against real SQLite files in a temporary directory, with
//! every stored value checked against brute force written here (the engine's legal moves
//! and a plain mex / remoteness recursion, not its solvers).

mod brute;
pub(crate) mod docs;
mod load;
mod precompute;

use std::path::PathBuf;

use tempfile::TempDir;

use super::{ensure, Loaded, Progress, Sizes, Stamp};
use crate::db::Db;

/// Small sizes, so that a test precomputes in a fraction of a second.
const SMALL: Sizes = Sizes { board: 64, bar: 64 };

/// A database in a fresh directory; keep the directory alive as long as the database.
async fn fresh() -> (TempDir, PathBuf, Db) {
    let dir = TempDir::new().expect("temp dir");
    let path = dir.path().join("grundy.db");
    let db = Db::open(&path).await.expect("open");
    (dir, path, db)
}

/// [`ensure`] with `sizes`, this build's stamp and no progress bar.
async fn run(db: &Db, sizes: Sizes) -> Loaded {
    run_as(db, sizes, &Stamp::current()).await
}

/// [`ensure`] as the build `stamp`.
async fn run_as(db: &Db, sizes: Sizes, stamp: &Stamp) -> Loaded {
    ensure(db, sizes, stamp, &Progress::hidden())
        .await
        .expect("ensure the analysis tables")
}

/// A second connection to a file of the database that may write, as a person's `sqlite3`
/// would.
async fn by_hand(path: &std::path::Path) -> sqlx::SqliteConnection {
    use sqlx::ConnectOptions;
    sqlx::sqlite::SqliteConnectOptions::new()
        .filename(path)
        .busy_timeout(crate::db::BUSY_TIMEOUT)
        .connect()
        .await
        .expect("a second connection")
}
