//! The lines of a stored table — rows, columns and diagonals — as sequences: the cell a line
//! starts at, the step to the next cell, the index of its first value and how many cells it
//! has below a bound. `sequence` lists these values and `periodicity` studies the same ones,
//! so the two cannot disagree on what "column 3" or "diagonal −2" is.
//!
//! Corner games (cells x,y): row R is (R, y) indexed by y, column C is (x, C) indexed by x,
//! diagonal D is (x, x + D) indexed by x, or (y − D, y) indexed by y when D < 0. Chocolate
//! (cells y,z of the staircase, y ≤ ⌊z/k⌋): row R is (R, z) indexed by z from k·R, column C
//! is (y, C) for y up to ⌊C/k⌋ (finite for k ≥ 1), diagonal D ≥ 0 is (y, k·y + D) indexed by
//! y — the D-th cell of each row counted from the staircase's edge, and (y, y + D) for k = 0,
//! where the staircase is a rectangle and (y, D) would be a column.
//!
//! The bound applies to the coordinates that run along the line (both, along a diagonal);
//! the fixed one of a row or a column need only lie inside the stored table.

use std::fmt;

use super::Table2D;

/// A kind of line of a table: the cells it runs through, and the coordinate that runs along
/// it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// Rows: x fixed, y growing (corner games); y fixed, z growing from k·y (chocolate).
    #[default]
    Row,
    /// Columns: y fixed, x growing (corner games); z fixed, y growing (chocolate: y from 0
    /// to ⌊z/k⌋ only, so finite for k ≥ 1).
    Column,
    /// Diagonals D: the cells (x, x + D) indexed by x (corner games; D < 0: (y − D, y)
    /// indexed by y); the cells (y, k·y + D) indexed by y (chocolate, D ≥ 0).
    Diagonal,
}

impl fmt::Display for LineKind {
    /// `row`, `column`, `diagonal`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LineKind::Row => "row",
            LineKind::Column => "column",
            LineKind::Diagonal => "diagonal",
        })
    }
}

/// Why a line cannot be read from a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineError {
    /// The line lies beyond the table's bound.
    Beyond {
        /// The line: `row x = 16`.
        line: String,
        /// Where the table ends.
        bound: u64,
    },
    /// A row or a column numbered below 0.
    Negative {
        /// The line.
        line: String,
    },
    /// A staircase's diagonal below 0.
    NegativeDiagonal {
        /// The line.
        line: String,
    },
    /// A diagonal of a staircase whose edge is a formula, which has no straight lines
    /// along it.
    EdgeDiagonal {
        /// The line.
        line: String,
    },
}

/// A line below a bound: the cells `first + i·step` for `i < len`, value i indexed
/// `offset + i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    /// The first cell, in the table's notation (x,y; y,z for chocolate).
    pub first: (u64, u64),
    /// What each step adds to the cell.
    pub step: (u64, u64),
    /// The index of the first value: the running coordinate at the first cell.
    pub offset: u64,
    /// How many cells the line has below the bound.
    pub len: u64,
}

impl Line {
    /// The cell of value `i` (`i < len`, so inside the table).
    pub fn cell(&self, i: u64) -> (u64, u64) {
        (
            self.first.0 + i * self.step.0,
            self.first.1 + i * self.step.1,
        )
    }

    /// One past the index of the last value.
    pub fn end(&self) -> u64 {
        self.offset + self.len
    }

    /// The Grundy numbers along the line, or the first cell missing from the table (never,
    /// for a line [`line`] built from the same table).
    pub fn values(&self, table: &Table2D) -> Result<Vec<u64>, (u64, u64)> {
        (0..self.len)
            .map(|i| {
                let (a, b) = self.cell(i);
                table.grundy(a, b).ok_or((a, b))
            })
            .collect()
    }
}

/// Line `at` of kind `kind` in `table`, read below `upto` (at most the table's bound).
/// Refused when the line lies outside the table (`too_large`), or is no line of the
/// game (a row or column numbered below 0, a chocolate diagonal D < 0).
pub fn line(table: &Table2D, kind: LineKind, at: i64, upto: u64) -> Result<Line, LineError> {
    let bound = table.bound();
    let n = at.unsigned_abs();
    let beyond = || LineError::Beyond {
        line: line_name(table, kind, at),
        bound,
    };
    if at < 0 && kind != LineKind::Diagonal {
        return Err(LineError::Negative {
            line: line_name(table, kind, at),
        });
    }
    if n >= bound {
        return Err(beyond());
    }
    // Cells from `start` on, one a step, while the running coordinate stays below `upto`.
    let below = |start: u64, step: u64| match upto.checked_sub(start) {
        Some(room) if room > 0 => (room - 1) / step + 1,
        _ => 0,
    };
    let line = match (table, kind) {
        (Table2D::Corner(_) | Table2D::Heap(_), LineKind::Row) => Line {
            first: (n, 0),
            step: (0, 1),
            offset: 0,
            len: upto,
        },
        (Table2D::Corner(_) | Table2D::Heap(_), LineKind::Column) => Line {
            first: (0, n),
            step: (1, 0),
            offset: 0,
            len: upto,
        },
        (Table2D::Corner(_) | Table2D::Heap(_), LineKind::Diagonal) => Line {
            first: if at >= 0 { (0, n) } else { (n, 0) },
            step: (1, 1),
            offset: 0,
            len: below(n, 1),
        },
        (Table2D::Chocolate(t), LineKind::Row) => {
            // Row y starts at the staircase's edge, the first z with f(z) ≥ y (z = k·y),
            // which must lie in the table.
            let start = t
                .edge()
                .heights()
                .start(n)
                .filter(|&z| z < bound)
                .ok_or_else(beyond)?;
            Line {
                first: (n, start),
                step: (0, 1),
                offset: start,
                len: below(start, 1),
            }
        }
        (Table2D::Chocolate(t), LineKind::Column) => {
            // Column z holds y = 0 to f(z) (⌊z/k⌋); for k = 0 every y of the table.
            let height = match t.edge().k() {
                Some(0) => bound,
                _ => t.edge().height(n) + 1,
            };
            Line {
                first: (0, n),
                step: (1, 0),
                offset: 0,
                len: height.min(upto),
            }
        }
        (Table2D::Chocolate(_), LineKind::Diagonal) if at < 0 => {
            return Err(LineError::NegativeDiagonal {
                line: line_name(table, kind, at),
            })
        }
        (Table2D::Chocolate(t), LineKind::Diagonal) => {
            let Some(k) = t.edge().k() else {
                return Err(LineError::EdgeDiagonal {
                    line: line_name(table, kind, at),
                });
            };
            let k = u64::from(k).max(1);
            Line {
                first: (0, n),
                step: (1, k),
                offset: 0,
                len: below(n, k),
            }
        }
    };
    Ok(line)
}

/// How a message names line `at`: `row x = 1`, `column z = 7`, `diagonal D = -2`.
pub fn line_name(table: &Table2D, kind: LineKind, at: i64) -> String {
    let fixed = match (table, kind) {
        (_, LineKind::Diagonal) => "D",
        (Table2D::Corner(_) | Table2D::Heap(_), LineKind::Row) => "x",
        (Table2D::Corner(_) | Table2D::Heap(_), LineKind::Column)
        | (Table2D::Chocolate(_), LineKind::Row) => "y",
        (Table2D::Chocolate(_), LineKind::Column) => "z",
    };
    format!("{kind} {fixed} = {at}")
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::{chocolate, corner};

    use super::*;

    fn queen(n: u64) -> Table2D {
        Table2D::Corner(Arc::new(
            corner::Table::solve(corner::Piece::Queen, n).unwrap(),
        ))
    }

    fn bar(k: u32, z_max: u64) -> Table2D {
        Table2D::Chocolate(Arc::new(chocolate::Table::solve(k, z_max).unwrap()))
    }

    /// Every cell of every line lies in the table, and the cells follow the definitions.
    #[test]
    fn lines_have_the_cells_of_their_definitions() {
        let t = queen(16);
        let d = line(&t, LineKind::Diagonal, -3, 10).unwrap();
        assert_eq!((d.first, d.len, d.cell(6)), ((3, 0), 7, (9, 6)));
        let d = line(&t, LineKind::Diagonal, 3, 10).unwrap();
        assert_eq!((d.first, d.len, d.cell(6)), ((0, 3), 7, (6, 9)));
        let c = line(&t, LineKind::Column, 15, 16).unwrap();
        assert_eq!((c.cell(4), c.len), ((4, 15), 16));
        assert_eq!(c.values(&t).unwrap().len(), 16);
        let c = bar(2, 20);
        let row = line(&c, LineKind::Row, 3, 21).unwrap();
        assert_eq!((row.first, row.offset, row.end()), ((3, 6), 6, 21));
        let column = line(&c, LineKind::Column, 9, 21).unwrap();
        assert_eq!((column.len, column.cell(4)), (5, (4, 9)));
        let diagonal = line(&c, LineKind::Diagonal, 1, 21).unwrap();
        // (0, 1), (1, 3), …, (9, 19): z = 2y + 1 below 21.
        assert_eq!((diagonal.len, diagonal.cell(9)), (10, (9, 19)));
        for l in [row, column, diagonal] {
            assert_eq!(l.values(&c).unwrap().len() as u64, l.len);
        }
        let square = bar(0, 20);
        let diagonal = line(&square, LineKind::Diagonal, 2, 21).unwrap();
        assert_eq!((diagonal.step, diagonal.len), ((1, 1), 19));
        assert_eq!(line(&square, LineKind::Column, 2, 21).unwrap().len, 21);
    }

    #[test]
    fn lines_outside_the_table_are_refused_with_what_to_ask() {
        let t = queen(16);
        let far = line(&t, LineKind::Row, 16, 16).unwrap_err();
        assert_eq!(
            far,
            LineError::Beyond {
                line: "row x = 16".into(),
                bound: 16
            }
        );
        let c = bar(1, 20);
        assert!(matches!(
            line(&c, LineKind::Row, 21, 21).unwrap_err(),
            LineError::Beyond { .. }
        ));
        let negative = line(&c, LineKind::Diagonal, -1, 21).unwrap_err();
        assert!(matches!(negative, LineError::NegativeDiagonal { .. }));
        // Inside the table but beyond the bound asked: an empty line.
        assert_eq!(line(&c, LineKind::Row, 15, 10).unwrap().len, 0);
    }
}
