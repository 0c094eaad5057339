//! Times the misère corner tables: the median of three solves per piece and board side.
//!
//! `cargo run --release -p grundy-engine --example misere_times -- 1000 2000 4096`
//! (those three sides by default).

use std::time::{Duration, Instant};

use engine::corner::misere::MisereTable;
use engine::corner::Piece;

/// Solves timed per piece and side; the median is reported.
const RUNS: usize = 3;

fn main() -> Result<(), engine::Error> {
    let mut sizes: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    if sizes.is_empty() {
        sizes = vec![1000, 2000, 4096];
    }
    for n in sizes {
        for piece in Piece::ALL {
            let mut runs = Vec::with_capacity(RUNS);
            for _ in 0..RUNS {
                let t = Instant::now();
                std::hint::black_box(MisereTable::solve(piece, n)?);
                runs.push(t.elapsed());
            }
            runs.sort();
            let median: Duration = runs[RUNS / 2];
            println!(
                "{:<6} n = {n:<5} median of {RUNS}: {median:>9.3?}",
                piece.name()
            );
        }
    }
    Ok(())
}
