//! Tournaments with real clients: forty students play a five-round Swiss through the server,
//! every pairing checked (each player once a round, nobody twice); the standings checked
//! against a recomputation from the results; a round ended by the teacher (adjudicated by
//! exact values); a late entrant and a withdrawal; a restart in the middle of a round.

use std::collections::{HashMap, HashSet};

use anyhow::{bail, ensure, Context, Result};
use futures_util::future::try_join_all;
use grundy_e2e::{join_room, open_room_with, room_of};
use grundy_e2e::{knowledge, refused, state_of, test_config, Client, Hello, Server};
use protocol::{
    ErrorCode, Format, Game, GameParams, MatchState, MatchStatus, NewSimul, NewTournament,
    Opponent, Reason, Request, RoomSettings, ServerBody, SimulView, TournamentView,
};

fn tournament_of(body: ServerBody) -> Result<TournamentView> {
    match body {
        ServerBody::Tournament { tournament, .. } => Ok(tournament),
        other => bail!("expected a tournament, got {other:?}"),
    }
}

/// A teacher with a room, and `n` students in it.
async fn class(server: &Server, n: usize) -> Result<(Client, String, Vec<Client>)> {
    let mut teacher = server.connect("teacher").await?;
    let code = open_room_with(
        &mut teacher,
        "club",
        RoomSettings {
            hints: true,
            ..RoomSettings::default()
        },
    )
    .await?
    .code;
    let mut students = Vec::new();
    for i in 0..n {
        let mut s = server.connect(&format!("s{i:02}")).await?;
        room_of(s.request(join_room(&code, None)).await?)?;
        students.push(s);
    }
    Ok((teacher, code, students))
}

fn nim_swiss(code: &str, rounds: u32) -> NewTournament {
    NewTournament {
        code: code.to_owned(),
        params: GameParams::of(Game::Nim),
        start: "random".into(),
        format: Format::Swiss,
        rounds: Some(rounds),
        clock: None,
    }
}

/// A student's side of a tournament: plays each game of theirs as it is paired (a good move
/// most of the time, so that results vary), until the tournament is over, or until `rounds`
/// rounds were played when given. The last view seen.
async fn take_part(c: &mut Client, seed: u64, until_round: Option<u32>) -> Result<TournamentView> {
    let k = knowledge();
    let me = c.player_id();
    let mut started = HashSet::new();
    let mut last = None;
    loop {
        match c.event().await? {
            ServerBody::Tournament { tournament: t, .. } => {
                let done = t.finished || until_round.is_some_and(|r| t.round > r);
                if done {
                    return Ok(t);
                }
                for g in t.games.iter().filter(|g| g.result.is_none()) {
                    if (g.first == me || g.second == me) && started.insert(g.match_id) {
                        let state = state_of(
                            c.request(Request::Watch {
                                match_id: g.match_id,
                            })
                            .await?,
                        )?;
                        maybe_move(c, &k, &state, me, seed).await?;
                    }
                }
                last = Some(t);
            }
            ServerBody::Match { state } => maybe_move(c, &k, &state, me, seed).await?,
            _ => {}
        }
        let _ = &last;
    }
}

async fn maybe_move(
    c: &mut Client,
    k: &engine::Knowledge,
    state: &MatchState,
    me: i64,
    seed: u64,
) -> Result<()> {
    let Some(seat) = state.to_move else {
        return Ok(());
    };
    if state.status != MatchStatus::Playing || state.seats[usize::from(seat)].player_id != Some(me)
    {
        return Ok(());
    }
    let variant = daemon::convert::game(&state.params)?.variant();
    let pos = variant.parse_position(&state.position)?;
    let mut rng = engine::Rng::new(seed ^ u64::from(state.ply) ^ state.match_id as u64);
    let mv = engine::choose(k, &pos, engine::Level::Medium, &mut rng)?;
    // Refused only when the state was stale (the game moved on): the next event says.
    let _ = c
        .request(Request::play(state.match_id, &mv.to_string()))
        .await;
    Ok(())
}

/// Points (in halves), Buchholz (halves) from the games' results, computed here from scratch.
fn recompute(t: &TournamentView) -> HashMap<i64, (u32, u32)> {
    let mut points: HashMap<i64, u32> = t.entrants.iter().map(|e| (e.player_id, 0)).collect();
    for g in &t.games {
        let (a, b) = match g.result.as_deref() {
            Some("1-0") => (2, 0),
            Some("0-1") => (0, 2),
            Some(_) => (1, 1),
            None => (0, 0),
        };
        *points.entry(g.first).or_default() += a;
        *points.entry(g.second).or_default() += b;
    }
    for b in &t.byes {
        *points.entry(b.player_id).or_default() += 2;
    }
    let mut out = HashMap::new();
    for (&p, &pts) in &points {
        let buchholz = t
            .games
            .iter()
            .filter_map(|g| match (g.first == p, g.second == p) {
                (true, _) => Some(points[&g.second]),
                (_, true) => Some(points[&g.first]),
                _ => None,
            })
            .sum();
        out.insert(p, (pts, buchholz));
    }
    out
}

fn halves(text: &str) -> u32 {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    whole.parse::<u32>().unwrap_or(0) * 2 + u32::from(frac == "5")
}

/// Each round pairs every player not withdrawn exactly once (a game or the bye), and no two
/// players meet twice.
fn check_pairings(t: &TournamentView) -> Result<()> {
    let mut met = HashSet::new();
    for round in 1..=t.round {
        let mut seen = HashSet::new();
        for g in t.games.iter().filter(|g| g.round == round) {
            ensure!(g.first != g.second);
            ensure!(
                seen.insert(g.first) && seen.insert(g.second),
                "round {round}: twice"
            );
            let pair = (g.first.min(g.second), g.first.max(g.second));
            ensure!(met.insert(pair), "{pair:?} met twice");
        }
        for b in t.byes.iter().filter(|b| b.round == round) {
            ensure!(
                seen.insert(b.player_id),
                "round {round}: a bye to a player with a game"
            );
        }
    }
    Ok(())
}

#[tokio::test]
async fn forty_students_play_a_five_round_swiss() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let (mut teacher, code, mut students) = class(&server, 40).await?;
    // Students cannot start one.
    let no = students[0]
        .request(Request::CreateTournament(nim_swiss(&code, 5)))
        .await;
    assert_eq!(refused(no)?, ErrorCode::NotTeacher);
    let t = tournament_of(
        teacher
            .request(Request::CreateTournament(nim_swiss(&code, 5)))
            .await?,
    )?;
    ensure!(t.entrants.len() == 40 && t.round == 1 && t.games.len() == 20);
    let finals = try_join_all(
        students
            .iter_mut()
            .enumerate()
            .map(|(i, s)| take_part(s, i as u64, None)),
    )
    .await?;
    let t = &finals[0];
    ensure!(t.finished && t.round == 5 && t.games.len() == 100, "{t:?}");
    ensure!(t.byes.is_empty());
    check_pairings(t)?;
    let mine = recompute(t);
    for s in &t.standings {
        let (points, buchholz) = mine[&s.player_id];
        ensure!(halves(&s.points) == points, "{s:?} against {points}");
        ensure!(halves(&s.buchholz) == buchholz, "{s:?} against {buchholz}");
    }
    ensure!(t
        .standings
        .windows(2)
        .all(|w| halves(&w[0].points) >= halves(&w[1].points)));
    // Every game is an ordinary saved match.
    let review = teacher
        .request(Request::review(t.games[0].match_id))
        .await?;
    ensure!(matches!(review, ServerBody::Review { .. }));
    server.stop().await
}

#[tokio::test]
async fn a_round_ended_by_the_teacher_is_adjudicated_and_the_next_one_paired() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let (mut teacher, code, mut students) = class(&server, 5).await?;
    let mut new = nim_swiss(&code, 3);
    new.start = "1,2".into(); // won for the player to move
    let t = tournament_of(teacher.request(Request::CreateTournament(new)).await?)?;
    ensure!(t.games.len() == 2 && t.byes.len() == 1, "{t:?}");
    // A late student enters from the next round; one withdraws.
    let mut late = server.connect("late").await?;
    room_of(late.request(join_room(&code, None)).await?)?;
    tournament_of(
        late.request(Request::EnterTournament {
            code: code.clone(),
            tournament_id: t.id,
        })
        .await?,
    )?;
    let bye = t.byes[0].player_id;
    let quitter = students
        .iter_mut()
        .find(|s| s.player_id() == bye)
        .context("the player with the bye")?;
    let after = tournament_of(
        quitter
            .request(Request::WithdrawTournament {
                code: code.clone(),
                tournament_id: t.id,
                player_id: None,
            })
            .await?,
    )?;
    ensure!(after
        .entrants
        .iter()
        .any(|e| e.player_id == bye && e.withdrawn));
    // With hints off, a student with a game under way gets no values.
    let off = Request::ConfigureRoom {
        code: code.clone(),
        hints: Some(false),
        engine: None,
        exam: None,
        language: None,
    };
    teacher.request(off).await?;
    let playing = t.games[0].first;
    let student = students
        .iter_mut()
        .find(|s| s.player_id() == playing)
        .context("a student with a game")?;
    let query = Request::Query {
        params: GameParams::of(Game::Nim),
        position: "1,2".into(),
        limit: None,
    };
    let e = grundy_e2e::refusal(student.request(query).await)?;
    ensure!(
        e.code == ErrorCode::HintsOff && e.message.contains("a game to play"),
        "{e:?}"
    );
    // Nobody has moved: the teacher ends the round. The player to move in 1,2 wins it.
    let next = tournament_of(
        teacher
            .request(Request::NextRound {
                code: code.clone(),
                tournament_id: t.id,
            })
            .await?,
    )?;
    ensure!(next.round == 2);
    for g in next.games.iter().filter(|g| g.round == 1) {
        ensure!(g.result.as_deref() == Some("1-0"), "{g:?}");
        let state = state_of(
            teacher
                .request(Request::Watch {
                    match_id: g.match_id,
                })
                .await?,
        )?;
        ensure!(state.result.map(|r| r.reason) == Some(Reason::Adjudication));
    }
    // Five players left (the late one in, the withdrawn one out): two games and a bye.
    let round2: Vec<_> = next.games.iter().filter(|g| g.round == 2).collect();
    let mut paired: HashSet<i64> = round2.iter().flat_map(|g| [g.first, g.second]).collect();
    paired.extend(
        next.byes
            .iter()
            .filter(|b| b.round == 2)
            .map(|b| b.player_id),
    );
    ensure!(
        paired.contains(&late.player_id()),
        "the late entrant plays round 2"
    );
    ensure!(!paired.contains(&bye), "the withdrawn player is not paired");
    ensure!(round2.len() == 2 && paired.len() == 5, "{next:?}");
    check_pairings(&next)?;
    server.stop().await
}

#[tokio::test]
async fn a_restart_in_the_middle_of_a_round_loses_nothing() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let (mut teacher, code, students) = class(&server, 4).await?;
    let t = tournament_of(
        teacher
            .request(Request::CreateTournament(NewTournament {
                format: Format::RoundRobin,
                rounds: None,
                ..nim_swiss(&code, 0)
            }))
            .await?,
    )?;
    ensure!(t.rounds == 3 && t.games.len() == 2);
    let tokens: Vec<(String, String)> = students
        .iter()
        .enumerate()
        .map(|(i, s)| (format!("s{i:02}"), s.token().to_owned()))
        .collect();
    drop(students);
    teacher.close().await;
    let server = server.restart(&dir, test_config()).await?;
    // Back: the round goes on; everyone plays to the end.
    let mut students = Vec::new();
    for (name, token) in tokens {
        let mut s = server
            .connect_as(Hello::new(&name).with_token(Some(token)))
            .await?;
        let view = room_of(s.request(join_room(&code, None)).await?)?;
        ensure!(view.tournaments.len() == 1 && view.tournaments[0].round == 1);
        students.push(s);
    }
    // The games already paired are picked up from the room's view: the first event is sent
    // as soon as anything changes, so a student asks for the state themselves.
    let ids: Vec<i64> = t.games.iter().map(|g| g.match_id).collect();
    let finals = try_join_all(students.iter_mut().enumerate().map(|(i, s)| {
        let ids = ids.clone();
        async move {
            let k = knowledge();
            for id in ids {
                let state = state_of(s.request(Request::Watch { match_id: id }).await?)?;
                maybe_move(s, &k, &state, s.player_id(), i as u64).await?;
            }
            take_part(s, i as u64, None).await
        }
    }))
    .await?;
    let t = &finals[0];
    ensure!(t.finished && t.round == 3 && t.games.len() == 6, "{t:?}");
    check_pairings(t)?;
    server.stop().await
}

#[tokio::test]
async fn the_engine_and_the_teacher_play_every_student_at_once() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let (mut teacher, code, mut students) = class(&server, 5).await?;
    let simul = |host: Opponent, students_first: bool| {
        Request::StartSimul(NewSimul {
            code: code.clone(),
            params: GameParams::of(Game::Nim),
            start: "1,2".into(),
            host,
            students_first,
            clock: None,
        })
    };
    // The perfect engine moves first from a won position: it wins every board.
    let s = simul_of(
        teacher
            .request(simul(Opponent::engine("perfect"), false))
            .await?,
    )?;
    ensure!(s.games.len() == 5 && s.host == "engine (perfect)");
    let k = knowledge();
    let ends = try_join_all(students.iter_mut().map(|c| {
        let k = &k;
        async move {
            loop {
                match c.event().await? {
                    ServerBody::Simul { simul, .. } => {
                        let mine = simul.games.iter().find(|g| g.player_id == c.player_id());
                        if let Some(r) = mine.and_then(|g| g.result.clone()) {
                            return Ok::<_, anyhow::Error>(r);
                        }
                        if let Some(g) = mine {
                            let state = state_of(
                                c.request(Request::Watch {
                                    match_id: g.match_id,
                                })
                                .await?,
                            )?;
                            maybe_move(c, k, &state, c.player_id(), 1).await?;
                        }
                    }
                    ServerBody::Match { state } => {
                        maybe_move(c, k, &state, c.player_id(), 1).await?
                    }
                    _ => {}
                }
            }
        }
    }))
    .await?;
    ensure!(ends.iter().all(|r| r == "loss"), "{ends:?}");
    // The teacher hosts, the students move first from 1,2 and play well: they win.
    let s = simul_of(teacher.request(simul(Opponent::Human, true)).await?)?;
    ensure!(s.host == "teacher" && s.students_first && !s.finished);
    let me = teacher.player_id();
    let players: Vec<_> = students
        .drain(..)
        .map(|mut c| {
            let board = s
                .games
                .iter()
                .find(|g| g.player_id == c.player_id())
                .map(|g| g.match_id);
            let exhibition = s.id;
            tokio::spawn(async move {
                let k = knowledge();
                let id = board.context("a board for every student")?;
                let me = c.player_id();
                // Perfect moves: from 1,2 the first mover wins.
                let play = |state: MatchState| {
                    let mine = state.status == MatchStatus::Playing
                        && state.to_move == Some(0)
                        && state.seats[0].player_id == Some(me);
                    mine.then(|| {
                        grundy_e2e::best_move(&k, &state, 0).map(|mv| (state.match_id, mv))
                    })
                    .transpose()
                };
                let state = state_of(c.request(Request::Watch { match_id: id }).await?)?;
                let mut last = 0;
                if let Some((m, mv)) = play(state)? {
                    c.request(Request::play(m, &mv)).await?;
                    last = 1;
                }
                loop {
                    match c.event().await? {
                        ServerBody::Match { state } if state.match_id == id && state.ply > last => {
                            let ply = state.ply;
                            if let Some((m, mv)) = play(state)? {
                                c.request(Request::play(m, &mv)).await?;
                                last = ply + 1;
                            }
                        }
                        ServerBody::Simul { simul, .. } if simul.id == exhibition => {
                            let mine = simul.games.iter().find(|g| g.player_id == me);
                            if let Some(r) = mine.and_then(|g| g.result.clone()) {
                                return Ok::<_, anyhow::Error>(r);
                            }
                        }
                        _ => {}
                    }
                }
            })
        })
        .collect();
    // The teacher goes from board to board: each one followed, a move wherever it is their
    // turn.
    let mut boards = HashMap::new();
    for g in &s.games {
        let state = state_of(
            teacher
                .request(Request::Watch {
                    match_id: g.match_id,
                })
                .await?,
        )?;
        boards.insert(g.match_id, state);
    }
    let mut moved = HashSet::new();
    let mut finished = false;
    while !finished {
        let waiting: Vec<MatchState> = boards
            .values()
            .filter(|b| b.status == MatchStatus::Playing && b.to_move == Some(1))
            .filter(|b| !moved.contains(&(b.match_id, b.ply)))
            .cloned()
            .collect();
        for b in waiting {
            let mv = grundy_e2e::best_move(&k, &b, 0)?;
            teacher.request(Request::play(b.match_id, &mv)).await?;
            moved.insert((b.match_id, b.ply));
        }
        match teacher.event().await? {
            // Only a newer state of a board: events queued before a move are older.
            ServerBody::Match { state } => {
                let newer = boards
                    .get(&state.match_id)
                    .is_none_or(|b| state.ply > b.ply);
                if newer && state.seats[1].player_id == Some(me) {
                    boards.insert(state.match_id, state);
                }
            }
            ServerBody::Simul { simul, .. } if simul.id == s.id => finished = simul.finished,
            _ => {}
        }
    }
    for p in players {
        ensure!(p.await?? == "win");
    }
    let view = room_of(teacher.request(join_room(&code, None)).await?)?;
    ensure!(view.simuls.len() == 2 && view.simuls.iter().all(|s| s.finished));
    server.stop().await
}

fn simul_of(body: ServerBody) -> Result<SimulView> {
    match body {
        ServerBody::Simul { simul, .. } => Ok(simul),
        other => bail!("expected an exhibition, got {other:?}"),
    }
}

/// Aborting a tournament game once scored ½-½ with no reason: a game a room paired cannot be
/// aborted; resigning it is a loss, and the game says why it ended.
#[tokio::test]
async fn a_tournament_game_cannot_be_aborted_and_says_how_it_ended() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let (mut teacher, code, mut students) = class(&server, 2).await?;
    let t = tournament_of(
        teacher
            .request(Request::CreateTournament(nim_swiss(&code, 1)))
            .await?,
    )?;
    let game = t.games.first().context("a game")?.clone();
    let first = students
        .iter_mut()
        .find(|s| s.player_id() == game.first)
        .context("the first player")?;
    let aborted = first
        .request(Request::Abort {
            match_id: game.match_id,
        })
        .await;
    let e = grundy_e2e::refusal(aborted)?;
    assert_eq!(e.code, ErrorCode::InvalidState);
    assert!(e.message.contains("cannot be aborted"), "{}", e.message);
    first
        .request(Request::Resign {
            match_id: game.match_id,
        })
        .await?;
    // The teacher sees the result, with its reason.
    loop {
        if let ServerBody::Tournament { tournament: t, .. } = teacher.event().await? {
            let g = t
                .games
                .iter()
                .find(|g| g.match_id == game.match_id)
                .context("the game")?;
            if g.result.is_some() {
                assert_eq!(g.result.as_deref(), Some("0-1"));
                assert_eq!(g.reason, Some(Reason::Resignation));
                break;
            }
        }
    }
    server.stop().await
}

/// A student who joins room `code` and then reads everything the room sends without decoding
/// it (a class's students decode on their own machines; here they would take the processors
/// the server is measured on).
async fn silent_student(
    server: &Server,
    name: &str,
    code: &str,
) -> Result<tokio::task::JoinHandle<()>> {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let (mut ws, _) = tokio_tungstenite::connect_async(server.url()).await?;
    let hello = Request::Hello {
        protocol: protocol::PROTOCOL_VERSION,
        name: name.to_owned(),
        token: None,
        access_code: None,
    };
    for (id, request) in [(1, hello), (2, join_room(code, None))] {
        let text = serde_json::to_string(&protocol::ClientMessage { id, request })?;
        ws.send(Message::text(text)).await?;
        loop {
            let Message::Text(text) = ws.next().await.context("closed")?? else {
                continue;
            };
            let reply: serde_json::Value = serde_json::from_str(&text)?;
            if reply["id"] == id {
                ensure!(reply["type"] != "error", "{name}: {reply}");
                break;
            }
        }
    }
    Ok(tokio::spawn(async move {
        while let Some(Ok(_)) = ws.next().await {}
    }))
}

/// A school event through the server: 1 000 students (each reading everything the room sends),
/// a Swiss of 15 rounds, each round ended by the teacher (every game adjudicated by its exact
/// value, so one side wins every board: the hardest pairing there is for score groups); prints
/// how long creating the tournament and each next round take, how large the room's tournament
/// message has grown, and the share of the processors the hypervisor stole meanwhile. A
/// measurement, run in a release build:
/// `cargo test -p grundy-e2e --release --test e2e -- --ignored --nocapture school_event`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: 1 000 connections, minutes in a debug build"]
async fn a_school_event_of_a_thousand_students() -> Result<()> {
    const STUDENTS: usize = 1000;
    const ROUNDS: u32 = 15;
    let dir = tempfile::tempdir()?;
    let config = daemon::Config {
        max_connections: 2 * STUDENTS,
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let started = std::time::Instant::now();
    let mut teacher = server.connect("teacher").await?;
    // The pairing as first written took minutes here: wait for it.
    teacher.set_timeouts(std::time::Duration::from_secs(600), None);
    let code = open_room_with(
        &mut teacher,
        "school",
        RoomSettings {
            hints: true,
            ..RoomSettings::default()
        },
    )
    .await?
    .code;
    let mut readers = Vec::new();
    for i in 0..STUDENTS {
        readers.push(silent_student(&server, &format!("s{i:04}"), &code).await?);
    }
    println!(
        "{STUDENTS} students in the room in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let started = std::time::Instant::now();
    let mut t = tournament_of(
        teacher
            .request(Request::CreateTournament(nim_swiss(&code, ROUNDS)))
            .await?,
    )?;
    println!(
        "round  1 paired and started: {:>7.1} ms ({} games)",
        started.elapsed().as_secs_f64() * 1000.0,
        t.games.len()
    );
    for round in 2..=ROUNDS {
        let ticks = grundy_e2e::host_ticks();
        let started = std::time::Instant::now();
        t = tournament_of(
            teacher
                .request(Request::NextRound {
                    code: code.clone(),
                    tournament_id: t.id,
                })
                .await?,
        )?;
        let took = started.elapsed();
        ensure!(t.round == round, "{} after round {round}", t.round);
        let bytes = serde_json::to_string(&t)?.len();
        println!(
            "round {round:>2} adjudicated, paired and started: {:>7.1} ms; the tournament's \
             message {:.0} KB; steal {:.1} %",
            took.as_secs_f64() * 1000.0,
            bytes as f64 / 1000.0,
            grundy_e2e::steal_since(ticks).unwrap_or(0.0),
        );
    }
    check_pairings(&t)?;
    server.stop().await?;
    for r in readers {
        r.abort();
    }
    Ok(())
}
