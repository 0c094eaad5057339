//! Growing the bank by one size, on every thread it is given: the pairs of smaller formulas
//! are cut into jobs, the jobs of a window run in parallel and compute their candidates'
//! values, and the candidates are kept in the order of the jobs, so the bank is the same on
//! any number of threads.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::bank::{self, Bank, Candidate, Node};
use super::term::Binary;

/// Left operands per job.
const CHUNK: u32 = 32;

/// Why a size was not finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// The bank holds as many formulas as it may.
    Full,
    /// The time is up, or nobody waits any more.
    Stopped,
}

/// One job: a kind of formula over a range of left operands.
#[derive(Clone)]
enum Job {
    Unary(Node, std::ops::Range<u32>),
    Binary(Binary, std::ops::Range<u32>, std::ops::Range<u32>),
}

impl Job {
    /// Pairs it looks at, for the progress.
    fn work(&self) -> u64 {
        match self {
            Job::Unary(_, a) => u64::from(a.end - a.start),
            Job::Binary(_, a, b) => u64::from(a.end - a.start) * u64::from(b.end - b.start),
        }
    }
}

/// Builds every formula of size `bank.building()` and keeps the new ones; then opens the next
/// size. Stops early when `stop()` says so or the bank reaches `max_kept`, and says why.
/// `progress(done, total)` counts the pairs looked at.
pub fn grow(
    bank: &mut Bank,
    threads: usize,
    max_kept: usize,
    stop: &(dyn Fn() -> bool + Sync),
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<(), Cut> {
    let s = bank.building();
    let jobs = jobs(bank, s);
    let total: u64 = jobs.iter().map(Job::work).sum();
    let mut done = 0;
    let window = threads.max(1) * 4;
    for window in jobs.chunks(window) {
        if stop() {
            return Err(Cut::Stopped);
        }
        let found = run(bank, window, threads);
        for candidates in found {
            for c in candidates {
                if bank.len() >= max_kept {
                    return Err(Cut::Full);
                }
                bank.keep(c);
            }
        }
        done += window.iter().map(Job::work).sum::<u64>();
        progress(done, total);
    }
    bank.next_size();
    Ok(())
}

/// The jobs of size `s`.
fn jobs(bank: &Bank, s: usize) -> Vec<Job> {
    let mut jobs = Vec::new();
    let chunks = |r: std::ops::Range<u32>| {
        (r.start..r.end)
            .step_by(CHUNK as usize)
            .map(move |a| a..(a + CHUNK).min(r.end))
    };
    if s >= 2 {
        for kind in [Node::Abs(0), Node::FloorPhi(0)] {
            jobs.extend(chunks(bank.of_size(s - 1)).map(|r| Job::Unary(kind, r)));
        }
    }
    for sa in (1..s.saturating_sub(1)).rev() {
        let sb = s - 1 - sa;
        for op in Binary::ALL {
            if op.commutes() && sa > sb {
                continue;
            }
            let right = bank.of_size(sb);
            if right.is_empty() {
                continue;
            }
            jobs.extend(chunks(bank.of_size(sa)).map(|r| Job::Binary(op, r, right.clone())));
        }
    }
    jobs
}

/// Runs a window of jobs, each on the next free thread; their new candidates, in order.
fn run(bank: &Bank, jobs: &[Job], threads: usize) -> Vec<Vec<Candidate>> {
    if threads <= 1 || jobs.len() <= 1 {
        return jobs.iter().map(|j| job(bank, j)).collect();
    }
    let next = AtomicUsize::new(0);
    let out: Mutex<Vec<Vec<Candidate>>> = Mutex::new((0..jobs.len()).map(|_| Vec::new()).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.min(jobs.len()) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(j) = jobs.get(i) else { return };
                let found = job(bank, j);
                if let Ok(mut out) = out.lock() {
                    out[i] = found;
                }
            });
        }
    });
    out.into_inner().unwrap_or_default()
}

/// One job's candidates that the bank does not know yet.
fn job(bank: &Bank, job: &Job) -> Vec<Candidate> {
    let mut found = Vec::new();
    let mut values = Vec::with_capacity(bank.width);
    let mut offer = |node: Node, values: &mut Vec<i16>| {
        if bank::constant(values) {
            return;
        }
        let hash = bank::hash(values);
        if bank.knows(hash) {
            return;
        }
        found.push(Candidate {
            node,
            hash,
            values: std::mem::replace(values, Vec::with_capacity(bank.width)),
        });
    };
    match job {
        Job::Unary(kind, ids) => {
            for a in ids.clone() {
                if bank.is_number(a) {
                    continue;
                }
                let node = match kind {
                    Node::Abs(_) => Node::Abs(a),
                    _ => Node::FloorPhi(a),
                };
                if bank::unary(node, bank.values(a), &mut values) {
                    offer(node, &mut values);
                }
            }
        }
        Job::Binary(op, left, right) => {
            for a in left.clone() {
                let number = bank.is_number(a);
                let from = if op.commutes() && bank.size_of(a) == bank.size_of(right.start) {
                    a.max(right.start)
                } else {
                    right.start
                };
                for b in from..right.end {
                    if number && bank.is_number(b) || masks_a_remainder(bank, *op, a, b) {
                        continue;
                    }
                    if bank::binary(*op, bank.values(a), bank.values(b), &mut values) {
                        offer(Node::Binary(*op, a, b), &mut values);
                    }
                }
            }
        }
    }
    found
}

/// Whether `a op b` is `v and m` with `m` one less than a power of two: `v % (m + 1)` is the
/// same formula, of the same size, and reads better.
fn masks_a_remainder(bank: &Bank, op: Binary, a: u32, b: u32) -> bool {
    op == Binary::And
        && [a, b]
            .iter()
            .any(|&i| bank.number(i).is_some_and(|m| m & (m + 1) == 0))
}
