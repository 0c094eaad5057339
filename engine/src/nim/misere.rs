//! Misère Nim: the player who takes the last stone **loses**. Bouton's misère rule: play as
//! in normal Nim while some pile holds two stones or more; once none does, the piles are
//! ones and zeros, and the player to move wins exactly when the ones are even in number.
//! So the player to move wins exactly when
//! - some pile holds two or more and the nim-sum is not zero, or
//! - every pile holds at most one and the nim-sum is zero (an even number of ones; no stone
//!   at all counts: the opponent took the last one and lost).
//!
//! ```
//! use engine::nim::{misere, Position};
//!
//! let p = Position::parse("1,1,1")?;
//! assert!(!misere::wins(&p)); // whoever moves leaves two ones, then takes the last
//! let q = Position::parse("2,1,1")?;
//! assert!(misere::wins(&q));
//! assert_eq!(misere::winning_moves(&q).iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["1:1"]);
//! # Ok::<(), engine::Error>(())
//! ```

use std::collections::HashMap;

use crate::nim::{Move, Position};

/// Whether the player to move wins misère Nim from `p` (Bouton's misère rule).
pub fn wins(p: &Position) -> bool {
    wins_piles(p.piles())
}

/// [`wins`] on bare piles, for the games that are Nim in disguise (the rook, a rectangular
/// chocolate bar), whose coordinates may exceed a Nim position's limits.
pub(crate) fn wins_piles(piles: &[u64]) -> bool {
    let sum = piles.iter().fold(0, |s, &pile| s ^ pile);
    if piles.iter().any(|&pile| pile > 1) {
        sum != 0
    } else {
        sum == 0
    }
}

/// Every move to a position the opponent loses, in pile order (then smallest take first);
/// empty when `p` is lost. O(piles): a pile can only usefully go to the normal-play target
/// (pile ⊕ nim-sum) or, when no other pile holds two or more, to one stone or none.
pub fn winning_moves(p: &Position) -> Vec<Move> {
    let piles = p.piles();
    let sum = piles.iter().fold(0, |s, &pile| s ^ pile);
    let mut moves = Vec::new();
    for (i, &stones) in piles.iter().enumerate() {
        let mut targets = vec![stones ^ sum, 1, 0];
        targets.sort_unstable_by(|a, b| b.cmp(a));
        targets.dedup();
        for target in targets {
            if target >= stones {
                continue;
            }
            let after: Vec<u64> = piles
                .iter()
                .enumerate()
                .map(|(j, &s)| if j == i { target } else { s })
                .collect();
            if !wins_piles(&after) {
                moves.push(Move {
                    pile: i,
                    take: stones - target,
                });
            }
        }
    }
    moves
}

/// Smith's remoteness in misère play: plies to the end when the winner hurries and the loser
/// delays. Exact by a closed form where no pile holds two stones (every ply takes one: the
/// total) or exactly one does: k + 2 plies for an even number k of ones, k + 1 for an odd
/// one. (Proof: a move that leaves the big pile with two or more leaves the opponent exactly
/// one big pile, a win for them; so the winning moves turn it into one stone or none, leaving
/// an odd number of ones, after which every ply takes one stone.) Otherwise exact by a search
/// of the positions below `p` (piles sorted, each visited once), `None` when that would visit
/// weigh more than `budget` moves: no closed form is proved there yet.
pub fn remoteness(p: &Position, budget: u64) -> Option<u64> {
    let mut piles = p.piles().to_vec();
    piles.sort_unstable();
    let mut search = Search {
        memo: HashMap::new(),
        budget,
    };
    search.value(&piles).map(|(_, r)| r)
}

/// The memoised search of [`remoteness`].
struct Search {
    /// Sorted piles → (the mover wins, remoteness).
    memo: HashMap<Vec<u64>, (bool, u64)>,
    /// Moves that may still be weighed.
    budget: u64,
}

impl Search {
    fn value(&mut self, piles: &[u64]) -> Option<(bool, u64)> {
        let ones = piles.iter().filter(|&&p| p == 1).count() as u64;
        match piles.iter().filter(|&&p| p > 1).count() {
            // Only ones: the total is the number of ones.
            0 => return Some((ones.is_multiple_of(2), ones)),
            1 => {
                return Some((
                    true,
                    if ones.is_multiple_of(2) {
                        ones + 2
                    } else {
                        ones + 1
                    },
                ))
            }
            _ => {}
        }
        if let Some(&v) = self.memo.get(piles) {
            return Some(v);
        }
        // Every move from here is weighed: the budget pays for them all (a position of piles
        // in the millions has millions of moves, however few positions are searched).
        let work = piles.iter().fold(1u64, |w, &p| w.saturating_add(p));
        if work > self.budget {
            return None;
        }
        self.budget -= work;
        // The fastest win, or else the slowest loss.
        let mut fastest_win: Option<u64> = None;
        let mut slowest_loss = 0;
        for i in 0..piles.len() {
            if i > 0 && piles[i] == piles[i - 1] {
                continue;
            }
            for smaller in 0..piles[i] {
                let mut next = piles.to_vec();
                next[i] = smaller;
                next.sort_unstable();
                let (they_win, r) = self.value(&next)?;
                if they_win {
                    slowest_loss = slowest_loss.max(r + 1);
                } else {
                    fastest_win = Some(fastest_win.map_or(r + 1, |f: u64| f.min(r + 1)));
                }
            }
        }
        let v = match fastest_win {
            Some(r) => (true, r),
            None => (false, slowest_loss),
        };
        self.memo.insert(piles.to_vec(), v);
        Some(v)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::nim::tests::{all_positions, successors};

    /// Misère by definition: with no move left the player to move has won (the opponent took
    /// the last stone) in 0 plies; otherwise the fastest win over the moves that leave a
    /// loss, or else the slowest loss.
    fn brute(piles: &[u64], memo: &mut HashMap<Vec<u64>, (bool, u64)>) -> (bool, u64) {
        if let Some(&v) = memo.get(piles) {
            return v;
        }
        let next: Vec<(bool, u64)> = successors(piles).iter().map(|s| brute(s, memo)).collect();
        let v = if next.is_empty() {
            (true, 0)
        } else if let Some(r) = next.iter().filter(|(w, _)| !w).map(|(_, r)| r + 1).min() {
            (true, r)
        } else {
            (false, next.iter().map(|(_, r)| r + 1).max().unwrap_or(0))
        };
        memo.insert(piles.to_vec(), v);
        v
    }

    /// The move from `piles` to `next`, which differ in one pile.
    fn move_to(piles: &[u64], next: &[u64]) -> Move {
        let pile = (0..piles.len())
            .find(|&i| piles[i] != next[i])
            .expect("a successor differs in one pile");
        Move {
            pile,
            take: piles[pile] - next[pile],
        }
    }

    #[test]
    fn the_rule_its_winning_moves_and_the_remoteness_match_the_definition() {
        let mut memo = HashMap::new();
        for (len, max) in [(1, 12), (2, 9), (3, 7), (4, 5), (5, 3)] {
            for piles in all_positions(len, max) {
                let p = Position::new(piles.clone()).expect("a valid position");
                let (won, r) = brute(&piles, &mut memo);
                assert_eq!(wins(&p), won, "{piles:?}");
                assert_eq!(remoteness(&p, u64::MAX), Some(r), "{piles:?}");
                let mut expected: Vec<Move> = successors(&piles)
                    .iter()
                    .filter(|s| !brute(s, &mut memo).0)
                    .map(|s| move_to(&piles, s))
                    .collect();
                let mut found = winning_moves(&p);
                expected.sort_by_key(|m| (m.pile, m.take));
                found.sort_by_key(|m| (m.pile, m.take));
                assert_eq!(found, expected, "{piles:?}");
            }
        }
    }

    #[test]
    fn remoteness_beyond_the_budget_is_unknown_not_guessed() {
        let big = Position::parse("1000000000000,999999999999,8191").expect("valid");
        assert_eq!(remoteness(&big, 1000), None);
        // One big pile: the closed form, at any size.
        let one = Position::parse("1000000000000,1,1").expect("valid");
        assert_eq!(remoteness(&one, 0), Some(4));
    }

    #[test]
    fn differs_from_normal_play_only_where_no_pile_holds_two() {
        // Normal play: 1,1 is lost for the mover; misère: won (take one, leave the last).
        assert!(wins(&Position::parse("1,1").expect("valid")));
        assert!(!wins(&Position::parse("1").expect("valid")));
        assert!(wins(&Position::parse("0,0").expect("valid")));
        // With a big pile the normal-play outcome holds.
        assert!(!wins(&Position::parse("3,2,1").expect("valid")));
        // 10¹² ⊕ (10¹² − 1) = 2¹³ − 1 (10¹² ends in twelve zero bits).
        let huge = Position::parse("1000000000000,999999999999,8191").expect("valid");
        assert!(!wins(&huge));
        let won = Position::parse("1000000000000,999999999999,8190").expect("valid");
        assert_eq!(winning_moves(&won), [Move { pile: 1, take: 1 }]);
    }
}
