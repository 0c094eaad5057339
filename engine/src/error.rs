//! The one error type of the engine: every message says what is wrong and which rule says so.

/// Why a parameter, a position or a move was refused.
///
/// Messages are lowercase, without a final period, and name the offending input so that a
/// person can correct it (`square 12,3 is off an 11×11 board`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A game parameter (board size, step, number of piles) is out of range.
    #[error("{0}")]
    Params(String),
    /// A position is malformed or impossible under the rules.
    #[error("{0}")]
    Position(String),
    /// A move could not be read.
    #[error("{0}")]
    Notation(String),
    /// A move was read but the rules forbid it from this position.
    #[error("{0}")]
    Illegal(String),
    /// An answer would need more work than the caller allowed.
    #[error("{0}")]
    TooLarge(String),
}

impl Error {
    /// A stable snake_case code for the protocol.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Params(_) => "bad_parameters",
            Error::Position(_) => "bad_position",
            Error::Notation(_) => "bad_notation",
            Error::Illegal(_) => "illegal_move",
            Error::TooLarge(_) => "too_large",
        }
    }
}

pub(crate) fn params(msg: impl Into<String>) -> Error {
    Error::Params(msg.into())
}
pub(crate) fn position(msg: impl Into<String>) -> Error {
    Error::Position(msg.into())
}
pub(crate) fn notation(msg: impl Into<String>) -> Error {
    Error::Notation(msg.into())
}
pub(crate) fn illegal(msg: impl Into<String>) -> Error {
    Error::Illegal(msg.into())
}
pub(crate) fn too_large(msg: impl Into<String>) -> Error {
    Error::TooLarge(msg.into())
}
