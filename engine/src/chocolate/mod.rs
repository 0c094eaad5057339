//! Poisoned chocolate bars (docs/RULES.md): a strip of x squares left of the poison and a staircase
//! {y, z} with an edge (a step k, or a formula f(z): [`Edge`]) to its right; a move breaks off and eats a piece without the poison, and
//! whoever leaves the poison alone wins.
//!
//! ```
//! use engine::chocolate::{self, Position, Table};
//! use engine::Position as _;
//!
//! let table = Table::solve(1, 64)?;
//! assert_eq!(table.grundy(6, 16), Some(19));
//! let p = Position::parse(1, "3,2,4")?;
//! assert_eq!(chocolate::grundy(&p, Some(&table))?, 3 ^ 5);
//! let q = p.play(&p.parse_move("y=1")?)?; // G(1, 4) = 3 = x: a P-position
//! assert_eq!(q.to_string(), "3,1,4");
//! assert_eq!(chocolate::value(&q, Some(&table), 1_000)?.grundy, Some(0));
//! # Ok::<(), engine::Error>(())
//! ```

mod edge;
mod mex_bits;
pub mod misere;
mod moves;
mod position;
mod reach;
mod remoteness;
mod table;
mod value;

#[cfg(test)]
mod brute;
#[cfg(test)]
mod edge_tests;
#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

pub use edge::{Edge, EdgeFormula, Heights, EDGE_COLUMNS, MAX_EDGE_BYTES};
pub use moves::Move;
pub use position::{check_k, Position, MAX_K, MAX_LEN};
pub use reach::moves_to;
pub use remoteness::remoteness;
pub(crate) use remoteness::with_successors;
pub use table::{Table, MAX_TABLE_CELLS};
pub use value::{grundy, staircase_grundy, value};
