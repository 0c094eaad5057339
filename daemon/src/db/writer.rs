//! The single writer task: every write goes through it, grouped into few durable commits.
//!
//! Callers send a [`Job`] over a bounded channel and wait for the reply. The task takes the
//! first queued job and everything queued behind it (up to [`MAX_BATCH`]) and runs them in one
//! `BEGIN IMMEDIATE` … `COMMIT`: a failing job is undone alone and gets its own error while
//! the rest commit (group commit). Replies go out only after `COMMIT` returned, so an
//! acknowledged write is on disk (WAL, `synchronous=FULL`). Moves, the commonest job, are
//! first tried all together (`moves_batch.rs`); any other job runs on its own, in a
//! `SAVEPOINT` only when it has several statements (`run_job`).
//! With a single writer there is no write-lock contention, so no write ever sees SQLITE_BUSY.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use sqlx::{Row, SqliteConnection};
use tokio::sync::{mpsc, oneshot};
use tracing::Instrument;

use super::error::{is_constraint, DbError};
use super::moves_batch::{self, MoveWrite};
use super::open::WriterSettings;
use super::sets::{self, NewSet, RowsDone};
use super::writes::Write;
use super::Db;

/// Most jobs committed in one transaction: bounds how long the first caller of a batch waits
/// behind the others, and the work lost to a failed commit.
pub const MAX_BATCH: usize = 256;

/// Jobs waiting for the writer before senders wait too (backpressure). A few batches' worth,
/// so a burst keeps the next batch full while the current one commits.
pub const QUEUE_CAPACITY: usize = 4 * MAX_BATCH;

/// Where the writer sends a job's outcome.
type Reply<T> = oneshot::Sender<Result<T, DbError>>;

/// What the writer task can be asked to do.
pub(crate) enum Job {
    /// A write, answered with the id of the player or match it is about.
    Write { op: Write, reply: Reply<i64> },
    /// `PRAGMA wal_checkpoint(TRUNCATE)`, run between transactions.
    Checkpoint { reply: Reply<()> },
    /// Report the writer connection's settings.
    Settings { reply: Reply<WriterSettings> },
    /// Replace a whole set of solved values in its own transaction (a bulk load).
    StoreSet {
        set: Box<NewSet>,
        progress: RowsDone,
        reply: Reply<()>,
    },
    /// Commit everything queued, refuse what comes later, close the connection, then reply.
    Shutdown { reply: oneshot::Sender<()> },
}

/// A write taken from the queue, waiting for its batch to commit.
type Pending = (Write, Reply<i64>);

/// Running totals kept by the writer, read through [`Db::write_stats`].
#[derive(Debug, Default)]
pub(crate) struct Counters {
    batches: AtomicU64,
    committed: AtomicU64,
    failed: AtomicU64,
    largest: AtomicUsize,
    grouped: AtomicU64,
    /// Set by the background checkpointer when it has copied the whole WAL: the writer then
    /// checkpoints the little written since, so that its next commit starts the WAL afresh.
    pub(crate) caught_up: AtomicBool,
}

/// What the writer has done so far: how well group commit is grouping.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WriteStats {
    /// Transactions committed (or attempted).
    pub batches: u64,
    /// Writes acknowledged as stored.
    pub committed: u64,
    /// Writes answered with an error.
    pub failed: u64,
    /// The most writes one transaction has held.
    pub largest_batch: usize,
    /// Moves stored by the grouped statements (the rest went one savepoint each).
    pub grouped_moves: u64,
    /// Jobs in the queue right now.
    pub queued: usize,
}

impl Db {
    /// Queues a write and waits until it is committed (or refused).
    pub(crate) async fn write(&self, op: Write) -> Result<i64, DbError> {
        self.ask(|reply| Job::Write { op, reply }).await
    }

    /// PRAGMA wal_checkpoint(TRUNCATE), for a clean shutdown. Runs on the writer between
    /// transactions; a reader holding an old snapshot makes it partial, which is logged, not
    /// an error (the WAL is durable either way).
    pub async fn checkpoint(&self) -> Result<(), DbError> {
        self.ask(|reply| Job::Checkpoint { reply }).await
    }

    /// The journal mode, synchronous level, foreign-key switch and busy timeout in force on
    /// the writer connection, for a start-up log line and for tests.
    pub async fn writer_settings(&self) -> Result<WriterSettings, DbError> {
        self.ask(|reply| Job::Settings { reply }).await
    }

    /// How the writer has batched so far.
    pub fn write_stats(&self) -> WriteStats {
        let c = &self.counters;
        WriteStats {
            batches: c.batches.load(Ordering::Relaxed),
            committed: c.committed.load(Ordering::Relaxed),
            failed: c.failed.load(Ordering::Relaxed),
            largest_batch: c.largest.load(Ordering::Relaxed),
            grouped_moves: c.grouped.load(Ordering::Relaxed),
            queued: self.writer.max_capacity() - self.writer.capacity(),
        }
    }

    /// Sends a job and waits for its reply; a closed channel means the writer has stopped.
    pub(crate) async fn ask<T>(&self, job: impl FnOnce(Reply<T>) -> Job) -> Result<T, DbError> {
        let (reply, answer) = oneshot::channel();
        self.writer
            .send(job(reply))
            .await
            .map_err(|_| DbError::WriterGone)?;
        answer.await.map_err(|_| DbError::WriterGone)?
    }
}

/// Starts the writer task on `conn`; the returned sender is its only way in.
pub(crate) fn spawn(conn: SqliteConnection, counters: Arc<Counters>) -> mpsc::Sender<Job> {
    let (tx, rx) = mpsc::channel(QUEUE_CAPACITY);
    let span = tracing::debug_span!("db_writer");
    tokio::spawn(run(conn, rx, counters).instrument(span));
    tx
}

/// The writer loop: batch, commit, reply; until shut down or every sender is gone.
async fn run(mut conn: SqliteConnection, mut rx: mpsc::Receiver<Job>, counters: Arc<Counters>) {
    let mut jobs = Vec::with_capacity(MAX_BATCH);
    let mut writes: Vec<Pending> = Vec::with_capacity(MAX_BATCH);
    let mut shutdown = Vec::new();
    while rx.recv_many(&mut jobs, MAX_BATCH).await > 0 {
        for job in jobs.drain(..) {
            match job {
                Job::Write { op, reply } => writes.push((op, reply)),
                Job::Checkpoint { reply } => {
                    commit_batch(&mut conn, &mut writes, &counters).await;
                    let _ = reply.send(checkpoint(&mut conn).await);
                }
                Job::Settings { reply } => {
                    commit_batch(&mut conn, &mut writes, &counters).await;
                    let _ = reply.send(settings(&mut conn).await);
                }
                Job::StoreSet {
                    set,
                    progress,
                    reply,
                } => {
                    commit_batch(&mut conn, &mut writes, &counters).await;
                    let _ = reply.send(sets::store(&mut conn, *set, &progress).await);
                }
                Job::Shutdown { reply } => {
                    // Already-queued jobs are still received (and committed) after close.
                    rx.close();
                    shutdown.push(reply);
                }
            }
        }
        commit_batch(&mut conn, &mut writes, &counters).await;
        if counters.caught_up.swap(false, Ordering::Relaxed) {
            restart_log(&mut conn).await;
        }
    }
    use sqlx::Connection;
    if let Err(e) = conn.close().await {
        tracing::warn!(error = %e, "closing the database writer connection failed");
    }
    tracing::debug!("database writer stopped");
    for reply in shutdown {
        let _ = reply.send(());
    }
}

/// Runs `batch` in one transaction (its moves together when they can be, every other job on
/// its own: see [`run_job`]) and replies to every job after the commit. Leaves `batch` empty.
async fn commit_batch(conn: &mut SqliteConnection, batch: &mut Vec<Pending>, c: &Counters) {
    if batch.is_empty() {
        return;
    }
    let started = Instant::now();
    let size = batch.len();
    c.batches.fetch_add(1, Ordering::Relaxed);
    c.largest.fetch_max(size, Ordering::Relaxed);
    // The moves of different matches go in together, with the BEGIN, in one round trip;
    // with the COMMIT too when there is nothing else to do.
    let group = move_group(batch);
    let alone = group.len() == size && group.iter().all(|(_, finish)| finish.is_none());
    let grouped = !group.is_empty() && moves_batch::begin_with_moves(conn, &group, alone).await;
    if grouped {
        c.grouped.fetch_add(group.len() as u64, Ordering::Relaxed);
    }
    drop(group);
    if !grouped {
        if let Err(e) = sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await {
            tracing::warn!(error = %e, jobs = size, "cannot begin a write transaction");
            let e = Arc::new(e);
            fail_all(batch.drain(..).map(|(_, reply)| reply), &e, c);
            return;
        }
    }
    let mut done: Vec<(Reply<i64>, Result<i64, DbError>)> = Vec::with_capacity(size);
    let mut jobs = batch.drain(..);
    for (op, reply) in jobs.by_ref() {
        if let (true, Some(id)) = (grouped, op.move_of()) {
            done.push((reply, Ok(id)));
            continue;
        }
        match run_job(conn, op).await {
            Ok(result) => done.push((reply, result)),
            Err(e) => {
                // The savepoint statements failed: SQLite may have dropped the whole
                // transaction, so nothing in it can be trusted. Undo it and fail everyone.
                tracing::warn!(error = %e, jobs = size, "write batch broken, rolled back");
                rollback(conn).await;
                let e = Arc::new(e);
                let replies = done.into_iter().map(|(reply, _)| reply);
                fail_all(replies.chain(std::iter::once(reply)), &e, c);
                fail_all(jobs.map(|(_, reply)| reply), &e, c);
                return;
            }
        }
    }
    drop(jobs);
    let committed = if grouped && alone {
        Ok(()) // in the moves' round trip
    } else {
        sqlx::query("COMMIT").execute(&mut *conn).await.map(drop)
    };
    if let Err(e) = committed {
        tracing::warn!(error = %e, jobs = size, "write batch commit failed");
        rollback(conn).await;
        let e = Arc::new(e);
        for (reply, result) in done {
            // A write that failed on its own keeps its own (more telling) error.
            let result = result.and_then(|_| Err(DbError::Commit(Arc::clone(&e))));
            let _ = reply.send(result);
        }
        c.failed.fetch_add(size as u64, Ordering::Relaxed);
        return;
    }
    let failed = done.iter().filter(|(_, r)| r.is_err()).count();
    tracing::trace!(
        jobs = size,
        failed,
        elapsed_us = started.elapsed().as_micros() as u64,
        "batch committed"
    );
    c.committed
        .fetch_add((size - failed) as u64, Ordering::Relaxed);
    c.failed.fetch_add(failed as u64, Ordering::Relaxed);
    for (reply, result) in done {
        if let Err(e) = &result {
            tracing::debug!(error = %e, "write refused");
        }
        // The caller may have stopped waiting; the write stands all the same.
        let _ = reply.send(result);
    }
}

/// The moves of a batch, when no two are of the same match (else none: one by one).
fn move_group(batch: &[Pending]) -> Vec<MoveWrite<'_>> {
    let mut seen = HashSet::new();
    let group: Vec<_> = batch
        .iter()
        .filter_map(|(op, _)| match op {
            Write::AddMove { mv, finish } => Some((mv, finish.as_ref())),
            _ => None,
        })
        .collect();
    let distinct = group.iter().all(|(mv, _)| seen.insert(mv.match_id));
    if distinct && group.len() <= moves_batch::MAX_MOVES {
        group
    } else {
        Vec::new()
    }
}

/// Runs one job of a batch. The outer `Err` means the transaction can no longer be trusted.
///
/// A job of one statement needs no savepoint: a statement refused by a constraint (or found
/// to change nothing, `Rejected`) leaves the transaction as it was, since SQLite undoes a
/// failed statement alone. Any other failure of it (I/O, a full disk) may have ended the
/// whole transaction, and breaks the batch. Jobs of several statements run in a savepoint.
async fn run_job(
    conn: &mut SqliteConnection,
    op: Write,
) -> Result<Result<i64, DbError>, sqlx::Error> {
    if !op.is_one_statement() {
        return in_savepoint(conn, op).await;
    }
    match op.apply(conn).await {
        Err(DbError::Sqlx(e)) if !is_constraint(&e) => Err(e),
        result => Ok(result),
    }
}

/// Runs one job inside `SAVEPOINT job`, rolling back to it when the job fails. The outer
/// `Err` means the savepoint itself could not be made, undone or released.
async fn in_savepoint(
    conn: &mut SqliteConnection,
    op: Write,
) -> Result<Result<i64, DbError>, sqlx::Error> {
    sqlx::query("SAVEPOINT job").execute(&mut *conn).await?;
    let result = op.apply(conn).await;
    if result.is_err() {
        sqlx::query("ROLLBACK TO job").execute(&mut *conn).await?;
    }
    sqlx::query("RELEASE job").execute(&mut *conn).await?;
    Ok(result)
}

/// Ends a broken transaction; "no transaction is active" (SQLite already rolled back) is fine.
async fn rollback(conn: &mut SqliteConnection) {
    if let Err(e) = sqlx::query("ROLLBACK").execute(&mut *conn).await {
        tracing::debug!(error = %e, "rollback after a failed batch");
    }
}

/// Answers every reply with the batch's failure.
fn fail_all(replies: impl Iterator<Item = Reply<i64>>, e: &Arc<sqlx::Error>, c: &Counters) {
    for reply in replies {
        c.failed.fetch_add(1, Ordering::Relaxed);
        let _ = reply.send(Err(DbError::Commit(Arc::clone(e))));
    }
}

/// A passive checkpoint on the writer's own connection, between transactions, right after the
/// background checkpointer copied the WAL: only the frames written meanwhile are left to copy,
/// and with the WAL wholly copied the next commit writes it from the start again. (A
/// checkpoint on another connection alone never lets a busy writer restart the WAL, which
/// would then grow without end.)
async fn restart_log(conn: &mut SqliteConnection) {
    if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
        .execute(&mut *conn)
        .await
    {
        tracing::warn!(error = %e, "checkpoint on the writer failed");
    }
}

/// Moves the WAL into the database file and truncates it.
async fn checkpoint(conn: &mut SqliteConnection) -> Result<(), DbError> {
    let row = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .fetch_one(&mut *conn)
        .await?;
    let busy: i64 = row.try_get(0)?;
    let log: i64 = row.try_get(1)?;
    let moved: i64 = row.try_get(2)?;
    if busy != 0 {
        tracing::warn!(log, moved, "WAL checkpoint partial: readers still active");
    } else {
        tracing::debug!(log, moved, "WAL checkpoint done");
    }
    Ok(())
}

/// Reads the pragmas that make writes durable, safe and free of temporary files.
async fn settings(conn: &mut SqliteConnection) -> Result<WriterSettings, DbError> {
    async fn pragma<T>(conn: &mut SqliteConnection, sql: &str) -> Result<T, DbError>
    where
        T: for<'r> sqlx::Decode<'r, sqlx::Sqlite> + sqlx::Type<sqlx::Sqlite> + Send + Unpin,
    {
        let row = sqlx::query(sql).fetch_one(&mut *conn).await?;
        Ok(row.try_get(0)?)
    }
    Ok(WriterSettings {
        journal_mode: pragma(conn, "PRAGMA journal_mode").await?,
        synchronous: pragma(conn, "PRAGMA synchronous").await?,
        foreign_keys: pragma::<i64>(conn, "PRAGMA foreign_keys").await? != 0,
        busy_timeout_ms: pragma(conn, "PRAGMA busy_timeout").await?,
        temp_store: pragma(conn, "PRAGMA temp_store").await?,
    })
}
