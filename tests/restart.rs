//! What was played survives a restart of the daemon on the same database.

use client::Client;
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
