//! Random legal games of every family, played by the engine, round-trip through text and
//! JSON (with and without a review) and validate to the position the game reached.

use proptest::prelude::*;

use super::*;

/// Small parameters, so that the engine knows every value exactly.
fn variant(kind: GameKind, step: u32) -> Variant {
    let (size, k) = match kind {
        GameKind::Chocolate => (None, Some(step)),
        GameKind::Corner => {
            let rn = engine::corner::Piece::parse_betza("RN").expect("a piece");
            return Variant::corner(rn, Some(12)).expect("valid parameters");
        }
        GameKind::Heap => {
            let kayles = engine::heap::Rule::parse("kayles").expect("a rule");
            return Variant::heap(kayles);
        }
        k if k.piece().is_some() => (Some(16), None),
        _ => (None, None),
    };
    Variant::new(kind, size, k).expect("valid parameters")
}

/// A seat name with the characters the text form must escape (never blank: a record's seat
/// is a name `hello` would take).
fn seat() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("?".to_owned()),
        Just("engine (perfect)".to_owned()),
        "[a-zA-Z0-9\"\\\\é_{}\\[\\];][a-zA-Z0-9 \"\\\\é_{}\\[\\];]{0,15}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn random_games_round_trip(
        kind in prop::sample::select(GameKind::ALL.to_vec()),
        step in 0u32..=3,
        seed in any::<u64>(),
        plies in 0usize..=30,
        seats in [seat(), seat()],
        date in prop::option::of(-10_000_000_000_000i64..10_000_000_000_000),
        clock in prop::option::of((1u64..=600, 0u64..=600)),
        match_id in prop::option::of(1i64..1_000_000),
        resign in prop::option::of(0u8..=1),
        round in prop::option::of("[ -~]{0,12}"),
    ) {
        let v = variant(kind, step);
        let mut rng = engine::Rng::new(seed);
        let start = v.random_start(&mut rng);
        let moves = play_out(&start, plies, &mut rng);
        let mut last = start.clone();
        for m in &moves {
            last = last.play_text(m).expect("legal").1;
        }
        let result = board_result(kind, moves.len(), &last).or_else(|| {
            resign.map(|winner| Outcome { winner: Some(winner), reason: Reason::Resignation })
        });
        let r = GameRecord {
            match_id,
            params: crate::convert::normal(v),
            start: start.to_string(),
            seats,
            date,
            result,
            clock: clock.map(|(minutes, seconds)| ClockSpec {
                initial_ms: minutes * 60_000,
                increment_ms: seconds * 1000,
            }),
            moves,
            extra_tags: round.map(|r| ("Round".to_owned(), r)).into_iter().collect(),
        };
        prop_assert_eq!(assert_round_trips(&r), last);
    }
}
