//! The 8 symmetries of the square (rotations and reflections), as lookup tables on squares
//! and placements, because they preserve every rule and so every value.

use super::board::{Placement, Square, MASKS, PLACEMENTS};

/// One of the 8 symmetries of the board: the identity, three rotations, four reflections.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Symmetry(u8);

impl Symmetry {
    /// All 8 symmetries; the first is the identity.
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry(0);

    /// A short name: `identity`, `rotate 90`, `mirror files`, `anti-diagonal`, …
    pub fn name(self) -> &'static str {
        [
            "identity",
            "rotate 90",
            "rotate 180",
            "rotate 270",
            "mirror files",
            "mirror ranks",
            "diagonal",
            "anti-diagonal",
        ][usize::from(self.0)]
    }

    /// Where `square` goes.
    pub fn square(self, square: Square) -> Square {
        SQUARE_IMAGE[usize::from(self.0)][square.index()]
    }

    /// Where the L `placement` goes.
    pub fn placement(self, placement: Placement) -> Placement {
        PLACEMENT_IMAGE[usize::from(self.0)][placement.index()]
    }
}

/// Image of (file, rank) under symmetry `s`, on a board of side 4.
const fn map(s: u8, f: u8, r: u8) -> (u8, u8) {
    match s {
        0 => (f, r),
        1 => (r, 3 - f),
        2 => (3 - f, 3 - r),
        3 => (3 - r, f),
        4 => (3 - f, r),
        5 => (f, 3 - r),
        6 => (r, f),
        _ => (3 - r, 3 - f),
    }
}

/// `SQUARE_IMAGE[s][i]` is the image of square `i` under symmetry `s`.
static SQUARE_IMAGE: [[Square; Square::COUNT]; 8] = build_square_images();

/// `PLACEMENT_IMAGE[s][p]` is the image of placement `p` under symmetry `s`.
static PLACEMENT_IMAGE: [[Placement; PLACEMENTS]; 8] = build_placement_images();

const fn square_index(s: u8, i: u8) -> u8 {
    let (f, r) = map(s, i / 4, i % 4);
    f * 4 + r
}

const fn build_square_images() -> [[Square; Square::COUNT]; 8] {
    let mut out = [[Square::A1; Square::COUNT]; 8];
    let mut s = 0;
    while s < 8 {
        let mut i = 0;
        while i < 16 {
            out[s as usize][i as usize] = Square::from_u8(square_index(s, i));
            i += 1;
        }
        s += 1;
    }
    out
}

const fn build_placement_images() -> [[Placement; PLACEMENTS]; 8] {
    let mut out = [[Placement::FIRST; PLACEMENTS]; 8];
    let mut s = 0;
    while s < 8 {
        let mut p = 0;
        while p < PLACEMENTS {
            let mut image = 0u16;
            let mut i = 0;
            while i < 16 {
                if MASKS[p] & (1 << i) != 0 {
                    image |= 1 << square_index(s, i);
                }
                i += 1;
            }
            let mut q = 0;
            while MASKS[q] != image {
                q += 1;
            }
            out[s as usize][p] = Placement::from_u8(q as u8);
            p += 1;
        }
        s += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_distinct_permutations_forming_a_group() {
        for s in Symmetry::ALL {
            let mut seen = [false; PLACEMENTS];
            for p in Placement::all() {
                seen[s.placement(p).index()] = true;
            }
            assert!(
                seen.iter().all(|&b| b),
                "{} permutes the placements",
                s.name()
            );
            for t in Symmetry::ALL {
                let composed: Vec<Square> = Square::all().map(|q| t.square(s.square(q))).collect();
                let closed = Symmetry::ALL.iter().any(|u| {
                    Square::all()
                        .map(|q| u.square(q))
                        .eq(composed.iter().copied())
                });
                assert!(closed, "{} after {} is a symmetry", t.name(), s.name());
            }
        }
        let images: std::collections::HashSet<Vec<Square>> = Symmetry::ALL
            .iter()
            .map(|s| Square::all().map(|q| s.square(q)).collect())
            .collect();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn placement_images_agree_with_square_images() {
        for s in Symmetry::ALL {
            for p in Placement::all() {
                let moved: Vec<Square> = p.squares().iter().map(|&q| s.square(q)).collect();
                assert_eq!(Placement::from_squares(&moved), Some(s.placement(p)));
            }
        }
    }
}
