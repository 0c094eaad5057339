//! A refusal as the wire says it: the stable code for programs, the refusing part's own words
//! for people, and the details (the refusal's precise kind and the values its message names)
//! for a client that says it in another language. The only place that knows wire codes.

use engine::ErrorKind;
use protocol::{Details, ErrorBody, ErrorCode};
use serde::Serialize;

use crate::classroom::RoomError;
use crate::exam::ExamError;
use crate::failure::Internal;
use crate::matches::MatchError;
use crate::names::NameError;
use crate::queries::QueryError;
use crate::records::RecordError;

/// A request refused, by the part of the server that refused it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(untagged)]
pub enum Refusal {
    /// The connection itself: the handshake, the rate of messages, a frame.
    #[error(transparent)]
    Session(#[from] SessionError),
    /// A match (seats, turns, draws) or the rules of its game.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// A room (membership, exercises, tournaments, exhibitions).
    #[error(transparent)]
    Room(#[from] RoomError),
    /// A question about positions, tables or stored games.
    #[error(transparent)]
    Query(#[from] QueryError),
    /// A name.
    #[error(transparent)]
    Name(#[from] NameError),
    /// The server's exam.
    #[error(transparent)]
    Exam(#[from] ExamError),
    /// A failure inside the server; nothing was changed.
    #[error(transparent)]
    Internal(#[from] Internal),
    /// A game parameter, a position or a move unreadable or against the rules.
    #[error("{}", crate::failure::rules_english(.0))]
    #[serde(serialize_with = "crate::failure::rules")]
    Rules(#[from] engine::Error),
}

/// What the connection itself refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("{}", crate::failure::english(self))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SessionError {
    /// A request before `hello`.
    HelloFirst,
    /// A second `hello`.
    AlreadyWelcomed,
    /// A protocol version the server does not speak.
    UnsupportedVersion {
        /// The version asked for.
        version: u32,
        /// The versions spoken.
        supported: Vec<u32>,
    },
    /// Too many wrong codes or tokens from the address.
    Guessing {
        /// Seconds to wait.
        retry_after_s: u64,
    },
    /// No access code, on a server that needs one.
    NeedsAccessCode,
    /// A wrong access code.
    WrongAccessCode,
    /// A reconnect token nobody has.
    UnknownToken,
    /// Values asked for by a student whose room withholds them.
    HintsWithheld {
        /// The room.
        room: String,
        /// What the student has to do first: `exercise` (answer it) or `game` (finish it).
        why: &'static str,
    },
    /// A player with too many research requests under way.
    ResearchWaiting {
        /// Most requests a player may have waiting or running.
        most: usize,
    },
    /// No live match has the id.
    NoLiveMatch {
        /// The match asked for.
        match_id: i64,
    },
    /// No match has the id.
    NoMatch {
        /// The match asked for.
        match_id: i64,
    },
    /// A binary frame.
    BinaryFrame,
    /// A frame broken at the websocket level.
    BadFrame {
        /// What is wrong with it.
        reason: String,
    },
    /// Messages faster than the rate allowed.
    TooFast {
        /// Messages a second.
        rate: u32,
    },
    /// A message that cannot be read.
    Unreadable {
        /// What is wrong, and where.
        reason: String,
    },
}

impl Refusal {
    /// The error body the wire carries.
    pub fn body(&self) -> ErrorBody {
        let details = match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(map)) => map,
            _ => Details::new(),
        };
        ErrorBody {
            code: code(self),
            message: self.to_string(),
            details,
        }
    }
}

impl From<crate::guard::Limited> for Refusal {
    fn from(limited: crate::guard::Limited) -> Refusal {
        Refusal::Session(SessionError::Guessing {
            retry_after_s: limited.retry_after_s(),
        })
    }
}

impl From<crate::pool::TooMany> for Refusal {
    fn from(_: crate::pool::TooMany) -> Refusal {
        Refusal::Session(SessionError::ResearchWaiting {
            most: crate::pool::MAX_WAITING_PER_PLAYER,
        })
    }
}

/// The wire code of `e`.
fn code(e: &Refusal) -> ErrorCode {
    match e {
        Refusal::Session(e) => session_code(e),
        Refusal::Match(e) => match_code(e),
        Refusal::Room(e) => room_code(e),
        Refusal::Query(e) => query_code(e),
        Refusal::Rules(e) => rules_code(e),
        Refusal::Name(_) => ErrorCode::BadParameters,
        Refusal::Exam(e) => exam_code(e),
        Refusal::Internal(_) => ErrorCode::Internal,
    }
}

fn exam_code(e: &ExamError) -> ErrorCode {
    match e {
        ExamError::UnderWay { .. } => ErrorCode::HintsOff,
        ExamError::Internal(_) => ErrorCode::Internal,
    }
}

fn session_code(e: &SessionError) -> ErrorCode {
    use SessionError as S;
    match e {
        S::HelloFirst => ErrorCode::HelloFirst,
        S::AlreadyWelcomed => ErrorCode::AlreadyWelcomed,
        S::UnsupportedVersion { .. } => ErrorCode::UnsupportedVersion,
        S::Guessing { .. } | S::ResearchWaiting { .. } | S::TooFast { .. } => {
            ErrorCode::RateLimited
        }
        S::NeedsAccessCode | S::WrongAccessCode => ErrorCode::BadAccessCode,
        S::UnknownToken => ErrorCode::BadToken,
        S::HintsWithheld { .. } => ErrorCode::HintsOff,
        S::NoLiveMatch { .. } | S::NoMatch { .. } => ErrorCode::NoSuchMatch,
        S::BinaryFrame | S::BadFrame { .. } | S::Unreadable { .. } => ErrorCode::BadMessage,
    }
}

/// The wire code of an engine error: which part of the request to correct.
pub fn rules_code(e: &engine::Error) -> ErrorCode {
    match e.kind() {
        ErrorKind::Params => ErrorCode::BadParameters,
        ErrorKind::Position => ErrorCode::BadPosition,
        ErrorKind::Notation => ErrorCode::BadNotation,
        ErrorKind::Illegal => ErrorCode::IllegalMove,
        ErrorKind::TooLarge => ErrorCode::TooLarge,
    }
}

fn match_code(e: &MatchError) -> ErrorCode {
    match e {
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
        MatchError::Rules(e) => rules_code(e),
        MatchError::EngineLimit(_) => ErrorCode::TooLarge,
        MatchError::Internal(_) => ErrorCode::Internal,
    }
}

fn room_code(e: &RoomError) -> ErrorCode {
    use RoomError as R;
    match e {
        R::NoSuchRoom { .. } | R::NotACode { .. } => ErrorCode::NoSuchRoom,
        R::NotOwnerToken { .. } => ErrorCode::BadToken,
        R::NameTaken { .. } => ErrorCode::NameTaken,
        R::NotTeacher { .. } => ErrorCode::NotTeacher,
        R::NotMember { .. }
        | R::CannotLeave { .. }
        | R::NotJoinedHere { .. }
        | R::TeachersDoNotAnswer
        | R::TooFewStudents { .. }
        | R::StudentsOnly { .. }
        | R::RoundRobinFixed
        | R::NotEntrant { .. }
        | R::NoSuchTournament { .. }
        | R::TournamentOver { .. }
        | R::NobodyHere { .. } => ErrorCode::InvalidState,
        R::EmptyRoomName
        | R::LongRoomName { .. }
        | R::ControlInRoomName
        | R::BadEngineLevel { .. }
        | R::UnknownLanguage { .. }
        | R::ExerciseCount { .. }
        | R::DeadlineTooFar
        | R::RoundCount { .. }
        | R::Name(_) => ErrorCode::BadParameters,
        R::EngineNotAllowed { .. } => ErrorCode::EngineNotAllowed,
        R::Exam(e) => exam_code(e),
        R::InExercise { error, .. } => room_code(error),
        R::NoSuchExercise { .. } => ErrorCode::NoSuchExercise,
        R::DeadlinePassed { .. } => ErrorCode::DeadlinePassed,
        R::AlreadyAnswered { .. } => ErrorCode::AlreadyAnswered,
        R::EngineLimit(_) => ErrorCode::TooLarge,
        R::Internal(_) => ErrorCode::Internal,
        R::Rules(e) => rules_code(e),
    }
}

fn query_code(e: &QueryError) -> ErrorCode {
    use QueryError as Q;
    match e {
        Q::MisereHasNoGrundy { .. }
        | Q::NoStoredTable { .. }
        | Q::NotATable { .. }
        | Q::NegativeLine { .. }
        | Q::NegativeDiagonal { .. }
        | Q::EdgeDiagonal { .. }
        | Q::EmptyLine { .. }
        | Q::NoLayer
        | Q::BackwardRange
        | Q::SumHasNoTable
        | Q::LineCount { .. }
        | Q::FiniteColumns { .. }
        | Q::UnreadableFormula { .. }
        | Q::FormulaFails { .. }
        | Q::CheckAbandoned
        | Q::GuessBound { .. }
        | Q::NoNamedCheck { .. }
        | Q::NoTableForCheck { .. }
        | Q::ResultNeedsPlayer
        | Q::UnknownResult { .. }
        | Q::PageBeyond { .. } => ErrorCode::BadParameters,
        Q::StaircaseTooTall { .. }
        | Q::HeapsTooLarge { .. }
        | Q::BeyondTable { .. }
        | Q::LineBeyond { .. }
        | Q::LongSequence { .. }
        | Q::ManyPPositions { .. }
        | Q::ManyCells { .. }
        | Q::ManySearchedCells { .. }
        | Q::CheckTooLong { .. }
        | Q::LargeExport { .. }
        | Q::EngineLimit(_) => ErrorCode::TooLarge,
        Q::NoSuchGame { .. } => ErrorCode::NoSuchMatch,
        Q::Import(record) => match record.as_ref() {
            RecordError::Move { error, .. } => rules_code(error),
            RecordError::Result(_) => ErrorCode::InvalidState,
            _ => ErrorCode::BadNotation,
        },
        Q::Unfinished | Q::Imported { .. } => ErrorCode::InvalidState,
        Q::Internal(_) => ErrorCode::Internal,
        Q::Rules(e) => rules_code(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_refusal_carries_its_kind_and_the_values_its_message_names() {
        let taken = Refusal::from(RoomError::NameTaken {
            room: "K7Q2".into(),
            taken: "Ada".into(),
            name: "ada".into(),
            same: false,
        })
        .body();
        assert_eq!(taken.code, ErrorCode::NameTaken);
        assert_eq!(
            taken.message,
            "someone in room K7Q2 already goes by \"Ada\", which reads the same as \"ada\"; \
             join with another name"
        );
        assert_eq!(
            serde_json::Value::Object(taken.details),
            json!({"kind": "name_taken", "room": "K7Q2", "taken": "Ada", "name": "ada", "same": false})
        );
        let turn = Refusal::from(MatchError::NotYourTurn {
            match_id: 4,
            to_move: 1,
        })
        .body();
        assert_eq!(turn.code, ErrorCode::NotYourTurn);
        assert_eq!(turn.kind(), Some("not_your_turn"));
        assert_eq!(turn.details["match_id"], 4);
    }

    #[test]
    fn the_rules_name_the_input_and_the_ply() {
        let not_legal = engine::Said::new("rule-not-legal");
        let e = engine::Error::new(engine::ErrorKind::Illegal, "5,3 4,1", not_legal)
            .at_ply(7, Some("5,3 4,1"));
        for refused in [
            Refusal::from(e.clone()),
            Refusal::from(MatchError::Rules(e.clone())),
            Refusal::from(QueryError::Rules(e.clone())),
        ] {
            let body = refused.body();
            assert_eq!(body.code, ErrorCode::IllegalMove);
            assert_eq!(body.message, "ply 7 (`5,3 4,1`): not among the legal moves");
            let reason = json!({
                "id": "rule-at-ply-move",
                "args": {"ply": "7", "move": "5,3 4,1", "reason": {"id": "rule-not-legal"}}
            });
            assert_eq!(
                serde_json::Value::Object(body.details.clone()),
                json!({
                    "kind": "illegal",
                    "input": "5,3 4,1",
                    "reason": reason,
                    "ply": 7,
                    "move": "5,3 4,1"
                })
            );
            // A client says it from the details alone, in either language.
            let say = |lang| protocol::i18n::refusal_text(lang, &body.details, "");
            assert_eq!(say("en"), body.message);
            assert_eq!(say("ja"), "7手目（`5,3 4,1`）: 合法手ではありません");
        }
        let nested = Refusal::from(RoomError::InExercise {
            number: 2,
            error: Box::new(RoomError::Rules(e)),
        })
        .body();
        assert_eq!(nested.code, ErrorCode::IllegalMove);
        assert!(
            nested.message.starts_with("exercise 2: "),
            "{}",
            nested.message
        );
        assert_eq!(nested.details["error"]["kind"], "illegal");
    }

    #[test]
    fn names_internal_failures_and_the_connections_own_refusals_have_kinds_too() {
        let name = Refusal::from(crate::names::check_name("a\u{1b}").unwrap_err()).body();
        assert_eq!(name.code, ErrorCode::BadParameters);
        assert_eq!(name.kind(), Some("name_character"));
        assert_eq!(name.details["position"], 2);
        let internal = Refusal::from(Internal {
            context: "doing-store-your-move",
        })
        .body();
        assert_eq!(internal.code, ErrorCode::Internal);
        assert_eq!(
            serde_json::Value::Object(internal.details),
            json!({"kind": "internal", "context": {"id": "doing-store-your-move"}})
        );
        assert_eq!(
            internal.message,
            "the server could not store your move; nothing was changed, please try again"
        );
        let version = Refusal::from(SessionError::UnsupportedVersion {
            version: 2,
            supported: vec![1],
        })
        .body();
        assert_eq!(version.code, ErrorCode::UnsupportedVersion);
        assert_eq!(version.details["supported"], json!([1]));
        let limit = Refusal::from(crate::pool::TooMany).body();
        assert_eq!(limit.code, ErrorCode::RateLimited);
        assert_eq!(limit.kind(), Some("research_waiting"));
    }
}
