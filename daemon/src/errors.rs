//! Turning engine and database errors into protocol errors with stable codes.

use protocol::{ErrorBody, ErrorCode};

/// An engine error as the client sees it: the engine's message is already precise.
pub fn engine_error(e: engine::Error) -> ErrorBody {
    let code = match e {
        engine::Error::Params(_) => ErrorCode::BadParameters,
        engine::Error::Position(_) => ErrorCode::BadPosition,
        engine::Error::Notation(_) => ErrorCode::BadNotation,
        engine::Error::Illegal(_) => ErrorCode::IllegalMove,
        engine::Error::TooLarge(_) => ErrorCode::TooLarge,
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
