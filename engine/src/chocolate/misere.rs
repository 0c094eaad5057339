//! Misère chocolate: whoever leaves the poison alone **loses** — equivalently, the player
//! facing the poisoned square alone has won (the opponent made the last move), in 0 plies.
//!
//! Exact by the same dynamic programming over the bars below a bar as
//! [`remoteness`](crate::chocolate::remoteness), O(1) per bar, with the misère rule: a bar is
//! won when a break leaves a bar lost for the opponent, and a won bar has an *even*
//! remoteness, a lost one an *odd* one. The work is bounded by a `budget` of bars; beyond it
//! the answers are `None`, except where a closed form holds:
//!
//! - **k = 0** (a rectangle): the bar {x, y, z} is three-heap Nim with heaps x, y and z —
//!   each break lowers exactly one of the three by one or more (the strip to u < x, the
//!   rectangle to v < y rows or to w < z columns, the other two untouched), and {0, 0, 0},
//!   the bar with no break, is the position with no stone. The two games' positions and
//!   moves correspond one to one, so their misère outcome and remoteness are the same, and
//!   Bouton's misère rule ([`crate::nim::misere`]) gives the outcome at any size: the
//!   player to move wins exactly when some coordinate is 2 or more and x ⊕ y ⊕ z ≠ 0, or
//!   none is and x ⊕ y ⊕ z = 0.
//! - **y = 0, any k**: no staircase above the poison's row, so every vertical break keeps
//!   y = 0: two-heap Nim with heaps x and z, the same rule.
//!
//! The remoteness has a closed form there when a heap is empty (two-heap misère Nim, the
//! misère rook's [`rook_remoteness`]) or when at most one heap holds two or more
//! ([`crate::nim::misere::remoteness`]); otherwise it is exact within the budget.
//!
//! ```
//! use engine::chocolate::{misere, Move, Position};
//! use engine::Outcome;
//!
//! // The poison alone: the opponent ate the last piece and lost.
//! let poison = Position::new(1, 0, 0, 0)?;
//! assert_eq!(misere::remoteness(&poison, 0), Some(0));
//! // {1, 0, 0}: the one break leaves the poison alone: lost in 1.
//! let one = Position::new(1, 1, 0, 0)?;
//! assert_eq!(misere::outcome(&one, 0), Some(Outcome::Loss));
//! // {1, 1, 2}, step 1: breaking off every column right of the poison's leaves {1, 0, 0},
//! // lost in 1: a win in 2. Eating the strip wins too, more slowly: {0, 1, 2} is lost in 3
//! // (its breaks leave {0, 0, 2}, {0, 0, 0} and {0, 1, 1}, each won).
//! let p = Position::new(1, 1, 1, 2)?;
//! let v = misere::value(&p, 100).expect("within the budget");
//! assert_eq!((v.outcome, v.remoteness, v.grundy), (Outcome::Win, Some(2), None));
//! assert_eq!(misere::winning_moves(&p, 100), Some(vec![Move::Strip(0), Move::Vertical(0)]));
//! assert_eq!(misere::remoteness(&Position::new(1, 0, 1, 2)?, 100), Some(3));
//! // A rectangle is misère Nim at any size; its remoteness needs the budget.
//! let big = Position::new(0, 1_000_000, 999_999, 1)?; // 10⁶ ⊕ (10⁶ − 1) ⊕ 1 ≠ 0
//! assert_eq!(misere::outcome(&big, 0), Some(Outcome::Win));
//! assert_eq!(misere::remoteness(&big, 1_000), None);
//! # Ok::<(), engine::Error>(())
//! ```

use crate::chocolate::remoteness::{dp, reachable_bars};
use crate::chocolate::{Move, Position};
use crate::corner::misere::rook_remoteness;
use crate::nim::misere::wins_piles;
use crate::{nim, Outcome, Position as _, Value};

#[cfg(test)]
mod tests;

/// The misère outcome of `p` for the player to move: by Bouton's misère rule for a
/// rectangle (k = 0) or a bar without stairs (y = 0), at any size; otherwise exact by the DP
/// when `p` reaches at most `budget` bars, and `None` beyond it.
pub fn outcome(p: &Position, budget: u64) -> Option<Outcome> {
    if let Some(piles) = nim_heaps(p) {
        return Some(if wins_piles(&piles) {
            Outcome::Win
        } else {
            Outcome::Loss
        });
    }
    remoteness(p, budget).map(outcome_of_remoteness)
}

/// Smith's remoteness of `p` in misère play — even when the player to move wins, odd when
/// they lose: exact by a closed form where the module's docs give one, otherwise by the DP
/// when `p` reaches at most `budget` bars; `None` beyond it.
pub fn remoteness(p: &Position, budget: u64) -> Option<u64> {
    closed_remoteness(p).or_else(|| {
        let fits = reachable_bars(p).is_some_and(|n| n <= u128::from(budget));
        fits.then(|| by_dp(p)).flatten()
    })
}

/// The misère value of `p`: its [`outcome`] and [`remoteness`] (`None` when beyond the
/// budget), `grundy` always `None` (misère play has no Grundy number to report). `None`
/// when the outcome itself is beyond the budget.
pub fn value(p: &Position, budget: u64) -> Option<Value> {
    let remoteness = remoteness(p, budget);
    let outcome = match remoteness {
        Some(r) => outcome_of_remoteness(r),
        None => outcome(p, budget)?,
    };
    Some(Value {
        outcome,
        grundy: None,
        remoteness,
    })
}

/// Every break that leaves a bar lost for the opponent in misère play, in the order of the
/// legal moves (strip cuts, horizontal, vertical breaks, each shortest first); empty when
/// `p` is lost. By Bouton's misère rule where it holds (at most three moves, at any size),
/// otherwise by one DP from `p`, which passes through every bar one break away; `None` when
/// `p` reaches more than `budget` bars.
pub fn winning_moves(p: &Position, budget: u64) -> Option<Vec<Move>> {
    if let Some([x, y, z]) = nim_heaps(p) {
        // Within MAX_LEN = nim::MAX_PILE, so the position is valid; refused, nothing is known.
        let heaps = nim::Position::new(vec![x, y, z]).ok()?;
        let mut moves: Vec<Move> = nim::misere::winning_moves(&heaps)
            .into_iter()
            .filter_map(|m| match m.pile {
                0 => Some(Move::Strip(x - m.take)),
                1 => Some(Move::Horizontal(y - m.take)),
                2 => Some(Move::Vertical(z - m.take)),
                _ => None,
            })
            .collect();
        moves.sort_by_key(|&m| legal_order(m));
        return Some(moves);
    }
    if reachable_bars(p).is_none_or(|n| n > u128::from(budget)) {
        return None;
    }
    let lost = successor_remoteness(p)?;
    Some(
        p.legal_moves()
            .into_iter()
            .zip(lost)
            .filter(|&(_, r)| outcome_of_remoteness(r) == Outcome::Loss)
            .map(|(m, _)| m)
            .collect(),
    )
}

/// The heaps of the misère Nim `p` is when it is one: {x, y, z} for a rectangle, {x, 0, z}
/// for a bar without stairs.
pub fn nim_heaps(p: &Position) -> Option<[u64; 3]> {
    (p.edge().k() == Some(0) || p.y() == 0).then(|| [p.x(), p.y(), p.z()])
}

/// The closed forms of the remoteness (module docs), `None` where there is none.
fn closed_remoteness(p: &Position) -> Option<u64> {
    let heaps = nim_heaps(p)?;
    match heaps {
        [0, a, b] | [a, 0, b] | [a, b, 0] => Some(rook_remoteness(a, b)),
        // At most one heap of two or more: nim::misere's closed form (a zero budget stops
        // its search anywhere else).
        _ => nim::misere::remoteness(&nim::Position::new(heaps.to_vec()).ok()?, 0),
    }
}

/// The misère remoteness of `p` by the DP (the caller checked the budget).
fn by_dp(p: &Position) -> Option<u64> {
    let mut last = 0;
    // The last bar solved is `p` itself.
    dp::<true>(p, |_, _, _, r| last = r)?;
    Some(last)
}

/// The misère remoteness of every bar one break from `p`, in the order of its legal moves,
/// by one DP from `p` (the caller checked the budget).
fn successor_remoteness(p: &Position) -> Option<Vec<u64>> {
    let (x, y, z) = (p.x(), p.y(), p.z());
    let index = |n: u64| usize::try_from(n).ok();
    let (rows_at, columns_at) = (index(x)?, index(x)?.checked_add(index(y)?)?);
    let mut found = vec![None; columns_at.checked_add(index(z)?)?];
    let heights = p.edge().heights();
    dp::<true>(p, |u, v, w, r| {
        let (u64_u, u64_v) = (u as u64, v as u64);
        let slot = if u64_v == y && w == z && u64_u < x {
            Some(u)
        } else if u64_u == x && w == z && u64_v < y {
            Some(rows_at + v)
        } else if u64_u == x && w < z && u64_v == y.min(heights.at(w)) {
            index(w).map(|w| columns_at + w)
        } else {
            None
        };
        if let Some(slot) = slot {
            found[slot] = Some(r);
        }
    })?;
    found.into_iter().collect()
}

/// The place of `m` among the legal moves: strip cuts, horizontal, vertical breaks, each
/// shortest first.
fn legal_order(m: Move) -> (u8, u64) {
    match m {
        Move::Strip(u) => (0, u),
        Move::Horizontal(v) => (1, v),
        Move::Vertical(w) => (2, w),
    }
}

/// Misère: an even remoteness is a win for the player to move, an odd one a loss.
fn outcome_of_remoteness(r: u64) -> Outcome {
    if r.is_multiple_of(2) {
        Outcome::Win
    } else {
        Outcome::Loss
    }
}
