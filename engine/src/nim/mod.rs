//! Nim (docs/RULES.md): piles of stones; a move takes one or more stones from one pile, and
//! whoever takes the last stone wins.
//!
//! ```
//! use engine::nim::{self, Position};
//! use engine::Position as _;
//!
//! let p = Position::parse("5,4,2")?;
//! assert_eq!(nim::grundy(&p), 3);
//! let m = p.parse_move("3:1")?; // take 1 stone from pile 3
//! assert_eq!(nim::winning_moves(&p), vec![m]);
//! let q = p.play(&m)?;
//! assert_eq!(q.to_string(), "5,4,1");
//! assert_eq!(nim::value(&q, 0).remoteness, Some(10));
//! # Ok::<(), engine::Error>(())
//! ```

pub mod misere;
mod moves;
mod position;
mod value;

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

pub use moves::Move;
pub use position::{Position, MAX_PILE, MAX_PILES};
pub(crate) use value::remoteness_of_piles;
pub use value::{grundy, moves_to, remoteness, value, winning_moves};
