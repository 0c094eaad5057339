//! Normal and misère play: who wins when the moves run out.

use std::fmt;

/// Which player wins when a game ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Convention {
    /// The player who makes the last move wins: a player with no move has lost.
    #[default]
    Normal,
    /// The player who makes the last move loses: a player with no move has won.
    Misere,
}

impl Convention {
    /// `normal` or `misere`.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
        }
    }

    /// Misère when `misere` is true.
    pub fn misere_if(misere: bool) -> Convention {
        if misere {
            Convention::Misere
        } else {
            Convention::Normal
        }
    }

    /// The parity of a lost position's remoteness: in normal play a finished game (remoteness
    /// 0) is lost, so lost positions have even remoteness; in misère play it is won, so lost
    /// positions have odd remoteness.
    pub fn loss_parity(self) -> u64 {
        match self {
            Convention::Normal => 0,
            Convention::Misere => 1,
        }
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
