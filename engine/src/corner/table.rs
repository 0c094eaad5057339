//! The table solver: Grundy number and remoteness of every square of an N×N board in one
//! pass, for any of the four pieces.
//!
//! Every move set is a union of *prefixes* of lines: the row to the left, the column below,
//! the diagonal toward the corner, plus at most two single steps. So each line keeps a bitset
//! of the Grundy values seen so far, its own mex (a lower bound for the union's mex that only
//! grows), and the least even / greatest remoteness seen so far. A cell costs a scan of the
//! few bitset words between that lower bound and its value, instead of a visit to every move.
//!
//! The board is symmetric in x and y, so only the triangle x ≤ y is computed and stored, and
//! row x and column x share one line. Rows are cut into bands of [`BAND`] rows swept column by
//! column (the band's bitsets stay in cache); bands run on all cores, each trailing the band
//! above it by at least one column.

use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering::*};

use super::Piece;
use crate::{error::params, Error, Said, Value};

/// Largest board a table may cover: values are stored in 16 bits (a queen's Grundy number
/// is at most 3·(N − 1)), and 20000² cells take 0.8 GB.
pub const MAX_TABLE: u64 = 20_000;

/// Rows per band: enough to amortise the hand-off between cores, few enough that a band's
/// bitset words stay in the L2 cache.
const BAND: usize = 64;

/// Sentinel for "no even remoteness seen yet".
const NONE: u32 = u32::MAX;

/// The solved values of one piece on an N×N board (which contains every smaller board).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    piece: Piece,
    n: usize,
    /// The triangle x ≤ y, band by band (see [`index`]); each cell is
    /// `grundy | remoteness << 16`.
    cells: Vec<u32>,
}

impl Table {
    /// Solves the N×N board using every core.
    pub fn solve(piece: Piece, n: u64) -> Result<Table, Error> {
        let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
        Table::solve_with(piece, n, threads, &|_, _| {})
    }

    /// Solves with `threads` threads, calling `progress(rows_done, rows_total)` as bands finish.
    pub fn solve_with(
        piece: Piece,
        n: u64,
        threads: usize,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<Table, Error> {
        if !(1..=MAX_TABLE).contains(&n) {
            return Err(params(
                format!("side {n}"),
                Said::new("rule-table-side")
                    .text("most", MAX_TABLE)
                    .text("side", n),
            ));
        }
        let n = n as usize;
        if let Piece::Defined(moves) = piece {
            let cells = super::defined::solve(&moves, n, threads, progress)?;
            return Ok(Table { piece, n, cells });
        }
        let solver = Solver::new(piece, n);
        let bands = n.div_ceil(BAND);
        let threads = threads.clamp(1, bands);
        let done = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for t in 0..threads {
                let (solver, done) = (&solver, &done);
                s.spawn(move || {
                    for band in (t..bands).step_by(threads) {
                        solver.band(band);
                        let rows = (done.fetch_add(1, Relaxed) + 1) * BAND;
                        progress(rows.min(n) as u64, n as u64);
                    }
                });
            }
        });
        let cells = solver
            .cells
            .into_iter()
            .map(AtomicU32::into_inner)
            .collect();
        Ok(Table { piece, n, cells })
    }

    /// Rebuilds a table from its stored cells (as given by [`Table::cells`]).
    pub fn from_cells(piece: Piece, n: u64, cells: Vec<u32>) -> Result<Table, Error> {
        let n = usize::try_from(n).map_err(|_| {
            params(
                format!("side {n}"),
                Said::new("rule-table-side")
                    .text("most", MAX_TABLE)
                    .text("side", n),
            )
        })?;
        if n == 0 || n as u64 > MAX_TABLE || cells.len() != triangle(n) {
            return Err(params(
                format!("{} cells", cells.len()),
                Said::new("rule-stored-cells")
                    .with("piece", piece.said())
                    .text("side", n)
                    .text("need", triangle(n))
                    .text("cells", cells.len()),
            ));
        }
        Ok(Table { piece, n, cells })
    }

    /// Rebuilds a table from the values of the triangle x ≤ y < n, as (grundy, remoteness)
    /// in the order of [`Table::triangle`]: x = 0, 1, … and, for each x, y = x, x + 1, ….
    /// Refused when the count is not n·(n + 1)/2 or a value does not fit the table's 16 bits.
    pub fn from_triangle(
        piece: Piece,
        n: u64,
        values: impl IntoIterator<Item = (u64, u64)>,
    ) -> Result<Table, Error> {
        if !(1..=MAX_TABLE).contains(&n) {
            return Err(params(
                format!("side {n}"),
                Said::new("rule-table-side")
                    .text("most", MAX_TABLE)
                    .text("side", n),
            ));
        }
        let n = n as usize;
        let mut cells = vec![0u32; triangle(n)];
        let mut values = values.into_iter();
        let mut read = 0usize;
        for x in 0..n {
            for y in x..n {
                let Some((g, r)) = values.next() else {
                    return Err(params(
                        format!("{read} values"),
                        Said::new("rule-stored-short")
                            .with("piece", piece.said())
                            .text("side", n)
                            .text("x", x)
                            .text("y", y),
                    ));
                };
                if g > 0xFFFF || r > 0xFFFF {
                    return Err(params(
                        format!("({g}, {r}) at ({x}, {y})"),
                        Said::new("rule-stored-range")
                            .with("piece", piece.said())
                            .text("grundy", g)
                            .text("remoteness", r)
                            .text("x", x)
                            .text("y", y),
                    ));
                }
                cells[index(n, x, y)] = (g | r << 16) as u32;
                read += 1;
            }
        }
        if values.next().is_some() {
            return Err(params(
                format!("more than {} values", n * (n + 1) / 2),
                Said::new("rule-stored-long")
                    .with("piece", piece.said())
                    .text("side", n)
                    .text("values", n * (n + 1) / 2),
            ));
        }
        Ok(Table { piece, n, cells })
    }

    /// Every square of the triangle x ≤ y as (x, y, grundy, remoteness), x-major: the order
    /// [`Table::from_triangle`] reads back. The square (y, x) has the same value.
    pub fn triangle(&self) -> impl Iterator<Item = (u64, u64, u64, u64)> + '_ {
        let n = self.n;
        (0..n).flat_map(move |x| {
            (x..n).map(move |y| {
                let c = self.cells[index(n, x, y)];
                (
                    x as u64,
                    y as u64,
                    u64::from(c & 0xFFFF),
                    u64::from(c >> 16),
                )
            })
        })
    }

    /// The memory its values take, in bytes.
    pub fn bytes(&self) -> u64 {
        (self.cells.len() * std::mem::size_of::<u32>()) as u64
    }

    /// The piece this table is for.
    pub fn piece(&self) -> Piece {
        self.piece
    }

    /// The side of the board covered.
    pub fn size(&self) -> u64 {
        self.n as u64
    }

    /// The packed cells of the triangle x ≤ y in storage order (`grundy | remoteness << 16`;
    /// slots below the diagonal are 0). Only for storing and [`Table::from_cells`].
    pub fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// Whether (x, y) lies inside the table.
    pub fn contains(&self, x: u64, y: u64) -> bool {
        x < self.n as u64 && y < self.n as u64
    }

    /// Grundy number and remoteness of (x, y), or `None` outside the table.
    pub fn get(&self, x: u64, y: u64) -> Option<(u64, u64)> {
        if !self.contains(x, y) {
            return None;
        }
        let (a, b) = (x.min(y) as usize, x.max(y) as usize);
        let c = self.cells[index(self.n, a, b)];
        Some((u64::from(c & 0xFFFF), u64::from(c >> 16)))
    }

    /// The value of (x, y) for `piece`, or `None` when this table is for another piece or
    /// does not reach the square.
    pub fn value(&self, piece: Piece, x: u64, y: u64) -> Option<Value> {
        if piece != self.piece {
            return None;
        }
        let (g, r) = self.get(x, y)?;
        Some(Value::impartial(g, Some(r)))
    }
}

/// Cells stored for an n×n board: each band of [`BAND`] rows keeps, for every column from its
/// first row on, one slot per row of the band (a few slots below the diagonal go unused).
pub(super) fn triangle(n: usize) -> usize {
    band_start(n, n.div_ceil(BAND))
}

/// Where band `b`'s cells begin.
fn band_start(n: usize, b: usize) -> usize {
    BAND * (b * n - BAND * b * b.saturating_sub(1) / 2)
}

/// Slot of (x, y), x ≤ y: band by band, column by column, so that a band's sweep writes
/// consecutive memory.
pub(super) fn index(n: usize, x: usize, y: usize) -> usize {
    let b = x / BAND;
    let x0 = b * BAND;
    band_start(n, b) + (y - x0) * BAND + (x - x0)
}

/// What is known about the cells of one line (row = column, or diagonal; a defined piece's
/// rider line) seen so far.
pub(super) struct Lines {
    words: usize,
    /// One bitset of `words` words per line: the Grundy values present.
    bits: Vec<AtomicU64>,
    /// Each line's mex: every smaller value is present.
    pub(super) mex: Vec<AtomicU32>,
    /// Greatest remoteness seen, plus one (0 = none yet).
    pub(super) max_rem: Vec<AtomicU32>,
    /// Least even remoteness seen ([`NONE`] if none yet).
    pub(super) min_even: Vec<AtomicU32>,
}

impl Lines {
    pub(super) fn new(count: usize, words: usize) -> Lines {
        let atomics64 = |k| (0..k).map(|_| AtomicU64::new(0)).collect();
        let atomics32 = |v| (0..count).map(|_| AtomicU32::new(v)).collect();
        Lines {
            words,
            bits: atomics64(count * words),
            mex: atomics32(0),
            max_rem: atomics32(0),
            min_even: atomics32(NONE),
        }
    }

    /// The words of `line` from word `from` on.
    fn line(&self, line: usize, from: usize) -> &[AtomicU64] {
        &self.bits[line * self.words + from..(line + 1) * self.words]
    }

    pub(super) fn word(&self, line: usize, w: usize) -> u64 {
        self.bits[line * self.words + w].load(Relaxed)
    }

    /// Records a cell of value `g` and remoteness `r`. Only one thread writes a given line
    /// at a time (see [`Solver::band`]), so plain load/store suffices.
    pub(super) fn add(&self, line: usize, g: u32, r: u32) {
        let slot = &self.bits[line * self.words + g as usize / 64];
        slot.store(slot.load(Relaxed) | 1 << (g % 64), Relaxed);
        let mut m = self.mex[line].load(Relaxed);
        if m == g {
            // Skip the run of present values a word at a time.
            loop {
                let shift = m % 64;
                let ones = (self.word(line, m as usize / 64) >> shift).trailing_ones();
                m += ones;
                if ones < 64 - shift {
                    break;
                }
            }
            self.mex[line].store(m, Relaxed);
        }
        let max = &self.max_rem[line];
        max.store(max.load(Relaxed).max(r + 1), Relaxed);
        // Branch-free: odd remoteness leaves the minimum unchanged.
        let even = if r.is_multiple_of(2) { r } else { NONE };
        let min = &self.min_even[line];
        min.store(min.load(Relaxed).min(even), Relaxed);
    }
}

/// Running remoteness over a set of moves.
#[derive(Clone, Copy)]
struct Rem {
    min_even: u32,
    max_plus_one: u32,
}

impl Rem {
    fn line(lines: &Lines, l: usize) -> Rem {
        Rem {
            min_even: lines.min_even[l].load(Relaxed),
            max_plus_one: lines.max_rem[l].load(Relaxed),
        }
    }
    fn join(self, o: Rem) -> Rem {
        Rem {
            min_even: self.min_even.min(o.min_even),
            max_plus_one: self.max_plus_one.max(o.max_plus_one),
        }
    }
    fn cell(r: u32) -> Rem {
        Rem {
            min_even: if r.is_multiple_of(2) { r } else { NONE },
            max_plus_one: r + 1,
        }
    }
    fn result(self) -> u32 {
        if self.min_even != NONE {
            self.min_even + 1
        } else {
            self.max_plus_one // 0 when there is no move at all
        }
    }
}

/// The first free value, word by word from the lower bound's word.
#[inline(always)]
fn scan(
    len: usize,
    word: impl Fn(usize) -> u64,
    found: impl Fn(usize, u64) -> Option<u32>,
) -> Option<u32> {
    if let Some(g) = found(0, word(0)) {
        return Some(g);
    }
    (1..len).find_map(|i| found(i, word(i)))
}

/// Columns a band finishes between two reports of its progress: fewer hand-offs between
/// cores, at the price of the band below starting a few columns later.
const SYNC: usize = 32;

const QUEEN: u8 = 0;
const ROOK: u8 = 1;
const HORSE: u8 = 2;
const DRAGON: u8 = 3;

/// Whether piece `P` slides along rows and columns.
const fn straight(p: u8) -> bool {
    p != HORSE
}

/// Whether piece `P` slides along the diagonal.
const fn diagonal(p: u8) -> bool {
    p == QUEEN || p == HORSE
}

struct Solver {
    piece: Piece,
    n: usize,
    /// Row x and column x share line x (the board is symmetric).
    straight: Lines,
    /// Diagonal d holds the cells (x, x + d).
    diagonal: Lines,
    cells: Vec<AtomicU32>,
    /// Per band, the number of columns it has finished (its cells in columns < value are final).
    progress: Vec<AtomicUsize>,
}

impl Solver {
    fn new(piece: Piece, n: usize) -> Solver {
        // mex ≤ number of moves, which bounds every value (queen: x + y + min(x, y)).
        let words = |bound: usize| (bound + 2).div_ceil(64);
        let (s_count, s_words) = if piece.slides_straight() {
            (n, words(3 * n))
        } else {
            (0, 0)
        };
        let (d_count, d_words) = if piece.slides_diagonally() {
            (n, words(3 * n))
        } else {
            (0, 0)
        };
        Solver {
            piece,
            n,
            straight: Lines::new(s_count, s_words),
            diagonal: Lines::new(d_count, d_words),
            cells: (0..triangle(n)).map(|_| AtomicU32::new(0)).collect(),
            progress: (0..n.div_ceil(BAND)).map(|_| AtomicUsize::new(0)).collect(),
        }
    }

    fn cell(&self, x: usize, y: usize) -> (u32, u32) {
        let c = self.cells[index(self.n, x.min(y), x.max(y))].load(Relaxed);
        (c & 0xFFFF, c >> 16)
    }

    /// Sweeps band `b` (rows b·BAND ..) column by column, never overtaking the band above.
    ///
    /// While this band works on column y, the band above works on a column > y and the one
    /// below on a column < y, so no two threads ever write the same line or diagonal.
    fn band(&self, b: usize) {
        match self.piece {
            Piece::Queen => self.band_of::<QUEEN>(b),
            Piece::Rook => self.band_of::<ROOK>(b),
            Piece::Horse => self.band_of::<HORSE>(b),
            Piece::Dragon => self.band_of::<DRAGON>(b),
            // Solved by `defined::solve` instead (see `Table::solve_with`).
            Piece::Defined(_) => unreachable!("a defined piece has its own solver"),
        }
    }

    /// [`Solver::band`] compiled once per piece, so the inner loops carry no piece tests.
    fn band_of<const P: u8>(&self, b: usize) {
        let (x0, x1) = (b * BAND, ((b + 1) * BAND).min(self.n));
        let above = b.checked_sub(1).map(|a| &self.progress[a]);
        let mut seen = 0;
        for y in x0..self.n {
            if let Some(above) = above {
                let mut spins = 0u32;
                while seen <= y {
                    seen = above.load(Acquire);
                    spins += 1;
                    if spins > 64 {
                        std::thread::yield_now();
                    } else {
                        std::hint::spin_loop();
                    }
                }
            }
            for x in x0..x1.min(y + 1) {
                let (g, r) = self.solve_cell::<P>(x, y);
                self.cells[index(self.n, x, y)].store(g | r << 16, Relaxed);
                if straight(P) {
                    self.straight.add(x, g, r);
                    if y != x {
                        self.straight.add(y, g, r);
                    }
                }
                if diagonal(P) {
                    self.diagonal.add(y - x, g, r);
                }
            }
            if (y + 1) % SYNC == 0 || y + 1 == self.n {
                self.progress[b].store(y + 1, Release);
            }
        }
    }

    /// Grundy number and remoteness of (x, y), x ≤ y, from the lines and the single steps.
    fn solve_cell<const P: u8>(&self, x: usize, y: usize) -> (u32, u32) {
        let d = y - x;
        let (s, dg) = (&self.straight, &self.diagonal);
        let mut lb = 0;
        let mut rem = Rem {
            min_even: NONE,
            max_plus_one: 0,
        };
        if straight(P) {
            lb = lb.max(s.mex[x].load(Relaxed)).max(s.mex[y].load(Relaxed));
            rem = rem.join(Rem::line(s, x)).join(Rem::line(s, y));
        }
        if diagonal(P) {
            lb = lb.max(dg.mex[d].load(Relaxed));
            rem = rem.join(Rem::line(dg, d));
        }
        // Single steps: the horse's one square left or down, the dragon king's one diagonal.
        let mut steps = [NONE; 2];
        if P == HORSE {
            if x > 0 {
                let (g, r) = self.cell(x - 1, y);
                steps[0] = g;
                rem = rem.join(Rem::cell(r));
            }
            if y > 0 {
                let (g, r) = self.cell(x, y - 1);
                steps[1] = g;
                rem = rem.join(Rem::cell(r));
            }
        }
        if P == DRAGON && x > 0 {
            let (g, r) = self.cell(x - 1, y - 1);
            steps[0] = g;
            rem = rem.join(Rem::cell(r));
        }
        let w0 = lb as usize / 64;
        let below_lb = (1u64 << (lb % 64)) - 1;
        // The first word with a value missing from every set, skipping the step values.
        let found = |w: usize, mut word: u64| {
            if w == w0 {
                word |= below_lb;
            }
            if P == HORSE || P == DRAGON {
                for st in steps {
                    if st != NONE && st as usize / 64 == w {
                        word |= 1 << (st % 64);
                    }
                }
            }
            (word != u64::MAX).then(|| (w * 64) as u32 + (!word).trailing_zeros())
        };
        let g = if straight(P) && diagonal(P) {
            let (lx, ly, ld) = (s.line(x, w0), s.line(y, w0), dg.line(d, w0));
            scan(
                lx.len(),
                |i| lx[i].load(Relaxed) | ly[i].load(Relaxed) | ld[i].load(Relaxed),
                |i, word| found(w0 + i, word),
            )
        } else if straight(P) {
            let (lx, ly) = (s.line(x, w0), s.line(y, w0));
            scan(
                lx.len(),
                |i| lx[i].load(Relaxed) | ly[i].load(Relaxed),
                |i, word| found(w0 + i, word),
            )
        } else {
            let ld = dg.line(d, w0);
            scan(
                ld.len(),
                |i| ld[i].load(Relaxed),
                |i, word| found(w0 + i, word),
            )
        };
        // The bitsets are sized above the number of moves, so a free value always exists.
        let g = g.expect("a line's bitset is longer than its number of moves");
        (g, rem.result())
    }
}
