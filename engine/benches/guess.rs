//! Times `guess` on the five formulas it must find from the tables alone (issue 35): the
//! rook's `x xor y`, the dragon king's and the dragon horse's published formulas, chocolate
//! with an even step `y xor z`, and Wythoff's P-positions, with the default search (formulas
//! of size 8 enumerated), on one thread (what `grundyd` gives a research question on a 2-core
//! machine) and on every core. Prints the formula found, the median time of several runs, and
//! the formulas kept.
//!
//! Run with `cargo bench -p grundy-engine --bench guess`; `-- RUNS` sets the runs (default 3).

use std::sync::Arc;
use std::time::{Duration, Instant};

use engine::chocolate;
use engine::corner::{Piece, Table};
use engine::guess::{guess, Aim, Question};
use engine::research::{Table2D, Until};

fn main() {
    let runs: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(3);
    let corner = |piece| Table2D::Corner(Arc::new(Table::solve(piece, 64).expect("a table")));
    let chocolate = Table2D::Chocolate(Arc::new(chocolate::Table::solve(2, 64).expect("a table")));
    let cases = [
        ("rook", corner(Piece::Rook), Aim::Grundy),
        ("dragon", corner(Piece::Dragon), Aim::Grundy),
        ("horse", corner(Piece::Horse), Aim::Grundy),
        ("chocolate --k 2", chocolate, Aim::Grundy),
        ("queen --p-positions", corner(Piece::Queen), Aim::PPositions),
    ];
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("guess, default search, median of {runs} runs");
    for threads in [1, cores] {
        for (name, table, aim) in &cases {
            let until = Until {
                threads,
                limit: Duration::from_secs(600),
                abandoned: Default::default(),
            };
            let mut times = Vec::new();
            let mut last = None;
            for _ in 0..runs {
                let started = Instant::now();
                last = Some(guess(table, &Question::new(*aim), &until, &|_| {}));
                times.push(started.elapsed());
            }
            times.sort();
            let g = last.expect("a run");
            let formula = g.found.map_or("none".to_owned(), |f| f.check);
            println!(
                "{threads} thread(s)  {name:<20} {:>7.2} s  kept {:>9}  {formula}",
                times[times.len() / 2].as_secs_f64(),
                g.kept,
            );
        }
    }
}
