//! Exact remoteness of a chocolate bar by dynamic programming over the bars it can reach,
//! in O(1) per bar, because no formula is known for steps k ≥ 1 or other edges.

use crate::chocolate::edge::Heights;
use crate::chocolate::Position;
use crate::nim::remoteness_of_piles;

/// Smith's remoteness of `p`: plies to the end when the winner hurries and the loser delays.
///
/// Exact, or `None` when the bars reachable from `p` outnumber `budget`: the DP spends O(1)
/// time per reachable bar and 32 bytes per pair (u ≤ x, v ≤ y). When `None`, x + y + z is an
/// upper bound, since every break eats at least one square. With k = 0 the bar is three-heap
/// Nim, whose closed form is exact without any budget.
pub fn remoteness(p: &Position, budget: u64) -> Option<u64> {
    if p.edge().k() == Some(0) {
        return Some(remoteness_of_piles(&[p.x(), p.y(), p.z()]));
    }
    if reachable_bars(p)? > u128::from(budget) {
        return None;
    }
    by_dp(p)
}

/// How many bars {u, v, w} are reachable from `p`: u ≤ x, w ≤ z, v ≤ min(y, f(w)); `None`
/// when the count overflows (it is then far beyond any budget).
pub(crate) fn reachable_bars(p: &Position) -> Option<u128> {
    let (x, y, z) = (u128::from(p.x()), u128::from(p.y()), u128::from(p.z()));
    let per_strip = match p.edge().heights() {
        Heights::Step(0) => (y + 1) * (z + 1),
        // Columns below y·k carry ⌊w/k⌋ + 1 heights; the rest (at least one) carry y + 1.
        Heights::Step(k) => {
            let k = u128::from(k);
            k * y * y.saturating_sub(1) / 2 + y * (z + 1 - y * k) + (z + 1)
        }
        // A formula edge's bars are at most EDGE_COLUMNS wide.
        Heights::Formula(h) => h[..=usize::try_from(p.z()).ok()?]
            .iter()
            .map(|&f| u128::from(f.min(p.y())) + 1)
            .sum(),
    };
    per_strip.checked_mul(x + 1)
}

/// The prefix summary a set of successors' remoteness needs: the least remoteness of a
/// position lost for the player to move there, and the greatest one. Lost positions have an
/// even remoteness in normal play and an odd one in misère play (`MISERE`), where the bar
/// with no move is won.
#[derive(Debug, Clone, Copy)]
struct Options<const MISERE: bool> {
    least_lost: u64,
    greatest_plus_one: u64,
}

impl<const MISERE: bool> Options<MISERE> {
    const NONE: Options<MISERE> = Options {
        least_lost: u64::MAX,
        greatest_plus_one: 0,
    };

    fn add(&mut self, r: u64) {
        if r % 2 == u64::from(MISERE) {
            self.least_lost = self.least_lost.min(r);
        }
        self.greatest_plus_one = self.greatest_plus_one.max(r + 1);
    }

    fn merge(&mut self, other: Options<MISERE>) {
        self.least_lost = self.least_lost.min(other.least_lost);
        self.greatest_plus_one = self.greatest_plus_one.max(other.greatest_plus_one);
    }

    /// 1 + the least lost (normal play: `remoteness_of`), else 1 + the greatest, else 0.
    fn remoteness(self) -> u64 {
        if self.least_lost == u64::MAX {
            self.greatest_plus_one
        } else {
            self.least_lost + 1
        }
    }
}

/// The remoteness of `p` by the DP, for any k (the tests run it on k = 0 against Nim's
/// closed form). `None` only if the sizes do not fit in memory indices.
pub(crate) fn by_dp(p: &Position) -> Option<u64> {
    let mut last = 0;
    // The last bar solved is {x, y, z} itself.
    dp::<false>(p, |_, _, _, r| last = r)?;
    Some(last)
}

/// The remoteness of `p` and of every bar one break away from it, in the order of its legal
/// moves: the same answers as [`remoteness`] on each. When `p` fits in `budget`, one DP from
/// `p` passes through every bar it can reach, its successors included, so all of them come
/// from that single run. Otherwise (step 0, closed forms; or a bar beyond the budget, whose
/// own remoteness is then unknown) the answers are those of [`remoteness`] and
/// [`successor_remoteness`].
pub(crate) fn with_successors(p: &Position, budget: u64) -> (Option<u64>, Vec<Option<u64>>) {
    let fits =
        p.edge().k() != Some(0) && reachable_bars(p).is_some_and(|n| n <= u128::from(budget));
    if !fits {
        return (remoteness(p, budget), successor_remoteness(p, budget));
    }
    let (x, y, z) = (p.x(), p.y(), p.z());
    // The successors, in the order of the legal moves: strip cuts {u, y, z}, horizontal
    // breaks {x, v, z}, vertical breaks {x, min(y, f(w)), w}.
    let mut found = vec![None; index(x) + index(y) + index(z)];
    let (rows_at, columns_at) = (index(x), index(x) + index(y));
    let mut own = None;
    let heights = p.edge().heights();
    let done = dp::<false>(p, |u, v, w, r| {
        let (u, v) = (u as u64, v as u64);
        if u == x && v == y && w == z {
            own = Some(r);
        } else if v == y && w == z {
            found[index(u)] = Some(r);
        } else if u == x && w == z {
            found[rows_at + index(v)] = Some(r);
        } else if u == x && v == y.min(heights.at(w)) {
            found[columns_at + index(w)] = Some(r);
        }
    });
    match done {
        Some(()) => (own, found),
        None => (None, successor_remoteness(p, budget)),
    }
}

/// The remoteness of every bar one break away from `p`, in the order of its legal moves
/// (strip cuts, horizontal breaks, vertical breaks, each shortest first): the same answers
/// as [`remoteness`] on each of them, found by at most three DP runs of at most `budget` bars
/// (one per kind of break) instead of one run per move.
///
/// Each kind of break gives a nested family of bars: a shorter strip, a lower or a narrower
/// staircase reaches only bars that a longer, higher or wider one reaches. So one DP from
/// the largest bar of a family that fits in the budget passes through all the smaller ones.
/// Meant for listing moves: the result has one entry per legal move.
pub(crate) fn successor_remoteness(p: &Position, budget: u64) -> Vec<Option<u64>> {
    let (x, y, z) = (p.x(), p.y(), p.z());
    let heights = p.edge().heights();
    let height = |w: u64| y.min(heights.at(w));
    if p.edge().k() == Some(0) {
        // Three-heap Nim: the closed form needs no budget.
        let nim = |u: u64, v: u64, w: u64| Some(remoteness_of_piles(&[u, v, w]));
        return (0..x)
            .map(|u| nim(u, y, z))
            .chain((0..y).map(|v| nim(x, v, z)))
            .chain((0..z).map(|w| nim(x, y, w)))
            .collect();
    }
    let fits = |q: Position| reachable_bars(&q).is_some_and(|n| n <= u128::from(budget));
    let within = |n: u64, found: Vec<Option<u64>>| {
        (0..n).map(move |i| {
            usize::try_from(i)
                .ok()
                .and_then(|i| found.get(i).copied().flatten())
        })
    };

    // Strip cuts {u, y, z}: the last column's top row, at every strip length.
    let mut strip = Vec::new();
    if let Some(top) = largest_fitting(x, |u| fits(p.with(u, y, z))) {
        strip = vec![None; index(top) + 1];
        dp::<false>(&p.with(top, y, z), |u, v, w, r| {
            if v as u64 == y && w == z {
                strip[u] = Some(r);
            }
        });
    }
    // Horizontal breaks {x, v, z}: the last column at the full strip, every row.
    let mut rows = Vec::new();
    if let Some(top) = largest_fitting(y, |v| fits(p.with(x, v, z))) {
        rows = vec![None; index(top) + 1];
        dp::<false>(&p.with(x, top, z), |u, v, w, r| {
            if u as u64 == x && w == z {
                rows[v] = Some(r);
            }
        });
    }
    // Vertical breaks {x, min(y, f(w)), w}: each column's top row at the full strip.
    let mut columns = Vec::new();
    if let Some(top) = largest_fitting(z, |w| fits(p.with(x, height(w), w))) {
        columns = vec![None; index(top) + 1];
        let root = p.with(x, height(top), top);
        dp::<false>(&root, |u, v, w, r| {
            if u as u64 == x && v as u64 == root.y().min(heights.at(w)) {
                columns[index(w)] = Some(r);
            }
        });
    }
    within(x, strip)
        .chain(within(y, rows))
        .chain(within(z, columns))
        .collect()
}

/// A count known to fit in memory (it is at most a budget of bars) as an index.
fn index(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// The largest i < n with `fits(i)`, where `fits` holds for an initial range of i only.
fn largest_fitting(n: u64, fits: impl Fn(u64) -> bool) -> Option<u64> {
    if n == 0 || !fits(0) {
        return None;
    }
    let (mut lo, mut hi) = (0, n - 1);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    Some(lo)
}

/// The DP itself, for any edge: calls `visit(u, v, w, r)` with the remoteness r of every bar
/// {u, v, w} reachable from `p`, each after all the bars it reaches, `p` itself last; in
/// misère play when `MISERE` (whoever leaves the poison alone loses), else in normal play.
///
/// Like the Grundy table, the moves from {u, v, w} form prefixes: strip cuts are {u', v, w}
/// for u' < u, horizontal breaks {u, v', w} for v' < v, vertical breaks that keep the height
/// {u, v, w'} for the w' < w with f(w') ≥ v, and those that lower it the stair tops
/// {u, f(w'), w'} for the w' with f(w') < v (f non-decreasing: the columns before row v
/// starts). A running summary per prefix makes each bar O(1). `None` only if the sizes do
/// not fit in memory indices.
pub(super) fn dp<const MISERE: bool>(
    p: &Position,
    mut visit: impl FnMut(usize, usize, u64, u64),
) -> Option<()> {
    let (y, z) = (p.y(), p.z());
    let heights = p.edge().heights();
    let rectangle = p.edge().k() == Some(0);
    let strip = usize::try_from(p.x()).ok()?.checked_add(1)?;
    let rows = usize::try_from(y).ok()?.checked_add(1)?;
    // Per row v and strip u: the bars {u, v, w'} solved so far with f(w') ≥ v.
    let mut along_row = vec![Options::<MISERE>::NONE; rows.checked_mul(strip)?];
    // Per row v and strip u: the stair tops {u, f(w'), w'} with f(w') < v, fixed once row v
    // starts.
    let mut below_row = vec![Options::<MISERE>::NONE; rows.checked_mul(strip)?];
    // Per strip u: the stair tops solved so far, and the current column below the current v.
    let mut tops = vec![Options::<MISERE>::NONE; strip];
    let mut column = vec![Options::<MISERE>::NONE; strip];
    // The rows started so far: those up to min(y, f(w)).
    let mut started = 0;
    for w in 0..=z {
        let height = y.min(heights.at(w));
        if !rectangle {
            // Rows started + 1 ..= height start at column w (all of 0..=f(0) at w = 0).
            let first = if w == 0 { 0 } else { started + 1 };
            for v in first..=height {
                let v = usize::try_from(v).ok()?;
                below_row[v * strip..(v + 1) * strip].copy_from_slice(&tops);
            }
        }
        started = height;
        column.fill(Options::<MISERE>::NONE);
        // The top of column w is a stair top when the stair is lower than y there.
        let top = (!rectangle && height < y).then_some(height);
        for v in 0..=usize::try_from(height).ok()? {
            let is_stair_top = top == Some(v as u64);
            let row = v * strip..(v + 1) * strip;
            let mut cuts = Options::<MISERE>::NONE;
            for (u, (along, below)) in along_row[row.clone()]
                .iter_mut()
                .zip(&below_row[row])
                .enumerate()
            {
                let mut options = cuts;
                options.merge(column[u]);
                options.merge(*along);
                options.merge(*below);
                let r = options.remoteness();
                cuts.add(r);
                column[u].add(r);
                along.add(r);
                if is_stair_top {
                    tops[u].add(r);
                }
                visit(u, v, w, r);
            }
        }
    }
    Some(())
}
