//! A throughput measurement, not a check: run it by hand in a release build with
//! `cargo test -p grundyd --release --lib -- --ignored --nocapture throughput`.

use std::time::Instant;

use protocol::MatchStatus;
use tokio::task::JoinSet;

use super::{engine, fresh, mv, nim};
use crate::db::DbError;

/// Concurrent tasks, each playing its own match.
const TASKS: u32 = 100;
/// Moves per task: 100 × 100 = 10,000 add_move calls.
const MOVES: u32 = 100;
/// Moves played one at a time, waiting for each: the cost of one durable commit.
const SERIAL: u32 = 500;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "measurement; run by hand in release"]
async fn throughput() {
    let (_dir, _path, db) = fresh().await;
    let mut ids = Vec::new();
    for i in 0..=TASKS {
        let m = nim([engine(), engine()], MatchStatus::Playing, i64::from(i));
        ids.push(db.create_match(m).await.expect("create"));
    }

    let serial = ids[TASKS as usize];
    let started = Instant::now();
    for ply in 1..=SERIAL {
        db.add_move(mv(serial, ply, ""), None)
            .await
            .expect("serial move");
    }
    let elapsed = started.elapsed();
    println!(
        "serial: {SERIAL} add_move in {elapsed:.2?}: {:.0}/s, {:.2} ms per commit",
        f64::from(SERIAL) / elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1000.0 / f64::from(SERIAL)
    );

    let before = db.write_stats();
    let started = Instant::now();
    let mut tasks = JoinSet::new();
    for &id in &ids[..TASKS as usize] {
        let db = db.clone();
        tasks.spawn(async move {
            for ply in 1..=MOVES {
                db.add_move(mv(id, ply, ""), None).await?;
            }
            Ok::<_, DbError>(())
        });
    }
    while let Some(joined) = tasks.join_next().await {
        joined.expect("join").expect("moves");
    }
    let elapsed = started.elapsed();
    let after = db.write_stats();
    let calls = TASKS * MOVES;
    let batches = after.batches - before.batches;
    println!(
        "concurrent: {calls} add_move from {TASKS} tasks in {elapsed:.2?}: {:.0}/s; \
         {batches} commits, {:.1} moves per commit, largest {}",
        f64::from(calls) / elapsed.as_secs_f64(),
        f64::from(calls) / batches as f64,
        after.largest_batch
    );
    db.close().await;
}
