//! Tournaments in a room: round robin or Swiss, every game an ordinary match, standings with
//! the usual tie-breaks, live.

use serde::{Deserialize, Serialize};

use crate::game::ClockSpec;
use crate::variant::GameParams;

/// How a tournament is paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Everyone plays everyone once (Berger tables).
    RoundRobin,
    /// A set number of rounds, players of equal score paired, nobody twice.
    Swiss,
}

impl Format {
    /// `round_robin` or `swiss`.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::RoundRobin => "round_robin",
            Format::Swiss => "swiss",
        }
    }
}

/// What `create_tournament` asks for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    /// The room.
    pub code: String,
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// `standard`, `random` (a position drawn for each round, the same on every board), or a
    /// position.
    #[serde(default = "standard")]
    pub start: String,
    /// Round robin or Swiss.
    pub format: Format,
    /// Swiss: how many rounds (round robin: as many as it takes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// An optional clock for every game, `5+3`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
}

fn standard() -> String {
    "standard".to_owned()
}

/// One player of a tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Entrant {
    /// The player.
    pub player_id: i64,
    /// Their name in the room.
    pub name: String,
    /// Withdrawn players are paired no more; their games count.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withdrawn: bool,
}

/// One game of a tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TournamentGame {
    /// Its round, from 1.
    pub round: u32,
    /// The match (`watch` it, `review` it, `export` it).
    pub match_id: i64,
    /// Who moves first (seat 0).
    pub first: i64,
    /// Who moves second (seat 1).
    pub second: i64,
    /// `1-0`, `0-1`, `½-½`, or absent while it is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Why it ended (`resignation`, `flag`, `adjudicated`, ...), once over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<crate::Reason>,
}

/// A bye: no opponent in a round, scored as a win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ByeInfo {
    /// The round.
    pub round: u32,
    /// Who.
    pub player_id: i64,
}

/// One line of the standings. Points are written as decimals (`2.5`): a win is 1, a draw ½,
/// a bye 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StandingInfo {
    /// 1 for the leader; players level on every tie-break share a rank.
    pub rank: u32,
    /// The player.
    pub player_id: i64,
    /// Their name in the room.
    pub name: String,
    /// Points.
    pub points: String,
    /// Buchholz: the sum of the points of every opponent met.
    pub buchholz: String,
    /// Sonneborn–Berger: the points of the opponents beaten, and half of those drawn with.
    pub sonneborn_berger: String,
    /// Games won (byes aside).
    pub wins: u32,
    /// Games finished (byes aside).
    pub games: u32,
}

/// A tournament as every member of its room sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TournamentView {
    /// Its id (unique on the server).
    pub id: i64,
    /// Round robin or Swiss.
    pub format: Format,
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// How every game starts.
    pub start: String,
    /// The clock, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
    /// Rounds planned.
    pub rounds: u32,
    /// The round being played (the last one once over).
    pub round: u32,
    /// Whether it is over.
    pub finished: bool,
    /// The players, in the order they entered.
    pub entrants: Vec<Entrant>,
    /// Every game so far, round by round.
    pub games: Vec<TournamentGame>,
    /// Every bye so far.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<ByeInfo>,
    /// The standings now, leader first.
    pub standings: Vec<StandingInfo>,
}
