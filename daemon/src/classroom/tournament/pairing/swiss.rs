//! Swiss pairing: the next round from the history, players of equal score meeting each other,
//! nobody meeting anyone twice while that can be avoided.

use std::cmp::Reverse;
use std::collections::HashSet;

use super::history::History;
use super::matching::{Graph, Matching};
use super::sides::{compatible, moves_first, Sides};
use super::{Bye, Entrant, Pairing, PairingError, Played, Round};

/// Pairs round `round` of a Swiss tournament from its history (`played` and `byes`, all from
/// earlier rounds). The same input always gives the same round.
///
/// Who is paired: every entrant not withdrawn; a late joiner is an entrant with no games yet.
/// They are ranked by points (half-points: 2 a win or bye, 1 a draw; an unfinished game counts
/// nothing yet), then by seed (join order).
///
/// What the round guarantees, each rule before the next:
/// 1. the fewest possible repeated games: nobody meets a player they met before (an unfinished
///    game counts as met) unless every pairing of the round has a repeat, and then the round has
///    as few as any pairing can;
/// 2. with an odd number of players, the bye (worth a win) goes to someone who has not had one
///    yet, unless that would cost a repeat;
/// 3. every pair can be given sides that keep both players' firsts − seconds within ±2, unless
///    no pairing of the kind above allows it (repeated games are not checked for it);
/// 4. the bye goes to the lowest ranked player the rules above allow;
/// 5. players meet in their score group, highest group first: the group's top half meets its
///    bottom half in order (Dutch style: 1st–(k+1)th, 2nd–(k+2)th, … in a group of 2k) and who
///    cannot be paired in their group floats down to the highest ranked player they can meet in
///    the groups below. The pairs are fixed top board first, each taking the most preferred
///    opponent that still leaves the rest a pairing keeping rules 1–3.
///
/// Sides, within each pair: keep both players within ±2, then avoid giving either the same side
/// a third time running, then give the first move to the player with the lower firsts − seconds
/// (with equally many games: fewer firsts), then to whoever moved second in their last game
/// (before one with no game yet, before one who moved first), then to the higher ranked.
///
/// Rules 1–3 are exact, not heuristic, for every size of field: each is a maximum matching
/// (Edmonds' blossom algorithm) of the pairs it allows, and each board of rule 5 takes the
/// first of its preferences that the matching says leaves the rest a pairing as good. Nothing
/// is traded for speed: the round is the one the rules define, the same as the slow way of
/// checking each preference by matching the rest again (`baseline`, which the tests hold it
/// to). What makes it fast is that a board costs at most one search of the graph, however many
/// preferred opponents it must refuse (see `matching`): a round of 1 000 players takes 3 to
/// 15 ms, 60 players well under 1 ms (release build; the slow way took up to 40 s for 800).
/// The bound is one search per board, O(n³) a round (it was one search per refused
/// candidate); the fields measured in `docs/PERFORMANCE.md`, a constructed hard one included
/// (under 25 ms for 1 000), stay far below it.
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

    // Who has met whom, by rank.
    let mut rank_of = vec![None; records.len()];
    for (x, &s) in rank.iter().enumerate() {
        rank_of[s] = Some(x);
    }
    let mut met = Graph::new(n);
    for (x, &s) in rank.iter().enumerate() {
        for y in records[s].games.iter().filter_map(|g| rank_of[g.opponent]) {
            met.join(x, y);
        }
    }
    // The graphs of allowed pairs, strictest first; vertex n, when there is one, is the bye.
    let odd = n % 2 == 1;
    let graph = |fresh_bye: bool, balanced: bool| {
        let mut edges = Graph::new(n + usize::from(odd));
        for x in 0..n {
            for y in x + 1..n {
                if !met.has(x, y) && (!balanced || compatible(sides[x], sides[y])) {
                    edges.join(x, y);
                }
            }
            if odd && (!fresh_bye || records[rank[x]].byes == 0) {
                edges.join(x, n);
            }
        }
        edges
    };
    // The strictest graph whose maximum matching is as large as the loosest's, in the order of
    // the rules: a fresh bye before balanced sides. A perfect matching of the strictest needs
    // no comparison.
    let strict = Matching::of(graph(true, true));
    let mut matching = if 2 * strict.size() == n + usize::from(odd) {
        strict
    } else {
        let loosest = Matching::of(graph(false, false));
        if strict.size() == loosest.size() {
            strict
        } else {
            [(true, false), (false, true)]
                .into_iter()
                .map(|(fresh_bye, balanced)| Matching::of(graph(fresh_bye, balanced)))
                .find(|m| m.size() == loosest.size())
                .unwrap_or(loosest)
        }
    };

    let mut unpaired: Vec<usize> = (0..n).collect();
    let mut bye = None;
    if odd {
        // Lowest ranked first, those without a bye before the others.
        let mut order: Vec<usize> = (0..n).rev().collect();
        order.sort_by_key(|&x| records[rank[x]].byes > 0);
        bye = matching.take_first(n, order);
        unpaired.retain(|&x| Some(x) != bye);
    }

    let mut games = Vec::with_capacity(n / 2);
    while let Some((&a, rest)) = unpaired.split_first() {
        let Some(b) = matching
            .take_first(a, preferences(a, rest, &points))
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

/// The opponents `a` (the best ranked unpaired player) would rather meet, best first: the
/// player half a score group below (Dutch style), the rest of the group's bottom half, the
/// group's top half from the middle up, then the lower groups in rank order.
pub(super) fn preferences<'a>(
    a: usize,
    rest: &'a [usize],
    points: &'a [u32],
) -> impl Iterator<Item = usize> + 'a {
    let group = rest.iter().take_while(|&&x| points[x] == points[a]).count();
    let half = group.div_ceil(2).saturating_sub(1);
    rest[half..group]
        .iter()
        .chain(rest[..half].iter().rev())
        .chain(&rest[group..])
        .copied()
}

/// Checks that the history fits the entrants and the round, and that there is someone to pair.
pub(super) fn validate(
    entrants: &[Entrant],
    played: &[Played],
    byes: &[Bye],
    round: u32,
) -> Result<(), PairingError> {
    let mut ids = HashSet::with_capacity(entrants.len());
    for e in entrants {
        if !ids.insert(e.id) {
            return Err(PairingError::DuplicateEntrant { player: e.id });
        }
    }
    let seats = played
        .iter()
        .flat_map(|g| [(g.first, g.round), (g.second, g.round)])
        .chain(byes.iter().map(|b| (b.player, b.round)));
    for (player, recorded) in seats {
        if !ids.contains(&player) {
            return Err(PairingError::UnknownPlayer {
                player,
                round: recorded,
            });
        }
        if recorded >= round {
            return Err(PairingError::RoundNotAfterHistory { round, recorded });
        }
    }
    if let Some(g) = played.iter().find(|g| g.first == g.second) {
        return Err(PairingError::SelfPaired {
            player: g.first,
            round: g.round,
        });
    }
    let active = entrants.iter().filter(|e| !e.withdrawn).count();
    if active < 2 {
        return Err(PairingError::TooFewPlayers { active });
    }
    Ok(())
}
