//! A referee for Swiss tournaments: plays them round by round and checks each round against
//! every rule of `swiss`, exactly (by exhaustive search over every pairing) when the field is
//! small, and by what the rules imply when it is not.

use std::cmp::Reverse;

use super::super::{swiss, Bye, Entrant, Outcome, PairingError, Played, Round};
use super::entrants;

/// A tournament being played: the history `swiss` reads.
pub(super) struct Tournament {
    pub entrants: Vec<Entrant>,
    pub played: Vec<Played>,
    byes: Vec<Bye>,
    round: u32,
    /// Rounds checked by exhaustive search rather than by the rules' consequences alone.
    exhaustive: bool,
    /// A round had to repeat a game or leave a pair beyond ±2 (small fields only).
    forced: bool,
}

/// What the history says, computed here independently of the module. Indexed by player id
/// (ids are small), since the exhaustive search asks it millions of times.
struct Facts {
    /// How many ids there are room for.
    size: usize,
    /// `met[a * size + b]`: whether `a` and `b` have played each other.
    met: Vec<bool>,
    byes: Vec<u32>,
    points: Vec<u32>,
    sides: Vec<Vec<bool>>,
    /// First moves minus second moves.
    balances: Vec<i32>,
}

impl Facts {
    fn new(t: &Tournament) -> Facts {
        let ids = t.entrants.iter().map(|e| e.id);
        let size = ids.max().map_or(0, |m| m as usize + 1);
        let mut facts = Facts {
            size,
            met: vec![false; size * size],
            byes: vec![0; size],
            points: vec![0; size],
            sides: vec![Vec::new(); size],
            balances: vec![0; size],
        };
        for g in &t.played {
            let (a, b) = (g.first as usize, g.second as usize);
            facts.met[a * size + b] = true;
            facts.met[b * size + a] = true;
            facts.sides[a].push(true);
            facts.sides[b].push(false);
            facts.balances[a] += 1;
            facts.balances[b] -= 1;
            let (x, y) = match g.outcome {
                Some(Outcome::FirstWon) => (2, 0),
                Some(Outcome::SecondWon) => (0, 2),
                Some(Outcome::Draw) => (1, 1),
                None => (0, 0),
            };
            facts.points[a] += x;
            facts.points[b] += y;
        }
        for b in &t.byes {
            facts.byes[b.player as usize] += 1;
            facts.points[b.player as usize] += 2;
        }
        facts
    }

    fn met(&self, a: i64, b: i64) -> bool {
        self.met[a as usize * self.size + b as usize]
    }

    fn had_bye(&self, p: i64) -> bool {
        self.byes[p as usize] > 0
    }

    fn points(&self, p: i64) -> u32 {
        self.points[p as usize]
    }

    fn sides(&self, p: i64) -> &[bool] {
        &self.sides[p as usize]
    }

    fn balance(&self, p: i64) -> i32 {
        self.balances[p as usize]
    }

    /// Whether two players at their balances cannot meet without one going beyond ±2.
    fn unbalanced(&self, a: i64, b: i64) -> bool {
        let (x, y) = (self.balance(a), self.balance(b));
        (x >= 2 && y >= 2) || (x <= -2 && y <= -2)
    }

    /// What giving `first` the first move against `second` costs: players beyond ±2, then
    /// players on the same side a third time running.
    fn side_cost(&self, first: i64, second: i64) -> (u32, u32) {
        let third = |p: i64, side: bool| {
            let s = self.sides(p);
            s.len() >= 2 && s[s.len() - 2..].iter().all(|&x| x == side)
        };
        let beyond = u32::from((self.balance(first) + 1).abs() > 2)
            + u32::from((self.balance(second) - 1).abs() > 2);
        (
            beyond,
            u32::from(third(first, true)) + u32::from(third(second, false)),
        )
    }

    /// The round's cost, by rules 1–3 of `swiss`: repeats, a second bye, a new pair that
    /// cannot stay within ±2.
    fn cost(&self, pairs: &[(i64, i64)], bye: Option<i64>) -> (usize, usize, bool) {
        let mut repeats = 0;
        let mut unbalanced = false;
        for &(a, b) in pairs {
            if self.met(a, b) {
                repeats += 1;
            } else {
                unbalanced |= self.unbalanced(a, b);
            }
        }
        let second_bye = usize::from(bye.is_some_and(|p| self.had_bye(p)));
        (repeats, second_bye, unbalanced)
    }
}

/// A visitor of pairings: the pairs and the bye.
type Visit<'a> = dyn FnMut(&[(i64, i64)], Option<i64>) + 'a;

/// Calls `visit` with every pairing of `players` (and its bye, for an odd number), in no
/// particular order.
fn each_round(players: &[i64], visit: &mut Visit) {
    /// Pairs `rest[0]` with each other player in turn (swapped into `rest[1]`), then pairs
    /// the others; `rest` is as it was on return.
    fn pairs(rest: &mut [i64], acc: &mut Vec<(i64, i64)>, bye: Option<i64>, visit: &mut Visit) {
        if rest.is_empty() {
            return visit(acc, bye);
        }
        for i in 1..rest.len() {
            rest.swap(1, i);
            acc.push((rest[0], rest[1]));
            pairs(&mut rest[2..], acc, bye, visit);
            acc.pop();
            rest.swap(1, i);
        }
    }
    let mut players = players.to_vec();
    let mut acc = Vec::with_capacity(players.len() / 2);
    if players.len().is_multiple_of(2) {
        return pairs(&mut players, &mut acc, None, visit);
    }
    for i in 0..players.len() {
        players.swap(0, i);
        let bye = players[0];
        pairs(&mut players[1..], &mut acc, Some(bye), visit);
        players.swap(0, i);
    }
}

impl Tournament {
    pub fn new(players: i64, exhaustive: bool) -> Tournament {
        Tournament {
            entrants: entrants(1..=players),
            played: Vec::new(),
            byes: Vec::new(),
            round: 0,
            exhaustive,
            forced: false,
        }
    }

    pub fn active(&self) -> Vec<i64> {
        self.entrants
            .iter()
            .filter(|e| !e.withdrawn)
            .map(|e| e.id)
            .collect()
    }

    fn pair(&self) -> Result<Round, PairingError> {
        swiss(&self.entrants, &self.played, &self.byes, self.round + 1)
    }

    /// Pairs the next round, checks it against the rules, and plays it with `results`.
    pub fn play(&mut self, results: &mut impl Iterator<Item = Option<Outcome>>) -> Round {
        let round = self.pair().unwrap();
        assert_eq!(
            self.pair().unwrap(),
            round,
            "the same history pairs the same way"
        );
        self.check(&round);
        self.round += 1;
        for g in &round.games {
            self.played.push(Played {
                round: self.round,
                first: g.first,
                second: g.second,
                outcome: results.next().flatten(),
            });
        }
        if let Some(player) = round.bye {
            self.byes.push(Bye {
                round: self.round,
                player,
            });
        }
        let facts = Facts::new(self);
        if !self.forced {
            for p in self.active() {
                assert!(
                    facts.balance(p).abs() <= 2,
                    "player {p} beyond ±2 in round {}",
                    self.round
                );
            }
        }
        round
    }

    /// Checks a round against every rule of `swiss`, before it is played.
    fn check(&mut self, round: &Round) {
        let facts = Facts::new(self);
        let mut active = self.active();
        let mut seen: Vec<i64> = round
            .games
            .iter()
            .flat_map(|g| [g.first, g.second])
            .collect();
        seen.extend(round.bye);
        seen.sort_unstable();
        active.sort_unstable();
        assert_eq!(seen, active, "every active player exactly once");
        assert_eq!(round.bye.is_some(), active.len() % 2 == 1);

        // Rank: points, then seed.
        let mut ranked = self.active();
        ranked.sort_by_key(|&p| Reverse(facts.points(p)));
        let rank = |p: i64| ranked.iter().position(|&q| q == p).unwrap();

        let pairs: Vec<(i64, i64)> = round.games.iter().map(|g| (g.first, g.second)).collect();
        let cost = facts.cost(&pairs, round.bye);
        if self.exhaustive {
            // Rules 1–3: no pairing does better; rule 4: the bye is the lowest ranked of the
            // pairings that do as well; rule 5: each board has the most preferred opponent
            // that still leaves a pairing as good.
            let mut best = None;
            let mut byes = Vec::new();
            each_round(&ranked, &mut |pairs, bye| {
                let c = facts.cost(pairs, bye);
                if best.is_none_or(|b| c < b) {
                    best = Some(c);
                    byes.clear();
                }
                if best == Some(c) {
                    byes.extend(bye);
                }
            });
            assert_eq!(
                Some(cost),
                best,
                "round {} is not the best: {round:?}",
                self.round + 1
            );
            if let Some(bye) = round.bye {
                let lowest = byes.iter().map(|&p| rank(p)).max().unwrap();
                assert_eq!(
                    rank(bye),
                    lowest,
                    "the bye goes to the lowest ranked allowed"
                );
            }
            let expected = preferred_pairs(&facts, &ranked, round.bye, cost);
            for (g, (a, b)) in round.games.iter().zip(expected) {
                let mut got = [g.first, g.second];
                got.sort_by_key(|&p| rank(p));
                assert_eq!(got, [a, b], "boards of {round:?}");
            }
            self.forced |= cost.0 > 0 || cost.2;
        } else {
            assert_eq!(cost, (0, 0, false), "a large field never needs a repeat");
            if let Some(bye) = round.bye {
                let fresh = ranked.iter().rev().find(|&&p| !facts.had_bye(p));
                assert_eq!(
                    Some(&bye),
                    fresh,
                    "the bye goes to the lowest ranked without one"
                );
            }
        }
        for g in &round.games {
            // Fewer beyond ±2, then fewer third sides running, then the lower balance, then
            // whoever moved second last time (before no game, before first), then the rank.
            let key = |first: i64, second: i64| {
                let (beyond, third) = facts.side_cost(first, second);
                let claim = |p: i64| match facts.sides(p).last() {
                    Some(false) => 0,
                    None => 1,
                    Some(true) => 2,
                };
                (
                    beyond,
                    third,
                    facts.balance(first),
                    claim(first),
                    rank(first),
                )
            };
            assert!(
                key(g.first, g.second) < key(g.second, g.first),
                "sides of {g:?}"
            );
        }
    }
}

/// The pairs rule 5 asks for, best board first (higher ranked player first): each time the
/// best ranked unpaired player meets the first opponent in order of preference that still
/// leaves a pairing of the rest at `cost`.
fn preferred_pairs(
    facts: &Facts,
    ranked: &[i64],
    bye: Option<i64>,
    cost: (usize, usize, bool),
) -> Vec<(i64, i64)> {
    let mut unpaired: Vec<i64> = ranked.iter().copied().filter(|&p| Some(p) != bye).collect();
    let mut fixed = Vec::new();
    while let Some((&a, rest)) = unpaired.split_first() {
        let points = |p: &i64| facts.points(*p);
        let group = rest.iter().filter(|p| points(p) == points(&a)).count();
        let half = group.div_ceil(2).saturating_sub(1);
        let preferences = rest[half..group]
            .iter()
            .chain(rest[..half].iter().rev())
            .chain(&rest[group..]);
        let b = *preferences
            .clone()
            .find(|&&b| {
                let left: Vec<i64> = rest.iter().copied().filter(|&p| p != b).collect();
                let mut completes = false;
                let mut all = Vec::new();
                each_round(&left, &mut |pairs, _| {
                    if completes {
                        return; // one such pairing is enough
                    }
                    all.clear();
                    all.extend_from_slice(&fixed);
                    all.push((a, b));
                    all.extend_from_slice(pairs);
                    completes = facts.cost(&all, bye) == cost;
                });
                completes
            })
            .unwrap();
        fixed.push((a, b));
        unpaired.retain(|&p| p != a && p != b);
    }
    fixed
}
