//! What the bank is searched for, and how a formula larger than the bank's is put together
//! from its formulas:
//!
//! - **directly**: a kept formula with the target's values;
//! - **joined**: `a + b`, `a - b` or `a xor b` of two kept formulas (meet in the middle: for
//!   each `a`, the `b` it needs is looked up), for the table and its first splits;
//! - **split by a residue**: `c * (T // c) + T % c` for c from 2 to [`MAX_DIVISOR`], each part
//!   made in any of these ways in turn, to [`MAX_SPLIT_DEPTH`] splits;
//! - **piecewise by parity**: `if(s == 0, a, b)` where `s` is `x % 2`, `y % 2` or
//!   `(x + y) % 2`, for the table itself;
//! - and for a predicate, `a == b`: two kept formulas equal on every true cell and different
//!   on every false one.

use super::bank::{self, Bank, ByHash, PROBE};
use super::term::{Binary, Term};

/// The largest divisor of a split.
pub const MAX_DIVISOR: i32 = 8;

/// The most splits, one inside another.
pub const MAX_SPLIT_DEPTH: usize = 3;

/// Splits deep enough to be joined as well (0: the table alone).
const MAX_JOIN_DEPTH: usize = 1;

/// Formulas compared in one group of equal values on the true cells, for a predicate.
const MAX_GROUP: usize = 4096;

/// A formula found for a target: its size and the tree.
type Best = Option<(usize, Term)>;

/// A part of a value table to make.
pub struct Target {
    values: Vec<i16>,
    /// A number: no formula needed.
    number: Option<i64>,
    /// Splits: the divisor and the targets of the quotient and the remainder.
    splits: Vec<(i32, usize, usize)>,
    joins: bool,
}

/// A kept formula found for a target (or a piece): its size and id, ordered so that the
/// least is the one to keep, whichever thread found it.
type Direct = Option<(usize, u32)>;

/// `a op b` found for a target, ordered as [`Direct`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Join {
    size: usize,
    a: u32,
    way: u8,
    b: u32,
}

/// What the passes over the kept formulas found for a value table, per target and per piece.
#[derive(Clone)]
pub struct Finds {
    direct: Vec<Direct>,
    joined: Vec<Option<Join>>,
    pieces: Vec<[Direct; 2]>,
}

impl Finds {
    /// The least of both, slot by slot.
    fn merge(mut self, other: Finds) -> Finds {
        let least = |a: &mut Direct, b: Direct| {
            if b.is_some() && (a.is_none() || b < *a) {
                *a = b;
            }
        };
        for (a, b) in self.direct.iter_mut().zip(other.direct) {
            least(a, b);
        }
        for (a, b) in self.joined.iter_mut().zip(other.joined) {
            if b.is_some() && (a.is_none() || b < *a) {
                *a = b;
            }
        }
        for (a, b) in self.pieces.iter_mut().zip(other.pieces) {
            least(&mut a[0], b[0]);
            least(&mut a[1], b[1]);
        }
        self
    }
}

/// A selector of the piecewise formulas: its tree and the class of each sample cell.
pub struct Piecewise {
    selector: Term,
    /// The sample cells of class 0 and of class 1.
    cells: [Vec<usize>; 2],
    /// The table's values on them, hashed.
    hashes: [u64; 2],
}

/// What the search looks for: a value table and its parts, or a predicate.
pub enum Targets {
    Value {
        targets: Vec<Target>,
        by_hash: ByHash<usize>,
        pieces: Vec<Piecewise>,
        finds: Finds,
    },
    Predicate {
        truth: Vec<bool>,
        groups: ByHash<Vec<u32>>,
        /// The least pair found: its size, then `b` and `a` of `b == a`.
        best: Option<(usize, u32, u32)>,
    },
}

impl Targets {
    /// The targets of a value table whose values on the sample cells are `values`, the
    /// coordinates of the sample cells being `cells` (for the parity selectors).
    pub fn value(values: &[i16], cells: &[(i64, i64)], names: [&'static str; 2]) -> Targets {
        let mut targets = Vec::new();
        let mut by_hash = ByHash::default();
        add(&mut targets, &mut by_hash, values.to_vec(), 0);
        let pieces = selectors(names)
            .into_iter()
            .map(|(selector, class)| {
                let cells: [Vec<usize>; 2] = [0, 1].map(|r| {
                    (0..cells.len())
                        .filter(|&i| class(cells[i]) == r)
                        .collect::<Vec<_>>()
                });
                let hashes = [0, 1].map(|r| bank::hash_at(values, &cells[r]));
                Piecewise {
                    selector,
                    cells,
                    hashes,
                }
            })
            .filter(|p: &Piecewise| p.cells.iter().all(|c| !c.is_empty()))
            .collect::<Vec<_>>();
        let finds = Finds {
            direct: vec![None; targets.len()],
            joined: vec![None; targets.len()],
            pieces: vec![[None, None]; pieces.len()],
        };
        Targets::Value {
            targets,
            by_hash,
            pieces,
            finds,
        }
    }

    /// The target of a predicate, true on the sample cells where `truth` is.
    pub fn predicate(truth: Vec<bool>) -> Targets {
        Targets::Predicate {
            truth,
            groups: ByHash::default(),
            best: None,
        }
    }

    /// Looks at the formulas kept at size `s` (the newest), for every target, on `threads`
    /// threads. `progress(done, total)` counts the formulas looked at.
    pub fn meet(
        &mut self,
        bank: &Bank,
        s: usize,
        threads: usize,
        stop: &(dyn Fn() -> bool + Sync),
        progress: &(dyn Fn(u64, u64) + Sync),
    ) {
        let total = u64::from(bank.of_size(s).end - bank.of_size(s).start);
        let done = std::sync::atomic::AtomicU64::new(0);
        let tick = |n: usize| {
            if n % 4096 == 4095 {
                let d = done.fetch_add(4096, std::sync::atomic::Ordering::Relaxed) + 4096;
                progress(d.min(total), total);
            }
        };
        match self {
            Targets::Value {
                targets,
                by_hash,
                pieces,
                finds,
            } => {
                let ids = bank.of_size(s);
                let per = (ids.end - ids.start).div_ceil(threads.max(1) as u32).max(1);
                let (targets, by_hash, pieces, base) = (&*targets, &*by_hash, &*pieces, &*finds);
                let parts: Vec<Finds> = std::thread::scope(|scope| {
                    let workers: Vec<_> = (ids.start..ids.end)
                        .step_by(per as usize)
                        .map(|from| {
                            let chunk = from..(from + per).min(ids.end);
                            scope.spawn(move || {
                                let mut found = base.clone();
                                let mut scratch = Vec::with_capacity(bank.width);
                                for (n, id) in chunk.enumerate() {
                                    if n % 4096 == 0 && stop() {
                                        break;
                                    }
                                    tick(n);
                                    look(
                                        targets,
                                        by_hash,
                                        pieces,
                                        &mut found,
                                        bank,
                                        id,
                                        &mut scratch,
                                    );
                                }
                                found
                            })
                        })
                        .collect();
                    workers.into_iter().filter_map(|w| w.join().ok()).collect()
                });
                for part in parts {
                    *finds = finds.clone().merge(part);
                }
            }
            Targets::Predicate {
                truth,
                groups,
                best,
            } => {
                // Each new formula joins the group of its values on the true cells, then is
                // paired, on every thread, with the group's members kept before it.
                let ids = bank.of_size(s);
                let truth = &*truth;
                let per = (ids.end - ids.start).div_ceil(threads.max(1) as u32).max(1);
                let keys: Vec<u64> = std::thread::scope(|scope| {
                    let workers: Vec<_> = (ids.start..ids.end)
                        .step_by(per as usize)
                        .map(|from| {
                            let chunk = from..(from + per).min(ids.end);
                            scope.spawn(move || {
                                chunk
                                    .map(|id| true_key(truth, bank, id))
                                    .collect::<Vec<_>>()
                            })
                        })
                        .collect();
                    workers
                        .into_iter()
                        .flat_map(|w| w.join().unwrap_or_default())
                        .collect()
                });
                for (id, key) in ids.clone().zip(&keys) {
                    let group = groups.entry(*key).or_default();
                    if group.len() < MAX_GROUP {
                        group.push(id);
                    }
                }
                let groups = &*groups;
                let found: Vec<Option<(usize, u32, u32)>> = std::thread::scope(|scope| {
                    let workers: Vec<_> = (ids.start..ids.end)
                        .step_by(per as usize)
                        .map(|from| {
                            let keys = &keys;
                            scope.spawn(move || {
                                let mut least = None;
                                for (n, id) in (from..(from + per).min(ids.end)).enumerate() {
                                    if n % 4096 == 0 && stop() {
                                        break;
                                    }
                                    tick(n);
                                    let key = keys[(id - ids.start) as usize];
                                    let pair = pair(truth, &groups[&key], bank, id);
                                    if pair.is_some() && (least.is_none() || pair < least) {
                                        least = pair;
                                    }
                                }
                                least
                            })
                        })
                        .collect();
                    workers.into_iter().filter_map(|w| w.join().ok()).collect()
                });
                for pair in found.into_iter().flatten() {
                    if best.is_none_or(|b| pair < b) {
                        *best = Some(pair);
                    }
                }
            }
        }
    }

    /// The shortest formula found so far for the whole table.
    pub fn best(&self, bank: &Bank) -> Best {
        match self {
            Targets::Predicate { best, .. } => best.map(|(size, b, a)| {
                (
                    size,
                    Term::Equal(Box::new(bank.term(b)), Box::new(bank.term(a))),
                )
            }),
            Targets::Value {
                targets,
                pieces,
                finds,
                ..
            } => {
                let mut memo = vec![None; targets.len()];
                let mut best = compose(targets, finds, 0, bank, &mut memo);
                for (p, found) in pieces.iter().zip(&finds.pieces) {
                    if let [Some((sa, a)), Some((sb, b))] = *found {
                        let size = 3 + p.selector.size() + sa + sb;
                        if best.as_ref().is_none_or(|(s, _)| size < *s) {
                            let t = Term::Piecewise {
                                selector: Box::new(p.selector.clone()),
                                class: 0,
                                then: Box::new(bank.term(a)),
                                otherwise: Box::new(bank.term(b)),
                            };
                            best = Some((size, t));
                        }
                    }
                }
                best
            }
        }
    }
}

/// One kept formula looked at for every target of a value table and every piece.
fn look(
    targets: &[Target],
    by_hash: &ByHash<usize>,
    pieces: &[Piecewise],
    found: &mut Finds,
    bank: &Bank,
    id: u32,
    scratch: &mut Vec<i16>,
) {
    let values = bank.values(id);
    let size = bank.size_of(id);
    let mine = Some((size, id));
    if let Some(&t) = by_hash.get(&bank::hash(values)) {
        if targets[t].values == values && (found.direct[t].is_none() || mine < found.direct[t]) {
            found.direct[t] = mine;
        }
    }
    for (t, target) in targets.iter().enumerate().filter(|(_, t)| t.joins) {
        let best = found.direct[t].map_or(usize::MAX, |(s, _)| s);
        if size + 2 >= best {
            continue;
        }
        join(target, &mut found.joined[t], bank, id, scratch);
    }
    for (p, slot) in pieces.iter().zip(found.pieces.iter_mut()) {
        for ((found, cells), hash) in slot.iter_mut().zip(&p.cells).zip(p.hashes) {
            if (found.is_none() || mine < *found) && bank::hash_at(values, cells) == hash {
                *found = mine;
            }
        }
    }
}

/// A kept formula's values on the true cells of a predicate, hashed: its group.
fn true_key(truth: &[bool], bank: &Bank, id: u32) -> u64 {
    let on_true: Vec<i16> = bank
        .values(id)
        .iter()
        .zip(truth)
        .filter(|(_, t)| **t)
        .map(|(v, _)| *v)
        .collect();
    bank::hash(&on_true)
}

/// One kept formula looked at for a predicate: the least `b == a` with `b` a member of its
/// group kept before it, equal to it on every true cell and different on every false one
/// (size, `b`, `a`).
fn pair(truth: &[bool], group: &[u32], bank: &Bank, id: u32) -> Option<(usize, u32, u32)> {
    let values = bank.values(id);
    group
        .iter()
        .take_while(|&&other| other < id)
        .filter(|&&other| {
            values
                .iter()
                .zip(bank.values(other))
                .zip(truth)
                .all(|((a, b), t)| (a == b) == *t)
        })
        // Members are in the order kept, so by size: the first that fits is the least.
        .map(|&other| (bank.size_of(id) + bank.size_of(other) + 1, other, id))
        .next()
}

/// The parity selectors over two coordinates named `names`: `a % 2`, `b % 2`,
/// `(a + b) % 2`, and the class of a cell under each.
#[allow(clippy::type_complexity)]
fn selectors(names: [&'static str; 2]) -> Vec<(Term, Box<dyn Fn((i64, i64)) -> i64>)> {
    let two = || Term::Num(2);
    let [a, b] = names.map(Term::Var);
    vec![
        (
            Term::binary(Binary::Mod, a.clone(), two()),
            Box::new(|(a, _): (i64, i64)| a.rem_euclid(2)),
        ),
        (
            Term::binary(Binary::Mod, b.clone(), two()),
            Box::new(|(_, b): (i64, i64)| b.rem_euclid(2)),
        ),
        (
            Term::binary(Binary::Mod, Term::binary(Binary::Add, a, b), two()),
            Box::new(|(a, b): (i64, i64)| (a + b).rem_euclid(2)),
        ),
    ]
}

/// Adds a target and, below it, its splits; its index.
fn add(
    targets: &mut Vec<Target>,
    by_hash: &mut ByHash<usize>,
    values: Vec<i16>,
    depth: usize,
) -> usize {
    let hash = bank::hash(&values);
    if let Some(&t) = by_hash.get(&hash) {
        if targets[t].values == values {
            return t;
        }
    }
    let number = bank::constant(&values).then(|| values.first().map_or(0, |v| i64::from(*v)));
    let t = targets.len();
    targets.push(Target {
        values: values.clone(),
        number,
        splits: Vec::new(),
        joins: depth <= MAX_JOIN_DEPTH && number.is_none(),
    });
    by_hash.insert(hash, t);
    if number.is_some() || depth >= MAX_SPLIT_DEPTH || values.iter().any(|v| *v < 0) {
        return t;
    }
    for c in 2..=MAX_DIVISOR {
        let quotient: Vec<i16> = values.iter().map(|v| (i32::from(*v) / c) as i16).collect();
        let remainder: Vec<i16> = values.iter().map(|v| (i32::from(*v) % c) as i16).collect();
        if remainder == values || bank::constant(&quotient) && quotient[0] == 0 {
            continue;
        }
        let q = add(targets, by_hash, quotient, depth + 1);
        let r = add(targets, by_hash, remainder, depth + 1);
        targets[t].splits.push((c, q, r));
    }
    t
}

/// A way to join two kept formulas into a target `t`: what `b` must be, given `a`.
#[derive(Clone, Copy)]
enum Way {
    /// `t = a + b`: `b = t - a`.
    Sum,
    /// `t = a xor b`: `b = t xor a`.
    Xor,
    /// `t = a - b`: `b = a - t`.
    Less,
    /// `t = b - a`: `b = t + a`.
    From,
}

impl Way {
    const ALL: [Way; 4] = [Way::Sum, Way::Xor, Way::Less, Way::From];

    #[inline]
    fn need(self, t: i16, a: i16) -> Option<i16> {
        let (t, a) = (i32::from(t), i32::from(a));
        let b = match self {
            Way::Sum => t - a,
            Way::Xor if t >= 0 && a >= 0 => t ^ a,
            Way::Xor => return None,
            Way::Less => a - t,
            Way::From => t + a,
        };
        i16::try_from(b).ok()
    }

    /// The formula made of `a` (the kept formula looked at) and `b` (the one found).
    fn term(self, a: Term, b: Term) -> Term {
        match self {
            Way::Sum => Term::binary(Binary::Add, a, b),
            Way::Xor => Term::binary(Binary::Xor, a, b),
            Way::Less => Term::binary(Binary::Sub, a, b),
            Way::From => Term::binary(Binary::Sub, b, a),
        }
    }
}

/// Looks for `target = a op b` with `a` the kept formula `id` and `b` any kept formula,
/// keeping the least found in `joined`.
fn join(target: &Target, joined: &mut Option<Join>, bank: &Bank, id: u32, scratch: &mut Vec<i16>) {
    let a = bank.values(id);
    let size_a = bank.size_of(id);
    // Equal sizes are looked at: the least join of a size is the one kept.
    if joined.is_some_and(|j| size_a + 2 > j.size) {
        return;
    }
    let probe = bank.probe();
    for (w, way) in Way::ALL.into_iter().enumerate() {
        // The values needed on the filter's cells first: most are not kept.
        let mut probed = [0i16; PROBE];
        let mut fits = true;
        for (p, &i) in probed.iter_mut().zip(&probe) {
            match way.need(target.values[i], a[i]) {
                Some(v) => *p = v,
                None => fits = false,
            }
        }
        if !fits || !bank.may_know(probed) {
            continue;
        }
        scratch.clear();
        let fits = target
            .values
            .iter()
            .zip(a)
            .all(|(&t, &a)| way.need(t, a).map(|v| scratch.push(v)).is_some());
        if !fits {
            continue;
        }
        let Some(b) = bank.find(bank::hash(scratch), scratch) else {
            continue;
        };
        let found = Join {
            size: size_a + bank.size_of(b) + 1,
            a: id,
            way: w as u8,
            b,
        };
        if joined.is_none_or(|j| found < j) {
            *joined = Some(found);
        }
    }
}

/// The shortest formula for target `t` made in any of the ways, from what is found so far.
fn compose(
    targets: &[Target],
    finds: &Finds,
    t: usize,
    bank: &Bank,
    memo: &mut Vec<Option<Best>>,
) -> Best {
    if let Some(known) = &memo[t] {
        return known.clone();
    }
    let target = &targets[t];
    let mut best: Best = None;
    let mut offer = |candidate: Best| {
        if let Some((s, term)) = candidate {
            if best.as_ref().is_none_or(|(b, _)| s < *b) {
                best = Some((s, term));
            }
        }
    };
    if let Some(n) = target.number {
        offer(Some((1, Term::Num(n))));
    }
    offer(finds.direct[t].map(|(s, id)| (s, bank.term(id))));
    offer(finds.joined[t].map(|j| {
        let way = Way::ALL[usize::from(j.way)];
        (j.size, way.term(bank.term(j.a), bank.term(j.b)))
    }));
    for &(c, q, r) in &target.splits {
        let (Some((sq, q)), Some((sr, r))) = (
            compose(targets, finds, q, bank, memo),
            compose(targets, finds, r, bank, memo),
        ) else {
            continue;
        };
        let high = Term::binary(Binary::Mul, Term::Num(i64::from(c)), q);
        offer(Some(match r {
            Term::Num(0) => (sq + 2, high),
            r => (sq + sr + 3, Term::binary(Binary::Add, high, r)),
        }));
    }
    memo[t] = Some(best.clone());
    best
}
