//! Query latency over a real websocket against a real server with the default tables:
//! p50 / p90 / p99 / max of `query` round trips for stored positions, 2000 per kind after a
//! warm-up, asked through the protocol client library (`client::Client`) as `grundy` asks
//! them. Run with `cargo bench -p grundy-e2e --bench query`.
//!
//! `GRUNDY_QUERY_RUNS=5` repeats the whole measurement five times on the same server and
//! ends with the median of each figure over the runs; `GRUNDY_QUERY_ONLY=1024` measures only
//! the kinds whose name contains `1024`. For every kind the server's own work
//! (classifying, then encoding the answer as JSON, timed in-process without the socket) is
//! printed too: the rest of a round trip is the websocket, the network stack and the client.
//! A round trip ends when the answer's text has arrived; decoding it into the protocol's
//! types, which the library does before it hands a reply over, is printed on its own.
//! Last, a bare client on the same websocket library asks a bare websocket server that
//! answers every frame with a fixed text of 100 bytes and of 150 KB (a long queen answer's
//! size): what a round trip of that size costs on this machine with no server work and no
//! decoding — a reference, not a bound, since it moves
//! with how the threads happen to be woken. Each kind's figures are followed by the share of
//! the processors' time the hypervisor took meanwhile (on a virtual machine).

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use grundy_e2e::{figures, Client, Server};
use protocol::{Game, GameParams, Request, ServerBody, ServerMessage};
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

/// Timed queries per kind and run.
const QUERIES: usize = 2000;
/// Untimed queries per kind before the first run.
const WARM_UP: usize = 300;

/// The kinds of question asked: stored positions of every table-backed game.
const KINDS: [&str; 8] = [
    "queen x,y < 64",
    "queen x,y < 1024",
    "queen x,y < 1024, best 10",
    "horse x,y < 64",
    "chocolate k=1",
    "lgame",
    "sum of 8 components",
    "sum of 3, searched",
];

/// Answer sizes of the bare websocket server (see the top of the file).
const BARE_BYTES: [usize; 2] = [100, 150_000];

/// Answers are grouped by how many moves they list, from each band's first count up to the
/// next's: a long answer's round trip grows with its length.
const MOVE_BANDS: [usize; 6] = [0, 250, 500, 1000, 1500, 2000];
/// Fewest answers in a band for its percentiles to be printed.
const MIN_BAND_SAMPLES: usize = 100;

/// The parts of the server's work timed in-process.
const WORK: [&str; 3] = [
    "  server: engine classify",
    "  server: whole answer",
    "  server: encode JSON",
];

/// The client's decoding of the answers, after the round trip.
const DECODE: &str = "  client: decode JSON";

/// One question: its parameters and position, and how many moves to list (all: `None`).
struct Question {
    params: GameParams,
    position: String,
    limit: Option<u64>,
}

/// The questions of kind `kind` (an index into [`KINDS`]), the same for every run.
fn questions(kind: usize, lgame: &[String]) -> Vec<Question> {
    let mut rng = engine::Rng::new(42 + kind as u64);
    let corner = |game: Game| GameParams {
        game,
        size: Some(1024),
        k: None,
        misere: false,
        piece: None,
        rule: None,
        edge: None,
    };
    (0..QUERIES)
        .map(|i| match kind {
            0 => Question {
                params: corner(Game::Queen),
                position: format!("{},{}", rng.below(64), rng.below(64)),
                limit: None,
            },
            1 | 2 => Question {
                params: corner(Game::Queen),
                position: format!("{},{}", rng.below(1024), rng.below(1024)),
                limit: (kind == 2).then_some(10),
            },
            3 => Question {
                params: corner(Game::Horse),
                position: format!("{},{}", rng.below(64), rng.below(64)),
                limit: None,
            },
            4 => {
                let z = 1 + rng.below(200);
                Question {
                    params: GameParams {
                        game: Game::Chocolate,
                        size: None,
                        k: Some(1),
                        misere: false,
                        piece: None,
                        rule: None,
                        edge: None,
                    },
                    position: format!("{},{},{z}", rng.below(50), rng.below(z + 1)),
                    limit: None,
                }
            }
            5 => Question {
                params: GameParams::of(Game::LGame),
                position: lgame[i % lgame.len()].clone(),
                limit: None,
            },
            // Eight components on the stored tables: the Sprague–Grundy values, far too many
            // combinations to search (the remoteness is unknown).
            6 => Question {
                params: GameParams::of(Game::Sum),
                position: (0..8)
                    .map(|c| {
                        let mut n = |hi: u64| rng.below(hi);
                        match c % 4 {
                            0 => format!("queen(64):{},{}", n(64), n(64)),
                            1 => format!("{}(64):{},{}", ["horse", "dragon"][c / 4], n(64), n(64)),
                            2 => format!("nim:{},{},{}", n(16), n(16), n(16)),
                            _ => {
                                let z = 1 + n(200);
                                format!("chocolate(1):{},{},{z}", n(50), n(z + 1))
                            }
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" + "),
                limit: None,
            },
            // Three small components: most within the search's bound, the remoteness exact.
            _ => Question {
                params: GameParams::of(Game::Sum),
                position: format!(
                    "queen(12):{},{} + nim:{},{} + chocolate(1):{},{},{}",
                    rng.below(12),
                    rng.below(12),
                    rng.below(12),
                    rng.below(12),
                    rng.below(4),
                    rng.below(3),
                    2 + rng.below(6)
                ),
                limit: None,
            },
        })
        .collect()
}

impl Question {
    /// The `query` of this question.
    fn request(&self) -> Request {
        Request::Query {
            params: self.params.clone(),
            position: self.position.clone(),
            limit: self.limit,
        }
    }
}

/// One round trip: how long it took, how many moves the answer lists, and how long decoding
/// the answer takes.
struct Answered {
    time: Duration,
    moves: usize,
    decode: Duration,
}

/// Asks `q` and waits for its answer; the time is from sending the request to holding the
/// answer's text, as the server sent it. Decoding it into the protocol's types (what the
/// library does before it hands a reply over) is timed after the clock stops.
async fn round_trip(c: &mut Client, q: &Question) -> anyhow::Result<Answered> {
    let request = q.request();
    let t = Instant::now();
    let id = c.send(request).await?;
    let text = c.next_text().await?;
    let time = t.elapsed();
    let t = Instant::now();
    let answer: ServerMessage = serde_json::from_str(&text)?;
    let decode = t.elapsed();
    let ServerMessage {
        id: Some(got),
        body: ServerBody::Classification(classification),
    } = answer
    else {
        anyhow::bail!("not the classification asked for: {text:.200}");
    };
    anyhow::ensure!(got == id, "the answer to request {got}, not {id}");
    Ok(Answered {
        time,
        moves: classification.moves.len(),
        decode,
    })
}

/// The server's own work for `q`, in-process: the engine's classification alone, the whole
/// answer (the engine's work included), and encoding the reply as JSON.
async fn server_work(
    hub: &std::sync::Arc<daemon::Hub>,
    q: &Question,
) -> anyhow::Result<[Duration; 3]> {
    let pos = daemon::convert::game(&q.params)?
        .variant()
        .parse_position(&q.position)?;
    let knowledge = hub.solver.current();
    let t = Instant::now();
    let best = daemon::queries::listed(q.limit);
    std::hint::black_box(knowledge.classify_best(&pos, protocol::limits::QUERY_MAX_MOVES, best)?);
    let engine = t.elapsed();
    let t = Instant::now();
    let c = daemon::queries::classify(hub, &q.params, &q.position, q.limit)
        .await
        .map_err(|e| anyhow::anyhow!("{}: {e}", q.position))?;
    let answer = t.elapsed();
    let t = Instant::now();
    let json = daemon::queries::classification(Some(1), &c);
    let encode = t.elapsed();
    std::hint::black_box(json);
    Ok([engine, answer, encode])
}

fn print_figures(label: &str, f: &[Duration; 4]) {
    println!(
        "{label:<28} p50 {:>9.3?}  p90 {:>9.3?}  p99 {:>9.3?}  max {:>9.3?}",
        f[0], f[1], f[2], f[3]
    );
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let runs: usize = match std::env::var("GRUNDY_QUERY_RUNS") {
        Ok(v) => v
            .parse()
            .map_err(|_| anyhow::anyhow!("GRUNDY_QUERY_RUNS={v:?} is not a count"))?,
        Err(_) => 1,
    };
    let runs = runs.max(1);
    let only = std::env::var("GRUNDY_QUERY_ONLY").unwrap_or_default();
    let kinds: Vec<usize> = (0..KINDS.len())
        .filter(|&k| KINDS[k].contains(only.as_str()))
        .collect();
    let dir = tempfile::tempdir()?;
    // The daemon's default tables (boards and bars up to 1024), precomputed on first start.
    let config = daemon::Config {
        // The benchmark sends as fast as it can; a person's client never comes near the limit.
        message_rate: u32::MAX,
        message_burst: u32::MAX,
        ..daemon::Config::default()
    };
    let server = Server::start_with(&dir, config).await?;
    let mut c = server.connect("bench").await?;
    let lgame: Vec<String> = engine::lgame::Solution::solve()
        .classes()
        .map(|(p, _)| p.to_string())
        .collect();
    let questions: Vec<Vec<Question>> = (0..KINDS.len()).map(|k| questions(k, &lgame)).collect();

    for qs in kinds.iter().map(|&k| &questions[k]) {
        for q in qs.iter().take(WARM_UP) {
            round_trip(&mut c, q).await?;
        }
    }

    // figures[kind][run]
    let mut round_trips = vec![Vec::new(); KINDS.len()];
    let mut decodes = vec![Vec::new(); KINDS.len()];
    let mut server_times = vec![[Vec::new(), Vec::new(), Vec::new()]; KINDS.len()];
    let mut bare = vec![Vec::new(); BARE_BYTES.len()];
    // bands[kind][band][run]
    let mut bands = vec![vec![Vec::new(); MOVE_BANDS.len()]; KINDS.len()];
    for run in 0..runs {
        if runs > 1 {
            println!("run {}/{runs}", run + 1);
        }
        for &kind in &kinds {
            let qs = &questions[kind];
            let mut times = Vec::with_capacity(qs.len());
            let mut decode_times = Vec::with_capacity(qs.len());
            let mut by_size = vec![Vec::new(); MOVE_BANDS.len()];
            let ticks = grundy_e2e::host_ticks();
            for q in qs {
                let a = round_trip(&mut c, q).await?;
                times.push(a.time);
                decode_times.push(a.decode);
                by_size[band_of(a.moves)].push(a.time);
            }
            let f = figures(&mut times);
            print_figures(&format!("query {}", KINDS[kind]), &f);
            if let Some(share) = grundy_e2e::steal_since(ticks) {
                println!("  host steal meanwhile       {share:.1} %");
            }
            round_trips[kind].push(f);
            // The round trip against the answer's length, where answers are long.
            if by_size[0].len() < qs.len() {
                for (band, times) in by_size.iter_mut().enumerate() {
                    if times.len() >= MIN_BAND_SAMPLES {
                        let f = figures(times);
                        print_figures(&band_label(band), &f);
                        bands[kind][band].push(f);
                    }
                }
            }
            let f = figures(&mut decode_times);
            print_figures(DECODE, &f);
            decodes[kind].push(f);
            let mut work = [Vec::new(), Vec::new(), Vec::new()];
            for q in qs {
                for (times, t) in work.iter_mut().zip(server_work(&server.hub, q).await?) {
                    times.push(t);
                }
            }
            for (w, times) in work.iter_mut().enumerate() {
                let f = figures(times);
                print_figures(WORK[w], &f);
                server_times[kind][w].push(f);
            }
        }
        for (i, &bytes) in BARE_BYTES.iter().enumerate() {
            let f = figures(&mut websocket_alone(bytes).await?);
            print_figures(&bare_label(bytes), &f);
            bare[i].push(f);
        }
    }
    if runs > 1 {
        println!("median over {runs} runs");
        for &kind in &kinds {
            print_figures(
                &format!("query {}", KINDS[kind]),
                &median(&round_trips[kind]),
            );
            for (band, runs) in bands[kind].iter().enumerate() {
                if !runs.is_empty() {
                    print_figures(&band_label(band), &median(runs));
                }
            }
            print_figures(DECODE, &median(&decodes[kind]));
            for (w, runs) in server_times[kind].iter().enumerate() {
                print_figures(WORK[w], &median(runs));
            }
        }
        for (i, &bytes) in BARE_BYTES.iter().enumerate() {
            print_figures(&bare_label(bytes), &median(&bare[i]));
        }
    }
    server.stop().await
}

/// The band of an answer listing `moves` moves.
fn band_of(moves: usize) -> usize {
    MOVE_BANDS
        .iter()
        .rposition(|&from| moves >= from)
        .unwrap_or(0)
}

fn band_label(band: usize) -> String {
    match MOVE_BANDS.get(band + 1) {
        Some(to) => format!("  {}..{to} moves", MOVE_BANDS[band]),
        None => format!("  {}+ moves", MOVE_BANDS[band]),
    }
}

fn bare_label(bytes: usize) -> String {
    format!("websocket alone, {bytes} B")
}

/// Round trips to a bare websocket server on this machine that answers every text frame
/// with the same text of `bytes` bytes: a query's round trip without the server's work.
async fn websocket_alone(bytes: usize) -> anyhow::Result<Vec<Duration>> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let answer = Utf8Bytes::from("x".repeat(bytes));
    let server = tokio::spawn(async move {
        let (stream, _) = listener.accept().await?;
        stream.set_nodelay(true)?;
        let mut ws = tokio_tungstenite::accept_async(stream).await?;
        while let Some(Ok(m)) = ws.next().await {
            if m.is_text() {
                ws.send(Message::Text(answer.clone())).await?;
            }
        }
        anyhow::Ok(())
    });
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}")).await?;
    let mut times = Vec::with_capacity(QUERIES);
    for i in 0..WARM_UP + QUERIES {
        let t = Instant::now();
        ws.send(Message::text(r#"{"type":"query","id":1}"#)).await?;
        match ws.next().await {
            Some(Ok(Message::Text(a))) if a.len() == bytes => {}
            other => anyhow::bail!("the bare server answered {other:?}"),
        }
        if i >= WARM_UP {
            times.push(t.elapsed());
        }
    }
    ws.close(None).await?;
    server.await??;
    Ok(times)
}

/// The median of each figure over the runs.
fn median(runs: &[[Duration; 4]]) -> [Duration; 4] {
    std::array::from_fn(|i| {
        let mut v: Vec<Duration> = runs.iter().map(|f| f[i]).collect();
        v.sort();
        v[v.len() / 2]
    })
}
