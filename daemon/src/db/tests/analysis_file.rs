//! The analysis file: created beside the games file (or where asked), holding every analysis
//! table and view, none of which is left in the games file.

use std::path::Path;

use sqlx::ConnectOptions;

use super::fresh;
use crate::db::{default_analysis_path, Db, DbError};

/// The analysis tables and views, as the migrations name them.
pub(super) const ANALYSIS_OBJECTS: [&str; 8] = [
    "analysis_sets",
    "corner_pieces",
    "corner_values",
    "chocolate_values",
    "lgame_classes",
    "lgame_positions",
    "corner",
    "lgame",
];

/// The names of the tables and views in the games file (schema `main`) of `db`.
pub(super) async fn games_objects(db: &Db) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT name FROM main.sqlite_master WHERE type IN ('table', 'view') ORDER BY name",
    )
    .fetch_all(&db.pool)
    .await
    .expect("games file objects")
}

/// The names of the tables and views of an SQLite file, read by a connection of its own.
async fn file_objects(path: &Path) -> Vec<String> {
    let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .connect()
        .await
        .expect("open the file");
    sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
        .fetch_all(&mut conn)
        .await
        .expect("file objects")
}

#[test]
fn the_analysis_file_is_named_after_the_games_file() {
    let named = |p: &str| default_analysis_path(Path::new(p));
    assert_eq!(named("grundy.db"), Path::new("grundy.analysis.db"));
    assert_eq!(
        named("/srv/class/games.sqlite3"),
        Path::new("/srv/class/games.analysis.db")
    );
    assert_eq!(named("data/grundy"), Path::new("data/grundy.analysis.db"));
}

#[tokio::test]
async fn a_fresh_start_creates_both_files_and_the_games_file_has_no_analysis_table() {
    let (dir, path, db) = fresh().await;
    let analysis = dir.path().join("grundy.analysis.db");
    assert!(path.exists() && analysis.exists());
    let games = games_objects(&db).await;
    for name in ANALYSIS_OBJECTS {
        assert!(
            !games.contains(&name.to_owned()),
            "{name} in the games file: {games:?}"
        );
    }
    // Unqualified names answer from the analysis file.
    let pieces: i64 = sqlx::query_scalar("SELECT count(*) FROM corner_pieces")
        .fetch_one(&db.pool)
        .await
        .expect("pieces");
    assert_eq!(pieces, 4);
    db.close().await;
    // Closed with the writer last: both logs folded in and deleted.
    for left in ["grundy.db-wal", "grundy.db-shm", "grundy.analysis.db-wal"] {
        assert!(!dir.path().join(left).exists(), "{left} left behind");
    }
    assert!(!dir.path().join("grundy.analysis.db-shm").exists());
    let stored = file_objects(&analysis).await;
    for name in ANALYSIS_OBJECTS {
        assert!(
            stored.contains(&name.to_owned()),
            "{name} missing: {stored:?}"
        );
    }
    assert!(!stored.contains(&"matches".to_owned()), "{stored:?}");
}

#[tokio::test]
async fn the_analysis_file_can_be_put_elsewhere_but_not_on_the_games_file() {
    let dir = tempfile::TempDir::new().expect("temp dir");
    let games = dir.path().join("grundy.db");
    let analysis = dir.path().join("tables").join("solved.db");
    std::fs::create_dir(dir.path().join("tables")).expect("dir");
    let db = Db::open_with_analysis(&games, &analysis)
        .await
        .expect("open");
    db.close().await;
    assert!(analysis.exists());
    assert!(!default_analysis_path(&games).exists());
    assert!(file_objects(&analysis)
        .await
        .contains(&"analysis_sets".to_owned()));

    let same = Db::open_with_analysis(&games, &games).await;
    assert!(
        matches!(same, Err(DbError::Path(_))),
        "the games file twice"
    );
}
