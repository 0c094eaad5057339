//! The table solver for a defined piece (any moves in Betza's notation): Grundy number,
//! remoteness and misère remoteness of every square of an N×N board, in one pass over the
//! squares in order.
//!
//! A square's moves lower x or y, so every move leads to a square met earlier when bands of
//! rows are swept column by column. A rider with no limit reaches a whole *prefix* of its line, so each such line keeps
//! the set of Grundy values met along it (a bitset), its own mex (every smaller value is
//! present) and its least even and greatest remoteness; a square then costs the scan of a
//! few bitset words above the greatest of those mexes. Leapers and riders with a limit are
//! visited one move at a time. Betza's atoms move in both orders ((a, b) and (b, a)), so the
//! table is symmetric and stored as the triangle x ≤ y, as the four named pieces' are.

use super::table::{index, triangle};
use super::{Betza, Position};
use crate::error::params;
use crate::{Error, Said, Value};

/// Largest board a defined piece's table may cover: the pass keeps the whole square
/// (4 bytes a square, 64 MiB at this side) while it runs.
pub const MAX_DEFINED_TABLE: u64 = 4096;

/// Rows per band (see [`Solved::new`]).
const BAND: usize = 64;

/// Sentinel for "no even remoteness seen yet".
const NONE: u32 = u32::MAX;

/// What is known of one line of a rider seen so far.
#[derive(Default)]
struct Line {
    /// The Grundy values met along it.
    bits: Vec<u64>,
    /// Every value below it is in `bits`.
    mex: u32,
    /// Greatest remoteness met, plus one (0: none yet).
    max_plus_one: u32,
    /// Least even remoteness met ([`NONE`] if none yet).
    min_even: u32,
    /// The misère remoteness met: the least odd ([`NONE`] if none yet) and the greatest,
    /// plus one (0: none yet).
    misere: (u32, u32),
}

impl Line {
    fn add(&mut self, g: u32, r: u32, m: u32) {
        self.misere = Moves::misere_join(self.misere, m);
        let w = g as usize / 64;
        if self.bits.len() <= w {
            self.bits.resize(w + 1, 0);
        }
        self.bits[w] |= 1 << (g % 64);
        while self
            .bits
            .get(self.mex as usize / 64)
            .is_some_and(|word| word >> (self.mex % 64) & 1 == 1)
        {
            self.mex += 1;
        }
        self.max_plus_one = self.max_plus_one.max(r + 1);
        if r.is_multiple_of(2) {
            self.min_even = self.min_even.min(r);
        }
    }
}

/// The lines of one rider direction (dx, dy) on an n×n board, each named by its first
/// square: the squares (x, y) with x < dx come first, then those with y < dy.
struct Rider {
    dx: usize,
    dy: usize,
    n: usize,
    lines: Vec<Line>,
}

impl Rider {
    fn new((dx, dy): (usize, usize), n: usize) -> Rider {
        let lines = (0..(dx + dy) * n)
            .map(|_| Line {
                min_even: NONE,
                misere: (NONE, 0),
                ..Line::default()
            })
            .collect();
        Rider { dx, dy, n, lines }
    }

    /// The line through (x, y).
    fn line(&self, x: usize, y: usize) -> usize {
        // The leaps back to the line's first square; the rook's and bishop's lines, the
        // common ones, without a division.
        let k = match (self.dx, self.dy) {
            (0, 1) => y,
            (1, 0) => x,
            (1, 1) => x.min(y),
            (0, dy) => y / dy,
            (dx, 0) => x / dx,
            (dx, dy) => (x / dx).min(y / dy),
        };
        let (x0, y0) = (x - k * self.dx, y - k * self.dy);
        if x0 < self.dx {
            x0 * self.n + y0
        } else {
            (self.dx + y0) * self.n + x0
        }
    }
}

/// What a square's moves lead to, gathered move by move and line by line.
struct Moves {
    /// The least value every line through the square has below it.
    lb: u32,
    min_even: u32,
    max_plus_one: u32,
    misere: (u32, u32),
}

impl Moves {
    fn misere_join((least_odd, greatest_plus_one): (u32, u32), m: u32) -> (u32, u32) {
        let odd = if m.is_multiple_of(2) { NONE } else { m };
        (least_odd.min(odd), greatest_plus_one.max(m + 1))
    }
}

/// Every square of the n×n board of `moves`: its Grundy number, its remoteness and (when
/// asked) its misère remoteness (even: won for the player to move, the corner and any square
/// without a move included). The board is symmetric (Betza's atoms move both ways), so only
/// the squares x ≤ y are solved, stored column by column at y·n + x ([`Solved::at`]).
struct Solved {
    n: usize,
    grundy: Vec<u32>,
    remoteness: Vec<u32>,
    misere: Vec<u32>,
}

impl Solved {
    /// Where the square (x, y) is kept: its own place, or its mirror's.
    fn at(&self, x: usize, y: usize) -> usize {
        if x <= y {
            y * self.n + x
        } else {
            x * self.n + y
        }
    }

    fn new(moves: &Betza, n: usize, misere: bool, progress: &(dyn Fn(u64, u64) + Sync)) -> Solved {
        let mut riders = Vec::new();
        // Leaps visited one by one: (dx, dy, most leaps).
        let mut leaps = Vec::new();
        for atom in moves.atoms() {
            for (dx, dy) in atom.directions() {
                let (dx, dy) = (dx as usize, dy as usize);
                match atom.range() {
                    None => riders.push(Rider::new((dx, dy), n)),
                    Some(most) => leaps.push((dx, dy, most as usize)),
                }
            }
        }
        let mut s = Solved {
            n,
            grundy: vec![0; n * n],
            remoteness: vec![0; n * n],
            // Misère play only when asked: a third of the work and memory.
            misere: if misere { vec![0; n * n] } else { Vec::new() },
        };
        let mut scratch: Vec<u64> = Vec::new();
        let mut through = vec![0usize; riders.len()];
        // Bands of BAND rows swept column by column: a move leads to an earlier band, or to
        // an earlier column of this band, or left in this column; and the lines a band
        // touches at one column are few, so their bitsets stay in the cache. Only the
        // squares x ≤ y are solved; each one's value is also its mirror's, given to the lines
        // through the mirror at once: the mirror's column is greater than the column of any
        // square before it on those lines, so every line holds what lies before a square
        // when the square is solved, and nothing after.
        for band in (0..n).step_by(BAND) {
            let rows = band..(band + BAND).min(n);
            for y in band..n {
                for x in rows.start..rows.end.min(y + 1) {
                    let mut seen = Moves {
                        lb: 0,
                        min_even: NONE,
                        max_plus_one: 0,
                        misere: (NONE, 0),
                    };
                    for (k, rider) in riders.iter().enumerate() {
                        through[k] = rider.line(x, y);
                        let line = &rider.lines[through[k]];
                        seen.lb = seen.lb.max(line.mex);
                        seen.min_even = seen.min_even.min(line.min_even);
                        seen.max_plus_one = seen.max_plus_one.max(line.max_plus_one);
                        seen.misere = (
                            seen.misere.0.min(line.misere.0),
                            seen.misere.1.max(line.misere.1),
                        );
                    }
                    let mut top = 0;
                    for &(dx, dy, most) in &leaps {
                        for t in 1..=most {
                            let (Some(u), Some(v)) = (x.checked_sub(t * dx), y.checked_sub(t * dy))
                            else {
                                break;
                            };
                            let at = s.at(u, v);
                            let (g, r) = (s.grundy[at], s.remoteness[at]);
                            let w = g as usize / 64;
                            if scratch.len() <= w {
                                scratch.resize(w + 1, 0);
                            }
                            scratch[w] |= 1 << (g % 64);
                            top = top.max(w + 1);
                            seen.max_plus_one = seen.max_plus_one.max(r + 1);
                            if r.is_multiple_of(2) {
                                seen.min_even = seen.min_even.min(r);
                            }
                            if misere {
                                seen.misere = Moves::misere_join(seen.misere, s.misere[at]);
                            }
                        }
                    }
                    // The first value missing from every line and every single move, from lb on.
                    let first = seen.lb as usize / 64;
                    let mut w = first;
                    let g = loop {
                        let mut word = scratch.get(w).copied().unwrap_or(0);
                        for (k, rider) in riders.iter().enumerate() {
                            word |= rider.lines[through[k]].bits.get(w).copied().unwrap_or(0);
                        }
                        if w == first {
                            word |= (1u64 << (seen.lb % 64)) - 1;
                        }
                        if word != u64::MAX {
                            break (w * 64) as u32 + (!word).trailing_zeros();
                        }
                        w += 1;
                    };
                    scratch[..top].fill(0);
                    // A move to a P-position: the quickest; else the slowest loss (0: no move).
                    let r = match seen.min_even {
                        NONE => seen.max_plus_one,
                        even => even + 1,
                    };
                    // Misère: a move to a lost square (odd) wins; else 1 + the greatest.
                    let m = match seen.misere {
                        (NONE, greatest_plus_one) => greatest_plus_one,
                        (least_odd, _) => least_odd + 1,
                    };
                    let at = y * n + x;
                    (s.grundy[at], s.remoteness[at]) = (g, r);
                    if misere {
                        s.misere[at] = m;
                    }
                    for (k, rider) in riders.iter_mut().enumerate() {
                        rider.lines[through[k]].add(g, r, m);
                        if x != y {
                            let mirror = rider.line(y, x);
                            rider.lines[mirror].add(g, r, m);
                        }
                    }
                }
            }
            progress(rows.end as u64, n as u64);
        }
        s
    }
}

/// Refuses a board side beyond [`MAX_DEFINED_TABLE`].
fn check_side(moves: &Betza, n: usize) -> Result<(), Error> {
    if n as u64 > MAX_DEFINED_TABLE {
        return Err(params(
            format!("side {n}"),
            Said::new("rule-defined-table-side")
                .text("piece", moves)
                .text("most", MAX_DEFINED_TABLE)
                .text("side", n),
        ));
    }
    Ok(())
}

/// The packed cells (`grundy | remoteness << 16`) of the triangle x ≤ y of `moves`'s n×n
/// board, in the layout of [`super::Table`]; `progress(rows_done, rows)` as rows finish.
pub(super) fn solve(
    moves: &Betza,
    n: usize,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Vec<u32>, Error> {
    check_side(moves, n)?;
    let s = Solved::new(moves, n, false, progress);
    let mut cells = vec![0u32; triangle(n)];
    for x in 0..n {
        for y in x..n {
            let (g, r) = (s.grundy[y * n + x], s.remoteness[y * n + x]);
            if g > 0xFFFF || r > 0xFFFF {
                return Err(params(
                    format!("side {n}"),
                    Said::new("rule-defined-table-values")
                        .text("piece", moves)
                        .text("side", n),
                ));
            }
            cells[index(n, x, y)] = g | r << 16;
        }
    }
    Ok(cells)
}

/// The misère remoteness of the triangle x ≤ y of `moves`'s n×n board, column by column
/// (the layout of [`super::misere::MisereTable`]).
pub(super) fn solve_misere(moves: &Betza, n: usize) -> Result<Vec<u16>, Error> {
    check_side(moves, n)?;
    let s = Solved::new(moves, n, true, &|_, _| {});
    let mut cells = Vec::with_capacity(n * (n + 1) / 2);
    for y in 0..n {
        for x in 0..=y {
            let m = s.misere[y * n + x];
            let Ok(m) = u16::try_from(m) else {
                return Err(params(
                    format!("side {n}"),
                    Said::new("rule-defined-table-values")
                        .text("piece", moves)
                        .text("side", n),
                ));
            };
            cells.push(m);
        }
    }
    Ok(cells)
}

/// The square (x, y) of `moves`, solved with every square toward the corner: (Grundy,
/// remoteness, misère remoteness); `None` beyond [`MAX_DEFINED_TABLE`], the largest board a
/// defined piece may have.
pub(crate) fn at(moves: &Betza, x: u64, y: u64) -> Option<(u64, u64, u64)> {
    let n = x.max(y).checked_add(1)?;
    if n > MAX_DEFINED_TABLE {
        return None;
    }
    let s = Solved::new(moves, n as usize, true, &|_, _| {});
    let at = s.at(x as usize, y as usize);
    Some((
        u64::from(s.grundy[at]),
        u64::from(s.remoteness[at]),
        u64::from(s.misere[at]),
    ))
}

/// The value of a defined piece's square, solved on the spot.
pub(super) fn value(pos: &Position, moves: &Betza) -> Value {
    // A defined piece's board is at most MAX_DEFINED_TABLE (`Position::new`).
    let (g, r, _) = at(moves, pos.x(), pos.y()).unwrap_or_else(|| {
        unreachable!("{pos} lies on a board larger than a defined piece may have")
    });
    Value::impartial(g, Some(r))
}

/// The moves of `moves` from (x, y) to a P-position (to a lost square in misère play), in
/// ascending order: its winning moves, from its squares solved up to (x, y); none beyond its
/// largest board.
pub(crate) fn winning_moves(moves: &Betza, x: u64, y: u64, misere: bool) -> Vec<(u64, u64)> {
    let Some(n) = x.max(y).checked_add(1).filter(|n| *n <= MAX_DEFINED_TABLE) else {
        return Vec::new();
    };
    let s = Solved::new(moves, n as usize, misere, &|_, _| {});
    let lost = |(u, v): (u64, u64)| {
        let at = s.at(u as usize, v as usize);
        match misere {
            false => s.grundy[at] == 0,
            true => s.misere[at] % 2 == 1,
        }
    };
    let mut to: Vec<(u64, u64)> = moves.moves_from(x, y).filter(|&m| lost(m)).collect();
    to.sort_unstable();
    to.dedup();
    to
}
