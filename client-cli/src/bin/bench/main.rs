//! `grundy-bench`, the load generator: opens C connections to one server, plays M concurrent
//! matches of a game mix at a target move rate for a bounded time, and reports throughput,
//! move round trips (sent → acknowledged, i.e. committed), errors, and the server's memory
//! and CPU time. It speaks through the same client library as `grundy`; the legal moves it
//! plays come from the engine crate, which the person's `grundy` does not link.

mod driver;
mod machine;
mod memory;
mod pages;
mod stats;

use std::io::Write as _;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::Parser;
use client::{with_scheme, Client, Hello};
use protocol::{Game, GameParams};
use tokio::sync::{Barrier, Semaphore};
use tokio::task::JoinSet;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use self::driver::{Plan, Shared, Tally};
use self::stats::{Cpu, Memory, PageLoads, Report, Samples};

/// Where `grundyd` listens unless told otherwise.
const DEFAULT_SERVER: &str = "ws://127.0.0.1:7878";

/// Read buffer per connection: thousands of connections must stay small.
const READ_BUFFER: usize = 4 * 1024;

/// How long one request, or an engine's move, may be waited for before the connection counts
/// as failed.
const REPLY_TIMEOUT: Duration = Duration::from_secs(30);

/// Examples shown by `grundy-bench --help`.
const HELP: &str = "\
Only the server given by --server is contacted. Each match takes two connections (the load
generator plays both seats) or one with --opponent engine; connections beyond that stay open
and idle. Every move is timed from sending it to its acknowledgement, which the server sends
only after the move is committed to disk. Start the server for a load test with a high
per-client message rate, no engine delay, and room for every connection from this address, e.g.
  grundyd --db /tmp/load.db --engine-delay-ms 0 --message-rate 100000 \
    --max-connections-per-address 100000

Examples:
  grundy-bench                                       100 connections, 50 matches, 1000 moves/s, 10 s
  grundy-bench --matches 500 --connections 1000 --rate 5000 --duration 30
  grundy-bench --matches 200 --rate 0 --games lgame  as many moves a second as the server takes
  grundy-bench --connections 10000 --matches 5000 --rate 2000 --json
`grundy bench ARGS` runs the same.";

/// Most connections one run may open.
pub const MAX_CONNECTIONS: usize = 50_000;

/// Longest run, in seconds.
pub const MAX_DURATION_S: f64 = 3600.0;

/// Connections being opened at once.
const CONNECTING_AT_ONCE: usize = 64;

/// How long after the end of play unfinished round trips are waited for.
const GRACE: Duration = Duration::from_secs(40);

/// A load generator for grundyd: many connections and matches against one server, then
/// throughput, move round trips, errors and the server's memory and CPU.
#[derive(Debug, Parser)]
#[command(name = "grundy-bench", version, after_help = HELP)]
struct Args {
    /// The server's websocket URL.
    #[arg(long, env = "GRUNDY_SERVER", default_value = DEFAULT_SERVER)]
    server: String,
    /// The server's access code, when it was started with one.
    #[arg(long, env = "GRUNDY_ACCESS_CODE", hide_env_values = true)]
    access_code: Option<String>,
    /// Connections to open (each says hello as its own player).
    #[arg(long, short = 'c', default_value_t = 100)]
    connections: usize,
    /// Matches played at the same time.
    #[arg(long, short = 'm', default_value_t = 50)]
    matches: usize,
    /// Target moves a second over all matches; 0 plays as fast as the server answers.
    #[arg(long, default_value_t = 1000)]
    rate: u64,
    /// Seconds of play (at most 3600).
    #[arg(long, default_value_t = 10.0)]
    duration: f64,
    /// Stop once this many moves are acknowledged.
    #[arg(long)]
    moves: Option<u64>,
    /// Games to mix, comma-separated: queen, rook, horse, dragon, nim, chocolate, lgame.
    #[arg(long, value_delimiter = ',', default_value = "lgame,nim,queen")]
    games: Vec<Game>,
    /// Board side of the corner games.
    #[arg(long, default_value_t = 32)]
    size: u64,
    /// Staircase step of chocolate.
    #[arg(long, default_value_t = 1)]
    k: u32,
    /// `human` (the load generator plays both seats) or `engine[:LEVEL]` (one seat against
    /// the server's engine; LEVEL easy, medium or perfect, default easy).
    #[arg(long, default_value = "human")]
    opponent: String,
    /// Longest game in plies: then the player to move resigns and a new match starts.
    #[arg(long, default_value_t = 200)]
    max_plies: u32,
    /// Threads of the load generator itself.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// The server's process id, to report its memory (found by itself for a local server).
    #[arg(long)]
    server_pid: Option<u32>,
    /// Seed of the move choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also load the web page this many times a second during play, as browsers opening it
    /// would (each load: a connection, the page and every asset it names).
    #[arg(long, default_value_t = 0.0)]
    page_loads: f64,
    /// Print the report as one JSON object.
    #[arg(long)]
    json: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let runtime = match args.threads {
        0 | 1 => tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build(),
        n => tokio::runtime::Builder::new_multi_thread()
            .worker_threads(n)
            .enable_all()
            .build(),
    };
    let result = runtime
        .context("cannot start")
        .and_then(|r| r.block_on(run(args)));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("grundy-bench: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Runs the load and prints the report; fails when the run had errors.
async fn run(args: Args) -> Result<()> {
    let url = &with_scheme(&args.server);
    let access_code = args.access_code.clone();
    let plan = Settings::check(&args)?;
    raise_file_limit(args.connections);
    let pid = args.server_pid.or_else(|| {
        let (host, port) = memory::host_port(url)?;
        memory::is_local(&host).then(|| memory::listener_pid(port))?
    });
    let before = pid.and_then(memory::rss_bytes);

    let connecting = Instant::now();
    let mut conns = open_all(url, args.connections, access_code).await?;
    let connect_s = connecting.elapsed().as_secs_f64();
    let connected = pid.and_then(memory::rss_bytes);

    let shared = Arc::new(Shared {
        ready: Barrier::new(args.matches + 1),
        done: Barrier::new(args.matches),
        window: tokio::sync::watch::Sender::new(None),
        max_moves: args.moves.unwrap_or(u64::MAX),
        moves: AtomicU64::new(0),
    });
    let sampling = Arc::new(AtomicBool::new(true));
    let sampler = pid.map(|pid| tokio::spawn(sample_peak(pid, sampling.clone())));
    let mut slots = JoinSet::new();
    for i in 0..args.matches {
        let seats = conns.split_off(conns.len() - plan.per_match);
        let slot = Plan {
            games: plan.games.clone(),
            engine: plan.engine.clone(),
            max_plies: args.max_plies,
            interval: plan.interval,
            // Spread the slots' first moves over one interval.
            first_move: plan
                .interval
                .unwrap_or_default()
                .mul_f64(i as f64 / args.matches as f64),
            seed: args.seed.wrapping_mul(1_000_003).wrapping_add(i as u64),
        };
        slots.spawn(driver::drive(seats, slot, shared.clone()));
    }
    // Every slot has its first match set up: play starts now.
    let setting_up = Instant::now();
    let setup_limit = setting_up + GRACE;
    if tokio::time::timeout_at(setup_limit, shared.ready.wait())
        .await
        .is_err()
    {
        slots.abort_all();
        bail!("the matches were not all set up within {GRACE:?}");
    }
    let setup_s = setting_up.elapsed().as_secs_f64();
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(args.duration);
    shared.window.send_replace(Some((started, deadline)));
    // The server's CPU time and this machine's processors over exactly the play window (not
    // the setup, not the closing).
    let cpu_at_start = pid.map(|pid| (pid, memory::cpu_seconds(pid)));
    let ticks_at_start = machine::ticks();
    let pages = (args.page_loads > 0.0)
        .then(|| memory::host_port(url).map(|(host, port)| format!("{host}:{port}")))
        .flatten()
        .map(|addr| tokio::spawn(pages::run(addr, args.page_loads, started, deadline)));
    let window = tokio::spawn(async move {
        tokio::time::sleep_until(deadline).await;
        let cpu = cpu_at_start.and_then(|(pid, start)| Some(memory::cpu_seconds(pid)? - start?));
        let machine = ticks_at_start.and_then(|start| machine::between(start, machine::ticks()?));
        (cpu, machine)
    });
    let mut tally = Tally::default();
    let mut samples = Samples::default();
    let hard_stop = deadline + GRACE;
    loop {
        match tokio::time::timeout_at(hard_stop, slots.join_next()).await {
            Ok(Some(Ok((seats, t)))) => {
                conns.extend(seats);
                samples.extend(t.samples);
                tally.finished += t.finished;
                for (kind, n) in t.errors {
                    *tally.errors.entry(kind).or_default() += n;
                }
            }
            Ok(Some(Err(e))) => {
                *tally
                    .errors
                    .entry(format!("load generator task: {e}"))
                    .or_default() += 1
            }
            Ok(None) => break,
            Err(_) => {
                let n = slots.len() as u64;
                *tally
                    .errors
                    .entry("no answer in time at the end of play".to_owned())
                    .or_default() += n;
                slots.abort_all();
                break;
            }
        }
    }
    // Page loads run for the whole window, matches or none.
    if pages.is_some() {
        tokio::time::sleep_until(deadline).await;
    }
    // Moves are counted over the play window; the last ones in flight and the resignations
    // that close every match come after it.
    let duration_s = (tokio::time::Instant::now().min(deadline) - started).as_secs_f64();
    sampling.store(false, Ordering::Relaxed);
    let peak = match sampler {
        Some(s) => s.await.unwrap_or(0),
        None => 0,
    };
    let end = pid.and_then(memory::rss_bytes);
    let (cpu_s, machine) = window.await.unwrap_or((None, None));
    let page_loads = match pages {
        Some(task) => {
            let loads = task.await.unwrap_or_default();
            for (kind, n) in &loads.errors {
                *tally.errors.entry(kind.clone()).or_default() += n;
            }
            let done = loads.samples.len() as u64;
            Some(PageLoads {
                target_per_s: args.page_loads,
                loads: done,
                per_s: done as f64 / duration_s.max(1e-9),
                requests: loads.requests,
                load: loads.samples.summary(),
            })
        }
        None => None,
    };
    close_all(conns).await;

    let moves = samples.len() as u64;
    let report = Report {
        server: url.to_owned(),
        connections: args.connections,
        matches: args.matches,
        opponent: args.opponent.clone(),
        games: args.games.clone(),
        target_rate: args.rate,
        connect_s,
        setup_s,
        duration_s,
        moves,
        moves_per_s: moves as f64 / duration_s.max(1e-9),
        matches_finished: tally.finished,
        round_trip: samples.summary(),
        errors: tally.errors,
        memory: match (pid, before, connected, end) {
            (Some(pid), Some(before_bytes), Some(connected_bytes), Some(end_bytes)) => {
                Some(Memory {
                    pid,
                    before_bytes,
                    connected_bytes,
                    peak_bytes: peak.max(end_bytes),
                    end_bytes,
                })
            }
            _ => None,
        },
        page_loads,
        server_cpu: cpu_s.map(|seconds| Cpu {
            seconds,
            per_move_us: (moves > 0).then(|| seconds * 1e6 / moves as f64),
        }),
        machine,
    };
    let text = match args.json {
        true => serde_json::to_string(&report)? + "\n",
        false => report.text(),
    };
    // A reader that went away (`| head`) is not the run's failure.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    let errors = report.error_count();
    if errors > 0 {
        bail!("the run had {errors} errors (listed above)");
    }
    if moves == 0 && args.matches > 0 {
        bail!("no move was acknowledged");
    }
    Ok(())
}

/// The checked form of the arguments.
struct Settings {
    games: Vec<GameParams>,
    engine: Option<String>,
    per_match: usize,
    interval: Option<Duration>,
}

impl Settings {
    fn check(args: &Args) -> Result<Settings> {
        if !(args.duration > 0.0 && args.duration <= MAX_DURATION_S) {
            bail!("--duration must be more than 0 and at most {MAX_DURATION_S} seconds");
        }
        if args.connections > MAX_CONNECTIONS {
            bail!("--connections may be at most {MAX_CONNECTIONS}");
        }
        if args.threads == 0 {
            bail!("--threads must be at least 1");
        }
        let engine = match args.opponent.split_once(':') {
            _ if args.opponent == "human" => None,
            _ if args.opponent == "engine" => Some("easy".to_owned()),
            Some(("engine", level)) => Some(level.to_owned()),
            _ => bail!(
                "--opponent is human, engine or engine:LEVEL, not {:?}",
                args.opponent
            ),
        };
        let per_match = if engine.is_some() { 1 } else { 2 };
        let needed = args.matches * per_match;
        if needed > args.connections {
            bail!(
                "{} matches need {needed} connections ({per_match} each); raise --connections",
                args.matches
            );
        }
        if args.matches > 0 && args.games.is_empty() {
            bail!("--games names no game");
        }
        let games = args
            .games
            .iter()
            .map(|&game| {
                let params = GameParams {
                    game,
                    size: game.is_corner().then_some(args.size),
                    k: (game == Game::Chocolate).then_some(args.k),
                    misere: false,
                    piece: None,
                    rule: None,
                    edge: None,
                };
                driver::variant(&params).map(|_| params)
            })
            .collect::<Result<Vec<_>>>()?;
        let interval = match args.rate {
            0 => None,
            r if args.matches > 0 => Some(Duration::from_secs_f64(args.matches as f64 / r as f64)),
            _ => None,
        };
        Ok(Settings {
            games,
            engine,
            per_match,
            interval,
        })
    }
}

/// Opens `n` connections, a few at a time; any failure ends the run with advice.
async fn open_all(url: &str, n: usize, access_code: Option<String>) -> Result<Vec<Client>> {
    let gate = Arc::new(Semaphore::new(CONNECTING_AT_ONCE));
    let mut opening = JoinSet::new();
    for i in 0..n {
        let (gate, url, code) = (gate.clone(), url.to_owned(), access_code.clone());
        opening.spawn(async move {
            let _permit = gate.acquire_owned().await;
            let config = WebSocketConfig::default().read_buffer_size(READ_BUFFER);
            let mut conn = Client::open_with(&url, config).await?;
            conn.set_timeouts(REPLY_TIMEOUT, Some(REPLY_TIMEOUT));
            let hello = Hello::new(format!("bench-{i}")).with_access_code(code);
            conn.hello(hello).await.context("hello refused")?;
            anyhow::Ok(conn)
        });
    }
    let mut conns = Vec::with_capacity(n);
    while let Some(done) = opening.join_next().await {
        let conn = done.context("a connecting task failed")?.with_context(|| {
            format!(
                "opened {} of {n} connections; the server's --max-connections or the open-file \
                 limit (ulimit -n) of either side may be too low",
                conns.len()
            )
        })?;
        conns.push(conn);
    }
    Ok(conns)
}

/// Closes every connection, a few at a time.
async fn close_all(conns: Vec<Client>) {
    let gate = Arc::new(Semaphore::new(4 * CONNECTING_AT_ONCE));
    let mut closing = JoinSet::new();
    for conn in conns {
        let gate = gate.clone();
        closing.spawn(async move {
            let _permit = gate.acquire_owned().await;
            let _ = tokio::time::timeout(Duration::from_secs(5), conn.close()).await;
        });
    }
    while closing.join_next().await.is_some() {}
}

/// The highest resident size of `pid` seen while `on` holds, sampled every 100 ms.
async fn sample_peak(pid: u32, on: Arc<AtomicBool>) -> u64 {
    let mut peak = 0;
    while on.load(Ordering::Relaxed) {
        peak = peak.max(memory::rss_bytes(pid).unwrap_or(0));
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    peak
}

/// Raises this process's open-file limit to what `connections` need, up to the hard limit.
fn raise_file_limit(connections: usize) {
    let wanted = connections as u64 + 64;
    match rlimit::increase_nofile_limit(wanted) {
        Ok(got) if got < wanted => eprintln!(
            "grundy-bench: the open-file limit is {got}, fewer than {wanted}: raise it with ulimit -n"
        ),
        _ => {}
    }
}
