//! Whole games over websockets: person against person and against the engine, in every
//! family, with a spectator following along.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use engine::{lgame, Outcome as Value};
use grundy_e2e::{best_move, knowledge, nim_from, play_out, refused, state_of, Server};
use protocol::{
    ClockSpec, ErrorCode, First, Game, GameParams, MatchStatus, NewMatch, Opponent, Reason,
    Request, ServerBody,
};
use tokio::time::Instant;

/// `game` on a board of side `size`.
fn board(game: Game, size: u64) -> GameParams {
    GameParams {
        size: Some(size),
        ..GameParams::of(game)
    }
}

/// A chocolate edge among the families: a staircase rising by z/2 + z/3.
const EDGE: &str = "z // 2 + z // 3";

/// The tests' tables, with the edge's.
fn families_knowledge() -> anyhow::Result<engine::Knowledge> {
    let mut k = knowledge();
    let edge = engine::chocolate::Edge::formula(EDGE)?;
    k.add_chocolate(std::sync::Arc::new(engine::chocolate::Table::solve(
        edge, 64,
    )?));
    Ok(k)
}

/// Every family with parameters, its start, and how its games end.
fn families() -> Vec<(GameParams, String, Reason)> {
    let won_lgame = won_lgame_start();
    let chocolate = GameParams {
        k: Some(1),
        ..GameParams::of(Game::Chocolate)
    };
    vec![
        (
            board(Game::Queen, 8),
            "standard".into(),
            Reason::CornerReached,
        ),
        (
            board(Game::Rook, 8),
            "standard".into(),
            Reason::CornerReached,
        ),
        (
            board(Game::Horse, 9),
            "standard".into(),
            Reason::CornerReached,
        ),
        (
            board(Game::Dragon, 10),
            "standard".into(),
            Reason::CornerReached,
        ),
        (
            GameParams::of(Game::Nim),
            "standard".into(),
            Reason::LastStone,
        ),
        (
            GameParams {
                rule: Some("kayles".into()),
                edge: None,
                ..GameParams::of(Game::Heap)
            },
            "standard".into(),
            Reason::NoMoveLeft,
        ),
        (chocolate, "standard".into(), Reason::PoisonLeft),
        (
            GameParams {
                edge: Some(EDGE.into()),
                ..GameParams::of(Game::Chocolate)
            },
            "standard".into(),
            Reason::PoisonLeft,
        ),
        (GameParams::of(Game::LGame), won_lgame, Reason::LBlocked),
        (
            GameParams::of(Game::Sum),
            "standard".into(),
            Reason::NoMoveLeft,
        ),
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

fn create(params: &GameParams, start: &str, opponent: Opponent, first: First) -> Request {
    Request::create(
        NewMatch::new(params.clone(), opponent)
            .start(start)
            .first(first),
    )
}

#[tokio::test]
async fn person_against_person_in_every_family_with_a_spectator() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let k = families_knowledge()?;
    let mut a = server.connect("ada").await?;
    let mut b = server.connect("bob").await?;
    let mut spectator = server.connect("sue").await?;
    for (params, start, reason) in families() {
        let created = state_of(
            a.request(create(&params, &start, Opponent::Human, First::Me))
                .await?,
        )?;
        assert_eq!(created.status, MatchStatus::Waiting);
        let id = created.match_id;
        // The lobby shows it as open.
        let ServerBody::Lobby { open, .. } = b.request(Request::lobby()).await? else {
            panic!("expected lobby")
        };
        assert!(open.iter().any(|m| m.match_id == id));
        let joined = state_of(b.request(Request::Join { match_id: id }).await?)?;
        assert_eq!(joined.status, MatchStatus::Playing);
        assert_eq!(joined.seats[1].player_id, Some(b.player_id()));
        state_of(spectator.request(Request::Watch { match_id: id }).await?)?;
        let end = play_out([&mut a, &mut b], joined, &k).await?;
        let result = end.result.expect("a result");
        assert_eq!(result.reason, reason, "{params:?}");
        let last_seat = end.history.last().expect("moves").seat;
        assert_eq!(
            result.winner,
            Some(last_seat),
            "the last mover wins: {params:?}"
        );
        // The spectator saw the match through to the same end, every move in order.
        let seen = spectator
            .state_until(id, |s| s.status == MatchStatus::Finished)
            .await?;
        // An event lists the latest moves; a long game's whole history comes on asking.
        let seen = match seen.history_from {
            0 => seen,
            _ => state_of(spectator.request(Request::Watch { match_id: id }).await?)?,
        };
        assert!(seen.history.ends_with(&end.history));
        assert_eq!(seen.history.len() as u32, end.ply);
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
    let mut k = knowledge();
    let edge = engine::chocolate::Edge::formula(EDGE)?;
    k.add_chocolate(std::sync::Arc::new(engine::chocolate::Table::solve(
        edge, 64,
    )?));
    let mut person = server.connect("ada").await?;
    for (params, start, reason) in families() {
        // Let the engine move first from a won start, or the person first from a lost one:
        // either way the engine has a won position on its turn.
        let variant = daemon::convert::game(&params)?.variant();
        let start_pos = if start == "standard" {
            variant.start()
        } else {
            variant.parse_position(&start)?
        };
        let first = if k.value(&start_pos)?.value.outcome == Value::Win {
            First::Them
        } else {
            First::Me
        };
        let perfect = Opponent::engine("perfect");
        let state = state_of(
            person
                .request(create(&params, &start, perfect, first))
                .await?,
        )?;
        let id = state.match_id;
        let engine_seat = if first == First::Them { 0 } else { 1 };
        let mut state = state;
        while state.status == MatchStatus::Playing {
            if state.to_move == Some(1 - engine_seat) {
                let mv = best_move(&k, &state, 7)?;
                person.request(Request::play(id, &mv)).await?;
            }
            let ply = state.ply;
            state = person
                .state_until(id, |s| s.ply > ply || s.status != MatchStatus::Playing)
                .await?;
        }
        let result = state.result.expect("over");
        assert_eq!(result.reason, reason, "{params:?}");
        assert_eq!(
            result.winner,
            Some(engine_seat),
            "{params:?}: the engine wins"
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
    let mut ada = server.connect("ada").await?;
    let mut bob = server.connect("bob").await?;
    let mut cy = server.connect("cy").await?;
    let queen = state_of(
        ada.request(create(
            &board(Game::Queen, 2048),
            "2000,1800",
            Opponent::engine("perfect"),
            First::Me,
        ))
        .await?,
    )?;
    let id = queen.match_id;
    ada.request(Request::play(id, "1999,1800")).await?;
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
                .request(Request::play(nim.match_id, &format!("{pile}:1")))
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
    let mut host = server.connect("teacher").await?;
    // The engine plays the host's seat too.
    let both_engines = NewMatch {
        my_engine: Some("perfect".to_owned()),
        ..NewMatch::new(GameParams::of(Game::LGame), Opponent::engine("perfect"))
    };
    let state = state_of(host.request(Request::create(both_engines)).await?)?;
    assert_eq!(state.status, MatchStatus::Playing);
    let last = host
        .state_until(state.match_id, |s| s.status == MatchStatus::Finished)
        .await?;
    // Events list the latest moves only; `watch` answers with all of them.
    assert!(last.history.len() as u32 <= protocol::limits::EVENT_HISTORY);
    assert_eq!(last.history_from + last.history.len() as u32, last.ply);
    let end = state_of(
        host.request(Request::Watch {
            match_id: state.match_id,
        })
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
    let mut a = server.connect("ada").await?;
    let mut b = server.connect("bob").await?;
    // 0.01 minutes = 600 ms each, no increment. Ada moves once, then Bob lets time run out.
    let clock = ClockSpec {
        initial_ms: 600,
        increment_ms: 0,
    };
    let nim = NewMatch::new(GameParams::of(Game::Nim), Opponent::Human)
        .start("random")
        .clock(clock);
    let s = state_of(a.request(Request::create(nim)).await?)?;
    assert!(s.legal_move_count > 0);
    let id = s.match_id;
    b.request(Request::Join { match_id: id }).await?;
    let mv = s
        .legal_moves
        .as_ref()
        .and_then(|m| m.first().cloned())
        .unwrap_or_default();
    a.request(Request::play(id, &mv)).await?;
    let end = a
        .state_until(id, |s| s.status == MatchStatus::Finished)
        .await?;
    let result = end.result.expect("over");
    assert_eq!((result.winner, result.reason), (Some(0), Reason::FlagFall));
    let clock = end.clock.expect("a clock");
    assert_eq!(clock.remaining_ms[1], 0);
    assert!(clock.remaining_ms[0] > 0);
    // A late move is refused.
    let late = refused(b.request(Request::play(id, "1:1")).await)?;
    assert_eq!(late, ErrorCode::MatchNotActive);
    server.stop().await
}

/// Misère Nim against the perfect engine, which moves first from a won start: whoever takes
/// the last stone loses, so the engine leaves it to the person; the match, its record and
/// its review all say misère.
#[tokio::test]
async fn the_engine_wins_misere_nim_and_the_last_stone_loses() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut person = server.connect("ada").await?;
    let misere_nim = GameParams {
        misere: true,
        ..GameParams::of(Game::Nim)
    };
    // 1,1,1,2: won in misère play (a pile of two, nim-sum 3), lost in normal play.
    let state = state_of(
        person
            .request(create(
                &misere_nim,
                "1,1,1,2",
                Opponent::engine("perfect"),
                First::Them,
            ))
            .await?,
    )?;
    assert!(state.params.misere);
    let id = state.match_id;
    let mut state = state;
    let mut rng = engine::Rng::new(5);
    while state.status == MatchStatus::Playing {
        if state.to_move == Some(1) {
            let legal = state.legal_moves.clone().expect("few moves");
            let mv = &legal[rng.below(legal.len() as u64) as usize];
            person.request(Request::play(id, mv)).await?;
        }
        let ply = state.ply;
        state = person
            .state_until(id, |s| s.ply > ply || s.status != MatchStatus::Playing)
            .await?;
    }
    let result = state.result.expect("over");
    assert_eq!(result.reason, Reason::LastStone);
    // The person took the last stone, and lost.
    assert_eq!(state.history.last().expect("moves").seat, 1);
    assert_eq!(result.winner, Some(0));
    // The review weighs the moves by misère values: the engine's are all best.
    let ServerBody::Review { moves, .. } = person.request(Request::review(id)).await? else {
        panic!("expected a review")
    };
    assert!(moves
        .iter()
        .filter(|m| m.played.seat == 0)
        .all(|m| m.annotation == "best" && m.before.grundy.is_none()));
    // Its record says misère, and reads back as the same game.
    let ServerBody::Export { content, .. } = person
        .request(Request::Export {
            match_id: id,
            format: protocol::ExportFormat::Text,
        })
        .await?
    else {
        panic!("expected an export")
    };
    assert!(content.contains("[Play \"misere\"]"), "{content}");
    let ServerBody::Imported { .. } = person.request(Request::Import { text: content }).await?
    else {
        panic!("expected imported")
    };
    // The L-game has no misère form: refused, naming why.
    let lgame = GameParams {
        misere: true,
        ..GameParams::of(Game::LGame)
    };
    let refused_lgame = person
        .request(create(&lgame, "standard", Opponent::Human, First::Me))
        .await;
    assert_eq!(refused(refused_lgame)?, ErrorCode::BadParameters);
    server.stop().await
}
