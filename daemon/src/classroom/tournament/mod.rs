//! Tournaments in a room: round robins and Swiss systems among the students present.
//!
//! - `pairing/`: the pure rules — a round robin's schedule, the next Swiss round from the
//!   history, the standings with their tie-breaks;
//! - `state.rs`: a tournament as the room holds it, and how it moves on (pure);
//! - `run.rs`: what the room's actor does — rounds started, games followed, the next round
//!   when the last game of one ends, adjudication, late entrants, withdrawals;
//! - `view.rs`: the wire view; `store.rs`: the SQL.

pub mod pairing;
mod run;
mod state;
mod store;
#[cfg(test)]
mod tests;
mod view;

pub use pairing::Outcome;
pub use run::{DEFAULT_SWISS_ROUNDS, MAX_ROUNDS};
pub(crate) use state::{outcome_of, LiveTournament};
pub use store::{StoredTournament, TournamentGameRow, TournamentRow};
