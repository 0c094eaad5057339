//! Research over whole tables: the 2-D tables the papers study (a corner game's x,y, a
//! chocolate staircase's y,z, a heap game's two heaps x,y), their lines read as sequences, and a formula checked at every
//! cell on every core. Pure computation: the caller says how many threads, how long, and how
//! progress is reported.

mod lines;
mod scan;

use std::sync::Arc;

use crate::{chocolate, corner, heap};

pub use lines::{line, line_name, Line, LineError, LineKind};
pub use scan::{
    scan, Counterexample, FailureMap, Scan, Stopped, Until, MAX_COUNTEREXAMPLES, MAX_MAP_SIDE,
};

/// A 2-D table of Grundy numbers.
#[derive(Debug, Clone)]
pub enum Table2D {
    /// A corner game: cells x,y.
    Corner(Arc<corner::Table>),
    /// A chocolate staircase of step k: cells y,z.
    Chocolate(Arc<chocolate::Table>),
    /// A heap game's two heaps: cells x,y, G(x) xor G(y) (row 0: one heap's values).
    Heap(Arc<heap::Table>),
}

impl Table2D {
    /// Where the table ends: its side (corner), one past its widest staircase (chocolate).
    pub fn bound(&self) -> u64 {
        match self {
            Table2D::Corner(t) => t.size(),
            Table2D::Chocolate(t) => t.z_max() + 1,
            Table2D::Heap(t) => t.size(),
        }
    }

    /// The Grundy number of the cell (a, b) in the table's notation (x,y; y,z for chocolate),
    /// or `None` outside the table.
    pub fn grundy(&self, a: u64, b: u64) -> Option<u64> {
        match self {
            Table2D::Corner(t) => t.get(a, b).map(|(g, _)| g),
            Table2D::Chocolate(t) => t.grundy(a, b),
            Table2D::Heap(t) => t.get(a, b),
        }
    }
}
