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

use crate::nim::{Move, Position};

/// Whether the player to move wins misère Nim from `p` (Bouton's misère rule).
pub fn wins(p: &Position) -> bool {
    wins_piles(p.piles())
}

fn wins_piles(piles: &[u64]) -> bool {
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

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    /// Every position reached by one move.
    fn successors(piles: &[u64]) -> Vec<(Move, Vec<u64>)> {
        let mut out = Vec::new();
        for i in 0..piles.len() {
            for smaller in 0..piles[i] {
                let mut next = piles.to_vec();
                next[i] = smaller;
                out.push((
                    Move {
                        pile: i,
                        take: piles[i] - smaller,
                    },
                    next,
                ));
            }
        }
        out
    }

    /// Misère by definition: with no move left the player to move has won (the opponent took
    /// the last stone); otherwise they win when some move leaves a loss.
    fn brute_wins(piles: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(piles) {
            return w;
        }
        let next = successors(piles);
        let w = next.is_empty() || next.iter().any(|(_, s)| !brute_wins(s, memo));
        memo.insert(piles.to_vec(), w);
        w
    }

    fn positions(len: usize, max: u64) -> Vec<Vec<u64>> {
        let mut all = vec![Vec::new()];
        for _ in 0..len {
            all = all
                .into_iter()
                .flat_map(|v| {
                    (0..=max).map(move |p| {
                        let mut w = v.clone();
                        w.push(p);
                        w
                    })
                })
                .collect();
        }
        all
    }

    #[test]
    fn the_rule_and_its_winning_moves_match_brute_force() {
        let mut memo = HashMap::new();
        for (len, max) in [(1, 12), (2, 9), (3, 7), (4, 4), (5, 2)] {
            for piles in positions(len, max) {
                let p = Position::new(piles.clone()).expect("a valid position");
                assert_eq!(wins(&p), brute_wins(&piles, &mut memo), "{piles:?}");
                let mut brute: Vec<Move> = successors(&piles)
                    .into_iter()
                    .filter(|(_, s)| !brute_wins(s, &mut memo))
                    .map(|(m, _)| m)
                    .collect();
                let mut found = winning_moves(&p);
                brute.sort_by_key(|m| (m.pile, m.take));
                found.sort_by_key(|m| (m.pile, m.take));
                assert_eq!(found, brute, "{piles:?}");
            }
        }
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
