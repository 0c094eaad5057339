//! The floor under a move's cost on this machine: what the websockets alone of `grundy
//! bench`'s moves cost, with no server behind them. Run with
//! `cargo bench -p grundy-e2e --bench floor`.
//!
//! A bare server does for every move only what `grundyd`'s sockets do: it reads the mover's
//! request, writes the reply and the move's event to the mover in one flush, and hands the
//! event to the opponent's connection, which writes it. Nothing is parsed, no game is
//! played, nothing is stored. The client plays like `grundy bench` with its defaults: one
//! thread, pairs of connections taking turns, each move timed from sending it to its reply,
//! the opponent's event read after. The server runs on two threads, as `grundyd` does, in
//! the same process, so the process's CPU a move is what the server and the load generator
//! together would spend if `grundyd` did no work of its own; it is printed for each side.
//!
//! It plays at each rate of `GRUNDY_FLOOR_RATES` (moves/s, `0` for as fast as answered;
//! default `0,5000`), each for `GRUNDY_FLOOR_SECS` (10) seconds, and prints the share of the
//! processors' time the hypervisor stole meanwhile.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use futures_util::{FutureExt, SinkExt, StreamExt};
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

/// Matches played at once (two connections each), as in `grundy bench`'s defaults.
const PAIRS: usize = 200;
/// A move request, a reply and an event, of about the size of `grundy bench`'s (its default
/// game mix moves ~4.3 KB a move over loopback, headers included).
const REQUEST_BYTES: usize = 100;
const REPLY_BYTES: usize = 200;
const EVENT_BYTES: usize = 1900;
/// Thread names, to read each side's CPU time.
const SERVER_THREAD: &str = "floor-server";
const CLIENT_THREAD: &str = "floor-client";

/// Each pair's two connections, registered by the first frame they send (`"PAIR SEAT"`).
type Pairs = Arc<Mutex<HashMap<(usize, usize), mpsc::UnboundedSender<Utf8Bytes>>>>;

fn main() -> Result<()> {
    let secs: u64 = match std::env::var("GRUNDY_FLOOR_SECS") {
        Ok(v) => number("GRUNDY_FLOOR_SECS", &v)?,
        Err(_) => 10,
    };
    let rates = std::env::var("GRUNDY_FLOOR_RATES").unwrap_or_else(|_| "0,5000".to_owned());
    let rates = rates
        .split(',')
        .map(|r| number("GRUNDY_FLOOR_RATES", r.trim()))
        .collect::<Result<Vec<u64>>>()?;
    let server = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name(SERVER_THREAD)
        .enable_all()
        .build()?;
    let listener = server.block_on(TcpListener::bind("127.0.0.1:0"))?;
    let addr = listener.local_addr()?;
    server.spawn(serve(listener));
    let url = format!("ws://{addr}");
    println!(
        "websocket floor: {PAIRS} pairs; a move is {REQUEST_BYTES} B in, {REPLY_BYTES} + \
         {EVENT_BYTES} B back to the mover, {EVENT_BYTES} B to the opponent"
    );
    let client = std::thread::Builder::new()
        .name(CLIENT_THREAD.to_owned())
        .spawn(move || -> Result<()> {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            for rate in rates {
                let rate = (rate > 0).then_some(rate);
                let phase = rt.block_on(play(&url, rate, Duration::from_secs(secs)))?;
                match rate {
                    Some(r) => println!("at {r} moves/s: {phase}"),
                    None => println!("as fast as answered: {phase}"),
                }
            }
            Ok(())
        })?;
    match client.join() {
        Ok(result) => result,
        Err(_) => bail!("the client thread panicked"),
    }
}

fn number(name: &str, v: &str) -> Result<u64> {
    v.parse()
        .with_context(|| format!("{name}: {v:?} is not a number"))
}

/// The bare server: every text frame after a connection's first is a move.
async fn serve(listener: TcpListener) {
    let pairs = Pairs::default();
    while let Ok((stream, _)) = listener.accept().await {
        let _ = stream.set_nodelay(true);
        tokio::spawn(connection(stream, pairs.clone()));
    }
}

async fn connection(stream: tokio::net::TcpStream, pairs: Pairs) -> Result<()> {
    let ws = tokio_tungstenite::accept_async(stream).await?;
    let (mut sink, mut source) = ws.split();
    let reply = Utf8Bytes::from("r".repeat(REPLY_BYTES));
    let event = Utf8Bytes::from("e".repeat(EVENT_BYTES));
    let (tx, mut events) = mpsc::unbounded_channel();
    let Some(Ok(Message::Text(hello))) = source.next().await else {
        bail!("no hello");
    };
    let (pair, seat) = parse_hello(hello.as_str())?;
    let mut opponent = None;
    pairs
        .lock()
        .map_err(|_| anyhow::anyhow!("poisoned"))?
        .insert((pair, seat), tx);
    sink.send(Message::Text(reply.clone())).await?;
    loop {
        tokio::select! {
            frame = source.next() => match frame {
                Some(Ok(Message::Text(_))) => {
                    // As in grundyd: the event goes to the opponent first, then the mover's
                    // reply and event leave with one flush.
                    if opponent.is_none() {
                        let pairs = pairs.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
                        opponent = pairs.get(&(pair, 1 - seat)).cloned();
                    }
                    if let Some(o) = &opponent {
                        let _ = o.send(event.clone());
                    }
                    sink.feed(Message::Text(reply.clone())).await?;
                    sink.feed(Message::Text(event.clone())).await?;
                    sink.flush().await?;
                }
                Some(Ok(_)) => {}
                _ => break,
            },
            Some(e) = events.recv() => sink.send(Message::Text(e)).await?,
        }
    }
    Ok(())
}

fn parse_hello(text: &str) -> Result<(usize, usize)> {
    let (pair, seat) = text.split_once(' ').context("hello is PAIR SEAT")?;
    Ok((pair.parse()?, seat.parse::<usize>()?.min(1)))
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// What one phase measured.
struct Phase {
    moves: usize,
    /// The play window.
    length: Duration,
    /// Round trips: p50, p90, p99, max.
    round_trip: [Duration; 4],
    /// CPU µs a move: server threads, client thread.
    cpu_us: [f64; 2],
    steal_pct: Option<f64>,
}

impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [p50, p90, p99, max] = self.round_trip;
        write!(
            f,
            "{:.0} moves/s; round trip p50 {:.3?} p90 {:.3?} p99 {:.3?} max {:.3?}; \
             CPU a move: server {:.1} µs, client {:.1} µs, together {:.1} µs",
            self.moves as f64 / self.length.as_secs_f64(),
            p50,
            p90,
            p99,
            max,
            self.cpu_us[0],
            self.cpu_us[1],
            self.cpu_us[0] + self.cpu_us[1],
        )?;
        match self.steal_pct {
            Some(s) => write!(f, "; host steal {s:.1} %"),
            None => Ok(()),
        }
    }
}

/// Opens the pairs, plays for `length` at `rate` moves/s (`None`: as fast as answered).
async fn play(url: &str, rate: Option<u64>, length: Duration) -> Result<Phase> {
    let mut pairs = Vec::with_capacity(PAIRS);
    for pair in 0..PAIRS {
        let mut conns = Vec::with_capacity(2);
        for seat in 0..2 {
            let (mut ws, _) = tokio_tungstenite::connect_async(url).await?;
            ws.send(Message::text(format!("{pair} {seat}"))).await?;
            ws.next().await.context("no welcome")??;
            conns.push(ws);
        }
        pairs.push(conns);
    }
    let interval = rate.map(|r| Duration::from_secs_f64(PAIRS as f64 / r as f64));
    let start = Instant::now() + Duration::from_millis(100);
    let deadline = start + length;
    let (cpu0, host0) = (thread_ticks(), grundy_e2e::host_ticks());
    let tasks: Vec<_> = pairs
        .into_iter()
        .enumerate()
        .map(|(i, conns)| {
            // Pairs do not move in step.
            let first = interval.map_or(start, |d| start + d.mul_f64(i as f64 / PAIRS as f64));
            tokio::spawn(play_pair(conns, first, interval, deadline))
        })
        .collect();
    let mut round_trips = Vec::new();
    for t in tasks {
        round_trips.extend(t.await??);
    }
    let cpu = thread_ticks();
    let moves = round_trips.len();
    if moves == 0 {
        bail!("no move was played in {length:?}");
    }
    let per_move = |side: usize| (cpu[side] - cpu0[side]) as f64 * 1e4 / moves as f64;
    Ok(Phase {
        moves,
        length,
        round_trip: grundy_e2e::figures(&mut round_trips),
        cpu_us: [per_move(0), per_move(1)],
        steal_pct: grundy_e2e::steal_since(host0),
    })
}

/// One pair's turns until `deadline`; the round trips of its moves.
async fn play_pair(
    mut conns: Vec<Ws>,
    mut next_at: Instant,
    interval: Option<Duration>,
    deadline: Instant,
) -> Result<Vec<Duration>> {
    let mut times = Vec::new();
    let request = Utf8Bytes::from("m".repeat(REQUEST_BYTES));
    let mut turn = 0;
    tokio::time::sleep_until(next_at).await;
    while Instant::now() < deadline {
        let t = Instant::now();
        conns[turn].send(Message::Text(request.clone())).await?;
        // The reply; the mover's own events (of earlier moves) are skipped.
        loop {
            match conns[turn].next().await {
                Some(Ok(Message::Text(m))) if m.len() == REPLY_BYTES => break,
                Some(Ok(_)) => {}
                other => bail!("the bare server answered {other:?}"),
            }
        }
        times.push(t.elapsed());
        // The opponent's event, if it is there already.
        while let Some(Some(Ok(_))) = conns[1 - turn].next().now_or_never() {}
        turn = 1 - turn;
        if let Some(d) = interval {
            next_at += d;
            tokio::time::sleep_until(next_at).await;
        }
    }
    for ws in &mut conns {
        let _ = ws.close(None).await;
    }
    Ok(times)
}

/// CPU ticks (1/100 s) so far of this process's server threads and client thread.
fn thread_ticks() -> [u64; 2] {
    let mut ticks = [0; 2];
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return ticks;
    };
    for task in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            continue;
        };
        // `PID (NAME) STATE …`: utime and stime are the 12th and 13th fields after the name.
        let Some((head, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        let f: Vec<u64> = rest
            .split_whitespace()
            .skip(11)
            .take(2)
            .filter_map(|n| n.parse().ok())
            .collect();
        let side = if head.contains(SERVER_THREAD) {
            0
        } else if head.contains(CLIENT_THREAD) {
            1
        } else {
            continue;
        };
        ticks[side] += f.iter().sum::<u64>();
    }
    ticks
}
