//! The solved tables the daemon plays and answers from: loaded from the analysis database at
//! start (precomputed and stored first when missing or stale), then grown in memory on
//! demand (bounded, off the async runtime) when a match needs a bigger board than they cover.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use engine::corner::{Piece, Table};
use engine::{chocolate, AnyPosition, Convention, Knowledge, Position as _, DEFAULT_BUDGET};
use protocol::Message;

use crate::db::Db;
use crate::failure::{Context as _, Internal};
use crate::tables::{self, Progress, Sizes, Stamp};

/// Largest corner board the engine plays on: its table takes about 0.3 s to solve.
pub const ENGINE_MAX_BOARD: u64 = 4096;
/// Longest odd-step staircase the engine plays on (the solver's memory limit).
pub const ENGINE_MAX_BAR: u64 = 8000;

/// Largest corner table computed for a research question (`check`, `periodicity`,
/// `sequence` beyond the stored tables): about 4 s and 0.5 GiB, kept only until another
/// such question needs another table.
pub const RESEARCH_MAX_BOARD: u64 = 16_384;

/// How a long computation says how far along it is: `(what, done, total)`.
pub type Report = Arc<dyn Fn(&protocol::Message, u64, u64) + Send + Sync>;

/// A game too large for the engine: the table it needs would take too long to solve. Says
/// what was asked and what the limit is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[error("{}", crate::failure::english(self))]
#[serde(tag = "kind", rename = "engine_limit")]
pub struct EngineLimit {
    /// What the question or match needs (`engine-asked-board`: a 10000×10000 board).
    asked: Message,
    /// How far the engine goes (`engine-limit-board`: corner games on boards up to
    /// 4096×4096).
    limit: Message,
}

/// Why a table was not built: too large, a failure inside the server, or (never for a
/// position already read) the rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[serde(untagged)]
pub enum TableError {
    /// Beyond what the engine solves.
    #[error(transparent)]
    Limit(#[from] EngineLimit),
    /// Solving failed inside the server.
    #[error(transparent)]
    Internal(#[from] Internal),
    /// The engine refused the table's parameters.
    #[error("{}", crate::failure::rules_english(.0))]
    #[serde(serialize_with = "crate::failure::rules")]
    Rules(#[from] engine::Error),
}

/// Default memory for the tables built on demand (beyond the stored ones): the four corner
/// pieces at 4096 (about 96 MiB each with their misère tables) and a few staircases; the
/// least recently used go first past it.
pub const DEFAULT_TABLE_BUDGET: u64 = 512 << 20;

/// How long the table solved for research questions stays unused before it is dropped
/// (up to 0.5 GiB).
pub const RESEARCH_KEPT_FOR: Duration = Duration::from_secs(10 * 60);

/// A table built on demand: a corner piece's (with its misère table), or a staircase step's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum TableId {
    Corner(Piece),
    Chocolate(chocolate::Edge),
}

/// A table built on demand, when it was last used, and what it costs.
struct OnDemand {
    tables: Built,
    bytes: u64,
    used: Instant,
}

/// What one build makes.
#[derive(Clone)]
enum Built {
    Corner(Arc<Table>, Arc<engine::corner::misere::MisereTable>),
    Chocolate(Arc<chocolate::Table>),
}

/// The daemon's tables, shared by every match and query.
pub struct Solver {
    /// Swapped whole when a table is added or dropped, so readers never wait for a
    /// computation: the stored tables with those built on demand.
    knowledge: RwLock<Arc<Knowledge>>,
    /// The tables as loaded from the database, to tell a stored answer from one computed on
    /// demand since.
    stored: Arc<Knowledge>,
    /// One build at a time per table: two matches needing the same big table wait for one
    /// solve rather than running two, and nobody waits for a table they do not need.
    building: Mutex<HashMap<TableId, Arc<tokio::sync::Mutex<()>>>>,
    /// The tables built on demand, the least recently used dropped past `budget` bytes.
    on_demand: Mutex<HashMap<TableId, OnDemand>>,
    /// Memory the tables built on demand may take.
    budget: u64,
    /// The last corner table solved for a research question beyond the engine's boards,
    /// kept for the next question (a periodicity, then a check, then an export) until
    /// another replaces it or it is unused for [`RESEARCH_KEPT_FOR`].
    research: Mutex<Option<(Arc<Table>, Instant)>>,
    /// One research solve at a time (each takes up to 0.5 GiB and every core).
    research_solve: tokio::sync::Mutex<()>,
}

impl Solver {
    /// Loads the tables `sizes` asks for from `db`, computing and storing first whatever
    /// is missing, stale or damaged (the first start of a new database: a few seconds, with
    /// a progress bar on a terminal).
    pub async fn start(
        db: &Db,
        sizes: Sizes,
        budget: u64,
        progress: &Progress,
    ) -> Result<Solver, tables::TablesError> {
        let loaded = tables::ensure(db, sizes, &Stamp::current(), progress).await?;
        Ok(Solver::with(loaded.knowledge(DEFAULT_BUDGET), budget))
    }

    /// Starts from `knowledge` as it is (for tests and tools), with `budget` bytes for the
    /// tables built on demand.
    pub fn with(knowledge: Knowledge, budget: u64) -> Solver {
        let stored = Arc::new(knowledge);
        Solver {
            knowledge: RwLock::new(stored.clone()),
            stored,
            building: Mutex::new(HashMap::new()),
            on_demand: Mutex::new(HashMap::new()),
            budget,
            research: Mutex::new(None),
            research_solve: tokio::sync::Mutex::new(()),
        }
    }

    /// Whether the stored tables (not ones built on demand since) cover `pos`'s whole game.
    pub fn stored_covers(&self, pos: &AnyPosition) -> bool {
        match pos {
            AnyPosition::Sum(p) => p.components().iter().all(|c| self.stored_covers(c)),
            _ => Need::of(pos).met_by(&self.stored),
        }
    }

    /// Knowledge to answer a question about `pos`: a table is built when the formulas leave a
    /// field open (queen, horse and dragon remoteness; odd-step chocolate) and the board is
    /// within the engine's limits; otherwise what is known now, formulas included.
    pub async fn for_question(&self, pos: &AnyPosition) -> Arc<Knowledge> {
        let rook = matches!(pos, AnyPosition::Corner(p) if p.piece() == Piece::Rook);
        if rook {
            return self.current(); // the rook's formulas give every field
        }
        if let AnyPosition::Sum(p) = pos {
            for c in p.components() {
                Box::pin(self.for_question(c)).await;
            }
            return self.current();
        }
        match self.covering(pos).await {
            Ok(k) => k,
            Err(_) => self.current(),
        }
    }

    /// What is known now.
    pub fn current(&self) -> Arc<Knowledge> {
        match self.knowledge.read() {
            Ok(k) => k.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Checks that the engine can play from `pos` under `convention` — the tables it needs
    /// exist or may be built. A sum in normal play is played from its components' winning
    /// moves however many moves it has; in misère play its moves are weighed one by one, so
    /// at most [`engine::player::MAX_ENGINE_MOVES`] of them.
    pub fn engine_can_play(pos: &AnyPosition, convention: Convention) -> Result<(), EngineLimit> {
        if let AnyPosition::Sum(p) = pos {
            let moves = pos.move_count();
            if convention == Convention::Misere && moves > engine::player::MAX_ENGINE_MOVES {
                return Err(EngineLimit {
                    asked: Message::new("engine-asked-misere-sum").text("moves", moves.to_string()),
                    limit: Message::new("engine-limit-misere-sum")
                        .text("most", engine::player::MAX_ENGINE_MOVES.to_string()),
                });
            }
            return p
                .components()
                .iter()
                .try_for_each(|c| Solver::engine_can_play(c, convention));
        }
        match Need::of(pos) {
            Need::Corner(_, n) if n > ENGINE_MAX_BOARD => Err(EngineLimit {
                asked: Message::new("engine-asked-board").text("side", n.to_string()),
                limit: Message::new("engine-limit-board")
                    .text("most", ENGINE_MAX_BOARD.to_string()),
            }),
            Need::Chocolate(edge, z) if z > ENGINE_MAX_BAR => Err(EngineLimit {
                asked: Message::new("engine-asked-staircase")
                    .with("edge", edge_said(edge))
                    .text("z", z.to_string()),
                limit: Message::new("engine-limit-staircase")
                    .text("most", ENGINE_MAX_BAR.to_string()),
            }),
            _ => Ok(()),
        }
    }

    /// Knowledge covering `pos` and every position after it, building a table if needed.
    pub async fn covering(&self, pos: &AnyPosition) -> Result<Arc<Knowledge>, TableError> {
        if let AnyPosition::Sum(p) = pos {
            for c in p.components() {
                Box::pin(self.covering(c)).await?;
            }
            return Ok(self.current());
        }
        let need = Need::of(pos);
        let current = self.current();
        if need.met_by(&current) {
            self.touch(need);
            return Ok(current);
        }
        Solver::engine_can_play(pos, Convention::Normal)?;
        let Some(id) = need.id() else {
            return Ok(current);
        };
        let this_table = {
            let mut building = lock(&self.building);
            Arc::clone(building.entry(id).or_default())
        };
        let built = self.build_under(&this_table, need, pos).await;
        // Every defined piece or formula edge asked is another entry: it goes once nobody
        // else waits on it.
        let mut building = lock(&self.building);
        if Arc::strong_count(&this_table) == 2 {
            building.remove(&id);
        }
        drop(building);
        Ok(match built? {
            Some(built) => self.keep(id, built),
            None => self.current(),
        })
    }

    /// The table `need` asks for, built under its lock unless another question built it
    /// meanwhile (`None` then, as for a need without a table).
    async fn build_under(
        &self,
        this_table: &tokio::sync::Mutex<()>,
        need: Need,
        pos: &AnyPosition,
    ) -> Result<Option<Built>, TableError> {
        let _this_table = this_table.lock().await;
        if need.met_by(&self.current()) {
            self.touch(need);
            return Ok(None);
        }
        let build = need.to_build(pos);
        let job = move || -> Result<Option<Built>, engine::Error> {
            Ok(match build {
                Need::Corner(piece, n) => Some(Built::Corner(
                    Arc::new(Table::solve(piece, n)?),
                    Arc::new(engine::corner::misere::MisereTable::solve(piece, n)?),
                )),
                Need::Chocolate(edge, z) => Some(Built::Chocolate(Arc::new(
                    chocolate::Table::solve(edge, z)?,
                ))),
                Need::Nothing => None,
            })
        };
        // A defined piece's table costs seconds and a few hundred MiB at its largest, and
        // every piece is another table; so is every formula edge's (up to 128 MiB): those are
        // built by the research pool, as many at once as it has threads, so that many asked
        // at once wait rather than exhaust memory.
        let built = match build {
            Need::Corner(Piece::Defined(_), _)
            | Need::Chocolate(chocolate::Edge::Formula(_), _) => crate::pool::idle(job)
                .await
                .context("doing-build-a-table")??,
            _ => tokio::task::spawn_blocking(job)
                .await
                .context("doing-build-a-table")??,
        };
        if built.is_some() {
            tracing::info!(?need, ?build, "table built on demand");
        }
        Ok(built)
    }

    /// Adds a table built on demand, drops the least recently used others past the budget,
    /// and makes the knowledge anew: the stored tables with those kept.
    fn keep(&self, id: TableId, built: Built) -> Arc<Knowledge> {
        let mut on_demand = lock(&self.on_demand);
        let bytes = match &built {
            Built::Corner(t, m) => t.bytes() + m.bytes(),
            Built::Chocolate(t) => t.bytes(),
        };
        on_demand.insert(
            id,
            OnDemand {
                tables: built,
                bytes,
                used: Instant::now(),
            },
        );
        // The newest stays even alone past the budget: the question that built it needs it.
        while on_demand.values().map(|t| t.bytes).sum::<u64>() > self.budget {
            let Some(oldest) = on_demand
                .iter()
                .filter(|(k, _)| **k != id)
                .min_by_key(|(_, t)| t.used)
                .map(|(k, _)| *k)
            else {
                break;
            };
            on_demand.remove(&oldest);
            tracing::info!(table = ?oldest, "table built on demand dropped (the least recently used, past --table-memory)");
        }
        let mut knowledge = (*self.stored).clone();
        for t in on_demand.values() {
            match &t.tables {
                Built::Corner(table, misere) => {
                    knowledge.add_corner(Arc::clone(table));
                    knowledge.add_corner_misere(Arc::clone(misere));
                }
                Built::Chocolate(table) => knowledge.add_chocolate(Arc::clone(table)),
            }
        }
        let knowledge = Arc::new(knowledge);
        match self.knowledge.write() {
            Ok(mut k) => *k = knowledge.clone(),
            Err(poisoned) => *poisoned.into_inner() = knowledge.clone(),
        }
        knowledge
    }

    /// Notes that a table built on demand was used now (stored tables are not counted).
    fn touch(&self, need: Need) {
        if let Some(id) = need.id() {
            if let Some(t) = lock(&self.on_demand).get_mut(&id) {
                t.used = Instant::now();
            }
        }
    }

    /// The memory the tables built on demand take now, and how many there are.
    pub fn on_demand_bytes(&self) -> (u64, usize) {
        let on_demand = lock(&self.on_demand);
        (on_demand.values().map(|t| t.bytes).sum(), on_demand.len())
    }

    /// Drops the research table when it has been unused for [`RESEARCH_KEPT_FOR`].
    pub fn sweep(&self, now: Instant) {
        let mut research = lock(&self.research);
        if research
            .as_ref()
            .is_some_and(|(_, used)| now.duration_since(*used) >= RESEARCH_KEPT_FOR)
        {
            *research = None;
            tracing::info!("research table dropped: unused for {RESEARCH_KEPT_FOR:?}");
        }
    }
}

/// A std mutex's guard, poisoned or not (what it guards stays consistent: every change is one
/// assignment).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Solver {
    /// The corner table of `piece` reaching side `side`, for a research question: the one
    /// in use when it reaches; else, up to the engine's boards, one grown for every question
    /// and match (a fraction of a second); beyond, up to [`RESEARCH_MAX_BOARD`], one solved
    /// for research alone, with its progress reported as rows solved. One computation at a
    /// time.
    pub async fn research_corner(
        &self,
        piece: Piece,
        side: u64,
        report: Report,
    ) -> Result<Arc<Table>, TableError> {
        let reaching = |k: &Knowledge| k.corner_table(piece).filter(|t| t.size() >= side).cloned();
        if let Some(t) = reaching(&self.current()) {
            return Ok(t);
        }
        if side <= ENGINE_MAX_BOARD {
            let far = engine::corner::Position::new(piece, side, side - 1, side - 1)?;
            let grown = self.covering(&AnyPosition::Corner(far)).await?;
            return reaching(&grown)
                .ok_or_else(|| Internal::new("doing-grow-a-table", "it does not reach").into());
        }
        if side > RESEARCH_MAX_BOARD {
            return Err(EngineLimit {
                asked: Message::new("engine-asked-table")
                    .text("side", side.to_string())
                    .with("piece", piece_said(piece)),
                limit: Message::new("engine-limit-table")
                    .text("most", RESEARCH_MAX_BOARD.to_string()),
            }
            .into());
        }
        let kept = || {
            let mut research = lock(&self.research);
            let (kept, used) = research.as_mut()?;
            *used = Instant::now();
            (kept.piece() == piece && kept.size() >= side).then(|| kept.clone())
        };
        if let Some(t) = kept() {
            return Ok(t);
        }
        let _one_at_a_time = self.research_solve.lock().await;
        if let Some(t) = kept() {
            return Ok(t);
        }
        let what = protocol::Message::new("progress-corner")
            .with("piece", piece_said(piece))
            .text("side", side.to_string());
        report(&what, 0, side);
        let threads = crate::pool::threads();
        // The one kept before is let go first: two of up to 0.5 GiB are not held at once.
        *lock(&self.research) = None;
        let table = crate::pool::idle(move || {
            Table::solve_with(piece, side, threads, &|done, total| {
                report(&what, done, total)
            })
        })
        .await
        .context("doing-solve-a-table")??;
        let table = Arc::new(table);
        *lock(&self.research) = Some((table.clone(), Instant::now()));
        tracing::info!(%piece, side, "table solved for a research question");
        Ok(table)
    }
}

/// The table a position's whole game needs.
#[derive(Debug, Clone, Copy)]
enum Need {
    Nothing,
    /// A corner table of at least this side.
    Corner(Piece, u64),
    /// A staircase table (an odd step, or a formula edge) reaching this z.
    Chocolate(chocolate::Edge, u64),
}

impl Need {
    fn of(pos: &AnyPosition) -> Need {
        match pos {
            AnyPosition::Corner(p) => Need::Corner(p.piece(), p.x().max(p.y()) + 1),
            AnyPosition::Chocolate(p) if !p.edge().has_formula() => {
                Need::Chocolate(p.edge(), p.z())
            }
            _ => Need::Nothing,
        }
    }

    /// The table to build for this need of `pos`. A corner game never needs more than its
    /// start, but matches start anywhere on a big board: its side is rounded up to a power
    /// of two (within the board and the engine's limit), so a server builds two or three
    /// tables for such matches, not one for every start farther out than the last.
    /// Staircases are built as far as needed: rounding one up could take several times as
    /// long (k = 1: 0.2 s to z = 4 096, 1.3 s to 8 000).
    fn to_build(self, pos: &AnyPosition) -> Need {
        match (self, pos) {
            (Need::Corner(piece, n), AnyPosition::Corner(p)) => {
                let side = n.next_power_of_two().min(p.size()).min(ENGINE_MAX_BOARD);
                Need::Corner(piece, side.max(n))
            }
            (need, _) => need,
        }
    }

    /// The table that meets the need.
    fn id(self) -> Option<TableId> {
        match self {
            Need::Nothing => None,
            Need::Corner(piece, _) => Some(TableId::Corner(piece)),
            Need::Chocolate(edge, _) => Some(TableId::Chocolate(edge)),
        }
    }

    fn met_by(&self, k: &Knowledge) -> bool {
        match *self {
            Need::Nothing => true,
            Need::Corner(piece, n) => k.corner_table(piece).is_some_and(|t| t.size() >= n),
            Need::Chocolate(edge, z) => k.chocolate_table(edge).is_some_and(|t| t.z_max() >= z),
        }
    }
}

/// A staircase's edge as a message: `bar-edge-step` (step 3) or `bar-edge-formula`.
pub(crate) fn edge_said(edge: chocolate::Edge) -> protocol::MessageArg {
    protocol::MessageArg::Message(crate::convert::message(&edge.said()))
}

/// The piece's name as a message: `game-queen`, or `game-piece` with a defined piece's moves.
fn piece_said(piece: Piece) -> protocol::MessageArg {
    protocol::MessageArg::Message(crate::convert::message(&piece.said()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::corner;

    fn queen(size: u64, x: u64, y: u64) -> AnyPosition {
        AnyPosition::Corner(corner::Position::new(Piece::Queen, size, x, y).expect("a square"))
    }

    fn queen_side(k: &Knowledge) -> Option<u64> {
        k.corner_table(Piece::Queen).map(|t| t.size())
    }

    #[test]
    fn the_engine_refuses_a_misere_sum_with_too_many_moves_or_a_board_too_big() {
        let sum = |text: &str| AnyPosition::Sum(engine::sum::Position::parse(text).expect("a sum"));
        let (normal, misere) = (Convention::Normal, Convention::Misere);
        assert!(Solver::engine_can_play(&sum("queen(11):5,3 + nim:3,4,5"), misere).is_ok());
        // In normal play a sum is played from its components' winning moves: any size.
        assert!(Solver::engine_can_play(&sum("nim:1000000 + queen(8):3,3"), normal).is_ok());
        let e = Solver::engine_can_play(&sum("nim:1000000 + queen(8):3,3"), misere).unwrap_err();
        assert!(
            e.to_string().starts_with("a misère sum with 1000009 moves"),
            "{e}"
        );
        let e =
            Solver::engine_can_play(&sum("queen(10000):9000,9000 + nim:1"), normal).unwrap_err();
        assert!(e.to_string().starts_with("a 9001×9001 board"), "{e}");
    }

    #[tokio::test]
    async fn tables_built_on_demand_are_rounded_up_within_the_board() {
        let solver = Solver::with(Knowledge::new(DEFAULT_BUDGET), DEFAULT_TABLE_BUDGET);
        let first = solver.covering(&queen(1000, 70, 3)).await.expect("built");
        assert_eq!(queen_side(&first), Some(128));
        // A match starting farther out is covered by the same table.
        let again = solver
            .covering(&queen(1000, 3, 127))
            .await
            .expect("covered");
        assert!(Arc::ptr_eq(&first, &again));
        // Never beyond the board.
        let board = solver.covering(&queen(240, 200, 5)).await.expect("built");
        assert_eq!(queen_side(&board), Some(240));
        // A staircase is built as far as it needs, no farther.
        let bar = chocolate::Position::new(1, 0, 2, 300).expect("a bar");
        let bars = solver
            .covering(&AnyPosition::Chocolate(bar))
            .await
            .expect("built");
        assert_eq!(bars.chocolate_table(1).map(|t| t.z_max()), Some(300));
    }
}
