//! Rooms: a teacher's class on the server. Students join with a short code; the teacher sets
//! exercises that the server grades exactly, and sees every answer as it arrives.

use serde::{Deserialize, Serialize};

use crate::queries::Span;
use crate::simul::SimulView;
use crate::tournament::TournamentView;
use crate::variant::GameParams;

/// Who someone is in a room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Sets exercises and sees everyone's answers: the room's creator, or whoever joined
    /// with its owner token.
    Teacher,
    /// Answers exercises and sees only their own answers.
    Student,
}

/// A room's switches, set by a teacher.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RoomSettings {
    /// Whether students may ask the server for values (`query`, `table`, `review`) while the
    /// room has an exercise open: off, they must work the answers out themselves.
    #[serde(default)]
    pub hints: bool,
    /// The strongest engine the room's students may play against: `easy`, `medium`,
    /// `perfect`, or `none` (only each other); any when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// Exam mode (docs/CLASSROOM.md): while any room holds an exam, nobody but its teachers
    /// gets analysis, plays the engine or sees values on a board, and its students see their
    /// grades and the solutions only once released (or past the deadline).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exam: bool,
    /// The room's language (`en`, `ja`) for what the whole class reads: the projector's
    /// boards and the results' CSV. Absent: each reader's own language (the CSV in English).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
}

/// An exercise as a teacher sets it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ExerciseSpec {
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// A position, `standard`, or `random` (drawn by the server, see `remoteness`).
    pub position: String,
    /// `outcome`, `grundy`, `winning_move`, `winning_moves` or `remoteness`.
    pub question: String,
    /// For `random`: the moves to the end with best play must lie in this range (the
    /// difficulty); any when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<Span>,
}

/// An exercise of a room, as its members see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ExerciseInfo {
    /// The exercise's id (unique on the server).
    pub id: i64,
    /// Exercises set together (a homework) share a set number, counted from 1 in the room.
    pub set: u32,
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// The position, in canonical notation.
    pub position: String,
    /// The position as drawn.
    pub board: crate::Board,
    /// The question's name.
    pub question: String,
    /// The question as a student reads it.
    pub prompt: String,
    /// When it was set (Unix ms).
    pub set_at: u64,
    /// When answers stop being taken (Unix ms), if ever.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<u64>,
    /// The exact answer: for teachers always, for students once the deadline has passed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// The position's legal moves, in notation, when there are at most
    /// [`crate::limits::LEGAL_MOVES_LISTED`]: a move is answered by pointing at the board.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legal_moves: Vec<String>,
}

/// A room member, as teachers see them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Member {
    /// Their player id.
    pub player_id: i64,
    /// Their name in the room.
    pub name: String,
    /// Teacher or student.
    pub role: Role,
    /// Whether they have a connection in the room now.
    pub connected: bool,
}

/// A graded answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct AnswerInfo {
    /// Which exercise.
    pub exercise_id: i64,
    /// Who answered.
    pub player_id: i64,
    /// Their name in the room.
    pub name: String,
    /// The answer as read, in canonical form.
    pub answer: String,
    /// Right or wrong, by the exact classification (false while `withheld`).
    pub correct: bool,
    /// Why (while `withheld`: when the grade will be told), in English.
    pub explanation: String,
    /// The same as a message of the catalogs, for a client to say in its reader's language
    /// (absent from answers given before servers said it so).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation_message: Option<crate::Message>,
    /// The grade is kept from the student until the teacher releases it or the deadline
    /// passes (a room holding an exam); the teacher sees it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withheld: bool,
    /// When (Unix ms).
    pub answered_at: u64,
}

/// How a class answered one exercise so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Tally {
    /// Which exercise.
    pub exercise_id: i64,
    /// Students in the room.
    pub students: u32,
    /// Students who answered.
    pub answered: u32,
    /// Of those, how many were right.
    pub correct: u32,
    /// Each different answer and how many gave it, the commonest first.
    pub histogram: Vec<AnswerCount>,
}

/// One bar of a [`Tally`]'s histogram.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct AnswerCount {
    /// The answer (canonical form).
    pub answer: String,
    /// Whether it is right.
    pub correct: bool,
    /// How many students gave it.
    pub count: u32,
}

/// A room as one member sees it: the reply to `create_room` and `join_room`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RoomView {
    /// The join code.
    pub code: String,
    /// The room's name.
    pub name: String,
    /// The reader's role.
    pub role: Role,
    /// The room's switches.
    pub settings: RoomSettings,
    /// The secret that makes its holder a teacher of this room (`join_room` with
    /// `owner_token`): only in the reply to `create_room`. Keep it private.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner_token: Option<String>,
    /// Everyone in the room (teachers only; empty for students).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<Member>,
    /// Every exercise set so far, oldest first.
    pub exercises: Vec<ExerciseInfo>,
    /// Answers: every student's for teachers, the reader's own for students.
    pub answers: Vec<AnswerInfo>,
    /// How the class answered each exercise (teachers only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tallies: Vec<Tally>,
    /// The room's tournaments, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tournaments: Vec<TournamentView>,
    /// The room's exhibitions, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub simuls: Vec<SimulView>,
}
