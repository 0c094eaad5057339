//! Players leaving and coming back: the opponent sees it, a player back in time plays on, a
//! player away too long loses the match by abandonment.

use std::time::Duration;

use daemon::Config;
use grundy_e2e::{nim_between, state_of, test_config, Client, Server};
use protocol::{MatchStatus, Reason, ServerBody};
use serde_json::json;

fn config(grace_ms: u64) -> Config {
    Config {
        abandon_after: Duration::from_millis(grace_ms),
        ..test_config()
    }
}

#[tokio::test]
async fn a_player_away_too_long_loses_by_abandonment() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start_with(&dir, config(400)).await?;
    let mut ada = Client::connect(&server, "ada").await?;
    let mut bob = Client::connect(&server, "bob").await?;
    let s = nim_between(&mut ada, &mut bob).await?;
    drop(bob);
    let away = ada
        .state_until(s.match_id, |s| !s.seats[1].connected)
        .await?;
    assert_eq!(away.status, MatchStatus::Playing);
    let end = ada
        .state_until(s.match_id, |s| s.status == MatchStatus::Finished)
        .await?;
    let result = end.result.expect("over");
    assert_eq!(
        (result.winner, result.reason),
        (Some(0), Reason::Abandonment)
    );
    server.stop().await
}

#[tokio::test]
async fn a_player_back_in_time_plays_on() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start_with(&dir, config(3_000)).await?;
    let mut ada = Client::connect(&server, "ada").await?;
    let mut bob = Client::connect(&server, "bob").await?;
    let token = bob.token.clone();
    let s = nim_between(&mut ada, &mut bob).await?;
    drop(bob);
    ada.state_until(s.match_id, |s| !s.seats[1].connected)
        .await?;
    // Bob comes back with his token: same player, same seat, told which matches are open.
    let mut bob = Client::raw(&server).await?;
    let ServerBody::Welcome(w) = bob
        .ok(json!({"type": "hello", "protocol": 1, "name": "bob", "token": token}))
        .await?
    else {
        panic!("expected welcome")
    };
    assert_eq!(w.matches, vec![s.match_id]);
    let back = ada
        .state_until(s.match_id, |s| s.seats[1].connected)
        .await?;
    assert_eq!(back.status, MatchStatus::Playing);
    let resumed = state_of(
        bob.ok(json!({"type": "watch", "match_id": s.match_id}))
            .await?,
    )?;
    assert_eq!(resumed.status, MatchStatus::Playing);
    ada.ok(json!({"type": "move", "match_id": s.match_id, "move": "1:1"}))
        .await?;
    bob.ok(json!({"type": "move", "match_id": s.match_id, "move": "2:1"}))
        .await?;
    server.stop().await
}

/// A second connection of the same player (a `grundy lobby` in another terminal) that
/// closes does not make the player away: only their last connection closing does.
#[tokio::test]
async fn a_second_connection_closing_keeps_the_player_here() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start_with(&dir, config(300)).await?;
    let mut ada = Client::connect(&server, "ada").await?;
    let mut bob = Client::connect(&server, "bob").await?;
    let s = nim_between(&mut ada, &mut bob).await?;
    let mut second = Client::raw(&server).await?;
    second
        .ok(json!({"type": "hello", "protocol": 1, "name": "ada", "token": ada.token}))
        .await?;
    second.ok(json!({"type": "lobby"})).await?;
    drop(second);
    // Past the grace period: ada's first connection is open all along, so she plays on.
    tokio::time::sleep(Duration::from_millis(900)).await;
    ada.ok(json!({"type": "move", "match_id": s.match_id, "move": "1:1"}))
        .await?;
    let state = state_of(
        bob.ok(json!({"type": "watch", "match_id": s.match_id}))
            .await?,
    )?;
    assert_eq!(state.status, MatchStatus::Playing);
    assert!(state.seats[0].connected, "{:?}", state.seats);
    server.stop().await
}

/// Both of a player's connections closing makes them away; the grace period counts from
/// the last one.
#[tokio::test]
async fn the_last_connection_closing_starts_the_grace_period() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start_with(&dir, config(600)).await?;
    let mut ada = Client::connect(&server, "ada").await?;
    let mut bob = Client::connect(&server, "bob").await?;
    let s = nim_between(&mut ada, &mut bob).await?;
    let mut second = Client::raw(&server).await?;
    second
        .ok(json!({"type": "hello", "protocol": 1, "name": "bob", "token": bob.token}))
        .await?;
    drop(bob);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let state = state_of(
        ada.ok(json!({"type": "watch", "match_id": s.match_id}))
            .await?,
    )?;
    assert!(state.seats[1].connected, "bob's second connection is open");
    let last_closed = tokio::time::Instant::now();
    drop(second);
    ada.state_until(s.match_id, |s| !s.seats[1].connected)
        .await?;
    let end = ada
        .state_until(s.match_id, |s| s.status == MatchStatus::Finished)
        .await?;
    assert!(last_closed.elapsed() >= Duration::from_millis(600));
    let result = end.result.expect("over");
    assert_eq!(
        (result.winner, result.reason),
        (Some(0), Reason::Abandonment)
    );
    server.stop().await
}

/// A connection opening inside the grace period brings the player back, even when it is
/// not the one that left.
#[tokio::test]
async fn a_new_connection_inside_the_grace_period_cancels_it() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start_with(&dir, config(800)).await?;
    let mut ada = Client::connect(&server, "ada").await?;
    let mut bob = Client::connect(&server, "bob").await?;
    let token = bob.token.clone();
    let s = nim_between(&mut ada, &mut bob).await?;
    let mut second = Client::raw(&server).await?;
    second
        .ok(json!({"type": "hello", "protocol": 1, "name": "bob", "token": token}))
        .await?;
    drop(bob);
    drop(second);
    ada.state_until(s.match_id, |s| !s.seats[1].connected)
        .await?;
    let mut third = Client::raw(&server).await?;
    third
        .ok(json!({"type": "hello", "protocol": 1, "name": "bob", "token": token}))
        .await?;
    ada.state_until(s.match_id, |s| s.seats[1].connected)
        .await?;
    tokio::time::sleep(Duration::from_millis(1_200)).await;
    ada.ok(json!({"type": "move", "match_id": s.match_id, "move": "1:1"}))
        .await?;
    third
        .ok(json!({"type": "move", "match_id": s.match_id, "move": "2:1"}))
        .await?;
    server.stop().await
}

/// Presence is the player's (their token), not their name: a spectator who calls herself
/// ada does not keep ada's seat.
#[tokio::test]
async fn a_spectator_with_the_same_name_is_not_the_player() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start_with(&dir, config(400)).await?;
    let mut ada = Client::connect(&server, "ada").await?;
    let mut bob = Client::connect(&server, "bob").await?;
    let s = nim_between(&mut ada, &mut bob).await?;
    let mut namesake = Client::connect(&server, "bob").await?;
    assert_ne!(namesake.player_id, bob.player_id);
    namesake
        .ok(json!({"type": "watch", "match_id": s.match_id}))
        .await?;
    drop(bob);
    let end = ada
        .state_until(s.match_id, |s| s.status == MatchStatus::Finished)
        .await?;
    let result = end.result.expect("over");
    assert_eq!(
        (result.winner, result.reason),
        (Some(0), Reason::Abandonment)
    );
    let refused = namesake
        .request(json!({"type": "move", "match_id": s.match_id, "move": "1:1"}))
        .await?;
    assert!(
        matches!(refused.body, ServerBody::Error { .. }),
        "{refused:?}"
    );
    server.stop().await
}
