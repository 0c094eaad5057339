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
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MatchError {
    /// The sender has no seat in the match (a spectator or a stranger).
    #[error("you have no seat in match {match_id}; spectators can watch but not play")]
    NotYourSeat {
        /// The match.
        match_id: i64,
    },
    /// It is the other seat's turn.
    #[error("it is not your turn: seat {to_move} is to move in match {match_id}")]
    NotYourTurn {
        /// The match.
        match_id: i64,
        /// Whose turn it is.
        to_move: Seat,
    },
    /// The engine was asked to move when it is not its turn (a stale engine move).
    #[error("not the engine's turn in match {match_id}")]
    NotTheEnginesTurn {
        /// The match.
        match_id: i64,
    },
    /// The match does not take this request in its state.
    #[error("match {match_id} {}", state_words(*.status, *.result))]
    NotActive {
        /// The match.
        match_id: i64,
        /// Where it stands.
        status: MatchStatus,
        /// How it ended, when it has.
        result: Option<Outcome>,
    },
    /// A player tried to join a match they already sit in.
    #[error("you already sit in match {match_id}; wait for an opponent to join")]
    AlreadySeated {
        /// The match.
        match_id: i64,
    },
    /// An abort after the first move.
    #[error("match {match_id} can only be aborted before the first move; resign instead")]
    TooLateToAbort {
        /// The match.
        match_id: i64,
    },
    /// An abort of a game a room paired (a tournament's, an exhibition's): calling it off
    /// would score a game nobody played.
    #[error(
        "match {match_id} is a game of a tournament or an exhibition: it cannot be aborted; \
         play it, or resign if you must stop (your opponent then wins)"
    )]
    PairedNoAbort {
        /// The match.
        match_id: i64,
    },
    /// A draw offer in a game that always ends with a winner.
    #[error("{game} cannot be drawn: every game of it ends with a winner")]
    NoDraws {
        /// The game.
        #[serde(serialize_with = "crate::failure::shown")]
        game: GameKind,
    },
    /// Accepting a draw nobody offered.
    #[error("there is no draw offer to accept; offer one with offer_draw")]
    NoOfferToAccept,
    /// The engine, offered a draw, declines: best play does not draw.
    #[error("the engine declines: {}", declined(*.view))]
    EngineDeclinesDraw {
        /// How the engine sees the position.
        view: EngineView,
    },
    /// Declining a draw nobody offered.
    #[error("there is no draw offer to decline")]
    NoOfferToDecline,
    /// A second rematch of the same match.
    #[error("the rematch is already match {rematch}; join it with watch")]
    RematchExists {
        /// The rematch.
        rematch: i64,
    },
    /// The match's actor has stopped: the match left memory.
    #[error("match {match_id} is closed; look it up with `watch`")]
    Closed {
        /// The match.
        match_id: i64,
    },
    /// A game too large for the engine to play.
    #[error("{0}; play this one against a person")]
    #[serde(untagged)]
    EngineLimit(#[from] crate::solver::EngineLimit),
    /// Storing the change failed; nothing changed. The cause is logged where it happened.
    #[error(transparent)]
    #[serde(untagged)]
    Internal(#[from] Internal),
    /// The move (or the start, or a game parameter) is unreadable or against the game's
    /// rules.
    #[error("{0}")]
    #[serde(untagged, serialize_with = "crate::failure::rules")]
    Rules(#[from] engine::Error),
}

/// Why the engine declines a draw.
fn declined(view: EngineView) -> &'static str {
    match view {
        EngineView::Wins => "the position is a win for it",
        EngineView::Loses => "with best play the position is a win for you, not a draw",
        EngineView::Draw | EngineView::Unknown => "its tables do not say the position is a draw",
    }
}

/// `has not started: …`, `is over (resignation)`: where a match stands, for a refusal.
fn state_words(status: MatchStatus, result: Option<Outcome>) -> String {
    match status {
        MatchStatus::Waiting => "has not started: it is waiting for an opponent".to_owned(),
        MatchStatus::Playing => "is under way".to_owned(),
        MatchStatus::Finished => match result {
            Some(o) => format!("is over ({})", o.reason.as_str()),
            None => "is over".to_owned(),
        },
        MatchStatus::Aborted => "was aborted".to_owned(),
    }
}

impl MatchError {
    /// A failure inside the server, logged in full here, reported without internals.
    pub fn internal(context: &'static str, e: impl std::fmt::Display) -> MatchError {
        MatchError::Internal(Internal::new(context, e))
    }
}
