//! Whole games over websockets: person against person and against the engine, in every
//! family, with a spectator following along.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use engine::{lgame, Outcome as Value};
use grundy_e2e::{best_move, knowledge, nim_from, state_of, Client, Server};
use protocol::{MatchState, MatchStatus, Reason, ServerBody};
use serde_json::{json, Value as Json};
use tokio::time::Instant;

/// Every family with parameters, its start, and how its games end.
fn families() -> Vec<(Json, String, Reason)> {
    let won_lgame = won_lgame_start();
    vec![
        (
            json!({"game": "queen", "size": 8}),
            "standard".into(),
            Reason::CornerReached,
        ),
        (
            json!({"game": "rook", "size": 8}),
            "standard".into(),
            Reason::CornerReached,
        ),
        (
            json!({"game": "horse", "size": 9}),
            "standard".into(),
            Reason::CornerReached,
        ),
        (
            json!({"game": "dragon", "size": 10}),
            "standard".into(),
            Reason::CornerReached,
        ),
        (json!({"game": "nim"}), "standard".into(), Reason::LastStone),
        (
            json!({"game": "chocolate", "k": 1}),
            "standard".into(),
            Reason::PoisonLeft,
        ),
        (json!({"game": "lgame"}), won_lgame, Reason::LBlocked),
    ]
}

/// An L-game position won for the player to move in a few plies (the standard start is a
/// draw, which people would play forever).
fn won_lgame_start() -> String {
    let solution = lgame::Solution::solve();
    let (pos, _) = solution
        .classes()
        .find(|(_, v)| v.outcome == Value::Win && v.remoteness == Some(5))
        .expect("a win in 5 exists");
    pos.to_string()
}

fn create(params: &Json, start: &str, opponent: Json, first: &str) -> Json {
    let mut req = params.clone();
    req["type"] = json!("create_match");
    req["start"] = json!(start);
    req["opponent"] = opponent;
    req["first"] = json!(first);
    req
}

/// Plays `state`'s match to its end with perfect moves from whichever client is to move.
async fn play_out(
    players: &mut [&mut Client; 2],
    seats: [usize; 2],
    mut state: MatchState,
    k: &engine::Knowledge,
) -> anyhow::Result<MatchState> {
    let id = state.match_id;
    while state.status == MatchStatus::Playing {
        let seat = usize::from(state.to_move.expect("someone is to move"));
        let mv = best_move(k, &state, state.ply.into())?;
        let client = &mut *players[seats[seat]];
        let reply = client
            .ok(json!({"type": "move", "match_id": id, "move": mv}))
            .await?;
        let ServerBody::MoveAccepted { ply, .. } = reply else {
            panic!("expected move_accepted, got {reply:?}")
        };
        state = client.state_until(id, |s| s.ply >= ply).await?;
    }
    Ok(state)
}

#[tokio::test]
async fn person_against_person_in_every_family_with_a_spectator() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let k = knowledge();
    let mut a = Client::connect(&server, "ada").await?;
    let mut b = Client::connect(&server, "bob").await?;
    let mut spectator = Client::connect(&server, "sue").await?;
    for (params, start, reason) in families() {
        let created = state_of(a.ok(create(&params, &start, json!("human"), "me")).await?)?;
        assert_eq!(created.status, MatchStatus::Waiting);
        let id = created.match_id;
        // The lobby shows it as open.
        let ServerBody::Lobby { open, .. } = b.ok(json!({"type": "lobby"})).await? else {
            panic!("expected lobby")
        };
        assert!(open.iter().any(|m| m.match_id == id));
        let joined = state_of(b.ok(json!({"type": "join", "match_id": id})).await?)?;
        assert_eq!(joined.status, MatchStatus::Playing);
        assert_eq!(joined.seats[1].player_id, Some(b.player_id));
        state_of(
            spectator
                .ok(json!({"type": "watch", "match_id": id}))
                .await?,
        )?;
        let end = play_out(&mut [&mut a, &mut b], [0, 1], joined, &k).await?;
        let result = end.result.expect("a result");
        assert_eq!(result.reason, reason, "{params}");
        let last_seat = end.history.last().expect("moves").seat;
        assert_eq!(
            result.winner,
            Some(last_seat),
            "the last mover wins: {params}"
        );
        // The spectator saw the match through to the same end, every move in order.
        let seen = spectator
            .state_until(id, |s| s.status == MatchStatus::Finished)
            .await?;
        assert_eq!(seen.history, end.history);
        for (i, m) in seen.history.iter().enumerate() {
            assert_eq!(m.ply as usize, i + 1);
        }
    }
    server.stop().await
}

#[tokio::test]
async fn the_perfect_engine_wins_from_a_won_position_in_every_family() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let k = knowledge();
    let mut person = Client::connect(&server, "ada").await?;
    for (params, start, reason) in families() {
        // Let the engine move first from a won start, or the person first from a lost one:
        // either way the engine has a won position on its turn.
        let kind = engine::GameKind::parse(params["game"].as_str().unwrap_or(""))?;
        let variant = engine::Variant::new(
            kind,
            params["size"].as_u64(),
            params["k"].as_u64().map(|k| k as u32),
        )?;
        let start_pos = if start == "standard" {
            variant.start()
        } else {
            variant.parse_position(&start)?
        };
        let first = if k.value(&start_pos)?.value.outcome == Value::Win {
            "them"
        } else {
            "me"
        };
        let state = state_of(
            person
                .ok(create(&params, &start, json!({"engine": "perfect"}), first))
                .await?,
        )?;
        let id = state.match_id;
        let engine_seat = if first == "them" { 0 } else { 1 };
        let mut state = state;
        while state.status == MatchStatus::Playing {
            if state.to_move == Some(1 - engine_seat) {
                let mv = best_move(&k, &state, 7)?;
                person
                    .ok(json!({"type": "move", "match_id": id, "move": mv}))
                    .await?;
            }
            let ply = state.ply;
            state = person
                .state_until(id, |s| s.ply > ply || s.status != MatchStatus::Playing)
                .await?;
        }
        let result = state.result.expect("over");
        assert_eq!(result.reason, reason, "{params}");
        assert_eq!(
            result.winner,
            Some(engine_seat),
            "{params}: the engine wins"
        );
    }
    server.stop().await
}

/// The engine thinks off the server's runtime: while it builds the table its move needs (the
/// queen at 1999,1800, where the server has tables up to 64: about a second in a debug build
/// on two processors), two people go on playing another match, a move every few
/// milliseconds. The tests' runtime has one thread, shared with the server, so an engine
/// that held it would hold up every other match until its move was made.
#[tokio::test]
async fn the_engine_thinking_holds_up_no_other_match() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut ada = Client::connect(&server, "ada").await?;
    let mut bob = Client::connect(&server, "bob").await?;
    let mut cy = Client::connect(&server, "cy").await?;
    let queen = state_of(
        ada.ok(create(
            &json!({"game": "queen", "size": 2048}),
            "2000,1800",
            json!({"engine": "perfect"}),
            "me",
        ))
        .await?,
    )?;
    let id = queen.match_id;
    ada.ok(json!({"type": "move", "match_id": id, "move": "1999,1800"}))
        .await?;
    // The engine is now thinking about ply 2. Bob and Cy play Nim, one stone a move, until
    // told to stop or out of stones; each acknowledgement is timed.
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = stop.clone();
    let people = tokio::spawn(async move {
        let nim = nim_from(&mut bob, &mut cy, "40,40").await?;
        let mut acknowledged = Vec::new();
        for ply in 0..80 {
            if stopped.load(Ordering::Relaxed) {
                break;
            }
            let (mover, pile) = if ply % 2 == 0 {
                (&mut bob, 1)
            } else {
                (&mut cy, 2)
            };
            mover
                .ok(json!({"type": "move", "match_id": nim.match_id, "move": format!("{pile}:1")}))
                .await?;
            acknowledged.push(Instant::now());
        }
        anyhow::Ok(acknowledged)
    });
    let answered = ada.state_until(id, |s| s.ply >= 2).await?;
    let engine_moved = Instant::now();
    stop.store(true, Ordering::Relaxed);
    let before = people.await??.iter().filter(|&&t| t < engine_moved).count();
    assert!(
        before >= 5,
        "only {before} Nim moves were acknowledged while the engine thought: it held the server up"
    );
    assert_eq!(answered.status, MatchStatus::Playing);
    server.stop().await
}

#[tokio::test]
async fn engine_against_engine_lgame_ends_by_repetition() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut host = Client::connect(&server, "teacher").await?;
    let state = state_of(
        host.ok(
            json!({"type": "create_match", "game": "lgame", "opponent": {"engine": "perfect"},
                        "my_engine": "perfect"}),
        )
        .await?,
    )?;
    assert_eq!(state.status, MatchStatus::Playing);
    let last = host
        .state_until(state.match_id, |s| s.status == MatchStatus::Finished)
        .await?;
    // Events list the latest moves only; `watch` answers with all of them.
    assert!(last.history.len() as u32 <= protocol::limits::EVENT_HISTORY);
    assert_eq!(last.history_from + last.history.len() as u32, last.ply);
    let end = state_of(
        host.ok(json!({"type": "watch", "match_id": state.match_id}))
            .await?,
    )?;
    assert_eq!((end.history_from, end.history.len() as u32), (0, end.ply));
    assert_eq!(end.history.last(), last.history.last());
    let result = end.result.expect("over");
    assert_eq!(result.reason, Reason::Repetition);
    assert_eq!(result.winner, None);
    // The stored cycle: the same position at three plies, the last being the final one.
    assert_eq!(end.repetition_plies.len(), 3);
    assert_eq!(end.repetition_plies.last(), Some(&end.ply));
    let at = |ply: u32| {
        if ply == 0 {
            end.start.clone()
        } else {
            end.history[ply as usize - 1].position.clone()
        }
    };
    let first = at(end.repetition_plies[0]);
    assert!(end.repetition_plies.iter().all(|&p| at(p) == first));
    server.stop().await
}

#[tokio::test]
async fn a_flag_falls_on_the_server_and_random_starts_are_open() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut a = Client::connect(&server, "ada").await?;
    let mut b = Client::connect(&server, "bob").await?;
    // 0.01 minutes = 600 ms each, no increment. Ada moves once, then Bob lets time run out.
    let s = state_of(
        a.ok(
            json!({"type": "create_match", "game": "nim", "start": "random",
                     "opponent": "human", "clock": "0.01+0"}),
        )
        .await?,
    )?;
    assert!(s.legal_move_count > 0);
    let id = s.match_id;
    b.ok(json!({"type": "join", "match_id": id})).await?;
    let mv = s
        .legal_moves
        .as_ref()
        .and_then(|m| m.first().cloned())
        .unwrap_or_default();
    a.ok(json!({"type": "move", "match_id": id, "move": mv}))
        .await?;
    let end = a
        .state_until(id, |s| s.status == MatchStatus::Finished)
        .await?;
    let result = end.result.expect("over");
    assert_eq!((result.winner, result.reason), (Some(0), Reason::FlagFall));
    let clock = end.clock.expect("a clock");
    assert_eq!(clock.remaining_ms[1], 0);
    assert!(clock.remaining_ms[0] > 0);
    // A late move is refused.
    let m = b
        .request(json!({"type": "move", "match_id": id, "move": "1:1"}))
        .await?;
    assert!(matches!(
        m.body,
        ServerBody::Error {
            code: protocol::ErrorCode::MatchNotActive,
            ..
        }
    ));
    server.stop().await
}
