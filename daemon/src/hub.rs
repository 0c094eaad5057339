//! What every connection shares: the database, the tables, who is here, and the live matches.

use std::sync::Arc;

use crate::classroom::{RoomError, Rooms};
use crate::config::Config;
use crate::db::{Db, DbError};
use crate::exam::Exam;
use crate::guard::{Failures, Places};
use crate::matches::{self, Matches};
use crate::presence::Presence;
use crate::solver::Solver;
use crate::tables::TablesError;

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The analysis tables could not be loaded, computed or stored.
    #[error("the analysis tables: {0}")]
    Tables(#[from] TablesError),
    /// The database could not be read.
    #[error(transparent)]
    Db(#[from] DbError),
    /// The rooms with tournaments under way could not be listed.
    #[error("bring back the rooms' tournaments: {0}")]
    Rooms(#[from] RoomError),
}

/// How often what is kept for a while is looked over: the research tables.
pub const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// Lets go, every [`SWEEP_EVERY`], of what nobody uses any more; ends with the hub.
async fn sweep(hub: std::sync::Weak<Hub>) {
    let mut every = tokio::time::interval(SWEEP_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    every.tick().await;
    loop {
        every.tick().await;
        let Some(hub) = hub.upgrade() else { break };
        hub.solver.sweep(std::time::Instant::now());
    }
}

/// Shared server state.
pub struct Hub {
    /// Where everything is stored.
    pub db: Db,
    /// Settings from the command line.
    pub config: Config,
    /// Solved tables for the engine and for queries.
    pub solver: Arc<Solver>,
    /// Every player's open connections.
    pub presence: Arc<Presence>,
    /// The live matches.
    pub matches: Arc<Matches>,
    /// The rooms in use (others are read from the database when asked for).
    pub rooms: Rooms,
    /// The connections each address holds, up to `config.max_per_address`.
    pub places: Arc<Places>,
    /// Each address's wrong guesses of codes and tokens.
    pub failures: Failures,
    /// The rooms holding an exam: while any does, answers are out of students' reach.
    pub exam: Arc<Exam>,
    /// Turns for research requests, a fair share per player.
    pub research: Arc<crate::pool::Gate>,
    /// Reviews being computed at once (a page each, or an export's): one on every core but one,
    /// as research, so that however many pages are asked for a core stays with the matches.
    pub reviews: tokio::sync::Semaphore,
    /// This server's id, announced to every client so that it keeps one identity here
    /// however it writes the address.
    pub server_id: String,
    /// Becomes true when the server stops: every connection closes with 1001.
    stopping: tokio::sync::watch::Sender<bool>,
}

impl Hub {
    /// Loads (on a new database: computes and stores) the analysis tables of the sizes in
    /// `config`, and brings back the matches that were under way.
    pub async fn start(db: Db, config: Config) -> Result<Arc<Hub>, StartError> {
        let solver = Arc::new(
            Solver::start(
                &db,
                config.sizes(),
                config.table_budget,
                &crate::tables::Progress::for_stderr(config.language),
            )
            .await?,
        );
        let presence = Arc::new(Presence::default());
        let exam = Arc::new(Exam::load(&db).await?);
        let matches = Arc::new(Matches::new(
            db.clone(),
            Arc::clone(&solver),
            config.clone(),
            Arc::clone(&presence),
            Arc::clone(&exam),
        ));
        let server_id = db.server_id().await?;
        let restored = matches::restore(&matches).await?;
        if restored > 0 {
            tracing::info!(restored, "matches under way restored from the database");
        }
        let rooms = Rooms::new(
            db.clone(),
            Arc::clone(&solver),
            Arc::clone(&matches),
            Arc::clone(&exam),
            config.clone(),
        );
        let resumed = rooms.restore().await?;
        if resumed > 0 {
            tracing::info!(
                rooms = resumed,
                "rooms with tournaments under way brought back"
            );
        }
        let hub = Arc::new(Hub {
            places: Places::new(config.max_per_address),
            failures: Failures::new(config.guess_burst, config.guess_every),
            research: crate::pool::Gate::new(config.research_turns),
            reviews: tokio::sync::Semaphore::new(crate::pool::threads()),
            exam,
            rooms,
            db,
            config,
            solver,
            presence,
            matches,
            server_id,
            stopping: tokio::sync::watch::Sender::new(false),
        });
        tokio::spawn(sweep(Arc::downgrade(&hub)));
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
}
