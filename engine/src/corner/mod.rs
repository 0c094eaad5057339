//! Corner the Queen and its variants: one piece on an N×N board walks toward the corner
//! (0, 0); whoever puts it there wins. `queen` is Wythoff's game, `rook` two-pile Nim,
//! `horse` and `dragon` the shogi dragon horse and dragon king (docs/RULES.md).

mod betza;
pub(crate) mod defined;
mod formula;
pub mod misere;
mod piece;
mod position;
mod reach;
mod table;

pub use betza::{Atom, Betza, MAX_ATOMS, MAX_RANGE};
pub use defined::{max_side as defined_max_side, MAX_DEFINED_TABLE};
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
/// the rook; fields no formula gives are `None`: nothing is guessed), or, for a defined
/// piece, from its squares solved on the spot.
pub fn value(pos: &Position, table: Option<&Table>) -> Value {
    if let Some(v) = table.and_then(|t| t.value(pos.piece(), pos.x(), pos.y())) {
        return v;
    }
    match pos.piece() {
        Piece::Defined(moves) => defined::value(pos, &moves),
        named => formula::value(named, pos.x(), pos.y()),
    }
}

/// Checks that `n` is a board size this crate accepts for `piece`: up to [`MAX_SIZE`] for
/// the four named pieces (their closed forms hold on any board), up to
/// [`MAX_DEFINED_TABLE`] for a defined piece (whose every square is solved; less for one of
/// very many riders: [`defined_max_side`]).
pub fn check_size(piece: Piece, n: u64) -> Result<u64, Error> {
    let most = match piece {
        Piece::Defined(moves) => defined::max_side(&moves),
        _ => MAX_SIZE,
    };
    if (2..=most).contains(&n) {
        Ok(n)
    } else {
        Err(crate::error::params(
            format!("size {n}"),
            Said::new("rule-board-size")
                .text("most", most)
                .text("size", n),
        ))
    }
}
