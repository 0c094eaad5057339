//! Storing solved tables: a whole set of values and its `analysis_sets` row replace the old
//! ones in one transaction on the writer's connection, so a set is stored completely or not
//! at all, and "one writer" holds for bulk loads too. Every write names the schema
//! `analysis`: the tables live in the analysis file (`analysis_file.rs`).
//!
//! Group commit does not fit here (a set is millions of rows, not one small write), so a set
//! is its own job on the writer: the writer commits what is queued before it, then runs the
//! set's transaction with multi-row `INSERT … VALUES (…), (…), …` statements of
//! [`ROWS_PER_INSERT`]-ish rows, each prepared once and bound again.

use std::collections::{BTreeMap, HashMap};
use std::future::Future;
use std::sync::Arc;
use std::task::Poll;

use engine::{chocolate, corner, Outcome};
use sqlx::SqliteConnection;

use super::database::Db;
use super::error::DbError;
use super::sql::{placeholders, Named};

/// SQLite's default limit on the parameters of one statement (`SQLITE_MAX_VARIABLE_NUMBER`).
const MAX_PARAMS: usize = 32_766;

/// Rows per `INSERT` at most: as many as the parameter limit allows for the widest table, and
/// few enough that progress is reported several times a second.
pub const ROWS_PER_INSERT: usize = 6_000;

/// Called with the number of rows just stored, for a progress bar.
pub type RowsDone = Arc<dyn Fn(u64) + Send + Sync>;

/// One stored set: what it is, how and when it was computed, and the checksum of its values.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SetRecord {
    /// `queen`, `rook`, `horse`, `dragon`, `chocolate k=N` or `lgame`.
    pub name: String,
    /// `queen`, `rook`, `horse`, `dragon`, `chocolate` or `lgame`.
    pub game: String,
    /// The staircase step of a chocolate set.
    pub k: Option<u32>,
    /// Board side n (corner), z_max (chocolate) or the number of positions (L-game).
    pub bound: u64,
    /// Rows in the values table.
    pub row_count: u64,
    /// `ENGINE_TABLES_VERSION` of the build that computed the set.
    pub engine_version: u32,
    /// That build's version.
    pub crate_version: String,
    /// When it was computed, Unix epoch milliseconds.
    pub computed_at: i64,
    /// How long the solver took.
    pub compute_ms: u64,
    /// SHA-256 of the values, lowercase hex (docs/DATABASE.md says over what).
    pub checksum: String,
}

/// The values of a set, as the engine solved them.
#[derive(Debug, Clone)]
pub enum SetValues {
    /// A corner table: its triangle x ≤ y goes to `corner_values`.
    Corner(Arc<corner::Table>),
    /// A staircase table: to `chocolate_values`.
    Chocolate(Arc<chocolate::Table>),
    /// The L-game, one row per position seen from the mover: classes to `lgame_classes`
    /// (numbered in the order of their canonical forms), positions to `lgame_positions`.
    LGame(Arc<Vec<LGameRow>>),
}

/// One L-game position seen from the mover, as stored (the `lgame` view's columns).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LGameRow {
    /// The position, the mover's L written `R`, red to move.
    pub fen: String,
    /// The canonical form of its class.
    pub canonical: String,
    /// Win, loss or draw for the mover.
    #[sqlx(try_from = "Named<Outcome>")]
    pub outcome: Outcome,
    /// Plies to the end under best play; `None` for a draw.
    pub depth: Option<u64>,
}

/// A set to store, replacing the stored set of the same name.
#[derive(Debug, Clone)]
pub struct NewSet {
    /// Its `analysis_sets` row.
    pub record: SetRecord,
    /// Its values.
    pub values: SetValues,
}

/// The integer that stands for `piece` in `corner_values` (the `corner_pieces` table).
pub fn piece_id(piece: corner::Piece) -> i64 {
    match piece {
        corner::Piece::Queen => 0,
        corner::Piece::Rook => 1,
        corner::Piece::Horse => 2,
        corner::Piece::Dragon => 3,
        // The sets are the four named pieces' (`tables::set`): a defined piece's table is
        // built on demand, never stored.
        corner::Piece::Defined(_) => unreachable!("only the named pieces' tables are stored"),
    }
}

impl Db {
    /// Stores `set` through the writer in one transaction, replacing the set of the same name,
    /// and calls `progress` as rows are written. Queued writes before it are committed first;
    /// writes queued behind it wait until it is done.
    pub async fn store_set(&self, set: NewSet, progress: RowsDone) -> Result<(), DbError> {
        self.writer
            .alone(move |conn| Box::pin(async move { store(conn, set, &progress).await }))
            .await
    }
}

/// Runs on the writer's connection: the whole replacement in one transaction.
async fn store(
    conn: &mut SqliteConnection,
    set: NewSet,
    progress: &RowsDone,
) -> Result<(), DbError> {
    sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
    match replace(conn, &set, progress).await {
        Ok(()) => {
            sqlx::query("COMMIT").execute(&mut *conn).await?;
            Ok(())
        }
        Err(e) => {
            if let Err(undo) = sqlx::query("ROLLBACK").execute(&mut *conn).await {
                tracing::warn!(error = %undo, "rollback of a table set failed");
            }
            Err(e)
        }
    }
}

/// Deletes the old values and record of the set, inserts the new ones.
async fn replace(
    conn: &mut SqliteConnection,
    set: &NewSet,
    progress: &RowsDone,
) -> Result<(), DbError> {
    let r = &set.record;
    let stored = match &set.values {
        SetValues::Corner(table) => {
            let piece = piece_id(table.piece());
            sqlx::query("DELETE FROM analysis.corner_values WHERE piece = ?")
                .bind(piece)
                .execute(&mut *conn)
                .await?;
            let rows = table
                .triangle()
                .map(|(x, y, g, r)| [piece, x as i64, y as i64, g as i64, r as i64]);
            let head =
                "INSERT INTO analysis.corner_values (piece, x, y, grundy, remoteness) VALUES ";
            insert_ints(conn, head, r.row_count, rows, progress).await?
        }
        SetValues::Chocolate(table) => {
            let Some(k) = table.edge().k().map(i64::from) else {
                unreachable!("only the steps' tables are stored")
            };
            sqlx::query("DELETE FROM analysis.chocolate_values WHERE k = ?")
                .bind(k)
                .execute(&mut *conn)
                .await?;
            let rows = table
                .values()
                .map(|(y, z, g)| [k, z as i64, y as i64, g as i64]);
            let head = "INSERT INTO analysis.chocolate_values (k, z, y, grundy) VALUES ";
            insert_ints(conn, head, r.row_count, rows, progress).await?
        }
        SetValues::LGame(rows) => store_lgame(conn, rows, progress).await?,
    };
    if stored != r.row_count {
        return Err(DbError::Rejected(format!(
            "set {} has {stored} rows, its record says {}",
            r.name, r.row_count
        )));
    }
    let sql = "INSERT OR REPLACE INTO analysis.analysis_sets (name, game, k, bound, row_count, \
               engine_version, crate_version, computed_at, compute_ms, checksum) \
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    sqlx::query(sql)
        .bind(&r.name)
        .bind(&r.game)
        .bind(r.k)
        .bind(to_i64(r.bound)?)
        .bind(to_i64(r.row_count)?)
        .bind(r.engine_version)
        .bind(&r.crate_version)
        .bind(r.computed_at)
        .bind(to_i64(r.compute_ms)?)
        .bind(&r.checksum)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The L-game: one row per class, then one per position seen from the mover.
async fn store_lgame(
    conn: &mut SqliteConnection,
    rows: &[LGameRow],
    progress: &RowsDone,
) -> Result<u64, DbError> {
    sqlx::query("DELETE FROM analysis.lgame_positions")
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM analysis.lgame_classes")
        .execute(&mut *conn)
        .await?;
    // Classes numbered in the order of their canonical forms; each with its canonical row.
    let mut classes: BTreeMap<&str, &LGameRow> = BTreeMap::new();
    for row in rows {
        classes.entry(&row.canonical).or_insert(row);
    }
    let class_of: HashMap<&str, i64> = classes
        .keys()
        .enumerate()
        .map(|(n, &canonical)| (canonical, n as i64))
        .collect();
    let classes: Vec<_> = classes.values().collect();
    for chunk in classes.chunks(ROWS_PER_INSERT) {
        let head = "INSERT INTO analysis.lgame_classes (class, canonical, outcome, depth) VALUES ";
        let sql = values_sql(head, 4, chunk.len());
        let mut q = sqlx::query(&sql);
        for row in chunk {
            let depth = row.depth.map(to_i64).transpose()?;
            q = q
                .bind(class_of[row.canonical.as_str()])
                .bind(&row.canonical)
                .bind(row.outcome.as_str())
                .bind(depth);
        }
        q.execute(&mut *conn).await?;
    }
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let head = "INSERT INTO analysis.lgame_positions (fen, class) VALUES ";
        let sql = values_sql(head, 2, chunk.len());
        let mut q = sqlx::query(&sql);
        for row in chunk {
            q = q.bind(&row.fen).bind(class_of[row.canonical.as_str()]);
        }
        q.execute(&mut *conn).await?;
        progress(chunk.len() as u64);
    }
    Ok(rows.len() as u64)
}

/// Inserts the `count` integer rows of width `W` in statements of up to
/// [`ROWS_PER_INSERT`] rows; returns how many rows were inserted. The next statement's
/// arguments are bound while SQLite runs the current one on the connection's thread.
async fn insert_ints<const W: usize>(
    conn: &mut SqliteConnection,
    head: &str,
    count: u64,
    rows: impl Iterator<Item = [i64; W]>,
    progress: &RowsDone,
) -> Result<u64, DbError> {
    let per = ROWS_PER_INSERT.min(MAX_PARAMS / W);
    let full = values_sql(head, W, per);
    let last = values_sql(head, W, (count % per as u64) as usize);
    let mut rows = rows.peekable();
    let mut taken = 0;
    let mut next = || {
        let n = (count - taken).min(per as u64);
        if n == 0 {
            return match rows.peek() {
                Some(_) => Err(DbError::Rejected(format!("{head}: more than {count} rows"))),
                None => Ok(None),
            };
        }
        let mut q = sqlx::query(if n == per as u64 { &full } else { &last });
        for _ in 0..n {
            let row = rows
                .next()
                .ok_or_else(|| DbError::Rejected(format!("{head}: fewer than {count} rows")))?;
            for v in row {
                q = q.bind(v);
            }
        }
        taken += n;
        Ok(Some((q, n)))
    };
    let mut total = 0;
    let mut current = next()?;
    while let Some((q, n)) = current {
        let mut running = std::pin::pin!(q.execute(&mut *conn));
        // The first poll hands the statement to the connection's thread.
        let polled = std::future::poll_fn(|cx| Poll::Ready(running.as_mut().poll(cx))).await;
        let following = next();
        match polled {
            Poll::Ready(done) => done?,
            Poll::Pending => running.await?,
        };
        current = following?;
        total += n;
        progress(n);
    }
    Ok(total)
}

/// `head` followed by `rows` groups of `width` placeholders.
fn values_sql(head: &str, width: usize, rows: usize) -> String {
    format!("{head}{}", placeholders(rows, width))
}

fn to_i64(v: u64) -> Result<i64, DbError> {
    super::error::to_sql_int(v, "value")
}
