//! The analysis database: which solved tables the daemon keeps in SQLite, and how they are
//! computed, checksummed, stored and loaded back.
//!
//! A *set* is one solved table: a corner piece's board up to a side n, a chocolate step's
//! staircases up to a width z_max, or the whole L-game. [`ensure`] makes sure every set the
//! [`Sizes`] ask for is stored, current (same [`engine::ENGINE_TABLES_VERSION`]) and intact
//! (its checksum verifies), computing what is missing, and returns the tables for the
//! daemon's [`engine::Knowledge`]. The schema is in `docs/DATABASE.md`.
//!
//! ```no_run
//! # async fn demo() -> Result<(), daemon::tables::TablesError> {
//! use daemon::tables::{ensure, Progress, Sizes, Stamp};
//!
//! let db = daemon::db::Db::open(std::path::Path::new("grundy.db")).await?;
//! let sizes = Sizes { board: 64, bar: 64 };
//! let loaded = ensure(&db, sizes, &Stamp::current(), &Progress::for_stderr("en")).await?;
//! println!("{} sets computed", loaded.report.computed());
//! # Ok(()) }
//! ```

mod checksum;
mod ensure;
mod progress;
mod set;

#[cfg(test)]
pub(crate) mod tests;

pub use checksum::{chocolate_checksum, corner_checksum, lgame_checksum, lgame_rows};
pub use ensure::{ensure, Loaded, Report, SetAction, SetReport};
pub use progress::Progress;
pub use set::{SetId, Sizes, Stamp, CHOCOLATE_STEPS, DEFAULT_BAR, DEFAULT_BOARD, MAX_BAR};

use crate::db::DbError;

/// Why the analysis tables could not be made ready.
#[derive(Debug, thiserror::Error)]
pub enum TablesError {
    /// Reading or storing failed.
    #[error(transparent)]
    Db(#[from] DbError),
    /// A solver refused its parameters.
    #[error("solving a table: {}", crate::failure::rules_english(.0))]
    Engine(#[from] engine::Error),
    /// The sizes asked for cannot be solved.
    #[error("{0}")]
    Sizes(String),
    /// A solver thread panicked or was cancelled.
    #[error("a table computation failed: {0}")]
    Task(#[from] tokio::task::JoinError),
}
