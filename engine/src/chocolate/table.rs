//! The staircase's own Grundy numbers G(y, z) for one step k, solved once for all z up to a
//! bound, because odd steps have no known formula.

use crate::chocolate::check_k;
use crate::chocolate::mex_bits::{advance_mex, first_missing, insert};
use crate::error::{params, too_large, Error};
use crate::Said;

/// The most values a table may hold: 2²⁵ values of 4 bytes keep one table within 128 MiB
/// (step 1 reaches z_max = 8190, step 0 z_max = 5791).
pub const MAX_TABLE_CELLS: u64 = 1 << 25;

/// G(y, z) for every staircase with step `k`, z ≤ `z_max` and y ≤ ⌊z/k⌋ (for k = 0 every
/// y ≤ `z_max`, a square), stored column by column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    k: u32,
    z_max: u64,
    /// Column z holds G(0, z), G(1, z), … from index `offset(z)` on. Values are below
    /// 2·z_max + 2, so `u32` halves the memory of `u64`.
    cells: Vec<u32>,
}

impl Table {
    /// Solves every staircase with step `k` and at most `z_max` columns.
    ///
    /// The options of (y, z) are three prefixes: the column z below y, the row y from
    /// column y·k to z − 1 (the vertical breaks that keep the height), and the stair tops
    /// G(⌊w/k⌋, w) for w < y·k (the breaks that lower it). So each row keeps one bitset of
    /// its values and the stair tops before it, each column one bitset of its values, each
    /// with its own mex as a lower bound, and a value costs a few word operations instead of
    /// a scan of all y + z options.
    pub fn solve(k: u32, z_max: u64) -> Result<Table, Error> {
        check_k(k)?;
        let count = cell_count(k, z_max);
        if count > u128::from(MAX_TABLE_CELLS) {
            return Err(too_large(
                format!("z_max {z_max}"),
                Said::new("rule-bar-table-large")
                    .text("k", k)
                    .text("z", z_max)
                    .text("count", count)
                    .text("most", MAX_TABLE_CELLS),
            ));
        }
        // Both fit in usize: the count is at most 2^25 and z_max is below the count.
        let mut cells = vec![0u32; count as usize];
        fill(k as usize, z_max as usize, &mut cells);
        Ok(Table { k, z_max, cells })
    }

    /// How many values the table for step `k` up to `z_max` holds, or `None` when it would
    /// exceed [`MAX_TABLE_CELLS`] (and so cannot be solved).
    pub fn value_count(k: u32, z_max: u64) -> Option<u64> {
        let count = cell_count(k, z_max);
        (count <= u128::from(MAX_TABLE_CELLS)).then_some(count as u64)
    }

    /// Rebuilds a table from its values G(y, z) in the order of [`Table::values`]: column
    /// z = 0, 1, …, and in each column y = 0, 1, …. Refused when the count does not match
    /// the step and `z_max`, or a value is not below 2·z_max + 2 (no G(y, z) reaches it).
    pub fn from_values(
        k: u32,
        z_max: u64,
        values: impl IntoIterator<Item = u64>,
    ) -> Result<Table, Error> {
        check_k(k)?;
        let Some(count) = Table::value_count(k, z_max) else {
            return Err(too_large(
                format!("z_max {z_max}"),
                Said::new("rule-bar-table-more")
                    .text("k", k)
                    .text("z", z_max)
                    .text("most", MAX_TABLE_CELLS),
            ));
        };
        let bound = 2 * z_max + 2;
        let mut cells = Vec::with_capacity(count as usize);
        for g in values {
            if g >= bound || cells.len() as u64 == count {
                return Err(params(
                    format!("value {} = {g}", cells.len()),
                    Said::new("rule-bar-stored-value")
                        .text("k", k)
                        .text("z", z_max)
                        .text("index", cells.len())
                        .text("value", g)
                        .text("count", count)
                        .text("bound", bound),
                ));
            }
            cells.push(g as u32);
        }
        if cells.len() as u64 != count {
            return Err(params(
                format!("{} values", cells.len()),
                Said::new("rule-bar-stored-count")
                    .text("k", k)
                    .text("z", z_max)
                    .text("values", cells.len())
                    .text("count", count),
            ));
        }
        Ok(Table { k, z_max, cells })
    }

    /// Every value as (y, z, G(y, z)), column by column: z = 0, 1, …, and in each column
    /// y = 0, 1, … up to ⌊z/k⌋ (up to `z_max` for k = 0). [`Table::from_values`] reads the
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

    /// The step k this table was solved for.
    pub fn k(&self) -> u32 {
        self.k
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
        match self.k {
            0 => self.z_max,
            k => z / u64::from(k),
        }
    }

    /// Where column z starts in `cells`; only called for z ≤ z_max, so it fits.
    fn offset(&self, z: u64) -> u64 {
        u64::try_from(cells_before(self.k, self.z_max, z)).unwrap_or(u64::MAX)
    }
}

/// Columns solved together: each row's bitset is then fetched once per band instead of once
/// per value, which makes the solver about 1.5 times faster at z_max = 4096, while the
/// band's column bitsets stay in the L2 cache.
const BAND: usize = 64;

/// Solves the table column band by column band, and row by row inside a band; every value's
/// options (lower rows of its column, earlier columns of its row, earlier stair tops) are
/// then known. Stair tops are still found in increasing column order, because the top of
/// column w lies in row ⌊w/k⌋, which grows with w.
fn fill(step: usize, z_max: usize, cells: &mut [u32]) {
    // Column z holds y = 0..=⌊z/k⌋, or y = 0..=z_max when k = 0.
    let height = |z: usize| z.checked_div(step).unwrap_or(z_max);
    let rows = height(z_max) + 1;
    // G(y, z) ≤ y + z: it is a mex over at most y + z options.
    let words = (rows + z_max + 1) / 64 + 2;
    // Per row y: its values so far together with the stair tops before column y·k.
    let mut row_sets = vec![0u64; rows * words];
    let mut row_mex = vec![0usize; rows];
    // Per column of the current band: its values in the rows solved so far.
    let mut column_sets = vec![0u64; BAND * words];
    let mut column_mex = [0usize; BAND];
    // The stair tops G(⌊w/k⌋, w) found so far (k ≥ 1), in increasing w.
    let mut tops = vec![0u64; words];
    let mut tops_mex = 0;
    let mut offset = 0;
    let mut offsets = [0usize; BAND];
    for z0 in (0..=z_max).step_by(BAND) {
        let z1 = (z0 + BAND).min(z_max + 1);
        for (z, start) in (z0..z1).zip(offsets.iter_mut()) {
            *start = offset;
            offset += height(z) + 1;
        }
        for (y, mex) in row_mex.iter_mut().enumerate().take(height(z1 - 1) + 1) {
            let first = z0.max(y * step);
            if step > 0 && first == y * step {
                // Row y starts at column y·k; the breaks that lower it reach the tops so far.
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
                // The top of column z is row ⌊z/k⌋, that is z < (y + 1)·k.
                if step > 0 && z < (y + 1) * step {
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
fn cell_count(k: u32, z_max: u64) -> u128 {
    cells_before(k, z_max, u128::from(z_max) + 1)
}

/// How many values columns 0..z hold: Σ_{t<z} (⌊t/k⌋ + 1), or z·(z_max + 1) for k = 0.
fn cells_before(k: u32, z_max: u64, z: impl Into<u128>) -> u128 {
    let z: u128 = z.into();
    match u128::from(k) {
        0 => z * (u128::from(z_max) + 1),
        k => {
            let (q, r) = (z / k, z % k);
            z + k * q * q.saturating_sub(1) / 2 + q * r
        }
    }
}
