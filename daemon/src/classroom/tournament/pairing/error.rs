//! Why a Swiss round could not be paired: a history that does not fit the entrants, or too few
//! players left to pair.

use std::fmt;

/// A refusal to pair a Swiss round. Each one is a mistake in the caller's data or a tournament
/// that cannot go on; pairing the same input again gives the same error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PairingError {
    /// An id is listed twice among the entrants.
    DuplicateEntrant {
        /// The player.
        player: i64,
    },
    /// A game or bye of the history names someone who is not an entrant.
    UnknownPlayer {
        /// The player.
        player: i64,
        /// The round of the game or bye.
        round: u32,
    },
    /// A game of the history has the same player on both sides.
    SelfPaired {
        /// The player.
        player: i64,
        /// The round of the game.
        round: u32,
    },
    /// The history already has a game or bye in the round asked for, or in a later one.
    RoundNotAfterHistory {
        /// The round asked for.
        round: u32,
        /// The recorded round that is not before it.
        recorded: u32,
    },
    /// Fewer than two entrants are still in the tournament.
    TooFewPlayers {
        /// How many are.
        active: usize,
    },
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PairingError::DuplicateEntrant { player } => {
                write!(f, "player {player} is entered twice")
            }
            PairingError::UnknownPlayer { player, round } => {
                write!(f, "player {player} in round {round} is not an entrant")
            }
            PairingError::SelfPaired { player, round } => {
                write!(
                    f,
                    "player {player} is recorded playing themselves in round {round}"
                )
            }
            PairingError::RoundNotAfterHistory { round, recorded } => write!(
                f,
                "round {round} cannot be paired: round {recorded} is already recorded"
            ),
            PairingError::TooFewPlayers { active } => write!(
                f,
                "a round needs at least 2 players still in the tournament, there are {active}"
            ),
        }
    }
}

impl std::error::Error for PairingError {}
