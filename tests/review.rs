//! Review, export and import over websockets.

use grundy_e2e::{best_move, knowledge, refusal, state_of, Server};
use protocol::{
    ErrorCode, ExportFormat, Game, GameParams, GameQuery, MatchStatus, NewMatch, Opponent, Request,
    ServerBody, Verdict,
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
    let mut state = bob.state_until(id, |s| s.ply == 1).await?;
    while state.status == MatchStatus::Playing {
        let mover = if state.to_move == Some(0) {
            &mut ada
        } else {
            &mut bob
        };
        let mv = best_move(&k, &state, 3)?;
        mover.request(Request::play(id, &mv)).await?;
        let ply = state.ply;
        state = mover.state_until(id, |s| s.ply > ply).await?;
    }
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
