//! Which breaks of a bar leave a given Grundy number, found without weighing every break:
//! what a sum needs of a bar (a winning move brings it from g to g ⊕ X), and the bar's own
//! winning moves (to 0).
//!
//! The bar is worth x ⊕ G(y, z), so shortening the strip reaches `target` exactly when it
//! leaves u = target ⊕ G(y, z): one candidate. A break of the staircase must leave a
//! staircase worth s = target ⊕ x. For odd steps its row and column are read from the table
//! (y + z reads, within the table); for even steps and rectangles G(v, w) = v ⊕ w, and the
//! breaks are solved for directly, the vertical ones below the full height by the bits of
//! w = k·q + r (see [`stair_solutions`]), at most 64·k steps however wide the bar.

use crate::chocolate::{staircase_grundy, Move, Position, Table};
use crate::Error;

/// Every break of `p` that leaves a bar of Grundy number `target`, in the order of the legal
/// moves (strip, horizontal, vertical, each shortest first): the same values
/// [`super::grundy`] gives those bars with `table`. Errors as [`staircase_grundy`] does for
/// `p` (an odd step beyond its table), whose every staircase is then unknown too.
pub fn moves_to(p: &Position, target: u64, table: Option<&Table>) -> Result<Vec<Move>, Error> {
    let (edge, x, y, z) = (p.edge(), p.x(), p.y(), p.z());
    let g = staircase_grundy(edge, y, z, table)?;
    let mut moves = Vec::new();
    if target ^ g < x {
        moves.push(Move::Strip(target ^ g));
    }
    let s = target ^ x;
    let Some(k) = edge.k().filter(|_| edge.has_formula()) else {
        // Within the table: `p`'s own staircase is in it, and so is every smaller one.
        let heights = edge.heights();
        let at = |v: u64, w: u64| staircase_grundy(edge, v, w, table).ok();
        moves.extend(
            (0..y)
                .filter(|&v| at(v, z) == Some(s))
                .map(Move::Horizontal),
        );
        moves.extend(
            (0..z)
                .filter(|&w| at(y.min(heights.at(w)), w) == Some(s))
                .map(Move::Vertical),
        );
        return Ok(moves);
    };
    // G(v, z) = v ⊕ z on the row; on the column, G(min(y, ⌊w/k⌋), w).
    if s ^ z < y {
        moves.push(Move::Horizontal(s ^ z));
    }
    let k = u64::from(k);
    // Full height: y ⊕ w = s, from w = y·k on (k = 0: every column is full).
    let full = y.saturating_mul(k);
    let mut columns: Vec<u64> = Vec::new();
    if (full..z).contains(&(s ^ y)) {
        columns.push(s ^ y);
    }
    // Below it: ⌊w/k⌋ ⊕ w = s for w < y·k.
    if k > 0 {
        columns.extend(stair_solutions(k, s).filter(|&w| w < full.min(z)));
    }
    columns.sort_unstable();
    moves.extend(columns.into_iter().map(Move::Vertical));
    Ok(moves)
}

/// Every w with ⌊w/k⌋ ⊕ w = s, for an even step k, in no particular order: at most one for
/// each remainder r = w mod k. Writing w = k·q + r, bit i of k·q + r depends on the bits of q
/// below i only (k is even, so k·2ⁱ has no bit below i + 1), so bit i of q is fixed by bit i
/// of s: q is found bit by bit from the lowest, and checked.
fn stair_solutions(k: u64, s: u64) -> impl Iterator<Item = u64> {
    debug_assert!(k.is_multiple_of(2) && k > 0);
    (0..k).filter_map(move |r| {
        let mut q: u128 = 0;
        for i in 0..64 {
            let low = u128::from(k) * q + u128::from(r);
            let bit = (u128::from(s) >> i & 1) ^ (low >> i & 1);
            q |= bit << i;
        }
        let w = u64::try_from(u128::from(k) * q + u128::from(r)).ok()?;
        ((w / k) ^ w == s).then_some(w)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chocolate::grundy;
    use crate::Position as _;

    /// Against every legal move weighed, on every bar up to z = 24 of steps 0 to 4 and every
    /// target up to 64.
    #[test]
    fn the_breaks_to_a_value_are_every_break_with_that_value() {
        for k in 0..=4u32 {
            let table = (k % 2 == 1).then(|| Table::solve(k, 24).unwrap());
            for z in 0..=24 {
                let top = if k == 0 { 6 } else { z / u64::from(k) };
                for y in 0..=top {
                    for x in 0..=6 {
                        let p = Position::new(k, x, y, z).unwrap();
                        for target in 0..64 {
                            let brute: Vec<Move> = p
                                .legal_moves()
                                .into_iter()
                                .filter(|m| {
                                    grundy(&p.play(m).unwrap(), table.as_ref()).unwrap() == target
                                })
                                .collect();
                            let found = moves_to(&p, target, table.as_ref()).unwrap();
                            assert_eq!(found, brute, "k={k} {p} → {target}");
                        }
                    }
                }
            }
        }
    }

    /// Wide bars of even step: every solution below the full height, and no other, by
    /// brute force over the columns.
    #[test]
    fn the_stairs_solutions_are_all_there_are() {
        for k in [2, 4, 6, 10] {
            for s in 0..300 {
                let mut found: Vec<u64> = stair_solutions(k, s).collect();
                found.sort_unstable();
                let brute: Vec<u64> = (0..4096).filter(|&w| (w / k) ^ w == s).collect();
                assert_eq!(found, brute, "k={k} s={s}");
            }
        }
        // A bar a trillion wide: answered at once.
        let p = Position::new(2, 3, 400_000_000_000, 1_000_000_000_000).unwrap();
        for m in moves_to(&p, 5, None).unwrap() {
            assert_eq!(grundy(&p.play(&m).unwrap(), None).unwrap(), 5, "{m}");
        }
    }
}
