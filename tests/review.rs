//! Review, export and import over websockets.

use grundy_e2e::{best_move, knowledge, state_of, Client, Server};
use protocol::{ErrorCode, MatchStatus, ServerBody, Verdict};
use serde_json::json;

#[tokio::test]
async fn a_blunder_is_flagged_with_the_winning_alternatives_and_games_round_trip(
) -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let k = knowledge();
    let mut ada = Client::connect(&server, "ada").await?;
    let mut bob = Client::connect(&server, "bob").await?;
    let s = state_of(
        ada.ok(json!({"type": "create_match", "game": "queen", "size": 8, "opponent": "human"}))
            .await?,
    )?;
    let id = s.match_id;
    bob.ok(json!({"type": "join", "match_id": id})).await?;
    // From 7,3 only 5,3 wins; 6,3 throws the win away.
    ada.ok(json!({"type": "move", "match_id": id, "move": "6,3"}))
        .await?;
    let mut state = bob.state_until(id, |s| s.ply == 1).await?;
    while state.status == MatchStatus::Playing {
        let mover = if state.to_move == Some(0) {
            &mut ada
        } else {
            &mut bob
        };
        let mv = best_move(&k, &state, 3)?;
        mover
            .ok(json!({"type": "move", "match_id": id, "move": mv}))
            .await?;
        let ply = state.ply;
        state = mover.state_until(id, |s| s.ply > ply).await?;
    }
    assert_eq!(state.result.map(|r| r.winner), Some(Some(1)));

    let ServerBody::Review { moves, .. } =
        ada.ok(json!({"type": "review", "match_id": id})).await?
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
    let text = export(ada.ok(json!({"type": "export", "match_id": id})).await?);
    assert!(
        text.contains("[Game \"queen\"]") && text.contains("blunder"),
        "{text}"
    );
    let ServerBody::Imported { match_id: copy } =
        ada.ok(json!({"type": "import", "text": text})).await?
    else {
        panic!("expected imported")
    };
    assert_ne!(copy, id);
    let again = export(ada.ok(json!({"type": "export", "match_id": copy})).await?);
    let body = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with("[Event"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&again), body(&text));
    let json_text = export(
        ada.ok(json!({"type": "export", "match_id": id, "format": "json"}))
            .await?,
    );
    let v: serde_json::Value = serde_json::from_str(&json_text)?;
    assert_eq!(v["game"], "queen");
    // The imported game is listed under the players' names.
    let ServerBody::Games { games } = ada
        .ok(json!({"type": "games", "player": "bob", "result": "win"}))
        .await?
    else {
        panic!("expected games")
    };
    assert_eq!(
        games.iter().map(|g| g.match_id).collect::<Vec<_>>(),
        vec![copy, id]
    );

    // A doctored game is refused with the ply and the rule, and nothing is stored.
    let bad = text.replacen("1. 6,3", "1. 6,4", 1);
    let m = ada.request(json!({"type": "import", "text": bad})).await?;
    let ServerBody::Error { code, message } = m.body else {
        panic!("expected an error")
    };
    assert_eq!(code, ErrorCode::IllegalMove, "{message}");
    assert!(message.contains("ply 1"), "{message}");
    let ServerBody::Games { games } = ada.ok(json!({"type": "games"})).await? else {
        panic!("expected games")
    };
    assert_eq!(games.len(), 2);
    server.stop().await
}
