//! Turning engine and database errors into protocol errors with stable codes.

use engine::ErrorKind;
use protocol::{ErrorBody, ErrorCode};

/// An engine error as the client sees it: the engine's message is already precise.
pub fn engine_error(e: engine::Error) -> ErrorBody {
    let code = match e.kind() {
        ErrorKind::Params => ErrorCode::BadParameters,
        ErrorKind::Position => ErrorCode::BadPosition,
        ErrorKind::Notation => ErrorCode::BadNotation,
        ErrorKind::Illegal => ErrorCode::IllegalMove,
        ErrorKind::TooLarge => ErrorCode::TooLarge,
    };
    ErrorBody::new(code, e.to_string())
}

/// A failure inside the server: logged in full, reported without internals.
pub fn internal(context: &str, e: impl std::fmt::Display) -> ErrorBody {
    tracing::error!(error = %e, "{context}");
    ErrorBody::new(
        ErrorCode::Internal,
        format!("the server could not {context}; nothing was changed, please try again"),
    )
}
