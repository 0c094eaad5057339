//! Errors on the wire: a stable snake_case code a program can match, and a message a person
//! can act on.

use serde::{Deserialize, Serialize};

/// Stable error codes. New codes may be added; existing ones never change meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The frame is not JSON, or not a known message, or a field has the wrong type.
    BadMessage,
    /// The client's protocol version is not supported; the message lists the supported ones.
    UnsupportedVersion,
    /// A request other than `hello` arrived before the handshake.
    HelloFirst,
    /// `hello` came twice on one connection.
    AlreadyWelcomed,
    /// The server requires an access code and the one given is missing or wrong.
    BadAccessCode,
    /// The reconnect token is not known.
    BadToken,
    /// Unknown game or invalid parameters (board size, step).
    BadParameters,
    /// A position could not be read or is impossible.
    BadPosition,
    /// A move could not be read.
    BadNotation,
    /// The move is against the rules.
    IllegalMove,
    /// It is the other player's turn.
    NotYourTurn,
    /// The sender has no seat in this match (spectator or stranger).
    NotYourSeat,
    /// No match with this id.
    NoSuchMatch,
    /// The match does not accept this now (finished, not started, already full, ...).
    MatchNotActive,
    /// The request is not possible in this state (e.g. abort after the first move).
    InvalidState,
    /// The answer would need more work than the server allows.
    TooLarge,
    /// Too many messages too fast.
    RateLimited,
    /// No room has this code.
    NoSuchRoom,
    /// The room has no such exercise.
    NoSuchExercise,
    /// Only a teacher of the room may do this.
    NotTeacher,
    /// Someone else in the room goes by this name.
    NameTaken,
    /// The exercise was answered already: the first answer is final.
    AlreadyAnswered,
    /// The exercise's deadline has passed.
    DeadlinePassed,
    /// A student asked for values while their room withholds them (hints off, an exercise
    /// open and unanswered).
    HintsOff,
    /// A student asked for the engine at a level their room does not allow.
    EngineNotAllowed,
    /// Something failed inside the server; the request had no effect.
    Internal,
}

impl ErrorCode {
    /// The snake_case name, as it appears in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadMessage => "bad_message",
            ErrorCode::UnsupportedVersion => "unsupported_version",
            ErrorCode::HelloFirst => "hello_first",
            ErrorCode::AlreadyWelcomed => "already_welcomed",
            ErrorCode::BadAccessCode => "bad_access_code",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::BadParameters => "bad_parameters",
            ErrorCode::BadPosition => "bad_position",
            ErrorCode::BadNotation => "bad_notation",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::NotYourSeat => "not_your_seat",
            ErrorCode::NoSuchMatch => "no_such_match",
            ErrorCode::MatchNotActive => "match_not_active",
            ErrorCode::InvalidState => "invalid_state",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::NoSuchRoom => "no_such_room",
            ErrorCode::NoSuchExercise => "no_such_exercise",
            ErrorCode::NotTeacher => "not_teacher",
            ErrorCode::NameTaken => "name_taken",
            ErrorCode::AlreadyAnswered => "already_answered",
            ErrorCode::DeadlinePassed => "deadline_passed",
            ErrorCode::HintsOff => "hints_off",
            ErrorCode::EngineNotAllowed => "engine_not_allowed",
            ErrorCode::Internal => "internal",
        }
    }
}

/// The body of an `error` message.
///
/// `details` holds the values the message names, so that a client can say the same thing in
/// another language: `kind`, a stable snake_case name of the precise refusal (the `code` is
/// its family: many refusals share `invalid_state`), and one field per value (`room`,
/// `match_id`, `input`, `ply`, ...). Empty details are left out of the JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ErrorBody {
    /// What kind of error, for programs.
    pub code: ErrorCode,
    /// What went wrong and what to do, for people.
    pub message: String,
    /// The refusal's precise kind and the values its message names.
    #[serde(default, skip_serializing_if = "Details::is_empty")]
    pub details: Details,
}

/// The values an error names, by field: see [`ErrorBody`].
pub type Details = serde_json::Map<String, serde_json::Value>;

impl ErrorBody {
    /// An error with a code and a message, and no details.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ErrorBody {
        ErrorBody {
            code,
            message: message.into(),
            details: Details::new(),
        }
    }

    /// The same error with `key` set to `value` among its details.
    pub fn with(mut self, key: &str, value: impl Into<serde_json::Value>) -> ErrorBody {
        self.details.insert(key.to_owned(), value.into());
        self
    }

    /// The precise kind of the refusal (`details.kind`), when the server gave one.
    pub fn kind(&self) -> Option<&str> {
        self.details.get("kind").and_then(serde_json::Value::as_str)
    }
}
