//! Standings: points, then the tie-breaks Buchholz, Sonneborn–Berger and wins.

use std::cmp::Reverse;

use serde::{Deserialize, Serialize};

use super::history::History;
use super::{Bye, Entrant, Played, DRAW, WIN};

/// One line of the standings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// Player id.
    pub player: i64,
    /// Place, from 1; players equal on points and every tie-break share it (1, 2, 2, 4).
    pub rank: u32,
    /// Half-points: 2 a win or bye, 1 a draw, 0 a loss or an unfinished game.
    pub points: u32,
    /// Half-points: the sum of the points (as they stand now) of every opponent met, once per
    /// game, unfinished games included; a bye adds nothing.
    pub buchholz: u32,
    /// Sonneborn–Berger in quarter-points, so it stays whole (divide by 4 for points): the
    /// opponents' points (as they stand now) summed over the games won, plus half of them over
    /// the games drawn.
    pub sonneborn_berger: u32,
    /// Games won (byes are not counted).
    pub wins: u32,
    /// Finished games (byes and unfinished games are not counted).
    pub games: u32,
    /// Byes had.
    pub byes: u32,
}

/// The standings of every entrant, withdrawn ones included, best first: by points, then
/// Buchholz, then Sonneborn–Berger, then wins, then seed (join) order. A repeated entrant counts
/// once, at its first place; games and byes of non-entrants are left out.
pub fn standings(entrants: &[Entrant], played: &[Played], byes: &[Bye]) -> Vec<Standing> {
    let records = History::new(entrants, played, byes).records;
    let mut table: Vec<Standing> = records
        .iter()
        .map(|r| {
            let opponent = |g: &super::history::Game| records[g.opponent].points;
            Standing {
                player: r.id,
                rank: 0,
                points: r.points,
                buchholz: r.games.iter().map(opponent).sum(),
                // In quarter-points an opponent's half-points count twice for a win, once for
                // a draw.
                sonneborn_berger: r
                    .games
                    .iter()
                    .map(|g| match g.score {
                        Some(WIN) => 2 * opponent(g),
                        Some(DRAW) => opponent(g),
                        _ => 0,
                    })
                    .sum(),
                wins: count(r.games.iter().filter(|g| g.score == Some(WIN))),
                games: count(r.games.iter().filter(|g| g.score.is_some())),
                byes: r.byes,
            }
        })
        .collect();
    // Records are in seed order and the sort is stable, so seed order breaks the last ties.
    let key = |s: &Standing| Reverse((s.points, s.buchholz, s.sonneborn_berger, s.wins));
    table.sort_by_key(key);
    let mut previous = None;
    for (place, s) in (1..).zip(table.iter_mut()) {
        s.rank = match previous {
            Some((rank, k)) if k == key(s) => rank,
            _ => place,
        };
        previous = Some((s.rank, key(s)));
    }
    table
}

fn count<T>(items: impl Iterator<Item = T>) -> u32 {
    u32::try_from(items.count()).unwrap_or(u32::MAX)
}
