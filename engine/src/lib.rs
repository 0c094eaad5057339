//! The games of grundy — Corner the Queen and its shogi variants, Nim, poisoned chocolate
//! bars and de Bono's L-game — with their rules, notation, exact classification and an
//! engine that plays them perfectly. Pure computation: no IO, no async.

pub mod chocolate;
pub mod error;
pub mod game;
pub mod nim;
mod number_list;
pub mod rng;
pub mod value;

pub use error::Error;
pub use game::Position;
pub use rng::Rng;
pub use value::{mex, remoteness_of, Outcome, Value};
