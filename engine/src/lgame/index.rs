//! A dense numbering 0..18368 of the positions seen from the player to move (my L, the
//! opponent's L, the two neutrals), so that the solver works on flat arrays, not hash maps.
//!
//! The number is `pair · 28 + neutrals`: `pair` numbers the 656 non-overlapping ordered
//! pairs of placements, `neutrals` the 28 ways to put two neutrals on the 8 squares left.

use super::board::{Placement, Square, MASKS, PLACEMENTS};
use super::symmetry::Symmetry;

/// Positions seen from the player to move: 656 pairs of Ls × 28 pairs of neutral squares.
pub const POSITIONS: usize = 18368;

/// Classes of those positions under the 8 symmetries of the square.
pub const CLASSES: usize = 2296;

/// Ordered pairs of placements that do not overlap.
pub(crate) const PAIRS: usize = 656;

/// Ways to put the two neutrals on the 8 squares the Ls leave empty: 8 choose 2.
pub(crate) const NEUTRAL_PAIRS: usize = 28;

const _: () = assert!(PAIRS * NEUTRAL_PAIRS == POSITIONS);

/// A position from the mover's view: colours and the side to move are forgotten.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct View {
    /// The L of the player to move.
    pub me: Placement,
    /// The other player's L.
    pub opp: Placement,
    /// The neutrals, in square order.
    pub neutrals: [Square; 2],
}

impl View {
    /// The dense number of this view, below [`POSITIONS`].
    pub fn index(&self) -> usize {
        let pair = pair_index(self.me, self.opp);
        let empty = !(self.me.mask() | self.opp.mask());
        pair * NEUTRAL_PAIRS + neutral_index(empty, self.neutrals[0], self.neutrals[1])
    }

    /// The view with dense number `index < POSITIONS`.
    pub fn from_index(index: usize) -> View {
        let (me, opp) = PAIR[index / NEUTRAL_PAIRS];
        let (i, j) = COMBO_PAIR[index % NEUTRAL_PAIRS];
        let empty = !(me.mask() | opp.mask());
        View {
            me,
            opp,
            neutrals: [nth_square(empty, i), nth_square(empty, j)],
        }
    }

    /// The image of this view under a symmetry of the board.
    pub fn transform(&self, s: Symmetry) -> View {
        let (a, b) = (s.square(self.neutrals[0]), s.square(self.neutrals[1]));
        View {
            me: s.placement(self.me),
            opp: s.placement(self.opp),
            neutrals: if a < b { [a, b] } else { [b, a] },
        }
    }
}

/// The number of the ordered pair (`me`, `opp`) of non-overlapping placements, below 656.
/// The caller guarantees they do not overlap.
#[inline]
pub(crate) fn pair_index(me: Placement, opp: Placement) -> usize {
    usize::from(PAIR_INDEX[me.index()][opp.index()])
}

/// The number, below 28, of the two distinct neutral squares `a` and `b` (any order) among
/// the squares of `empty` (the complement of the two Ls).
#[inline]
pub(crate) fn neutral_index(empty: u16, a: Square, b: Square) -> usize {
    let rank = |s: Square| (empty & (s.bit() - 1)).count_ones() as usize;
    usize::from(COMBO[rank(a)][rank(b)])
}

/// The `n`-th square (from 0, in square order) of `mask`.
fn nth_square(mask: u16, n: u8) -> Square {
    let mut m = mask;
    for _ in 0..n {
        m &= m - 1;
    }
    Square::from_u8(m.trailing_zeros() as u8)
}

/// `PAIR_INDEX[me][opp]`: the pair's number, or `u16::MAX` when the two overlap.
static PAIR_INDEX: [[u16; PLACEMENTS]; PLACEMENTS] = build_pair_index();

/// `PAIR[n]`: the pair with number `n`, the inverse of `PAIR_INDEX`.
static PAIR: [(Placement, Placement); PAIRS] = build_pairs();

/// `COMBO[i][j]`: the number of the neutral squares of rank `i` and `j` among the empty
/// squares (symmetric in `i` and `j`).
static COMBO: [[u8; 8]; 8] = build_combo();

/// `COMBO_PAIR[n]`: the ranks `(i, j)`, `i < j`, with number `n`.
static COMBO_PAIR: [(u8, u8); NEUTRAL_PAIRS] = build_combo_pairs();

const fn build_pair_index() -> [[u16; PLACEMENTS]; PLACEMENTS] {
    let mut out = [[u16::MAX; PLACEMENTS]; PLACEMENTS];
    let mut n = 0;
    let mut me = 0;
    while me < PLACEMENTS {
        let mut opp = 0;
        while opp < PLACEMENTS {
            if MASKS[me] & MASKS[opp] == 0 {
                out[me][opp] = n;
                n += 1;
            }
            opp += 1;
        }
        me += 1;
    }
    assert!(
        n as usize == PAIRS,
        "656 ordered pairs of Ls do not overlap"
    );
    out
}

const fn build_pairs() -> [(Placement, Placement); PAIRS] {
    let mut out = [(Placement::FIRST, Placement::FIRST); PAIRS];
    let mut me = 0;
    while me < PLACEMENTS {
        let mut opp = 0;
        while opp < PLACEMENTS {
            let n = PAIR_INDEX[me][opp];
            if n != u16::MAX {
                out[n as usize] = (Placement::from_u8(me as u8), Placement::from_u8(opp as u8));
            }
            opp += 1;
        }
        me += 1;
    }
    out
}

const fn build_combo() -> [[u8; 8]; 8] {
    let mut out = [[0u8; 8]; 8];
    let mut n = 0;
    let mut i = 0;
    while i < 8 {
        let mut j = i + 1;
        while j < 8 {
            out[i][j] = n;
            out[j][i] = n;
            n += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

const fn build_combo_pairs() -> [(u8, u8); NEUTRAL_PAIRS] {
    let mut out = [(0u8, 0u8); NEUTRAL_PAIRS];
    let mut i = 0;
    while i < 8 {
        let mut j = i + 1;
        while j < 8 {
            out[COMBO[i][j] as usize] = (i as u8, j as u8);
            j += 1;
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_decodes_to_a_valid_view_and_back() {
        for index in 0..POSITIONS {
            let v = View::from_index(index);
            let covered = v.me.mask() | v.opp.mask();
            assert_eq!(v.me.mask() & v.opp.mask(), 0);
            assert!(v.neutrals[0] < v.neutrals[1]);
            assert_eq!(covered & (v.neutrals[0].bit() | v.neutrals[1].bit()), 0);
            assert_eq!(v.index(), index);
        }
    }

    #[test]
    fn symmetries_keep_views_valid() {
        for index in (0..POSITIONS).step_by(7) {
            let v = View::from_index(index);
            for s in Symmetry::ALL {
                let w = v.transform(s);
                assert_eq!(View::from_index(w.index()), w);
            }
        }
    }
}
