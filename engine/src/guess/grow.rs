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

/// Right operands per job: a job looks at most CHUNK × RIGHT pairs, so the candidates a
/// window holds before they are kept stay a few megabytes whatever the size asked.
const RIGHT: u32 = 512;

/// Why a size was not finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// The bank holds as many formulas as it may.
    Full,
    /// The time is up, or nobody waits any more.
    Stopped,
}

/// One job: a kind of formula over a range of left operands (and of right ones).
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
    // The ranges of the finished sizes do not move while this one is built: the jobs are
    // made from them one window at a time, never all at once.
    let sizes: Vec<std::ops::Range<u32>> = (0..s).map(|t| bank.of_size(t)).collect();
    let total = work(&sizes, s);
    let mut jobs = jobs(sizes, s);
    let mut done = 0;
    let window = threads.max(1) * 4;
    loop {
        let window: Vec<Job> = jobs.by_ref().take(window).collect();
        if window.is_empty() {
            break;
        }
        if stop() {
            return Err(Cut::Stopped);
        }
        let found = run(bank, &window, threads);
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

/// The ordered pairs (and single operands) of size `s`, counted as its jobs count them.
fn work(sizes: &[std::ops::Range<u32>], s: usize) -> u64 {
    let len = |t: usize| u64::from(sizes[t].end - sizes[t].start);
    let unary = if s >= 2 { 2 * len(s - 1) } else { 0 };
    let binary: u64 = (1..s.saturating_sub(1))
        .map(|sa| {
            let sb = s - 1 - sa;
            let ops = Binary::ALL
                .iter()
                .filter(|op| !(op.commutes() && sa > sb))
                .count() as u64;
            ops * len(sa) * len(sb)
        })
        .sum();
    unary + binary
}

/// The jobs of size `s`, in order, made as they are taken.
fn jobs(sizes: Vec<std::ops::Range<u32>>, s: usize) -> impl Iterator<Item = Job> {
    let unary = (s >= 2)
        .then(|| sizes[s - 1].clone())
        .into_iter()
        .flat_map(|r| {
            [Node::Abs(0), Node::FloorPhi(0)]
                .into_iter()
                .flat_map(move |kind| chunks(r.clone(), CHUNK).map(move |c| Job::Unary(kind, c)))
        });
    let binary = (1..s.saturating_sub(1)).rev().flat_map(move |sa| {
        let sb = s - 1 - sa;
        let (left, right) = (sizes[sa].clone(), sizes[sb].clone());
        Binary::ALL
            .into_iter()
            .filter(move |op| !(op.commutes() && sa > sb))
            .flat_map(move |op| {
                let right = right.clone();
                chunks(left.clone(), CHUNK).flat_map(move |l| {
                    chunks(right.clone(), RIGHT).map(move |r| Job::Binary(op, l.clone(), r))
                })
            })
    });
    unary.chain(binary)
}

/// `r` cut into ranges of at most `n`.
fn chunks(r: std::ops::Range<u32>, n: u32) -> impl Iterator<Item = std::ops::Range<u32>> {
    (r.start..r.end)
        .step_by(n as usize)
        .map(move |a| a..(a + n).min(r.end))
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
