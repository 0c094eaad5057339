//! A tournament as a room holds it: its entrants, games and byes, from which the pairing of
//! the next round and the standings are computed (`crate::tournaments`), and its wire view.

use protocol::{
    ByeInfo, ClockSpec, Entrant as EntrantInfo, MatchStatus, StandingInfo, TournamentGame,
    TournamentView,
};

use crate::db::{StoredTournament, TournamentGameRow, TournamentRow};
use crate::tournaments::{self, Bye, Entrant, Outcome, Played};

/// A tournament game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Game {
    pub(super) round: u32,
    pub(super) match_id: i64,
    pub(super) first: i64,
    pub(super) second: i64,
    /// `None` while it is played.
    pub(super) outcome: Option<Outcome>,
    /// Why it ended (a resignation, a flag, an adjudication...), once over.
    pub(super) reason: Option<protocol::Reason>,
}

/// A tournament of a room.
#[derive(Debug, Clone)]
pub(super) struct LiveTournament {
    pub(super) row: TournamentRow,
    pub(super) entrants: Vec<Entrant>,
    pub(super) games: Vec<Game>,
    pub(super) byes: Vec<Bye>,
}

/// How a match that is over counts: an aborted one (called off before its first move) as a
/// draw.
pub(super) fn outcome_of(status: MatchStatus, winner: Option<u8>) -> Option<Outcome> {
    match (status, winner) {
        (MatchStatus::Finished, Some(0)) => Some(Outcome::FirstWon),
        (MatchStatus::Finished, Some(_)) => Some(Outcome::SecondWon),
        (MatchStatus::Finished | MatchStatus::Aborted, None) => Some(Outcome::Draw),
        _ => None,
    }
}

impl LiveTournament {
    pub(super) fn from_stored(t: StoredTournament) -> LiveTournament {
        LiveTournament {
            row: t.row,
            entrants: t
                .entrants
                .into_iter()
                .map(|(id, withdrawn)| Entrant { id, withdrawn })
                .collect(),
            games: t
                .games
                .into_iter()
                .map(|g: TournamentGameRow| Game {
                    round: g.round,
                    match_id: g.match_id,
                    first: g.first,
                    second: g.second,
                    outcome: outcome_of(g.status, g.winner),
                    reason: g.reason,
                })
                .collect(),
            byes: t
                .byes
                .into_iter()
                .map(|(round, player)| Bye { round, player })
                .collect(),
        }
    }

    /// The games as the pairing sees them.
    pub(super) fn played(&self) -> Vec<Played> {
        self.games
            .iter()
            .map(|g| Played {
                round: g.round,
                first: g.first,
                second: g.second,
                outcome: g.outcome,
            })
            .collect()
    }

    /// Whether every game of the round being played is over.
    pub(super) fn round_over(&self) -> bool {
        self.games
            .iter()
            .filter(|g| g.round == self.row.round)
            .all(|g| g.outcome.is_some())
    }

    /// Whether `player` has a game of this tournament under way.
    pub(super) fn plays(&self, player: i64) -> bool {
        self.games
            .iter()
            .any(|g| g.outcome.is_none() && (g.first == player || g.second == player))
    }

    /// The games of the round being played that are not over.
    pub(super) fn unfinished(&self) -> Vec<i64> {
        self.games
            .iter()
            .filter(|g| g.round == self.row.round && g.outcome.is_none())
            .map(|g| g.match_id)
            .collect()
    }

    pub(super) fn clock(&self) -> Option<ClockSpec> {
        Some(ClockSpec {
            initial_ms: self.row.clock_initial_ms?,
            increment_ms: self.row.clock_increment_ms.unwrap_or(0),
        })
    }

    /// The tournament as the room sees it; `name` gives a player's name in the room.
    pub(super) fn view(&self, name: impl Fn(i64) -> String) -> TournamentView {
        let standings = tournaments::standings(&self.entrants, &self.played(), &self.byes);
        TournamentView {
            id: self.row.id,
            format: self.row.format,
            params: self.row.params.clone(),
            start: self.row.start.clone(),
            clock: self.clock(),
            rounds: self.row.rounds,
            round: self.row.round,
            finished: self.row.finished,
            entrants: self
                .entrants
                .iter()
                .map(|e| EntrantInfo {
                    player_id: e.id,
                    name: name(e.id),
                    withdrawn: e.withdrawn,
                })
                .collect(),
            games: self
                .games
                .iter()
                .map(|g| TournamentGame {
                    round: g.round,
                    match_id: g.match_id,
                    first: g.first,
                    second: g.second,
                    result: g.outcome.map(|o| {
                        match o {
                            Outcome::FirstWon => "1-0",
                            Outcome::SecondWon => "0-1",
                            Outcome::Draw => "½-½",
                        }
                        .to_owned()
                    }),
                    reason: g.reason,
                })
                .collect(),
            byes: self
                .byes
                .iter()
                .map(|b| ByeInfo {
                    round: b.round,
                    player_id: b.player,
                })
                .collect(),
            standings: standings
                .into_iter()
                .map(|s| StandingInfo {
                    rank: s.rank,
                    player_id: s.player,
                    name: name(s.player),
                    points: halves(s.points),
                    buchholz: halves(s.buchholz),
                    sonneborn_berger: quarters(s.sonneborn_berger),
                    wins: s.wins,
                    games: s.games,
                })
                .collect(),
        }
    }
}

/// Half-points as a decimal: 5 → `2.5`.
fn halves(n: u32) -> String {
    if n.is_multiple_of(2) {
        (n / 2).to_string()
    } else {
        format!("{}.5", n / 2)
    }
}

/// Quarter-points as a decimal: 7 → `1.75`.
fn quarters(n: u32) -> String {
    match n % 4 {
        0 => (n / 4).to_string(),
        2 => format!("{}.5", n / 4),
        r => format!("{}.{}", n / 4, r * 25),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_written_as_decimals() {
        assert_eq!(halves(5), "2.5");
        assert_eq!(halves(4), "2");
        assert_eq!(quarters(7), "1.75");
        assert_eq!(quarters(6), "1.5");
        assert_eq!(quarters(1), "0.25");
        assert_eq!(quarters(8), "2");
    }
}
