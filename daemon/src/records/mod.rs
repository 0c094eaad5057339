//! Game records: a finished (or unfinished) match written out as text or JSON, so it can be
//! kept, shared, reviewed and read back. The text form is PGN-like and documented, with a
//! complete example per game family, in `docs/EXPORT.md`.
//!
//! ```
//! use daemon::records::GameRecord;
//!
//! let text = "[Game \"queen\"]\n[Size \"11\"]\n[Start \"5,3\"]\n\
//!             [Result \"0-1\"]\n[Termination \"corner_reached\"]\n\n1. 5,0 0,0 0-1\n";
//! let record = GameRecord::parse_text(text)?;
//! assert_eq!(record.moves, ["5,0", "0,0"]);
//! let last = record.validate()?; // replays the moves and checks the result
//! assert_eq!(last.to_string(), "0,0");
//! assert_eq!(GameRecord::parse_text(&record.to_text(None))?, record);
//! # Ok::<(), daemon::records::RecordError>(())
//! ```

mod date;
mod error;
mod json;
mod parse;
mod text;
mod validate;

pub use validate::Replay;

#[cfg(test)]
mod tests;

use protocol::{ClockSpec, GameParams, Outcome};

use crate::db::StoredMatch;

pub use date::{format_date, format_time, parse_date_time};
pub use error::RecordError;
pub use json::{JsonBetter, JsonMove, JsonRecord, JsonReview, JsonValue};
pub use parse::RESULT_TOKENS;
pub use text::{comment, describe, move_token, BETTER_SHOWN, KNOWN_TAGS, LINE_WIDTH};

/// A seat nobody holds (PGN's unknown player).
pub const EMPTY_SEAT: &str = "?";

/// The engine's level when `name` is exactly how an engine seat is written: `engine
/// (perfect)`.
pub fn engine_seat(name: &str) -> Option<engine::Level> {
    let level = name.strip_prefix("engine (")?.strip_suffix(')')?;
    engine::Level::ALL.into_iter().find(|l| l.name() == level)
}

/// One game as a record: what the text and JSON forms hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The match it was played as, when it comes from this server (`[Event "grundy match 12"]`).
    pub match_id: Option<i64>,
    /// Which game, with its parameters (`[Game]`, `[Size]`, `[K]`, `[Play "misere"]`).
    pub params: GameParams,
    /// The start position, in the game's notation.
    pub start: String,
    /// Seat 0 (the first mover) and seat 1: a player's name, `engine (perfect)`, or `?`.
    pub seats: [String; 2],
    /// When the match was created, Unix epoch milliseconds (UTC).
    pub date: Option<i64>,
    /// The result, `None` while the game is not over.
    pub result: Option<Outcome>,
    /// The clock setting, if the game had one.
    pub clock: Option<ClockSpec>,
    /// The moves, first to last, in canonical notation.
    pub moves: Vec<String>,
    /// Tags this format does not define, in the order read; written back unchanged.
    pub extra_tags: Vec<(String, String)>,
}

impl GameRecord {
    /// The record of a stored match (with its moves loaded).
    pub fn from_stored(m: &StoredMatch) -> GameRecord {
        let seat = |i: usize| match (&m.seat_names[i], &m.seats[i].engine) {
            (Some(name), _) => name.clone(),
            (None, Some(level)) => format!("engine ({level})"),
            (None, None) => EMPTY_SEAT.to_owned(),
        };
        let over = m.status.is_over();
        let result = match (over, m.reason) {
            (true, Some(reason)) => Some(Outcome {
                winner: m.winner,
                reason,
            }),
            _ => None,
        };
        let clock = match (m.clock_initial_ms, m.clock_increment_ms) {
            (Some(initial_ms), Some(increment_ms)) => Some(ClockSpec {
                initial_ms,
                increment_ms,
            }),
            _ => None,
        };
        GameRecord {
            match_id: Some(m.id),
            params: m.params.clone(),
            start: m.start.clone(),
            seats: [seat(0), seat(1)],
            date: Some(m.created_at),
            result,
            clock,
            moves: m.moves.iter().map(|mv| mv.notation.clone()).collect(),
            extra_tags: Vec::new(),
        }
    }
}

/// The result token: `1-0` (seat 0 won), `0-1` (seat 1 won), `1/2-1/2` (a draw) or `*`
/// (not over, or aborted).
pub fn result_token(result: Option<&Outcome>) -> &'static str {
    match result {
        None => "*",
        Some(o) => match o.winner {
            Some(0) => "1-0",
            Some(_) => "0-1",
            None if o.reason == protocol::Reason::Aborted => "*",
            None => "1/2-1/2",
        },
    }
}
