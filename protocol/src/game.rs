//! Match state as the server pushes it: complete enough for a thin client to draw the board
//! and list the moves without knowing any rule.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::variant::GameParams;

/// A seat at a match: 0 moves first (red in the L-game), 1 second.
pub type Seat = u8;

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum MatchStatus {
    /// Waiting for a second player to join.
    Waiting,
    /// Under way.
    Playing,
    /// Over, with a result.
    Finished,
    /// Called off before the first move.
    Aborted,
}

impl MatchStatus {
    /// The snake_case name (also stored in the database).
    pub fn as_str(self) -> &'static str {
        match self {
            MatchStatus::Waiting => "waiting",
            MatchStatus::Playing => "playing",
            MatchStatus::Finished => "finished",
            MatchStatus::Aborted => "aborted",
        }
    }

    /// Whether the match has ended: finished or aborted.
    pub fn is_over(self) -> bool {
        matches!(self, MatchStatus::Finished | MatchStatus::Aborted)
    }

    /// Reads the snake_case name.
    pub fn parse(s: &str) -> Option<MatchStatus> {
        [
            MatchStatus::Waiting,
            MatchStatus::Playing,
            MatchStatus::Finished,
            MatchStatus::Aborted,
        ]
        .into_iter()
        .find(|m| m.as_str() == s)
    }
}

/// Why a match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// Queen family: the piece reached the corner.
    CornerReached,
    /// Nim: the last stone was taken.
    LastStone,
    /// Chocolate: only the poisoned square is left.
    PoisonLeft,
    /// L-game: the player to move cannot move their L.
    LBlocked,
    /// Sum: no component has a move left.
    NoMoveLeft,
    /// A player resigned.
    Resignation,
    /// The same position (with the same side to move) occurred too often: a draw.
    Repetition,
    /// Both players agreed to a draw.
    AgreedDraw,
    /// A player's clock ran out.
    FlagFall,
    /// A player left and did not come back in time.
    Abandonment,
    /// Called off before the first move.
    Aborted,
    /// Ended by a tournament's teacher before it was over, and decided by the exact value of
    /// the position: the player to move wins a won position and loses a lost one; a drawn
    /// one is a draw.
    Adjudication,
}

impl Reason {
    /// The snake_case name (also stored in the database).
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::CornerReached => "corner_reached",
            Reason::LastStone => "last_stone",
            Reason::PoisonLeft => "poison_left",
            Reason::LBlocked => "l_blocked",
            Reason::NoMoveLeft => "no_move_left",
            Reason::Resignation => "resignation",
            Reason::Repetition => "repetition",
            Reason::AgreedDraw => "agreed_draw",
            Reason::FlagFall => "flag_fall",
            Reason::Abandonment => "abandonment",
            Reason::Aborted => "aborted",
            Reason::Adjudication => "adjudication",
        }
    }

    /// Reads the snake_case name.
    pub fn parse(s: &str) -> Option<Reason> {
        serde_json::from_value(serde_json::Value::String(s.to_owned())).ok()
    }
}

/// The result of a finished match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Outcome {
    /// The winning seat; `null` for a draw (or an abort).
    pub winner: Option<Seat>,
    /// Why it ended.
    pub reason: Reason,
}

impl Outcome {
    /// The status of a match that ended this way: aborted, or finished.
    pub fn status(&self) -> MatchStatus {
        if self.reason == Reason::Aborted {
            MatchStatus::Aborted
        } else {
            MatchStatus::Finished
        }
    }
}

/// Who sits in a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SeatInfo {
    /// The player's id, when a person sits here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_id: Option<i64>,
    /// The player's name, or `engine (perfect)`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The engine level, when the engine sits here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// Whether the player is connected now (the engine always is).
    pub connected: bool,
    /// While the match is under way and the player has no connection open: how long they
    /// have left to come back before losing by abandonment, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abandon_in_ms: Option<u64>,
}

/// One move of a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MoveRecord {
    /// 1 for the first move.
    pub ply: u32,
    /// Who moved.
    pub seat: Seat,
    /// The move in canonical notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// The position after it.
    pub position: String,
    /// Thinking time used, in milliseconds.
    pub time_ms: u64,
}

/// A clock setting: minutes for the game plus seconds added after each move. Written `5+3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(type = "string"))]
pub struct ClockSpec {
    /// Time at the start, in milliseconds.
    pub initial_ms: u64,
    /// Time added after each move, in milliseconds.
    pub increment_ms: u64,
}

/// Longest game time accepted, in minutes: a school day.
pub const MAX_CLOCK_MINUTES: u64 = 600;
/// Largest increment accepted, in seconds.
pub const MAX_INCREMENT_SECONDS: u64 = 600;

impl FromStr for ClockSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<ClockSpec, String> {
        let bad = || {
            format!(
                "cannot read clock {s:?}: write minutes+increment seconds, for example 5+3 \
                 (at most {MAX_CLOCK_MINUTES}+{MAX_INCREMENT_SECONDS})"
            )
        };
        let (m, i) = s.trim().split_once('+').ok_or_else(bad)?;
        let minutes: f64 = m.trim().parse().map_err(|_| bad())?;
        let inc: u64 = i.trim().parse().map_err(|_| bad())?;
        let ok = minutes.is_finite() && minutes > 0.0 && minutes <= MAX_CLOCK_MINUTES as f64;
        if !ok || inc > MAX_INCREMENT_SECONDS {
            return Err(bad());
        }
        // Counted in whole milliseconds: a game time below half a millisecond would be none.
        let initial_ms = (minutes * 60_000.0).round() as u64;
        if initial_ms == 0 {
            return Err(bad());
        }
        Ok(ClockSpec {
            initial_ms,
            increment_ms: inc * 1000,
        })
    }
}

#[cfg(test)]
mod clock_tests {
    use super::ClockSpec;

    #[test]
    fn a_clock_reads_back_from_its_text() {
        for text in ["5+3", "0.5+0", "600+600", "1e2+0", "5.00001+3", "0.00001+1"] {
            let spec: ClockSpec = text.parse().expect(text);
            assert!(spec.initial_ms > 0, "{text}");
            assert_eq!(spec.to_string().parse(), Ok(spec), "{text}");
        }
        // Rounded to whole milliseconds, these games would have no time at all.
        for text in [
            "0.000001+3",
            "1e-7+0",
            "0+3",
            "600.001+0",
            "5+601",
            "inf+0",
            "5",
        ] {
            assert!(text.parse::<ClockSpec>().is_err(), "{text}");
        }
    }
}

impl fmt::Display for ClockSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = self.initial_ms as f64 / 60_000.0;
        write!(f, "{}+{}", minutes, self.increment_ms / 1000)
    }
}

impl Serialize for ClockSpec {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for ClockSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ClockSpec, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The clocks of a match, as of the moment the message was sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Clock {
    /// The setting, `5+3`.
    pub spec: ClockSpec,
    /// Time left for seat 0 and seat 1, in milliseconds.
    pub remaining_ms: [u64; 2],
    /// The seat whose clock is running, if any.
    pub running: Option<Seat>,
}

/// Everything a client needs to show a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MatchState {
    /// The match id.
    pub match_id: i64,
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// The starting position.
    pub start: String,
    /// The current position.
    pub position: String,
    /// The current position as drawn.
    pub board: crate::Board,
    /// Moves played so far.
    pub ply: u32,
    /// Waiting, playing, finished or aborted.
    pub status: MatchStatus,
    /// The seat to move, while playing.
    pub to_move: Option<Seat>,
    /// Seat 0 (moves first; red in the L-game) and seat 1.
    pub seats: [SeatInfo; 2],
    /// The moves after ply `history_from`, first to last: every move in replies, the latest
    /// few in events (a long game's every event would otherwise repeat the whole game).
    pub history: Vec<MoveRecord>,
    /// The ply `history` starts after: 0 (omitted) when it holds every move.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub history_from: u32,
    /// The legal moves from the current position, when there are at most 64 (else `null`).
    pub legal_moves: Option<Vec<String>>,
    /// How many legal moves there are.
    pub legal_move_count: u64,
    /// The clocks, when the match has one.
    pub clock: Option<Clock>,
    /// The seat offering a draw (L-game), if any.
    pub draw_offer: Option<Seat>,
    /// The seat asking for a rematch, if any.
    pub rematch_offer: Option<Seat>,
    /// How many times the current position (with the side to move) has occurred.
    pub repetitions: u32,
    /// After a draw by repetition: the plies at which the repeated position occurred (0 is
    /// the start); the moves between the first and the last form the cycle.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub repetition_plies: Vec<u32>,
    /// The match this one is a rematch of.
    pub rematch_of: Option<i64>,
    /// The rematch that followed this match, once created.
    pub rematch: Option<i64>,
    /// The result, once finished.
    pub result: Option<Outcome>,
    /// A sum's components, each with its own value (game `sum` only): what the board shows
    /// beside each component.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub components: Option<Vec<crate::ComponentInfo>>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// One line of the lobby.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MatchSummary {
    /// The match id.
    pub match_id: i64,
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// Waiting or playing.
    pub status: MatchStatus,
    /// Who sits where (an empty seat has no name).
    pub seats: [SeatInfo; 2],
    /// Moves played so far.
    pub ply: u32,
    /// The clock setting, if any.
    pub clock: Option<ClockSpec>,
}
