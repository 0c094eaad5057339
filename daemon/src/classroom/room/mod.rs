//! One room: an actor task owns its [`State`] (as each match's actor owns its model), takes
//! the members' requests one at a time from a queue, follows the games its tournaments and
//! exhibitions started, and sends its events on two channels — one for teachers, who see
//! everything, and one for students, who see no solutions and nobody else's answers.

pub(crate) mod actor;
mod export;
mod members;
pub(crate) mod state;
pub(crate) mod store;
#[cfg(test)]
mod tests;

use std::sync::Arc;

use bytes::Bytes;
use protocol::{
    AnswerInfo, ExerciseInfo, ExerciseSpec, NewSimul, NewTournament, Role, RoomSettings, RoomView,
    SimulView, TournamentView,
};
use tokio::sync::{broadcast, mpsc, oneshot, watch};

pub(crate) use actor::spawn;
pub(crate) use members::{checked_engine, checked_language, room_name};
pub(crate) use state::{Policy, State};

use super::RoomError;
use crate::failure::Internal;
use crate::matches::PlayerRef;

/// Requests waiting for a room's actor; a full queue makes senders wait, bounding memory.
pub const COMMAND_QUEUE: usize = 256;

/// Events a member's connection may fall behind by before it is sent the whole room again.
pub const EVENT_BACKLOG: usize = 1024;

pub(crate) type Reply<T> = oneshot::Sender<Result<T, RoomError>>;

/// A request to a room's actor: one per request a member may send, and the connections'
/// comings and goings.
pub(crate) enum Command {
    /// Join, or change one's name in the room (a teacher with the owner token).
    Join {
        player: PlayerRef,
        /// The name asked for, checked.
        name: String,
        /// Whether the owner token was given.
        owner_token: Option<String>,
        /// The connection is in the room already: it is not counted twice.
        here: bool,
        reply: Reply<Entered>,
    },
    /// A connection in the room closed.
    Depart {
        player: i64,
    },
    /// A member leaves the room for good.
    Leave {
        player: i64,
        reply: Reply<()>,
    },
    /// The room as `player` sees it.
    View {
        player: i64,
        reply: Reply<RoomView>,
    },
    Configure {
        player: i64,
        hints: Option<bool>,
        engine: Option<String>,
        exam: Option<bool>,
        language: Option<String>,
        reply: Reply<RoomSettings>,
    },
    ReleaseAnswers {
        player: i64,
        reply: Reply<()>,
    },
    SetExercises {
        player: i64,
        specs: Vec<ExerciseSpec>,
        deadline_s: Option<u64>,
        reply: Reply<Vec<ExerciseInfo>>,
    },
    Answer {
        player: i64,
        exercise_id: i64,
        answer: String,
        reply: Reply<AnswerInfo>,
    },
    Export {
        player: i64,
        reply: Reply<String>,
    },
    CreateTournament {
        player: i64,
        new: NewTournament,
        reply: Reply<TournamentView>,
    },
    NextRound {
        player: i64,
        tournament: i64,
        reply: Reply<TournamentView>,
    },
    EnterTournament {
        player: i64,
        tournament: i64,
        reply: Reply<TournamentView>,
    },
    Withdraw {
        player: i64,
        tournament: i64,
        who: Option<i64>,
        reply: Reply<TournamentView>,
    },
    StartSimul {
        player: PlayerRef,
        new: NewSimul,
        reply: Reply<SimulView>,
    },
}

/// What the actor answers a join with.
pub(crate) struct Entered {
    pub(crate) role: Role,
    /// The room's events for that role, subscribed before the view was read.
    pub(crate) events: broadcast::Receiver<Bytes>,
    pub(crate) view: RoomView,
}

/// A connection's place in a room, from `create_room` or `join_room`.
pub struct Joined {
    /// The room.
    pub room: RoomHandle,
    /// The member's role.
    pub role: Role,
    /// The room's events for that role, from before the view was read.
    pub events: broadcast::Receiver<Bytes>,
    /// The room as the member sees it.
    pub view: RoomView,
}

/// How to reach a live room.
#[derive(Clone)]
pub struct RoomHandle {
    /// The join code.
    pub code: String,
    tx: mpsc::Sender<Command>,
    policy: watch::Receiver<Arc<Policy>>,
}

/// The room's actor stopped (it was let go, nobody being in it): ask the rooms again.
#[derive(Debug)]
pub(crate) struct Stopped;

impl RoomHandle {
    /// Sends a command and waits for its reply; `Stopped` when the actor is gone.
    pub(crate) async fn call<T>(
        &self,
        make: impl FnOnce(Reply<T>) -> Command,
    ) -> Result<Result<T, RoomError>, Stopped> {
        let (tx, rx) = oneshot::channel();
        self.tx.send(make(tx)).await.map_err(|_| Stopped)?;
        rx.await.map_err(|_| Stopped)
    }

    /// Sends a command and waits for its reply, from a connection in the room (which keeps
    /// it live: its actor stops only with the server).
    pub(crate) async fn ask<T>(
        &self,
        make: impl FnOnce(Reply<T>) -> Command,
    ) -> Result<T, RoomError> {
        self.call(make).await.unwrap_or_else(|Stopped| {
            Err(Internal::new("doing-reach-the-room", "the server is stopping").into())
        })
    }

    /// Tells the room that a connection of `player` in it closed.
    pub async fn depart(&self, player: i64) {
        let _ = self.tx.send(Command::Depart { player }).await;
    }

    /// What the room keeps from its students now.
    pub(crate) fn policy(&self) -> Arc<Policy> {
        self.policy.borrow().clone()
    }

    /// Whether `other` reaches the same actor.
    pub(crate) fn same(&self, other: &RoomHandle) -> bool {
        self.tx.same_channel(&other.tx)
    }
}
