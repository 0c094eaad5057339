//! The live matches, and what their actors share: the database they store to, the tables
//! the engine plays from, the settings, and who is here.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use protocol::{MatchStatus, MatchSummary};

use super::MatchHandle;
use crate::config::Config;
use crate::db::Db;
use crate::exam::Exam;
use crate::presence::Presence;
use crate::solver::Solver;

/// A page of the lobby.
pub struct Lobby {
    /// Matches waiting for an opponent.
    pub open: Vec<MatchSummary>,
    /// How many wait in all.
    pub open_total: usize,
    /// Matches under way.
    pub playing: Vec<MatchSummary>,
    /// How many are under way in all.
    pub playing_total: usize,
}

/// Every live match: under way, waiting, or recently over.
pub struct Matches {
    /// Where every change is stored before it is acknowledged.
    pub(crate) db: Db,
    /// The engine's tables.
    pub(crate) solver: Arc<Solver>,
    /// Engine delay, repetition limit, grace period, linger.
    pub(crate) config: Config,
    /// Which players have a connection open: a seat's player is away when none is.
    pub(crate) presence: Arc<Presence>,
    /// By id. A std mutex: it is never held across an await.
    live: Mutex<HashMap<i64, MatchHandle>>,
    /// Held while a finished match is brought back from the database, so it comes back once.
    pub(crate) reviving: tokio::sync::Mutex<()>,
    /// In exam mode boards show no values.
    pub(crate) exam: Arc<Exam>,
}

impl Matches {
    /// No live match yet.
    pub fn new(
        db: Db,
        solver: Arc<Solver>,
        config: Config,
        presence: Arc<Presence>,
        exam: Arc<Exam>,
    ) -> Matches {
        Matches {
            db,
            solver,
            config,
            presence,
            exam,
            live: Mutex::new(HashMap::new()),
            reviving: tokio::sync::Mutex::new(()),
        }
    }

    fn live(&self) -> MutexGuard<'_, HashMap<i64, MatchHandle>> {
        self.live.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Registers a live match.
    pub(crate) fn insert(&self, handle: MatchHandle) {
        self.live().insert(handle.id, handle);
    }

    /// Forgets a match whose actor stopped.
    pub(crate) fn remove(&self, id: i64) {
        self.live().remove(&id);
    }

    /// Values a sum's components for its board, unless the server is in exam mode.
    pub(crate) fn value_components(&self, model: &mut super::Model) {
        let knowledge = (!self.exam.is_on()).then(|| self.solver.current());
        model.value_components(knowledge.as_deref());
    }

    /// Tells every live match to show or hide its board's values, exam mode having changed.
    pub fn revalue_all(&self) {
        let handles: Vec<MatchHandle> = self.live().values().cloned().collect();
        for h in handles {
            h.tell(super::Command::Revalue);
        }
    }

    /// A live match.
    pub fn get(&self, id: i64) -> Option<MatchHandle> {
        self.live().get(&id).cloned()
    }

    /// A page of the matches waiting for an opponent and of those under way, oldest first:
    /// `offset` skipped and at most `limit` of each, with each list's whole length.
    pub fn lobby(&self, offset: usize, limit: usize) -> Lobby {
        let mut states: Vec<_> = self.live().values().map(|h| h.snapshot()).collect();
        states.sort_by_key(|s| s.summary.match_id);
        let pick = |status| {
            let all = states.iter().filter(|s| s.summary.status == status);
            let total = all.clone().count();
            let page = all
                .skip(offset)
                .take(limit)
                .map(|s| s.summary.clone())
                .collect();
            (page, total)
        };
        let (open, open_total) = pick(MatchStatus::Waiting);
        let (playing, playing_total) = pick(MatchStatus::Playing);
        Lobby {
            open,
            open_total,
            playing,
            playing_total,
        }
    }
}
