//! Reading solved tables back: the records of the stored sets, and whole sets for the
//! daemon's start (queries then answer from memory).
//!
//! A whole corner or chocolate set is read one board row (one staircase column) per result
//! row, its values joined by `group_concat` inside SQLite: the driver's cost per result row
//! (a row object, its values copied, a channel hop) is far above SQLite's, and a million
//! result rows would dominate the daemon's start.

use engine::{chocolate, corner};
use futures_util::TryStreamExt;
use sqlx::sqlite::SqliteRow;
use sqlx::Row;

use super::database::Db;
use super::error::DbError;
use super::sets::{piece_id, LGameRow, SetRecord};

impl Db {
    /// Every stored set's record, by name.
    pub async fn stored_sets(&self) -> Result<Vec<SetRecord>, DbError> {
        let sql = "SELECT name, game, k, bound, row_count, engine_version, crate_version, \
                   computed_at, compute_ms, checksum FROM analysis_sets ORDER BY name";
        Ok(sqlx::query_as(sql).fetch_all(&self.pool).await?)
    }

    /// The stored corner table of `piece` with side `n` (as its record says), rebuilt.
    /// `Corrupt` when the rows are not exactly the triangle x ≤ y < n.
    pub async fn load_corner(
        &self,
        piece: corner::Piece,
        n: u64,
    ) -> Result<corner::Table, DbError> {
        // The grouping walks the primary key, so each group's values come in y order; an
        // aggregate `ORDER BY y` would make that explicit at a third more load time, and a
        // wrong order could only fail the checksum (the set is then computed again). A value
        // packs into 32 bits: the table stores 16-bit Grundy numbers and remoteness.
        let sql = "SELECT x, sum(y), group_concat(grundy | (remoteness << 16), ' ') \
                   FROM corner_values WHERE piece = ? GROUP BY x ORDER BY x";
        let corrupt = |what: String| DbError::Corrupt(format!("stored {piece} table: {what}"));
        // Row by row into the packed values: the whole result at once, or wide integers,
        // would be tens of megabytes that the allocator keeps after the start.
        let mut rows = sqlx::query(sql).bind(piece_id(piece)).fetch(&self.pool);
        let mut values = Vec::with_capacity((n * (n + 1) / 2) as usize);
        let mut x = 0;
        while let Some(row) = rows.try_next().await? {
            if x == n || !read_line(&row, x, x, n - 1, &mut values) {
                return Err(corrupt(format!(
                    "row {x} is not the squares ({x}, {x}..{n})"
                )));
            }
            x += 1;
        }
        if x != n {
            return Err(corrupt(format!("{x} rows of the board, not {n}")));
        }
        let values = values
            .into_iter()
            .map(|v| (u64::from(v & 0xFFFF), u64::from(v >> 16)));
        corner::Table::from_triangle(piece, n, values)
            .map_err(|e| corrupt(crate::failure::rules_english(&e)))
    }

    /// The stored staircase table of step `k` up to `z_max`, rebuilt. `Corrupt` when the
    /// rows are not exactly the staircases of that step and bound.
    pub async fn load_chocolate(&self, k: u32, z_max: u64) -> Result<chocolate::Table, DbError> {
        let sql = "SELECT z, sum(y), group_concat(grundy, ' ') \
                   FROM chocolate_values WHERE k = ? GROUP BY z ORDER BY z";
        let corrupt =
            |what: String| DbError::Corrupt(format!("stored chocolate table k={k}: {what}"));
        let mut rows = sqlx::query(sql).bind(k).fetch(&self.pool);
        let mut values = Vec::new();
        let mut z = 0;
        while let Some(row) = rows.try_next().await? {
            let height = if k == 0 { z_max } else { z / u64::from(k) };
            if z > z_max || !read_line(&row, z, 0, height, &mut values) {
                return Err(corrupt(format!("column {z} is not the rows 0..={height}")));
            }
            z += 1;
        }
        if z != z_max + 1 {
            return Err(corrupt(format!("{z} columns, not {}", z_max + 1)));
        }
        let values = values.into_iter().map(u64::from);
        chocolate::Table::from_values(k, z_max, values)
            .map_err(|e| corrupt(crate::failure::rules_english(&e)))
    }

    /// Every stored L-game position seen from the mover, ordered by `fen`.
    pub async fn load_lgame(&self) -> Result<Vec<LGameRow>, DbError> {
        let sql = "SELECT fen, canonical, outcome, depth FROM lgame ORDER BY fen";
        Ok(sqlx::query_as(sql).fetch_all(&self.pool).await?)
    }
}

/// Appends the values of one aggregated row of a whole-set read (a board row or a staircase
/// column: its key, the sum of its inner keys, its values) to `values`, if its key is `key`
/// and its inner keys are exactly `first..=last`; false otherwise. Distinct (the primary
/// key) and at least `first` (a CHECK), `last - first + 1` inner keys have the least
/// possible sum just when they are those.
fn read_line(row: &SqliteRow, key: u64, first: u64, last: u64, values: &mut Vec<u32>) -> bool {
    let mut line = || -> Option<()> {
        let at: i64 = row.try_get(0).ok()?;
        let sum: i64 = row.try_get(1).ok()?;
        let text: &str = row.try_get(2).ok()?;
        let expected = (first + last) * (last - first + 1) / 2;
        (at == key as i64 && sum == expected as i64).then_some(())?;
        let start = values.len();
        for v in text.split(' ') {
            values.push(v.parse().ok()?);
        }
        ((values.len() - start) as u64 == last - first + 1).then_some(())
    };
    line().is_some()
}
