//! A tournament as the room's members see it: games with their results, byes, and the
//! standings with their tie-breaks written as decimals.

use protocol::{ByeInfo, Entrant as EntrantInfo, StandingInfo, TournamentGame, TournamentView};

use super::pairing::{self, Outcome};
use super::state::LiveTournament;

impl LiveTournament {
    /// The tournament as the room sees it; `name` gives a player's name in the room.
    pub(crate) fn view(&self, name: impl Fn(i64) -> String) -> TournamentView {
        let standings = pairing::standings(&self.entrants, &self.played(), &self.byes);
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
