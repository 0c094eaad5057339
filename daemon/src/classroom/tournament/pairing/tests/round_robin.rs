//! Round robin: every pair once, byes, and sides that alternate.

use std::collections::HashMap;

use super::super::{round_robin, Pairing, Round};

/// Each player's sides in round order (`true`: first).
fn sides(rounds: &[Round]) -> HashMap<i64, Vec<bool>> {
    let mut sides: HashMap<i64, Vec<bool>> = HashMap::new();
    for g in rounds.iter().flat_map(|r| &r.games) {
        sides.entry(g.first).or_default().push(true);
        sides.entry(g.second).or_default().push(false);
    }
    sides
}

#[test]
fn every_pair_meets_once_with_one_bye_a_round_when_odd() {
    for n in 1..=16_i64 {
        let ids: Vec<i64> = (1..=n).map(|i| 100 * i).collect();
        let rounds = round_robin(&ids);
        let expected_rounds = match n {
            1 => 0,
            _ if n % 2 == 0 => n - 1,
            _ => n,
        };
        assert_eq!(rounds.len() as i64, expected_rounds, "n = {n}");
        let mut met: HashMap<(i64, i64), u32> = HashMap::new();
        let mut byes: HashMap<i64, u32> = HashMap::new();
        for round in &rounds {
            let mut seen: Vec<i64> = round
                .games
                .iter()
                .flat_map(|g| [g.first, g.second])
                .collect();
            seen.extend(round.bye);
            seen.sort_unstable();
            assert_eq!(seen, ids, "n = {n}: everyone once a round");
            assert_eq!(round.bye.is_some(), n % 2 == 1, "n = {n}");
            if let Some(p) = round.bye {
                *byes.entry(p).or_default() += 1;
            }
            for g in &round.games {
                *met.entry((g.first.min(g.second), g.first.max(g.second)))
                    .or_default() += 1;
            }
        }
        let pairs = n * (n - 1) / 2;
        assert_eq!(met.len() as i64, pairs, "n = {n}");
        assert!(met.values().all(|&k| k == 1), "n = {n}: a pair met twice");
        if n % 2 == 1 && n > 1 {
            assert_eq!(byes.len() as i64, n, "n = {n}: everyone sits out once");
            assert!(byes.values().all(|&k| k == 1));
        }
    }
}

#[test]
fn sides_alternate_within_one_at_every_round() {
    for n in 2..=40 {
        let ids: Vec<i64> = (1..=n).collect();
        for (p, sides) in sides(&round_robin(&ids)) {
            let mut balance = 0_i32;
            for s in &sides {
                balance += if *s { 1 } else { -1 };
                assert!(balance.abs() <= 1, "n = {n}: player {p} has {sides:?}");
            }
            assert!(
                sides.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])),
                "n = {n}: player {p} has {sides:?}"
            );
        }
    }
}

#[test]
fn first_round_pairs_the_top_seed_with_the_last() {
    let rounds = round_robin(&[1, 2, 3, 4, 5, 6]);
    let pairs = |first, second| Pairing { first, second };
    assert_eq!(rounds[0].games, vec![pairs(1, 6), pairs(2, 5), pairs(4, 3)]);
    assert_eq!(rounds[0].bye, None);
    let odd = round_robin(&[1, 2, 3, 4, 5]);
    assert_eq!(odd[0].games, vec![pairs(2, 5), pairs(4, 3)]);
    assert_eq!(odd[0].bye, Some(1));
}

#[test]
fn repeated_ids_count_once_and_small_fields_need_no_rounds() {
    assert_eq!(round_robin(&[7, 8, 7, 9, 8]), round_robin(&[7, 8, 9]));
    assert!(round_robin(&[]).is_empty());
    assert!(round_robin(&[5]).is_empty());
    assert!(round_robin(&[5, 5]).is_empty());
    assert_eq!(round_robin(&[5, 6]).len(), 1);
}
