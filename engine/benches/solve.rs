//! Prints solve times (median of several runs) and peak memory for the engine's solvers.
//! Run with `cargo bench -p grundy-engine`; pass sizes to override, e.g. `-- 4096 16384`.

use std::time::{Duration, Instant};

use engine::corner::{Piece, Table};

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    median(
        (0..runs)
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(f());
                t.elapsed()
            })
            .collect(),
    )
}

/// Peak resident memory of this process so far (Linux), for the memory target.
fn peak_rss_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

fn main() {
    let argv: Vec<String> = std::env::args().collect();
    // `--threads N` pins the thread count (default: every core).
    let threads = argv
        .iter()
        .position(|a| a == "--threads")
        .and_then(|i| argv.get(i + 1)?.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |t| t.get()));
    let args: Vec<u64> = argv
        .iter()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .filter_map(|a| a.parse().ok())
        .filter(|&n| n != threads as u64 || argv.iter().all(|a| a != "--threads"))
        .collect();
    let sizes = if args.is_empty() {
        vec![1024, 4096, 16384]
    } else {
        args
    };
    for &n in &sizes {
        for piece in Piece::ALL {
            if piece != Piece::Queen && n > 4096 {
                continue;
            }
            let runs = if n >= 16384 { 3 } else { 5 };
            let t = time(runs, || {
                Table::solve_with(piece, n, threads, &|_, _| {}).expect("valid size")
            });
            println!(
                "{piece:<6} {n:>5}² {threads} thr  grundy+remoteness  median {:>9.3?} of {runs}  (peak RSS {} MiB)",
                t,
                peak_rss_mib().unwrap_or(0)
            );
        }
    }
}
