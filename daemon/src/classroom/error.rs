//! Why a room refused a request: who may do what in it, its exercises, tournaments and
//! exhibitions. A domain error: the connection turns it into the wire's error body
//! (`connection::refusal`); its `Serialize` form is the body's details.

use serde::Serialize;

use crate::exam::ExamError;
use crate::failure::Internal;
use crate::names::NameError;
use crate::solver::EngineLimit;

/// A refusal by a room. Messages are for people: what is wrong and what to do instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("{}", self.english())]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RoomError {
    /// No room has the code.
    NoSuchRoom {
        /// The code asked for.
        room: String,
    },
    /// What was typed cannot be a room code.
    NotACode {
        /// What was typed, in capitals.
        typed: String,
        /// Characters in a code.
        length: usize,
    },
    /// An owner token that is not the room's.
    NotOwnerToken {
        /// The room.
        room: String,
    },
    /// Another member's name reads the same.
    NameTaken {
        /// The room.
        room: String,
        /// The member's name.
        taken: String,
        /// The name asked for.
        name: String,
        /// Whether the two are written alike (else they only read the same).
        same: bool,
    },
    /// A student asked for what only teachers do.
    NotTeacher {
        /// The room.
        room: String,
    },
    /// The sender is not a member.
    NotMember {
        /// The room.
        room: String,
    },
    /// A member who cannot leave: a teacher, or a student whose answers or games the room
    /// keeps.
    CannotLeave {
        /// The room.
        room: String,
        /// Why not: `teacher`, `answered` (the room keeps their answers) or `played` (their
        /// games).
        why: &'static str,
    },
    /// The connection has not joined the room.
    NotJoinedHere {
        /// The room.
        room: String,
    },
    /// A room's name that is empty.
    EmptyRoomName,
    /// A room's name that is too long.
    LongRoomName {
        /// Most characters.
        most: usize,
    },
    /// A room's name with a control character.
    ControlInRoomName,
    /// An engine limit that is no level.
    BadEngineLevel {
        /// The level given.
        level: String,
    },
    /// A room language the catalogs do not have.
    UnknownLanguage {
        /// The language given.
        language: String,
        /// The languages there are.
        known: Vec<String>,
    },
    /// A student of the room asked for the engine above the room's limit.
    EngineNotAllowed {
        /// The room.
        room: String,
        /// The strongest level allowed, or `none`.
        limit: String,
    },
    /// Too many (or no) exercises in one set.
    ExerciseCount {
        /// How many were sent.
        count: usize,
        /// Most in one set.
        most: usize,
    },
    /// One exercise of a set was refused.
    InExercise {
        /// 1 for the first of the set.
        number: usize,
        /// Why it was refused.
        error: Box<RoomError>,
    },
    /// A deadline beyond what a clock holds.
    DeadlineTooFar,
    /// A teacher answered an exercise.
    TeachersDoNotAnswer,
    /// No exercise has the id.
    NoSuchExercise {
        /// The room.
        room: String,
        /// The exercise asked for.
        exercise: i64,
    },
    /// The exercise's deadline has passed.
    DeadlinePassed {
        /// The exercise.
        exercise: i64,
    },
    /// A second answer.
    AlreadyAnswered {
        /// The exercise.
        exercise: i64,
    },
    /// A tournament with fewer than two students present.
    TooFewStudents {
        /// The room.
        room: String,
        /// Students present.
        here: usize,
    },
    /// A number of rounds out of range.
    RoundCount {
        /// The rounds asked for.
        rounds: u32,
        /// Most rounds.
        most: u32,
    },
    /// A teacher (or a stranger) entering a tournament.
    StudentsOnly {
        /// The room.
        room: String,
    },
    /// A late entry into a round robin.
    RoundRobinFixed,
    /// Withdrawing someone who does not play.
    NotEntrant {
        /// The player.
        player: i64,
        /// The tournament.
        tournament: i64,
    },
    /// No tournament has the id.
    NoSuchTournament {
        /// The room.
        room: String,
        /// The tournament asked for.
        tournament: i64,
    },
    /// The tournament is over.
    TournamentOver {
        /// The tournament.
        tournament: i64,
    },
    /// An exhibition with no student present.
    NobodyHere {
        /// The room.
        room: String,
    },
    /// A name refused.
    #[serde(untagged)]
    Name(#[from] NameError),
    /// The server's exam keeps this from a student.
    #[serde(untagged)]
    Exam(#[from] ExamError),
    /// A game the engine cannot play.
    #[serde(untagged)]
    EngineLimit(#[from] EngineLimit),
    /// Something failed inside the server; nothing was changed.
    #[serde(untagged)]
    Internal(#[from] Internal),
    /// A parameter, a start or a question that is unreadable or against the rules.
    #[serde(untagged, serialize_with = "crate::failure::rules")]
    Rules(#[from] engine::Error),
}

impl RoomError {
    /// What the refusal says in English: its message of the catalogs, but for the engine's
    /// limits, which it says itself.
    fn english(&self) -> String {
        match self {
            RoomError::Rules(e) => crate::failure::rules_english(e),
            RoomError::EngineLimit(e) => e.to_string(),
            RoomError::InExercise { number, error } => {
                let m = protocol::Message::new("error-in_exercise")
                    .with("number", protocol::MessageArg::Text(number.to_string()))
                    .with("error", protocol::MessageArg::Text(error.to_string()));
                protocol::i18n::english(&m)
            }
            other => crate::failure::english(other),
        }
    }
}
