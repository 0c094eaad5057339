//! The single writer task: every write goes through it, grouped into few durable commits.
//!
//! Callers send a job over a bounded channel and wait for the reply. The task takes the
//! first queued job and everything queued behind it (up to [`MAX_BATCH`]) and runs the writes
//! among them in one `BEGIN IMMEDIATE` … `COMMIT`: a failing write is undone alone and gets
//! its own error while the rest commit (group commit). Replies go out only after `COMMIT`
//! returned, so an acknowledged write is on disk (WAL, `synchronous=FULL`). Moves, the
//! commonest write, are first tried all together (`moves_batch.rs`); any other write runs on
//! its own, in a `SAVEPOINT` only when it has several statements (`run_job`). A job that needs
//! the connection to itself (a bulk load, a checkpoint) runs between two batches.
//! With a single writer there is no write-lock contention, so no write ever sees SQLITE_BUSY.
//!
//! A write is declared once, in the `Db` method that queues it: a closure of its statements
//! ([`Write::One`] or [`Write::Several`]), or a move ([`Write::Move`]), whose statements are
//! in `moves.rs` so that the writer can group them.

use std::collections::HashSet;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use sqlx::SqliteConnection;
use tokio::sync::{mpsc, oneshot};
use tracing::Instrument;

use super::error::{is_constraint, DbError};
use super::moves::{self, MoveWrite};
use super::moves_batch;

/// Most jobs committed in one transaction: bounds how long the first caller of a batch waits
/// behind the others, and the work lost to a failed commit.
pub const MAX_BATCH: usize = 256;

/// Jobs waiting for the writer before senders wait too (backpressure). A few batches' worth,
/// so a burst keeps the next batch full while the current one commits.
pub const QUEUE_CAPACITY: usize = 4 * MAX_BATCH;

/// Where the writer sends a job's outcome.
type Reply<T> = oneshot::Sender<Result<T, DbError>>;

/// A future borrowing the writer's connection.
pub(crate) type OnConnection<'c, T> = Pin<Box<dyn Future<Output = T> + Send + 'c>>;

/// The statements of a write, run on the writer's connection inside the batch's
/// transaction; they answer with the id of the player, match or room the write is about.
pub(crate) type Statements = Box<
    dyn for<'c> FnOnce(&'c mut SqliteConnection) -> OnConnection<'c, Result<i64, DbError>> + Send,
>;

/// One write of a batch, as the writer sees it: declared once, where its `Db` method is.
pub(crate) enum Write {
    /// A single statement (plus reads), which needs no savepoint of its own: see [`run_job`].
    One(Statements),
    /// Several statements, run in a savepoint of their own so that they land together or
    /// not at all.
    Several(Statements),
    /// A move and the result it brings: stored with the other moves of its batch when it
    /// can be (`moves_batch.rs`), else on its own in a savepoint ([`moves::store`]).
    Move(Box<MoveWrite>),
}

impl Write {
    /// The move this write stores, when it is one: the writer stores the moves of a batch
    /// together.
    fn as_move(&self) -> Option<&MoveWrite> {
        match self {
            Write::Move(w) => Some(w),
            Write::One(_) | Write::Several(_) => None,
        }
    }
}

/// Work that needs the connection to itself, run between two batches.
pub(crate) type Alone =
    Box<dyn for<'c> FnOnce(&'c mut SqliteConnection) -> OnConnection<'c, ()> + Send>;

/// What the writer task can be asked to do.
pub(crate) enum Job {
    /// A write, answered with the id of the player or match it is about.
    Write { op: Write, reply: Reply<i64> },
    /// Work on the connection alone, after what is queued before it has committed; it
    /// answers its caller itself.
    Alone(Alone),
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

/// The way into the writer task. Cloning is cheap; every clone talks to the same task.
#[derive(Clone)]
pub(crate) struct Writer {
    /// The task's queue; bounded, so a write burst waits instead of growing memory.
    tx: mpsc::Sender<Job>,
    /// What the writer has done.
    counters: Arc<Counters>,
}

impl Writer {
    /// Queues a write and waits until it is committed (or refused).
    pub(crate) async fn write(&self, op: Write) -> Result<i64, DbError> {
        let (reply, answer) = oneshot::channel();
        self.send(Job::Write { op, reply }).await?;
        answer.await.map_err(|_| DbError::WriterGone)?
    }

    /// Queues a write of a single statement (see [`Write::One`]) and waits for its answer.
    pub(crate) async fn one(
        &self,
        run: impl for<'c> FnOnce(&'c mut SqliteConnection) -> OnConnection<'c, Result<i64, DbError>>
            + Send
            + 'static,
    ) -> Result<i64, DbError> {
        self.write(Write::One(Box::new(run))).await
    }

    /// Queues `statement`, a write of one statement about `about` (the id the writer reports
    /// it under), and waits until it is committed.
    pub(crate) async fn statement(
        &self,
        about: i64,
        statement: sqlx::query::Query<
            'static,
            sqlx::Sqlite,
            sqlx::sqlite::SqliteArguments<'static>,
        >,
    ) -> Result<(), DbError> {
        self.one(move |conn| {
            Box::pin(async move {
                statement.execute(&mut *conn).await?;
                Ok(about)
            })
        })
        .await
        .map(drop)
    }

    /// Queues a write of several statements (see [`Write::Several`]) and waits for its
    /// answer.
    pub(crate) async fn several(
        &self,
        run: impl for<'c> FnOnce(&'c mut SqliteConnection) -> OnConnection<'c, Result<i64, DbError>>
            + Send
            + 'static,
    ) -> Result<i64, DbError> {
        self.write(Write::Several(Box::new(run))).await
    }

    /// Runs `work` on the writer's connection alone, after every write queued before it has
    /// committed, and waits for its answer.
    pub(crate) async fn alone<T: Send + 'static>(
        &self,
        work: impl for<'c> FnOnce(&'c mut SqliteConnection) -> OnConnection<'c, Result<T, DbError>>
            + Send
            + 'static,
    ) -> Result<T, DbError> {
        let (reply, answer) = oneshot::channel();
        let job: Alone = Box::new(move |conn| {
            Box::pin(async move {
                let _ = reply.send(work(conn).await);
            })
        });
        self.send(Job::Alone(job)).await?;
        answer.await.map_err(|_| DbError::WriterGone)?
    }

    /// Commits what is queued, then stops the task; returns once its connection is closed.
    pub(crate) async fn shutdown(&self) {
        let (reply, done) = oneshot::channel();
        if self.tx.send(Job::Shutdown { reply }).await.is_ok() {
            let _ = done.await;
        }
    }

    async fn send(&self, job: Job) -> Result<(), DbError> {
        self.tx.send(job).await.map_err(|_| DbError::WriterGone)
    }

    /// A handle that does not keep the task alive, for the checkpointer.
    pub(crate) fn downgrade(&self) -> mpsc::WeakSender<Job> {
        self.tx.downgrade()
    }

    /// The counters, shared with the checkpointer.
    pub(crate) fn counters(&self) -> &Arc<Counters> {
        &self.counters
    }

    /// How the writer has batched so far.
    pub(crate) fn stats(&self) -> WriteStats {
        let c = &self.counters;
        WriteStats {
            batches: c.batches.load(Ordering::Relaxed),
            committed: c.committed.load(Ordering::Relaxed),
            failed: c.failed.load(Ordering::Relaxed),
            largest_batch: c.largest.load(Ordering::Relaxed),
            grouped_moves: c.grouped.load(Ordering::Relaxed),
            queued: self.tx.max_capacity() - self.tx.capacity(),
        }
    }
}

/// Starts the writer task on `conn`; the returned handle is its only way in.
pub(crate) fn spawn(conn: SqliteConnection) -> Writer {
    let (tx, rx) = mpsc::channel(QUEUE_CAPACITY);
    let counters = Arc::new(Counters::default());
    let span = tracing::debug_span!("db_writer");
    tokio::spawn(run(conn, rx, Arc::clone(&counters)).instrument(span));
    Writer { tx, counters }
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
                Job::Alone(work) => {
                    commit_batch(&mut conn, &mut writes, &counters).await;
                    work(&mut conn).await;
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
    let alone = group.len() == size && group.iter().all(|w| w.finish.is_none());
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
        if let (true, Some(w)) = (grouped, op.as_move()) {
            done.push((reply, Ok(w.mv.match_id)));
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
fn move_group(batch: &[Pending]) -> Vec<&MoveWrite> {
    let mut seen = HashSet::new();
    let group: Vec<_> = batch.iter().filter_map(|(op, _)| op.as_move()).collect();
    let distinct = group.iter().all(|w| seen.insert(w.mv.match_id));
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
    let run: Statements = match op {
        Write::One(run) => {
            return match run(conn).await {
                Err(DbError::Sqlx(e)) if !is_constraint(&e) => Err(e),
                result => Ok(result),
            }
        }
        Write::Several(run) => run,
        Write::Move(w) => Box::new(move |conn| Box::pin(moves::store(conn, *w))),
    };
    in_savepoint(conn, run).await
}

/// Runs one job inside `SAVEPOINT job`, rolling back to it when the job fails. The outer
/// `Err` means the savepoint itself could not be made, undone or released.
async fn in_savepoint(
    conn: &mut SqliteConnection,
    run: Statements,
) -> Result<Result<i64, DbError>, sqlx::Error> {
    sqlx::query("SAVEPOINT job").execute(&mut *conn).await?;
    let result = run(conn).await;
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
    if let Err(e) = sqlx::query("PRAGMA main.wal_checkpoint(PASSIVE)")
        .execute(&mut *conn)
        .await
    {
        tracing::warn!(error = %e, "checkpoint on the writer failed");
    }
}
