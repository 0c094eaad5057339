//! A match from creation to result, and the writes a match's state refuses.

use protocol::{MatchStatus, Reason};

use super::{count, engine, fresh, mv, nim, player, token, win};
use crate::db::{DbError, Finish, NewMatch, SeatRow, StoredMove};

#[tokio::test]
async fn a_full_match_life() {
    let (_dir, _path, db) = fresh().await;
    let alice = db.create_player("alice", &token(1)).await.expect("alice");
    let bob = db.create_player("bob", &token(2)).await.expect("bob");
    let new = NewMatch {
        params: protocol::GameParams::of(protocol::Game::LGame),
        start: "start-position".into(),
        seats: [player(alice), SeatRow::default()],
        clock_initial_ms: Some(300_000),
        clock_increment_ms: Some(3_000),
        status: MatchStatus::Waiting,
        rematch_of: None,
        created_at: 500,
        started_at: None,
    };
    let id = db.create_match(new).await.expect("create");

    let m = db.load_match(id).await.expect("load").expect("stored");
    assert_eq!(m.status, MatchStatus::Waiting);
    assert_eq!((m.ply, m.position.as_str()), (0, "start-position"));
    assert_eq!(m.seat_names, [Some("alice".to_owned()), None]);
    assert_eq!(m.clock_initial_ms, Some(300_000));
    assert_eq!(db.open_matches_of(alice).await.expect("open"), vec![id]);
    assert_eq!(
        db.open_matches_of(bob).await.expect("open"),
        Vec::<i64>::new()
    );

    db.start_match(id, 1, bob, 700).await.expect("start");
    let taken = db.start_match(id, 1, alice, 701).await;
    assert!(matches!(taken, Err(DbError::Rejected(_))), "{taken:?}");
    let m = db.load_match(id).await.expect("load").expect("stored");
    assert_eq!(m.status, MatchStatus::Playing);
    assert_eq!(m.started_at, Some(700));
    assert_eq!(m.seats[1], player(bob));
    assert_eq!(
        m.seat_names,
        [Some("alice".to_owned()), Some("bob".to_owned())]
    );
    assert_eq!(db.open_matches_of(bob).await.expect("open"), vec![id]);

    for ply in 1..=4 {
        db.add_move(mv(id, ply, ""), None).await.expect("move");
        let m = db.load_match(id).await.expect("load").expect("stored");
        assert_eq!(m.ply, ply);
        assert_eq!(m.position, format!("p{ply}"));
        assert_eq!(m.moves.len(), ply as usize);
    }
    let draw = Finish {
        status: MatchStatus::Finished,
        winner: None,
        reason: Reason::Repetition,
        repetition_plies: vec![1, 3, 5],
        finished_at: 9_000,
    };
    db.add_move(mv(id, 5, ""), Some(draw.clone()))
        .await
        .expect("last move");

    let m = db.load_match(id).await.expect("load").expect("stored");
    assert_eq!(m.status, MatchStatus::Finished);
    assert_eq!((m.winner, m.reason), (None, Some(Reason::Repetition)));
    assert_eq!(m.repetition_plies, vec![1, 3, 5]);
    assert_eq!(m.finished_at, Some(9_000));
    assert_eq!((m.ply, m.position.as_str()), (5, "p5"));
    let expected: Vec<StoredMove> = (1..=5)
        .map(|ply| {
            let n = mv(id, ply, "");
            StoredMove {
                ply,
                seat: n.seat,
                notation: n.notation,
                position: n.position,
                time_ms: n.time_ms,
                clock_ms: n.clock_ms,
                played_at: n.played_at,
            }
        })
        .collect();
    assert_eq!(m.moves, expected);
    assert!(db.open_matches_of(alice).await.expect("open").is_empty());
    assert!(db
        .unfinished_matches()
        .await
        .expect("unfinished")
        .is_empty());

    // Over is over: no more moves, no second result.
    let late = db.add_move(mv(id, 6, ""), None).await;
    assert!(matches!(late, Err(DbError::Rejected(_))), "{late:?}");
    let again = db
        .finish_match(id, win(0, Reason::Resignation, 9_500))
        .await;
    assert!(matches!(again, Err(DbError::Rejected(_))), "{again:?}");
    assert_eq!(count(&db, "SELECT COUNT(*) FROM moves").await, 5);

    // One rematch per match, visible from the original.
    let mut rematch = nim([player(bob), player(alice)], MatchStatus::Playing, 10_000);
    rematch.rematch_of = Some(id);
    let r = db.create_match(rematch.clone()).await.expect("rematch");
    let m = db.load_match(id).await.expect("load").expect("stored");
    assert_eq!(m.rematch, Some(r));
    let stored = db.load_match(r).await.expect("load").expect("stored");
    assert_eq!(stored.rematch_of, Some(id));
    let second = db.create_match(rematch).await;
    assert!(second.is_err_and(|e| e.is_constraint_violation()));
    assert_eq!(db.load_match(r + 1).await.expect("load"), None);
    db.close().await;
}

#[tokio::test]
async fn unfinished_matches_come_back_with_their_moves() {
    let (_dir, _path, db) = fresh().await;
    let alice = db.create_player("alice", &token(1)).await.expect("alice");
    let waiting = db
        .create_match(nim(
            [player(alice), SeatRow::default()],
            MatchStatus::Waiting,
            1,
        ))
        .await
        .expect("waiting");
    let a = db
        .create_match(nim([player(alice), engine()], MatchStatus::Playing, 2))
        .await
        .expect("a");
    let b = db
        .create_match(nim([engine(), player(alice)], MatchStatus::Playing, 3))
        .await
        .expect("b");
    for ply in 1..=3 {
        db.add_move(mv(a, ply, "a"), None).await.expect("a move");
    }
    db.add_move(mv(b, 1, "b"), None).await.expect("b move");
    db.add_move(mv(b, 2, "b"), Some(win(1, Reason::LastStone, 50)))
        .await
        .expect("b ends");

    let open = db.unfinished_matches().await.expect("unfinished");
    let ids: Vec<i64> = open.iter().map(|m| m.id).collect();
    assert_eq!(ids, vec![waiting, a]);
    assert_eq!(open[0].moves.len(), 0);
    let plies: Vec<u32> = open[1].moves.iter().map(|m| m.ply).collect();
    assert_eq!(plies, vec![1, 2, 3]);
    assert_eq!(open[1].moves[2].notation, "m3a");
    assert_eq!(
        db.open_matches_of(alice).await.expect("open"),
        vec![waiting, a]
    );
    db.close().await;
}

#[tokio::test]
async fn refused_writes_leave_nothing_behind() {
    let (_dir, _path, db) = fresh().await;
    let id = db
        .create_match(nim([engine(), engine()], MatchStatus::Playing, 1))
        .await
        .expect("match");
    db.add_move(mv(id, 1, ""), None).await.expect("first");

    // The move itself is fine but the finish is not: neither is stored.
    let bad_finish = Finish {
        status: MatchStatus::Playing,
        ..win(0, Reason::LastStone, 5)
    };
    let r = db.add_move(mv(id, 2, ""), Some(bad_finish)).await;
    assert!(matches!(r, Err(DbError::Rejected(_))), "{r:?}");
    let winner_two = db
        .add_move(mv(id, 2, ""), Some(win(2, Reason::LastStone, 5)))
        .await;
    assert!(
        matches!(winner_two, Err(DbError::Rejected(_))),
        "{winner_two:?}"
    );
    // A gap in the plies, a move in a match that does not exist, a seat that does not exist.
    let gap = db.add_move(mv(id, 3, ""), None).await;
    assert!(matches!(gap, Err(DbError::Rejected(_))), "{gap:?}");
    let nowhere = db.add_move(mv(id + 7, 1, ""), None).await;
    assert!(nowhere.is_err_and(|e| e.is_constraint_violation()));
    let seat = db.start_match(id, 2, 1, 5).await;
    assert!(matches!(seat, Err(DbError::Rejected(_))), "{seat:?}");
    let too_big = db
        .add_move(
            crate::db::NewMove {
                time_ms: u64::MAX,
                ..mv(id, 2, "")
            },
            None,
        )
        .await;
    assert!(matches!(too_big, Err(DbError::Rejected(_))), "{too_big:?}");

    let m = db.load_match(id).await.expect("load").expect("stored");
    assert_eq!(
        (m.ply, m.position.as_str(), m.status),
        (1, "p1", MatchStatus::Playing)
    );
    assert_eq!(m.moves.len(), 1);
    assert_eq!(count(&db, "SELECT COUNT(*) FROM moves").await, 1);

    // Aborting a waiting match.
    let w = db
        .create_match(nim([engine(), SeatRow::default()], MatchStatus::Waiting, 2))
        .await
        .expect("waiting");
    let abort = Finish {
        status: MatchStatus::Aborted,
        winner: None,
        reason: Reason::Aborted,
        repetition_plies: vec![],
        finished_at: 3,
    };
    db.finish_match(w, abort).await.expect("abort");
    let m = db.load_match(w).await.expect("load").expect("stored");
    assert_eq!(
        (m.status, m.reason),
        (MatchStatus::Aborted, Some(Reason::Aborted))
    );
    let new_finished = db
        .create_match(nim([engine(), engine()], MatchStatus::Finished, 4))
        .await;
    assert!(matches!(new_finished, Err(DbError::Rejected(_))));
    db.close().await;
}
