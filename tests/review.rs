//! Review, export and import over websockets.

use grundy_e2e::{knowledge, play_out, refusal, state_of, Server};
use protocol::{
    ErrorCode, ExportFormat, Game, GameParams, GameQuery, NewMatch, Opponent, Request, ServerBody,
    Verdict,
};

#[tokio::test]
async fn a_blunder_is_flagged_with_the_winning_alternatives_and_games_round_trip(
) -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let k = knowledge();
    let mut ada = server.connect("ada").await?;
    let mut bob = server.connect("bob").await?;
    let queen = GameParams {
        size: Some(8),
        ..GameParams::of(Game::Queen)
    };
    let s = state_of(
        ada.request(Request::create(NewMatch::new(queen, Opponent::Human)))
            .await?,
    )?;
    let id = s.match_id;
    bob.request(Request::Join { match_id: id }).await?;
    // From 7,3 only 5,3 wins; 6,3 throws the win away.
    ada.request(Request::play(id, "6,3")).await?;
    let state = bob.state_until(id, |s| s.ply == 1).await?;
    let state = play_out([&mut ada, &mut bob], state, &k).await?;
    assert_eq!(state.result.map(|r| r.winner), Some(Some(1)));

    let ServerBody::Review { moves, .. } = ada.request(Request::review(id)).await? else {
        panic!("expected a review")
    };
    assert_eq!(moves.len() as u32, state.ply);
    let first = &moves[0];
    assert_eq!(
        (first.played.notation.as_str(), first.annotation.as_str()),
        ("6,3", "blunder")
    );
    assert_eq!(first.before.outcome, Verdict::Win);
    assert_eq!(first.after.outcome, Verdict::Win);
    let winning: Vec<&str> = first
        .better
        .iter()
        .filter(|b| b.value.outcome == Verdict::Loss)
        .map(|b| b.notation.as_str())
        .collect();
    assert_eq!(winning, ["5,3"]);
    // Bob, playing perfectly from a won position, made only best moves.
    assert!(moves
        .iter()
        .filter(|m| m.played.seat == 1)
        .all(|m| m.annotation == "best"));

    // Export as text, import it back, export again: the same game.
    let export = |body: ServerBody| match body {
        ServerBody::Export { content, .. } => content,
        other => panic!("expected an export, got {other:?}"),
    };
    let as_text = |match_id| Request::Export {
        match_id,
        format: ExportFormat::Text,
    };
    let text = export(ada.request(as_text(id)).await?);
    assert!(
        text.contains("[Game \"queen\"]") && text.contains("blunder"),
        "{text}"
    );
    let import = |text: &str| Request::Import {
        text: text.to_owned(),
    };
    let ServerBody::Imported { match_id: copy } = ada.request(import(&text)).await? else {
        panic!("expected imported")
    };
    assert_ne!(copy, id);
    let again = export(ada.request(as_text(copy)).await?);
    let body = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with("[Event"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&again), body(&text));
    let json_text = export(
        ada.request(Request::Export {
            match_id: id,
            format: ExportFormat::Json,
        })
        .await?,
    );
    let v: serde_json::Value = serde_json::from_str(&json_text)?;
    assert_eq!(v["game"], "queen");
    // The imported game is listed under the players' names.
    let bob_won = GameQuery {
        player: Some("bob".to_owned()),
        result: Some("win".to_owned()),
        ..GameQuery::default()
    };
    let ServerBody::Games { games } = ada.request(Request::Games { filter: bob_won }).await? else {
        panic!("expected games")
    };
    assert_eq!(
        games.iter().map(|g| g.match_id).collect::<Vec<_>>(),
        vec![copy, id]
    );

    // A doctored game is refused with the ply and the rule, and nothing is stored.
    let bad = text.replacen("1. 6,3", "1. 6,4", 1);
    let e = refusal(ada.request(import(&bad)).await)?;
    assert_eq!(e.code, ErrorCode::IllegalMove, "{}", e.message);
    assert!(e.message.contains("ply 1"), "{}", e.message);
    let all = Request::Games {
        filter: GameQuery::default(),
    };
    let ServerBody::Games { games } = ada.request(all).await? else {
        panic!("expected games")
    };
    assert_eq!(games.len(), 2);
    server.stop().await
}

/// A sum played by two people, the first move a blunder: the review flags it and lists the
/// move that kept the nim-sum at 0, the query explains why, and the game survives export and
/// import.
#[tokio::test]
async fn a_sums_blunder_is_flagged_and_explained() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let k = knowledge();
    let mut ada = server.connect("ada").await?;
    let mut bob = server.connect("bob").await?;
    let start = "queen(6):5,2 + nim:3,4 + chocolate(1):3,2,4";
    let created = ada
        .request(Request::create(
            NewMatch::new(GameParams::of(Game::Sum), Opponent::Human).start(start),
        ))
        .await?;
    let s = state_of(created)?;
    let id = s.match_id;
    // The board's values: the components' Grundy numbers, whose XOR is not 0.
    let grundies: Vec<u64> = s
        .components
        .as_ref()
        .expect("a sum's state values its components")
        .iter()
        .map(|c| c.value.grundy.expect("known"))
        .collect();
    assert_eq!(grundies.len(), 3);
    let x = grundies.iter().fold(0, |x, g| x ^ g);
    assert_ne!(x, 0);
    bob.request(Request::Join { match_id: id }).await?;
    // 2/1:1 leaves the nim-sum non-zero: a blunder.
    ada.request(Request::play(id, "2/1:1")).await?;
    let state = bob.state_until(id, |s| s.ply == 1).await?;
    let state = play_out([&mut ada, &mut bob], state, &k).await?;
    let result = state.result.expect("over");
    assert_eq!(result.reason, protocol::Reason::NoMoveLeft);
    assert_eq!(result.winner, Some(1));

    let ServerBody::Review { moves, .. } = ada.request(Request::review(id)).await? else {
        panic!("expected a review")
    };
    let first = &moves[0];
    assert_eq!(first.annotation, "blunder");
    assert_eq!(first.after.outcome, Verdict::Win);
    let better: Vec<&str> = first
        .better
        .iter()
        .filter(|b| b.value.grundy == Some(0))
        .map(|b| b.notation.as_str())
        .collect();
    assert!(better.contains(&"2/2:3"), "{better:?}");

    // The query of the start explains it: which components can move to make the nim-sum 0.
    let ServerBody::Classification(c) = ada
        .request(Request::Query {
            params: GameParams::of(Game::Sum),
            position: start.to_owned(),
            limit: None,
        })
        .await?
    else {
        panic!("expected a classification")
    };
    let sum = c.sum.expect("a sum's explanation");
    assert_eq!(sum.nim_sum, x);
    assert_eq!(sum.method, "sprague-grundy");
    assert_eq!(sum.remoteness_method.as_deref(), Some("search"));
    let nim = sum
        .winning
        .iter()
        .find(|w| w.component == 2)
        .expect("nim wins");
    assert_eq!((nim.from, nim.to), (grundies[1], grundies[1] ^ x));

    // Export and import: the same game.
    let ServerBody::Export { content, .. } = ada
        .request(Request::Export {
            match_id: id,
            format: ExportFormat::Text,
        })
        .await?
    else {
        panic!("expected an export")
    };
    assert!(content.contains("[Game \"sum\"]"), "{content}");
    let ServerBody::Imported { match_id: copy } = ada
        .request(Request::Import {
            text: content.clone(),
        })
        .await?
    else {
        panic!("expected imported")
    };
    let ServerBody::Export { content: again, .. } = ada
        .request(Request::Export {
            match_id: copy,
            format: ExportFormat::Text,
        })
        .await?
    else {
        panic!("expected an export")
    };
    let body = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with("[Event"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&again), body(&content));
    server.stop().await
}

/// A long game (issue 31: a 21 639-ply L-game's review was one 61 MB reply, 230 MB of work
/// each, and 16 at once took the server down) is reviewed a page at a time: each page a
/// bounded reply, the pages following each other to the end, and together the whole game's
/// review as the engine gives it. Its moves page the same way; the export is one bounded
/// reply, without the annotations that would not fit, saying so.
#[tokio::test]
async fn a_long_game_is_reviewed_page_by_page_each_reply_bounded() -> anyhow::Result<()> {
    use protocol::limits::{MAX_REPLY_BYTES, PAGE_BYTES, REVIEW_PAGE};
    const PLIES: u32 = 3000;
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let text = grundy_e2e::long_lgame(PLIES as usize, 7)?;
    let id = daemon::queries::import(&server.hub, &text)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut ada = server.connect("ada").await?;

    let mut reviewed = Vec::new();
    let mut from = None;
    loop {
        let request = Request::Review {
            match_id: id,
            from,
            limit: None,
        };
        let ServerBody::Review {
            from: at,
            total,
            next,
            moves,
            ..
        } = ada.request(request).await?
        else {
            panic!("expected a review")
        };
        assert_eq!((at, total), (from.unwrap_or(0), PLIES));
        assert!(!moves.is_empty() && moves.len() as u32 <= REVIEW_PAGE);
        assert!(serde_json::to_string(&moves)?.len() <= PAGE_BYTES);
        assert_eq!(moves[0].played.ply, at + 1);
        reviewed.extend(moves);
        match next {
            Some(n) => {
                assert_eq!(n as usize, reviewed.len());
                from = Some(n);
            }
            None => break,
        }
    }
    assert_eq!(reviewed.len() as u32, PLIES);

    // The same as the whole game's review by the engine.
    let record = daemon::records::GameRecord::parse_text(&text)?;
    let variant = engine::Variant::new(engine::GameKind::LGame, None, None)?;
    let start = variant.parse_position(&record.start)?;
    let whole = engine::review(&knowledge(), &start, &record.moves)?;
    for (got, want) in reviewed.iter().zip(&whole) {
        assert_eq!(got.played.ply, want.ply);
        assert_eq!(got.annotation, want.annotation.as_str(), "ply {}", want.ply);
        assert_eq!(got.before.remoteness, want.before.remoteness);
        assert_eq!(got.better.len(), want.better.len(), "ply {}", want.ply);
    }

    // A page can be asked for anywhere, and nowhere past the end.
    let asked = |from, limit| Request::Review {
        match_id: id,
        from: Some(from),
        limit: Some(limit),
    };
    let ServerBody::Review { moves, next, .. } = ada.request(asked(1234, 10)).await? else {
        panic!("expected a review")
    };
    assert_eq!(moves.len(), 10);
    assert_eq!(moves[0], reviewed[1234]);
    assert_eq!(next, Some(1244));
    let ServerBody::Review { moves, next, .. } = ada.request(asked(PLIES, 10)).await? else {
        panic!("expected a review")
    };
    assert!(moves.is_empty() && next.is_none());
    let e = refusal(ada.request(asked(PLIES + 1, 10)).await)?;
    assert_eq!(e.code, ErrorCode::BadParameters);
    assert!(e.message.contains("has 3000 plies"), "{}", e.message);

    // The moves alone, in pages of 700.
    let mut notations = Vec::new();
    let mut from = Some(0);
    while let Some(f) = from {
        let request = Request::Game {
            match_id: id,
            from: Some(f),
            limit: Some(700),
        };
        let ServerBody::Game {
            game, moves, next, ..
        } = ada.request(request).await?
        else {
            panic!("expected a game")
        };
        assert_eq!(game.ply, PLIES);
        assert!(moves.len() <= 700);
        notations.extend(moves.into_iter().map(|m| m.notation));
        from = next;
    }
    assert_eq!(notations, record.moves);

    // The export: the text with every move's annotation; the JSON, whose better moves would
    // take more than a reply holds, without them, saying why.
    for (format, annotated) in [(ExportFormat::Text, true), (ExportFormat::Json, false)] {
        let ServerBody::Export {
            content,
            unannotated,
            ..
        } = ada
            .request(Request::Export {
                match_id: id,
                format,
            })
            .await?
        else {
            panic!("expected an export")
        };
        assert!(content.len() <= MAX_REPLY_BYTES);
        assert_eq!(
            unannotated.is_none(),
            annotated,
            "{format:?}: {unannotated:?}"
        );
        if let Some(why) = unannotated {
            assert!(why.contains("4096 KiB"), "{why}");
        }
    }
    server.stop().await
}
