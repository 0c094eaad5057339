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
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RoomError {
    /// No room has the code.
    #[error("no room has the code {room}; check the code on the teacher's screen")]
    NoSuchRoom {
        /// The code asked for.
        room: String,
    },
    /// What was typed cannot be a room code.
    #[error(
        "{typed:?} is not a room code: a code is {length} letters and digits such as K7Q2 \
         (no 0, O, 1 or I); check the code on the teacher's screen"
    )]
    NotACode {
        /// What was typed, in capitals.
        typed: String,
        /// Characters in a code.
        length: usize,
    },
    /// An owner token that is not the room's.
    #[error("this is not the owner token of room {room}; join without it as a student")]
    NotOwnerToken {
        /// The room.
        room: String,
    },
    /// Another member's name reads the same.
    #[error("someone in room {room} already goes by {}; join with another name", taken_words(.taken, .name))]
    NameTaken {
        /// The room.
        room: String,
        /// The member's name.
        taken: String,
        /// The name asked for.
        name: String,
    },
    /// A student asked for what only teachers do.
    #[error(
        "only a teacher of room {room} may do this; a teacher joins with the room's owner token"
    )]
    NotTeacher {
        /// The room.
        room: String,
    },
    /// The sender is not a member.
    #[error(
        "you are not in room {room}; join it first: {{\"type\":\"join_room\",\"code\":\"{room}\"}}"
    )]
    NotMember {
        /// The room.
        room: String,
    },
    /// A member who cannot leave: a teacher, or a student whose answers or games the room
    /// keeps.
    #[error("you cannot leave room {room}: {why}; to leave this computer, log out instead")]
    CannotLeave {
        /// The room.
        room: String,
        /// Why not.
        why: &'static str,
    },
    /// The connection has not joined the room.
    #[error(
        "join room {room} on this connection first: {{\"type\":\"join_room\",\"code\":\"{room}\"}}"
    )]
    NotJoinedHere {
        /// The room.
        room: String,
    },
    /// A room's name that is empty.
    #[error("room name must not be empty; name the class, such as \"3B maths\"")]
    EmptyRoomName,
    /// A room's name that is too long.
    #[error("room name is too long: at most {most} characters")]
    LongRoomName {
        /// Most characters.
        most: usize,
    },
    /// A room's name with a control character.
    #[error("room name must not contain control characters")]
    ControlInRoomName,
    /// An engine limit that is no level.
    #[error("engine {level:?}: allow easy, medium, perfect, or none")]
    BadEngineLevel {
        /// The level given.
        level: String,
    },
    /// A student of the room asked for the engine above the room's limit.
    #[error("room {room} allows {}", allowed_words(.limit))]
    EngineNotAllowed {
        /// The room.
        room: String,
        /// The strongest level allowed, or `none`.
        limit: String,
    },
    /// Too many (or no) exercises in one set.
    #[error("{count} exercises: set between 1 and {most} at a time")]
    ExerciseCount {
        /// How many were sent.
        count: usize,
        /// Most in one set.
        most: usize,
    },
    /// One exercise of a set was refused.
    #[error("exercise {number}: {error}")]
    InExercise {
        /// 1 for the first of the set.
        number: usize,
        /// Why it was refused.
        error: Box<RoomError>,
    },
    /// A deadline beyond what a clock holds.
    #[error("the deadline is too far away")]
    DeadlineTooFar,
    /// A teacher answered an exercise.
    #[error(
        "teachers set exercises and students answer them; join the room with another name \
         to try one"
    )]
    TeachersDoNotAnswer,
    /// No exercise has the id.
    #[error("room {room} has no exercise {exercise}")]
    NoSuchExercise {
        /// The room.
        room: String,
        /// The exercise asked for.
        exercise: i64,
    },
    /// The exercise's deadline has passed.
    #[error("the deadline of exercise {exercise} has passed; answers are no longer taken")]
    DeadlinePassed {
        /// The exercise.
        exercise: i64,
    },
    /// A second answer.
    #[error("you have answered exercise {exercise} already; the first answer is final")]
    AlreadyAnswered {
        /// The exercise.
        exercise: i64,
    },
    /// A tournament with fewer than two students present.
    #[error("a tournament needs at least two students here; {here} of room {room} are")]
    TooFewStudents {
        /// The room.
        room: String,
        /// Students present.
        here: usize,
    },
    /// A number of rounds out of range.
    #[error("{rounds} rounds: a tournament has 1 to {most}")]
    RoundCount {
        /// The rounds asked for.
        rounds: u32,
        /// Most rounds.
        most: u32,
    },
    /// A teacher (or a stranger) entering a tournament.
    #[error("only the students of room {room} play its tournaments")]
    StudentsOnly {
        /// The room.
        room: String,
    },
    /// A late entry into a round robin.
    #[error(
        "a round robin's pairings are fixed when it starts; ask your teacher for the next one"
    )]
    RoundRobinFixed,
    /// Withdrawing someone who does not play.
    #[error("player {player} does not play in tournament {tournament}")]
    NotEntrant {
        /// The player.
        player: i64,
        /// The tournament.
        tournament: i64,
    },
    /// No tournament has the id.
    #[error("room {room} has no tournament {tournament}")]
    NoSuchTournament {
        /// The room.
        room: String,
        /// The tournament asked for.
        tournament: i64,
    },
    /// The tournament is over.
    #[error("tournament {tournament} is over")]
    TournamentOver {
        /// The tournament.
        tournament: i64,
    },
    /// An exhibition with no student present.
    #[error("no student of room {room} is here to play")]
    NobodyHere {
        /// The room.
        room: String,
    },
    /// A name refused.
    #[error(transparent)]
    #[serde(untagged)]
    Name(#[from] NameError),
    /// The server's exam keeps this from a student.
    #[error(transparent)]
    #[serde(untagged)]
    Exam(#[from] ExamError),
    /// A game the engine cannot play.
    #[error(transparent)]
    #[serde(untagged)]
    EngineLimit(#[from] EngineLimit),
    /// Something failed inside the server; nothing was changed.
    #[error(transparent)]
    #[serde(untagged)]
    Internal(#[from] Internal),
    /// A parameter, a start or a question that is unreadable or against the rules.
    #[error(transparent)]
    #[serde(untagged, serialize_with = "crate::failure::rules")]
    Rules(#[from] engine::Error),
}

fn taken_words(taken: &str, name: &str) -> String {
    if taken == name {
        taken.to_owned()
    } else {
        format!("{taken:?}, which reads the same as {name:?}")
    }
}

fn allowed_words(limit: &str) -> String {
    match limit {
        "none" => "the engine not at all: play a classmate".to_owned(),
        l => format!("the engine up to {l}"),
    }
}
