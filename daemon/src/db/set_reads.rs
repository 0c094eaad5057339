//! Reading solved tables back: the records of the stored sets, whole sets for the daemon's
//! start, and rectangular ranges for queries.
//!
//! A whole corner or chocolate set is read one board row (one staircase column) per result
//! row, its values joined by `group_concat` inside SQLite: the driver's cost per result row
//! (a row object, its values copied, a channel hop) is far above SQLite's, and a million
//! result rows would dominate the daemon's start.

use std::ops::Range;

use engine::{chocolate, corner, Outcome};
use sqlx::sqlite::SqliteRow;
use sqlx::Row;

use super::error::{from_sql_int, from_sql_opt, DbError};
use super::sets::{piece_id, LGameRow, SetRecord};
use super::Db;

/// Most values one range read returns (a 1024 × 1024 rectangle): a query answer, not a dump.
pub const MAX_RANGE_VALUES: u64 = 1 << 20;

/// A square of a corner table with its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CornerValue {
    /// Column.
    pub x: u64,
    /// Row.
    pub y: u64,
    /// Grundy number.
    pub grundy: u64,
    /// Remoteness: plies to the end under best play.
    pub remoteness: u64,
}

/// A staircase of a chocolate table with its Grundy number G(y, z).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChocolateValue {
    /// Height cap.
    pub y: u64,
    /// Width.
    pub z: u64,
    /// G(y, z).
    pub grundy: u64,
}

impl Db {
    /// Every stored set's record, by name.
    pub async fn stored_sets(&self) -> Result<Vec<SetRecord>, DbError> {
        let sql = "SELECT name, game, k, bound, row_count, engine_version, crate_version, \
                   computed_at, compute_ms, checksum FROM analysis_sets ORDER BY name";
        let rows = sqlx::query(sql).fetch_all(&self.pool).await?;
        rows.iter().map(set_record).collect()
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
        let rows = sqlx::query(sql)
            .bind(piece_id(piece))
            .fetch_all(&self.pool)
            .await?;
        let corrupt = |what: String| DbError::Corrupt(format!("stored {piece} table: {what}"));
        if rows.len() as u64 != n {
            return Err(corrupt(format!(
                "{} rows of the board, not {n}",
                rows.len()
            )));
        }
        let mut values = Vec::with_capacity((n * (n + 1) / 2) as usize);
        for (x, row) in (0..n).zip(&rows) {
            let packed = read_line(row, x, x, n - 1)
                .ok_or_else(|| corrupt(format!("row {x} is not the squares ({x}, {x}..{n})")))?;
            values.extend(packed.into_iter().map(|v| (v & 0xFFFF, v >> 16)));
        }
        corner::Table::from_triangle(piece, n, values).map_err(|e| corrupt(e.to_string()))
    }

    /// The stored staircase table of step `k` up to `z_max`, rebuilt. `Corrupt` when the
    /// rows are not exactly the staircases of that step and bound.
    pub async fn load_chocolate(&self, k: u32, z_max: u64) -> Result<chocolate::Table, DbError> {
        let sql = "SELECT z, sum(y), group_concat(grundy, ' ') \
                   FROM chocolate_values WHERE k = ? GROUP BY z ORDER BY z";
        let rows = sqlx::query(sql).bind(k).fetch_all(&self.pool).await?;
        let corrupt =
            |what: String| DbError::Corrupt(format!("stored chocolate table k={k}: {what}"));
        if rows.len() as u64 != z_max + 1 {
            return Err(corrupt(format!(
                "{} columns, not {}",
                rows.len(),
                z_max + 1
            )));
        }
        let mut values = Vec::new();
        for (z, row) in (0..=z_max).zip(&rows) {
            let height = if k == 0 { z_max } else { z / u64::from(k) };
            let column = read_line(row, z, 0, height)
                .ok_or_else(|| corrupt(format!("column {z} is not the rows 0..={height}")))?;
            values.extend(column);
        }
        chocolate::Table::from_values(k, z_max, values).map_err(|e| corrupt(e.to_string()))
    }

    /// Every stored L-game position seen from the mover, ordered by `fen`.
    pub async fn load_lgame(&self) -> Result<Vec<LGameRow>, DbError> {
        let sql = "SELECT fen, canonical, outcome, depth FROM lgame ORDER BY fen";
        let rows = sqlx::query(sql).fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| {
                let outcome: String = row.try_get(2)?;
                Ok(LGameRow {
                    fen: row.try_get(0)?,
                    canonical: row.try_get(1)?,
                    outcome: Outcome::parse(&outcome)
                        .ok_or_else(|| DbError::Corrupt(format!("L-game outcome {outcome:?}")))?,
                    depth: from_sql_opt(row.try_get(3)?, "L-game depth")?,
                })
            })
            .collect()
    }

    /// The stored values of `piece` for x in `xs` and y in `ys` (both halves of the board:
    /// the view `corner`), ordered by x then y. Squares beyond the stored table are absent.
    /// `Rejected` for a rectangle of more than [`MAX_RANGE_VALUES`] squares.
    pub async fn corner_range(
        &self,
        piece: corner::Piece,
        xs: Range<u64>,
        ys: Range<u64>,
    ) -> Result<Vec<CornerValue>, DbError> {
        check_area(&xs, &ys)?;
        let sql = "SELECT x, y, grundy, remoteness FROM corner WHERE game = ? \
                   AND x >= ? AND x < ? AND y >= ? AND y < ? ORDER BY x, y";
        let rows = sqlx::query(sql)
            .bind(piece.name())
            .bind(clamp(xs.start))
            .bind(clamp(xs.end))
            .bind(clamp(ys.start))
            .bind(clamp(ys.end))
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| {
                Ok(CornerValue {
                    x: from_sql_int(row.try_get(0)?, "x")?,
                    y: from_sql_int(row.try_get(1)?, "y")?,
                    grundy: from_sql_int(row.try_get(2)?, "grundy")?,
                    remoteness: from_sql_int(row.try_get(3)?, "remoteness")?,
                })
            })
            .collect()
    }

    /// The stored G(y, z) of step `k` for y in `ys` and z in `zs`, ordered by y then z.
    /// Staircases beyond the stored table or not of this step are absent. `Rejected` for a
    /// rectangle of more than [`MAX_RANGE_VALUES`] values.
    pub async fn chocolate_range(
        &self,
        k: u32,
        ys: Range<u64>,
        zs: Range<u64>,
    ) -> Result<Vec<ChocolateValue>, DbError> {
        check_area(&ys, &zs)?;
        let sql = "SELECT y, z, grundy FROM chocolate_values WHERE k = ? \
                   AND z >= ? AND z < ? AND y >= ? AND y < ? ORDER BY y, z";
        let rows = sqlx::query(sql)
            .bind(k)
            .bind(clamp(zs.start))
            .bind(clamp(zs.end))
            .bind(clamp(ys.start))
            .bind(clamp(ys.end))
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| {
                Ok(ChocolateValue {
                    y: from_sql_int(row.try_get(0)?, "y")?,
                    z: from_sql_int(row.try_get(1)?, "z")?,
                    grundy: from_sql_int(row.try_get(2)?, "grundy")?,
                })
            })
            .collect()
    }
}

/// The values of one aggregated row of a whole-set read (a board row or a staircase column:
/// its key, the sum of its inner keys, its values), if its key is `key` and its inner keys
/// are exactly `first..=last`. Distinct (the primary key) and at least `first` (a CHECK),
/// `last - first + 1` inner keys have the least possible sum just when they are those.
fn read_line(row: &SqliteRow, key: u64, first: u64, last: u64) -> Option<Vec<u64>> {
    let at: i64 = row.try_get(0).ok()?;
    let sum: i64 = row.try_get(1).ok()?;
    let text: &str = row.try_get(2).ok()?;
    let values: Vec<u64> = text
        .split(' ')
        .map(|v| v.parse().ok())
        .collect::<Option<_>>()?;
    let expected = (first + last) * (last - first + 1) / 2;
    let exact =
        at == key as i64 && sum == expected as i64 && values.len() as u64 == last - first + 1;
    exact.then_some(values)
}

/// Refuses a rectangle too large for one answer.
fn check_area(a: &Range<u64>, b: &Range<u64>) -> Result<(), DbError> {
    let area =
        u128::from(a.end.saturating_sub(a.start)) * u128::from(b.end.saturating_sub(b.start));
    if area > u128::from(MAX_RANGE_VALUES) {
        return Err(DbError::Rejected(format!(
            "a range of {area} values is more than the {MAX_RANGE_VALUES} one read returns"
        )));
    }
    Ok(())
}

/// A bound as an SQLite integer; every stored coordinate is far below the clamp.
fn clamp(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// An `analysis_sets` row.
fn set_record(row: &SqliteRow) -> Result<SetRecord, DbError> {
    Ok(SetRecord {
        name: row.try_get("name")?,
        game: row.try_get("game")?,
        k: from_sql_opt(row.try_get("k")?, "k")?,
        bound: from_sql_int(row.try_get("bound")?, "bound")?,
        row_count: from_sql_int(row.try_get("row_count")?, "row_count")?,
        engine_version: from_sql_int(row.try_get("engine_version")?, "engine_version")?,
        crate_version: row.try_get("crate_version")?,
        computed_at: row.try_get("computed_at")?,
        compute_ms: from_sql_int(row.try_get("compute_ms")?, "compute_ms")?,
        checksum: row.try_get("checksum")?,
    })
}
