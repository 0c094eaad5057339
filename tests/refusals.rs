//! Moves that must be refused — illegal, out of turn, from someone else's seat — with the
//! right codes, leaving the match exactly as it was.

use std::time::Duration;

use grundy_e2e::{state_of, Client, Server};
use protocol::{ErrorCode, MatchStatus, ServerBody};
use serde_json::json;

fn code(body: &ServerBody) -> Option<ErrorCode> {
    match body {
        ServerBody::Error { code, .. } => Some(*code),
        _ => None,
    }
}

#[tokio::test]
async fn illegal_out_of_turn_and_foreign_moves_change_nothing() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut a = Client::connect(&server, "ada").await?;
    let mut b = Client::connect(&server, "bob").await?;
    let mut eve = Client::connect(&server, "eve").await?;
    let created = state_of(
        a.ok(
            json!({"type": "create_match", "game": "queen", "size": 11, "start": "5,3",
                     "opponent": "human"}),
        )
        .await?,
    )?;
    let id = created.match_id;
    // Moving before anyone joined.
    let m = a
        .request(json!({"type": "move", "match_id": id, "move": "5,0"}))
        .await?;
    assert_eq!(code(&m.body), Some(ErrorCode::MatchNotActive));
    b.ok(json!({"type": "join", "match_id": id})).await?;
    // A spectator cannot join a full match, nor move in it.
    let m = eve.request(json!({"type": "join", "match_id": id})).await?;
    assert_eq!(code(&m.body), Some(ErrorCode::MatchNotActive));
    let m = eve
        .request(json!({"type": "move", "match_id": id, "move": "5,0"}))
        .await?;
    assert_eq!(code(&m.body), Some(ErrorCode::NotYourSeat));
    let m = eve
        .request(json!({"type": "resign", "match_id": id}))
        .await?;
    assert_eq!(code(&m.body), Some(ErrorCode::NotYourSeat));
    // Out of turn: seat 0 (ada) moves first.
    let m = b
        .request(json!({"type": "move", "match_id": id, "move": "5,0"}))
        .await?;
    assert_eq!(code(&m.body), Some(ErrorCode::NotYourTurn));
    // Illegal and unreadable moves, with messages naming the rule.
    let m = a
        .request(json!({"type": "move", "match_id": id, "move": "4,1"}))
        .await?;
    assert_eq!(code(&m.body), Some(ErrorCode::IllegalMove));
    let ServerBody::Error { message, .. } = &m.body else {
        unreachable!()
    };
    assert_eq!(
        message,
        "the queen moves only left, down or diagonally toward the corner: 5,3 → 4,1 is neither"
    );
    let m = a
        .request(json!({"type": "move", "match_id": id, "move": "banana"}))
        .await?;
    assert_eq!(code(&m.body), Some(ErrorCode::BadNotation));
    let m = a
        .request(json!({"type": "move", "match_id": 999_999, "move": "5,0"}))
        .await?;
    assert_eq!(code(&m.body), Some(ErrorCode::NoSuchMatch));
    // No draws in impartial games; no abort after... (there is no move yet, so abort is fine
    // later); the match is untouched by all of the above.
    let m = a
        .request(json!({"type": "offer_draw", "match_id": id}))
        .await?;
    assert_eq!(code(&m.body), Some(ErrorCode::InvalidState));
    let state = state_of(eve.ok(json!({"type": "watch", "match_id": id})).await?)?;
    assert_eq!((state.ply, state.position.as_str()), (0, "5,3"));
    assert_eq!(state.status, MatchStatus::Playing);
    // A legal move still goes through, and cannot be replayed.
    a.ok(json!({"type": "move", "match_id": id, "move": "l2"}))
        .await?;
    let m = a
        .request(json!({"type": "move", "match_id": id, "move": "l2"}))
        .await?;
    assert_eq!(code(&m.body), Some(ErrorCode::NotYourTurn));
    let m = a.request(json!({"type": "abort", "match_id": id})).await?;
    assert_eq!(code(&m.body), Some(ErrorCode::InvalidState));
    server.stop().await
}

#[tokio::test]
async fn bad_create_parameters_are_explained() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut a = Client::connect(&server, "ada").await?;
    for (req, expected) in [
        (
            json!({"game": "queen", "size": 1, "opponent": "human"}),
            ErrorCode::BadParameters,
        ),
        (
            json!({"game": "nim", "size": 5, "opponent": "human"}),
            ErrorCode::BadParameters,
        ),
        (
            json!({"game": "queen", "start": "12,3", "size": 11, "opponent": "human"}),
            ErrorCode::BadPosition,
        ),
        (
            json!({"game": "queen", "start": "0,0", "opponent": "human"}),
            ErrorCode::BadPosition,
        ),
        (
            json!({"game": "nim", "opponent": {"engine": "godlike"}}),
            ErrorCode::BadParameters,
        ),
        (
            json!({"game": "queen", "size": 100000, "opponent": {"engine": "perfect"}}),
            ErrorCode::TooLarge,
        ),
    ] {
        let mut r = req.clone();
        r["type"] = json!("create_match");
        let m = a.request(r).await?;
        assert_eq!(code(&m.body), Some(expected), "{req}");
    }
    let m = a
        .request(
            json!({"type": "create_match", "game": "nim", "opponent": "human", "clock": "5+x"}),
        )
        .await?;
    assert_eq!(code(&m.body), Some(ErrorCode::BadMessage));
    // A game name is not free text: an unknown one is a malformed message, which names the
    // games there are.
    let m = a
        .request(json!({"type": "create_match", "game": "chess", "opponent": "human"}))
        .await?;
    let ServerBody::Error { code, message } = m.body else {
        panic!("refused");
    };
    assert_eq!(code, ErrorCode::BadMessage);
    assert!(
        message.contains("`queen`") && message.contains("`lgame`"),
        "{message}"
    );
    server.stop().await
}

#[tokio::test]
async fn resign_draw_abort_and_rematch() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut a = Client::connect(&server, "ada").await?;
    let mut b = Client::connect(&server, "bob").await?;
    // Abort before the first move.
    let s = state_of(
        a.ok(json!({"type": "create_match", "game": "nim", "opponent": "human"}))
            .await?,
    )?;
    a.ok(json!({"type": "abort", "match_id": s.match_id}))
        .await?;
    let s = a
        .state_until(s.match_id, |s| s.status == MatchStatus::Aborted)
        .await?;
    assert_eq!(s.result.map(|r| r.reason), Some(protocol::Reason::Aborted));
    // An L-game: draw offered, declined, offered again and accepted.
    let s = state_of(
        a.ok(json!({"type": "create_match", "game": "lgame", "opponent": "human"}))
            .await?,
    )?;
    let id = s.match_id;
    b.ok(json!({"type": "join", "match_id": id})).await?;
    a.ok(json!({"type": "offer_draw", "match_id": id})).await?;
    b.ok(json!({"type": "decline_draw", "match_id": id}))
        .await?;
    b.ok(json!({"type": "offer_draw", "match_id": id})).await?;
    a.ok(json!({"type": "accept_draw", "match_id": id})).await?;
    let s = a
        .state_until(id, |s| s.status == MatchStatus::Finished)
        .await?;
    assert_eq!(
        s.result.map(|r| (r.winner, r.reason)),
        Some((None, protocol::Reason::AgreedDraw))
    );
    // Rematch: both ask; the new match starts with the seats swapped.
    a.ok(json!({"type": "rematch", "match_id": id})).await?;
    b.ok(json!({"type": "rematch", "match_id": id})).await?;
    let s = a.state_until(id, |s| s.rematch.is_some()).await?;
    let again = state_of(
        a.ok(json!({"type": "watch", "match_id": s.rematch.unwrap_or(0)}))
            .await?,
    )?;
    assert_eq!(again.status, MatchStatus::Playing);
    assert_eq!(again.seats[0].player_id, Some(b.player_id));
    assert_eq!(again.rematch_of, Some(id));
    // Resignation.
    b.ok(json!({"type": "resign", "match_id": again.match_id}))
        .await?;
    let s = a
        .state_until(again.match_id, |s| s.status == MatchStatus::Finished)
        .await?;
    assert_eq!(
        s.result.map(|r| (r.winner, r.reason)),
        Some((Some(1), protocol::Reason::Resignation))
    );
    server.stop().await
}

/// A finished match leaves memory soon; a rematch asked for later brings it back.
#[tokio::test]
async fn a_rematch_after_the_match_left_memory() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let config = daemon::Config {
        linger: Duration::from_millis(100),
        ..grundy_e2e::test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let mut a = Client::connect(&server, "ada").await?;
    let mut b = Client::connect(&server, "bob").await?;
    let s = grundy_e2e::nim_between(&mut a, &mut b).await?;
    let id = s.match_id;
    b.ok(json!({"type": "resign", "match_id": id})).await?;
    a.state_until(id, |s| s.status == MatchStatus::Finished)
        .await?;
    // Gone from the lobby and from memory; a finished match is still watchable.
    tokio::time::sleep(Duration::from_millis(400)).await;
    let gone = a
        .request(json!({"type": "offer_draw", "match_id": id}))
        .await?;
    assert_eq!(code(&gone.body), Some(ErrorCode::NoSuchMatch));
    a.ok(json!({"type": "rematch", "match_id": id})).await?;
    b.ok(json!({"type": "rematch", "match_id": id})).await?;
    let old = state_of(a.ok(json!({"type": "watch", "match_id": id})).await?)?;
    let again = state_of(
        b.ok(json!({"type": "watch", "match_id": old.rematch.unwrap_or(0)}))
            .await?,
    )?;
    assert_eq!(again.status, MatchStatus::Playing);
    assert_eq!(again.rematch_of, Some(id));
    assert_eq!(again.seats[0].player_id, Some(b.player_id));
    // Once is enough: asking again names the rematch.
    let twice = a
        .request(json!({"type": "rematch", "match_id": id}))
        .await?;
    assert_eq!(code(&twice.body), Some(ErrorCode::InvalidState));
    server.stop().await
}

#[tokio::test]
async fn a_name_does_not_give_a_seat() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut ada = Client::connect(&server, "ada").await?;
    let mut bob = Client::connect(&server, "bob").await?;
    let s = grundy_e2e::nim_between(&mut ada, &mut bob).await?;
    // Someone else calling themselves ada is another player, with no seat here.
    let mut impostor = Client::connect(&server, "ada").await?;
    assert_ne!(impostor.player_id, ada.player_id);
    for req in [
        json!({"type": "move", "match_id": s.match_id, "move": "1:1"}),
        json!({"type": "resign", "match_id": s.match_id}),
        json!({"type": "offer_draw", "match_id": s.match_id}),
        json!({"type": "abort", "match_id": s.match_id}),
    ] {
        let m = impostor.request(req.clone()).await?;
        assert_eq!(code(&m.body), Some(ErrorCode::NotYourSeat), "{req}");
    }
    let state = state_of(
        ada.ok(json!({"type": "watch", "match_id": s.match_id}))
            .await?,
    )?;
    assert_eq!((state.ply, state.status), (0, MatchStatus::Playing));
    server.stop().await
}
