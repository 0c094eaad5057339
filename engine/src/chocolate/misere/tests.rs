use std::collections::HashMap;

use proptest::prelude::*;

use super::*;
use crate::chocolate::MAX_LEN;
use crate::misere::brute;

/// Every bar with step `k`, x ≤ `x_max`, z ≤ `z_max` (and y ≤ `z_max` when k = 0).
fn bars(k: u32, x_max: u64, z_max: u64) -> Vec<Position> {
    let height = |z: u64| z.checked_div(u64::from(k)).unwrap_or(z_max);
    (0..=x_max)
        .flat_map(|x| (0..=z_max).flat_map(move |z| (0..=height(z)).map(move |y| (x, y, z))))
        .map(|(x, y, z)| Position::new(k, x, y, z).expect("a valid bar"))
        .collect()
}

#[test]
fn every_small_bar_is_the_definition() {
    for k in 0..=3 {
        let mut memo = HashMap::new();
        for p in bars(k, 6, 10) {
            let (won, r) = brute(&p, &mut memo);
            let v = value(&p, u64::MAX).expect("a small bar");
            assert_eq!(
                (v.outcome, v.remoteness, v.grundy),
                (won, Some(r), None),
                "{k}: {p}"
            );
            assert_eq!(outcome(&p, u64::MAX), Some(won), "{k}: {p}");
            // The DP alone, even where a closed form answers.
            assert_eq!(by_dp(&p), Some(r), "{k}: {p}");
            let expected: Vec<Move> = p
                .legal_moves()
                .into_iter()
                .filter(|m| {
                    p.play(m)
                        .is_ok_and(|q| brute(&q, &mut memo).0 == Outcome::Loss)
                })
                .collect();
            assert_eq!(winning_moves(&p, u64::MAX), Some(expected), "{k}: {p}");
        }
    }
}

#[test]
fn a_rectangle_is_misere_nim() {
    // Bouton's misère rule and nim::misere's search, three heaps, against the DP.
    for p in bars(0, 9, 9) {
        let heaps = nim::Position::new(vec![p.x(), p.y(), p.z()]).expect("small heaps");
        let won = nim::misere::wins(&heaps);
        assert_eq!(outcome(&p, 0) == Some(Outcome::Win), won, "{p}");
        assert_eq!(by_dp(&p), nim::misere::remoteness(&heaps, u64::MAX), "{p}");
    }
    // The closed forms need no budget: an empty heap, or at most one heap of two or more.
    let no_budget = |x, y, z| remoteness(&Position::new(0, x, y, z).expect("valid"), 0);
    assert_eq!(no_budget(0, MAX_LEN, MAX_LEN), Some(2 * MAX_LEN - 1));
    assert_eq!(no_budget(1, 1, MAX_LEN), Some(4));
    assert_eq!(no_budget(2, 3, 1), None);
}

#[test]
fn a_bar_without_stairs_is_two_heap_misere_nim_at_any_step() {
    for k in [1, 2, 3, 7, 1000] {
        for p in bars(k, 12, 12).into_iter().filter(|p| p.y() == 0) {
            let closed = remoteness(&p, 0).expect("the rook's closed form");
            assert_eq!(Some(closed), by_dp(&p), "{k}: {p}");
            assert_eq!(
                outcome(&p, 0),
                Some(outcome_of_remoteness(closed)),
                "{k}: {p}"
            );
        }
        let far = Position::new(k, MAX_LEN, 0, MAX_LEN).expect("valid");
        assert_eq!(outcome(&far, 0), Some(Outcome::Loss));
        assert_eq!(remoteness(&far, 0), Some(2 * MAX_LEN - 1));
        assert_eq!(winning_moves(&far, 0), Some(vec![]));
    }
}

#[test]
fn beyond_the_budget_nothing_is_guessed() {
    let p = Position::new(1, 3, 2, 5).expect("valid");
    let bars = reachable_bars(&p).expect("small") as u64;
    assert!(remoteness(&p, bars).is_some());
    assert_eq!(remoteness(&p, bars - 1), None);
    assert_eq!(outcome(&p, bars - 1), None);
    assert_eq!(value(&p, bars - 1), None);
    assert_eq!(winning_moves(&p, bars - 1), None);
    let huge = Position::new(3, MAX_LEN, MAX_LEN / 3, MAX_LEN).expect("valid");
    assert_eq!(value(&huge, u64::MAX), None);
    // A rectangle's outcome is known at any size, its remoteness not always.
    // 10¹² ends in twelve zero bits, so 10¹² ⊕ (10¹² − 1) = 2¹³ − 1.
    let rectangle = Position::new(0, MAX_LEN, MAX_LEN - 1, 8191).expect("valid");
    let v = value(&rectangle, 1_000_000).expect("Bouton's rule");
    assert_eq!((v.outcome, v.remoteness), (Outcome::Loss, None));
    assert_eq!(winning_moves(&rectangle, 0), Some(vec![]));
}

/// A bar with a step 0..=4 and every coordinate at most 12, so that every successor can be
/// solved.
fn small_bar() -> impl Strategy<Value = Position> {
    (0u32..=4, 0..=12u64, 0..=12u64).prop_flat_map(|(k, x, z)| {
        let height = z.checked_div(u64::from(k)).unwrap_or(12);
        (0..=height).prop_map(move |y| Position::new(k, x, y, z).expect("a valid bar"))
    })
}

/// A rectangle of any size.
fn big_rectangle() -> impl Strategy<Value = Position> {
    (0..=MAX_LEN, 0..=MAX_LEN, 0..=MAX_LEN)
        .prop_map(|(x, y, z)| Position::new(0, x, y, z).expect("a valid bar"))
}

proptest! {
    #[test]
    fn a_lost_bar_has_no_break_to_a_lost_bar_and_a_won_one_has_one(p in small_bar()) {
        let v = value(&p, u64::MAX).expect("a small bar");
        let r = v.remoteness.expect("a small bar");
        let lost = |q: &Position| outcome(q, u64::MAX) == Some(Outcome::Loss);
        let to_lost = p.successors().iter().filter(|q| lost(q)).count();
        if v.outcome == Outcome::Loss {
            prop_assert_eq!(to_lost, 0);
            prop_assert_eq!(r % 2, 1);
        } else {
            // Won: a break to a lost bar, unless there is no break at all (the poison alone).
            prop_assert_eq!(to_lost == 0, p.is_terminal());
            prop_assert_eq!(r % 2, 0);
            prop_assert_eq!(r == 0, p.is_terminal());
        }
    }

    #[test]
    fn remoteness_obeys_the_misere_definition(p in small_bar()) {
        let rem = |q: &Position| remoteness(q, u64::MAX).expect("a small bar");
        let next: Vec<u64> = p.successors().iter().map(rem).collect();
        let expected = match next.iter().filter(|r| *r % 2 == 1).min() {
            Some(r) => r + 1,
            None => next.iter().max().map_or(0, |r| r + 1),
        };
        prop_assert_eq!(rem(&p), expected);
    }

    #[test]
    fn a_big_rectangle_s_winning_moves_lead_to_lost_rectangles(p in big_rectangle()) {
        let moves = winning_moves(&p, 0).expect("Bouton's rule");
        prop_assert!(moves.len() <= 3);
        prop_assert_eq!(moves.is_empty(), outcome(&p, 0) == Some(Outcome::Loss));
        for m in moves {
            let q = p.play(&m).expect("a legal break");
            prop_assert_eq!(outcome(&q, 0), Some(Outcome::Loss));
        }
    }

    #[test]
    fn the_poison_alone_is_won_in_0_plies(k in 0u32..=1000) {
        let poison = Position::new(k, 0, 0, 0).expect("valid");
        let v = value(&poison, 0).expect("a closed form");
        prop_assert_eq!((v.outcome, v.remoteness), (Outcome::Win, Some(0)));
        prop_assert_eq!(winning_moves(&poison, 0), Some(vec![]));
    }
}
