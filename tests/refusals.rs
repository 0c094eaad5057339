//! Moves that must be refused — illegal, out of turn, from someone else's seat — with the
//! right codes, leaving the match exactly as it was.

use std::time::Duration;

use grundy_e2e::{refusal, refusal_of_text, refused, state_of, Server};
use protocol::{ErrorCode, Game, GameParams, MatchStatus, NewMatch, Opponent, Request};

/// `game` on a board of side `size`.
fn board(game: Game, size: u64) -> GameParams {
    GameParams {
        size: Some(size),
        ..GameParams::of(game)
    }
}

#[tokio::test]
async fn illegal_out_of_turn_and_foreign_moves_change_nothing() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut a = server.connect("ada").await?;
    let mut b = server.connect("bob").await?;
    let mut eve = server.connect("eve").await?;
    let queen = NewMatch::new(board(Game::Queen, 11), Opponent::Human).start("5,3");
    let created = state_of(a.request(Request::create(queen)).await?)?;
    let id = created.match_id;
    let join = Request::Join { match_id: id };
    // Moving before anyone joined.
    let code = refused(a.request(Request::play(id, "5,0")).await)?;
    assert_eq!(code, ErrorCode::MatchNotActive);
    b.request(join.clone()).await?;
    // A spectator cannot join a full match, nor move in it.
    assert_eq!(refused(eve.request(join).await)?, ErrorCode::MatchNotActive);
    let code = refused(eve.request(Request::play(id, "5,0")).await)?;
    assert_eq!(code, ErrorCode::NotYourSeat);
    let code = refused(eve.request(Request::Resign { match_id: id }).await)?;
    assert_eq!(code, ErrorCode::NotYourSeat);
    // Out of turn: seat 0 (ada) moves first.
    let code = refused(b.request(Request::play(id, "5,0")).await)?;
    assert_eq!(code, ErrorCode::NotYourTurn);
    // Illegal and unreadable moves, with messages naming the rule.
    let e = refusal(a.request(Request::play(id, "4,1")).await)?;
    assert_eq!(e.code, ErrorCode::IllegalMove);
    assert_eq!(
        e.message,
        "the queen moves only left, down or diagonally toward the corner: 5,3 → 4,1 is neither"
    );
    let code = refused(a.request(Request::play(id, "banana")).await)?;
    assert_eq!(code, ErrorCode::BadNotation);
    let code = refused(a.request(Request::play(999_999, "5,0")).await)?;
    assert_eq!(code, ErrorCode::NoSuchMatch);
    // No draws in impartial games; no abort after... (there is no move yet, so abort is fine
    // later); the match is untouched by all of the above.
    let code = refused(a.request(Request::OfferDraw { match_id: id }).await)?;
    assert_eq!(code, ErrorCode::InvalidState);
    let state = state_of(eve.request(Request::Watch { match_id: id }).await?)?;
    assert_eq!((state.ply, state.position.as_str()), (0, "5,3"));
    assert_eq!(state.status, MatchStatus::Playing);
    // A legal move still goes through, and cannot be replayed.
    a.request(Request::play(id, "l2")).await?;
    let code = refused(a.request(Request::play(id, "l2")).await)?;
    assert_eq!(code, ErrorCode::NotYourTurn);
    let code = refused(a.request(Request::Abort { match_id: id }).await)?;
    assert_eq!(code, ErrorCode::InvalidState);
    server.stop().await
}

#[tokio::test]
async fn bad_create_parameters_are_explained() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut a = server.connect("ada").await?;
    let human = |params: GameParams| NewMatch::new(params, Opponent::Human);
    for (new, expected) in [
        (human(board(Game::Queen, 1)), ErrorCode::BadParameters),
        (human(board(Game::Nim, 5)), ErrorCode::BadParameters),
        (
            human(board(Game::Queen, 11)).start("12,3"),
            ErrorCode::BadPosition,
        ),
        (
            human(GameParams::of(Game::Queen)).start("0,0"),
            ErrorCode::BadPosition,
        ),
        (
            NewMatch::new(GameParams::of(Game::Nim), Opponent::engine("godlike")),
            ErrorCode::BadParameters,
        ),
        (
            NewMatch::new(board(Game::Queen, 100_000), Opponent::engine("perfect")),
            ErrorCode::TooLarge,
        ),
    ] {
        let code = refused(a.request(Request::create(new.clone())).await)?;
        assert_eq!(code, expected, "{new:?}");
    }
    // A clock that cannot be read, and a game name that is not a game's, are not what the
    // protocol's types can say: sent as text.
    let e = refusal_of_text(
        &mut a,
        r#"{"type":"create_match","id":101,"game":"nim","opponent":"human","clock":"5+x"}"#,
        Some(101),
    )
    .await?;
    assert_eq!(e.code, ErrorCode::BadMessage);
    // A game name is not free text: an unknown one is a malformed message, which names the
    // games there are.
    let e = refusal_of_text(
        &mut a,
        r#"{"type":"create_match","id":102,"game":"chess","opponent":"human"}"#,
        Some(102),
    )
    .await?;
    assert_eq!(e.code, ErrorCode::BadMessage);
    assert!(
        e.message.contains("`queen`") && e.message.contains("`lgame`"),
        "{}",
        e.message
    );
    server.stop().await
}

#[tokio::test]
async fn resign_draw_abort_and_rematch() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut a = server.connect("ada").await?;
    let mut b = server.connect("bob").await?;
    // Abort before the first move.
    let nim = NewMatch::new(GameParams::of(Game::Nim), Opponent::Human);
    let s = state_of(a.request(Request::create(nim)).await?)?;
    a.request(Request::Abort {
        match_id: s.match_id,
    })
    .await?;
    let s = a
        .state_until(s.match_id, |s| s.status == MatchStatus::Aborted)
        .await?;
    assert_eq!(s.result.map(|r| r.reason), Some(protocol::Reason::Aborted));
    // An L-game: draw offered, declined, offered again and accepted.
    let lgame = NewMatch::new(GameParams::of(Game::LGame), Opponent::Human);
    let s = state_of(a.request(Request::create(lgame)).await?)?;
    let id = s.match_id;
    b.request(Request::Join { match_id: id }).await?;
    a.request(Request::OfferDraw { match_id: id }).await?;
    b.request(Request::DeclineDraw { match_id: id }).await?;
    b.request(Request::OfferDraw { match_id: id }).await?;
    a.request(Request::AcceptDraw { match_id: id }).await?;
    let s = a
        .state_until(id, |s| s.status == MatchStatus::Finished)
        .await?;
    assert_eq!(
        s.result.map(|r| (r.winner, r.reason)),
        Some((None, protocol::Reason::AgreedDraw))
    );
    // Rematch: both ask; the new match starts with the seats swapped.
    a.request(Request::Rematch { match_id: id }).await?;
    b.request(Request::Rematch { match_id: id }).await?;
    let s = a.state_until(id, |s| s.rematch.is_some()).await?;
    let again = state_of(
        a.request(Request::Watch {
            match_id: s.rematch.unwrap_or(0),
        })
        .await?,
    )?;
    assert_eq!(again.status, MatchStatus::Playing);
    assert_eq!(again.seats[0].player_id, Some(b.player_id()));
    assert_eq!(again.rematch_of, Some(id));
    // Resignation.
    b.request(Request::Resign {
        match_id: again.match_id,
    })
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
    let mut a = server.connect("ada").await?;
    let mut b = server.connect("bob").await?;
    let s = grundy_e2e::nim_between(&mut a, &mut b).await?;
    let id = s.match_id;
    b.request(Request::Resign { match_id: id }).await?;
    a.state_until(id, |s| s.status == MatchStatus::Finished)
        .await?;
    // Gone from the lobby and from memory; a finished match is still watchable.
    tokio::time::sleep(Duration::from_millis(400)).await;
    let gone = refused(a.request(Request::OfferDraw { match_id: id }).await)?;
    assert_eq!(gone, ErrorCode::NoSuchMatch);
    a.request(Request::Rematch { match_id: id }).await?;
    b.request(Request::Rematch { match_id: id }).await?;
    let old = state_of(a.request(Request::Watch { match_id: id }).await?)?;
    let again = state_of(
        b.request(Request::Watch {
            match_id: old.rematch.unwrap_or(0),
        })
        .await?,
    )?;
    assert_eq!(again.status, MatchStatus::Playing);
    assert_eq!(again.rematch_of, Some(id));
    assert_eq!(again.seats[0].player_id, Some(b.player_id()));
    // Once is enough: asking again names the rematch.
    let twice = refused(a.request(Request::Rematch { match_id: id }).await)?;
    assert_eq!(twice, ErrorCode::InvalidState);
    server.stop().await
}

#[tokio::test]
async fn a_name_does_not_give_a_seat() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut ada = server.connect("ada").await?;
    let mut bob = server.connect("bob").await?;
    let s = grundy_e2e::nim_between(&mut ada, &mut bob).await?;
    // Someone else calling themselves ada is another player, with no seat here.
    let mut impostor = server.connect("ada").await?;
    assert_ne!(impostor.player_id(), ada.player_id());
    let match_id = s.match_id;
    for req in [
        Request::play(match_id, "1:1"),
        Request::Resign { match_id },
        Request::OfferDraw { match_id },
        Request::Abort { match_id },
    ] {
        let code = refused(impostor.request(req.clone()).await)?;
        assert_eq!(code, ErrorCode::NotYourSeat, "{req:?}");
    }
    let state = state_of(ada.request(Request::Watch { match_id }).await?)?;
    assert_eq!((state.ply, state.status), (0, MatchStatus::Playing));
    server.stop().await
}

/// A misspelt field (`"misre"`) once gave normal play without a word: a field a request does
/// not have is refused, naming it and the fields allowed, and nothing is created.
#[tokio::test]
async fn an_unknown_field_is_refused_naming_the_allowed_ones() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut ada = server.connect("ada").await?;
    let e = grundy_e2e::refusal_of_text(
        &mut ada,
        r#"{"type":"create_match","id":7,"game":"nim","misre":true,"opponent":{"engine":"perfect"}}"#,
        Some(7),
    )
    .await?;
    assert_eq!(e.code, ErrorCode::BadMessage);
    assert!(
        e.message.starts_with(
            "unknown field `misre` in create_match (did you mean `misere`?): its fields are \
             type, id, game, size, k, misere, piece, rule, start, opponent"
        ),
        "{}",
        e.message
    );
    let e = grundy_e2e::refusal_of_text(
        &mut ada,
        r#"{"type":"query","id":8,"game":"nim","position":"1,2,3","misre":true}"#,
        Some(8),
    )
    .await?;
    assert!(
        e.message.starts_with("unknown field `misre` in query"),
        "{}",
        e.message
    );
    // Nothing was created, and the connection goes on.
    let protocol::ServerBody::Lobby { open, playing, .. } = ada.request(Request::lobby()).await?
    else {
        anyhow::bail!("no lobby");
    };
    assert!(open.is_empty() && playing.is_empty());
    server.stop().await
}
