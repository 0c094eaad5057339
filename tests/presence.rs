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
