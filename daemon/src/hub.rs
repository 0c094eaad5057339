//! What every connection shares: the database, the tables, and the live matches.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use protocol::{MatchStatus, MatchSummary};

use crate::analysis::Analysis;
use crate::config::Config;
use crate::db::Db;
use crate::matches::{self, MatchHandle};

/// Shared server state.
pub struct Hub {
    /// Where everything is stored.
    pub db: Db,
    /// Settings from the command line.
    pub config: Config,
    /// Solved tables for the engine and for queries.
    pub analysis: Analysis,
    /// Live matches by id: under way, waiting, or recently over. A std mutex: it is never
    /// held across an await.
    matches: Mutex<HashMap<i64, MatchHandle>>,
    /// Held while a finished match is brought back from the database, so it comes back once.
    pub(crate) reviving: tokio::sync::Mutex<()>,
    /// Becomes true when the server stops: every connection closes with 1001.
    stopping: tokio::sync::watch::Sender<bool>,
}

impl Hub {
    /// Loads (on a new database: computes and stores) the analysis tables of the sizes in
    /// `config`, and brings back the matches that were under way.
    pub async fn start(db: Db, config: Config) -> anyhow::Result<Arc<Hub>> {
        let analysis = Analysis::start(&db, config.sizes()).await?;
        let hub = Arc::new(Hub {
            db,
            config,
            analysis,
            matches: Mutex::new(HashMap::new()),
            reviving: tokio::sync::Mutex::new(()),
            stopping: tokio::sync::watch::Sender::new(false),
        });
        let restored = matches::restore(&hub).await?;
        if restored > 0 {
            tracing::info!(restored, "matches under way restored from the database");
        }
        Ok(hub)
    }

    /// Tells every connection that the server is stopping.
    pub fn begin_shutdown(&self) {
        self.stopping.send_replace(true);
    }

    /// A receiver that changes to `true` when the server stops.
    pub fn stopping(&self) -> tokio::sync::watch::Receiver<bool> {
        self.stopping.subscribe()
    }

    fn live(&self) -> std::sync::MutexGuard<'_, HashMap<i64, MatchHandle>> {
        self.matches.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Registers a live match.
    pub fn insert(&self, handle: MatchHandle) {
        self.live().insert(handle.id, handle);
    }

    /// Forgets a match whose actor stopped.
    pub fn remove(&self, id: i64) {
        self.live().remove(&id);
    }

    /// A live match.
    pub fn get(&self, id: i64) -> Option<MatchHandle> {
        self.live().get(&id).cloned()
    }

    /// Matches waiting for an opponent and matches under way, oldest first.
    pub fn lobby(&self) -> (Vec<MatchSummary>, Vec<MatchSummary>) {
        let mut states: Vec<_> = self.live().values().map(|h| h.snapshot()).collect();
        states.sort_by_key(|s| s.summary.match_id);
        let pick = |status| {
            states
                .iter()
                .filter(|s| s.summary.status == status)
                .map(|s| s.summary.clone())
                .collect()
        };
        (pick(MatchStatus::Waiting), pick(MatchStatus::Playing))
    }
}
