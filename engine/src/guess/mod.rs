//! `guess`: the shortest formula that equals a Grundy table, or a rule for its P-positions,
//! found from the table alone — the papers' method (compute the table, stare at it, guess,
//! prove) with the staring done by enumeration.
//!
//! ```
//! use std::sync::Arc;
//! use engine::corner::{Piece, Table};
//! use engine::guess::{guess, Aim, Question};
//! use engine::research::{Table2D, Until};
//!
//! let rook = Table2D::Corner(Arc::new(Table::solve(Piece::Rook, 64)?));
//! let until = Until { threads: 1, limit: std::time::Duration::from_secs(60), abandoned: Default::default() };
//! let guessed = guess(&rook, &Question::new(Aim::Grundy), &until, &|_| {});
//! assert_eq!(guessed.found.unwrap().formula, "x xor y");
//! # Ok::<(), engine::Error>(())
//! ```
//!
//! # The search
//!
//! Formulas are built bottom-up, size by size (the size counts operators and operands), from
//! the table's two coordinates (`x`, `y`; `y`, `z` for chocolate), the numbers 1 to 5 (and 0
//! for a predicate), the operators `+ - * // % xor and or`, `min`, `max`, `abs` and
//! `floor(a * phi)`. Two formulas with the same values on the *sample cells* are one
//! behaviour, and only the first, smallest, is kept (observational equivalence, as in program
//! synthesis). Larger formulas are put together from the kept ones (see [`target`]'s ways:
//! sums, differences and xors of two, splits `c * (T // c) + T % c`, pieces by parity, and
//! `a == b` for a predicate).
//!
//! A formula that fits the sample cells is checked on every cell below the bound; where it
//! fails, the cells where it fails join the samples and the search begins again (a
//! counterexample-guided loop), so the answer always holds on every cell below the bound.
//! It is then checked on the largest table at hand, shell by shell, to say how far it holds.
//!
//! "Shortest" is exact up to what the search covers: every formula up to the size it
//! completed, distinct on the sample cells, and the compositions above. The report says which
//! size it completed and why it stopped.

mod bank;
mod grow;
mod target;
mod term;

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crate::formula::{Env, Formula, Kind};
use crate::research::{Table2D, Until};

use bank::Bank;
use grow::Cut;
use target::Targets;

pub use term::{Binary, Term};

/// What is guessed: every cell's Grundy number, or which cells are P-positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    /// A value formula equal to the Grundy number at every cell.
    Grundy,
    /// A predicate true exactly at the P-positions (Grundy number 0).
    PPositions,
}

/// The default bound: the cells with both coordinates below it are the table to match.
pub const DEFAULT_UPTO: u64 = 32;

/// The largest bound.
pub const MAX_UPTO: u64 = 256;

/// The default largest size of the formulas enumerated (the compositions go beyond).
pub const DEFAULT_MAX_SIZE: usize = 8;

/// The largest size that may be asked for.
pub const MAX_SIZE: usize = 12;

/// The most formulas kept: about 250 bytes each, so about 500 MB at most.
pub const MAX_KEPT: usize = 2_000_000;

/// Sample cells at the start of the search.
const SAMPLES: usize = 96;

/// Sample cells taken in order before the others are spread over the table.
const FIRST_SAMPLES: usize = 40;

/// Searches begun again with more samples before giving up.
const MAX_ROUNDS: usize = 8;

/// A question to `guess`.
#[derive(Debug, Clone, Copy)]
pub struct Question {
    /// What to guess.
    pub aim: Aim,
    /// The table to match: cells with coordinates below this bound.
    pub upto: u64,
    /// The largest size enumerated.
    pub max_size: usize,
    /// The most formulas kept.
    pub max_kept: usize,
}

impl Question {
    /// The question with the default bounds.
    pub fn new(aim: Aim) -> Question {
        Question {
            aim,
            upto: DEFAULT_UPTO,
            max_size: DEFAULT_MAX_SIZE,
            max_kept: MAX_KEPT,
        }
    }
}

/// A formula found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The formula: a value formula, or the predicate true at the P-positions.
    pub formula: String,
    /// The statement for `check`: the value formula, or `grundy == 0 <-> predicate`.
    pub check: String,
    /// Its size.
    pub size: usize,
}

/// Why the search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The formula found is the shortest: every smaller one was tried.
    Shortest,
    /// Every size up to the largest asked was enumerated.
    Searched,
    /// The bank reached [`Question::max_kept`].
    Full,
    /// The time limit.
    Late,
    /// Nobody waits for the answer.
    Abandoned,
}

/// The answer of `guess`.
#[derive(Debug, Clone)]
pub struct Guessed {
    /// The shortest formula found.
    pub found: Option<Found>,
    /// Every formula up to this size was tried (on the sample cells).
    pub complete: usize,
    /// Formulas kept (distinct behaviours) in the last round.
    pub kept: usize,
    /// Sample cells in the last round.
    pub samples: usize,
    /// Rounds: 1, plus one for each time a formula fitting the samples failed elsewhere.
    pub rounds: usize,
    /// Cells the found formula was checked on (every cell below the bound).
    pub cells: u64,
    /// Why it ended.
    pub end: End,
    /// The time it took.
    pub elapsed: Duration,
}

/// Where the search is, for a progress bar.
#[derive(Debug, Clone, Copy)]
pub struct Step {
    /// The size being enumerated.
    pub size: usize,
    /// False while the formulas of this size are built (`done` of `total` pairs of smaller
    /// ones looked at), true while they are put together with the others (`done` of `total`
    /// new formulas looked at).
    pub joining: bool,
    pub done: u64,
    pub total: u64,
}

/// A cell of the table: its coordinates in the table's notation and its Grundy number.
type Cell = (u64, u64, u64);

/// Searches for the shortest formula, as [`Question`] asks, on `until.threads` threads until
/// `until.limit`.
pub fn guess(
    table: &Table2D,
    q: &Question,
    until: &Until,
    progress: &(dyn Fn(Step) + Sync),
) -> Guessed {
    let started = Instant::now();
    let deadline = started + until.limit;
    let stop = || Instant::now() > deadline || until.abandoned.load(Ordering::Relaxed);
    let names = names(table);
    let cells = cells(table, q.upto);
    let mut samples = samples(&cells, q.aim);
    let mut rounds = 0;
    loop {
        rounds += 1;
        let (found, complete, kept, cut) = round(table, q, &samples, until, &stop, progress);
        let end = |found: Option<usize>| match cut {
            _ if until.abandoned.load(Ordering::Relaxed) => End::Abandoned,
            _ if found.is_some_and(|size| size <= complete + 1) => End::Shortest,
            Some(Cut::Stopped) => End::Late,
            Some(Cut::Full) => End::Full,
            None => End::Searched,
        };
        let answer = |found: Option<Found>| Guessed {
            end: end(found.as_ref().map(|f| f.size)),
            found,
            complete,
            kept,
            samples: samples.len(),
            rounds,
            cells: cells.len() as u64,
            elapsed: started.elapsed(),
        };
        let Some(term) = found else {
            return answer(None);
        };
        let found = statement(&term, q.aim);
        match failures(&found, &cells, names) {
            Some(wrong) if rounds < MAX_ROUNDS && !stop() => {
                for c in wrong {
                    if !samples.contains(&c) {
                        samples.push(c);
                    }
                }
            }
            Some(_) => return answer(None),
            None => return answer(Some(found)),
        }
    }
}

/// One search over fixed samples: the shortest formula fitting them, the size completed,
/// formulas kept, and why it stopped early.
fn round(
    table: &Table2D,
    q: &Question,
    samples: &[Cell],
    until: &Until,
    stop: &(dyn Fn() -> bool + Sync),
    progress: &(dyn Fn(Step) + Sync),
) -> (Option<Term>, usize, usize, Option<Cut>) {
    let names = names(table);
    let mut bank = Bank::new(samples.len(), names.to_vec());
    let at = |i: usize| -> Vec<i16> {
        samples
            .iter()
            .map(|c| i16::try_from([c.0, c.1][i]).unwrap_or(i16::MAX))
            .collect()
    };
    let mut targets = match q.aim {
        Aim::Grundy => {
            let values: Vec<i16> = samples
                .iter()
                .map(|c| i16::try_from(c.2).unwrap_or(i16::MAX))
                .collect();
            let coordinates: Vec<(i64, i64)> =
                samples.iter().map(|c| (c.0 as i64, c.1 as i64)).collect();
            Targets::value(&values, &coordinates, names)
        }
        Aim::PPositions => Targets::predicate(samples.iter().map(|c| c.2 == 0).collect()),
    };
    // Size 1: the coordinates and the numbers.
    let first = if q.aim == Aim::PPositions { 0 } else { 1 };
    for (v, values) in [at(0), at(1)].into_iter().enumerate() {
        let hash = bank::hash(&values);
        bank.keep(bank::Candidate {
            node: bank::Node::Var(v as u8),
            hash,
            values,
        });
    }
    for n in first..=5i16 {
        let values = vec![n; samples.len()];
        bank.keep(bank::Candidate {
            node: bank::Node::Num(n),
            hash: bank::hash(&values),
            values,
        });
    }
    bank.next_size();
    targets.meet(&bank, 1, until.threads, stop, &|_, _| {});
    let mut complete = 1;
    let mut best = targets.best(&bank);
    for s in 2..=q.max_size {
        // Nothing of size s or more can be shorter than what is found.
        if best.as_ref().is_some_and(|(size, _)| *size <= s) {
            break;
        }
        let step = |joining| {
            move |done, total| {
                progress(Step {
                    size: s,
                    joining,
                    done,
                    total,
                })
            }
        };
        if let Err(cut) = grow::grow(&mut bank, until.threads, q.max_kept, stop, &step(false)) {
            return (best.map(|b| b.1), complete, bank.len(), Some(cut));
        }
        targets.meet(&bank, s, until.threads, stop, &step(true));
        if stop() {
            return (
                targets.best(&bank).map(|b| b.1),
                complete,
                bank.len(),
                Some(Cut::Stopped),
            );
        }
        complete = s;
        best = targets.best(&bank);
    }
    (best.map(|b| b.1), complete, bank.len(), None)
}

/// The formula found, as a value formula or a predicate, and as `check` reads it.
fn statement(term: &Term, aim: Aim) -> Found {
    let formula = term.to_string();
    let check = match aim {
        Aim::Grundy => formula.clone(),
        Aim::PPositions => format!("grundy == 0 <-> {formula}"),
    };
    Found {
        formula,
        check,
        size: term.size(),
    }
}

/// The cells where the statement fails (the first few), or `None` when it holds at all.
fn failures(found: &Found, cells: &[Cell], names: [&'static str; 2]) -> Option<Vec<Cell>> {
    let Ok(formula) = Formula::parse(&found.check) else {
        return Some(Vec::new());
    };
    let wrong: Vec<Cell> = cells
        .iter()
        .filter(|c| !agrees(&formula, **c, names))
        .take(4)
        .copied()
        .collect();
    (!wrong.is_empty()).then_some(wrong)
}

/// Whether a statement holds at a cell.
pub fn agrees(formula: &Formula, (a, b, g): Cell, names: [&'static str; 2]) -> bool {
    let env = env(a, b, g, names);
    match formula.kind() {
        Kind::Value => formula.value(&env).is_ok_and(|v| v == i128::from(g)),
        Kind::Predicate => formula.holds(&env).unwrap_or(false),
    }
}

fn env(a: u64, b: u64, g: u64, names: [&'static str; 2]) -> Env {
    let i = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
    let mut env = Env {
        grundy: Some(g),
        ..Env::default()
    };
    for (name, v) in names.into_iter().zip([a, b]) {
        match name {
            "x" => env.x = i(v),
            "y" => env.y = i(v),
            _ => env.z = i(v),
        }
    }
    env
}

/// The names of a table's coordinates.
pub fn names(table: &Table2D) -> [&'static str; 2] {
    match table {
        Table2D::Corner(_) | Table2D::Heap(_) => ["x", "y"],
        Table2D::Chocolate(_) => ["y", "z"],
    }
}

/// The cells below the bound, shell by shell: by the larger coordinate (corner games), by
/// `z` (chocolate).
fn cells(table: &Table2D, upto: u64) -> Vec<Cell> {
    let mut out = Vec::new();
    for m in 0..upto.min(table.bound()) {
        shell(table, m, &mut out);
    }
    out
}

/// The cells of one shell.
fn shell(table: &Table2D, m: u64, out: &mut Vec<Cell>) {
    match table {
        Table2D::Corner(_) | Table2D::Heap(_) => {
            let square = (0..m).flat_map(|a| [(a, m), (m, a)]).chain([(m, m)]);
            for (x, y) in square {
                if let Some(g) = table.grundy(x, y) {
                    out.push((x, y, g));
                }
            }
        }
        Table2D::Chocolate(_) => {
            let mut y = 0;
            while let Some(g) = table.grundy(y, m) {
                out.push((y, m, g));
                y += 1;
            }
        }
    }
}

/// The sample cells: the first cells in order, then cells spread over the table; for
/// P-positions, the P-positions first.
fn samples(cells: &[Cell], aim: Aim) -> Vec<Cell> {
    let mut rng = crate::rng::Rng::new(0x0067_7565_7373);
    let mut spread = |from: Vec<Cell>, want: usize| -> Vec<Cell> {
        let mut picked: Vec<Cell> = from.iter().take(FIRST_SAMPLES.min(want)).copied().collect();
        let rest = &from[picked.len()..];
        let mut left: Vec<Cell> = rest.to_vec();
        while picked.len() < want && !left.is_empty() {
            let i = rng.below(left.len() as u64) as usize;
            picked.push(left.swap_remove(i));
        }
        picked
    };
    match aim {
        Aim::Grundy => spread(cells.to_vec(), SAMPLES),
        Aim::PPositions => {
            let (p, n): (Vec<Cell>, Vec<Cell>) = cells.iter().partition(|c| c.2 == 0);
            let mut out = spread(p, SAMPLES / 2);
            let more = SAMPLES - out.len();
            out.extend(spread(n, more));
            out
        }
    }
}

/// How far a statement holds beyond the bound: checked shell by shell on `table` up to
/// `bound`, the first cell where it fails, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reach {
    /// Every cell with coordinates below this holds.
    pub holds_below: u64,
    /// The first cell where it fails, and its Grundy number.
    pub fails_at: Option<Cell>,
    /// Cells checked.
    pub checked: u64,
    /// Whether it stopped at the time limit before `bound`.
    pub late: bool,
}

/// Checks `statement` on `table` shell by shell up to `bound`, until `until` allows.
pub fn reach(
    table: &Table2D,
    statement: &Formula,
    bound: u64,
    until: &Until,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Reach {
    let deadline = Instant::now() + until.limit;
    let names = names(table);
    let bound = bound.min(table.bound());
    let mut checked = 0;
    let mut cells = Vec::new();
    for m in 0..bound {
        if Instant::now() > deadline || until.abandoned.load(Ordering::Relaxed) {
            return Reach {
                holds_below: m,
                fails_at: None,
                checked,
                late: true,
            };
        }
        cells.clear();
        shell(table, m, &mut cells);
        for c in &cells {
            checked += 1;
            if !agrees(statement, *c, names) {
                return Reach {
                    holds_below: m,
                    fails_at: Some(*c),
                    checked,
                    late: false,
                };
            }
        }
        if m % 64 == 63 {
            progress(m + 1, bound);
        }
    }
    Reach {
        holds_below: bound,
        fails_at: None,
        checked,
        late: false,
    }
}

#[cfg(test)]
mod tests;
