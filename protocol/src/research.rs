//! Research questions about whole tables: the additive periodicity of their rows, and
//! formulas checked over every cell.

use serde::{Deserialize, Serialize};

use crate::analysis::Span;
use crate::variant::GameParams;

/// The periodicity found in one row of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowPeriodicity {
    /// The row: x for the corner games, y for chocolate (growing z).
    pub row: u64,
    /// Where the row starts in the table: the first column (y for the corner games, z for
    /// chocolate).
    pub from: u64,
    /// The first column from which `g(c + period) = g(c) + saltus` holds, absent when no
    /// period was seen well enough.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preperiod: Option<u64>,
    /// The smallest period seen (absent: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period: Option<u64>,
    /// What a period adds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saltus: Option<i64>,
}

/// The reply to `periodicity`: each row's periodicity, and what it was checked against.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeriodicityReport {
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// Columns checked in every row: the relation holds up to this bound (excluded).
    pub upto: u64,
    /// Whole periods the periodic part had to span beyond one period.
    pub repeats: u64,
    /// The largest period looked for.
    pub max_period: u64,
    /// The rows, in order.
    pub rows: Vec<RowPeriodicity>,
    /// Where the values came from, for citing: the stored table and its bound, and the
    /// engine's version.
    pub source: String,
}

/// What `periodicity` asks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeriodicityQuery {
    /// Game and parameters (a corner game or chocolate).
    #[serde(flatten)]
    pub params: GameParams,
    /// The rows (default `0..16`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<Span>,
    /// Check each row up to this column (default: the stored table's bound).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upto: Option<u64>,
}

/// What `check` asks: a formula checked over every cell of a game's table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    /// What the checks show, in one sentence to cite: `verified for odd k ≤ 5, z ≤ 1023`.
    pub verdict: String,
    /// The check of each table, in order.
    pub checks: Vec<CheckReport>,
}

/// A named check as `named_checks` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
}
