//! A simultaneous exhibition in a room: the teacher, or the engine, plays every student at
//! once, one board each.

use serde::{Deserialize, Serialize};

use crate::client::Opponent;
use crate::game::ClockSpec;
use crate::variant::GameParams;

/// What `start_simul` asks for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct NewSimul {
    /// The room.
    pub code: String,
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// `standard`, `random` (one position, the same on every board) or a position.
    #[serde(default = "standard")]
    pub start: String,
    /// Who plays every board: `human` (the teacher who starts it) or `{"engine": LEVEL}`.
    pub host: Opponent,
    /// Whether the students move first (default: the host does).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub students_first: bool,
    /// An optional clock for every board, `5+3`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
}

fn standard() -> String {
    "standard".to_owned()
}

/// One board of an exhibition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SimulGame {
    /// The match.
    pub match_id: i64,
    /// The student.
    pub player_id: i64,
    /// Their name in the room.
    pub name: String,
    /// From the student's side: `win`, `loss`, `draw`, or absent while it is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

/// An exhibition as the room sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SimulView {
    /// Its id (unique on the server).
    pub id: i64,
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// The position every board started from.
    pub start: String,
    /// Who plays every board: the teacher's name, or `engine (perfect)`.
    pub host: String,
    /// The engine's level when the engine plays every board (`perfect`), for a client to
    /// name it in its reader's language; absent when a teacher does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_engine: Option<String>,
    /// Whether the students moved first.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub students_first: bool,
    /// Whether every board is over.
    pub finished: bool,
    /// The boards, one per student.
    pub games: Vec<SimulGame>,
}
