//! What was played survives a restart of the daemon on the same database.

use client::{Client, Hello};
use grundy_e2e::{best_move, knowledge, state_of, Server};
use protocol::{
    Game, GameParams, MatchState, MatchStatus, NewMatch, Opponent, Request, ServerBody,
};

/// The queen on 11×11 from 10,6, created by `a` and joined by `b`: its state then.
async fn queen_between(a: &mut Client, b: &mut Client) -> anyhow::Result<MatchState> {
    let queen = GameParams {
        size: Some(11),
        ..GameParams::of(Game::Queen)
    };
    let queen = NewMatch::new(queen, Opponent::Human).start("10,6");
    let open = state_of(a.request(Request::create(queen)).await?)?;
    b.request(Request::Join {
        match_id: open.match_id,
    })
    .await?;
    Ok(open)
}

#[tokio::test]
async fn finished_and_unfinished_games_survive_a_restart() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let k = knowledge();
    let server = Server::start(&dir).await?;
    let mut a = server.connect("ada").await?;
    // A finished game against the engine.
    let nim = NewMatch::new(GameParams::of(Game::Nim), Opponent::engine("perfect")).start("1,2,2");
    let s = state_of(a.request(Request::create(nim)).await?)?;
    let mut state = s.clone();
    while state.status == MatchStatus::Playing {
        if state.to_move == Some(0) {
            let mv = best_move(&k, &state, 1)?;
            a.request(Request::play(s.match_id, &mv)).await?;
        }
        let ply = state.ply;
        state = a
            .state_until(s.match_id, |t| {
                t.ply > ply || t.status != MatchStatus::Playing
            })
            .await?;
    }
    // An unfinished one between two people, two moves in.
    let mut b = server.connect("bob").await?;
    let open = queen_between(&mut a, &mut b).await?;
    a.request(Request::play(open.match_id, "9,6")).await?;
    b.request(Request::play(open.match_id, "9,5")).await?;
    drop((a, b));
    server.stop().await?;

    let server = Server::start(&dir).await?;
    let mut c = server.connect("carol").await?;
    let again = state_of(
        c.request(Request::Watch {
            match_id: s.match_id,
        })
        .await?,
    )?;
    assert_eq!(again.history, state.history);
    assert_eq!(again.result, state.result);
    assert_eq!(again.status, MatchStatus::Finished);
    let resumed = state_of(
        c.request(Request::Watch {
            match_id: open.match_id,
        })
        .await?,
    )?;
    assert_eq!(resumed.status, MatchStatus::Playing);
    assert_eq!(resumed.position, "9,5");
    assert_eq!(resumed.ply, 2);
    server.stop().await
}

/// A backup of the games file alone (copied while the daemon is stopped, without the
/// analysis file beside it) serves its matches, the analysis tables computed again at start.
#[tokio::test]
async fn the_games_file_alone_serves_its_matches_and_the_tables_come_back() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut a = server.connect("ada").await?;
    let mut b = server.connect("bob").await?;
    let open = queen_between(&mut a, &mut b).await?;
    a.request(Request::play(open.match_id, "9,6")).await?;
    drop((a, b));
    server.stop().await?;

    let backup = tempfile::tempdir()?;
    std::fs::copy(
        dir.path().join("grundy.db"),
        backup.path().join("grundy.db"),
    )?;
    let server = Server::start(&backup).await?;
    assert!(backup.path().join("grundy.analysis.db").exists());
    let mut c = server.connect("carol").await?;
    let resumed = state_of(
        c.request(Request::Watch {
            match_id: open.match_id,
        })
        .await?,
    )?;
    assert_eq!((resumed.position.as_str(), resumed.ply), ("9,6", 1));
    let asked = Request::Query {
        params: GameParams {
            size: Some(11),
            ..GameParams::of(Game::Queen)
        },
        position: "5,3".into(),
        limit: Some(0),
    };
    match c.request(asked).await? {
        ServerBody::Classification(q) => {
            assert_eq!((q.source.as_str(), q.value.grundy), ("table", Some(0)))
        }
        other => anyhow::bail!("expected a classification, got {other:?}"),
    }
    server.stop().await
}

/// A corner game with a piece of one's own (`RN`, a rook that also leaps like a knight): its
/// piece travels with the match, is stored with it, and comes back with it after a restart;
/// the knight's leap is a move, a step the piece has not is refused by its rule; the record
/// names the piece and is read back as the same game.
#[tokio::test]
async fn a_defined_piece_is_played_stored_and_taken_up_again() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let (mut a, mut b) = (server.connect("ada").await?, server.connect("bob").await?);
    let rn = GameParams {
        size: Some(16),
        piece: Some("NR".to_owned()),
        ..GameParams::of(Game::Corner)
    };
    let new = NewMatch::new(rn, Opponent::Human).start("5,3");
    let open = state_of(a.request(Request::create(new)).await?)?;
    assert_eq!(
        open.params.piece.as_deref(),
        Some("RN"),
        "written canonically"
    );
    b.request(Request::Join {
        match_id: open.match_id,
    })
    .await?;
    let refused = grundy_e2e::refusal(a.request(Request::play(open.match_id, "4,2")).await)?;
    assert_eq!(
        refused.message,
        "the piece RN moves only as its letters say, and only toward the corner: 5,3 → 4,2 is \
         not one of its moves"
    );
    // The knight's leap.
    a.request(Request::play(open.match_id, "4,1")).await?;
    let tokens = [a.token().to_owned(), b.token().to_owned()];
    drop((a, b));
    server.stop().await?;

    let server = Server::start(&dir).await?;
    let back = |name: &str, token: &str| Hello::new(name).with_token(Some(token.to_owned()));
    let mut a = server.connect_as(back("ada", &tokens[0])).await?;
    let mut b = server.connect_as(back("bob", &tokens[1])).await?;
    let resumed = state_of(
        b.request(Request::Watch {
            match_id: open.match_id,
        })
        .await?,
    )?;
    assert_eq!(resumed.params.piece.as_deref(), Some("RN"));
    assert_eq!((resumed.position.as_str(), resumed.ply), ("4,1", 1));
    a.request(Request::Watch {
        match_id: open.match_id,
    })
    .await?;
    let over = grundy_e2e::play_out([&mut a, &mut b], resumed, &knowledge()).await?;
    assert_eq!(over.status, MatchStatus::Finished);
    let ServerBody::Export { content, .. } = a
        .request(Request::Export {
            match_id: open.match_id,
            format: protocol::ExportFormat::Text,
        })
        .await?
    else {
        anyhow::bail!("expected an export")
    };
    assert!(
        content.contains("[Game \"corner\"]\n[Piece \"RN\"]"),
        "{content}"
    );
    let ServerBody::Imported { .. } = a.request(Request::Import { text: content }).await? else {
        anyhow::bail!("expected imported")
    };
    server.stop().await
}

/// A heap game by its rule (Kayles): the rule travels with the match, written canonically,
/// is stored with it and comes back after a restart; a split puts two heaps side by side, a
/// move the rule has not is refused by it; the record names the rule and is read back.
#[tokio::test]
async fn a_heap_game_is_played_stored_and_taken_up_again() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let (mut a, mut b) = (server.connect("ada").await?, server.connect("bob").await?);
    let kayles = GameParams {
        rule: Some("kayles".to_owned()),
        edge: None,
        ..GameParams::of(Game::Heap)
    };
    let new = NewMatch::new(kayles, Opponent::Human).start("7,2");
    let open = state_of(a.request(Request::create(new)).await?)?;
    assert_eq!(open.params.rule.as_deref(), Some("octal 0.77"));
    b.request(Request::Join {
        match_id: open.match_id,
    })
    .await?;
    let refused = grundy_e2e::refusal(a.request(Request::play(open.match_id, "1:3")).await)?;
    assert_eq!(refused.message, "octal 0.77 has no move :3");
    a.request(Request::play(open.match_id, "1:1=2+4")).await?;
    let tokens = [a.token().to_owned(), b.token().to_owned()];
    drop((a, b));
    server.stop().await?;

    let server = Server::start(&dir).await?;
    let back = |name: &str, token: &str| Hello::new(name).with_token(Some(token.to_owned()));
    let mut a = server.connect_as(back("ada", &tokens[0])).await?;
    let mut b = server.connect_as(back("bob", &tokens[1])).await?;
    let resumed = state_of(
        b.request(Request::Watch {
            match_id: open.match_id,
        })
        .await?,
    )?;
    assert_eq!(resumed.params.rule.as_deref(), Some("octal 0.77"));
    assert_eq!((resumed.position.as_str(), resumed.ply), ("2,4,2", 1));
    a.request(Request::Watch {
        match_id: open.match_id,
    })
    .await?;
    let over = grundy_e2e::play_out([&mut a, &mut b], resumed, &knowledge()).await?;
    assert_eq!(over.status, MatchStatus::Finished);
    let ServerBody::Export { content, .. } = a
        .request(Request::Export {
            match_id: open.match_id,
            format: protocol::ExportFormat::Text,
        })
        .await?
    else {
        anyhow::bail!("expected an export")
    };
    assert!(
        content.contains("[Game \"heap\"]\n[Rule \"octal 0.77\"]"),
        "{content}"
    );
    let ServerBody::Imported { .. } = a.request(Request::Import { text: content }).await? else {
        anyhow::bail!("expected imported")
    };
    server.stop().await
}

/// Chocolate whose staircase's edge is a formula (`z*z`): the edge travels with the match, a
/// vertical break lowers the stair to the edge and a wrong height is refused naming f, the
/// match comes back after a restart with its edge, the engine plays it perfectly, and the
/// record names the edge and is read back.
#[tokio::test]
async fn a_chocolate_bar_with_a_formula_edge_is_played_stored_and_taken_up_again(
) -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut a = server.connect("ada").await?;
    let square = GameParams {
        edge: Some("z  *  z".to_owned()),
        ..GameParams::of(Game::Chocolate)
    };
    let new = NewMatch::new(square, Opponent::engine("perfect")).start("3,8,4");
    let open = state_of(a.request(Request::create(new)).await?)?;
    assert_eq!(
        (open.params.edge.as_deref(), open.params.k),
        (Some("z * z"), None)
    );
    let protocol::Board::Chocolate { tops, .. } = &open.board else {
        anyhow::bail!("a bar: {:?}", open.board)
    };
    assert_eq!(tops.as_deref(), Some(&[0, 1, 4, 8, 8][..]));
    let refused = grundy_e2e::refusal(a.request(Request::play(open.match_id, "3,8,2")).await)?;
    assert_eq!(
        refused.message,
        "a vertical break to z=2 leaves y = min(8, f(2)) = 4, not 8"
    );
    // y = 4, z = 2 … whatever the engine answers, it answers from the edge's table.
    a.request(Request::play(open.match_id, "z=3")).await?;
    let token = a.token().to_owned();
    drop(a);
    server.stop().await?;

    let server = Server::start(&dir).await?;
    let mut a = server
        .connect_as(Hello::new("ada").with_token(Some(token)))
        .await?;
    let resumed = state_of(
        a.request(Request::Watch {
            match_id: open.match_id,
        })
        .await?,
    )?;
    assert_eq!(resumed.params.edge.as_deref(), Some("z * z"));
    assert_eq!(resumed.ply, 2, "the engine answered before the restart");
    let mut k = knowledge();
    let edge = engine::chocolate::Edge::formula("z * z")?;
    k.add_chocolate(std::sync::Arc::new(engine::chocolate::Table::solve(
        edge, 16,
    )?));
    // Played out with perfect moves against the perfect engine.
    let mut state = resumed;
    while state.status == MatchStatus::Playing {
        let mv = best_move(&k, &state, state.ply.into())?;
        let reply = a.request(Request::play(open.match_id, &mv)).await?;
        let ServerBody::MoveAccepted { ply, .. } = reply else {
            anyhow::bail!("expected move_accepted, got {reply:?}")
        };
        state = a
            .state_until(open.match_id, |s| {
                s.ply > ply || s.status != MatchStatus::Playing
            })
            .await?;
    }
    let ServerBody::Export { content, .. } = a
        .request(Request::Export {
            match_id: open.match_id,
            format: protocol::ExportFormat::Text,
        })
        .await?
    else {
        anyhow::bail!("expected an export")
    };
    assert!(
        content.contains("[Game \"chocolate\"]\n[Edge \"z * z\"]"),
        "{content}"
    );
    let ServerBody::Imported { .. } = a.request(Request::Import { text: content }).await? else {
        anyhow::bail!("expected imported")
    };
    server.stop().await
}
