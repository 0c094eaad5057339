//! Invariants of sums on random inputs.

use proptest::prelude::*;

use super::tests::{knowledge, sum_of};
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

    #[test]
    fn parsing_arbitrary_text_never_panics(text in "\\PC{0,40}", moves in "[0-9a-z/:,+() ]{0,20}") {
        let _ = Position::parse(&text);
        let p = Position::parse("queen(5):4,2 + nim:2,3").expect("valid");
        let _ = p.parse_move(&text);
        let _ = p.parse_move(&moves);
    }
}
