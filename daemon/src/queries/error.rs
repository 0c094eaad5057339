//! Why a question about positions, tables or stored games was not answered as asked. A domain
//! error: the connection turns it into the wire's error body (`connection::refusal`); its
//! `Serialize` form is the body's details.

use engine::research::LineError;
use serde::{Serialize, Serializer};

use crate::failure::Internal;
use crate::records::RecordError;
use crate::solver::{EngineLimit, TableError};

/// A question refused. Messages are for people: what is wrong and what to ask instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum QueryError {
    /// Grundy numbers asked of misère play.
    #[error("misère play has no Grundy numbers for {what}; ask without misere")]
    MisereHasNoGrundy {
        /// What was asked: `a sequence`, `periodicity`.
        what: String,
    },
    /// The server stores no table of the game.
    #[error("no stored {table} table on this server")]
    NoStoredTable {
        /// The table: `queen`, `chocolate k=3`, `misère rook`.
        table: String,
    },
    /// A question about 2-D tables of another game.
    #[error("{what} is about a 2-D table: a corner game or chocolate")]
    NotATable {
        /// What was asked.
        what: String,
    },
    /// A staircase beyond what is solved on demand.
    #[error(
        "staircases are solved on demand up to z = {most_z}; ask with upto at most {}",
        most_z + 1
    )]
    StaircaseTooTall {
        /// The tallest staircase solved on demand.
        most_z: u64,
    },
    /// A bound beyond the table.
    #[error(
        "the table reaches {bound}; ask with upto at most {bound}, or start the server with \
         larger tables (grundyd --board N, --bar N)"
    )]
    BeyondTable {
        /// Where the table ends.
        bound: u64,
    },
    /// A line past the table's end.
    #[error(
        "{line} lies beyond the table, which reaches {bound}; ask for a line below {bound}, or \
         with an upto beyond the line to have the table solved that far"
    )]
    LineBeyond {
        /// The line: `row x = 16`.
        line: String,
        /// Where the table ends.
        bound: u64,
    },
    /// A line numbered below 0.
    #[error("there is no {line}: rows and columns are numbered from 0")]
    NegativeLine {
        /// The line.
        line: String,
    },
    /// A staircase's diagonal below 0.
    #[error(
        "chocolate's diagonals are the cells y, k·y + D with D ≥ 0, the D-th cell of each row \
         of the staircase; {line} would leave it: ask for D ≥ 0"
    )]
    NegativeDiagonal {
        /// The line.
        line: String,
    },
    /// A line with no cell below the bound.
    #[error(
        "{line} has no cell below the bound {upto}; ask with a larger upto (the stored table \
         reaches {bound})"
    )]
    EmptyLine {
        /// The line.
        line: String,
        /// The bound asked for.
        upto: u64,
        /// Where the stored table ends.
        bound: u64,
    },
    /// A sequence longer than one answer holds.
    #[error(
        "{line} below {upto} has {values} values, and one answer holds at most {most}; ask \
         with a smaller upto"
    )]
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
    #[error(
        "there are more than {most} P-positions below {upto}, and one answer holds at most \
         {most}; ask with a smaller upto"
    )]
    ManyPPositions {
        /// The bound asked for.
        upto: u64,
        /// Most values in one answer.
        most: u64,
    },
    /// A layer for a table that has none.
    #[error(
        "layer is Nim's third heap or a misère chocolate bar's strip x; other tables have none"
    )]
    NoLayer,
    /// A range backwards.
    #[error("a range's from must not exceed its to")]
    BackwardRange,
    /// More cells than one answer holds.
    #[error("{cells} cells asked for; at most {most} per request: ask for the table in pieces")]
    ManyCells {
        /// Cells asked for.
        cells: u64,
        /// Most cells in one answer.
        most: u64,
    },
    /// More cells than one misère search covers.
    #[error(
        "{cells} cells asked for; a misère table of this game searches every cell, at most \
         {most} per request: ask for it in pieces"
    )]
    ManySearchedCells {
        /// Cells asked for.
        cells: u64,
        /// Most cells searched for one answer.
        most: u64,
    },
    /// A table of a sum.
    #[error(
        "a sum has no table; query its positions with `query`, or ask for the table of one of \
         its games"
    )]
    SumHasNoTable,
    /// A number of lines out of range.
    #[error("{line}s {from}..{to}: ask for 1 to {most} lines")]
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
    #[error(
        "chocolate's columns are finite — column z holds y = 0 to ⌊z/k⌋ only (here k = {k}) — \
         so they have no periodicity to find; ask for rows (line row: y fixed, z growing from \
         k·y) or diagonals (line diagonal: the cells y, k·y + D)"
    )]
    FiniteColumns {
        /// The staircase's step.
        k: u64,
    },
    /// A formula that cannot be read.
    #[error("the formula cannot be read: {error}")]
    UnreadableFormula {
        /// Why, with where.
        error: String,
    },
    /// A formula that cannot be evaluated somewhere.
    #[error("the formula fails {fault}")]
    FormulaFails {
        /// Where and why.
        fault: String,
    },
    /// A check stopped at the server's time limit.
    #[error(
        "the check was stopped after {} s, the most a check may run on this server (grundyd \
         --check-time-limit-s): ask with a smaller upto, or a simpler formula",
        *limit_ms as f64 / 1000.0
    )]
    CheckTooLong {
        /// The limit, in milliseconds.
        limit_ms: u64,
    },
    /// A check nobody waits for any more.
    #[error("the check was abandoned: nobody waits for it")]
    CheckAbandoned,
    /// No named check has the name.
    #[error("no named check {name:?}; the named checks are {}", known.join(", "))]
    NoNamedCheck {
        /// The name asked for.
        name: String,
        /// The named checks.
        known: Vec<String>,
    },
    /// A named check with none of its tables here.
    #[error("this server has no stored table for {check}")]
    NoTableForCheck {
        /// The named check.
        check: String,
    },
    /// A result filter that means nothing without a player.
    #[error("a result of win or loss is from a player's side: give the player too")]
    ResultNeedsPlayer,
    /// A result filter that is none.
    #[error("unknown result {result:?}; use win, loss or draw")]
    UnknownResult {
        /// The filter given.
        result: String,
    },
    /// No stored match has the id.
    #[error("there is no match {match_id}; `games` lists the saved ones")]
    NoSuchGame {
        /// The match asked for.
        match_id: i64,
    },
    /// A page starting past the game's end.
    #[error("game {match_id} has {plies} plies: `from` can be 0 to {plies}")]
    PageBeyond {
        /// The match.
        match_id: i64,
        /// Its plies.
        plies: u32,
    },
    /// An export larger than one reply holds.
    #[error(
        "game {match_id} takes {kib} KiB as a record, more than the {most_kib} KiB an export \
         holds; `grundy review {match_id}` shows it page by page"
    )]
    LargeExport {
        /// The match.
        match_id: i64,
        /// Its record's size.
        kib: usize,
        /// Most an export holds.
        most_kib: usize,
    },
    /// A record of a game not finished.
    #[error("only finished games can be imported: this one's result is *")]
    Unfinished,
    /// A record stored already.
    #[error(
        "this game is stored already, as game {match_id}: `grundy review {match_id}` shows it"
    )]
    Imported {
        /// The stored match.
        match_id: i64,
    },
    /// A record that cannot be read or replayed.
    #[error("cannot import this game: {0}")]
    #[serde(untagged, serialize_with = "record")]
    Import(RecordError),
    /// A game the engine cannot play.
    #[error(transparent)]
    #[serde(untagged)]
    EngineLimit(#[from] EngineLimit),
    /// Something failed inside the server; nothing was changed.
    #[error(transparent)]
    #[serde(untagged)]
    Internal(#[from] Internal),
    /// A parameter, a position or a move unreadable or against the rules.
    #[error("{}", crate::failure::rules_english(.0))]
    #[serde(untagged, serialize_with = "crate::failure::rules")]
    Rules(#[from] engine::Error),
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
        }
    }
}

/// A record's refusal as details: `kind` `import`, the record's own code (`bad_syntax`,
/// `bad_tag`, `illegal_move`, ...) and where: line and column, tag, or ply and move.
fn record<S: Serializer>(e: &RecordError, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(None)?;
    map.serialize_entry("kind", "import")?;
    map.serialize_entry("record", e.code())?;
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
