//! Research beside a class: 200 matches between people at 1 000 moves a second and one more
//! client asking a stored position's value every 20 ms, against one real `grundyd` in a
//! process of its own, first alone, then while 8 clients run the heaviest research requests
//! (a formula checked over a 16 384-wide queen table, a row of it exported, the periodicity of
//! 64 of its rows), side by side in one run. Run with
//! `cargo bench -p grundy-e2e --bench isolation` (`GRUNDY_ISOLATION_SECONDS`, default 15, for
//! each phase).
//!
//! It prints, for each phase, the moves' round trips (sent → stored and acknowledged) and the
//! queries' (p50, p99, max), the ratio of the move p99 with research to without, the research
//! requests answered or refused, and the share of the processors' time the hypervisor stole
//! meanwhile. The target: the move p99 within 2× of the run without research, the query p99
//! under 5 ms, every query answered within 1 s.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use grundy_e2e::bench_server::{beside_server, serve};
use grundy_e2e::{figures, Client, Hello};
use protocol::{
    CheckQuery, Game, GameParams, LineKind, NewMatch, Opponent, PeriodicityQuery, Request,
    SequenceLine, SequenceQuery, ServerBody, Span,
};
use tokio::time::Instant;

/// Set in the server's process: its database directory.
const SERVER_ENV: &str = "GRUNDY_ISOLATION_SERVER";
/// Matches between people, and the moves a second they make in all.
const MATCHES: usize = 200;
const MOVES_PER_SECOND: u64 = 1_000;
/// Clients running research.
const RESEARCHERS: usize = 8;
/// The research tables' side.
const SIDE: u64 = 16_384;

fn main() -> Result<()> {
    // The server: the default tables (1024), and no limit on messages a second for the
    // load's connections.
    if let Ok(dir) = std::env::var(SERVER_ENV) {
        let config = daemon::Config {
            engine_delay: Duration::ZERO,
            message_rate: 100_000,
            message_burst: 100_000,
            max_per_address: 100_000,
            ..daemon::Config::default()
        };
        return serve(&dir, config, |_| async { Ok(String::new()) });
    }
    let seconds: u64 = match std::env::var("GRUNDY_ISOLATION_SECONDS") {
        Ok(s) => s.parse().context("GRUNDY_ISOLATION_SECONDS")?,
        Err(_) => 15,
    };
    beside_server(SERVER_ENV, |addr, _| async move {
        run(&format!("ws://{addr}"), Duration::from_secs(seconds)).await
    })
}

async fn run(url: &str, phase: Duration) -> Result<()> {
    let mut pairs = Vec::with_capacity(MATCHES);
    for i in 0..MATCHES {
        let mut a = Client::connect(url, Hello::new(format!("a{i}"))).await?;
        let mut b = Client::connect(url, Hello::new(format!("b{i}"))).await?;
        // Long games: 1 000 stones in each of three piles, one taken a move.
        let nim = NewMatch::new(GameParams::of(Game::Nim), Opponent::Human).start("1000,1000,1000");
        let ServerBody::Match { state } = a.request(Request::create(nim)).await? else {
            bail!("no match");
        };
        b.request(Request::Join {
            match_id: state.match_id,
        })
        .await?;
        pairs.push((state.match_id, a, b));
    }
    println!(
        "{MATCHES} matches, {MOVES_PER_SECOND} moves/s, a stored query every 20 ms; {} s a phase",
        phase.as_secs()
    );
    let (pairs, alone) = measure(url, pairs, phase, false).await?;
    let (_, beside) = measure(url, pairs, phase, true).await?;
    let ratio = beside.moves[2].as_secs_f64() / alone.moves[2].as_secs_f64().max(1e-9);
    println!(
        "move p99 with research / without: {ratio:.2} (target ≤ 2); query p99 with research: \
         {:.2} ms (target < 5), slowest {:.0} ms (target < 1 000)",
        ms(beside.queries[2]),
        ms(beside.queries[3])
    );
    Ok(())
}

/// One phase's figures: p50, p90, p99, max.
struct Phase {
    moves: [Duration; 4],
    queries: [Duration; 4],
}

type Pair = (i64, Client, Client);

/// Plays the matches at the rate for `phase`, a stored query every 20 ms beside them, and,
/// when `research`, 8 clients running research the while.
async fn measure(
    url: &str,
    pairs: Vec<Pair>,
    phase: Duration,
    research: bool,
) -> Result<(Vec<Pair>, Phase)> {
    let ticks = grundy_e2e::host_ticks();
    let stop = Arc::new(AtomicBool::new(false));
    let answered = Arc::new(AtomicU64::new(0));
    let refused = Arc::new(AtomicU64::new(0));
    let researchers: Vec<_> = (0..if research { RESEARCHERS } else { 0 })
        .map(|i| {
            let (url, stop) = (url.to_owned(), Arc::clone(&stop));
            let (answered, refused) = (Arc::clone(&answered), Arc::clone(&refused));
            tokio::spawn(async move { researcher(&url, i, &stop, &answered, &refused).await })
        })
        .collect();
    let querier = {
        let (url, stop) = (url.to_owned(), Arc::clone(&stop));
        tokio::spawn(async move { querier(&url, &stop).await })
    };
    // Each match moves at its share of the rate, the matches spread over the period.
    let every = Duration::from_nanos(1_000_000_000 * MATCHES as u64 / MOVES_PER_SECOND);
    let end = Instant::now() + phase;
    let players: Vec<_> = pairs
        .into_iter()
        .enumerate()
        .map(|(i, pair)| {
            let offset = every.mul_f64(i as f64 / MATCHES as f64);
            tokio::spawn(play(pair, offset, every, end))
        })
        .collect();
    let mut moves = Vec::new();
    let mut pairs = Vec::new();
    for p in players {
        let (pair, times) = p.await??;
        moves.extend(times);
        pairs.push(pair);
    }
    stop.store(true, Ordering::Relaxed);
    let mut queries = querier.await??;
    for r in researchers {
        r.await??;
    }
    let steal = grundy_e2e::steal_since(ticks);
    if moves.is_empty() || queries.is_empty() {
        bail!("nothing measured");
    }
    let phase = Phase {
        moves: figures(&mut moves),
        queries: figures(&mut queries),
    };
    let name = if research { "with research" } else { "alone" };
    println!(
        "{name:>14}: {} moves: p50 {:.2} p99 {:.2} max {:.1} ms · {} queries: p50 {:.2} p99 {:.2} \
         max {:.1} ms · research {} answered, {} refused · steal {}",
        moves.len(),
        ms(phase.moves[0]),
        ms(phase.moves[2]),
        ms(phase.moves[3]),
        queries.len(),
        ms(phase.queries[0]),
        ms(phase.queries[2]),
        ms(phase.queries[3]),
        answered.load(Ordering::Relaxed),
        refused.load(Ordering::Relaxed),
        steal.map_or("unknown".to_owned(), |s| format!("{s:.1} %"))
    );
    Ok((pairs, phase))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Plays one match: a move every `every` from `offset` on until `end`, the two players in
/// turn, each move timed from sending to its acknowledgement.
async fn play(
    (id, mut a, mut b): Pair,
    offset: Duration,
    every: Duration,
    end: Instant,
) -> Result<(Pair, Vec<Duration>)> {
    let mut times = Vec::new();
    let mut tick = tokio::time::interval_at(Instant::now() + offset, every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut pile = 1;
    while Instant::now() < end {
        tick.tick().await;
        // Whoever is to move takes a stone from the next pile that has one.
        let mover = if times.len() % 2 == 0 { &mut a } else { &mut b };
        let sent = Instant::now();
        match mover.request(Request::play(id, &format!("{pile}:1"))).await {
            Ok(_) => times.push(sent.elapsed()),
            Err(e) => bail!("match {id}: {e}"),
        }
        pile = pile % 3 + 1;
    }
    // The next phase begins with whoever is to move.
    if times.len() % 2 == 1 {
        std::mem::swap(&mut a, &mut b);
    }
    Ok(((id, a, b), times))
}

/// A stored position's value (queen 5,3 on the stored 1024 board), every 20 ms.
async fn querier(url: &str, stop: &AtomicBool) -> Result<Vec<Duration>> {
    let mut c = Client::connect(url, Hello::new("querier")).await?;
    let mut times = Vec::new();
    let mut tick = tokio::time::interval(Duration::from_millis(20));
    while !stop.load(Ordering::Relaxed) {
        tick.tick().await;
        let asked = Request::Query {
            params: GameParams::of(Game::Queen),
            position: "500,309".into(),
            limit: Some(5),
        };
        let sent = Instant::now();
        c.request(asked).await?;
        times.push(sent.elapsed());
    }
    Ok(times)
}

/// One researcher: the heaviest requests in turn until stopped.
async fn researcher(
    url: &str,
    i: usize,
    stop: &AtomicBool,
    answered: &AtomicU64,
    refused: &AtomicU64,
) -> Result<()> {
    let mut c = Client::connect(url, Hello::new(format!("researcher{i}"))).await?;
    c.set_timeouts(Duration::from_secs(600), Some(Duration::from_secs(600)));
    let queen = GameParams::of(Game::Queen);
    let asks = [
        Request::Check(CheckQuery {
            params: queen.clone(),
            formula: "grundy == 0 <-> min(x,y) == floor((max(x,y) - min(x,y)) * phi)".into(),
            upto: Some(SIDE),
            map: true,
        }),
        Request::Sequence(SequenceQuery {
            params: queen.clone(),
            line: SequenceLine::Row(i as u64),
            upto: Some(SIDE),
        }),
        Request::Periodicity(PeriodicityQuery {
            params: queen,
            line: Some(LineKind::Row),
            rows: Some(Span { from: 0, to: 64 }),
            upto: Some(SIDE),
        }),
    ];
    let mut n = i;
    while !stop.load(Ordering::Relaxed) {
        match c.request(asks[n % asks.len()].clone()).await {
            Ok(_) => answered.fetch_add(1, Ordering::Relaxed),
            Err(client::Error::Server(_)) => refused.fetch_add(1, Ordering::Relaxed),
            Err(e) => return Err(e.into()),
        };
        n += 1;
    }
    Ok(())
}
