//! Precompute on a fresh file stores exactly the brute-force values; later runs write
//! nothing unless a set is stale, too small or damaged.

use std::collections::{HashMap, HashSet};

use engine::corner::Piece;
use engine::lgame::{self, Symmetry};
use engine::Outcome;
use sqlx::Row;

use super::{brute, by_hand, fresh, run, run_as, SMALL};
use crate::db::{Db, SetRecord};
use crate::tables::{ensure, Progress, SetAction, SetId, Sizes, Stamp, TablesError, MAX_BAR};

/// The records by name.
async fn records(db: &Db) -> HashMap<String, SetRecord> {
    let sets = db.stored_sets().await.expect("stored sets");
    sets.into_iter().map(|r| (r.name.clone(), r)).collect()
}

/// Checks every stored corner value against brute force on an n×n board.
async fn check_corner(db: &Db, piece: Piece, n: u64) {
    let expected = brute::corner(piece, n);
    let sql = "SELECT x, y, grundy, remoteness FROM corner_values WHERE piece = ? ORDER BY x, y";
    let rows = sqlx::query(sql)
        .bind(crate::db::piece_id(piece))
        .fetch_all(&db.pool)
        .await
        .expect("corner rows");
    assert_eq!(rows.len() as u64, n * (n + 1) / 2, "{piece}");
    for row in &rows {
        let [x, y, g, r]: [i64; 4] = std::array::from_fn(|i| row.get(i));
        assert!(x <= y);
        let want = expected[x as usize][y as usize];
        assert_eq!((g as u64, r as u64), want, "{piece} {x},{y}");
    }
    // The view shows the whole square, mirrored.
    let sql = "SELECT x, y, grundy, remoteness FROM corner WHERE game = ?";
    let rows = sqlx::query(sql)
        .bind(piece.name())
        .fetch_all(&db.pool)
        .await
        .expect("corner view");
    assert_eq!(rows.len() as u64, n * n, "{piece}");
    for row in &rows {
        let [x, y, g, r]: [i64; 4] = std::array::from_fn(|i| row.get(i));
        assert_eq!((g as u64, r as u64), expected[x as usize][y as usize]);
    }
}

/// Checks every stored G(y, z) of step `k` against brute force.
async fn check_chocolate(db: &Db, k: u32, z_max: u64) {
    let expected = brute::staircase(k, z_max);
    let rows = sqlx::query("SELECT y, z, grundy FROM chocolate_values WHERE k = ?")
        .bind(k)
        .fetch_all(&db.pool)
        .await
        .expect("chocolate rows");
    let stored: HashMap<(u64, u64), u64> = rows
        .iter()
        .map(|row| {
            let [y, z, g]: [i64; 3] = std::array::from_fn(|i| row.get(i));
            ((y as u64, z as u64), g as u64)
        })
        .collect();
    assert_eq!(stored.len(), rows.len());
    assert_eq!(stored, expected, "k = {k}");
}

/// Checks the L-game rows against the brute-force fixed point and the symmetries.
async fn check_lgame(db: &Db) {
    let expected = brute::lgame();
    let rows = sqlx::query("SELECT fen, canonical, outcome, depth FROM lgame")
        .fetch_all(&db.pool)
        .await
        .expect("lgame rows");
    assert_eq!(rows.len(), lgame::POSITIONS);
    assert_eq!(rows.len(), 18368);
    let mut canonicals = HashSet::new();
    let fens: HashSet<String> = rows.iter().map(|r| r.get("fen")).collect();
    for row in &rows {
        let fen: String = row.get("fen");
        let canonical: String = row.get("canonical");
        let outcome: String = row.get("outcome");
        let depth: Option<i64> = row.get("depth");
        let got = (
            Outcome::parse(&outcome).expect("an outcome"),
            depth.map(|d| d as u64),
        );
        assert_eq!(got, expected[&fen], "{fen}");
        // The canonical form is a stored position related to this one by a symmetry.
        let p = lgame::Position::parse(&fen).expect("a position");
        let c = lgame::Position::parse(&canonical).expect("a canonical position");
        assert!(Symmetry::ALL.iter().any(|&s| p.transform(s) == c), "{fen}");
        assert!(fens.contains(&canonical));
        canonicals.insert(canonical);
    }
    assert_eq!(canonicals.len(), 2296);
    let counts = sqlx::query("SELECT outcome, count(*) FROM lgame_classes GROUP BY outcome")
        .fetch_all(&db.pool)
        .await
        .expect("class counts");
    let counts: HashMap<String, i64> = counts.iter().map(|r| (r.get(0), r.get(1))).collect();
    assert_eq!(counts["win"], 1006);
    assert_eq!(counts["loss"], 29);
    assert_eq!(counts["draw"], 1261);
}

#[tokio::test]
async fn a_fresh_precompute_stores_exactly_the_brute_force_values() {
    let (_dir, _path, db) = fresh().await;
    let loaded = run(&db, SMALL).await;
    assert_eq!(loaded.report.computed(), 12);
    assert!(loaded
        .report
        .sets
        .iter()
        .all(|s| s.action == SetAction::Missing));
    for piece in Piece::ALL {
        check_corner(&db, piece, SMALL.board).await;
    }
    for k in 0..=6 {
        check_chocolate(&db, k, SMALL.bar).await;
    }
    check_lgame(&db).await;

    let records = records(&db).await;
    assert_eq!(records.len(), 12);
    let stamp = Stamp::current();
    for (id, bound) in SMALL.sets() {
        let r = &records[&id.name()];
        assert_eq!(r.game, id.game());
        assert_eq!(r.k, id.k());
        assert_eq!(r.bound, bound);
        assert_eq!(r.row_count, id.rows(bound));
        assert_eq!(r.engine_version, engine::ENGINE_TABLES_VERSION);
        assert_eq!(r.crate_version, stamp.crate_version);
        assert!(r.computed_at > 1_700_000_000_000, "{}", r.computed_at);
        assert_eq!(r.checksum.len(), 64);
        assert!(r.checksum.bytes().all(|b| b.is_ascii_hexdigit()));
    }
    // The tables handed over are the ones stored.
    assert_eq!(loaded.corner.len(), 4);
    assert_eq!(loaded.chocolate.len(), 7);
    assert!(loaded.lgame.is_some());
}

#[tokio::test]
async fn a_second_run_writes_nothing() {
    let (_dir, _path, db) = fresh().await;
    run(&db, SMALL).await;
    let before = records(&db).await;
    let again = run(&db, SMALL).await;
    assert_eq!(again.report.computed(), 0);
    assert!(again
        .report
        .sets
        .iter()
        .all(|s| s.action == SetAction::Loaded));
    assert_eq!(
        records(&db).await,
        before,
        "timestamps and checksums unchanged"
    );
    assert_eq!(again.corner.len(), 4);
    assert_eq!(again.chocolate.len(), 7);
}

#[tokio::test]
async fn another_engine_version_recomputes_every_set() {
    let (_dir, _path, db) = fresh().await;
    run(&db, SMALL).await;
    let before = records(&db).await;
    let current = Stamp::current();
    let next = Stamp {
        engine_version: current.engine_version + 1,
        ..current.clone()
    };
    let report = run_as(&db, SMALL, &next).await.report;
    assert_eq!(report.computed(), 12);
    for s in &report.sets {
        assert_eq!(s.action, SetAction::OtherEngine(current.engine_version));
    }
    let after = records(&db).await;
    for (name, r) in &after {
        assert_eq!(r.engine_version, next.engine_version);
        assert!(r.computed_at >= before[name].computed_at);
        // Same solvers here, so the same values.
        assert_eq!(r.checksum, before[name].checksum);
    }
    // Back to this build: stale again.
    let report = run_as(&db, SMALL, &current).await.report;
    assert!(report
        .sets
        .iter()
        .all(|s| s.action == SetAction::OtherEngine(next.engine_version)));
    assert_eq!(run(&db, SMALL).await.report.computed(), 0);
}

#[tokio::test]
async fn a_changed_value_fails_its_checksum_and_the_set_is_computed_again() {
    let (_dir, path, db) = fresh().await;
    run(&db, SMALL).await;
    let before = records(&db).await;
    let mut conn = by_hand(&crate::db::default_analysis_path(&path)).await;
    for sql in [
        "UPDATE corner_values SET grundy = grundy + 1 WHERE piece = 0 AND x = 3 AND y = 5",
        "UPDATE chocolate_values SET grundy = grundy + 1 WHERE k = 1 AND y = 2 AND z = 7",
        "UPDATE lgame_classes SET depth = depth + 1 WHERE class = \
         (SELECT min(class) FROM lgame_classes WHERE outcome = 'win')",
        // A square moved off the board: the values are the same, the keys are not.
        "UPDATE corner_values SET y = 1000 WHERE piece = 2 AND x = 63 AND y = 63",
    ] {
        let done = sqlx::query(sql).execute(&mut conn).await.expect(sql);
        assert_eq!(done.rows_affected(), 1, "{sql}");
    }
    drop(conn);
    let loaded = run(&db, SMALL).await;
    let damaged: Vec<String> = loaded
        .report
        .sets
        .iter()
        .filter(|s| matches!(s.action, SetAction::Damaged(_)))
        .map(|s| s.id.name())
        .collect();
    assert_eq!(damaged, ["lgame", "queen", "horse", "chocolate k=1"]);
    assert_eq!(loaded.report.computed(), 4);
    let after = records(&db).await;
    for (name, r) in &after {
        // Computed again from the solvers: the checksum of the original values.
        assert_eq!(r.checksum, before[name].checksum, "{name}");
        if !damaged.contains(name) {
            assert_eq!(r, &before[name], "{name} untouched");
        }
    }
    check_corner(&db, Piece::Queen, SMALL.board).await;
    check_corner(&db, Piece::Horse, SMALL.board).await;
    check_chocolate(&db, 1, SMALL.bar).await;
    check_lgame(&db).await;
    assert_eq!(run(&db, SMALL).await.report.computed(), 0);
}

#[tokio::test]
async fn smaller_sets_are_grown_and_larger_ones_kept() {
    let (_dir, _path, db) = fresh().await;
    run(&db, Sizes { board: 16, bar: 10 }).await;
    let grown = run(&db, SMALL).await;
    for s in &grown.report.sets {
        let want = match s.id {
            SetId::LGame => SetAction::Loaded,
            SetId::Corner(_) => SetAction::TooSmall(16),
            SetId::Chocolate(_) => SetAction::TooSmall(10),
        };
        assert_eq!(s.action, want, "{}", s.id.name());
    }
    check_corner(&db, Piece::Dragon, SMALL.board).await;
    check_chocolate(&db, 3, SMALL.bar).await;
    let kept = run(&db, Sizes { board: 8, bar: 8 }).await;
    assert_eq!(kept.report.computed(), 0);
    assert!(kept.corner.iter().all(|t| t.size() == SMALL.board));
    assert!(kept.chocolate.iter().all(|t| t.z_max() == SMALL.bar));
    assert!(kept.report.sets.iter().all(|s| s.bound >= 64));
}

#[tokio::test]
async fn sizes_no_solver_takes_are_refused_before_anything_is_written() {
    let (_dir, _path, db) = fresh().await;
    for sizes in [
        Sizes { board: 0, bar: 8 },
        Sizes {
            board: engine::corner::MAX_TABLE + 1,
            bar: 8,
        },
        Sizes {
            board: 8,
            bar: 6000,
        },
    ] {
        let e = ensure(&db, sizes, &Stamp::current(), &Progress::hidden()).await;
        assert!(matches!(e, Err(TablesError::Sizes(_))), "{sizes:?}");
    }
    assert!(db.stored_sets().await.expect("records").is_empty());
    let largest = Sizes {
        board: 8,
        bar: MAX_BAR,
    };
    assert_eq!(largest.check(), Ok(()));
}
