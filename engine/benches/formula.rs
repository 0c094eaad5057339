//! Prints the cost of evaluating a formula at every cell of a 2048×2048 table, in nanoseconds
//! per cell (median of several runs), for the compiled form that `Formula::value` and
//! `Formula::holds` use and for the tree evaluator it replaced, which stays as the reference:
//! the nim sum, Wythoff's predicate and a value formula of floor divisions and remainders.
//!
//! Run with `cargo bench -p grundy-engine --bench formula`; pass `-- --compiled` to time the
//! compiled form alone (the tree evaluator takes most of the time).

use std::time::{Duration, Instant};

use engine::formula::{Env, EvalError, Formula, Kind};

/// The side of the table.
const SIDE: i64 = 2048;
/// Runs of each evaluator per formula.
const RUNS: usize = 5;

/// The lower Wythoff sequence by its definition (`a_n` the least natural number not among
/// `a_i` and `a_i + i` for `i < n`), to know the P-positions without the formula.
fn lower_wythoff(count: usize) -> Vec<i64> {
    let mut used = vec![false; 3 * count + 3];
    let (mut lower, mut least) = (Vec::with_capacity(count), 0);
    for n in 0..count {
        while used[least] {
            least += 1;
        }
        used[least] = true;
        used[least + n] = true;
        lower.push(least as i64);
    }
    lower
}

/// The cells of the table, with the Grundy number `grundy` gives each.
fn cells(grundy: impl Fn(i64, i64) -> u64) -> Vec<Env> {
    let mut cells = Vec::with_capacity((SIDE * SIDE) as usize);
    for x in 0..SIDE {
        for y in 0..SIDE {
            cells.push(Env {
                x,
                y,
                grundy: Some(grundy(x, y)),
                ..Env::default()
            });
        }
    }
    cells
}

/// The formula's answer at one cell, by the compiled form or by the tree.
fn answer(formula: &Formula, env: &Env, tree: bool) -> Result<i128, EvalError> {
    match (formula.kind(), tree) {
        (Kind::Value, false) => formula.value(env),
        (Kind::Value, true) => formula.reference_value(env),
        (Kind::Predicate, false) => formula.holds(env).map(i128::from),
        (Kind::Predicate, true) => formula.reference_holds(env).map(i128::from),
    }
}

/// The median time of evaluating the formula at every cell, per cell.
fn per_cell(formula: &Formula, cells: &[Env], tree: bool) -> f64 {
    let mut runs: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            let mut sum = 0i128;
            for env in cells {
                sum = sum.wrapping_add(answer(formula, env, tree).unwrap_or(-1));
            }
            std::hint::black_box(sum);
            start.elapsed()
        })
        .collect();
    runs.sort();
    runs[RUNS / 2].as_secs_f64() * 1e9 / cells.len() as f64
}

fn main() {
    let compiled_only = std::env::args().any(|arg| arg == "--compiled");
    let lower = lower_wythoff(SIDE as usize);
    let is_p = |x: i64, y: i64| x.min(y) == lower[(x - y).unsigned_abs() as usize];
    let nim = cells(|x, y| (x ^ y) as u64);
    let wythoff = cells(|x, y| u64::from(!is_p(x, y)));
    for (text, cells) in [
        ("x xor y", &nim),
        (
            "grundy == 0 <-> min(x,y) == floor((max(x,y) - min(x,y)) * phi)",
            &wythoff,
        ),
        ("((x + y) % 3) + 3*((x // 3) xor (y // 3))", &nim),
    ] {
        let formula = match Formula::parse(text) {
            Ok(formula) => formula,
            Err(e) => {
                println!("{text}: cannot read: {e}");
                continue;
            }
        };
        let new = per_cell(&formula, cells, false);
        if compiled_only {
            println!("{SIDE}² cells  compiled {new:>6.1} ns/cell  {text}");
            continue;
        }
        let old = per_cell(&formula, cells, true);
        let differ = cells
            .iter()
            .filter(|env| answer(&formula, env, false) != answer(&formula, env, true))
            .count();
        println!(
            "{SIDE}² cells  tree {old:>8.1} ns/cell  compiled {new:>6.1} ns/cell  ({:>5.1}×, \
             {differ} cells differ)  {text}",
            old / new
        );
    }
}
