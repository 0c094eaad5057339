//! Why a question about positions, tables or stored games was not answered as asked. A domain
//! error: the connection turns it into the wire's error body (`connection::refusal`); its
//! `Serialize` form is the body's details.

use engine::research::LineError;
use serde::{Serialize, Serializer};

use crate::failure::Internal;
use crate::records::RecordError;
use crate::solver::{EngineLimit, TableError};

/// A question refused. Messages are for people: what is wrong and what to ask instead; each is
/// the message `error-KIND` of the catalogs (`failure::english`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("{}", self.english())]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum QueryError {
    /// Grundy numbers asked of misère play.
    MisereHasNoGrundy {
        /// What was asked: `sequence`, `periodicity`, `check`, `named_check`, `guess`.
        what: &'static str,
    },
    /// The server stores no table of the game.
    NoStoredTable {
        /// The table: `queen`, `chocolate k=3`, `misère rook`.
        table: String,
    },
    /// A question about 2-D tables of another game.
    NotATable {
        /// What was asked, as for `MisereHasNoGrundy`.
        what: &'static str,
    },
    /// A staircase beyond what is solved on demand.
    StaircaseTooTall {
        /// The tallest staircase solved on demand.
        most_z: u64,
        /// The largest `upto` to ask with: `most_z` + 1.
        most_upto: u64,
    },
    /// A heap game's table asked beyond the heaps one heap's values are read to.
    HeapsTooLarge {
        /// One past the largest heap.
        most: u64,
    },
    /// A bound beyond the table.
    BeyondTable {
        /// Where the table ends.
        bound: u64,
    },
    /// A line past the table's end.
    LineBeyond {
        /// The line: `row x = 16`.
        line: String,
        /// Where the table ends.
        bound: u64,
    },
    /// A line numbered below 0.
    NegativeLine {
        /// The line.
        line: String,
    },
    /// A staircase's diagonal below 0.
    NegativeDiagonal {
        /// The line.
        line: String,
    },
    /// A line with no cell below the bound.
    EmptyLine {
        /// The line.
        line: String,
        /// The bound asked for.
        upto: u64,
        /// Where the stored table ends.
        bound: u64,
    },
    /// A sequence longer than one answer holds.
    LongSequence {
        /// The line.
        line: String,
        /// The bound asked for.
        upto: u64,
        /// Values below it.
        values: u64,
        /// Most values in one answer.
        most: u64,
    },
    /// More P-positions than one answer holds.
    ManyPPositions {
        /// The bound asked for.
        upto: u64,
        /// Most values in one answer.
        most: u64,
    },
    /// A layer for a table that has none.
    NoLayer,
    /// A range backwards.
    BackwardRange,
    /// More cells than one answer holds.
    ManyCells {
        /// Cells asked for.
        cells: u64,
        /// Most cells in one answer.
        most: u64,
    },
    /// More cells than one misère search covers.
    ManySearchedCells {
        /// Cells asked for.
        cells: u64,
        /// Most cells searched for one answer.
        most: u64,
    },
    /// A table of a sum.
    SumHasNoTable,
    /// A number of lines out of range.
    LineCount {
        /// `row`, `column` or `diagonal`.
        line: String,
        /// The first asked for.
        from: u64,
        /// The end asked for.
        to: u64,
        /// Most lines.
        most: u64,
    },
    /// Periods of a staircase's columns.
    FiniteColumns {
        /// The staircase's edge: `k = 2`, or `f(z) = z * z`.
        edge: String,
    },
    /// A diagonal of a staircase whose edge is a formula.
    EdgeDiagonal {
        /// The line.
        line: String,
    },
    /// A formula that cannot be read.
    UnreadableFormula {
        /// Where: a byte offset into the formula, from 0.
        at: usize,
        /// Why (`formula-*`).
        reason: protocol::Message,
    },
    /// A formula that cannot be evaluated somewhere.
    FormulaFails {
        /// Where and why (`formula-fault`).
        fault: protocol::Message,
    },
    /// A check stopped at the server's time limit.
    CheckTooLong {
        /// The limit, in milliseconds.
        limit_ms: u64,
        /// The same in seconds, as said: `2.5`.
        limit_s: String,
    },
    /// A check nobody waits for any more.
    CheckAbandoned,
    /// A bound of `guess` out of its range.
    GuessBound {
        /// `upto` or `size`.
        what: &'static str,
        /// What was asked.
        asked: u64,
        /// The range.
        least: u64,
        most: u64,
    },
    /// No named check has the name.
    NoNamedCheck {
        /// The name asked for.
        name: String,
        /// The named checks.
        known: Vec<String>,
    },
    /// A named check with none of its tables here.
    NoTableForCheck {
        /// The named check.
        check: String,
    },
    /// A result filter that means nothing without a player.
    ResultNeedsPlayer,
    /// A result filter that is none.
    UnknownResult {
        /// The filter given.
        result: String,
    },
    /// No stored match has the id.
    NoSuchGame {
        /// The match asked for.
        match_id: i64,
    },
    /// A page starting past the game's end.
    PageBeyond {
        /// The match.
        match_id: i64,
        /// Its plies.
        plies: u32,
    },
    /// An export larger than one reply holds.
    LargeExport {
        /// The match.
        match_id: i64,
        /// Its record's size.
        kib: usize,
        /// Most an export holds.
        most_kib: usize,
    },
    /// A record of a game not finished.
    Unfinished,
    /// A record stored already.
    Imported {
        /// The stored match.
        match_id: i64,
    },
    /// A record that cannot be read or replayed.
    #[serde(untagged, serialize_with = "record")]
    Import(Box<RecordError>),
    /// A game the engine cannot play.
    #[serde(untagged)]
    EngineLimit(#[from] EngineLimit),
    /// Something failed inside the server; nothing was changed.
    #[serde(untagged)]
    Internal(#[from] Internal),
    /// A parameter, a position or a move unreadable or against the rules.
    #[serde(untagged, serialize_with = "crate::failure::rules")]
    Rules(#[from] engine::Error),
}

impl QueryError {
    /// What the refusal says in English: its message of the catalogs.
    fn english(&self) -> String {
        match self {
            QueryError::EngineLimit(e) => e.to_string(),
            QueryError::Internal(e) => e.to_string(),
            QueryError::Rules(e) => crate::failure::rules_english(e),
            other => crate::failure::english(other),
        }
    }
}

impl From<TableError> for QueryError {
    fn from(e: TableError) -> QueryError {
        match e {
            TableError::Limit(limit) => QueryError::EngineLimit(limit),
            TableError::Internal(internal) => QueryError::Internal(internal),
            TableError::Rules(rules) => QueryError::Rules(rules),
        }
    }
}

impl From<LineError> for QueryError {
    fn from(e: LineError) -> QueryError {
        match e {
            LineError::Beyond { line, bound } => QueryError::LineBeyond { line, bound },
            LineError::Negative { line } => QueryError::NegativeLine { line },
            LineError::NegativeDiagonal { line } => QueryError::NegativeDiagonal { line },
            LineError::EdgeDiagonal { line } => QueryError::EdgeDiagonal { line },
        }
    }
}

/// A record's refusal as details: `kind` `import`, the record's own code (`bad_syntax`,
/// `bad_tag`, `illegal_move`, ...), the sentence that says what is wrong (`reason`, a message)
/// and where: line and column, tag, or ply and move.
fn record<S: Serializer>(e: &RecordError, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(None)?;
    map.serialize_entry("kind", "import")?;
    map.serialize_entry("record", e.code())?;
    map.serialize_entry("reason", &e.said())?;
    match e {
        RecordError::Syntax { line, column, .. } => {
            map.serialize_entry("line", line)?;
            map.serialize_entry("column", column)?;
        }
        RecordError::Tag { line, tag, .. } => {
            map.serialize_entry("line", line)?;
            map.serialize_entry("tag", tag)?;
        }
        RecordError::Move { ply, notation, .. } => {
            map.serialize_entry("ply", ply)?;
            map.serialize_entry("move", notation)?;
        }
        RecordError::Result(_) | RecordError::Json(_) => {}
    }
    map.end()
}
