//! Tournament pairing: [`round_robin`] schedules a whole round robin at once,
//! [`swiss`] pairs the next Swiss round from the history, and [`standings`] ranks the entrants
//! with the Buchholz and Sonneborn–Berger tie-breaks.
//!
//! Pure functions of the tournament's history (no IO, no clock, no randomness), so the server
//! can recompute everything from what it stored and the same history always gives the same
//! answer. Scores are in half-points (win 2, draw 1, loss 0, bye 2) so no floats are needed.

#[doc(hidden)]
pub mod baseline;
mod error;
mod history;
mod matching;
mod round_robin;
mod sides;
mod standings;
mod swiss;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

pub use error::PairingError;
pub use round_robin::round_robin;
pub use standings::{standings, Standing};
pub use swiss::swiss;

/// A player in a tournament; entrants are listed in join order, which is the seed order that
/// breaks every remaining tie.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// Player id.
    pub id: i64,
    /// Left the tournament: kept for the standings and the opponents' tie-breaks, never paired.
    pub withdrawn: bool,
}

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The player who moved first won.
    FirstWon,
    /// The player who moved second won.
    SecondWon,
    /// Neither won (only one of the games can draw).
    Draw,
}

/// A game to play: who moves first and who moves second.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The player who moves first.
    pub first: i64,
    /// The player who moves second.
    pub second: i64,
}

/// One round's games, top board first, and the player sitting out, if any.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Round {
    /// The games of the round.
    pub games: Vec<Pairing>,
    /// The player with the bye (an odd number of players), worth a win.
    pub bye: Option<i64>,
}

/// A game of the tournament's history, finished or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// The round it was paired in (rounds are numbered from 1).
    pub round: u32,
    /// The player who moved first.
    pub first: i64,
    /// The player who moved second.
    pub second: i64,
    /// How it ended; `None` while it is being played (it scores nothing yet, but the two
    /// players have met and have had their sides).
    pub outcome: Option<Outcome>,
}

/// A bye of the tournament's history: the player sat out a round and scored a win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bye {
    /// The round.
    pub round: u32,
    /// The player.
    pub player: i64,
}

/// Half-points for a win, and for a bye.
pub const WIN: u32 = 2;
/// Half-points for a draw.
pub const DRAW: u32 = 1;
