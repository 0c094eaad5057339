//! The table solver for a defined piece (any moves in Betza's notation): Grundy number,
//! remoteness and misère remoteness of every square of an N×N board, in one pass over the
//! squares in order, bands of rows on every core.
//!
//! A square's moves lower x or y, so every move leads to a square met earlier when bands of
//! rows are swept column by column, each band a column behind the band before it. A rider
//! with no limit reaches a whole *prefix* of its line, so each such line keeps the set of
//! Grundy values met along it (a bitset, all the lines' in one block), its own mex (every
//! smaller value is present) and its least even and greatest remoteness; a square then
//! costs the scan of a few bitset words above the greatest of those mexes. Leapers and riders with a limit are
//! visited one move at a time. Betza's atoms move in both orders ((a, b) and (b, a)), so the
//! table is symmetric and stored as the triangle x ≤ y, as the four named pieces' are.

use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering::*};

use super::table::{index, triangle, Lines};
use super::{Betza, Position};
use crate::error::params;
use crate::{Error, Said, Value};

/// Largest board a defined piece's table may cover: the pass keeps the whole square
/// (4 bytes a square, 64 MiB at this side) while it runs.
pub const MAX_DEFINED_TABLE: u64 = 4096;

/// Most memory the lines' bitsets of one table may take: a piece of many riders has many
/// lines, each with room for as many values as a square has moves, so its largest board is
/// smaller ([`max_side`]).
const MAX_LINE_BYTES: u64 = 256 << 20;

/// Rows per band (see [`Solved::new`]).
const BAND: usize = 64;

/// Sentinel for "no even remoteness seen yet".
const NONE: u32 = u32::MAX;

/// What is known of the lines of one rider direction seen so far: the named solver's
/// [`Lines`] (the values met along each, its mex, its greatest and least even remoteness),
/// and the misère remoteness met: the least odd ([`NONE`] if none) and the greatest plus
/// one. Atomics, so that bands on several threads share them: one thread at most writes a
/// line at a time (see [`Work::band`]), so plain loads and stores suffice.
struct RiderLines {
    normal: Lines,
    least_odd: Vec<AtomicU32>,
    misere_max_plus_one: Vec<AtomicU32>,
}

impl RiderLines {
    fn new(count: usize, words: usize) -> RiderLines {
        let atomics = |v| (0..count).map(|_| AtomicU32::new(v)).collect();
        RiderLines {
            normal: Lines::new(count, words),
            least_odd: atomics(NONE),
            misere_max_plus_one: atomics(0),
        }
    }

    fn add(&self, line: usize, g: u32, r: u32, m: u32) {
        self.normal.add(line, g, r);
        if !m.is_multiple_of(2) {
            let odd = &self.least_odd[line];
            odd.store(odd.load(Relaxed).min(m), Relaxed);
        }
        let max = &self.misere_max_plus_one[line];
        max.store(max.load(Relaxed).max(m + 1), Relaxed);
    }
}

/// The lines of one rider direction (dx, dy) on an n×n board, each named by its first
/// square: the squares (x, y) with x < dx come first, then those with y < dy.
struct Rider {
    dx: usize,
    dy: usize,
    n: usize,
    lines: RiderLines,
}

impl Rider {
    fn new((dx, dy): (usize, usize), n: usize, words: usize) -> Rider {
        Rider {
            dx,
            dy,
            n,
            lines: RiderLines::new((dx + dy) * n, words),
        }
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

/// The solver's state while it runs, shared by the bands' threads.
struct Work {
    n: usize,
    riders: Vec<Rider>,
    /// Leaps visited one by one: (dx, dy, most leaps).
    leaps: Vec<(usize, usize, usize)>,
    words: usize,
    grundy: Vec<AtomicU32>,
    remoteness: Vec<AtomicU32>,
    /// Misère play only when asked: a third of the work and memory.
    misere: Option<Vec<AtomicU32>>,
    /// Per band, the columns it has finished (its squares in columns below are final).
    progress: Vec<AtomicUsize>,
}

impl Solved {
    /// Where the square (x, y) is kept: its own place, or its mirror's.
    fn at(&self, x: usize, y: usize) -> usize {
        place(self.n, x, y)
    }

    /// Solves the board on one thread (a single square's question).
    fn new(moves: &Betza, n: usize, misere: bool, progress: &(dyn Fn(u64, u64) + Sync)) -> Solved {
        Solved::with_threads(moves, n, misere, 1, progress)
    }

    /// Solves the board with bands of [`BAND`] rows on `threads` threads, each band a column
    /// behind the band before it ([`Work::band`]).
    fn with_threads(
        moves: &Betza,
        n: usize,
        misere: bool,
        threads: usize,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Solved {
        let mut directions = Vec::new();
        let mut leaps = Vec::new();
        for atom in moves.atoms() {
            for (dx, dy) in atom.directions() {
                let (dx, dy) = (dx as usize, dy as usize);
                match atom.range() {
                    None => directions.push((dx, dy)),
                    Some(most) => leaps.push((dx, dy, most as usize)),
                }
            }
        }
        let words = words(moves, n as u64) as usize;
        let cells = || (0..n * n).map(|_| AtomicU32::new(0)).collect::<Vec<_>>();
        let bands = n.div_ceil(BAND);
        let work = Work {
            n,
            riders: directions
                .into_iter()
                .map(|d| Rider::new(d, n, words))
                .collect(),
            leaps,
            words,
            grundy: cells(),
            remoteness: cells(),
            misere: misere.then(cells),
            progress: (0..bands).map(|_| AtomicUsize::new(0)).collect(),
        };
        let threads = threads.clamp(1, bands.max(1));
        let done = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for t in 0..threads {
                let (work, done) = (&work, &done);
                s.spawn(move || {
                    for band in (t..bands).step_by(threads) {
                        work.band(band);
                        let rows = (done.fetch_add(1, AcqRel) + 1) * BAND;
                        progress(rows.min(n) as u64, n as u64);
                    }
                });
            }
        });
        let plain = |v: Vec<AtomicU32>| v.into_iter().map(AtomicU32::into_inner).collect();
        Solved {
            n,
            grundy: plain(work.grundy),
            remoteness: plain(work.remoteness),
            misere: work.misere.map(plain).unwrap_or_default(),
        }
    }
}

/// Where the square (x, y) of an n×n board is kept: its own place, or its mirror's.
fn place(n: usize, x: usize, y: usize) -> usize {
    if x <= y {
        y * n + x
    } else {
        x * n + y
    }
}

impl Work {
    /// Sweeps band `b` (rows b·BAND ..) column by column, never overtaking the band before
    /// it: a move leads to an earlier band, or to an earlier column of this band, or left in
    /// this column. Only the squares x ≤ y are solved; each one's value is also its
    /// mirror's, given to the lines through the mirror at once: the mirror's column is
    /// greater than the column of any square before it on those lines, so every line holds
    /// what lies before a square when the square is solved, and nothing after. While this
    /// band is on column y, a band before it is on a column > y with rows < these: no line
    /// through one of its squares or their mirrors meets one through these (a line rises in
    /// both coordinates), so no two threads ever write the same line.
    fn band(&self, b: usize) {
        let n = self.n;
        let rows = b * BAND..((b + 1) * BAND).min(n);
        let before = b.checked_sub(1).map(|a| &self.progress[a]);
        let mut seen = 0;
        let mut scratch: Vec<u64> = vec![0; self.words];
        let mut through = vec![0usize; self.riders.len()];
        let misere = self.misere.as_ref();
        let load = |v: &AtomicU32| v.load(Relaxed);
        for y in rows.start..n {
            if let Some(before) = before {
                let mut spins = 0u32;
                while seen <= y {
                    seen = before.load(Acquire);
                    spins += 1;
                    if spins > 64 {
                        std::thread::yield_now();
                    } else {
                        std::hint::spin_loop();
                    }
                }
            }
            for x in rows.start..rows.end.min(y + 1) {
                let mut moves = Moves {
                    lb: 0,
                    min_even: NONE,
                    max_plus_one: 0,
                    misere: (NONE, 0),
                };
                for (k, rider) in self.riders.iter().enumerate() {
                    let l = rider.line(x, y);
                    through[k] = l;
                    let lines = &rider.lines;
                    moves.lb = moves.lb.max(load(&lines.normal.mex[l]));
                    moves.min_even = moves.min_even.min(load(&lines.normal.min_even[l]));
                    moves.max_plus_one = moves.max_plus_one.max(load(&lines.normal.max_rem[l]));
                    moves.misere = (
                        moves.misere.0.min(load(&lines.least_odd[l])),
                        moves.misere.1.max(load(&lines.misere_max_plus_one[l])),
                    );
                }
                let mut top = 0;
                for &(dx, dy, most) in &self.leaps {
                    for t in 1..=most {
                        let (Some(u), Some(v)) = (x.checked_sub(t * dx), y.checked_sub(t * dy))
                        else {
                            break;
                        };
                        let at = place(n, u, v);
                        let (g, r) = (load(&self.grundy[at]), load(&self.remoteness[at]));
                        let w = g as usize / 64;
                        scratch[w] |= 1 << (g % 64);
                        top = top.max(w + 1);
                        moves.max_plus_one = moves.max_plus_one.max(r + 1);
                        if r.is_multiple_of(2) {
                            moves.min_even = moves.min_even.min(r);
                        }
                        if let Some(m) = misere {
                            moves.misere = Moves::misere_join(moves.misere, load(&m[at]));
                        }
                    }
                }
                // The first value missing from every line and every single move, from lb on
                // (a value is below the bound, so some word has a gap).
                let first = moves.lb as usize / 64;
                let mut w = first;
                let g = loop {
                    let mut word = scratch[w];
                    for (k, rider) in self.riders.iter().enumerate() {
                        word |= rider.lines.normal.word(through[k], w);
                    }
                    if w == first {
                        word |= (1u64 << (moves.lb % 64)) - 1;
                    }
                    if word != u64::MAX {
                        break (w * 64) as u32 + (!word).trailing_zeros();
                    }
                    w += 1;
                };
                scratch[..top].fill(0);
                // A move to a P-position: the quickest; else the slowest loss (0: no move).
                let r = match moves.min_even {
                    NONE => moves.max_plus_one,
                    even => even + 1,
                };
                // Misère: a move to a lost square (odd) wins; else 1 + the greatest.
                let m = match moves.misere {
                    (NONE, greatest_plus_one) => greatest_plus_one,
                    (least_odd, _) => least_odd + 1,
                };
                let here = y * n + x;
                self.grundy[here].store(g, Relaxed);
                self.remoteness[here].store(r, Relaxed);
                if let Some(misere) = misere {
                    misere[here].store(m, Relaxed);
                }
                for (k, rider) in self.riders.iter().enumerate() {
                    rider.lines.add(through[k], g, r, m);
                    if x != y {
                        rider.lines.add(rider.line(y, x), g, r, m);
                    }
                }
            }
            self.progress[b].store(y + 1, Release);
        }
    }
}

/// The words of one line's bitset on an n×n board: room for every value, a value being at
/// most the number of moves of its square (a rider's direction at most n, a leap its count).
fn words(moves: &Betza, n: u64) -> u64 {
    let mut bound = 0;
    for atom in moves.atoms() {
        let count = atom.directions().count() as u64;
        bound += count * atom.range().unwrap_or(n);
    }
    (bound + 2).div_ceil(64)
}

/// The memory the lines' bitsets of an n×n board take.
fn line_bytes(moves: &Betza, n: u64) -> u64 {
    let lines: u64 = moves
        .atoms()
        .filter(|atom| atom.range().is_none())
        .flat_map(|atom| atom.directions())
        .map(|(dx, dy)| (dx + dy) * n)
        .sum();
    lines * words(moves, n) * 8
}

/// The largest board a piece's table may cover: [`MAX_DEFINED_TABLE`], or less for a piece
/// of so many riders that its lines would take more than [`MAX_LINE_BYTES`].
pub fn max_side(moves: &Betza) -> u64 {
    let (mut fits, mut beyond) = (2, MAX_DEFINED_TABLE + 1);
    if line_bytes(moves, MAX_DEFINED_TABLE) <= MAX_LINE_BYTES {
        return MAX_DEFINED_TABLE;
    }
    while beyond - fits > 1 {
        let mid = (fits + beyond) / 2;
        if line_bytes(moves, mid) <= MAX_LINE_BYTES {
            fits = mid;
        } else {
            beyond = mid;
        }
    }
    fits
}

/// Refuses a board side beyond the piece's [`max_side`].
fn check_side(moves: &Betza, n: usize) -> Result<(), Error> {
    let most = max_side(moves);
    if n as u64 > most {
        return Err(params(
            format!("side {n}"),
            Said::new("rule-defined-table-side")
                .text("piece", moves)
                .text("most", most)
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
    threads: usize,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Vec<u32>, Error> {
    check_side(moves, n)?;
    let s = Solved::with_threads(moves, n, false, threads, progress);
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
/// remoteness, misère remoteness); `None` beyond the largest board the piece may have
/// ([`max_side`]).
pub(crate) fn at(moves: &Betza, x: u64, y: u64) -> Option<(u64, u64, u64)> {
    let n = x.max(y).checked_add(1)?;
    if n > max_side(moves) {
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
    // A defined piece's board is at most its max_side (`Position::new`).
    let (g, r, _) = at(moves, pos.x(), pos.y()).unwrap_or_else(|| {
        unreachable!("{pos} lies on a board larger than a defined piece may have")
    });
    Value::impartial(g, Some(r))
}

/// The moves of `moves` from (x, y) to a P-position (to a lost square in misère play), in
/// ascending order: its winning moves, from its squares solved up to (x, y); none beyond its
/// largest board.
pub(crate) fn winning_moves(moves: &Betza, x: u64, y: u64, misere: bool) -> Vec<(u64, u64)> {
    let Some(n) = x.max(y).checked_add(1).filter(|n| *n <= max_side(moves)) else {
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
