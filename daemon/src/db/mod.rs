//! Persistence: players, matches and moves in the games file (`grundy.db`), and the analysis
//! database of solved tables in a file of its own beside it (`grundy.analysis.db`), attached
//! to every connection as schema `analysis`.
//!
//! Reads go to a small pool of read-only connections; every write goes to a single writer
//! task that groups whatever is queued into one durable transaction (group commit). A write
//! call returns only once its transaction is committed with `synchronous=FULL`, so an
//! acknowledged move survives a crash or a power cut. A write, once queued, is carried out
//! even if its caller stops waiting for the answer. The schema is documented in
//! `docs/DATABASE.md`; the migrations are embedded, so no `DATABASE_URL` is needed anywhere.
//!
//! ```no_run
//! # async fn demo() -> Result<(), daemon::db::DbError> {
//! use daemon::db::{Db, GameFilter};
//!
//! let db = Db::open(std::path::Path::new("grundy.db")).await?;
//! let alice = db.create_player("alice", &[0u8; 32]).await?;
//! let open = db.open_matches_of(alice).await?;
//! let recent = db.list_matches(&GameFilter::default()).await?;
//! println!("{} open, {} recent", open.len(), recent.len());
//! db.checkpoint().await?;
//! db.close().await;
//! # Ok(())
//! # }
//! ```

// Infrastructure: the handle, the writer task and what it runs on.
mod analysis_file;
mod checkpointer;
mod database;
pub(crate) mod error;
mod moves_batch;
mod skeletons;
pub(crate) mod sql;
mod upgrade;
pub(crate) mod writer;

// The tables, each with its rows, reads and writes.
mod imports;
mod match_lists;
mod matches;
mod moves;
mod players;
mod set_reads;
mod sets;

#[cfg(test)]
pub(crate) mod tests;

pub use analysis_file::{default_analysis_path, SCHEMA as ANALYSIS_SCHEMA};
pub use checkpointer::CHECKPOINT_EVERY;
pub use database::{Db, WriterSettings, BUSY_TIMEOUT, READ_CONNECTIONS};
pub use error::DbError;
pub use match_lists::{GameFilter, ResultFilter};
pub use matches::{NewMatch, SeatRow, StoredMatch};
pub use moves::{Finish, NewMove, StoredMove};
pub use players::{PlayerRow, NAMESAKES_READ};
pub use sets::{piece_id, LGameRow, NewSet, RowsDone, SetRecord, SetValues, ROWS_PER_INSERT};
pub use writer::{WriteStats, MAX_BATCH, QUEUE_CAPACITY};
