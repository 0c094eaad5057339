//! The classroom: a teacher opens a room, students join it with its code; in it the teacher
//! sets exercises, graded exactly at once, and runs tournaments and exhibitions.
//!
//! Each live room is an actor (`room/`), as each match is: one task owns the room's state,
//! takes its members' requests one at a time, follows the games it started, and stops when
//! nobody is in it and nothing runs; it is read back from the database when asked for. A
//! feature's handlers, its SQL and its wire mapping live in its folder:
//!
//! - `rooms.rs`: the live rooms by code, opening, joining, bringing back after a restart;
//! - `room/`: the actor, members and switches, the room's view, the results as CSV;
//! - `exercises/`: setting exercises, grading answers;
//! - `tournament/`: pairing, the rounds, standings;
//! - `simul/`: exhibitions.

mod code;
mod error;
mod exercises;
pub(crate) mod room;
mod rooms;
mod simul;
#[cfg(test)]
mod tests;
pub mod tournament;

use std::sync::Arc;

pub use code::normalize as normalize_code;
pub use error::RoomError;
pub use exercises::{AnswerRow, ExerciseRow};
pub use room::store::{MemberRow, RoomRow, StoredRoom};
pub(crate) use room::{Command, Reply};
pub use room::{Joined, RoomHandle};
pub(crate) use rooms::Live;
pub use rooms::Rooms;
pub use simul::{SimulGameRow, SimulRow, StoredSimul};
pub use tournament::{StoredTournament, TournamentGameRow, TournamentRow};

use crate::config::Config;
use crate::db::Db;
use crate::exam::Exam;
use crate::matches::Matches;
use crate::solver::Solver;

/// What rooms need of the rest of the server.
#[derive(Clone)]
pub(crate) struct Deps {
    pub(crate) db: Db,
    pub(crate) solver: Arc<Solver>,
    pub(crate) matches: Arc<Matches>,
    pub(crate) exam: Arc<Exam>,
    pub(crate) config: Config,
}
