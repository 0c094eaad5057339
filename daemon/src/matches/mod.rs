//! Matches: each one is an actor task that owns its [`Model`], stores every change before
//! acknowledging it, and publishes its full state to players and spectators.

mod actor;
mod clocks;
pub mod create;
mod error;
pub mod model;
mod registry;
pub mod restore;
mod snapshot;
#[cfg(test)]
mod tests;
mod view;

use std::sync::Arc;

use protocol::MatchState;
use tokio::sync::{mpsc, oneshot, watch};

pub use actor::spawn;
pub use clocks::Clocks;
pub use create::create_match;
pub use error::{EngineView, MatchError};
pub use model::Model;
pub use registry::Matches;
pub use restore::restore;
pub use snapshot::Snapshot;

/// Commands waiting for a match actor; a full queue makes senders wait, bounding memory.
pub const COMMAND_QUEUE: usize = 64;

/// A person, as the match knows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRef {
    /// Player id.
    pub id: i64,
    /// Display name.
    pub name: String,
}

/// What a player can do to a match besides moving.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Give up.
    Resign,
    /// Offer a draw (or accept a pending offer).
    OfferDraw,
    /// Accept the opponent's offer.
    AcceptDraw,
    /// Decline the opponent's offer.
    DeclineDraw,
    /// Call the match off before the first move.
    Abort,
    /// Ask for a rematch.
    Rematch,
}

/// The acknowledgement of a stored move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Accepted {
    /// The move's ply.
    pub ply: u32,
    /// Canonical notation.
    pub notation: String,
    /// The position after it.
    pub position: String,
}

type Reply<T> = oneshot::Sender<Result<T, MatchError>>;

/// A request to a match actor.
#[derive(Debug)]
pub enum Command {
    /// Take the free seat.
    Join {
        /// Who joins.
        player: PlayerRef,
        /// The new state, and the changes after it: taken by the actor as it answers, so
        /// that no change between the answer and the joiner's following is lost.
        reply: Reply<(MatchState, watch::Receiver<Arc<Snapshot>>)>,
    },
    /// Play a move.
    Move {
        /// Who moves.
        player: i64,
        /// The move as typed.
        text: String,
        /// The acknowledgement, sent after the move is on disk.
        reply: Reply<Accepted>,
    },
    /// Resign, draw offers, abort, rematch.
    Act {
        /// Who acts.
        player: i64,
        /// What they do.
        action: Action,
        /// Done.
        reply: Reply<()>,
    },
    /// End the match now, decided by the exact value of its position (a tournament's round
    /// ended by its teacher); nothing when it is over already.
    Adjudicate {
        /// Done.
        reply: Reply<()>,
    },
    /// Show or hide the values on the board again, exam mode having changed.
    Revalue,
    /// The full state, now.
    State {
        /// The state.
        reply: Reply<MatchState>,
    },
    /// The engine's move for `ply`, computed off the runtime.
    EngineMove {
        /// The ply it is for (a stale move is ignored).
        ply: u32,
        /// The move, or why the engine could not find one (for the log).
        result: Result<String, String>,
    },
}

/// How to reach a running match.
#[derive(Debug, Clone)]
pub struct MatchHandle {
    /// The match id.
    pub id: i64,
    tx: mpsc::Sender<Command>,
    state: watch::Receiver<Arc<Snapshot>>,
}

impl MatchHandle {
    /// The latest published change.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.state.borrow().clone()
    }

    /// Completes when the match is over, or when its actor is gone (the match ended and was
    /// put away, or the server stops): the database then says which.
    pub async fn ended(&self) {
        let mut changes = self.state.clone();
        while !changes.borrow_and_update().summary.status.is_over() {
            if changes.changed().await.is_err() {
                return;
            }
        }
    }

    /// A receiver of every future state (the current one is marked seen).
    pub fn subscribe(&self) -> watch::Receiver<Arc<Snapshot>> {
        let mut rx = self.state.clone();
        rx.mark_unchanged();
        rx
    }

    /// A receiver of every state after the one this handle was made with: for the creator of
    /// a match, whose reply is that first state, every change since (a join can come before
    /// the creator's connection starts following).
    pub fn changes_since_made(&self) -> watch::Receiver<Arc<Snapshot>> {
        self.state.clone()
    }

    /// The full state, from the actor.
    pub async fn state(&self) -> Result<MatchState, MatchError> {
        self.ask(|reply| Command::State { reply }).await
    }

    /// Sends a command that needs no reply, if the actor's queue has room (it is dropped
    /// otherwise: for news that a later change brings anyway).
    pub fn tell(&self, command: Command) {
        let _ = self.tx.try_send(command);
    }

    /// Sends a command and waits for its reply.
    pub async fn ask<T>(&self, make: impl FnOnce(Reply<T>) -> Command) -> Result<T, MatchError> {
        let (tx, rx) = oneshot::channel();
        let gone = || MatchError::Closed { match_id: self.id };
        self.tx.send(make(tx)).await.map_err(|_| gone())?;
        rx.await.map_err(|_| gone())?
    }
}
