//! What a chocolate bar is worth: its Grundy number x ⊕ G(y, z), from the formula for even
//! steps or a solved [`Table`] for odd ones, and its remoteness within a budget.

use crate::chocolate::{remoteness, Position, Table};
use crate::error::{params, too_large, Error};
use crate::{Said, Value};

/// G(y, z), the Grundy number of the staircase alone: y ⊕ z for even k and k = 0 (published,
/// and checked against the solver in the tests), otherwise read from `table`.
///
/// Errors: `Params` when the table was solved for another step, `TooLarge` when an odd step
/// has no table or the staircase lies beyond it.
pub fn staircase_grundy(k: u32, y: u64, z: u64, table: Option<&Table>) -> Result<u64, Error> {
    if k.is_multiple_of(2) {
        return Ok(y ^ z);
    }
    let Some(table) = table else {
        return Err(too_large(
            format!("k {k}"),
            Said::new("rule-bar-odd-step").text("k", k),
        ));
    };
    if table.k() != k {
        return Err(params(
            format!("k {k}"),
            Said::new("rule-bar-other-table")
                .text("table", table.k())
                .text("k", k),
        ));
    }
    table.grundy(y, z).ok_or_else(|| {
        too_large(
            format!("y {y}, z {z}"),
            Said::new("rule-bar-beyond-table")
                .text("y", y)
                .text("z", z)
                .text("k", k)
                .text("most", table.z_max()),
        )
    })
}

/// The Grundy number of {x, y, z}: the strip and the staircase are a disjunctive sum, so it
/// is x ⊕ G(y, z), zero exactly when x = G(y, z). Errors as in [`staircase_grundy`].
pub fn grundy(p: &Position, table: Option<&Table>) -> Result<u64, Error> {
    Ok(p.x() ^ staircase_grundy(p.k(), p.y(), p.z(), table)?)
}

/// The exact value of `p`: outcome and Grundy number (errors as in [`staircase_grundy`]), and
/// the remoteness when the bars it can reach fit in `budget` (see [`remoteness`]).
pub fn value(p: &Position, table: Option<&Table>, budget: u64) -> Result<Value, Error> {
    Ok(Value::impartial(grundy(p, table)?, remoteness(p, budget)))
}
