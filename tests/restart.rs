//! What was played survives a restart of the daemon on the same database.

use grundy_e2e::{best_move, knowledge, state_of, Client, Server};
use protocol::MatchStatus;
use serde_json::json;

#[tokio::test]
async fn finished_and_unfinished_games_survive_a_restart() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let k = knowledge();
    let server = Server::start(&dir).await?;
    let mut a = Client::connect(&server, "ada").await?;
    // A finished game against the engine.
    let s = state_of(
        a.ok(
            json!({"type": "create_match", "game": "nim", "start": "1,2,2",
                     "opponent": {"engine": "perfect"}}),
        )
        .await?,
    )?;
    let mut state = s.clone();
    while state.status == MatchStatus::Playing {
        if state.to_move == Some(0) {
            let mv = best_move(&k, &state, 1)?;
            a.ok(json!({"type": "move", "match_id": s.match_id, "move": mv}))
                .await?;
        }
        let ply = state.ply;
        state = a
            .state_until(s.match_id, |t| {
                t.ply > ply || t.status != MatchStatus::Playing
            })
            .await?;
    }
    // An unfinished one between two people, two moves in.
    let mut b = Client::connect(&server, "bob").await?;
    let open = state_of(
        a.ok(
            json!({"type": "create_match", "game": "queen", "size": 11, "start": "10,6",
                     "opponent": "human"}),
        )
        .await?,
    )?;
    b.ok(json!({"type": "join", "match_id": open.match_id}))
        .await?;
    a.ok(json!({"type": "move", "match_id": open.match_id, "move": "9,6"}))
        .await?;
    b.ok(json!({"type": "move", "match_id": open.match_id, "move": "9,5"}))
        .await?;
    drop((a, b));
    server.stop().await?;

    let server = Server::start(&dir).await?;
    let mut c = Client::connect(&server, "carol").await?;
    let again = state_of(
        c.ok(json!({"type": "watch", "match_id": s.match_id}))
            .await?,
    )?;
    assert_eq!(again.history, state.history);
    assert_eq!(again.result, state.result);
    assert_eq!(again.status, MatchStatus::Finished);
    let resumed = state_of(
        c.ok(json!({"type": "watch", "match_id": open.match_id}))
            .await?,
    )?;
    assert_eq!(resumed.status, MatchStatus::Playing);
    assert_eq!(resumed.position, "9,5");
    assert_eq!(resumed.ply, 2);
    server.stop().await
}
