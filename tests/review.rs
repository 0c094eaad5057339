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

    let ServerBody::Review { moves, .. } = ada.request(Request::Review { match_id: id }).await?
    else {
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

    let ServerBody::Review { moves, .. } = ada.request(Request::Review { match_id: id }).await?
    else {
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
