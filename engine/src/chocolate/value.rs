//! What a chocolate bar is worth: its Grundy number x ⊕ G(y, z), from the formula for even
//! steps or a solved [`Table`] for odd ones, and its remoteness within a budget.

use crate::chocolate::{remoteness, Edge, Position, Table};
use crate::error::{params, too_large, Error};
use crate::{Said, Value};

/// G(y, z), the Grundy number of the staircase alone: y ⊕ z for even k and k = 0 (published,
/// and checked against the solver in the tests), otherwise (odd steps, formula edges) read
/// from `table`.
///
/// Errors: `Params` when the table was solved for another edge, `TooLarge` when the edge has
/// no formula and no table, or the staircase lies beyond it.
pub fn staircase_grundy(
    edge: impl Into<Edge>,
    y: u64,
    z: u64,
    table: Option<&Table>,
) -> Result<u64, Error> {
    let edge = edge.into();
    if edge.has_formula() {
        return Ok(y ^ z);
    }
    let Some(table) = table else {
        return Err(too_large(
            edge.input(),
            Said::new("rule-bar-no-table").with("edge", edge.said()),
        ));
    };
    if table.edge() != edge {
        return Err(params(
            edge.input(),
            Said::new("rule-bar-other-table")
                .with("table", table.edge().said())
                .with("edge", edge.said()),
        ));
    }
    table.grundy(y, z).ok_or_else(|| {
        too_large(
            format!("y {y}, z {z}"),
            Said::new("rule-bar-beyond-table")
                .text("y", y)
                .text("z", z)
                .with("edge", edge.said())
                .text("most", table.z_max()),
        )
    })
}

/// The Grundy number of {x, y, z}: the strip and the staircase are a disjunctive sum, so it
/// is x ⊕ G(y, z), zero exactly when x = G(y, z). Errors as in [`staircase_grundy`].
pub fn grundy(p: &Position, table: Option<&Table>) -> Result<u64, Error> {
    Ok(p.x() ^ staircase_grundy(p.edge(), p.y(), p.z(), table)?)
}

/// The exact value of `p`: outcome and Grundy number (errors as in [`staircase_grundy`]), and
/// the remoteness when the bars it can reach fit in `budget` (see [`remoteness`]).
pub fn value(p: &Position, table: Option<&Table>, budget: u64) -> Result<Value, Error> {
    Ok(Value::impartial(grundy(p, table)?, remoteness(p, budget)))
}
