//! Misère corner games: whoever moves the piece onto the corner (0, 0) **loses**; a piece
//! standing on the corner is therefore a win, in 0 plies, for the player to move (the
//! opponent made the last move).
//!
//! [`MisereTable`] solves every square of an N×N board by one retrograde sweep: each square's
//! outcome and Smith's remoteness (the winner hurries, the loser delays). In misère play a
//! won square has an *even* remoteness and a lost one an *odd* remoteness. Misère play has
//! no Grundy number to report (the Sprague–Grundy theory does not carry over), so every
//! value here has `grundy: None`.
//!
//! Beyond a table, closed forms, each proved where it is defined, give every piece's outcome
//! and winning moves on a board of any size, and the rook's remoteness; the other pieces'
//! remoteness is unknown there (`None`), never guessed. The lost squares (by symmetry, only
//! x ≤ y is listed; (y, x) is lost with (x, y)):
//!
//! | piece | lost squares (misère) | normal play's P-positions |
//! |---|---|---|
//! | `rook` | (0, 1); (a, a) for a ≥ 2 | (a, a) |
//! | `queen` | (0, 1), (2, 2); the Wythoff pairs (⌊nφ⌋, ⌊nφ²⌋) for n ≥ 2 | (0, 0); the pairs for n ≥ 1 |
//! | `horse` | (0, odd); (2, even ≥ 2) | (0, even); (2, odd ≥ 3) |
//! | `dragon` | in one block of three (⌊x/3⌋ = ⌊y/3⌋): x mod 3, y mod 3 = 0, 1 or 2, 2 | the same blocks: 0, 0 or 1, 2 |
//!
//! ```
//! use engine::corner::misere::{self, MisereTable};
//! use engine::corner::{Piece, Position};
//! use engine::Outcome;
//!
//! let t = MisereTable::solve(Piece::Queen, 16)?;
//! // On the corner the opponent has made the last move: a win in 0 plies.
//! let corner = t.value(Piece::Queen, 0, 0).expect("on the table");
//! assert_eq!((corner.outcome, corner.remoteness, corner.grundy), (Outcome::Win, Some(0), None));
//! // From (0, 1) the only move goes onto the corner: lost in 1 ply.
//! assert_eq!(t.remoteness(0, 1), Some(1));
//! // From (2, 2) the moves lead to (1, 2), (0, 2), (1, 1), (0, 0) and mirrors; from each but
//! // the corner the opponent reaches (0, 1) or (1, 0) and wins in 2: lost in 3 plies.
//! assert_eq!(t.remoteness(2, 2), Some(3));
//! // Far beyond the table: (3, 5) is lost as in normal play; (2, 4) wins by going to (2, 2).
//! let far = Position::new(Piece::Queen, 1_000_000, 3, 5)?;
//! assert_eq!(misere::value(&far, Some(&t)).outcome, Outcome::Loss);
//! assert_eq!(misere::winning_moves(Piece::Queen, 2, 4), [(2, 2)]);
//! # Ok::<(), engine::Error>(())
//! ```

mod formula;
mod table;

#[cfg(test)]
mod tests;

pub use formula::{
    dragon_is_lost, horse_is_lost, is_lost, outcome, queen_is_lost, rook_is_lost, rook_remoteness,
    winning_moves,
};
pub use table::{MisereTable, MAX_TABLE};

use super::{Piece, Position};
use crate::Value;

/// The misère value of a corner position: from `table` when it is for this piece and covers
/// the square, otherwise from the closed forms — the outcome for every piece, the remoteness
/// for the rook only (`None` for the others: nothing is guessed). `grundy` is always `None`.
pub fn value(pos: &Position, table: Option<&MisereTable>) -> Value {
    let (piece, x, y) = (pos.piece(), pos.x(), pos.y());
    if let Some(v) = table.and_then(|t| t.value(piece, x, y)) {
        return v;
    }
    Value {
        outcome: outcome(piece, x, y),
        grundy: None,
        remoteness: (piece == Piece::Rook).then(|| rook_remoteness(x, y)),
    }
}
