//! Prints what one `query` of a sum costs the engine (median of several runs): the search of
//! its combinations alone, normal and misère, and the whole answer a server gives — the
//! classification with its moves' values (at most 4096 listed, else the winning ones) and
//! the Sprague–Grundy explanation. The sums are issue 31's and the search's bounds'.
//!
//! Run with `cargo bench -p grundy-engine --bench sums`; pass sums to time others instead,
//! e.g. `-- 'nim:30,30,30,30' 'queen(1024):302,200'`, and `--search` to time the searches
//! alone. Corner tables to 4096 and staircase tables to 1024 are solved first, as a server
//! holds them.

use std::sync::Arc;
use std::time::{Duration, Instant};

use engine::corner::{Piece, Table};
use engine::sum::search::Solved;
use engine::{chocolate, AnyPosition, Convention, Knowledge};

/// Runs per figure.
const RUNS: usize = 7;
/// A query lists at most this many moves (the protocol's limit).
const LISTED: u64 = 4096;

const SUMS: [&str; 12] = [
    "nim:30,30,30,30",
    "queen(4096):3000,2000 + nim:3",
    "queen(1024):302,200",
    "nim:999,999",
    "nim:999,1000",
    "rook(10000000):60000,50000 + nim:3",
    "chocolate(2):100000,3,100 + nim:3",
    "chocolate(1):300,200,900",
    "queen(11):5,3 + nim:3,4,5 + chocolate(1):5,3,7",
    "queen(8):7,3 + nim:3,4,5 + chocolate(1):5,3,7",
    "queen(10):9,9 + nim:9,9,9 + nim:5",
    "nim:1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 + nim:1,1,1",
];

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

fn time<T>(mut f: impl FnMut() -> T) -> Duration {
    median(
        (0..RUNS)
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(f());
                t.elapsed()
            })
            .collect(),
    )
}

fn knowledge() -> Knowledge {
    let mut k = Knowledge::new(engine::DEFAULT_BUDGET);
    for piece in Piece::ALL {
        k.add_corner(Arc::new(Table::solve(piece, 4096).expect("4096²")));
    }
    for step in [1, 3, 5] {
        k.add_chocolate(Arc::new(chocolate::Table::solve(step, 1024).expect("1024")));
    }
    k
}

fn main() {
    let given: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let sums: Vec<String> = if given.is_empty() {
        SUMS.iter().map(|s| s.to_string()).collect()
    } else {
        given
    };
    let search_only = std::env::args().any(|a| a == "--search");
    let k = if search_only {
        Knowledge::new(engine::DEFAULT_BUDGET)
    } else {
        knowledge()
    };
    println!(
        "{:<48} {:>9}  {:>10} {:>10}  {:>10}",
        "sum", "combin.", "search", "misère", "query"
    );
    for text in &sums {
        let Ok(p) = engine::sum::Position::parse(text) else {
            println!("{text}: cannot read");
            continue;
        };
        let (states, normal, misere) = match engine::sum::search::size(&p) {
            Ok(states) => (
                states.to_string(),
                format!(
                    "{:.2?}",
                    time(|| Solved::new(&p, Convention::Normal).is_ok())
                ),
                format!(
                    "{:.2?}",
                    time(|| Solved::new(&p, Convention::Misere).is_ok())
                ),
            ),
            Err(_) => ("too many".to_owned(), "-".to_owned(), "-".to_owned()),
        };
        if search_only {
            println!("{text:<48} {states:>9}  {normal:>10} {misere:>10}");
            continue;
        }
        let pos = AnyPosition::Sum(p.clone());
        let query = time(|| {
            let c = k.classify_best(&pos, LISTED, usize::MAX);
            let a = engine::sum::analyse(&k, &p);
            (c.is_ok(), a.is_ok())
        });
        println!("{text:<48} {states:>9}  {normal:>10} {misere:>10}  {query:>10.2?}");
    }
}
