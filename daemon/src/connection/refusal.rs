//! A match's refusal as the wire says it: the stable code for programs beside the match's own
//! words for people.

use protocol::{ErrorBody, ErrorCode};

use crate::errors::engine_error;
use crate::matches::MatchError;

/// The error body of `e`.
pub fn refusal(e: MatchError) -> ErrorBody {
    let code = match &e {
        MatchError::NotYourSeat { .. } => ErrorCode::NotYourSeat,
        MatchError::NotYourTurn { .. } | MatchError::NotTheEnginesTurn { .. } => {
            ErrorCode::NotYourTurn
        }
        MatchError::NotActive { .. } | MatchError::Closed { .. } => ErrorCode::MatchNotActive,
        MatchError::AlreadySeated { .. }
        | MatchError::TooLateToAbort { .. }
        | MatchError::PairedNoAbort { .. }
        | MatchError::NoDraws { .. }
        | MatchError::EngineDeclinesDraw { .. }
        | MatchError::NoOfferToAccept
        | MatchError::NoOfferToDecline
        | MatchError::RematchExists { .. } => ErrorCode::InvalidState,
        MatchError::Rules(e) => return engine_error(e.clone()),
        MatchError::StartIsOver { .. } => ErrorCode::BadPosition,
        MatchError::EngineLimit(_) => ErrorCode::TooLarge,
        MatchError::Internal { .. } => ErrorCode::Internal,
    };
    ErrorBody::new(code, e.to_string())
}
