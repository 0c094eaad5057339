//! One pass of a formula over every cell of a stored table below a bound, on every core: the
//! table's rows (a corner game's x, a chocolate staircase's z) are handed out in chunks, each
//! chunk keeps its own first counterexamples, and the chunks are put back in order, so that
//! the answer is the one a single loop over the rows would give.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::Table2D;
use crate::formula::{Env, EvalError, Formula, Kind};
use crate::Said;

/// Counterexamples listed: the first ones, in the order checked.
pub const MAX_COUNTEREXAMPLES: usize = 10;

/// The most bins along a side of a [`FailureMap`].
pub const MAX_MAP_SIDE: u64 = 256;

/// A cell where the formula disagrees with the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counterexample {
    /// The cell, in the table's notation (x,y; y,z for chocolate).
    pub cell: (u64, u64),
    /// What a value formula gives there (none for a predicate).
    pub formula: Option<i128>,
    /// The true Grundy number.
    pub grundy: u64,
}

/// Where a formula fails over a table, in at most [`MAX_MAP_SIDE`] × [`MAX_MAP_SIDE`] bins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailureMap {
    /// The coordinate across: `x` for the corner games, `z` for chocolate.
    pub across: &'static str,
    /// The coordinate up: `y`.
    pub up: &'static str,
    /// Coordinates per bin, along both sides.
    pub bin: u64,
    /// Bins across.
    pub width: u64,
    /// Bins up.
    pub height: u64,
    /// Cells checked in each bin, row by row from the bottom (0 where the table has no cell:
    /// above a staircase).
    pub cells: Vec<u32>,
    /// Cells of each bin where the formula fails.
    pub failed: Vec<u32>,
}

/// Rows in a chunk: enough to keep the hand-out cheap, few enough to share the work evenly.
const CHUNK_ROWS: u64 = 16;

/// What one pass found.
pub struct Scan {
    /// Cells checked.
    pub checked: u64,
    /// Cells where the formula failed.
    pub failed: u64,
    /// The first counterexamples, in the order of the rows.
    pub counterexamples: Vec<Counterexample>,
    /// Where it failed, when asked for.
    pub map: Option<FailureMap>,
}

/// Checks `formula` at every cell of `table` with coordinates below `upto` on `until.threads`
/// threads, or says at which cell, first in the order of the rows, it has no value, or that
/// it was stopped (`until`). Reports the rows done and the rows in all as it goes.
pub fn scan(
    table: &Table2D,
    formula: &Formula,
    upto: u64,
    map: bool,
    until: &Until,
    report: &(dyn Fn(u64, u64) + Sync),
) -> Result<Scan, Stopped> {
    let deadline = Instant::now() + until.limit;
    let late = AtomicBool::new(false);
    let rows = upto;
    let rows_done = AtomicU64::new(0);
    let chunks = usize::try_from(rows.div_ceil(CHUNK_ROWS)).unwrap_or(usize::MAX);
    let bins = map.then(|| Bins::new(table, upto));
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let parts: Mutex<Vec<Option<Part>>> = Mutex::new((0..chunks).map(|_| None).collect());
    let threads = until.threads.max(1).min(chunks.max(1));
    let maps: Vec<Option<Bins>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut bins = bins.clone();
                    loop {
                        let chunk = next.fetch_add(1, Ordering::Relaxed);
                        let abandoned = until.abandoned.load(Ordering::Relaxed);
                        if chunk >= chunks || stop.load(Ordering::Relaxed) || abandoned {
                            return bins;
                        }
                        if Instant::now() > deadline {
                            late.store(true, Ordering::Relaxed);
                            stop.store(true, Ordering::Relaxed);
                            return bins;
                        }
                        let first = chunk as u64 * CHUNK_ROWS;
                        let last = (first + CHUNK_ROWS).min(rows);
                        let part = check_rows(table, formula, upto, first..last, bins.as_mut());
                        let done = rows_done.fetch_add(last - first, Ordering::Relaxed);
                        report(done + last - first, rows);
                        if part.fault.is_some() {
                            stop.store(true, Ordering::Relaxed);
                        }
                        if let Ok(mut parts) = parts.lock() {
                            parts[chunk] = Some(part);
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or(None))
            .collect()
    });
    if until.abandoned.load(Ordering::Relaxed) {
        return Err(Stopped::Abandoned);
    }
    if late.load(Ordering::Relaxed) {
        return Err(Stopped::Late(until.limit));
    }
    let parts = parts.into_inner().unwrap_or_default();
    let mut scan = Scan {
        checked: 0,
        failed: 0,
        counterexamples: Vec::new(),
        map: None,
    };
    // In order; after a fault the later chunks may not have run, and do not matter.
    for part in parts {
        let Some(part) = part else {
            return Err(Stopped::Fault(Said::new("formula-fault-early")));
        };
        if let Some(fault) = part.fault {
            return Err(Stopped::Fault(fault));
        }
        scan.checked += part.checked;
        scan.failed += part.failed;
        let room = MAX_COUNTEREXAMPLES - scan.counterexamples.len();
        scan.counterexamples
            .extend(part.counterexamples.into_iter().take(room));
    }
    scan.map = maps
        .into_iter()
        .flatten()
        .reduce(Bins::merge)
        .map(|bins| bins.map);
    Ok(scan)
}

/// Why a pass gave no answer.
pub enum Stopped {
    /// The formula has no value at a cell: where, and why (`formula-fault`: at 3,0: division
    /// by zero).
    Fault(Said),
    /// The pass ran past its time limit.
    Late(Duration),
    /// Nobody waits for the answer any more.
    Abandoned,
}

/// What a pass may use: threads, and how long it may go on — until its time limit, or until
/// whoever asked goes away.
pub struct Until {
    /// Threads to check on.
    pub threads: usize,
    /// The time limit.
    pub limit: Duration,
    /// Set when the question is abandoned: the pass stops at its next chunk of rows.
    pub abandoned: Arc<AtomicBool>,
}

/// What a chunk of rows found.
struct Part {
    checked: u64,
    failed: u64,
    counterexamples: Vec<Counterexample>,
    fault: Option<Said>,
}

/// Checks the rows `rows` (a corner game's x, a staircase's z).
fn check_rows(
    table: &Table2D,
    formula: &Formula,
    upto: u64,
    rows: std::ops::Range<u64>,
    mut bins: Option<&mut Bins>,
) -> Part {
    let mut part = Part {
        checked: 0,
        failed: 0,
        counterexamples: Vec::new(),
        fault: None,
    };
    let kind = formula.kind();
    let mut cell = |(a, b): (u64, u64), env: Env, grundy: u64| -> bool {
        part.checked += 1;
        let verdict = match kind {
            Kind::Value => formula
                .value(&env)
                .map(|v| (v == i128::from(grundy), Some(v))),
            Kind::Predicate => formula.holds(&env).map(|h| (h, None)),
        };
        let (ok, said) = match verdict {
            Ok(v) => v,
            Err(e) => {
                part.fault = Some(fault(a, b, e));
                return false;
            }
        };
        if let Some(bins) = bins.as_deref_mut() {
            bins.count(a, b, !ok);
        }
        if !ok {
            part.failed += 1;
            if part.counterexamples.len() < MAX_COUNTEREXAMPLES {
                part.counterexamples.push(Counterexample {
                    cell: (a, b),
                    formula: said,
                    grundy,
                });
            }
        }
        true
    };
    match table {
        Table2D::Corner(_) | Table2D::Heap(_) => {
            for x in rows {
                for y in 0..upto {
                    let g = table.grundy(x, y).unwrap_or(0);
                    if !cell((x, y), env(x, y, 0, upto, 0, g), g) {
                        return part;
                    }
                }
            }
        }
        Table2D::Chocolate(t) => {
            for z in rows {
                let mut y = 0;
                while let Some(g) = t.grundy(y, z) {
                    // `k` is the step; 0 for a formula edge.
                    let k = t.edge().k().unwrap_or(0);
                    if !cell((y, z), env(0, y, z, 0, k, g), g) {
                        return part;
                    }
                    y += 1;
                }
            }
        }
    }
    part
}

/// Where a formula has no value, for the refusal (`formula-fault`: at 3,0: division by
/// zero).
fn fault(a: u64, b: u64, e: EvalError) -> Said {
    Said::new("formula-fault")
        .text("cell", format_args!("{a},{b}"))
        .with("reason", e.said())
}

/// A cell's environment: its coordinates, the parameters and its Grundy number.
fn env(x: u64, y: u64, z: u64, n: u64, k: u32, grundy: u64) -> Env {
    let i = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
    Env {
        x: i(x),
        y: i(y),
        z: i(z),
        n: i(n),
        k: i64::from(k),
        grundy: Some(grundy),
    }
}

/// A [`FailureMap`] being filled.
#[derive(Clone)]
struct Bins {
    map: FailureMap,
    /// Whether the cells are named `y,z` (chocolate: z across), not `x,y` (x across).
    staircase: bool,
}

impl Bins {
    /// Empty bins over the cells of `table` below `upto`.
    fn new(table: &Table2D, upto: u64) -> Bins {
        let (staircase, high) = match table {
            Table2D::Corner(_) | Table2D::Heap(_) => (false, upto),
            // The tallest staircase below the bound.
            Table2D::Chocolate(t) => match t.edge().k() {
                Some(0) => (true, t.z_max() + 1),
                _ => (true, t.edge().height(upto.saturating_sub(1)) + 1),
            },
        };
        let bin = upto.max(high).div_ceil(MAX_MAP_SIDE).max(1);
        let (width, height) = (upto.div_ceil(bin).max(1), high.div_ceil(bin).max(1));
        let size = usize::try_from(width * height).unwrap_or(0);
        let (across, up) = if staircase { ("z", "y") } else { ("x", "y") };
        Bins {
            map: FailureMap {
                across,
                up,
                bin,
                width,
                height,
                cells: vec![0; size],
                failed: vec![0; size],
            },
            staircase,
        }
    }

    /// Counts the cell named `a,b`.
    fn count(&mut self, a: u64, b: u64, failed: bool) {
        let (across, up) = if self.staircase { (b, a) } else { (a, b) };
        let m = &mut self.map;
        let i = (up / m.bin) * m.width + across / m.bin;
        if let Ok(i) = usize::try_from(i) {
            if let (Some(c), Some(f)) = (m.cells.get_mut(i), m.failed.get_mut(i)) {
                *c += 1;
                *f += u32::from(failed);
            }
        }
    }

    /// The counts of two threads' bins, added.
    fn merge(mut self, other: Bins) -> Bins {
        let m = &mut self.map;
        for (c, o) in m.cells.iter_mut().zip(&other.map.cells) {
            *c += o;
        }
        for (f, o) in m.failed.iter_mut().zip(&other.map.failed) {
            *f += o;
        }
        self
    }
}
