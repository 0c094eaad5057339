//! A tournament as a room holds it — its entrants, games and byes — and how it moves on: the
//! next round paired from its history, a game's result recorded, a late entrant, a
//! withdrawal. Pure: the room's actor stores each change and starts the games
//! (`tournament/run.rs`); the order in which games end is made up in the tests.

use protocol::{ClockSpec, Format, MatchStatus, Reason};

use super::pairing::{round_robin, swiss, Bye, Entrant, Outcome, PairingError, Played, Round};
use super::store::{StoredTournament, TournamentGameRow, TournamentRow};

/// A tournament game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Game {
    pub(crate) round: u32,
    pub(crate) match_id: i64,
    pub(crate) first: i64,
    pub(crate) second: i64,
    /// `None` while it is played.
    pub(crate) outcome: Option<Outcome>,
    /// Why it ended (a resignation, a flag, an adjudication...), once over.
    pub(crate) reason: Option<Reason>,
}

/// A tournament of a room.
#[derive(Debug, Clone)]
pub(crate) struct LiveTournament {
    pub(crate) row: TournamentRow,
    pub(crate) entrants: Vec<Entrant>,
    pub(crate) games: Vec<Game>,
    pub(crate) byes: Vec<Bye>,
}

/// What comes after the round being played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Next {
    /// Round `round`, paired.
    Round(u32, Round),
    /// Nothing: the last round was played, or fewer than two players are left.
    Over,
}

/// How a match that is over counts: an aborted one (called off before its first move) as a
/// draw.
pub(crate) fn outcome_of(status: MatchStatus, winner: Option<u8>) -> Option<Outcome> {
    match (status, winner) {
        (MatchStatus::Finished, Some(0)) => Some(Outcome::FirstWon),
        (MatchStatus::Finished, Some(_)) => Some(Outcome::SecondWon),
        (MatchStatus::Finished | MatchStatus::Aborted, None) => Some(Outcome::Draw),
        _ => None,
    }
}

impl LiveTournament {
    /// A new tournament among `entrants`, in seed order; no round paired yet.
    pub(crate) fn new(row: TournamentRow, entrants: &[i64]) -> LiveTournament {
        LiveTournament {
            row,
            entrants: entrants
                .iter()
                .map(|&id| Entrant {
                    id,
                    withdrawn: false,
                })
                .collect(),
            games: Vec::new(),
            byes: Vec::new(),
        }
    }

    pub(crate) fn from_stored(t: StoredTournament) -> LiveTournament {
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

    /// The round to play next, paired; `Over` after the last one or when fewer than two
    /// players are left.
    pub(crate) fn next(&self) -> Result<Next, PairingError> {
        let round = self.row.round + 1;
        if self.row.finished || round > self.row.rounds {
            return Ok(Next::Over);
        }
        let pairing = match self.row.format {
            Format::RoundRobin => {
                let seeds: Vec<i64> = self.entrants.iter().map(|e| e.id).collect();
                round_robin(&seeds)
                    .into_iter()
                    .nth(round as usize - 1)
                    .map(|mut r| {
                        // A withdrawn player's games are not played; nobody gets their bye.
                        r.games
                            .retain(|g| !self.out(g.first) && !self.out(g.second));
                        r.bye = r.bye.filter(|&p| !self.out(p));
                        r
                    })
            }
            Format::Swiss => match swiss(&self.entrants, &self.played(), &self.byes, round) {
                Ok(r) => Some(r),
                Err(PairingError::TooFewPlayers { .. }) => None,
                Err(e) => return Err(e),
            },
        };
        Ok(pairing.map_or(Next::Over, |p| Next::Round(round, p)))
    }

    /// Round `round` began: its games are the matches `ids`, board by board.
    pub(crate) fn begin(&mut self, round: u32, pairing: &Round, ids: &[i64]) {
        self.row.round = round;
        self.games
            .extend(pairing.games.iter().zip(ids).map(|(g, &match_id)| Game {
                round,
                match_id,
                first: g.first,
                second: g.second,
                outcome: None,
                reason: None,
            }));
        self.byes
            .extend(pairing.bye.map(|player| Bye { round, player }));
    }

    /// Records the end of match `match_id`; whether it ended the round. `None` when it is
    /// no game of the tournament or was recorded already (adjudicated by the teacher).
    pub(crate) fn record(
        &mut self,
        match_id: i64,
        outcome: Outcome,
        reason: Option<Reason>,
    ) -> Option<bool> {
        let g = self
            .games
            .iter_mut()
            .find(|g| g.match_id == match_id && g.outcome.is_none())?;
        g.outcome = Some(outcome);
        g.reason = reason;
        Some(self.round_over())
    }

    /// Adds a late entrant (Swiss only: the caller checks), paired from the next round.
    pub(crate) fn enter(&mut self, player: i64) {
        self.entrants.push(Entrant {
            id: player,
            withdrawn: false,
        });
    }

    /// Withdraws `who`: never paired again; the matches of theirs under way, to resign.
    pub(crate) fn withdraw(&mut self, who: i64) -> Vec<i64> {
        for e in self.entrants.iter_mut().filter(|e| e.id == who) {
            e.withdrawn = true;
        }
        self.games
            .iter()
            .filter(|g| g.outcome.is_none() && (g.first == who || g.second == who))
            .map(|g| g.match_id)
            .collect()
    }

    fn out(&self, player: i64) -> bool {
        self.entrants.iter().any(|e| e.id == player && e.withdrawn)
    }

    /// The games as the pairing sees them.
    pub(crate) fn played(&self) -> Vec<Played> {
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
    pub(crate) fn round_over(&self) -> bool {
        self.games
            .iter()
            .filter(|g| g.round == self.row.round)
            .all(|g| g.outcome.is_some())
    }

    /// Whether match `match_id` is one of its games.
    pub(crate) fn has_game(&self, match_id: i64) -> bool {
        self.games.iter().any(|g| g.match_id == match_id)
    }

    /// Whether `player` has a game of this tournament under way.
    pub(crate) fn plays(&self, player: i64) -> bool {
        self.games
            .iter()
            .any(|g| g.outcome.is_none() && (g.first == player || g.second == player))
    }

    /// The games of the round being played that are not over.
    pub(crate) fn unfinished(&self) -> Vec<i64> {
        self.games
            .iter()
            .filter(|g| g.round == self.row.round && g.outcome.is_none())
            .map(|g| g.match_id)
            .collect()
    }

    pub(crate) fn clock(&self) -> Option<ClockSpec> {
        Some(ClockSpec {
            initial_ms: self.row.clock_initial_ms?,
            increment_ms: self.row.clock_increment_ms.unwrap_or(0),
        })
    }
}
