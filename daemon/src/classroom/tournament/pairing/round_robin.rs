//! Round robin schedules by the circle method of Berger tables.

use super::{Pairing, Round};

/// Every round of a full round robin of `entrants` (ids in seed order), so a class can see the
/// whole schedule at once. Circle method (Berger tables): the last player stays put while the
/// others turn one place a round; each pair meets exactly once, in n − 1 rounds for an even
/// number n of players and in n rounds, each with one bye, for an odd number.
///
/// Round 1 pairs seed 1 with seed n, seed 2 with seed n − 1, and so on. Sides alternate: at
/// every point of the schedule each player's firsts and seconds differ by at most 1, and nobody
/// has the same side three times running. A repeated id counts once, at its first place; fewer
/// than two players need no rounds.
pub fn round_robin(entrants: &[i64]) -> Vec<Round> {
    let mut players: Vec<Option<i64>> = Vec::with_capacity(entrants.len() + 1);
    for &id in entrants {
        if !players.contains(&Some(id)) {
            players.push(Some(id));
        }
    }
    if players.len() < 2 {
        return Vec::new();
    }
    if players.len() % 2 == 1 {
        players.push(None); // whoever meets nobody has the bye
    }
    let m = players.len();
    let k = m - 1; // players[k] stays put, players[0..k] turn
    (0..k)
        .map(|r| {
            let mut round = Round::default();
            let mut add = |first: usize, second: usize| match (players[first], players[second]) {
                (Some(first), Some(second)) => round.games.push(Pairing { first, second }),
                (Some(p), None) | (None, Some(p)) => round.bye = Some(p),
                (None, None) => {}
            };
            // Player r meets the fixed player, the others pair across r: r + i with r − i.
            // These sides are the ones of Berger tables (checked for balance in the tests).
            if r % 2 == 0 {
                add(r, k);
            } else {
                add(k, r);
            }
            for i in 1..m / 2 {
                let (a, b) = ((r + i) % k, (r + k - i) % k);
                if i % 2 == 1 {
                    add(a, b);
                } else {
                    add(b, a);
                }
            }
            round
        })
        .collect()
}
