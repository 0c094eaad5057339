//! A position of several heaps searched whole: its remoteness (plies to the end with best
//! play: the winner hurries, the loser delays) and its misère remoteness, which the heaps'
//! Grundy values do not give. Positions are kept as sorted heaps without the empty ones, so a
//! position reached in several orders is searched once; the search stops at a bound of
//! positions and says so.

use std::collections::HashMap;

use super::rule::{Left, Rule};

/// What the search found for a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Searched {
    /// Its Grundy number, as the mex of its moves' (the heaps' values XORed is the same:
    /// the Sprague–Grundy theorem, which the tests check on this).
    pub grundy: u32,
    /// Plies to the end with best play in normal play: even, lost for the player to move.
    pub remoteness: u32,
    /// The same in misère play: even, won for the player to move (a position without a
    /// move is won).
    pub misere: u32,
}

/// Searches `heaps` under `rule`, listing at most `most` positions (one of more than eight
/// heaps counting more: one more for every eight); `None` beyond.
pub fn search(rule: &Rule, heaps: &[u64], most: usize) -> Option<Searched> {
    Known::search(rule, heaps, most)?.get(heaps)
}

/// Every position a search met, with what it found: those one move away included.
#[derive(Default)]
pub struct Known(HashMap<Vec<u64>, Searched>);

impl Known {
    /// Searches `heaps` under `rule`, listing at most `most` positions (one of more than eight
    /// heaps counting more: one more for every eight); `None` beyond.
    pub fn search(rule: &Rule, heaps: &[u64], most: usize) -> Option<Known> {
        let mut known = Known::default();
        known.extend(rule, heaps, most)?;
        Some(known)
    }

    /// Searches `heaps` further, what is known already serving again and counting in `most`
    /// (so that many questions share one budget): what was found for `heaps`, or `None`
    /// beyond the budget (what was solved before it stays known).
    pub fn extend(&mut self, rule: &Rule, heaps: &[u64], most: usize) -> Option<Searched> {
        explore(rule, heaps, most, &mut self.0)?;
        self.get(heaps)
    }

    /// What was found for `heaps` (in any order, empty heaps included), if the search met it.
    pub fn get(&self, heaps: &[u64]) -> Option<Searched> {
        self.0.get(&canonical(heaps.to_vec())).copied()
    }
}

fn explore(
    rule: &Rule,
    heaps: &[u64],
    most: usize,
    known: &mut HashMap<Vec<u64>, Searched>,
) -> Option<()> {
    let start = canonical(heaps.to_vec());
    if known.contains_key(&start) {
        return Some(());
    }
    // Depth-first without recursion: each frame a position, its successors (listed once) and
    // how many of them are known to be solved; a position is solved when all of them are.
    let mut stack: Vec<(Vec<u64>, Vec<Vec<u64>>, usize)> = Vec::new();
    let first = successors(rule, &start);
    // The work, and the memory held: the positions listed as successors, each counting one
    // and one more for every eight heaps it has, so that a heap with thousands of moves
    // counts for them and a position of a hundred heaps for its size (a budget of 200 000
    // holds some 20 MB at most).
    let size = |list: &[Vec<u64>]| list.iter().map(|p| 1 + p.len() / 8).sum::<usize>();
    let mut listed = size(&first);
    stack.push((start.clone(), first, 0));
    loop {
        let depth = stack.len();
        let Some((top, next, solved)) = stack.last_mut() else {
            break;
        };
        while *solved < next.len() && known.contains_key(&next[*solved]) {
            *solved += 1;
        }
        if let Some(missing) = next.get(*solved) {
            if known.len() + depth + listed >= most {
                return None;
            }
            let missing = missing.clone();
            let after = successors(rule, &missing);
            listed += size(&after);
            stack.push((missing, after, 0));
            continue;
        }
        let value = solve(&next.iter().map(|p| known[p]).collect::<Vec<_>>());
        let top = std::mem::take(top);
        stack.pop();
        known.insert(top, value);
    }
    Some(())
}

/// A position's values from its successors'.
fn solve(next: &[Searched]) -> Searched {
    let mut grundy = 0;
    while next.iter().any(|s| s.grundy == grundy) {
        grundy += 1;
    }
    // Normal play: a move to a lost position (even) wins, the quickest; else the slowest.
    let remoteness = match next
        .iter()
        .filter(|s| s.remoteness % 2 == 0)
        .map(|s| s.remoteness)
        .min()
    {
        Some(even) => even + 1,
        None => next.iter().map(|s| s.remoteness + 1).max().unwrap_or(0),
    };
    // Misère: a move to a lost position (odd) wins, the quickest; else the slowest.
    let misere = match next
        .iter()
        .filter(|s| s.misere % 2 == 1)
        .map(|s| s.misere)
        .min()
    {
        Some(odd) => odd + 1,
        None => next.iter().map(|s| s.misere + 1).max().unwrap_or(0),
    };
    Searched {
        grundy,
        remoteness,
        misere,
    }
}

/// Every position one move away, canonical, each once.
fn successors(rule: &Rule, heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        if i > 0 && heaps[i - 1] == h {
            continue;
        }
        for m in rule.moves(h) {
            let mut next: Vec<u64> = heaps.to_vec();
            next.remove(i);
            match m.left {
                Left::Nothing => {}
                Left::One(r) => next.push(r),
                Left::Two(a, b) => next.extend([a, b]),
            }
            out.push(canonical(next));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Heaps sorted, the empty ones dropped.
fn canonical(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}
