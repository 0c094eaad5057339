//! Players: creation, lookup by token hash, renaming.

use sqlx::Row;

use super::{fresh, token};
use crate::db::{DbError, PlayerRow};

#[tokio::test]
async fn create_and_find_by_token() {
    let (_dir, _path, db) = fresh().await;
    let alice = db.create_player("alice", &token(1)).await.expect("alice");
    let bob = db.create_player("bob", &token(2)).await.expect("bob");
    assert_ne!(alice, bob);
    let found = db.player_by_token(&token(1)).await.expect("lookup");
    let expected = PlayerRow {
        id: alice,
        name: "alice".into(),
    };
    assert_eq!(found, Some(expected));
    assert_eq!(db.player_by_token(&token(9)).await.expect("lookup"), None);
    db.close().await;
}

#[tokio::test]
async fn token_hash_is_unique() {
    let (_dir, _path, db) = fresh().await;
    db.create_player("alice", &token(1)).await.expect("alice");
    let err = db.create_player("mallory", &token(1)).await;
    match err {
        Err(e) => assert!(e.is_constraint_violation(), "{e}"),
        Ok(id) => panic!("second player {id} with the same token"),
    }
    // Names need not be unique.
    db.create_player("alice", &token(2))
        .await
        .expect("second alice");
    db.close().await;
}

#[tokio::test]
async fn rename() {
    let (_dir, _path, db) = fresh().await;
    let id = db.create_player("alice", &token(1)).await.expect("alice");
    db.rename_player(id, "alicia").await.expect("rename");
    let found = db.player_by_token(&token(1)).await.expect("lookup");
    assert_eq!(found.map(|p| p.name), Some("alicia".to_owned()));
    let missing = db.rename_player(id + 100, "ghost").await;
    assert!(matches!(missing, Err(DbError::Rejected(_))), "{missing:?}");
    db.close().await;
}

/// Namesakes are the players whose names read the same: letter case aside, and with the
/// characters that look alike (Cyrillic а for Latin a) taken as one; renaming moves a
/// player to the namesakes of the new name.
#[tokio::test]
async fn namesakes_are_found_by_skeleton() {
    let (_dir, _path, db) = fresh().await;
    let ada = db.create_player("ada", &token(1)).await.expect("ada");
    let cyrillic = db.create_player("\u{430}da", &token(2)).await.expect("аda");
    let upper = db.create_player("ADA", &token(3)).await.expect("ADA");
    let ida = db.create_player("ida", &token(4)).await.expect("ida");
    let found = |rows: Vec<(PlayerRow, Vec<i64>)>| -> Vec<i64> {
        rows.into_iter().map(|(p, _)| p.id).collect()
    };
    let of_ada = db.namesakes_of(ada, "ada").await.expect("namesakes");
    assert_eq!(found(of_ada), [cyrillic, upper]);
    let of_cyrillic = db
        .namesakes_of(cyrillic, "\u{430}da")
        .await
        .expect("namesakes");
    assert_eq!(found(of_cyrillic), [ada, upper]);
    assert!(db.namesakes_of(ida, "ida").await.expect("none").is_empty());
    db.rename_player(ida, "\u{410}da").await.expect("rename");
    let of_ada = db.namesakes_of(ada, "ada").await.expect("namesakes");
    assert_eq!(found(of_ada), [cyrillic, upper, ida]);
    // The look-up is by the index, not a scan of every player.
    let plan = sqlx::query("EXPLAIN QUERY PLAN SELECT id FROM players WHERE name_skeleton = ?")
        .bind("ada")
        .fetch_all(&db.pool)
        .await
        .expect("plan");
    let steps: Vec<String> = plan.iter().map(|r| r.get("detail")).collect();
    assert!(
        steps.iter().any(|s| s.contains("players_name_skeleton")),
        "{steps:?}"
    );
    db.close().await;
}
