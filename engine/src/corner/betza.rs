//! A piece defined by its moves in Betza's notation (the fairy-chess standard), moving only
//! toward the corner (0, 0): each move lowers x, y or both.
//!
//! An *atom* is a leap of (a, b) squares, in both orders: `W` (0, 1) one step along a row or
//! a column, `F` (1, 1) one diagonal step, `D` (0, 2), `N` (1, 2) the knight, `A` (2, 2),
//! `H` (0, 3), `C` (1, 3) the camel, `Z` (2, 3) the zebra, `G` (3, 3). A leap repeated along
//! its line is a *rider*: the atom's letter doubled (`NN`, the nightrider), or followed by
//! the most leaps it may make (`N3`; `0` for no limit). `R` is the rook (`WW`), `B` the
//! bishop (`FF`), `Q` the queen (`RB`), `K` the king (`WF`); `R3` is a rook of at most three
//! squares. Letters combine: `RB` is the queen, `R` the rook, `BW` the dragon horse (龍馬),
//! `RF` the dragon king (龍王), `RN` a rook that may also leap like a knight.
//!
//! Betza's direction modifiers (`f`, `b`, `l`, `r`, `m`, `c`, …) are not needed: every move
//! goes toward the corner. A piece is kept in one canonical form, so two spellings of the
//! same moves (`Q`, `RB`, `BR`, `WWFF`) are the same piece.

use std::fmt;

use crate::error::params;
use crate::{Error, Said};

/// Atoms a piece may combine.
pub const MAX_ATOMS: usize = 9;

/// A leap's largest number of repeats along its line that is not "no limit".
pub const MAX_RANGE: u16 = 1000;

/// The leaps by letter, each as (a, b) with a ≤ b.
const LEAPS: [(char, u8, u8); 9] = [
    ('W', 0, 1),
    ('F', 1, 1),
    ('D', 0, 2),
    ('N', 1, 2),
    ('A', 2, 2),
    ('H', 0, 3),
    ('C', 1, 3),
    ('Z', 2, 3),
    ('G', 3, 3),
];

/// One leap and how often it may repeat along its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Atom {
    /// Which leap: its place in [`LEAPS`].
    leap: u8,
    /// The most leaps in one move: 1 for a leaper, 0 for no limit (a rider).
    range: u16,
}

impl Atom {
    /// The leap (a, b), a ≤ b.
    pub fn leap(self) -> (u64, u64) {
        let (_, a, b) = LEAPS[usize::from(self.leap)];
        (u64::from(a), u64::from(b))
    }

    /// The most leaps in one move, `None` for no limit.
    pub fn range(self) -> Option<u64> {
        (self.range != 0).then_some(u64::from(self.range))
    }

    /// The directions toward the corner, (dx, dy): (a, b) and (b, a), once when a = b.
    pub fn directions(self) -> impl Iterator<Item = (u64, u64)> {
        let (a, b) = self.leap();
        std::iter::once((a, b)).chain((a != b).then_some((b, a)))
    }

    /// Its letter and range as written: `N`, `NN`, `N3`; `R`, `B`, `R3`, `B2` for the
    /// straight and diagonal riders.
    fn write(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = LEAPS[usize::from(self.leap)].0;
        let rider = match letter {
            'W' => Some('R'),
            'F' => Some('B'),
            _ => None,
        };
        match (self.range, rider) {
            (1, _) => write!(f, "{letter}"),
            (0, Some(r)) => write!(f, "{r}"),
            (0, None) => write!(f, "{letter}{letter}"),
            (n, Some(r)) => write!(f, "{r}{n}"),
            (n, None) => write!(f, "{letter}{n}"),
        }
    }
}

/// A piece by its moves: a set of atoms, at most one per leap, in canonical order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Betza {
    /// Per leap (in the order of [`LEAPS`]), its range: `None` when the piece lacks it.
    ranges: [Option<u16>; MAX_ATOMS],
}

impl Betza {
    /// Reads a piece: `RB`, `BW`, `RN`, `R3`, `NN`, `WF`, … (see the module's notes).
    pub fn parse(text: &str) -> Result<Betza, Error> {
        let refuse = |reason: Said| params(text, reason);
        let chars: Vec<char> = text.trim().chars().collect();
        if chars.is_empty() {
            return Err(refuse(Said::new("rule-betza-empty")));
        }
        let mut ranges: [Option<u16>; MAX_ATOMS] = [None; MAX_ATOMS];
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let at = i + 1;
            // The leaps a letter stands for, and whether it rides by itself.
            let (leaps, rides): (&[char], bool) = match c {
                'R' => (&['W'], true),
                'B' => (&['F'], true),
                'Q' => (&['W', 'F'], true),
                'K' => (&['W', 'F'], false),
                c if LEAPS.iter().any(|(l, _, _)| *l == c) => {
                    (std::slice::from_ref(&chars[i]), false)
                }
                c if c.is_ascii_lowercase() => {
                    return Err(refuse(
                        Said::new("rule-betza-modifier")
                            .text("letter", c)
                            .text("at", at),
                    ))
                }
                c => {
                    return Err(refuse(
                        Said::new("rule-betza-letter")
                            .text("letter", c)
                            .text("at", at),
                    ))
                }
            };
            i += 1;
            // A leaper's letter doubled: a rider.
            let mut range: u16 = if rides { 0 } else { 1 };
            if !rides && chars.get(i) == Some(&c) && c != 'K' {
                range = 0;
                i += 1;
            }
            let digits: String = chars[i..]
                .iter()
                .take_while(|d| d.is_ascii_digit())
                .collect();
            if !digits.is_empty() {
                i += digits.chars().count();
                range = match digits.parse::<u16>() {
                    Ok(n) if n <= MAX_RANGE => n,
                    _ => {
                        return Err(refuse(
                            Said::new("rule-betza-range")
                                .text("range", &digits)
                                .text("most", MAX_RANGE),
                        ))
                    }
                };
            }
            for leap in leaps {
                let Some(k) = LEAPS.iter().position(|(l, _, _)| l == leap) else {
                    continue;
                };
                // The same leap twice: the longer range holds (0, no limit, is longest).
                ranges[k] = Some(match ranges[k] {
                    Some(old) if old == 0 || range == 0 => 0,
                    Some(old) => old.max(range),
                    None => range,
                });
            }
        }
        Ok(Betza { ranges })
    }

    /// Its atoms, in canonical order.
    pub fn atoms(&self) -> impl Iterator<Item = Atom> + '_ {
        self.ranges.iter().enumerate().filter_map(|(k, r)| {
            r.map(|range| Atom {
                leap: k as u8,
                range,
            })
        })
    }

    /// Whether the piece may go from (x, y) to (u, v).
    pub fn can_move(&self, (x, y): (u64, u64), (u, v): (u64, u64)) -> bool {
        if u > x || v > y || (u, v) == (x, y) {
            return false;
        }
        let (dx, dy) = (x - u, y - v);
        self.atoms().any(|atom| {
            atom.directions().any(|(a, b)| {
                // (dx, dy) = t·(a, b) for some 1 ≤ t ≤ range.
                let t = dx.checked_div(a).unwrap_or_else(|| dy / b);
                t >= 1 && (a * t, b * t) == (dx, dy) && atom.range().is_none_or(|most| t <= most)
            })
        })
    }

    /// The number of squares the piece may go to from (x, y) (two leaps may reach one).
    pub fn move_count(&self, x: u64, y: u64) -> u64 {
        let mut to: Vec<(u64, u64)> = self.moves_from(x, y).collect();
        to.sort_unstable();
        to.dedup();
        to.len() as u64
    }

    /// Every square the piece may go to from (x, y); a square two leaps reach comes twice.
    pub fn moves_from(&self, x: u64, y: u64) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.atoms().flat_map(move |atom| {
            let most = atom.range().unwrap_or(u64::MAX);
            atom.directions().flat_map(move |(a, b)| {
                (1..=most).map_while(move |t| Some((x.checked_sub(a * t)?, y.checked_sub(b * t)?)))
            })
        })
    }
}

impl fmt::Display for Betza {
    /// The canonical spelling: riders first (`R`, `B`, then the others), then leapers, each
    /// group in the order W F D N A H C Z G: the queen is `RB`, the dragon horse `BW`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (riders, leapers): (Vec<Atom>, Vec<Atom>) = self.atoms().partition(|a| a.range != 1);
        for atom in riders.into_iter().chain(leapers) {
            atom.write(f)?;
        }
        Ok(())
    }
}

/// Its letters, as in logs: `Betza(RN)`.
impl fmt::Debug for Betza {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Betza({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::Betza;

    fn read(text: &str) -> Betza {
        Betza::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn spellings_are_read_to_one_canonical_form() {
        for (typed, canonical) in [
            ("RB", "RB"),
            ("Q", "RB"),
            ("BR", "RB"),
            ("WWFF", "RB"),
            ("R", "R"),
            ("W0", "R"),
            ("BW", "BW"),
            ("WB", "BW"),
            ("RF", "RF"),
            ("K", "WF"),
            ("RN", "RN"),
            ("NN", "NN"),
            ("N0", "NN"),
            ("R3", "R3"),
            ("W3", "R3"),
            ("RW", "R"),
            ("R2R3", "R3"),
            ("N2N", "N2"),
            ("ZC", "CZ"),
            (" N ", "N"),
        ] {
            assert_eq!(read(typed).to_string(), canonical, "{typed}");
            assert_eq!(read(canonical), read(typed), "{typed}");
        }
    }

    #[test]
    fn bad_spellings_say_why() {
        for (typed, id) in [
            ("", "rule-betza-empty"),
            ("fR", "rule-betza-modifier"),
            ("RX", "rule-betza-letter"),
            ("R1001", "rule-betza-range"),
            ("R99999999999", "rule-betza-range"),
            ("3", "rule-betza-letter"),
        ] {
            let e = Betza::parse(typed).expect_err(typed);
            assert_eq!(e.reason().id, id, "{typed}");
        }
    }

    #[test]
    fn moves_go_toward_the_corner_only() {
        let knight = read("N");
        let mut from = knight.moves_from(2, 2).collect::<Vec<_>>();
        from.sort();
        assert_eq!(from, [(0, 1), (1, 0)]);
        assert_eq!(read("R3").moves_from(5, 0).count(), 3);
        assert_eq!(read("R").moves_from(5, 4).count(), 9);
        assert_eq!(read("NN").moves_from(4, 8).count(), 6);
        for piece in ["RB", "R", "BW", "RF", "RN", "NN", "R3", "K", "CZ", "B2W"] {
            let p = read(piece);
            for x in 0..9 {
                for y in 0..9 {
                    let moves: Vec<_> = p.moves_from(x, y).collect();
                    for u in 0..9 {
                        for v in 0..9 {
                            assert_eq!(
                                p.can_move((x, y), (u, v)),
                                moves.contains(&(u, v)),
                                "{piece} {x},{y} → {u},{v}"
                            );
                        }
                    }
                    let mut unique = moves.clone();
                    unique.sort();
                    unique.dedup();
                    assert_eq!(unique.len(), moves.len(), "{piece} {x},{y}");
                }
            }
        }
    }
}
