//! The games of grundy — Corner the Queen and its shogi variants, Nim, poisoned chocolate
//! bars and de Bono's L-game — with their rules, notation, exact classification and an
//! engine that plays them perfectly. Pure computation: no IO, no async.
//!
//! ```
//! use engine::{choose, GameKind, Knowledge, Level, Outcome, Position as _, Rng, Variant};
//!
//! let queen = Variant::new(GameKind::Queen, Some(11), None)?;
//! let pos = queen.parse_position("5,3")?; // a P-position: the mover loses
//! let knowledge = Knowledge::new(engine::DEFAULT_BUDGET);
//! let c = knowledge.classify(&pos, 1000)?;
//! assert_eq!(c.value.outcome, Outcome::Loss);
//! assert_eq!(c.value.grundy, Some(0));
//! // Every move from a P-position leads to a win for the opponent.
//! assert!(c.moves.iter().all(|m| m.value.outcome == Outcome::Win));
//!
//! let reply = choose(&knowledge, &c.moves[0].position, Level::Perfect, &mut Rng::new(1))?;
//! let (_, after) = c.moves[0].position.play_text(&reply.to_string())?;
//! assert_eq!(knowledge.value(&after)?.value.outcome, Outcome::Loss);
//! # Ok::<(), engine::Error>(())
//! ```

#[cfg(test)]
extern crate self as engine;

pub mod any;
pub mod chocolate;
mod convention;
pub mod corner;
pub mod error;
pub mod exercise;
pub mod formula;
pub mod game;
pub mod guess;
pub mod heap;
pub mod knowledge;
pub mod lgame;
pub mod misere;
pub mod named_checks;
pub mod nim;
mod number_list;
pub mod periodicity;
pub mod player;
mod reach;
pub mod research;
pub mod review;
pub mod rng;
pub mod said;
mod setup;
pub mod sum;
pub mod value;
pub mod variant;

/// The meaning of the solved tables (corner, chocolate staircases, L-game): bump it whenever
/// a solver's rules or definitions change (a move rule, the remoteness convention, the
/// L-game's depth), so that tables stored by an older build are computed again.
pub const ENGINE_TABLES_VERSION: u32 = 1;

pub use any::{AnyMove, AnyPosition};
pub use convention::Convention;
pub use error::{Error, ErrorKind};
pub use game::Position;
pub use knowledge::{Answer, Classification, Knowledge, MoveValue, Source, DEFAULT_BUDGET};
pub use player::{choose, choose_in, Level};
pub use review::{review, review_in, review_move, Annotation, MoveReview};
pub use rng::Rng;
pub use said::{Arg, Said};
pub use setup::{Game, Start};
pub use value::{mex, remoteness_of, Outcome, Value};
pub use variant::{GameKind, Variant};
