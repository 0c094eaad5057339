//! What a set is: its identity and name, the sizes asked for, and the build that made it.

use std::ops::RangeInclusive;

use engine::corner::{self, Piece};
use engine::{chocolate, lgame};

/// Default board side of the corner tables: every board up to 1024×1024.
pub const DEFAULT_BOARD: u64 = 1024;

/// Default width z_max of the chocolate staircase tables.
pub const DEFAULT_BAR: u64 = 1024;

/// The longest bar whose tables can be solved: the step-0 table (the largest, (z_max + 1)²
/// values) stays within [`chocolate::MAX_TABLE_CELLS`].
pub const MAX_BAR: u64 = 5791;

/// The staircase steps whose tables are kept: the ones the literature studies.
pub const CHOCOLATE_STEPS: RangeInclusive<u32> = 0..=6;

/// How far the stored tables reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sizes {
    /// Corner tables cover every square (x, y) with x, y < board.
    pub board: u64,
    /// Chocolate tables cover every staircase with z ≤ bar.
    pub bar: u64,
}

impl Default for Sizes {
    fn default() -> Sizes {
        Sizes {
            board: DEFAULT_BOARD,
            bar: DEFAULT_BAR,
        }
    }
}

impl Sizes {
    /// Refuses sizes no solver accepts: a board beyond [`corner::MAX_TABLE`], a bar whose
    /// step-0 table (the largest) exceeds [`chocolate::MAX_TABLE_CELLS`].
    pub fn check(&self) -> Result<(), String> {
        if !(1..=corner::MAX_TABLE).contains(&self.board) {
            return Err(format!(
                "the board side is 1 to {}, not {}",
                corner::MAX_TABLE,
                self.board
            ));
        }
        if chocolate::Table::value_count(0, self.bar).is_none() {
            return Err(format!(
                "a chocolate bar length of {} is too long: the step-0 table would hold more \
                 than {} values",
                self.bar,
                chocolate::MAX_TABLE_CELLS
            ));
        }
        Ok(())
    }

    /// Every set these sizes ask for, with its bound, in the order they are computed.
    pub fn sets(&self) -> Vec<(SetId, u64)> {
        let mut sets = vec![(SetId::LGame, lgame::POSITIONS as u64)];
        sets.extend(Piece::ALL.map(|p| (SetId::Corner(p), self.board)));
        sets.extend(CHOCOLATE_STEPS.map(|k| (SetId::Chocolate(k), self.bar)));
        sets
    }
}

/// The build that computes sets: a stored set with another `engine_version` is stale.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stamp {
    /// What the solvers mean ([`engine::ENGINE_TABLES_VERSION`] unless a test says otherwise).
    pub engine_version: u32,
    /// The version of the crates, recorded for people; it does not make a set stale.
    pub crate_version: String,
}

impl Stamp {
    /// This build.
    pub fn current() -> Stamp {
        Stamp {
            engine_version: engine::ENGINE_TABLES_VERSION,
            crate_version: env!("CARGO_PKG_VERSION").to_owned(),
        }
    }
}

/// One set of the analysis database.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SetId {
    /// The corner table of a piece.
    Corner(Piece),
    /// The staircase table of a chocolate step k.
    Chocolate(u32),
    /// The L-game's classification.
    LGame,
}

impl SetId {
    /// The name in `analysis_sets`: `queen`, `chocolate k=1`, `lgame`.
    pub fn name(&self) -> String {
        match self {
            SetId::Corner(p) => p.name().to_owned(),
            SetId::Chocolate(k) => format!("chocolate k={k}"),
            SetId::LGame => "lgame".to_owned(),
        }
    }

    /// The `game` column of `analysis_sets`.
    pub fn game(&self) -> &'static str {
        match self {
            SetId::Corner(p) => p.name(),
            SetId::Chocolate(_) => "chocolate",
            SetId::LGame => "lgame",
        }
    }

    /// The staircase step, for a chocolate set.
    pub fn k(&self) -> Option<u32> {
        match self {
            SetId::Chocolate(k) => Some(*k),
            _ => None,
        }
    }

    /// Rows the set has in its values table at `bound` (0 when the solver would refuse it).
    pub fn rows(&self, bound: u64) -> u64 {
        match self {
            SetId::Corner(_) => bound * (bound + 1) / 2,
            SetId::Chocolate(k) => chocolate::Table::value_count(*k, bound).unwrap_or(0),
            SetId::LGame => lgame::POSITIONS as u64,
        }
    }
}
