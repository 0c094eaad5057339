//! What used to grow for ever has a lifetime or a budget: rooms nobody is in are let go and
//! come back from the database, open matches nobody joins are called off, the tables built
//! on demand stay within their memory, and the lobby comes a page at a time.

use std::time::Duration;

use anyhow::{bail, ensure, Context, Result};
use daemon::Config;
use grundy_e2e::open_room;
use grundy_e2e::{state_of, test_config, Server};
use protocol::{
    ExerciseSpec, Game, GameParams, MatchStatus, NewMatch, Opponent, Request, ServerBody,
};

#[tokio::test]
async fn rooms_nobody_is_in_are_let_go_and_come_back() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let linger = Duration::from_millis(300);
    let config = Config {
        room_linger: linger,
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let mut teacher = server.connect("teacher").await?;
    let room = open_room(&mut teacher, "3B").await?;
    teacher
        .request(Request::SetExercises {
            code: room.code.clone(),
            exercises: vec![ExerciseSpec {
                params: GameParams::of(Game::Nim),
                position: "1,2,3".into(),
                question: "outcome".into(),
                remoteness: None,
            }],
            deadline_s: None,
        })
        .await?;
    // While the teacher is in it, it stays.
    tokio::time::sleep(3 * linger).await;
    assert_eq!(server.hub.rooms.live_count(), 1);
    let token = teacher.token().to_owned();
    drop(teacher);
    // Once nobody is in it, it goes after its linger (the teacher's connection closes on the
    // server's side a moment after the client's).
    let mut waited = Duration::ZERO;
    while server.hub.rooms.live_count() > 0 && waited < 20 * linger {
        tokio::time::sleep(Duration::from_millis(20)).await;
        waited += Duration::from_millis(20);
    }
    ensure!(
        server.hub.rooms.live_count() == 0,
        "the empty room was kept"
    );
    // And it comes back as it was when asked for.
    let mut teacher = server
        .connect_as(grundy_e2e::Hello::new("teacher").with_token(Some(token)))
        .await?;
    let ServerBody::Room { room: back } = teacher
        .request(Request::JoinRoom {
            code: room.code.clone(),
            name: None,
            owner_token: room.owner_token.clone(),
        })
        .await?
    else {
        bail!("the room did not come back");
    };
    assert_eq!(back.exercises.len(), 1);
    server.stop().await
}

#[tokio::test]
async fn open_matches_nobody_joins_are_called_off() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let config = Config {
        waiting_lifetime: Duration::from_millis(400),
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let mut ada = server.connect("ada").await?;
    let nim = NewMatch::new(GameParams::of(Game::Nim), Opponent::Human);
    let waiting = state_of(ada.request(Request::create(nim)).await?)?;
    assert_eq!(waiting.status, MatchStatus::Waiting);
    // Called off when its time is up; its creator hears of it.
    let state = loop {
        let state = state_of(ada.event().await?)?;
        if state.status != MatchStatus::Waiting {
            break state;
        }
    };
    assert_eq!(state.status, MatchStatus::Aborted);
    let ServerBody::Lobby { open, .. } = ada.request(Request::lobby()).await? else {
        bail!("no lobby");
    };
    ensure!(open.is_empty(), "{open:?}");
    server.stop().await
}

/// A match waiting when the server was killed has what is left of its time once it is back.
#[tokio::test]
async fn an_open_match_waiting_through_a_restart_is_called_off_in_time() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let db = dir.path().join("grundy.db");
    let args = ["--waiting-lifetime-s", "2"];
    let (mut daemon, url) = grundy_e2e::process::start(&db, &args)?;
    let mut ada = grundy_e2e::Client::connect(&url, grundy_e2e::Hello::new("ada")).await?;
    let nim = NewMatch::new(GameParams::of(Game::Nim), Opponent::Human);
    let waiting = state_of(ada.request(Request::create(nim)).await?)?;
    daemon.kill()?;
    daemon.wait()?;
    let (mut daemon, url) = grundy_e2e::process::start(&db, &args)?;
    let mut bob = grundy_e2e::Client::connect(&url, grundy_e2e::Hello::new("bob")).await?;
    let status = |reply: ServerBody| match reply {
        ServerBody::Match { state } => Ok(state.status),
        other => bail!("no match: {other:?}"),
    };
    let watch = Request::Watch {
        match_id: waiting.match_id,
    };
    assert_eq!(
        status(bob.request(watch.clone()).await?)?,
        MatchStatus::Waiting
    );
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(status(bob.request(watch).await?)?, MatchStatus::Aborted);
    daemon.kill()?;
    daemon.wait()?;
    Ok(())
}

#[tokio::test]
async fn tables_built_on_demand_stay_within_their_budget() -> Result<()> {
    let dir = tempfile::tempdir()?;
    // Room for about one 256-wide table (with its misère table) at a time.
    let config = Config {
        table_budget: 200 << 10,
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let mut c = server.connect("researcher").await?;
    // The truth, from the engine's own tables of 256.
    let mut k = engine::Knowledge::new(engine::DEFAULT_BUDGET);
    for piece in engine::corner::Piece::ALL {
        k.add_corner(std::sync::Arc::new(engine::corner::Table::solve(
            piece, 256,
        )?));
    }
    for (game, square) in [
        (Game::Queen, "200,150"),
        (Game::Horse, "201,150"),
        (Game::Dragon, "202,150"),
        (Game::Queen, "200,151"),
    ] {
        let reply = c
            .request(Request::Query {
                params: GameParams::of(game),
                position: square.into(),
                limit: Some(0),
            })
            .await?;
        let ServerBody::Classification(answer) = reply else {
            bail!("no answer: {reply:?}");
        };
        // Still exact: the same as the engine's own table.
        let variant = engine::Variant::new(daemon::convert::kind(game), Some(256), None)?;
        let truth = k.value(&variant.parse_position(square)?)?;
        ensure!(answer.value.grundy == truth.value.grundy, "{game} {square}");
        ensure!(
            answer.value.remoteness.is_some(),
            "{game} {square}: no remoteness"
        );
        let (bytes, tables) = server.hub.solver.on_demand_bytes();
        ensure!(tables == 1, "{tables} tables kept ({bytes} bytes)");
    }
    server.stop().await
}

#[tokio::test]
async fn the_lobby_comes_a_page_at_a_time() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut ada = server.connect("ada").await?;
    let page = protocol::limits::LOBBY_PAGE as usize;
    for _ in 0..page + 20 {
        let nim = NewMatch::new(GameParams::of(Game::Nim), Opponent::Human);
        ada.request(Request::create(nim)).await?;
    }
    let ServerBody::Lobby {
        open, open_total, ..
    } = ada.request(Request::lobby()).await?
    else {
        bail!("no lobby");
    };
    assert_eq!(open.len(), page);
    assert_eq!(open_total, Some(page as u64 + 20));
    let ServerBody::Lobby { open: rest, .. } = ada
        .request(Request::Lobby {
            offset: Some(page as u32),
            limit: None,
        })
        .await?
    else {
        bail!("no lobby");
    };
    assert_eq!(rest.len(), 20);
    let last = open.last().context("a match")?.match_id;
    ensure!(rest.iter().all(|m| m.match_id > last), "pages overlap");
    server.stop().await
}
