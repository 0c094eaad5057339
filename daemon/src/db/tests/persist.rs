//! Durability across handles: what was acknowledged is there after reopening.

use protocol::{MatchStatus, Reason};

use super::{fresh, mv, nim, player, token, win};
use crate::db::{Db, SeatRow};

#[tokio::test]
async fn data_survives_dropping_the_handle() {
    let (_dir, path, db) = fresh().await;
    let alice = db.create_player("alice", &token(1)).await.expect("alice");
    let bob = db.create_player("bob", &token(2)).await.expect("bob");
    let id = db
        .create_match(nim(
            [player(alice), SeatRow::default()],
            MatchStatus::Waiting,
            1,
        ))
        .await
        .expect("match");
    db.start_match(id, 1, bob, 2).await.expect("start");
    db.add_move(mv(id, 1, ""), None).await.expect("move 1");
    db.add_move(mv(id, 2, ""), Some(win(1, Reason::LastStone, 3)))
        .await
        .expect("move 2");
    let open = db.create_match(nim(
        [player(bob), SeatRow::default()],
        MatchStatus::Waiting,
        4,
    ));
    let open = open.await.expect("open match");
    let before = db.load_match(id).await.expect("load");
    drop(db);

    let db = Db::open(&path).await.expect("reopen");
    assert_eq!(db.load_match(id).await.expect("load"), before);
    let found = db.player_by_token(&token(2)).await.expect("bob");
    assert_eq!(found.map(|p| p.id), Some(bob));
    let unfinished = db.unfinished_matches().await.expect("unfinished");
    assert_eq!(
        unfinished.iter().map(|m| m.id).collect::<Vec<_>>(),
        vec![open]
    );
    db.close().await;
}

#[tokio::test]
async fn checkpoint_empties_the_wal() {
    let (_dir, path, db) = fresh().await;
    for n in 0..20 {
        db.create_player("p", &token(n)).await.expect("player");
    }
    let wal = path.with_extension("db-wal");
    let size = |p: &std::path::Path| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
    assert!(size(&wal) > 0, "writes go to the WAL first");
    db.checkpoint().await.expect("checkpoint");
    assert_eq!(size(&wal), 0, "TRUNCATE leaves an empty WAL");
    db.close().await;
    let db = Db::open(&path).await.expect("reopen");
    assert!(db
        .player_by_token(&token(19))
        .await
        .expect("lookup")
        .is_some());
    db.close().await;
}
