//! Group commit: many writes in one transaction, a failing one rolled back alone.

use std::path::Path;
use std::time::Duration;

use protocol::{MatchStatus, Outcome, Reason};
use sqlx::{ConnectOptions, Connection};
use tokio::task::JoinSet;

use super::{count, engine, fresh, mv, nim, win};
use crate::db::{Db, DbError, Finish, NewMove, MAX_BATCH};

/// Matches that get one good move each in the big batch.
const GOOD: i64 = 200;

/// Polls `done` until it holds, failing the test after ten seconds.
async fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    for _ in 0..2_000 {
        if done() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("timed out waiting for {what}");
}

/// Creates `n` playing matches, each with its first move stored.
async fn matches_with_one_move(db: &Db, n: i64) -> Vec<i64> {
    let mut ids = Vec::new();
    for i in 0..n {
        let id = db
            .create_match(nim([engine(), engine()], MatchStatus::Playing, i))
            .await
            .expect("create");
        db.add_move(mv(id, 1, ""), None).await.expect("first move");
        ids.push(id);
    }
    ids
}

/// Stores `first`, then `rest` all in the one batch after it: another connection holds the
/// write lock, so the writer's batch of `first` waits in BEGIN IMMEDIATE (busy timeout) while
/// `rest` piles up in the queue. Gives back each move's match and result, `first`'s first.
async fn in_one_batch(
    db: &Db,
    path: &Path,
    first: (i64, NewMove),
    rest: Vec<(i64, NewMove)>,
) -> Vec<(i64, Result<(), DbError>)> {
    let mut lock = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(path)
        .connect()
        .await
        .expect("blocker");
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut lock)
        .await
        .expect("lock");
    let before = db.write_stats();
    let d = db.clone();
    let blocked = tokio::spawn(async move { (first.0, d.add_move(first.1, None).await) });
    wait_until("the writer to start a batch", || {
        db.write_stats().batches == before.batches + 1
    })
    .await;
    let queued = rest.len();
    assert!(queued <= MAX_BATCH, "the test wants one batch");
    let mut tasks = JoinSet::new();
    for (id, m) in rest {
        let db = db.clone();
        tasks.spawn(async move { (id, db.add_move(m, None).await) });
    }
    wait_until("every write to be queued", || {
        db.write_stats().queued == queued
    })
    .await;
    sqlx::query("COMMIT")
        .execute(&mut lock)
        .await
        .expect("unlock");
    lock.close().await.expect("close blocker");
    let mut results = vec![blocked.await.expect("join")];
    while let Some(joined) = tasks.join_next().await {
        results.push(joined.expect("join"));
    }
    let after = db.write_stats();
    assert_eq!(
        after.batches,
        before.batches + 2,
        "blocked batch, then one for the rest"
    );
    assert!(after.largest_batch >= queued, "{after:?}");
    results
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_write_is_rolled_back_alone_within_its_batch() {
    let (_dir, path, db) = fresh().await;
    // ids[0]: the blocker's match; ids[1..=GOOD]: good moves; then a duplicate and a gap.
    let ids = matches_with_one_move(&db, GOOD + 3).await;
    let (dup, gap) = (ids[GOOD as usize + 1], ids[GOOD as usize + 2]);
    let mut rest: Vec<_> = ids[1..=GOOD as usize]
        .iter()
        .map(|&id| (id, mv(id, 2, "")))
        .collect();
    rest.push((dup, mv(dup, 1, "again")));
    rest.push((gap, mv(gap, 3, "")));
    let before = db.write_stats();
    let results = in_one_batch(&db, &path, (ids[0], mv(ids[0], 2, "")), rest).await;
    let mut ok = 0;
    for (id, result) in results {
        if id == dup {
            assert!(result.is_err_and(|e| e.is_constraint_violation()));
        } else if id == gap {
            assert!(matches!(result, Err(DbError::Rejected(_))), "{result:?}");
        } else {
            result.expect("good write");
            ok += 1;
        }
    }
    assert_eq!(ok, GOOD + 1);
    let after = db.write_stats();
    assert_eq!(after.failed - before.failed, 2);
    // The blocked move went in by the grouped statements; the batch holding a duplicate
    // and a gap was refused as a group and stored one by one.
    assert_eq!(after.grouped_moves - before.grouped_moves, 1, "{after:?}");

    // Every good move landed; the refused ones left their matches untouched.
    let moves = count(&db, "SELECT COUNT(*) FROM moves").await;
    assert_eq!(moves, (GOOD + 3) + 1 + GOOD);
    for &id in &ids[..=GOOD as usize] {
        let m = db.load_match(id).await.expect("load").expect("stored");
        assert_eq!((m.ply, m.position.as_str(), m.moves.len()), (2, "p2", 2));
    }
    for id in [dup, gap] {
        let m = db.load_match(id).await.expect("load").expect("stored");
        assert_eq!((m.ply, m.position.as_str()), (1, "p1"));
        assert_eq!(m.moves.len(), 1);
        assert_eq!(m.moves[0].notation, "m1");
    }
    db.close().await;
}

/// A batch of nothing but moves commits in the same round trip as its statements; a move
/// that is out of step (its match not at the previous ply, or over) must stop that commit,
/// though no constraint of the `moves` table refuses it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_batch_of_moves_never_commits_one_out_of_step() {
    let (_dir, path, db) = fresh().await;
    let ids = matches_with_one_move(&db, GOOD + 2).await;
    let (gap, over) = (ids[GOOD as usize], ids[GOOD as usize + 1]);
    db.finish_match(over, win(0, Reason::Resignation, 9))
        .await
        .expect("finish");
    // Each out-of-step move alone among good ones, in a batch of moves only.
    for (n, bad) in [(gap, mv(gap, 3, "")), (over, mv(over, 2, ""))]
        .into_iter()
        .enumerate()
    {
        let ply = 2 + n as u32;
        let good: Vec<_> = ids[1..GOOD as usize]
            .iter()
            .map(|&id| (id, mv(id, ply, "")))
            .collect();
        let before = db.write_stats();
        let first = (ids[0], mv(ids[0], ply, ""));
        let bad_id = bad.0;
        let mut rest = good;
        rest.push(bad);
        for (id, result) in in_one_batch(&db, &path, first, rest).await {
            if id == bad_id {
                assert!(matches!(result, Err(DbError::Rejected(_))), "{result:?}");
            } else {
                result.expect("good write");
            }
        }
        let after = db.write_stats();
        assert_eq!(after.failed - before.failed, 1, "{after:?}");
        assert_eq!(after.grouped_moves - before.grouped_moves, 1, "{after:?}");
    }
    for &id in &ids[..GOOD as usize] {
        let m = db.load_match(id).await.expect("load").expect("stored");
        assert_eq!((m.ply, m.moves.len()), (3, 3));
    }
    for id in [gap, over] {
        let m = db.load_match(id).await.expect("load").expect("stored");
        assert_eq!((m.ply, m.position.as_str(), m.moves.len()), (1, "p1", 1));
    }
    db.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_writers_are_grouped() {
    let (_dir, _path, db) = fresh().await;
    let won = Outcome {
        winner: Some(0),
        reason: Reason::LastStone,
    };
    let ids = matches_with_one_move(&db, 100).await;
    let before = db.write_stats();
    let mut tasks = JoinSet::new();
    for id in ids {
        let db = db.clone();
        tasks.spawn(async move {
            for ply in 2..=6 {
                // The last move ends the match, in the same groups as other matches' moves.
                let finish = (ply == 6).then(|| Finish::new(won, Vec::new(), 6));
                db.add_move(mv(id, ply, ""), finish).await?;
            }
            Ok::<_, DbError>(())
        });
    }
    while let Some(joined) = tasks.join_next().await {
        joined.expect("join").expect("moves");
    }
    let after = db.write_stats();
    assert_eq!(after.committed - before.committed, 500);
    assert!(
        after.batches - before.batches < 500,
        "no grouping at all: {after:?}"
    );
    assert_eq!(count(&db, "SELECT COUNT(*) FROM moves").await, 600);
    assert_eq!(after.grouped_moves - before.grouped_moves, 500, "{after:?}");
    let finished = "SELECT COUNT(*) FROM matches WHERE status = 'finished' AND ply = 6 \
                    AND position = 'p6' AND winner = 0 AND reason = 'last_stone'";
    assert_eq!(count(&db, finished).await, 100);
    db.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn close_commits_what_is_queued_and_refuses_the_rest() {
    let (_dir, path, db) = fresh().await;
    let ids = matches_with_one_move(&db, 50).await;
    let mut tasks = JoinSet::new();
    for &id in &ids {
        let db = db.clone();
        tasks.spawn(async move { db.add_move(mv(id, 2, ""), None).await });
    }
    wait_until("the writes to be queued or done", || {
        db.write_stats().queued + (db.write_stats().committed as usize) >= 50 + 100
    })
    .await;
    let late = db.clone();
    db.close().await;
    while let Some(joined) = tasks.join_next().await {
        joined.expect("join").expect("queued before close");
    }
    let refused = late.create_player("late", &[7; 32]).await;
    assert!(matches!(refused, Err(DbError::WriterGone)), "{refused:?}");
    drop(late);

    let db = Db::open(&path).await.expect("reopen");
    assert_eq!(count(&db, "SELECT COUNT(*) FROM moves").await, 100);
    db.close().await;
}
