//! Why a match refused a request: the rules of a match (seats, turns, draws, rematches), or the
//! game's rules through the engine's error. A domain error: the connection layer turns it into
//! the wire's error body (`connection::refusal`).

use engine::GameKind;
use protocol::{MatchStatus, Outcome, Seat};
use serde::Serialize;

use crate::failure::Internal;

/// The engine's view of the position when it is offered a draw: it takes one exactly when
/// best play draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EngineView {
    /// Best play draws.
    Draw,
    /// The engine wins with best play.
    Wins,
    /// The engine loses with best play.
    Loses,
    /// The engine's tables do not tell.
    Unknown,
}

/// A refusal by a match. Messages are for people: what is wrong and what to do instead. Its
/// `Serialize` form is the wire error's details.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("{}", self.english())]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MatchError {
    /// The sender has no seat in the match (a spectator or a stranger).
    NotYourSeat {
        /// The match.
        match_id: i64,
    },
    /// It is the other seat's turn.
    NotYourTurn {
        /// The match.
        match_id: i64,
        /// Whose turn it is.
        to_move: Seat,
    },
    /// The engine was asked to move when it is not its turn (a stale engine move).
    NotTheEnginesTurn {
        /// The match.
        match_id: i64,
    },
    /// The match does not take this request in its state.
    NotActive {
        /// The match.
        match_id: i64,
        /// Where it stands.
        status: MatchStatus,
        /// How it ended, when it has.
        result: Option<Outcome>,
    },
    /// A player tried to join a match they already sit in.
    AlreadySeated {
        /// The match.
        match_id: i64,
    },
    /// An abort after the first move.
    TooLateToAbort {
        /// The match.
        match_id: i64,
    },
    /// An abort of a game a room paired (a tournament's, an exhibition's): calling it off
    /// would score a game nobody played.
    PairedNoAbort {
        /// The match.
        match_id: i64,
    },
    /// A draw offer in a game that always ends with a winner.
    NoDraws {
        /// The game.
        #[serde(serialize_with = "crate::failure::shown")]
        game: GameKind,
    },
    /// Accepting a draw nobody offered.
    NoOfferToAccept,
    /// The engine, offered a draw, declines: best play does not draw.
    EngineDeclinesDraw {
        /// How the engine sees the position.
        view: EngineView,
    },
    /// Declining a draw nobody offered.
    NoOfferToDecline,
    /// A second rematch of the same match.
    RematchExists {
        /// The rematch.
        rematch: i64,
    },
    /// The match's actor has stopped: the match left memory.
    Closed {
        /// The match.
        match_id: i64,
    },
    /// A game too large for the engine to play.
    #[serde(untagged)]
    EngineLimit(#[from] crate::solver::EngineLimit),
    /// Storing the change failed; nothing changed. The cause is logged where it happened.
    #[serde(untagged)]
    Internal(#[from] Internal),
    /// The move (or the start, or a game parameter) is unreadable or against the game's
    /// rules.
    #[serde(untagged, serialize_with = "crate::failure::rules")]
    Rules(#[from] engine::Error),
}

impl MatchError {
    /// What the refusal says in English: its message of the catalogs, but for the engine's
    /// limits, which it says itself.
    fn english(&self) -> String {
        match self {
            MatchError::Rules(e) => crate::failure::rules_english(e),
            MatchError::EngineLimit(e) => format!("{e}; play this one against a person"),
            other => crate::failure::english(other),
        }
    }

    /// A failure inside the server, logged in full here, reported without internals.
    pub fn internal(context: &'static str, e: impl std::fmt::Display) -> MatchError {
        MatchError::Internal(Internal::new(context, e))
    }
}
