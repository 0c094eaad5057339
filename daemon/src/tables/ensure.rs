//! Making the stored sets complete, current and intact, then handing the tables over.
//!
//! First every set that is stored, of this engine version and large enough is loaded and
//! its checksum verified; then whatever is missing, stale, too small or damaged is solved
//! (on blocking threads, the next set while the current one is written) and stored through
//! the database's single writer, one transaction per set. Run before the daemon serves.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use std::time::Instant;

use engine::corner;
use engine::{chocolate, lgame, Knowledge, Value};
use futures_util::future::join_all;

use super::checksum::{chocolate_checksum, corner_checksum, lgame_checksum, lgame_rows};
use super::{Progress, SetId, Sizes, Stamp, TablesError};
use crate::clock::unix_ms;
use crate::db::{Db, DbError, LGameRow, NewSet, SetRecord, SetValues};

/// The tables of every set, ready for an [`engine::Knowledge`], and what was done.
pub struct Loaded {
    /// One per piece.
    pub corner: Vec<Arc<corner::Table>>,
    /// One per step of [`super::CHOCOLATE_STEPS`].
    pub chocolate: Vec<Arc<chocolate::Table>>,
    /// The L-game (always there: every [`Sizes`] asks for it).
    pub lgame: Option<Arc<lgame::Solution>>,
    /// Set by set, whether it was loaded or computed.
    pub report: Report,
}

/// What [`ensure`] did with each set.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// In the order of [`Sizes::sets`].
    pub sets: Vec<SetReport>,
}

/// What happened to one set.
#[derive(Debug, Clone)]
pub struct SetReport {
    /// The set.
    pub id: SetId,
    /// Its bound as stored now.
    pub bound: u64,
    /// Loaded as stored, or computed (and why).
    pub action: SetAction,
}

/// Why a set was loaded or computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetAction {
    /// Stored, current and intact.
    Loaded,
    /// Not stored yet.
    Missing,
    /// Stored by a build with another `ENGINE_TABLES_VERSION`.
    OtherEngine(u32),
    /// Stored with a smaller bound than asked for.
    TooSmall(u64),
    /// Its values do not read back or do not match the checksum.
    Damaged(String),
}

impl fmt::Display for SetAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetAction::Loaded => f.write_str("up to date"),
            SetAction::Missing => f.write_str("missing"),
            SetAction::OtherEngine(v) => write!(f, "stored by engine tables version {v}"),
            SetAction::TooSmall(b) => write!(f, "stored only up to {b}"),
            SetAction::Damaged(why) => write!(f, "damaged ({why})"),
        }
    }
}

impl Loaded {
    /// Knowledge answering from these tables, with `budget` for on-demand searches.
    pub fn knowledge(&self, budget: u64) -> Knowledge {
        let mut k = Knowledge::new(budget);
        for t in &self.corner {
            k.add_corner(t.clone());
            // Misère tables are not stored: one sweep of the board, a few milliseconds for
            // a 1024×1024 board (35 ms at 4096), made whenever the normal one is loaded.
            if let Ok(m) = corner::misere::MisereTable::solve(t.piece(), t.size()) {
                k.add_corner_misere(Arc::new(m));
            }
        }
        for t in &self.chocolate {
            k.add_chocolate(t.clone());
        }
        if let Some(s) = &self.lgame {
            k.set_lgame(s.clone());
        }
        k
    }
}

impl Report {
    /// How many sets were computed (0: everything was up to date).
    pub fn computed(&self) -> usize {
        let loaded = |s: &&SetReport| s.action == SetAction::Loaded;
        self.sets.len() - self.sets.iter().filter(loaded).count()
    }
}

/// A set's tables in memory, however they were obtained.
enum Tables {
    Corner(Arc<corner::Table>),
    Chocolate(Arc<chocolate::Table>),
    LGame(Arc<lgame::Solution>),
}

/// Loads the sets `sizes` asks for, computing and storing those missing, stale (another
/// `stamp.engine_version`), smaller than asked, or damaged. A second run with the same
/// sizes writes nothing. `progress` shows the rows stored.
pub async fn ensure(
    db: &Db,
    sizes: Sizes,
    stamp: &Stamp,
    progress: &Progress,
) -> Result<Loaded, TablesError> {
    sizes.check().map_err(TablesError::Sizes)?;
    let started = Instant::now();
    let stored: HashMap<String, SetRecord> = db
        .stored_sets()
        .await?
        .into_iter()
        .map(|r| (r.name.clone(), r))
        .collect();
    let wanted = sizes.sets();
    let mut actions: Vec<Option<SetAction>> = Vec::with_capacity(wanted.len());
    let mut loads = Vec::new();
    for &(id, bound) in &wanted {
        actions.push(match stored.get(&id.name()) {
            None => Some(SetAction::Missing),
            Some(r) if r.engine_version != stamp.engine_version => {
                Some(SetAction::OtherEngine(r.engine_version))
            }
            Some(r) if r.bound < bound => Some(SetAction::TooSmall(r.bound)),
            Some(r) => {
                loads.push(async move { (id, load(db, id, r).await) });
                None
            }
        });
    }
    // All at once: the reads run on the pool's connections, the checks on blocking threads.
    let mut tables = HashMap::new();
    let mut damaged = HashMap::new();
    for (id, result) in join_all(loads).await {
        match result {
            Ok(t) => {
                tables.insert(id, t);
            }
            Err(e) => {
                tracing::warn!(set = %id.name(), error = %e, "stored set damaged; computing it again");
                damaged.insert(id, SetAction::Damaged(e.to_string()));
            }
        }
    }
    let mut report = Report::default();
    let mut todo = Vec::new();
    for ((id, bound), action) in wanted.into_iter().zip(actions) {
        let action = action
            .or_else(|| damaged.remove(&id))
            .unwrap_or(SetAction::Loaded);
        let bound = match action {
            SetAction::Loaded => stored.get(&id.name()).map_or(bound, |r| r.bound),
            _ => {
                todo.push((id, bound, report.sets.len()));
                bound
            }
        };
        report.sets.push(SetReport { id, bound, action });
    }
    if todo.is_empty() {
        tracing::info!(
            sets = report.sets.len(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "analysis tables loaded: up to date"
        );
    } else {
        compute_all(db, stamp, &todo, &report, &mut tables, progress).await?;
        // The sets just stored are in the analysis file's WAL, which nothing else would
        // truncate until the daemon stops: fold it in now.
        db.checkpoint().await?;
        tracing::info!(
            computed = todo.len(),
            loaded = report.sets.len() - todo.len(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "analysis tables ready"
        );
    }
    let mut loaded = Loaded {
        corner: Vec::new(),
        chocolate: Vec::new(),
        lgame: None,
        report,
    };
    for t in tables.into_values() {
        match t {
            Tables::Corner(t) => loaded.corner.push(t),
            Tables::Chocolate(t) => loaded.chocolate.push(t),
            Tables::LGame(s) => loaded.lgame = Some(s),
        }
    }
    loaded.corner.sort_by_key(|t| t.piece());
    loaded.chocolate.sort_by_key(|t| t.edge());
    Ok(loaded)
}

/// Solves and stores the `todo` sets (set, bound, place in `report`); each solve overlaps
/// the storing of the set before it.
async fn compute_all(
    db: &Db,
    stamp: &Stamp,
    todo: &[(SetId, u64, usize)],
    report: &Report,
    tables: &mut HashMap<SetId, Tables>,
    progress: &Progress,
) -> Result<(), TablesError> {
    let rows: u64 = todo.iter().map(|&(id, bound, _)| id.rows(bound)).sum();
    progress.begin(rows);
    let spawn = |(id, bound): (SetId, u64)| {
        let stamp = stamp.clone();
        tokio::task::spawn_blocking(move || solve(id, bound, &stamp))
    };
    let mut next = todo.first().map(|&(id, bound, _)| spawn((id, bound)));
    for (i, &(id, bound, at)) in todo.iter().enumerate() {
        let Some(solving) = next.take() else { break };
        let (set, t) = solving.await??;
        next = todo.get(i + 1).map(|&(id, bound, _)| spawn((id, bound)));
        progress.set(&set.record.name);
        let compute_ms = set.record.compute_ms;
        let stored = Instant::now();
        db.store_set(set, progress.rows_done()).await?;
        let store_ms = stored.elapsed().as_millis() as u64;
        let why = &report.sets[at].action;
        progress.log(|| {
            tracing::info!(
                set = %id.name(),
                bound,
                rows = id.rows(bound),
                compute_ms,
                store_ms,
                "computed and stored ({why})"
            )
        });
        tables.insert(id, t);
    }
    progress.finish();
    Ok(())
}

/// Solves one set and describes it for storing (runs on a blocking thread).
fn solve(id: SetId, bound: u64, stamp: &Stamp) -> Result<(NewSet, Tables), TablesError> {
    let started = Instant::now();
    let (values, tables) = match id {
        SetId::Corner(piece) => {
            let t = Arc::new(corner::Table::solve(piece, bound)?);
            (SetValues::Corner(t.clone()), Tables::Corner(t))
        }
        SetId::Chocolate(k) => {
            let t = Arc::new(chocolate::Table::solve(k, bound)?);
            (SetValues::Chocolate(t.clone()), Tables::Chocolate(t))
        }
        SetId::LGame => {
            let s = Arc::new(lgame::Solution::solve());
            (SetValues::LGame(Arc::new(lgame_rows(&s))), Tables::LGame(s))
        }
    };
    let compute_ms = started.elapsed().as_millis() as u64;
    let checksum = match &values {
        SetValues::Corner(t) => corner_checksum(t),
        SetValues::Chocolate(t) => chocolate_checksum(t),
        SetValues::LGame(rows) => lgame_checksum(rows),
    };
    let record = SetRecord {
        name: id.name(),
        game: id.game().to_owned(),
        k: id.k(),
        bound,
        row_count: id.rows(bound),
        engine_version: stamp.engine_version,
        crate_version: stamp.crate_version.clone(),
        computed_at: unix_ms(),
        compute_ms,
        checksum,
    };
    Ok((NewSet { record, values }, tables))
}

/// Reads a stored set back and verifies its checksum.
async fn load(db: &Db, id: SetId, record: &SetRecord) -> Result<Tables, TablesError> {
    let started = Instant::now();
    let n = record.bound;
    let (tables, checksum) = match id {
        SetId::Corner(piece) => {
            let t = db.load_corner(piece, n).await?;
            let sum = tokio::task::spawn_blocking(move || (corner_checksum(&t), t)).await?;
            (Tables::Corner(Arc::new(sum.1)), sum.0)
        }
        SetId::Chocolate(k) => {
            let t = db.load_chocolate(k, n).await?;
            let sum = tokio::task::spawn_blocking(move || (chocolate_checksum(&t), t)).await?;
            (Tables::Chocolate(Arc::new(sum.1)), sum.0)
        }
        SetId::LGame => {
            let rows = db.load_lgame().await?;
            let checksum = lgame_checksum(&rows);
            (Tables::LGame(Arc::new(solution_of(&rows)?)), checksum)
        }
    };
    if checksum != record.checksum {
        tracing::debug!(set = %id.name(), computed = %checksum, recorded = %record.checksum, "checksum mismatch");
        return Err(
            DbError::Corrupt("the values do not match the recorded checksum".into()).into(),
        );
    }
    tracing::debug!(set = %id.name(), elapsed_ms = started.elapsed().as_millis() as u64, "set loaded");
    Ok(tables)
}

/// The L-game solution of the stored rows, whose canonical forms must be the engine's.
fn solution_of(rows: &[LGameRow]) -> Result<lgame::Solution, TablesError> {
    let mut values = Vec::with_capacity(rows.len());
    for row in rows {
        let p = lgame::Position::parse(&row.fen).map_err(|e| {
            let why = crate::failure::rules_english(&e);
            DbError::Corrupt(format!("L-game position {:?}: {why}", row.fen))
        })?;
        if p.canonical().to_string() != row.canonical {
            return Err(DbError::Corrupt(format!(
                "L-game position {} is stored with canonical form {}",
                row.fen, row.canonical
            ))
            .into());
        }
        let value = Value {
            outcome: row.outcome,
            grundy: None,
            remoteness: row.depth,
        };
        values.push((p, value));
    }
    lgame::Solution::from_values(values).map_err(|e| {
        let why = crate::failure::rules_english(&e);
        DbError::Corrupt(format!("stored L-game: {why}")).into()
    })
}
