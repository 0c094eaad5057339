//! The staircase's own Grundy numbers G(y, z) for one edge, solved once for all z up to a
//! bound, because odd steps and formula edges have no known formula.

use crate::chocolate::edge::Heights;
use crate::chocolate::mex_bits::{advance_mex, first_missing, insert};
use crate::chocolate::{check_k, Edge};
use crate::error::{params, too_large, Error};
use crate::Said;

/// The most values a table may hold: 2²⁵ values of 4 bytes keep one table within 128 MiB
/// (step 1 reaches z_max = 8190, step 0 z_max = 5791).
pub const MAX_TABLE_CELLS: u64 = 1 << 25;

/// G(y, z) for every staircase with this edge, z ≤ `z_max` and y ≤ f(z) (⌊z/k⌋ for a step
/// k; for k = 0 every y ≤ `z_max`, a square), stored column by column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    edge: Edge,
    z_max: u64,
    /// Where each column starts in `cells`, for a formula edge (a step's is a closed form).
    starts: Vec<u32>,
    /// Column z holds G(0, z), G(1, z), … from index `offset(z)` on. Values are below
    /// 2·z_max + 2, so `u32` halves the memory of `u64`.
    cells: Vec<u32>,
}

impl Table {
    /// Solves every staircase with this edge (a step k, or [`Edge`]) and at most `z_max`
    /// columns.
    ///
    /// The options of (y, z) are three prefixes: the column z below y, the row y from
    /// column y·k to z − 1 (the vertical breaks that keep the height), and the stair tops
    /// G(⌊w/k⌋, w) for w < y·k (the breaks that lower it). So each row keeps one bitset of
    /// its values and the stair tops before it, each column one bitset of its values, each
    /// with its own mex as a lower bound, and a value costs a few word operations instead of
    /// a scan of all y + z options. (The row y of a formula edge starts at the first column
    /// z with f(z) ≥ y; the stair tops are the G(f(w), w).)
    pub fn solve(edge: impl Into<Edge>, z_max: u64) -> Result<Table, Error> {
        let edge = checked(edge.into(), z_max)?;
        let heights = edge.heights();
        let count = cell_count(&heights, z_max);
        if count > u128::from(MAX_TABLE_CELLS) {
            return Err(too_large(
                format!("z_max {z_max}"),
                Said::new("rule-bar-table-large")
                    .with("edge", edge.said())
                    .text("z", z_max)
                    .text("count", count)
                    .text("most", MAX_TABLE_CELLS),
            ));
        }
        // Both fit in usize: the count is at most 2^25 and z_max is below the count.
        let mut cells = vec![0u32; count as usize];
        fill(&heights, z_max as usize, &mut cells);
        Ok(Table {
            edge,
            z_max,
            starts: starts(&heights, z_max),
            cells,
        })
    }

    /// How many values the table for this edge up to `z_max` holds, or `None` when it would
    /// exceed [`MAX_TABLE_CELLS`] (and so cannot be solved), or the edge stops before `z_max`.
    pub fn value_count(edge: impl Into<Edge>, z_max: u64) -> Option<u64> {
        let edge = edge.into();
        if z_max > edge.max_z() {
            return None;
        }
        let count = cell_count(&edge.heights(), z_max);
        (count <= u128::from(MAX_TABLE_CELLS)).then_some(count as u64)
    }

    /// Rebuilds a table from its values G(y, z) in the order of [`Table::values`]: column
    /// z = 0, 1, …, and in each column y = 0, 1, …. Refused when the count does not match
    /// the edge and `z_max`, or a value is not below 2·z_max + 2 (f(z_max) + z_max + 1 when
    /// that is more: no G(y, z) reaches it).
    pub fn from_values(
        edge: impl Into<Edge>,
        z_max: u64,
        values: impl IntoIterator<Item = u64>,
    ) -> Result<Table, Error> {
        let edge = checked(edge.into(), z_max)?;
        let Some(count) = Table::value_count(edge, z_max) else {
            return Err(too_large(
                format!("z_max {z_max}"),
                Said::new("rule-bar-table-more")
                    .with("edge", edge.said())
                    .text("z", z_max)
                    .text("most", MAX_TABLE_CELLS),
            ));
        };
        // G(y, z) ≤ y + z, and y ≤ f(z_max) (≤ z_max for a step; z_max for k = 0).
        let top = match edge {
            Edge::Step(_) => z_max,
            Edge::Formula(_) => edge.height(z_max),
        };
        let bound = (2 * z_max + 2).max(top + z_max + 1);
        let mut cells = Vec::with_capacity(count as usize);
        for g in values {
            if g >= bound || cells.len() as u64 == count {
                return Err(params(
                    format!("value {} = {g}", cells.len()),
                    Said::new("rule-bar-stored-value")
                        .with("edge", edge.said())
                        .text("z", z_max)
                        .text("index", cells.len())
                        .text("value", g)
                        .text("count", count)
                        .text("bound", bound),
                ));
            }
            cells.push(g as u32);
        }
        let starts = starts(&edge.heights(), z_max);
        if cells.len() as u64 != count {
            return Err(params(
                format!("{} values", cells.len()),
                Said::new("rule-bar-stored-count")
                    .with("edge", edge.said())
                    .text("z", z_max)
                    .text("values", cells.len())
                    .text("count", count),
            ));
        }
        Ok(Table {
            edge,
            z_max,
            starts,
            cells,
        })
    }

    /// Every value as (y, z, G(y, z)), column by column: z = 0, 1, …, and in each column
    /// y = 0, 1, … up to f(z) (up to `z_max` for k = 0). [`Table::from_values`] reads the
    /// values back in this order.
    pub fn values(&self) -> impl Iterator<Item = (u64, u64, u64)> + '_ {
        (0..=self.z_max).flat_map(move |z| {
            // Both fit in usize: every index is below the number of cells.
            let start = self.offset(z) as usize;
            (0..=self.height(z)).map(move |y| (y, z, u64::from(self.cells[start + y as usize])))
        })
    }

    /// The memory its values take, in bytes.
    pub fn bytes(&self) -> u64 {
        (self.cells.len() * std::mem::size_of::<u32>()) as u64
    }

    /// The edge this table was solved for.
    pub fn edge(&self) -> Edge {
        self.edge
    }

    /// The widest staircase in the table.
    pub fn z_max(&self) -> u64 {
        self.z_max
    }

    /// G(y, z), or `None` when (y, z) is outside the table or not a staircase of this step.
    pub fn grundy(&self, y: u64, z: u64) -> Option<u64> {
        if z > self.z_max || y > self.height(z) {
            return None;
        }
        let index = usize::try_from(self.offset(z) + y).ok()?;
        self.cells.get(index).map(|&g| u64::from(g))
    }

    /// The greatest y in column z.
    fn height(&self, z: u64) -> u64 {
        match self.edge {
            Edge::Step(0) => self.z_max,
            edge => edge.height(z),
        }
    }

    /// Where column z starts in `cells`; only called for z ≤ z_max, so it fits.
    fn offset(&self, z: u64) -> u64 {
        match self.edge {
            Edge::Step(k) => u64::try_from(step_cells_before(k, self.z_max, z)).unwrap_or(u64::MAX),
            Edge::Formula(_) => usize::try_from(z)
                .ok()
                .and_then(|z| self.starts.get(z))
                .map_or(u64::MAX, |&s| u64::from(s)),
        }
    }
}

/// The edge, refused when it is a step beyond MAX_K or a formula that stops before `z_max`.
fn checked(edge: Edge, z_max: u64) -> Result<Edge, Error> {
    if let Some(k) = edge.k() {
        check_k(k)?;
    }
    if z_max > edge.max_z() {
        return Err(too_large(
            format!("z_max {z_max}"),
            Said::new("rule-bar-too-wide")
                .with("edge", edge.said())
                .text("z", z_max)
                .text("most", edge.max_z()),
        ));
    }
    Ok(edge)
}

/// Where each column starts in a formula edge's table (none for a step: a closed form).
fn starts(heights: &Heights, z_max: u64) -> Vec<u32> {
    let Heights::Formula(h) = heights else {
        return Vec::new();
    };
    let mut at = 0u32;
    h[..=z_max as usize] // z_max is within the edge's columns (checked)
        .iter()
        .map(|&f| {
            let start = at;
            // The table holds at most 2^25 values, so this stays far below u32::MAX.
            at = at.saturating_add(u32::try_from(f).unwrap_or(u32::MAX).saturating_add(1));
            start
        })
        .collect()
}

/// Columns solved together: each row's bitset is then fetched once per band instead of once
/// per value, which makes the solver about 1.5 times faster at z_max = 4096, while the
/// band's column bitsets stay in the L2 cache.
const BAND: usize = 64;

/// Solves the table column band by column band, and row by row inside a band; every value's
/// options (lower rows of its column, earlier columns of its row, earlier stair tops) are
/// then known. Stair tops are still found in increasing column order, because the top of
/// column w lies in row f(w), which does not fall as w grows.
fn fill(heights: &Heights, z_max: usize, cells: &mut [u32]) {
    let rectangle = matches!(heights, Heights::Step(0));
    // Column z holds y = 0..=f(z), or y = 0..=z_max when k = 0; every height here is at
    // most the table's count of values, which fits.
    let height = |z: usize| {
        if rectangle {
            z_max
        } else {
            heights.at(z as u64) as usize
        }
    };
    // Row y starts at the first column reaching it (every row of the table has one).
    let start = |y: usize| {
        if rectangle {
            0
        } else {
            heights.start(y as u64).unwrap_or(0) as usize
        }
    };
    let rows = height(z_max) + 1;
    // G(y, z) ≤ y + z: it is a mex over at most y + z options.
    let words = (rows + z_max + 1) / 64 + 2;
    // Per row y: its values so far together with the stair tops before its first column.
    let mut row_sets = vec![0u64; rows * words];
    let mut row_mex = vec![0usize; rows];
    // Per column of the current band: its values in the rows solved so far.
    let mut column_sets = vec![0u64; BAND * words];
    let mut column_mex = [0usize; BAND];
    // The stair tops G(f(w), w) found so far, in increasing w.
    let mut tops = vec![0u64; words];
    let mut tops_mex = 0;
    let mut offset = 0;
    let mut offsets = [0usize; BAND];
    let mut tops_at = [usize::MAX; BAND];
    for z0 in (0..=z_max).step_by(BAND) {
        let z1 = (z0 + BAND).min(z_max + 1);
        for (c, z) in (z0..z1).enumerate() {
            offsets[c] = offset;
            offset += height(z) + 1;
            tops_at[c] = if rectangle { usize::MAX } else { height(z) };
        }
        for (y, mex) in row_mex.iter_mut().enumerate().take(height(z1 - 1) + 1) {
            let row_start = start(y);
            let first = z0.max(row_start);
            if !rectangle && first == row_start {
                // Row y starts here; the breaks that lower it reach the tops so far.
                row_sets[y * words..(y + 1) * words].copy_from_slice(&tops);
                *mex = tops_mex;
            }
            let row = &mut row_sets[y * words..(y + 1) * words];
            for z in first..z1 {
                let c = z - z0;
                let column = &mut column_sets[c * words..(c + 1) * words];
                let g = first_missing(row, column, (*mex).max(column_mex[c]));
                // g ≤ y + z < 2^26.
                cells[offsets[c] + y] = g as u32;
                insert(row, g);
                advance_mex(row, mex);
                insert(column, g);
                advance_mex(column, &mut column_mex[c]);
                // The top of column z is row f(z).
                if tops_at[c] == y {
                    insert(&mut tops, g);
                    advance_mex(&tops, &mut tops_mex);
                }
            }
        }
        column_sets.fill(0);
        column_mex.fill(0);
    }
}

/// How many values columns 0..=z_max hold.
fn cell_count(heights: &Heights, z_max: u64) -> u128 {
    match heights {
        Heights::Step(k) => step_cells_before(*k as u32, z_max, u128::from(z_max) + 1),
        // z_max is within the edge's columns (checked by the callers).
        Heights::Formula(h) => h[..=z_max as usize]
            .iter()
            .map(|&f| u128::from(f) + 1)
            .sum(),
    }
}

/// How many values columns 0..z of a step k hold: Σ_{t<z} (⌊t/k⌋ + 1), or z·(z_max + 1) for
/// k = 0.
fn step_cells_before(k: u32, z_max: u64, z: impl Into<u128>) -> u128 {
    let z: u128 = z.into();
    match u128::from(k) {
        0 => z * (u128::from(z_max) + 1),
        k => {
            let (q, r) = (z / k, z % k);
            z + k * q * q.saturating_sub(1) / 2 + q * r
        }
    }
}
