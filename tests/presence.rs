//! Players leaving and coming back: the opponent sees it, a player back in time plays on, a
//! player away too long loses the match by abandonment. A player is here while any of their
//! connections is open.

use std::time::Duration;

use anyhow::Context as _;

use daemon::Config;
use grundy_e2e::{nim_between, refused, state_of, test_config, Client, Hello, Server};
use protocol::{ErrorCode, MatchState, MatchStatus, Reason, Request};

fn config(grace_ms: u64) -> Config {
    Config {
        abandon_after: Duration::from_millis(grace_ms),
        ..test_config()
    }
}

/// The state of match `id` as `c` sees it now.
async fn watch(c: &mut Client, id: i64) -> anyhow::Result<MatchState> {
    state_of(c.request(Request::Watch { match_id: id }).await?)
}

/// A second connection of the player `c` is.
async fn second(server: &Server, c: &Client, name: &str) -> anyhow::Result<Client> {
    let hello = Hello::new(name).with_token(Some(c.token().to_owned()));
    server.connect_as(hello).await
}

fn abandoned_by(state: &MatchState, seat: u8) -> bool {
    state
        .result
        .is_some_and(|r| r.reason == Reason::Abandonment && r.winner == Some(1 - seat))
}

#[tokio::test]
async fn a_player_away_too_long_loses_by_abandonment() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start_with(&dir, config(400)).await?;
    let mut ada = server.connect("ada").await?;
    let mut bob = server.connect("bob").await?;
    let s = nim_between(&mut ada, &mut bob).await?;
    drop(bob);
    let away = ada
        .state_until(s.match_id, |s| !s.seats[1].connected)
        .await?;
    assert_eq!(away.status, MatchStatus::Playing);
    // Ada is told how long bob has to come back; she herself is here.
    let left = away.seats[1]
        .abandon_in_ms
        .expect("bob's time to come back");
    assert!(left <= 400, "{left} ms");
    assert_eq!(away.seats[0].abandon_in_ms, None);
    let end = ada
        .state_until(s.match_id, |s| s.status == MatchStatus::Finished)
        .await?;
    assert!(abandoned_by(&end, 1), "{:?}", end.result);
    server.stop().await
}

#[tokio::test]
async fn a_player_back_in_time_plays_on() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start_with(&dir, config(3_000)).await?;
    let mut ada = server.connect("ada").await?;
    let mut bob = server.connect("bob").await?;
    let token = bob.token().to_owned();
    let s = nim_between(&mut ada, &mut bob).await?;
    drop(bob);
    ada.state_until(s.match_id, |s| !s.seats[1].connected)
        .await?;
    // Bob comes back with his token: same player, same seat, told which matches are open.
    let mut bob = server
        .connect_as(Hello::new("bob").with_token(Some(token)))
        .await?;
    assert_eq!(
        bob.welcome().map(|w| w.matches.clone()),
        Some(vec![s.match_id])
    );
    let back = ada
        .state_until(s.match_id, |s| s.seats[1].connected)
        .await?;
    assert_eq!(back.status, MatchStatus::Playing);
    assert_eq!(
        watch(&mut bob, s.match_id).await?.status,
        MatchStatus::Playing
    );
    ada.request(Request::play(s.match_id, "1:1")).await?;
    bob.request(Request::play(s.match_id, "2:1")).await?;
    server.stop().await
}

/// The grace period of the scenarios of several connections.
const GRACE_MS: u64 = 400;

/// One player's several connections, each scenario on its own players and match, all at once
/// on one server (each waits out grace periods; together they wait once).
#[tokio::test]
async fn a_player_is_here_while_any_of_their_connections_is_open() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start_with(&dir, config(GRACE_MS)).await?;
    let (a, b, c, d) = tokio::join!(
        a_second_connection_closing_keeps_the_player_here(&server),
        the_last_connection_closing_starts_the_grace_period(&server),
        a_new_connection_inside_the_grace_period_cancels_it(&server),
        a_spectator_with_the_same_name_is_not_the_player(&server),
    );
    a.context("a second connection closing")?;
    b.context("the last connection closing")?;
    c.context("a new connection inside the grace period")?;
    d.context("a spectator with the same name")?;
    server.stop().await
}

/// A second connection of the same player (a `grundy lobby` in another terminal) that
/// closes does not make the player away: only their last connection closing does.
async fn a_second_connection_closing_keeps_the_player_here(server: &Server) -> anyhow::Result<()> {
    let mut ada = server.connect("ada").await?;
    let mut bob = server.connect("bob").await?;
    let s = nim_between(&mut ada, &mut bob).await?;
    let mut lobby = second(server, &ada, "ada").await?;
    lobby.request(Request::lobby()).await?;
    drop(lobby);
    // Past the grace period: ada's first connection is open all along, so she plays on.
    tokio::time::sleep(Duration::from_millis(GRACE_MS + 300)).await;
    ada.request(Request::play(s.match_id, "1:1")).await?;
    let state = watch(&mut bob, s.match_id).await?;
    assert_eq!(state.status, MatchStatus::Playing);
    assert!(state.seats[0].connected, "{:?}", state.seats);
    Ok(())
}

/// Both of a player's connections closing makes them away; the grace period counts from
/// the last one.
async fn the_last_connection_closing_starts_the_grace_period(
    server: &Server,
) -> anyhow::Result<()> {
    let mut ada = server.connect("ada").await?;
    let mut bob = server.connect("bob").await?;
    let s = nim_between(&mut ada, &mut bob).await?;
    let other = second(server, &bob, "bob").await?;
    drop(bob);
    tokio::time::sleep(Duration::from_millis(GRACE_MS / 2)).await;
    let state = watch(&mut ada, s.match_id).await?;
    assert!(state.seats[1].connected, "bob's second connection is open");
    let last_closed = tokio::time::Instant::now();
    drop(other);
    ada.state_until(s.match_id, |s| !s.seats[1].connected)
        .await?;
    let end = ada
        .state_until(s.match_id, |s| s.status == MatchStatus::Finished)
        .await?;
    assert!(last_closed.elapsed() >= Duration::from_millis(GRACE_MS));
    assert!(abandoned_by(&end, 1), "{:?}", end.result);
    Ok(())
}

/// A connection opening inside the grace period brings the player back, even when it is
/// not the one that left.
async fn a_new_connection_inside_the_grace_period_cancels_it(
    server: &Server,
) -> anyhow::Result<()> {
    let mut ada = server.connect("ada").await?;
    let mut bob = server.connect("bob").await?;
    let s = nim_between(&mut ada, &mut bob).await?;
    let token = bob.token().to_owned();
    let other = second(server, &bob, "bob").await?;
    drop(bob);
    drop(other);
    ada.state_until(s.match_id, |s| !s.seats[1].connected)
        .await?;
    let mut third = server
        .connect_as(Hello::new("bob").with_token(Some(token)))
        .await?;
    ada.state_until(s.match_id, |s| s.seats[1].connected)
        .await?;
    tokio::time::sleep(Duration::from_millis(GRACE_MS + 300)).await;
    ada.request(Request::play(s.match_id, "1:1")).await?;
    third.request(Request::play(s.match_id, "2:1")).await?;
    Ok(())
}

/// Presence is the player's (their token), not their name: a spectator who calls himself
/// bob does not keep bob's seat.
async fn a_spectator_with_the_same_name_is_not_the_player(server: &Server) -> anyhow::Result<()> {
    let mut ada = server.connect("ada").await?;
    let mut bob = server.connect("bob").await?;
    let s = nim_between(&mut ada, &mut bob).await?;
    let mut namesake = server.connect("bob").await?;
    assert_ne!(namesake.player_id(), bob.player_id());
    watch(&mut namesake, s.match_id).await?;
    drop(bob);
    let end = ada
        .state_until(s.match_id, |s| s.status == MatchStatus::Finished)
        .await?;
    assert!(abandoned_by(&end, 1), "{:?}", end.result);
    let code = refused(namesake.request(Request::play(s.match_id, "1:1")).await)?;
    assert_eq!(code, ErrorCode::NotYourSeat);
    Ok(())
}
