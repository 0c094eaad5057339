//! De Bono's L-game (docs/RULES.md): a 4×4 board, one L for each player and two neutral pieces.
//! Many positions are draws, so the classification is a retrograde analysis over the 2296
//! classes of positions up to symmetry rather than a Grundy number.
//!
//! ```
//! use engine::lgame::{Position, Solution};
//! use engine::{Outcome, Position as _};
//!
//! let start = Position::start();
//! assert_eq!(start.to_string(), "...N/RRRB/RBBB/N... r");
//! let solution = Solution::solve();
//! assert_eq!(solution.value(&start).outcome, Outcome::Draw);
//!
//! // Red flips the L's foot from a2 to a4 and moves the neutral from d4 to b1: still a draw.
//! let m = start.parse_move("c3 b3 a3 a4, d4-b1")?;
//! assert_eq!(m.to_string(), "a3a4b3c3 d4-b1");
//! let next = start.play(&m)?;
//! assert_eq!(next.to_string(), "R.../RRRB/.BBB/NN.. b");
//! assert_eq!(solution.value(&next).outcome, Outcome::Draw);
//! # Ok::<(), engine::Error>(())
//! ```

mod board;
mod index;
mod notation;
mod position;
mod rules;
mod solve;
mod symmetry;

#[cfg(test)]
mod notation_tests;
#[cfg(test)]
mod tests;

use std::fmt;

pub use board::{Placement, Square, PLACEMENTS};
pub use index::{CLASSES, POSITIONS};
pub use position::Position;
pub use rules::Move;
pub use solve::{Counts, Solution};
pub use symmetry::Symmetry;

/// A player, named by the colour of their L. Red moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// The first player; `R` in position notation.
    Red,
    /// The second player; `B` in position notation.
    Blue,
}

impl Color {
    /// The other player.
    pub fn other(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }

    /// The name used in messages: `red` or `blue`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
        }
    }

    /// The name as a message: `rule-red` or `rule-blue`.
    pub(crate) fn said(self) -> crate::Said {
        crate::Said::new(match self {
            Color::Red => "rule-red",
            Color::Blue => "rule-blue",
        })
    }

    /// The side-to-move letter of position notation: `r` or `b`.
    pub fn letter(self) -> char {
        match self {
            Color::Red => 'r',
            Color::Blue => 'b',
        }
    }

    /// The board letter of this player's L in position notation: `R` or `B`.
    pub fn piece(self) -> char {
        self.letter().to_ascii_uppercase()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
