//! The misère table solver: the remoteness, hence the outcome, of every square of an N×N
//! board in one retrograde sweep, O(1) per square.

use crate::corner::Piece;
use crate::error::params;
use crate::{Error, Outcome, Said, Value};

/// Largest board a misère table may cover. Remoteness is stored in 16 bits (it is at most
/// 2·(N − 1): every move lowers x + y by one at least), and the triangle of a 20000×20000
/// board takes 0.4 GB: the normal-play [`Table`](crate::corner::Table)'s bound.
pub const MAX_TABLE: u64 = 20_000;

/// Sentinel for "no odd remoteness seen yet".
const NONE: u32 = u32::MAX;

/// The misère remoteness of every square of one piece's N×N board (which contains every
/// smaller board); the outcome is its parity: even won, odd lost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereTable {
    piece: Piece,
    n: usize,
    /// The triangle x ≤ y, column by column (see [`index`]); the square (y, x) has the
    /// value of (x, y).
    cells: Vec<u16>,
}

/// Slot of (x, y), x ≤ y: column y's squares (0, y) … (y, y) follow column y − 1's.
fn index(x: usize, y: usize) -> usize {
    y * (y + 1) / 2 + x
}

/// What the retrograde step needs of a set of successors: the least odd remoteness (the
/// quickest win is a move to a lost square) and the greatest remoteness (the slowest loss).
#[derive(Debug, Clone, Copy)]
struct Options {
    least_odd: u32,
    greatest_plus_one: u32,
}

impl Options {
    const NONE: Options = Options {
        least_odd: NONE,
        greatest_plus_one: 0,
    };

    fn add(&mut self, r: u32) {
        if r % 2 == 1 {
            self.least_odd = self.least_odd.min(r);
        }
        self.greatest_plus_one = self.greatest_plus_one.max(r + 1);
    }

    fn merge(&mut self, other: Options) {
        self.least_odd = self.least_odd.min(other.least_odd);
        self.greatest_plus_one = self.greatest_plus_one.max(other.greatest_plus_one);
    }

    /// 1 + the least odd (a win), else 1 + the greatest (a loss), else 0 (no move: the
    /// corner, won).
    fn remoteness(self) -> u32 {
        if self.least_odd == NONE {
            self.greatest_plus_one
        } else {
            self.least_odd + 1
        }
    }
}

impl MisereTable {
    /// Solves the N×N board, 1 ≤ N ≤ [`MAX_TABLE`], in one pass on one core: a few
    /// nanoseconds per square, 20–50 ms at N = 4096 and about a second at N = 20000 (the
    /// `misere_times` example measures it).
    ///
    /// Every move set is a union of *prefixes* of lines — the row to the left, the column
    /// below, the diagonal toward the corner — plus at most two single steps, so each line
    /// keeps the summary of the squares solved on it so far and a square costs O(1). Squares
    /// are solved column by column (y = 0, 1, …; x = 0 … y in each), so every square a move
    /// reaches is solved before the square itself. The board is symmetric in x and y: only
    /// x ≤ y is solved, and row i and column i share one line.
    pub fn solve(piece: Piece, n: u64) -> Result<MisereTable, Error> {
        if !(1..=MAX_TABLE).contains(&n) {
            return Err(params(
                format!("side {n}"),
                Said::new("rule-misere-table-side")
                    .text("most", MAX_TABLE)
                    .text("side", n),
            ));
        }
        let n = n as usize;
        if let Piece::Defined(moves) = piece {
            let cells = crate::corner::defined::solve_misere(&moves, n)?;
            return Ok(MisereTable { piece, n, cells });
        }
        let mut cells = vec![0u16; index(0, n)];
        match piece {
            Piece::Queen => sweep::<QUEEN>(n, &mut cells),
            Piece::Rook => sweep::<ROOK>(n, &mut cells),
            Piece::Horse => sweep::<HORSE>(n, &mut cells),
            Piece::Dragon => sweep::<DRAGON>(n, &mut cells),
            Piece::Defined(_) => unreachable!("solved above"),
        }
        Ok(MisereTable { piece, n, cells })
    }

    /// The memory its values take, in bytes.
    pub fn bytes(&self) -> u64 {
        (self.cells.len() * std::mem::size_of::<u16>()) as u64
    }

    /// The piece this table is for.
    pub fn piece(&self) -> Piece {
        self.piece
    }

    /// The side of the board covered.
    pub fn size(&self) -> u64 {
        self.n as u64
    }

    /// Whether (x, y) lies inside the table.
    pub fn contains(&self, x: u64, y: u64) -> bool {
        x < self.n as u64 && y < self.n as u64
    }

    /// Misère remoteness of (x, y) — even when the player to move wins, odd when they lose —
    /// or `None` outside the table.
    pub fn remoteness(&self, x: u64, y: u64) -> Option<u64> {
        if !self.contains(x, y) {
            return None;
        }
        let (a, b) = (x.min(y) as usize, x.max(y) as usize);
        Some(u64::from(self.cells[index(a, b)]))
    }

    /// Misère outcome of (x, y) for the player to move, or `None` outside the table.
    pub fn outcome(&self, x: u64, y: u64) -> Option<Outcome> {
        self.remoteness(x, y).map(outcome_of_remoteness)
    }

    /// The misère value of (x, y) for `piece` — outcome and remoteness, `grundy: None` — or
    /// `None` when this table is for another piece or does not reach the square.
    pub fn value(&self, piece: Piece, x: u64, y: u64) -> Option<Value> {
        if piece != self.piece {
            return None;
        }
        let r = self.remoteness(x, y)?;
        Some(Value {
            outcome: outcome_of_remoteness(r),
            grundy: None,
            remoteness: Some(r),
        })
    }
}

const QUEEN: u8 = 0;
const ROOK: u8 = 1;
const HORSE: u8 = 2;
const DRAGON: u8 = 3;

/// The sweep of [`MisereTable::solve`], compiled once per piece `P` so that the inner loop
/// carries no piece tests and walks its slices without bounds checks.
fn sweep<const P: u8>(n: usize, cells: &mut [u16]) {
    let straight_lines = P != HORSE;
    let diagonal_lines = P == QUEEN || P == HORSE;
    // Line i: the squares solved so far with a coordinate equal to i (row i and column i).
    let mut straight = vec![Options::NONE; n];
    // Line d: the squares (x, x + d) solved so far.
    let mut diagonal = vec![Options::NONE; n];
    for y in 0..n {
        let (before, rest) = cells.split_at_mut(index(0, y));
        // Column y − 1: (x, y − 1) for x < y.
        let previous = &before[before.len() - y..];
        let column = &mut rest[..=y];
        // Row y so far: (u, y) for the u < x already solved (line y has nothing else yet).
        let mut row = Options::NONE;
        // (x − 1, y) and (x − 1, y − 1), the single steps left and diagonally.
        let (mut left, mut down_left) = (None::<u16>, None::<u16>);
        // x < y. The column (x, v), v < y, is line x so far: the squares (x, v ≥ x) of the
        // columns before y and the mirrors (v, x), v < x, of column x.
        let squares = column[..y]
            .iter_mut()
            .zip(&mut straight[..y])
            .zip(diagonal[1..=y].iter_mut().rev())
            .zip(previous);
        for (((cell, line), diagonal), &down) in squares {
            let mut options = Options::NONE;
            if straight_lines {
                options.merge(*line);
                options.merge(row);
            }
            if diagonal_lines {
                options.merge(*diagonal);
            }
            if P == HORSE {
                if let Some(l) = left {
                    options.add(l.into());
                }
                options.add(down.into());
            }
            if P == DRAGON {
                if let Some(d) = down_left {
                    options.add(d.into());
                }
            }
            let r = options.remoteness();
            // r ≤ x + y ≤ 2·(MAX_TABLE − 1) < 2^16: every move lowers x + y.
            *cell = r as u16;
            if straight_lines {
                line.add(r);
                row.add(r);
            }
            if diagonal_lines {
                diagonal.add(r);
            }
            left = Some(r as u16);
            down_left = Some(down);
        }
        // x = y: row y and column y are one line (the squares (u, y), u < y, and their
        // mirrors); the horse's two single steps are mirrors of one square, (y − 1, y).
        let mut options = Options::NONE;
        if straight_lines {
            options.merge(row);
        }
        if diagonal_lines {
            options.merge(diagonal[0]);
        }
        if P == HORSE {
            if let Some(l) = left {
                options.add(l.into());
            }
        }
        if P == DRAGON {
            if let Some(&d) = previous.last() {
                options.add(d.into());
            }
        }
        let r = options.remoteness();
        column[y] = r as u16;
        row.add(r);
        straight[y] = row;
        diagonal[0].add(r);
    }
}

/// Misère: an even remoteness is a win for the player to move, an odd one a loss.
fn outcome_of_remoteness(r: u64) -> Outcome {
    if r.is_multiple_of(2) {
        Outcome::Win
    } else {
        Outcome::Loss
    }
}
