//! Research questions about whole tables: the additive periodicity of their lines, formulas
//! checked over every cell, and a line (or the P-positions) exported as a sequence.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::queries::Span;
use crate::variant::GameParams;

/// Which lines of a table a question follows. A line's values are indexed by the coordinate
/// that runs along it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LineKind {
    /// Rows: x fixed, y growing (corner games); y fixed, z growing from k·y (chocolate).
    #[default]
    Row,
    /// Columns: y fixed, x growing (corner games: the tables are symmetric, so column c is
    /// row c); z fixed, y growing (chocolate: y from 0 to ⌊z/k⌋ only, so finite for k ≥ 1).
    Column,
    /// Diagonals D: the cells (x, x + D) indexed by x (corner games; D < 0: (y − D, y)
    /// indexed by y); the cells (y, k·y + D) indexed by y, the D-th cell of each row of the
    /// staircase (chocolate, D ≥ 0; (y, y + D) for k = 0).
    Diagonal,
}

impl LineKind {
    /// Every kind, in the order the documentation lists them.
    pub const ALL: [LineKind; 3] = [LineKind::Row, LineKind::Column, LineKind::Diagonal];

    /// The name: `row`, `column`, `diagonal`.
    pub fn name(self) -> &'static str {
        match self {
            LineKind::Row => "row",
            LineKind::Column => "column",
            LineKind::Diagonal => "diagonal",
        }
    }
}

impl fmt::Display for LineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a kind of line's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLine(pub String);

impl fmt::Display for UnknownLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown line {:?}; the lines are row, column and diagonal",
            self.0
        )
    }
}

impl std::error::Error for UnknownLine {}

impl FromStr for LineKind {
    type Err = UnknownLine;

    /// Reads a name as a person types it: case and surrounding spaces do not matter.
    fn from_str(s: &str) -> Result<LineKind, UnknownLine> {
        let lower = s.trim().to_ascii_lowercase();
        LineKind::ALL
            .into_iter()
            .find(|l| l.name() == lower)
            .ok_or_else(|| UnknownLine(s.to_owned()))
    }
}

/// The periodicity found in one line of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RowPeriodicity {
    /// The line's number (see the report's `line`): the row (x for the corner games, y for
    /// chocolate), the column (y; z for chocolate) or the diagonal D.
    pub row: u64,
    /// The index of the line's first value: the coordinate that runs along it, at its first
    /// cell (y along a corner game's row, z = k·y along a chocolate row, 0 along the others).
    pub from: u64,
    /// One past the index of the last value checked: the values `from..to` were read.
    pub to: u64,
    /// The first index from which `g(c + period) = g(c) + saltus` holds, absent when no
    /// period was seen well enough.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preperiod: Option<u64>,
    /// The smallest period seen (absent: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period: Option<u64>,
    /// What a period adds: 0 for a line that is (ultimately) periodic in the plain sense.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saltus: Option<i64>,
}

/// The reply to `periodicity`: each line's periodicity, and what it was checked against.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PeriodicityReport {
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// The lines followed: rows, columns or diagonals.
    #[serde(default)]
    pub line: LineKind,
    /// The bound: every line was read over its cells with coordinates below it (each line's
    /// `to` says where that ended), and the relation holds up to there.
    pub upto: u64,
    /// Whole periods the periodic part had to span beyond one period.
    pub repeats: u64,
    /// The largest period looked for.
    pub max_period: u64,
    /// The lines, in order (those beyond the stored table left out).
    pub rows: Vec<RowPeriodicity>,
    /// A heap game's period of one heap's values (row 0) proved by the octal games'
    /// periodicity theorem from the values read, which then holds for every heap: present
    /// only where the theorem applies and proves one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proved: Option<ProvedPeriod>,
    /// Where the values came from, for citing: the stored table and its bound, and the
    /// engine's version.
    pub source: String,
    /// The same as a message of the catalogs (`cited-table`: the bound and the version),
    /// for a client to say in its reader's language.
    pub source_message: crate::Message,
}

/// A period proved from a finite prefix: G(n + period) = G(n) for every n ≥ preperiod.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ProvedPeriod {
    /// n0: the least heap from which the period holds.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// How many values the proof read (G(0) to G(checked − 1)).
    pub checked: u64,
}

/// What `periodicity` asks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct PeriodicityQuery {
    /// Game and parameters (a corner game or chocolate).
    #[serde(flatten)]
    pub params: GameParams,
    /// Which lines: rows (the default), columns or diagonals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<LineKind>,
    /// The lines' numbers (default `0..16`): rows, columns or diagonals D ≥ 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<Span>,
    /// Read each line over its cells with coordinates below this bound (default: the stored
    /// table's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upto: Option<u64>,
}

/// What `check` asks: a formula checked over every cell of a game's table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct CheckQuery {
    /// Game and parameters (a corner game or chocolate).
    #[serde(flatten)]
    pub params: GameParams,
    /// The formula (docs/RESEARCH.md): a value formula predicting every cell's Grundy
    /// number, or a predicate every cell must satisfy.
    pub formula: String,
    /// Check the cells with coordinates below this bound (default: the stored table's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upto: Option<u64>,
    /// Send back where the formula and the table disagree, as a [`DisagreementMap`].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub map: bool,
}

/// Where a formula and a table disagree, binned: the table's cells are grouped in squares
/// of `bin` × `bin` coordinates (1 for tables of side at most [`MAX_MAP_SIDE`]), and each
/// square counts its cells and the cells where the formula fails.
///
/// Bins are listed row by row, from the row of `up` = 0 upwards, each from `across` = 0:
/// the bin of a cell is `(up / bin) * width + across / bin`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct DisagreementMap {
    /// The coordinate across: `x` for the corner games, `z` for chocolate.
    pub across: String,
    /// The coordinate up: `y`.
    pub up: String,
    /// Coordinates per bin, along both sides.
    pub bin: u64,
    /// Bins across and up.
    pub width: u64,
    pub height: u64,
    /// Cells checked in each bin (0 where the table has no cell: above a staircase).
    pub cells: Vec<u32>,
    /// Cells of each bin where the formula fails.
    pub failed: Vec<u32>,
}

/// The most bins along a side of a [`DisagreementMap`].
pub const MAX_MAP_SIDE: u64 = 256;

/// What `check_named` asks: one of the named checks (`grundy check --list`) run against
/// every stored table it is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct NamedCheckQuery {
    /// The named check: `rook-nim`, `wythoff`, `dragon-king`, `dragon-horse`,
    /// `chocolate-even`, `chocolate-one` or `chocolate-odd`.
    pub name: String,
    /// Check the cells with coordinates below this bound (default: each stored table's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upto: Option<u64>,
    /// Send back each table's [`DisagreementMap`].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub map: bool,
}

/// The reply to `check_named`: the statement, how much is known of it, and the check of each
/// table it is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NamedCheckReport {
    /// The named check.
    pub name: String,
    /// The statement in words.
    pub title: String,
    /// The formula checked.
    pub formula: String,
    /// `theorem`, `published` or `conjecture`.
    pub status: String,
    /// Where the statement comes from.
    pub reference: String,
    /// Whether it held on every table.
    pub holds: bool,
    /// What the checks show, in one sentence to cite: `verified for odd k in {1, 3, 5},
    /// z < 1024 (… cells)`.
    pub verdict: String,
    /// The same as a message of the catalogs (`verdict-verified`, `verdict-refuted`, …).
    pub verdict_message: crate::Message,
    /// The check of each table, in order.
    pub checks: Vec<CheckReport>,
}

/// A named check as `named_checks` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NamedCheckInfo {
    /// Its name, for `check_named`.
    pub name: String,
    /// The statement in words.
    pub title: String,
    /// The tables it is about: `queen`, `rook`, `horse`, `dragon`, `chocolate k even`,
    /// `chocolate k odd`, `chocolate k=1`.
    pub tables: String,
    /// The formula.
    pub formula: String,
    /// `theorem`, `published` or `conjecture`.
    pub status: String,
    /// Where it comes from.
    pub reference: String,
}

/// A cell where a formula and the table disagree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Counterexample {
    /// The cell, in the game's notation of the table (`x,y`; `y,z` for chocolate).
    pub cell: String,
    /// What a value formula gives there (absent for a predicate).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formula: Option<String>,
    /// The true Grundy number.
    pub grundy: u64,
}

/// The reply to `check`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CheckReport {
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// The formula as read.
    pub formula: String,
    /// `value` or `predicate`.
    pub kind: String,
    /// Whether it held on every cell checked.
    pub holds: bool,
    /// Cells checked.
    pub checked: u64,
    /// Cells where it failed.
    pub failed: u64,
    /// The bound: every cell with coordinates below it was checked.
    pub upto: u64,
    /// The first counterexamples, in the order checked (at most 10).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub counterexamples: Vec<Counterexample>,
    /// Where the formula and the table disagree, when asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map: Option<DisagreementMap>,
    /// The server's time for the check, in milliseconds.
    pub elapsed_ms: u64,
    /// Where the values came from, for citing.
    pub source: String,
    /// The same as a message of the catalogs (`cited-table`: the bound and the version),
    /// for a client to say in its reader's language.
    pub source_message: crate::Message,
}

/// What `guess` looks for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum GuessAim {
    /// A value formula equal to every cell's Grundy number.
    #[default]
    Grundy,
    /// A predicate true exactly at the P-positions (Grundy number 0).
    PPositions,
}

/// What `guess` asks: the shortest formula, in the language of `check`, equal to a game's
/// Grundy table (or true exactly at its P-positions) on every cell below a bound, found from
/// the table alone, then checked on the stored table to say how far it holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct GuessQuery {
    /// Game and parameters (a corner game or chocolate).
    #[serde(flatten)]
    pub params: GameParams,
    /// The Grundy numbers (default) or the P-positions.
    #[serde(default)]
    pub aim: GuessAim,
    /// Match the cells with coordinates below this bound: 8 to 256, default 32.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upto: Option<u64>,
    /// Enumerate every formula up to this size (operators and operands): 3 to 12, default
    /// 8. Larger formulas are put together from these.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u32>,
    /// Stop after this many seconds (default and most: the server's time limit for a check).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<u64>,
    /// Check the formula found on the cells below this bound (default: the stored table's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check_upto: Option<u64>,
}

/// The reply to `guess`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct GuessReport {
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// What was looked for.
    pub aim: GuessAim,
    /// The shortest formula found: a value formula, or the predicate true at the
    /// P-positions. Absent when none was found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formula: Option<String>,
    /// The same as `check` reads it (`grundy == 0 <-> …` for the P-positions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub statement: Option<String>,
    /// Its size: operators and operands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u32>,
    /// Why the search ended: `shortest` (every smaller formula was tried), `searched` (every
    /// formula up to `complete` was tried, and the compositions of them), `full` (the search
    /// held as many formulas as it may), `late` (the time limit).
    pub end: String,
    /// Every formula up to this size was tried (one per behaviour on the sample cells).
    pub complete: u32,
    /// Formulas kept: distinct behaviours on the sample cells.
    pub kept: u64,
    /// Sample cells, and rounds (one more each time a formula fitting them failed elsewhere).
    pub samples: u32,
    pub rounds: u32,
    /// The formula holds on every cell with coordinates below this bound (`cells` cells).
    pub upto: u64,
    pub cells: u64,
    /// Checked further, on the stored table: it holds on every cell below this bound …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holds_below: Option<u64>,
    /// … of the bound checked to …
    pub check_upto: u64,
    /// … and fails first here (absent when it holds to `check_upto`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fails_at: Option<Counterexample>,
    /// The server's time for the search and the check, in milliseconds.
    pub elapsed_ms: u64,
    /// Where the values came from, for citing.
    pub source: String,
    /// The same as a message of the catalogs.
    pub source_message: crate::Message,
}

/// What `sequence` lists: one line of a table, or its P-positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SequenceLine {
    /// Row R: g(R, y) for y = 0, 1, … (corner games); G(R, z) for z = k·R, k·R + 1, …
    /// (chocolate).
    Row(u64),
    /// Column C: g(x, C) for x = 0, 1, … (corner games); G(y, C) for y = 0 to ⌊C/k⌋
    /// (chocolate; for k = 0, every y below the bound).
    Column(u64),
    /// Diagonal D: g(x, x + D) for x = 0, 1, … (corner games; D < 0: g(y − D, y) for
    /// y = 0, 1, …); G(y, k·y + D) for y = 0, 1, … (chocolate, D ≥ 0; G(y, y + D) for
    /// k = 0).
    Diagonal(i64),
    /// Every P-position (Grundy number 0) below the bound, as cells.
    PPositions,
}

/// What `sequence` asks: one line of a game's stored table, or its P-positions, to export.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct SequenceQuery {
    /// Game and parameters (a corner game or chocolate).
    #[serde(flatten)]
    pub params: GameParams,
    /// The line, or the P-positions.
    pub line: SequenceLine,
    /// Only cells with coordinates below this bound (default: the stored table's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upto: Option<u64>,
}

/// The reply to `sequence`. A line's value i is the Grundy number of the cell
/// `first + i·step`, indexed `offset + i`; P-positions are listed as `cells`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SequenceReport {
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// The line, or the P-positions, as asked.
    pub line: SequenceLine,
    /// The bound: every cell read has coordinates below it.
    pub upto: u64,
    /// A line's index of its first value (OEIS's offset): the coordinate running along the
    /// line, at its first cell. Absent for the P-positions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<u64>,
    /// A line's first cell, in the table's notation (x, y; y, z for chocolate).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<[u64; 2]>,
    /// What each step along a line adds to the cell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<[u64; 2]>,
    /// A line's Grundy numbers, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<u64>,
    /// The P-positions, in the table's notation, ordered by the first coordinate, then the
    /// second (a corner game's mirror images included).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<[u64; 2]>,
    /// Where the values came from, for citing: the stored table and its bound, and the
    /// server's version.
    pub source: String,
    /// The same as a message of the catalogs (`cited-table`: the bound and the version),
    /// for a client to say in its reader's language.
    pub source_message: crate::Message,
}
