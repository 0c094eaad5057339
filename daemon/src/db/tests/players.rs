//! Players: creation, lookup by token hash, renaming.

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
