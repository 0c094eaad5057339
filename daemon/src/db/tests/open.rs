//! Opening: file creation, durable settings, migrations, read-only readers.

use super::{count, fresh};
use crate::db::{Db, BUSY_TIMEOUT};

#[tokio::test]
async fn open_creates_the_file_with_wal_and_full_sync() {
    let dir = tempfile::TempDir::new().expect("temp dir");
    let path = dir.path().join("sub.db");
    assert!(!path.exists());
    let db = Db::open(&path).await.expect("open");
    assert!(path.exists());
    let s = db.writer_settings().await.expect("settings");
    assert_eq!(s.journal_mode, "wal");
    assert_eq!(s.synchronous, 2, "synchronous=FULL");
    assert!(s.foreign_keys);
    assert_eq!(s.busy_timeout_ms, BUSY_TIMEOUT.as_millis() as i64);
    assert_eq!(s.temp_store, 2, "temp_store=MEMORY");
    assert_eq!(s.analysis_journal_mode, "wal");
    assert_eq!(
        s.analysis_synchronous, 1,
        "synchronous=NORMAL for the analysis file"
    );
    db.close().await;
}

#[tokio::test]
async fn migrations_apply_once_and_reopening_is_fine() {
    let (_dir, path, db) = fresh().await;
    let tables: Vec<String> =
        sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .fetch_all(&db.pool)
            .await
            .expect("tables");
    for t in ["matches", "moves", "players", "_sqlx_migrations"] {
        assert!(tables.iter().any(|n| n == t), "{t} missing from {tables:?}");
    }
    // A second handle while the first is open, then a reopen after close: the migrations
    // (matches, analysis, imports, import fingerprints, the server's id, the analysis tables
    // moved out, names indexed without letter case, sums and misère play, rooms, tournaments,
    // name skeletons, exam mode, names checked by the server, grades' reasons as messages, a
    // room's language, defined pieces, heap rules, chocolate edges) are applied once.
    let again = Db::open(&path).await.expect("open twice");
    assert_eq!(
        count(&again, "SELECT COUNT(*) FROM _sqlx_migrations").await,
        18
    );
    again.close().await;
    db.close().await;
    let db = Db::open(&path).await.expect("reopen");
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM _sqlx_migrations").await,
        18
    );
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM analysis._sqlx_migrations").await,
        1
    );
    db.close().await;
}

#[tokio::test]
async fn readers_cannot_write() {
    let (_dir, _path, db) = fresh().await;
    let direct =
        sqlx::query("INSERT INTO players (name, token_hash, created_at) VALUES ('x', x'00', 0)")
            .execute(&db.pool)
            .await;
    assert!(direct.is_err(), "the read pool must be query_only");
    let analysis = sqlx::query("DELETE FROM analysis.corner_pieces")
        .execute(&db.pool)
        .await;
    assert!(
        analysis.is_err(),
        "query_only holds for the analysis file too"
    );
    db.close().await;
}
