//! What is loaded at start answers as freshly solved tables do, and the range reads return
//! the stored values.

use std::sync::Arc;

use engine::corner::{self, Piece};
use engine::{chocolate, lgame, AnyPosition, Knowledge, Outcome, DEFAULT_BUDGET};

use super::{brute, fresh, run, SMALL};
use crate::solver::Solver;
use crate::tables::Progress;

/// Knowledge from tables solved now, of the sizes `SMALL` asks for.
fn freshly_solved() -> Knowledge {
    let mut k = Knowledge::new(DEFAULT_BUDGET);
    for piece in Piece::ALL {
        k.add_corner(Arc::new(
            corner::Table::solve(piece, SMALL.board).expect("solve"),
        ));
    }
    for step in 0..=6 {
        k.add_chocolate(Arc::new(
            chocolate::Table::solve(step, SMALL.bar).expect("solve"),
        ));
    }
    k.set_lgame(Arc::new(lgame::Solution::solve()));
    k
}

#[tokio::test]
async fn loaded_knowledge_answers_as_freshly_solved_tables() {
    let (_dir, _path, db) = fresh().await;
    run(&db, SMALL).await;
    let loaded = run(&db, SMALL).await;
    assert_eq!(loaded.report.computed(), 0);
    let from_db = loaded.knowledge(DEFAULT_BUDGET);
    let fresh = freshly_solved();

    for piece in Piece::ALL {
        assert_eq!(from_db.corner_table(piece), fresh.corner_table(piece));
    }
    for step in 0..=6 {
        assert_eq!(from_db.chocolate_table(step), fresh.chocolate_table(step));
    }
    assert!(from_db.lgame() == fresh.lgame());

    let mut positions = Vec::new();
    // Inside the tables and beyond them (formulas).
    for piece in Piece::ALL {
        for x in (0..100).step_by(3) {
            for y in (0..100).step_by(7) {
                let p = corner::Position::new(piece, 100, x, y).expect("a square");
                positions.push(AnyPosition::Corner(p));
            }
        }
    }
    for k in 0..=6 {
        for z in [0, 1, 5, 17, 40, 64] {
            let most = if k == 0 { 20 } else { z / u64::from(k) };
            for y in [0, most / 2, most] {
                for x in [0, 1, 9] {
                    let p = chocolate::Position::new(k, x, y, z).expect("a bar");
                    positions.push(AnyPosition::Chocolate(p));
                }
            }
        }
    }
    for p in brute::lgame_positions().into_iter().step_by(5) {
        positions.push(AnyPosition::LGame(p));
        positions.push(AnyPosition::LGame(p.swap_colors()));
    }
    for p in &positions {
        assert_eq!(from_db.value(p), fresh.value(p), "{p:?}");
    }
    for p in positions.iter().step_by(17) {
        assert_eq!(from_db.classify(p, 500), fresh.classify(p, 500), "{p:?}");
    }
}

#[tokio::test]
async fn the_daemon_starts_from_the_database() {
    let (_dir, _path, db) = fresh().await;
    let first = Solver::start(
        &db,
        SMALL,
        crate::solver::DEFAULT_TABLE_BUDGET,
        &Progress::hidden(),
    )
    .await
    .expect("start");
    let records = db.stored_sets().await.expect("records");
    assert_eq!(records.len(), 12);
    let second = Solver::start(
        &db,
        SMALL,
        crate::solver::DEFAULT_TABLE_BUDGET,
        &Progress::hidden(),
    )
    .await
    .expect("start again");
    assert_eq!(db.stored_sets().await.expect("records"), records);
    for solver in [&first, &second] {
        let k = solver.current();
        let queen = k.corner_table(Piece::Queen).expect("queen table");
        assert_eq!(queen.size(), SMALL.board);
        assert_eq!(k.chocolate_table(1).map(|t| t.z_max()), Some(SMALL.bar));
        let classes: Vec<_> = k.lgame().classes().collect();
        assert_eq!(classes.len(), lgame::CLASSES);
        let count = |o| classes.iter().filter(|(_, v)| v.outcome == o).count();
        assert_eq!(
            (
                count(Outcome::Win),
                count(Outcome::Loss),
                count(Outcome::Draw)
            ),
            (1006, 29, 1261)
        );
        for (canonical, c) in classes.iter().step_by(50) {
            assert_eq!(canonical.canonical(), *canonical);
            assert_eq!(c.remoteness.is_none(), c.outcome == Outcome::Draw);
            let v = k.lgame().value(canonical);
            assert_eq!((v.outcome, v.remoteness), (c.outcome, c.remoteness));
        }
    }
    // A bigger board than the tables still grows on demand.
    let big = corner::Position::new(Piece::Queen, 200, 150, 120).expect("a square");
    let grown = second
        .covering(&AnyPosition::Corner(big))
        .await
        .expect("grow");
    assert!(grown.corner_table(Piece::Queen).expect("queen").size() > 150);
}
