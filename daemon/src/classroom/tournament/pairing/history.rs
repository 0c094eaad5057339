//! What a tournament's history says about each entrant: their games in round order (opponent,
//! side, score), their byes and their points. Swiss pairing and the standings both start here.

use std::collections::HashMap;

use super::{Bye, Entrant, Outcome, Played, DRAW, WIN};

/// One game as one of its players sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Game {
    /// The opponent, as an index into [`History::records`].
    pub opponent: usize,
    /// This player moved first.
    pub first: bool,
    /// Half-points this player scored; `None` while the game is being played.
    pub score: Option<u32>,
}

/// One entrant and what they did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Record {
    /// Player id.
    pub id: i64,
    /// Left the tournament.
    pub withdrawn: bool,
    /// Games, in round order.
    pub games: Vec<Game>,
    /// Byes had.
    pub byes: u32,
    /// Half-points: finished games and byes.
    pub points: u32,
}

impl Record {
    /// Firsts minus seconds, over every game including unfinished ones.
    pub fn balance(&self) -> i32 {
        self.games
            .iter()
            .map(|g| if g.first { 1 } else { -1 })
            .sum()
    }

    /// The side of the last game (`true`: first) and how many games running it was had.
    pub fn last_side(&self) -> Option<(bool, usize)> {
        let last = self.games.last()?.first;
        let run = self
            .games
            .iter()
            .rev()
            .take_while(|g| g.first == last)
            .count();
        Some((last, run))
    }

    /// Whether this player has already met `opponent`.
    pub fn has_met(&self, opponent: usize) -> bool {
        self.games.iter().any(|g| g.opponent == opponent)
    }

    fn add(&mut self, game: Game) {
        self.points += game.score.unwrap_or(0);
        self.games.push(game);
    }
}

/// Every entrant's record, in seed order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct History {
    /// Records, in seed order (the index is the seed, from 0).
    pub records: Vec<Record>,
}

impl History {
    /// Gathers the history. Lenient: a repeated entrant counts once (at its first place), and a
    /// game or bye naming a non-entrant, or a game against oneself, is left out.
    pub fn new(entrants: &[Entrant], played: &[Played], byes: &[Bye]) -> History {
        let mut index = HashMap::with_capacity(entrants.len());
        let mut records = Vec::with_capacity(entrants.len());
        for e in entrants {
            index.entry(e.id).or_insert_with(|| {
                records.push(Record {
                    id: e.id,
                    withdrawn: e.withdrawn,
                    games: Vec::new(),
                    byes: 0,
                    points: 0,
                });
                records.len() - 1
            });
        }
        let mut games: Vec<&Played> = played.iter().collect();
        games.sort_by_key(|g| g.round); // stable: a round's games keep their order
        for g in games {
            let (Some(&a), Some(&b)) = (index.get(&g.first), index.get(&g.second)) else {
                continue;
            };
            if a == b {
                continue;
            }
            let (first, second) = match g.outcome {
                None => (None, None),
                Some(Outcome::FirstWon) => (Some(WIN), Some(0)),
                Some(Outcome::SecondWon) => (Some(0), Some(WIN)),
                Some(Outcome::Draw) => (Some(DRAW), Some(DRAW)),
            };
            records[a].add(Game {
                opponent: b,
                first: true,
                score: first,
            });
            records[b].add(Game {
                opponent: a,
                first: false,
                score: second,
            });
        }
        for bye in byes {
            if let Some(&p) = index.get(&bye.player) {
                records[p].byes += 1;
                records[p].points += WIN;
            }
        }
        History { records }
    }
}
