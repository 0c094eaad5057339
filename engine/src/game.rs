//! The rules every game implements: legal moves, playing a move, notation.

use std::fmt::{Debug, Display};
use std::hash::Hash;

use crate::Error;

/// A validated position of one game, with the rules that apply to it.
///
/// `Display` writes the position in the notation of `docs/NOTATION.md`; each game's own
/// `parse` constructor is the only way to build a position from untrusted text.
pub trait Position: Clone + Eq + Hash + Debug + Display + Sized {
    /// One move of this game; `Display` writes its canonical notation.
    type Move: Clone + Eq + Debug + Display;

    /// Every legal move in a stable order. Callers check [`Position::move_count`] first
    /// where a position may have very many moves (Nim with huge piles, a huge board).
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// How many legal moves there are, without listing them.
    fn move_count(&self) -> u64;

    /// The position after `m`, or an error naming the rule it breaks. `self` is untouched.
    fn play(&self, m: &Self::Move) -> Result<Self, Error>;

    /// Reads a move as a person or a script types it. The notation of the resulting
    /// position is always accepted as a move; each game may accept friendlier forms too.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Error>;

    /// The position after each legal move, in the order of [`Position::legal_moves`].
    fn successors(&self) -> Vec<Self> {
        self.legal_moves()
            .iter()
            .map(|m| self.play(m).expect("a generated move is legal"))
            .collect()
    }

    /// True when the player to move has no legal move (and so has lost).
    fn is_terminal(&self) -> bool {
        self.move_count() == 0
    }
}
