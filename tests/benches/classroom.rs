//! Classrooms under load: `GRUNDY_CLASSROOM_ROOMS` rooms (30) of `GRUNDY_CLASSROOM_STUDENTS`
//! students (40) and a teacher each, all at once against one real `grundyd` in a process of
//! its own. In every room the teacher starts a three-round Swiss of Nim and sets two sets of
//! three exercises, five seconds apart; every student plays their tournament games (a move
//! after 0.2–0.8 s of thought) and answers every exercise (after 0.5–3 s). Run with
//! `cargo bench -p grundy-e2e --bench classroom`.
//!
//! It prints the time from a student's answer leaving to the teacher's screen receiving it
//! (`answered`), the student's own round trip (answer → grade), the moves' round trips, and,
//! measured side by side as the baseline, the round trip of a `ping` from one more client
//! during the load; then the server's resident memory (now and at its peak) and CPU time,
//! and the share of the processors' time the hypervisor stole meanwhile.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{bail, Result};
use grundy_e2e::bench_server::{beside_server, env_number, serve};
use grundy_e2e::process::memory;
use grundy_e2e::{figures, Client, Hello};
use protocol::{
    ExerciseSpec, Format, Game, GameParams, MatchStatus, NewTournament, Request, RoomSettings,
    ServerBody,
};
use tokio::time::Instant;

/// Set in the server's process: its database directory.
const SERVER_ENV: &str = "GRUNDY_CLASSROOM_SERVER";
/// How long the load may run before it is cut short.
const LIMIT: Duration = Duration::from_secs(240);

/// When each answer left: (exercise, player) → instant.
type Sent = Arc<Mutex<HashMap<(i64, i64), Instant>>>;

fn main() -> Result<()> {
    if let Ok(dir) = std::env::var(SERVER_ENV) {
        return serve(&dir, grundy_e2e::test_config(), |_| async {
            Ok(String::new())
        });
    }
    let rooms: usize = env_number("GRUNDY_CLASSROOM_ROOMS", 30)?;
    let students: usize = env_number("GRUNDY_CLASSROOM_STUDENTS", 40)?;
    beside_server(SERVER_ENV, |addr, pid| async move {
        load(&format!("ws://{addr}"), rooms, students, pid).await
    })
}

async fn load(url: &str, rooms: usize, students: usize, pid: u32) -> Result<()> {
    let ticks = grundy_e2e::host_ticks();
    let cpu_before = cpu_seconds(pid);
    let sent: Sent = Arc::default();
    let started = Instant::now();
    let stop = Arc::new(tokio::sync::Notify::new());
    // The baseline: pings from one more client while the classes work.
    let pinger = {
        let url = url.to_owned();
        let stop = Arc::clone(&stop);
        tokio::spawn(async move {
            let mut c = Client::connect(&url, Hello::new("pinger")).await?;
            let mut times = Vec::new();
            let mut tick = tokio::time::interval(Duration::from_millis(100));
            loop {
                tokio::select! {
                    () = stop.notified() => break,
                    _ = tick.tick() => {
                        let t = Instant::now();
                        c.request(Request::Ping {}).await?;
                        times.push(t.elapsed());
                    }
                }
            }
            Ok::<_, anyhow::Error>(times)
        })
    };
    let classes: Vec<_> = (0..rooms)
        .map(|r| tokio::spawn(class(url.to_owned(), r, students, Arc::clone(&sent))))
        .collect();
    let mut to_teacher = Vec::new();
    let mut graded = Vec::new();
    let mut moves = Vec::new();
    for c in classes {
        let (t, g, m) = c.await??;
        to_teacher.extend(t);
        graded.extend(g);
        moves.extend(m);
    }
    let took = started.elapsed();
    stop.notify_one();
    let mut pings = pinger.await??;
    let cpu = cpu_seconds(pid).zip(cpu_before).map(|(a, b)| a - b);
    println!(
        "{rooms} rooms × {students} students: {} answers, {} moves in {:.1} s",
        graded.len(),
        moves.len(),
        took.as_secs_f64()
    );
    print_line("answer → teacher's screen", &mut to_teacher);
    print_line("answer → grade (student)", &mut graded);
    print_line("move → acknowledged", &mut moves);
    print_line("baseline: ping", &mut pings);
    let p = |v: &mut Vec<Duration>, i: usize| figures(v)[i].as_secs_f64();
    println!(
        "  answer → teacher / ping: p50 {:.1}×, p99 {:.1}×",
        p(&mut to_teacher, 0) / p(&mut pings, 0),
        p(&mut to_teacher, 2) / p(&mut pings, 2)
    );
    if let Some((rss, peak)) = memory(pid) {
        println!(
            "  server memory: {:.0} MiB resident now, {:.0} MiB at its peak",
            rss as f64 / 1_048_576.0,
            peak as f64 / 1_048_576.0
        );
    }
    if let Some(cpu) = cpu {
        println!("  server CPU: {cpu:.1} s over {:.1} s", took.as_secs_f64());
    }
    if let Some(share) = grundy_e2e::steal_since(ticks) {
        println!("  host steal meanwhile: {share:.1} %");
    }
    Ok(())
}

fn print_line(label: &str, times: &mut [Duration]) {
    if times.is_empty() {
        println!("  {label:<28} none");
        return;
    }
    let [p50, p90, p99, max] = figures(times);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "  {label:<28} p50 {:7.2} ms  p90 {:7.2} ms  p99 {:7.2} ms  max {:7.2} ms  ({} samples)",
        ms(p50),
        ms(p90),
        ms(p99),
        ms(max),
        times.len()
    );
}

/// One room: the teacher's side (its `answered` events timed against the answers' sending)
/// and every student's. (answer → teacher, answer → grade, move round trips.)
async fn class(
    url: String,
    room: usize,
    students: usize,
    sent: Sent,
) -> Result<(Vec<Duration>, Vec<Duration>, Vec<Duration>)> {
    let mut teacher = Client::connect(&url, Hello::new(format!("teacher{room}"))).await?;
    let code = match teacher
        .request(Request::CreateRoom {
            name: format!("class {room}"),
            settings: RoomSettings::default(),
        })
        .await?
    {
        ServerBody::Room { room } => room.code,
        other => bail!("expected a room, got {other:?}"),
    };
    let mut joined = Vec::new();
    for s in 0..students {
        let mut c = Client::connect(&url, Hello::new(format!("r{room}s{s}"))).await?;
        c.request(Request::JoinRoom {
            code: code.clone(),
            name: None,
            owner_token: None,
        })
        .await?;
        joined.push(c);
    }
    let expected = students * 6;
    let players: Vec<_> = joined
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            let sent = Arc::clone(&sent);
            tokio::spawn(student(c, code.clone(), (room * 1000 + i) as u64, sent))
        })
        .collect();
    teacher
        .request(Request::CreateTournament(NewTournament {
            code: code.clone(),
            params: GameParams::of(Game::Nim),
            start: "random".into(),
            format: Format::Swiss,
            rounds: Some(3),
            clock: None,
        }))
        .await?;
    let sets = [
        vec![
            ("queen", "5,3", "outcome"),
            ("nim", "3,4,5", "winning_moves"),
            ("nim", "1,2", "grundy"),
        ],
        vec![
            ("queen", "7,4", "remoteness"),
            ("nim", "2,5,6", "outcome"),
            ("queen", "6,3", "winning_move"),
        ],
    ];
    let mut to_teacher = Vec::new();
    let deadline = Instant::now() + LIMIT;
    // The teacher reads every event as it comes, and sets the second set meanwhile.
    let mut next_set = Some((0, Instant::now()));
    while to_teacher.len() < expected && Instant::now() < deadline {
        let at = next_set.map_or(deadline, |(_, t)| t);
        tokio::select! {
            () = tokio::time::sleep_until(at), if next_set.is_some() => {
                let Some((i, _)) = next_set else { continue };
                let exercises = sets[i]
                    .iter()
                    .map(|(game, position, question)| ExerciseSpec {
                        params: GameParams::of(game.parse().unwrap_or(Game::Nim)),
                        position: (*position).to_owned(),
                        question: (*question).to_owned(),
                        remoteness: None,
                    })
                    .collect();
                teacher
                    .send(Request::SetExercises {
                        code: code.clone(),
                        exercises,
                        deadline_s: None,
                    })
                    .await?;
                next_set = (i + 1 < sets.len()).then(|| (i + 1, Instant::now() + Duration::from_secs(5)));
            }
            m = teacher.next_message() => heard(&m?.body, &sent, &mut to_teacher),
        }
    }
    let (mut graded, mut moves) = (Vec::new(), Vec::new());
    for p in players {
        let (g, m) = p.await??;
        graded.extend(g);
        moves.extend(m);
    }
    Ok((to_teacher, graded, moves))
}

/// Times an `answered` event against its answer's sending.
fn heard(body: &ServerBody, sent: &Sent, to_teacher: &mut Vec<Duration>) {
    if let ServerBody::Answered { answer, .. } = body {
        let now = Instant::now();
        if let Some(t) = lock(sent).get(&(answer.exercise_id, answer.player_id)) {
            to_teacher.push(now - *t);
        }
    }
}

fn lock(sent: &Sent) -> std::sync::MutexGuard<'_, HashMap<(i64, i64), Instant>> {
    match sent.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}

/// What a student has to do, and when.
enum Due {
    Answer { exercise: i64, text: String },
    Move { match_id: i64, mv: String },
}

/// A student: plays their tournament games and answers every exercise, each after a while
/// of thought, until the tournament is over and six exercises are answered.
async fn student(
    mut c: Client,
    code: String,
    seed: u64,
    sent: Sent,
) -> Result<(Vec<Duration>, Vec<Duration>)> {
    let k = grundy_e2e::knowledge();
    let mut rng = engine::Rng::new(seed);
    let me = c.player_id();
    let mut due: Vec<(Instant, Due)> = Vec::new();
    let (mut graded, mut moves) = (Vec::new(), Vec::new());
    let (mut answered, mut finished) = (0, false);
    let deadline = Instant::now() + LIMIT;
    while (answered < 6 || !finished || !due.is_empty()) && Instant::now() < deadline {
        due.sort_by_key(|(t, _)| *t);
        let next = due.first().map_or(deadline, |(t, _)| *t);
        tokio::select! {
            () = tokio::time::sleep_until(next) => {
                if due.is_empty() { continue; }
                let (_, what) = due.remove(0);
                match what {
                    Due::Answer { exercise, text } => {
                        let t = Instant::now();
                        lock(&sent).insert((exercise, me), t);
                        c.request(Request::Answer { code: code.clone(), exercise_id: exercise, answer: text }).await?;
                        graded.push(t.elapsed());
                        answered += 1;
                    }
                    Due::Move { match_id, mv } => {
                        let t = Instant::now();
                        if c.request(Request::play(match_id, &mv)).await.is_ok() {
                            moves.push(t.elapsed());
                        }
                    }
                }
            }
            event = c.event() => match event? {
                ServerBody::ExercisesSet { exercises, .. } => {
                    for e in exercises {
                        let text = match e.question.as_str() {
                            "outcome" => ["win", "loss"][rng.below(2) as usize].to_owned(),
                            "grundy" | "remoteness" => rng.below(6).to_string(),
                            "winning_moves" => "1:2".to_owned(),
                            _ => "none".to_owned(),
                        };
                        let wait = Duration::from_millis(500 + rng.below(2500));
                        due.push((Instant::now() + wait, Due::Answer { exercise: e.id, text }));
                    }
                }
                ServerBody::Tournament { tournament: t, .. } => {
                    finished = t.finished;
                    for g in t.games.iter().filter(|g| g.result.is_none() && (g.first == me || g.second == me)) {
                        if let ServerBody::Match { state } = c.request(Request::Watch { match_id: g.match_id }).await? {
                            plan_move(&k, &state, me, &mut rng, &mut due)?;
                        }
                    }
                }
                ServerBody::Match { state } => plan_move(&k, &state, me, &mut rng, &mut due)?,
                _ => {}
            },
        }
    }
    Ok((graded, moves))
}

/// On our turn, a good move after a while of thought.
fn plan_move(
    k: &engine::Knowledge,
    state: &protocol::MatchState,
    me: i64,
    rng: &mut engine::Rng,
    due: &mut Vec<(Instant, Due)>,
) -> Result<()> {
    let Some(seat) = state.to_move else {
        return Ok(());
    };
    if state.status != MatchStatus::Playing
        || state.seats[usize::from(seat)].player_id != Some(me)
        || due
            .iter()
            .any(|(_, d)| matches!(d, Due::Move { match_id, .. } if *match_id == state.match_id))
    {
        return Ok(());
    }
    let mv = grundy_e2e::best_move(k, state, rng.below(1000))?;
    let wait = Duration::from_millis(200 + rng.below(600));
    due.push((
        Instant::now() + wait,
        Due::Move {
            match_id: state.match_id,
            mv,
        },
    ));
    Ok(())
}

/// The process's CPU time (user + system), in seconds.
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}
