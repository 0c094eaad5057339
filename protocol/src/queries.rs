//! Query messages: position classification, tables, saved games, review, export.

use serde::{Deserialize, Serialize};

use crate::game::{MatchStatus, MoveRecord, Outcome, SeatInfo};
use crate::variant::{Game, GameParams};

/// Who wins a position with best play, seen by the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The player to move wins.
    Win,
    /// The player to move loses.
    Loss,
    /// Neither side can force a result (the L-game).
    Draw,
}

impl Verdict {
    /// `win`, `loss` or `draw`, as on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Loss => "loss",
            Verdict::Draw => "draw",
        }
    }

    /// The same result seen by the other player.
    pub fn flip(self) -> Verdict {
        match self {
            Verdict::Win => Verdict::Loss,
            Verdict::Loss => Verdict::Win,
            Verdict::Draw => Verdict::Draw,
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A position's value for the player to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ValueInfo {
    /// `win`, `loss` or `draw`, for the player to move.
    pub outcome: Verdict,
    /// The Grundy number (impartial games; `null` for the L-game or where unknown).
    pub grundy: Option<u64>,
    /// Plies to the end under best play (`null` for draws or where not computed).
    pub remoteness: Option<u64>,
}

/// A move and the value of the position it leads to, for the player to move there. On the
/// wire its value's fields sit beside the move's:
/// `{"move":"1,3","position":"1,3","outcome":"win","grundy":4,"remoteness":3}`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(as = "MoveFields<String>"))]
pub struct MoveInfo {
    /// Canonical notation.
    pub notation: String,
    /// The position after the move.
    pub position: String,
    /// Its value for the opponent, who moves next.
    pub value: ValueInfo,
}

/// The wire form of [`MoveInfo`], written out instead of `#[serde(flatten)]`: an answer
/// lists thousands of moves, and flattening costs a detour through a map on both sides.
#[derive(Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct MoveFields<S> {
    #[serde(rename = "move")]
    notation: S,
    position: S,
    outcome: Verdict,
    grundy: Option<u64>,
    remoteness: Option<u64>,
}

impl Serialize for MoveInfo {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        MoveFields {
            notation: self.notation.as_str(),
            position: self.position.as_str(),
            outcome: self.value.outcome,
            grundy: self.value.grundy,
            remoteness: self.value.remoteness,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for MoveInfo {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let f = MoveFields::<String>::deserialize(deserializer)?;
        Ok(MoveInfo {
            notation: f.notation,
            position: f.position,
            value: ValueInfo {
                outcome: f.outcome,
                grundy: f.grundy,
                remoteness: f.remoteness,
            },
        })
    }
}

/// The answer to `query`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Classification {
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// The position, in canonical notation.
    pub position: String,
    /// The position as drawn.
    pub board: crate::Board,
    /// Its value for the player to move.
    #[serde(flatten)]
    pub value: ValueInfo,
    /// `table` (a stored classification), `formula` (an exact closed form) or `computed`
    /// (worked out for this question, within the server's limits).
    pub source: String,
    /// How many legal moves there are.
    pub move_count: u64,
    /// Every legal move with its value, best first; empty when there are more than the
    /// server lists (see `move_count`).
    pub moves: Vec<MoveInfo>,
    /// Why `remoteness` is `null` when the reason is worth saying: a sum `too large to
    /// search: …`. Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remoteness_unknown: Option<String>,
    /// The same reason as a message of the catalogs (`rule-sum-states`), for a client to say
    /// in its reader's language. Absent with `remoteness_unknown`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remoteness_unknown_message: Option<crate::Message>,
    /// A sum's analysis by the Sprague–Grundy theorem (game `sum` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sum: Option<SumInfo>,
}

/// How a sum's value follows from its components': the explanation a teacher shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SumInfo {
    /// Each component with its own value, component 1 first.
    pub components: Vec<ComponentInfo>,
    /// The XOR of the components' Grundy numbers: the sum's Grundy number.
    pub nim_sum: u64,
    /// The components with a winning move (none when `nim_sum` is 0).
    pub winning: Vec<WinningComponent>,
    /// How the outcome and Grundy number were found: `sprague-grundy` (the XOR rule).
    pub method: String,
    /// How the remoteness was found: `search` (of every combination of the components'
    /// positions), or `null` when it is unknown (see `remoteness_unknown`).
    pub remoteness_method: Option<String>,
    /// The components whose moves to `to` are not known, so that none of theirs is listed
    /// and whether one wins is not known: a queen or horse square worth 0 beyond the solved
    /// tables, whose other values no formula gives. Left out when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unknown: Vec<UnknownComponent>,
}

/// One component of a sum and its value on its own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ComponentInfo {
    /// The component's game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// Its position.
    pub position: String,
    /// Its value on its own, for the player to move.
    #[serde(flatten)]
    pub value: ValueInfo,
}

/// A component in which a move wins: from Grundy number `from` to `to` = `from` ⊕ nim-sum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WinningComponent {
    /// The component, numbered from 1.
    pub component: u64,
    /// Its Grundy number now.
    pub from: u64,
    /// Its Grundy number after a winning move (may be larger: a move can raise a value).
    pub to: u64,
    /// How many of its moves do it.
    pub moves: u64,
}

/// A component whose moves from Grundy number `from` to `to` = `from` ⊕ nim-sum are not known.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct UnknownComponent {
    /// The component, numbered from 1.
    pub component: u64,
    /// Its Grundy number now.
    pub from: u64,
    /// The Grundy number a winning move would leave it with.
    pub to: u64,
}

/// A half-open range `from..to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Span {
    /// First index.
    pub from: u64,
    /// One past the last index.
    pub to: u64,
}

/// One L-game position class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ClassInfo {
    /// The canonical position: the mover's L written `R`, `r` to move.
    pub position: String,
    /// `win`, `loss` or `draw` for the mover.
    pub outcome: String,
    /// Plies to the end under best play (`null` for draws).
    pub depth: Option<u64>,
}

/// The answer to `table`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TableData {
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// Row indices: x for the corner games, z for chocolate.
    pub rows: Span,
    /// Column indices: y for the corner games and chocolate.
    pub cols: Span,
    /// The coordinate not shown, as asked: Nim's third heap, a misère bar's strip x.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layer: Option<u64>,
    /// Grundy numbers, one array per row (`null` where a cell is not a position, e.g. a
    /// staircase taller than ⌊z/k⌋). Empty for the L-game.
    pub grundy: Vec<Vec<Option<u64>>>,
    /// Remoteness, same shape (corner games only; empty otherwise).
    pub remoteness: Vec<Vec<Option<u64>>>,
    /// The L-game's classes, one per position up to symmetry (empty for other games).
    pub classes: Vec<ClassInfo>,
    /// `table` or `computed`.
    pub source: String,
}

/// One line of a game list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct GameSummary {
    /// The match id.
    pub match_id: i64,
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// The start position.
    pub start: String,
    /// Where it stands.
    pub status: MatchStatus,
    /// Who played.
    pub seats: [SeatInfo; 2],
    /// Moves played.
    pub ply: u32,
    /// The result, once over.
    pub result: Option<Outcome>,
    /// Created, Unix milliseconds.
    pub created_at: i64,
    /// Finished, Unix milliseconds.
    pub finished_at: Option<i64>,
    /// Imported from a record (`import`), not played on this server: its names are as the
    /// record wrote them, not players who said hello here. Absent (false) otherwise.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub imported: bool,
}

/// One move of a reviewed game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ReviewedMove {
    /// The move as played, with its ply, seat and resulting position.
    #[serde(flatten)]
    pub played: MoveRecord,
    /// The position's value before the move, for the mover.
    pub before: ValueInfo,
    /// The value after it, for the opponent.
    pub after: ValueInfo,
    /// The position after the move, as drawn.
    pub board: crate::Board,
    /// `best`, `inaccuracy` (same result, slower), `mistake` (draw → loss or win → draw) or
    /// `blunder` (win → loss).
    pub annotation: String,
    /// The better moves there were, best first: at most [`crate::limits::BETTER_LISTED`] of
    /// them, in at most [`crate::limits::BETTER_BYTES`].
    pub better: Vec<MoveInfo>,
    /// How many better moves there were, when `better` lists only the best of them; absent
    /// when it lists them all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub better_count: Option<u64>,
}

/// Filters of `games`; every field is optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct GameQuery {
    /// Games in which a player of this name sat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// Games of this game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<Game>,
    /// `waiting`, `playing`, `finished` or `aborted`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<MatchStatus>,
    /// Finished games with this result: `draw`, or `win` / `loss` from `player`'s side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Created at or after (Unix ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<i64>,
    /// Created before (Unix ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<i64>,
    /// Page size (default 50, at most 500).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
    /// Games to skip (paging).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<u32>,
}

/// Export formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ExportFormat {
    /// The PGN-like text of docs/EXPORT.md.
    #[default]
    Text,
    /// The same as JSON.
    Json,
}
