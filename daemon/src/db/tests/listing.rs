//! `list_matches`: filters, order and paging.

use protocol::{MatchStatus, Reason};

use super::{engine, fresh, mv, nim, player, token, win};
use crate::db::{Db, GameFilter, NewMatch, ResultFilter, SeatRow};

/// Lists and returns the ids.
async fn ids(db: &Db, f: GameFilter) -> Vec<i64> {
    let found = db.list_matches(&f).await.expect("list");
    assert!(
        found.iter().all(|m| m.moves.is_empty()),
        "lists carry no moves"
    );
    found.iter().map(|m| m.id).collect()
}

#[tokio::test]
async fn filters_order_and_paging() {
    let (_dir, _path, db) = fresh().await;
    let alice = db.create_player("alice", &token(1)).await.expect("alice");
    let bob = db.create_player("bob", &token(2)).await.expect("bob");
    let carol = db.create_player("carol", &token(3)).await.expect("carol");
    let queen = |seats, status, at| NewMatch {
        params: protocol::GameParams {
            size: Some(8),
            ..protocol::GameParams::of(protocol::Game::Queen)
        },
        start: "h8".into(),
        ..nim(seats, status, at)
    };
    // Created at 10, 20, ... 60; ids in the same order.
    let m1 = db
        .create_match(nim([player(alice), player(bob)], MatchStatus::Playing, 10))
        .await;
    let m2 = db
        .create_match(queen([player(bob), engine()], MatchStatus::Playing, 20))
        .await;
    let m3 = db
        .create_match(nim(
            [player(carol), SeatRow::default()],
            MatchStatus::Waiting,
            30,
        ))
        .await;
    let m4 = db
        .create_match(queen([engine(), player(alice)], MatchStatus::Playing, 40))
        .await;
    let m5 = db
        .create_match(nim([player(bob), player(carol)], MatchStatus::Playing, 50))
        .await;
    let m6 = db
        .create_match(queen(
            [player(alice), player(carol)],
            MatchStatus::Playing,
            60,
        ))
        .await;
    let [m1, m2, m3, m4, m5, m6] = [m1, m2, m3, m4, m5, m6].map(|m| m.expect("create"));
    db.add_move(mv(m4, 1, ""), Some(win(0, Reason::CornerReached, 45)))
        .await
        .expect("m4 ends");
    db.add_move(mv(m1, 1, ""), Some(win(1, Reason::LastStone, 15)))
        .await
        .expect("m1 ends");

    assert_eq!(
        ids(&db, GameFilter::default()).await,
        vec![m6, m5, m4, m3, m2, m1]
    );
    let by = |name: &str| GameFilter {
        player: Some(name.into()),
        ..GameFilter::default()
    };
    assert_eq!(ids(&db, by("alice")).await, vec![m6, m4, m1]);
    assert_eq!(ids(&db, by("carol")).await, vec![m6, m5, m3]);
    assert_eq!(ids(&db, by("nobody")).await, Vec::<i64>::new());
    let game = GameFilter {
        game: Some(protocol::Game::Queen),
        ..GameFilter::default()
    };
    assert_eq!(ids(&db, game).await, vec![m6, m4, m2]);
    let finished = GameFilter {
        status: Some(MatchStatus::Finished),
        ..GameFilter::default()
    };
    assert_eq!(ids(&db, finished).await, vec![m4, m1]);
    let alice_finished_queen = GameFilter {
        game: Some(protocol::Game::Queen),
        status: Some(MatchStatus::Finished),
        ..by("alice")
    };
    assert_eq!(ids(&db, alice_finished_queen).await, vec![m4]);
    let result = |name: &str, r| GameFilter {
        result: Some(r),
        ..by(name)
    };
    assert_eq!(
        ids(&db, result("alice", ResultFilter::Won)).await,
        Vec::<i64>::new()
    );
    assert_eq!(
        ids(&db, result("alice", ResultFilter::Lost)).await,
        vec![m4, m1]
    );
    assert_eq!(ids(&db, result("bob", ResultFilter::Won)).await, vec![m1]);
    assert_eq!(
        ids(&db, result("bob", ResultFilter::Draw)).await,
        Vec::<i64>::new()
    );
    let window = GameFilter {
        since: Some(20),
        until: Some(50),
        ..GameFilter::default()
    };
    assert_eq!(ids(&db, window).await, vec![m4, m3, m2]);
    let page = |offset| GameFilter {
        limit: 4,
        offset,
        ..GameFilter::default()
    };
    assert_eq!(ids(&db, page(0)).await, vec![m6, m5, m4, m3]);
    assert_eq!(ids(&db, page(4)).await, vec![m2, m1]);
    assert_eq!(ids(&db, page(8)).await, Vec::<i64>::new());

    let listed = db.list_matches(&by("alice")).await.expect("list");
    let m4_row = listed.iter().find(|m| m.id == m4).expect("m4 listed");
    assert_eq!(m4_row.seat_names, [None, Some("alice".to_owned())]);
    assert_eq!((m4_row.params.size, m4_row.ply), (Some(8), 1));
    assert_eq!(m4_row.winner, Some(0));
    db.close().await;
}
