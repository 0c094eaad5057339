//! The research workbench's figures against a real server with the default tables: a formula
//! checked over the 16 777 216 cells of a 4096 × 4096 queen table (solved on demand once,
//! then kept), and the periodicity of the first 64 rows of a 16384-wide table (solved on
//! demand once, then kept for the next question). Run with
//! `cargo bench -p grundy-e2e --bench research`; `GRUNDY_RESEARCH_RUNS=N` (default 5) sets
//! how many times each question is asked; the medians are printed.
//!
//! Side by side, the floor: one thread of this process reading every cell of the same table
//! and adding up the Grundy numbers, the least any check must do. A check's time is printed
//! as a ratio to it, with the share of the processors the hypervisor took meanwhile.

use std::time::{Duration, Instant};

use engine::corner::{Piece, Table};
use grundy_e2e::{Client, Server};
use protocol::{CheckQuery, Game, GameParams, PeriodicityQuery, Request, ServerBody, Span};

/// The side of the checked table.
const SIDE: u64 = 4096;
/// The width of the table whose first rows' periodicity is found.
const WIDE: u64 = 16_384;
/// Its rows.
const ROWS: u64 = 64;

/// The formulas checked: the rook's, the dragon king's (integer arithmetic) and Wythoff's
/// P-positions (exact `phi`).
const FORMULAS: [(&str, &str); 3] = [
    ("x xor y", "x xor y"),
    ("dragon king's", "(x + y) % 3 + 3 * ((x // 3) xor (y // 3))"),
    (
        "Wythoff's predicate",
        "grundy == 0 <-> min(x,y) == floor((max(x,y) - min(x,y)) * phi)",
    ),
];

/// The median of `times`.
fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// A check of `formula` over the queen's cells below `upto`: the round trip and the server's
/// own time.
async fn check(c: &mut Client, formula: &str, upto: u64) -> anyhow::Result<(Duration, u64)> {
    let q = CheckQuery {
        params: GameParams::of(Game::Queen),
        formula: formula.to_owned(),
        upto: Some(upto),
        map: false,
    };
    let started = Instant::now();
    let ServerBody::Check(r) = c.request(Request::Check(q)).await? else {
        anyhow::bail!("expected a check's report");
    };
    anyhow::ensure!(r.checked == upto * upto, "checked {} cells", r.checked);
    Ok((started.elapsed(), r.elapsed_ms))
}

/// The periodicity of the queen's first rows up to `upto`.
async fn periodicity(c: &mut Client, upto: u64) -> anyhow::Result<Duration> {
    let q = PeriodicityQuery {
        params: GameParams::of(Game::Queen),
        rows: Some(Span { from: 0, to: ROWS }),
        upto: Some(upto),
        line: None,
    };
    let started = Instant::now();
    let ServerBody::Periodicity(r) = c.request(Request::Periodicity(q)).await? else {
        anyhow::bail!("expected a periodicity report");
    };
    anyhow::ensure!(r.rows.len() as u64 == ROWS && r.upto == upto);
    Ok(started.elapsed())
}

/// The floor: every cell of `table` read once by one thread.
fn floor(table: &Table) -> Duration {
    let started = Instant::now();
    let mut sum = 0u64;
    for x in 0..table.size() {
        for y in 0..table.size() {
            sum = sum.wrapping_add(table.get(x, y).map_or(0, |(g, _)| g));
        }
    }
    std::hint::black_box(sum);
    started.elapsed()
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let runs: usize = match std::env::var("GRUNDY_RESEARCH_RUNS") {
        Ok(v) => v
            .parse()
            .map_err(|_| anyhow::anyhow!("GRUNDY_RESEARCH_RUNS={v:?} is not a count"))?,
        Err(_) => 5,
    };
    let runs = runs.max(1);
    let dir = tempfile::tempdir()?;
    let server = Server::start_with(&dir, daemon::Config::default()).await?;
    let mut c = server.connect("researcher").await?;
    let cells = SIDE * SIDE;
    println!("{runs} runs; medians");

    // The table is solved on the first check, then kept: the solve alone, then the checks.
    let started = Instant::now();
    check(&mut c, "0", SIDE).await?;
    println!(
        "first check to {SIDE}, the {SIDE}×{SIDE} table solved on demand: {:.2} s",
        started.elapsed().as_secs_f64()
    );
    let table = Table::solve(Piece::Queen, SIDE)?;
    for (name, formula) in FORMULAS {
        let (mut trips, mut floors, mut steals) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..runs {
            floors.push(floor(&table));
            let ticks = grundy_e2e::host_ticks();
            trips.push(check(&mut c, formula, SIDE).await?.0);
            if let Some(share) = grundy_e2e::steal_since(ticks) {
                steals.push(share);
            }
        }
        let (trip, floor) = (median(&mut trips), median(&mut floors));
        steals.sort_by(f64::total_cmp);
        let steal = steals.get(steals.len() / 2).copied().unwrap_or(0.0);
        println!(
            "check {name} over {cells} cells: {:.3} s ({:.1} ns a cell); floor {:.3} s, \
             ratio {:.1}; steal {steal:.1} %",
            trip.as_secs_f64(),
            trip.as_nanos() as f64 / cells as f64,
            floor.as_secs_f64(),
            trip.as_secs_f64() / floor.as_secs_f64(),
        );
    }

    let started = Instant::now();
    periodicity(&mut c, WIDE).await?;
    println!(
        "first periodicity of {ROWS} rows to {WIDE}, the {WIDE}×{WIDE} table solved on demand: {:.2} s",
        started.elapsed().as_secs_f64()
    );
    let mut times = Vec::new();
    for _ in 0..runs {
        times.push(periodicity(&mut c, WIDE).await?);
    }
    println!(
        "periodicity of {ROWS} rows to {WIDE}, table kept: {:.1} ms",
        median(&mut times).as_secs_f64() * 1000.0
    );
    server.stop().await
}
