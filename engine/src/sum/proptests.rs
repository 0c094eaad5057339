//! Invariants of sums on random inputs.

use proptest::prelude::*;

use std::collections::BTreeSet;

use super::tests::{knowledge, sum_of, Product};
use super::*;
use crate::any::{AnyMove, AnyPosition};
use crate::{Knowledge, Outcome, Position as _, Rng};

fn any_sum() -> impl Strategy<Value = Position> {
    (any::<u64>(), 1u64..=8).prop_map(|(seed, count)| sum_of(count, &mut Rng::new(seed)))
}

thread_local! {
    static KNOWLEDGE: Knowledge = knowledge();
}

proptest! {
    #[test]
    fn notation_round_trips(p in any_sum()) {
        let text = p.to_string();
        prop_assert_eq!(Position::parse(&text)?, p.clone());
        for m in p.legal_moves() {
            let after = p.play(&m)?;
            prop_assert_eq!(&p.parse_move(&m.to_string())?, &m);
            prop_assert_eq!(&p.parse_move(&after.to_string())?, &m);
        }
    }

    /// Every move offered as winning leads to a nim-sum of 0, and a sum of nim-sum 0 offers
    /// none.
    #[test]
    fn winning_moves_lead_to_nim_sum_zero(p in any_sum()) {
        KNOWLEDGE.with(|k| {
            let x = analyse(k, &p).expect("small").explanation.nim_sum;
            let winning = winning_moves(k, &p);
            prop_assert_eq!(winning.is_empty(), x == 0);
            for m in winning {
                let AnyMove::Sum(m) = m else { panic!("a sum's move") };
                let after = AnyPosition::Sum(p.play(&m)?);
                let v = k.value(&after)?.value;
                prop_assert_eq!(v.grundy, Some(0));
                prop_assert_eq!(v.outcome, Outcome::Loss);
            }
            Ok(())
        })?;
    }

    /// Against brute force over the product graph (the mex, no XOR): every move listed as
    /// winning goes to a P-position, and every move to a P-position is listed — by
    /// `winning_moves`, by a classification that lists only the winning moves (as one of too
    /// many moves does), and counted right in the explanation.
    #[test]
    fn the_winning_moves_are_exactly_the_moves_to_p_positions(p in any_sum()) {
        let mut product = Product::new(&p);
        prop_assume!(product.states() <= 200_000);
        let to_p: BTreeSet<String> = p
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let q = p.play(m).expect("legal");
                product.brute(product.key(&q)).grundy == 0
            })
            .map(|m| m.to_string())
            .collect();
        KNOWLEDGE.with(|k| {
            let listed: BTreeSet<String> =
                winning_moves(k, &p).iter().map(|m| m.to_string()).collect();
            prop_assert_eq!(&listed, &to_p);
            let only_winning = k.classify_best(&AnyPosition::Sum(p.clone()), 0, usize::MAX)?;
            let classified: BTreeSet<String> =
                only_winning.moves.iter().map(|m| m.mv.to_string()).collect();
            prop_assert_eq!(&classified, &to_p);
            prop_assert!(only_winning.moves.iter().all(|m| m.value.outcome == Outcome::Loss));
            let e = analyse(k, &p)?.explanation;
            prop_assert!(e.unknown.is_empty());
            prop_assert_eq!(e.targets.iter().map(|t| t.moves).sum::<usize>(), to_p.len());
            Ok(())
        })?;
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(text in "\\PC{0,40}", moves in "[0-9a-z/:,+() ]{0,20}") {
        let _ = Position::parse(&text);
        let p = Position::parse("queen(5):4,2 + nim:2,3").expect("valid");
        let _ = p.parse_move(&text);
        let _ = p.parse_move(&moves);
    }
}
