//! The Swiss pairing as first written (before issue 31): the same rules as [`super::swiss`],
//! with every candidate opponent checked by re-matching the rest on an adjacency matrix, which
//! takes tens of seconds for 800 players. Kept as the oracle the tests hold the pairing to and
//! as the benchmark's "before"; not used by the server.

pub(super) mod matching;

use std::cmp::Reverse;

use super::history::History;
use super::sides::{compatible, moves_first, Sides};
use super::swiss::{preferences, validate};
use super::{Bye, Entrant, Pairing, PairingError, Played, Round};
use matching::Matching;

/// Pairs round `round` as [`super::swiss`] does, the slow way: the same input gives the same
/// round.
pub fn swiss(
    entrants: &[Entrant],
    played: &[Played],
    byes: &[Bye],
    round: u32,
) -> Result<Round, PairingError> {
    validate(entrants, played, byes, round)?;
    let history = History::new(entrants, played, byes);
    let records = &history.records;
    // The players, best first: `rank` holds their seeds, and everything below counts in ranks.
    let mut rank: Vec<usize> = (0..records.len())
        .filter(|&s| !records[s].withdrawn)
        .collect();
    rank.sort_by_key(|&s| (Reverse(records[s].points), s));
    let n = rank.len();
    let points: Vec<u32> = rank.iter().map(|&s| records[s].points).collect();
    let sides: Vec<Sides> = rank.iter().map(|&s| Sides::of(&records[s])).collect();

    // The graphs of allowed pairs, strictest first; vertex n, when there is one, is the bye.
    let odd = n % 2 == 1;
    let graph = |fresh_bye: bool, balanced: bool| {
        let mut edges = vec![vec![false; n + usize::from(odd)]; n + usize::from(odd)];
        for x in 0..n {
            for y in x + 1..n {
                let allowed = !records[rank[x]].has_met(rank[y])
                    && (!balanced || compatible(sides[x], sides[y]));
                edges[x][y] = allowed;
                edges[y][x] = allowed;
            }
            if odd {
                let allowed = !fresh_bye || records[rank[x]].byes == 0;
                edges[x][n] = allowed;
                edges[n][x] = allowed;
            }
        }
        edges
    };
    let loosest = Matching::new(graph(false, false));
    // In the order of the rules: a fresh bye before balanced sides.
    let mut matching = [(true, true), (true, false), (false, true)]
        .into_iter()
        .map(|(fresh_bye, balanced)| Matching::new(graph(fresh_bye, balanced)))
        .find(|m| m.size() == loosest.size())
        .unwrap_or(loosest);

    let mut unpaired: Vec<usize> = (0..n).collect();
    let mut bye = None;
    if odd {
        // Lowest ranked first, those without a bye before the others.
        let mut order: Vec<usize> = (0..n).rev().collect();
        order.sort_by_key(|&x| records[rank[x]].byes > 0);
        bye = order.into_iter().find(|&x| matching.take_pair(x, n));
        unpaired.retain(|&x| Some(x) != bye);
    }

    let mut games = Vec::with_capacity(n / 2);
    while let Some((&a, rest)) = unpaired.split_first() {
        let Some(b) = preferences(a, rest, &points)
            .find(|&b| matching.take_pair(a, b))
            .or(rest.first().copied())
        else {
            break;
        };
        let (first, second) = if moves_first(sides[a], sides[b]) {
            (a, b)
        } else {
            (b, a)
        };
        games.push(Pairing {
            first: records[rank[first]].id,
            second: records[rank[second]].id,
        });
        unpaired.retain(|&x| x != a && x != b);
    }
    Ok(Round {
        games,
        bye: bye.map(|x| records[rank[x]].id),
    })
}
