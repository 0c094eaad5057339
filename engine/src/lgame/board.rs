//! The 4×4 board: its 16 squares and the 48 placements of an L, both as bit masks so that
//! "does it fit" is one `&` in the rules and in the solver.

use std::fmt;

use crate::error::notation;
use crate::{Error, Said};

/// How many placements an L has on the 4×4 board (8 orientations, 6 positions each).
pub const PLACEMENTS: usize = 48;

/// One of the 16 squares, files a–d and ranks 1–4.
///
/// The index is `4 · file + rank`, so index order is name order (`a1 < a2 < … < d4`), the
/// order in which the notation lists an L's squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The number of squares on the board.
    pub const COUNT: usize = 16;

    /// The corner square a1 (index 0).
    pub const A1: Square = Square(0);

    /// The square with index `i < 16`, for tables built at compile time.
    pub(crate) const fn from_u8(i: u8) -> Square {
        Square(i)
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1), if both are below 4.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < 4 && rank < 4).then_some(Square(file * 4 + rank))
    }

    /// The square with this index (`4 · file + rank`), if it is below 16.
    pub fn from_index(index: usize) -> Option<Square> {
        (index < Square::COUNT).then_some(Square(index as u8))
    }

    /// Every square in name order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Square::COUNT as u8).map(Square)
    }

    /// The index `4 · file + rank`.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The file, 0 for a to 3 for d.
    pub fn file(self) -> u8 {
        self.0 / 4
    }

    /// The rank, 0 for rank 1 to 3 for rank 4.
    pub fn rank(self) -> u8 {
        self.0 % 4
    }

    /// Reads a square name such as `a1` or `D4` (case-insensitive).
    pub fn parse(text: &str) -> Result<Square, Error> {
        let mut chars = text.chars();
        let (Some(f), Some(r), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(notation(
                text,
                Said::new("rule-l-square-form").text("text", text),
            ));
        };
        let file = "abcd".find(f.to_ascii_lowercase());
        let rank = "1234".find(r);
        match (file, rank) {
            (Some(file), Some(rank)) => Ok(Square((file * 4 + rank) as u8)),
            _ => Err(notation(
                text,
                Said::new("rule-l-square-name").text("text", text),
            )),
        }
    }

    /// The one-bit mask of this square.
    pub(crate) fn bit(self) -> u16 {
        1 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'a' + self.file());
        let rank = char::from(b'1' + self.rank());
        write!(f, "{file}{rank}")
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// One of the 48 placements of an L on the board, numbered in the order of their sorted
/// square names (`a1a2a3b1` first), so that move lists come out in a readable order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement(u8);

impl Placement {
    /// Placement number 0, a filler for tables built at compile time.
    pub(crate) const FIRST: Placement = Placement(0);

    /// The placement with number `i < 48`, for tables built at compile time.
    pub(crate) const fn from_u8(i: u8) -> Placement {
        Placement(i)
    }

    /// The placement with this number, if it is below 48.
    pub fn from_index(index: usize) -> Option<Placement> {
        (index < PLACEMENTS).then_some(Placement(index as u8))
    }

    /// Every placement in index order.
    pub fn all() -> impl Iterator<Item = Placement> {
        (0..PLACEMENTS as u8).map(Placement)
    }

    /// The placement covering exactly these squares (in any order), if they form an L.
    pub fn from_squares(squares: &[Square]) -> Option<Placement> {
        let mask = squares.iter().fold(0u16, |m, s| m | s.bit());
        if squares.len() != 4 {
            return None;
        }
        Placement::from_mask(mask)
    }

    /// The placement with this mask of covered squares, if the mask is an L.
    pub(crate) fn from_mask(mask: u16) -> Option<Placement> {
        MASKS
            .iter()
            .position(|&m| m == mask)
            .map(|i| Placement(i as u8))
    }

    /// The placement's number, 0 to 47.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The four covered squares in name order.
    pub fn squares(self) -> [Square; 4] {
        let mut out = [Square(0); 4];
        let mut n = 0;
        for s in Square::all() {
            if self.covers(s) {
                out[n] = s;
                n += 1;
            }
        }
        out
    }

    /// True when the L covers `square`.
    pub fn covers(self, square: Square) -> bool {
        self.mask() & square.bit() != 0
    }

    /// The mask of the four covered squares.
    pub(crate) fn mask(self) -> u16 {
        MASKS[usize::from(self.0)]
    }
}

impl fmt::Display for Placement {
    /// The four squares in name order, concatenated: `a2a3b3c3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in self.squares() {
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The squares of `mask` as names separated by spaces, for error messages: `b2 c1 c2 d2`.
pub(crate) fn mask_names(mask: u16) -> String {
    Square::all()
        .filter(|s| mask & s.bit() != 0)
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The masks of the 48 placements, index order = order of sorted square names.
pub(crate) static MASKS: [u16; PLACEMENTS] = build_masks();

/// True when (file, rank) is in `mask`.
const fn has(mask: u16, file: u32, rank: u32) -> bool {
    mask & (1 << (file * 4 + rank)) != 0
}

/// True when the four squares of `mask` form an L: a line of three plus one square beside
/// an end of it, filling a 2×3 or 3×2 box.
const fn is_l(mask: u16) -> bool {
    if mask.count_ones() != 4 {
        return false;
    }
    let (mut f0, mut f1, mut r0, mut r1) = (3, 0, 3, 0);
    let mut i = 0;
    while i < 16 {
        if mask & (1 << i) != 0 {
            let (f, r) = (i / 4, i % 4);
            if f < f0 {
                f0 = f;
            }
            if f > f1 {
                f1 = f;
            }
            if r < r0 {
                r0 = r;
            }
            if r > r1 {
                r1 = r;
            }
        }
        i += 1;
    }
    if f1 - f0 == 1 && r1 - r0 == 2 {
        // Upright: one file full, the fourth square at an end of the other file.
        let full0 = has(mask, f0, r0) && has(mask, f0, r0 + 1) && has(mask, f0, r1);
        let full1 = has(mask, f1, r0) && has(mask, f1, r0 + 1) && has(mask, f1, r1);
        (full0 && !has(mask, f1, r0 + 1)) || (full1 && !has(mask, f0, r0 + 1))
    } else if f1 - f0 == 2 && r1 - r0 == 1 {
        // Lying: one rank full, the fourth square at an end of the other rank.
        let full0 = has(mask, f0, r0) && has(mask, f0 + 1, r0) && has(mask, f1, r0);
        let full1 = has(mask, f0, r1) && has(mask, f0 + 1, r1) && has(mask, f1, r1);
        (full0 && !has(mask, f0 + 1, r1)) || (full1 && !has(mask, f0 + 1, r0))
    } else {
        false
    }
}

/// Every L mask, found by walking the four-square subsets in lexicographic order.
const fn build_masks() -> [u16; PLACEMENTS] {
    let mut out = [0u16; PLACEMENTS];
    let mut n = 0;
    let mut a = 0;
    while a < 16 {
        let mut b = a + 1;
        while b < 16 {
            let mut c = b + 1;
            while c < 16 {
                let mut d = c + 1;
                while d < 16 {
                    let mask = (1u16 << a) | (1 << b) | (1 << c) | (1 << d);
                    if is_l(mask) {
                        out[n] = mask;
                        n += 1;
                    }
                    d += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    assert!(n == PLACEMENTS, "an L has 48 placements on a 4×4 board");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forty_eight_distinct_placements_of_four_squares() {
        let mut masks = MASKS.to_vec();
        masks.sort_unstable();
        masks.dedup();
        assert_eq!(masks.len(), PLACEMENTS);
        assert!(MASKS.iter().all(|m| m.count_ones() == 4));
        assert!(MASKS.windows(2).all(|w| {
            let (a, b) = (Placement::from_mask(w[0]), Placement::from_mask(w[1]));
            a.map(|p| p.squares()) < b.map(|p| p.squares())
        }));
    }

    #[test]
    fn shapes_that_are_not_ls() {
        let sq = |t: &str| Square::parse(t).ok();
        let shape = |names: [&str; 4]| {
            let squares: Vec<Square> = names.iter().filter_map(|n| sq(n)).collect();
            Placement::from_squares(&squares)
        };
        assert!(shape(["a2", "a3", "b3", "c3"]).is_some());
        assert!(shape(["b2", "c2", "d2", "d3"]).is_some());
        assert!(shape(["b2", "c2", "d2", "c1"]).is_none(), "a T");
        assert!(shape(["a1", "a2", "b2", "b3"]).is_none(), "an S");
        assert!(shape(["a1", "a2", "a3", "a4"]).is_none(), "a bar");
        assert!(shape(["a1", "a2", "b1", "b2"]).is_none(), "a square");
        assert!(shape(["a1", "a3", "b1", "b3"]).is_none(), "not connected");
    }

    #[test]
    fn square_names() {
        assert_eq!(Square::parse("a1").map(|s| s.index()), Ok(0));
        assert_eq!(
            Square::parse("D4").map(|s| s.to_string()).as_deref(),
            Ok("d4")
        );
        assert!(Square::parse("e1").is_err());
        assert!(Square::parse("a5").is_err());
        assert!(Square::parse("a").is_err());
        assert_eq!(
            Square::all().map(|s| s.to_string()).nth(5).as_deref(),
            Some("b2")
        );
    }
}
