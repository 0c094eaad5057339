//! Match actors on a real database: what reaches a match however busy it is.

use std::sync::Arc;
use std::time::Duration;

use engine::{Knowledge, DEFAULT_BUDGET};
use protocol::{MatchStatus, Opponent, Reason};
use tempfile::TempDir;
use tokio::sync::oneshot;

use crate::config::Config;
use crate::db::Db;
use crate::matches::{create_match, Command, Matches, PlayerRef, COMMAND_QUEUE};
use crate::presence::Presence;
use crate::solver::Solver;

/// A registry of live matches on a database in `dir`, the grace period `grace`.
async fn matches(dir: &TempDir, grace: Duration) -> Arc<Matches> {
    let db = Db::open(&dir.path().join("grundy.db")).await.expect("open");
    let solver = Arc::new(Solver::with(
        Knowledge::new(DEFAULT_BUDGET),
        crate::solver::DEFAULT_TABLE_BUDGET,
    ));
    let config = Config {
        abandon_after: grace,
        ..Config::default()
    };
    let exam = Arc::new(crate::exam::Exam::load(&db).await.expect("exam rooms"));
    Arc::new(Matches::new(db, solver, config, Arc::default(), exam))
}

async fn player(m: &Matches, n: u8, name: &str) -> PlayerRef {
    let id = m.db.create_player(name, &[n; 32]).await.expect("player");
    PlayerRef {
        id,
        name: name.to_owned(),
    }
}

fn presence(m: &Matches) -> &Arc<Presence> {
    &m.presence
}

/// A player leaving while their match's queue is full (its actor has not got to the
/// commands before it) is still seen leaving, and loses by abandonment.
#[tokio::test]
async fn presence_reaches_a_match_whose_queue_is_full() {
    let dir = TempDir::new().expect("temp dir");
    let m = matches(&dir, Duration::from_millis(50)).await;
    let (ada, bob) = (player(&m, 1, "ada").await, player(&m, 2, "bob").await);
    let ada_here = presence(&m).arrive(ada.id);
    let bob_here = presence(&m).arrive(bob.id);
    let request = protocol::NewMatch {
        params: protocol::GameParams {
            game: protocol::Game::Nim,
            size: None,
            k: None,
            misere: false,
            piece: None,
            rule: None,
            edge: None,
        },
        start: "standard".into(),
        opponent: Opponent::Human,
        first: protocol::First::Me,
        clock: None,
        my_engine: None,
    };
    let (handle, _) = create_match(&m, &ada, request).await.expect("created");
    let (_, mut changes) = handle
        .ask(|reply| Command::Join {
            player: bob.clone(),
            reply,
        })
        .await
        .expect("joined");
    // This test runs on one thread: the actor does nothing until the test waits.
    let mut asked = Vec::new();
    for _ in 0..COMMAND_QUEUE {
        let (reply, answer) = oneshot::channel();
        handle.tx.try_send(Command::State { reply }).expect("room");
        asked.push(answer);
    }
    let (reply, _) = oneshot::channel();
    assert!(
        handle.tx.try_send(Command::State { reply }).is_err(),
        "full"
    );
    drop(bob_here);
    let end = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            changes.changed().await.expect("the match publishes");
            let summary = changes.borrow_and_update().summary.clone();
            if summary.status == MatchStatus::Finished {
                return summary;
            }
        }
    })
    .await
    .expect("the match ends");
    assert!(!end.seats[1].connected && end.seats[0].connected);
    let state = handle.state().await.expect("state");
    let result = state.result.expect("a result");
    assert_eq!(
        (result.winner, result.reason),
        (Some(0), Reason::Abandonment)
    );
    for answer in asked {
        assert!(answer.await.is_ok(), "every queued command is answered");
    }
    drop(ada_here);
}
