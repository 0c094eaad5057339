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
    /// The server's time for the check, in milliseconds.
    pub elapsed_ms: u64,
    /// Where the values came from, for citing.
    pub source: String,
}
