//! Sums of games (docs/RULES.md): several impartial games side by side — corner boards, Nim
//! positions, chocolate bars, each with its own parameters — where a move is a move in
//! exactly one of them. Whoever cannot move in any component has lost (normal play).
//!
//! By the Sprague–Grundy theorem a sum is worth the XOR (nim-sum) of its components' Grundy
//! numbers: the player to move wins exactly when it is not zero, and the winning moves are
//! those that bring one component from gᵢ to gᵢ ⊕ X. Remoteness is not a function of the
//! components' values; [`search`] finds it exactly when the product of the components is
//! small enough.
//!
//! ```
//! use engine::sum::{self, Position};
//! use engine::Position as _;
//!
//! let p = Position::parse("queen(11):5,3 + nim:3,4,5 + chocolate(1):5,3,7")?;
//! assert_eq!(p.components().len(), 3);
//! let m = p.parse_move("2/1:1")?; // in component 2, take 1 stone from pile 1
//! assert_eq!(p.play(&m)?.to_string(), "queen(11):5,3 + nim:2,4,5 + chocolate(1):5,3,7");
//! assert_eq!(sum::explain(&[0, 2, 3], |_, _| Some(1)).nim_sum, 1);
//! # Ok::<(), engine::Error>(())
//! ```

mod explain;
mod moves;
pub(crate) mod play;
mod position;
pub mod search;
mod value;

#[cfg(test)]
mod big_tests;
#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

pub use explain::{explain, Explanation, Target};
pub use moves::Move;
pub use position::{component_name, Position, MAX_COMPONENTS};
pub(crate) use value::moves_to;
pub use value::{analyse, grundy, value, winning_moves, with_successors, Analysis};
