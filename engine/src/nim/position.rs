//! A Nim position: the pile sizes, validated against the limits, and its notation.

use std::fmt;

use crate::error::{params, position, Error};
use crate::number_list::parse_numbers;
use crate::Said;

/// The most piles a position may have: the papers play with three, sixteen is plenty for
/// people, and it bounds the work of listing moves and printing positions.
pub const MAX_PILES: usize = 16;

/// The most stones a pile may hold: large enough for any game worth analysing, small enough
/// that the total of all piles (at most 1.6·10¹³) and every remoteness fit easily in a `u64`.
pub const MAX_PILE: u64 = 1_000_000_000_000;

/// A Nim position: 1 to [`MAX_PILES`] piles of at most [`MAX_PILE`] stones each.
///
/// Piles keep their order (people number them from 1); empty piles stay in place so that
/// pile numbers do not shift during a game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    piles: Vec<u64>,
}

impl Position {
    /// The position with these piles, or an error naming the limit a pile count or a pile
    /// breaks.
    pub fn new(piles: Vec<u64>) -> Result<Position, Error> {
        let shown = || {
            piles
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        if piles.is_empty() || piles.len() > MAX_PILES {
            return Err(params(
                shown(),
                Said::new("rule-nim-pile-count")
                    .text("most", MAX_PILES)
                    .text("count", piles.len()),
            ));
        }
        if let Some((i, &p)) = piles.iter().enumerate().find(|(_, &p)| p > MAX_PILE) {
            return Err(position(
                shown(),
                Said::new("rule-nim-pile-size")
                    .text("pile", i + 1)
                    .text("stones", p)
                    .text("most", MAX_PILE),
            ));
        }
        Ok(Position { piles })
    }

    /// Reads a position such as `3,4,5`; spaces, dashes and one pair of brackets are also
    /// accepted (`3 4 5`, `3-4-5`, `(3, 4, 5)`).
    pub fn parse(text: &str) -> Result<Position, Error> {
        let piles = parse_numbers(text).map_err(|reason| position(text, reason))?;
        Position::new(piles).map_err(|e| e.with_input(text))
    }

    /// The pile sizes, pile 1 first.
    pub fn piles(&self) -> &[u64] {
        &self.piles
    }

    /// The total number of stones: an upper bound on how many plies the game can last,
    /// because every move takes at least one stone.
    pub fn total(&self) -> u64 {
        // At most MAX_PILES · MAX_PILE, far below u64::MAX; saturating only for form.
        self.piles
            .iter()
            .fold(0u64, |sum, &p| sum.saturating_add(p))
    }

    /// The piles with one pile replaced; the caller has checked the move.
    pub(crate) fn with_pile(&self, index: usize, stones: u64) -> Position {
        let mut piles = self.piles.clone();
        piles[index] = stones;
        Position { piles }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.piles.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}
