//! A heap game as a component of the search. Its splits change how many heaps it has, so its
//! positions are no box of coordinates: they are listed instead, every position it can
//! reach, each as the sorted list of its non-empty heaps (what a heap position is worth does
//! not depend on their order or on the empty ones). They are numbered by tokens left, and
//! among as many tokens by heaps, the most first: every move takes tokens, or splits a heap
//! without taking and so makes one heap more, so it always leads to a smaller number. The
//! component is then one axis of the search, its moves listed (see [`super::explicit`]).

use std::collections::{HashMap, HashSet};

use crate::heap::{self, Rule};

use super::explicit;

/// The positions a heap component can reach, numbered, and each one's moves.
#[derive(Debug, Clone)]
pub(super) struct Space {
    rule: Rule,
    /// Each position's heaps, sorted, without the empty ones (`[0]` when all are); in the
    /// order of their numbers.
    positions: Vec<Vec<u64>>,
    number: HashMap<Vec<u64>, u64>,
}

impl Space {
    /// Every position `p` can reach, or `None` when there are more than `most`.
    pub fn new(p: &heap::Position, most: u64) -> Option<Space> {
        let rule = p.rule();
        let start = canonical(p.heaps());
        let mut seen = HashSet::from([start.clone()]);
        let mut todo = vec![start];
        let mut moves = Moves::new(rule);
        while let Some(heaps) = todo.pop() {
            for next in moves.after(&heaps) {
                if !seen.contains(&next) {
                    if seen.len() as u64 >= most {
                        return None;
                    }
                    seen.insert(next.clone());
                    todo.push(next);
                }
            }
        }
        let mut positions: Vec<Vec<u64>> = seen.into_iter().collect();
        positions.sort_by_key(|h| (h.iter().sum::<u64>(), std::cmp::Reverse(h.len()), h.clone()));
        let number = positions
            .iter()
            .enumerate()
            .map(|(i, h)| (h.clone(), i as u64))
            .collect();
        Some(Space {
            rule,
            positions,
            number,
        })
    }

    /// How many positions.
    pub fn len(&self) -> u64 {
        self.positions.len() as u64
    }

    /// The number of a position of this component's game, if it is one of them.
    pub fn number(&self, p: &heap::Position) -> Option<u64> {
        if p.rule() != self.rule {
            return None;
        }
        self.number.get(&canonical(p.heaps())).copied()
    }

    /// Each position's moves, as how far back each goes.
    pub fn moves(&self) -> explicit::Moves {
        let mut offsets = Vec::with_capacity(self.positions.len() + 1);
        let mut back = Vec::new();
        offsets.push(0);
        let mut moves = Moves::new(self.rule);
        for (i, heaps) in self.positions.iter().enumerate() {
            for next in moves.after(heaps) {
                let j = self.number.get(&next).copied().unwrap_or(0);
                // Earlier by the numbering's order (see the module's docs).
                back.push((i as u64 - j) as u32);
            }
            offsets.push(back.len() as u32);
        }
        explicit::Moves {
            offsets,
            back,
            valid: vec![true; self.positions.len()],
        }
    }
}

/// A rule's moves on one heap size, listed once each.
struct Moves {
    rule: Rule,
    of: HashMap<u64, Vec<heap::HeapMove>>,
}

impl Moves {
    fn new(rule: Rule) -> Moves {
        Moves {
            rule,
            of: HashMap::new(),
        }
    }

    /// The positions one move from `heaps` (sorted, as [`canonical`] writes them), a move
    /// on one of several equal heaps listed once.
    fn after(&mut self, heaps: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if h == 0 || (i > 0 && heaps[i - 1] == h) {
                continue; // the same heap size again: the same positions
            }
            let rule = self.rule;
            for m in self.of.entry(h).or_insert_with(|| rule.moves(h)).iter() {
                out.push(after(heaps, i, m.left));
            }
        }
        out
    }
}

/// The sorted heaps after a move leaves `left` of heap `i`, sorted again.
fn after(heaps: &[u64], i: usize, left: heap::Left) -> Vec<u64> {
    let mut next = Vec::with_capacity(heaps.len() + 1);
    next.extend_from_slice(&heaps[..i]);
    next.extend_from_slice(&heaps[i + 1..]);
    match left {
        heap::Left::Nothing => {}
        heap::Left::One(r) => next.push(r),
        heap::Left::Two(a, b) => next.extend([a, b]),
    }
    canonical(&next)
}

/// The heaps, sorted, without the empty ones (one empty heap when all are: a position has
/// a heap).
fn canonical(heaps: &[u64]) -> Vec<u64> {
    let mut h: Vec<u64> = heaps.iter().copied().filter(|&n| n > 0).collect();
    if h.is_empty() {
        return vec![0];
    }
    h.sort_unstable();
    h
}
