//! Corner the Queen and its variants: one piece on an N×N board walks toward the corner
//! (0, 0); whoever puts it there wins. `queen` is Wythoff's game, `rook` two-pile Nim,
//! `horse` and `dragon` the shogi dragon horse and dragon king (docs/RULES.md).

mod formula;
pub mod misere;
mod piece;
mod position;
mod reach;
mod table;

pub use formula::{
    dragon_grundy, horse_is_p, is_p, rook_remoteness, winning_moves, wythoff_is_p, wythoff_pair,
    wythoff_partner,
};
pub use piece::Piece;
pub use position::{Move, Position, MAX_SIZE};
pub use reach::moves_to;
pub use table::{Table, MAX_TABLE};

use crate::{Error, Said, Value};

/// The value of a corner position: from `table` when it covers the square, otherwise from
/// the exact formulas (outcome for every piece; Grundy for rook and dragon; remoteness for
/// the rook). Fields no formula gives are `None`: nothing is guessed.
pub fn value(pos: &Position, table: Option<&Table>) -> Value {
    if let Some(v) = table.and_then(|t| t.value(pos.piece(), pos.x(), pos.y())) {
        return v;
    }
    formula::value(pos.piece(), pos.x(), pos.y())
}

/// Checks that `n` is a board size this crate accepts.
pub fn check_size(n: u64) -> Result<u64, Error> {
    if (2..=MAX_SIZE).contains(&n) {
        Ok(n)
    } else {
        Err(crate::error::params(
            format!("size {n}"),
            Said::new("rule-board-size")
                .text("most", MAX_SIZE)
                .text("size", n),
        ))
    }
}
