//! The heap game as it is played: positions and moves in their notation, every value the
//! knowledge gives (normal and misère, every move's) against a brute-force search of the
//! whole position that uses no XOR, and the engine's moves.

use std::collections::HashMap;

use engine::heap::{Left, Rule};
use engine::{
    AnyMove, AnyPosition, Convention, GameKind, Knowledge, Level, Outcome, Position, Rng, Variant,
};
use proptest::prelude::*;

mod english;
use english::english;

const RULES: [&str; 9] = [
    "subtraction 1,3,4",
    "subtraction 2,5",
    "subtraction 1 mod 2",
    "subtraction 0,2,3 mod 5",
    "kayles",
    "dawsons-kayles",
    "dawsons-chess",
    "octal 4.07",
    "grundy",
];

fn variant(rule: &str) -> Variant {
    Variant::heap(Rule::parse(rule).expect(rule))
}

fn position(rule: &str, heaps: &str) -> AnyPosition {
    variant(rule).parse_position(heaps).expect(heaps)
}

/// (Grundy, normal remoteness, misère remoteness) of a position, searched move by move in
/// the game's own `play`: the mex, and the winner hurrying, the loser delaying.
fn brute(p: &AnyPosition, memo: &mut HashMap<Vec<u64>, (u64, u64, u64)>) -> (u64, u64, u64) {
    let AnyPosition::Heap(h) = p else {
        panic!("a heap game")
    };
    let mut key: Vec<u64> = h.heaps().iter().copied().filter(|&x| x > 0).collect();
    key.sort_unstable();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let next: Vec<(u64, u64, u64)> = p
        .legal_moves()
        .iter()
        .map(|m| brute(&p.play(m).expect("a legal move"), memo))
        .collect();
    let grundy = engine::mex(next.iter().map(|v| v.0));
    let hurry = |lost: &dyn Fn(u64) -> bool, r: &dyn Fn(&(u64, u64, u64)) -> u64| match next
        .iter()
        .map(r)
        .filter(|&x| lost(x))
        .min()
    {
        Some(x) => x + 1,
        None => next.iter().map(|v| r(v) + 1).max().unwrap_or(0),
    };
    let normal = hurry(&|x| x % 2 == 0, &|v| v.1);
    let misere = hurry(&|x| x % 2 == 1, &|v| v.2);
    memo.insert(key, (grundy, normal, misere));
    (grundy, normal, misere)
}

#[test]
fn every_value_is_the_brute_forces() {
    let knowledge = Knowledge::new(1_000_000);
    for rule in RULES {
        let mut memo = HashMap::new();
        for heaps in [
            "0", "1", "2", "5", "7", "1,2", "3,4", "2,5", "4,4", "3,4,5", "1,1,6",
        ] {
            let p = position(rule, heaps);
            let (grundy, normal, misere) = brute(&p, &mut memo);
            let c = knowledge.classify(&p, 10_000).expect("classified");
            assert_eq!(c.value.grundy, Some(grundy), "{rule} {heaps}");
            assert_eq!(c.value.remoteness, Some(normal), "{rule} {heaps}");
            assert_eq!(c.move_count, p.legal_moves().len() as u64, "{rule} {heaps}");
            for m in &c.moves {
                let (g, r, _) = brute(&m.position, &mut memo);
                assert_eq!((m.value.grundy, m.value.remoteness), (Some(g), Some(r)));
            }
            // A P-position has no move to a P-position; an N-position has one.
            let to_p = c.moves.iter().any(|m| m.value.grundy == Some(0));
            assert_eq!(to_p, grundy != 0, "{rule} {heaps}");
            let mis = knowledge
                .classify_in(&p, 10_000, usize::MAX, Convention::Misere)
                .expect("misère classified");
            let won = misere % 2 == 0;
            assert_eq!(mis.value.remoteness, Some(misere), "{rule} {heaps}");
            assert_eq!(mis.value.outcome == Outcome::Win, won, "{rule} {heaps}");
            for m in &mis.moves {
                assert_eq!(m.value.remoteness, Some(brute(&m.position, &mut memo).2));
            }
        }
    }
}

#[test]
fn moves_and_positions_round_trip_in_their_notation() {
    for rule in RULES {
        let p = position(rule, "3,8,1");
        assert_eq!(p.to_string(), "3,8,1");
        for m in p.legal_moves() {
            let after = p.play(&m).expect("legal");
            let written = m.to_string();
            assert_eq!(p.parse_move(&written).expect(&written), m, "{rule}");
            // The heaps after the move name the same move's result.
            let by_result = p.parse_move(&after.to_string()).expect("the heaps after");
            assert_eq!(
                p.play(&by_result).expect("legal"),
                after,
                "{rule} {written}"
            );
        }
    }
}

#[test]
fn a_split_puts_two_heaps_side_by_side() {
    let p = position("kayles", "7,2");
    let (m, after) = p.play_text("1:1=2+4").expect("a split");
    assert_eq!(
        (m.to_string(), after.to_string()),
        ("1:1=2+4".into(), "2,4,2".into())
    );
    let (_, after) = p.play_text("1:2").expect("two pins from the end");
    assert_eq!(after.to_string(), "5,2");
    let (_, after) = p.play_text("2:2").expect("a whole heap");
    assert_eq!(after.to_string(), "7,0");
    let g = position("grundy", "7");
    let (m, after) = g.play_text("1=3+4").expect("Grundy's split");
    assert_eq!(
        (m.to_string(), after.to_string()),
        ("1=3+4".into(), "3,4".into())
    );
    let (m, _) = g.play_text("2,5").expect("the heaps after");
    assert_eq!(m.to_string(), "1=2+5");
}

#[test]
fn a_bad_move_says_which_rule_it_breaks() {
    let p = position("subtraction 1,3,4", "5,2");
    let said = |text: &str| english(&p.play_text(text).unwrap_err().said());
    assert_eq!(said("1:2"), "subtraction 1,3,4 has no move :2");
    assert_eq!(
        said("3:1"),
        "there is no heap 3: the heaps are numbered 1 to 2"
    );
    assert!(said("two").contains("is not a move"), "{}", said("two"));
    assert!(
        said("1:1=2+2").contains("has no move"),
        "{}",
        said("1:1=2+2")
    );
    let grundy = position("grundy", "6");
    let e = grundy.play_text("1=3+3").unwrap_err();
    assert_eq!(english(&e.said()), "grundy has no move =3+3");
}

#[test]
fn positions_are_bounded() {
    let v = variant("kayles");
    assert!(
        v.parse_position("5000").is_err(),
        "a splitting heap beyond its limit"
    );
    assert!(variant("subtraction 1,2").parse_position("1000000").is_ok());
    // A periodic set: a heap of n has up to n moves, so the splitting games' bound.
    assert!(variant("subtraction 1 mod 2")
        .parse_position("4096")
        .is_ok());
    assert!(variant("subtraction 1 mod 2")
        .parse_position("4097")
        .is_err());
    assert!(variant("grundy").parse_position("9000").is_err());
    let seventeen = vec!["1"; 17].join(",");
    assert!(
        v.parse_position(&seventeen).is_err(),
        "at most 16 heaps typed"
    );
    assert_eq!(
        engine::GameKind::parse("heap"),
        Ok(GameKind::Heap),
        "the game's name"
    );
}

#[test]
fn the_engine_plays_the_winning_moves() {
    let knowledge = Knowledge::new(1_000_000);
    let mut rng = Rng::new(5);
    for rule in RULES {
        let mut p = variant(rule).start();
        let mut plies = 0;
        while !p.is_terminal() {
            let g = knowledge.grundy(&p).expect("known").expect("impartial");
            let m = engine::choose(&knowledge, &p, Level::Perfect, &mut rng).expect("a move");
            assert!(matches!(m, AnyMove::Heap(_)));
            let after = p.play(&m).expect("the engine's move is legal");
            if g != 0 {
                assert_eq!(knowledge.grundy(&after).unwrap(), Some(0), "{rule} {p} {m}");
            }
            p = after;
            plies += 1;
        }
        assert!(plies > 0);
    }
}

#[test]
fn a_large_heap_is_valued_at_once() {
    let knowledge = Knowledge::new(1_000);
    let p = position("kayles", "4000,1234");
    let v = knowledge.value(&p).expect("a value");
    let g = Rule::parse("kayles").unwrap().values(4000).unwrap();
    assert_eq!(v.value.grundy, Some(u64::from(g[4000] ^ g[1234])));
    assert_eq!(v.value.remoteness, None, "beyond the search's budget");
    let winning = knowledge.moves_to(&p, 0).expect("moves to 0");
    assert!(!winning.is_empty());
    for m in winning {
        let after = p.play(&m).unwrap();
        assert_eq!(knowledge.grundy(&after).unwrap(), Some(0));
    }
    // Beyond the budget a misère value is refused, never guessed.
    let e = knowledge
        .classify_in(&p, 10, 5, Convention::Misere)
        .unwrap_err();
    assert_eq!(e.reason().id, "rule-misere-heaps-budget");
}

proptest! {
    #[test]
    fn every_listed_move_is_legal_and_counted(
        rule in 0..RULES.len(),
        heaps in prop::collection::vec(0u64..30, 1..5),
    ) {
        let v = variant(RULES[rule]);
        let text = heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let p = v.parse_position(&text).unwrap();
        let moves = p.legal_moves();
        prop_assert_eq!(moves.len() as u64, p.move_count());
        for m in &moves {
            let after = p.play(m).unwrap();
            let AnyMove::Heap(hm) = m else { panic!("a heap move") };
            let AnyPosition::Heap(q) = &after else { panic!("a heap position") };
            let total = |h: &[u64]| h.iter().sum::<u64>();
            let AnyPosition::Heap(before) = &p else { panic!() };
            prop_assert_eq!(total(before.heaps()), total(q.heaps()) + hm.mv.take);
            let extra = usize::from(matches!(hm.mv.left, Left::Two(..)));
            prop_assert_eq!(q.heaps().len(), before.heaps().len() + extra);
        }
    }
}

/// A heap game is a component of a sum like any impartial game: its Grundy number counts in
/// the nim-sum, its moves are the sum's moves, and the sum is written with its rule.
#[test]
fn a_heap_game_in_a_sum() {
    let knowledge = Knowledge::new(100_000);
    let sum = Variant::Sum
        .parse_position("heap kayles:4,1 + nim:3")
        .expect("a sum");
    assert_eq!(sum.to_string(), "heap octal 0.77:4,1 + nim:3");
    assert_eq!(
        Variant::Sum.parse_position(&sum.to_string()).unwrap(),
        sum,
        "read back"
    );
    // G(4) xor G(1) = 1 xor 1 = 0; nim 3: 3.
    assert_eq!(knowledge.grundy(&sum).unwrap(), Some(3));
    let (m, after) = sum.play_text("1/1:1=1+2").expect("a split in the sum");
    assert_eq!(m.to_string(), "1/1:1=1+2");
    assert_eq!(after.to_string(), "heap octal 0.77:1,2,1 + nim:3");
    for m in knowledge.moves_to(&sum, 0).expect("winning moves") {
        let next = sum.play(&m).unwrap();
        assert_eq!(knowledge.grundy(&next).unwrap(), Some(0), "{m}");
    }
    let c = knowledge.classify(&sum, 1000).expect("classified");
    assert_eq!(c.value.grundy, Some(3));
    // Searched through the heap game's listed positions: won in 5.
    assert_eq!(c.value.remoteness, Some(5));
    let mut rng = Rng::new(1);
    let m = engine::choose(&knowledge, &sum, Level::Perfect, &mut rng).expect("a move");
    assert_eq!(knowledge.grundy(&sum.play(&m).unwrap()).unwrap(), Some(0));
    assert!(Variant::Sum.parse_position("heap(3):1").is_err());
    assert!(
        Variant::Sum.parse_position("heap:1").is_err(),
        "a rule is needed"
    );
}

/// One search extended position after position (a misère table's cells) finds what a search
/// of each alone finds, and its budget is shared: once spent, a new position is refused.
#[test]
fn a_shared_search_finds_what_each_finds_alone() {
    use engine::heap::{search, Known};
    let rule = Rule::parse("kayles").unwrap();
    let mut known = Known::default();
    for a in 0..8 {
        for b in 0..8 {
            let shared = known.extend(&rule, &[a, b, 2], 1_000_000);
            assert_eq!(shared, search(&rule, &[a, b, 2], 1_000_000), "{a},{b}");
        }
    }
    let mut small = Known::default();
    assert!(small.extend(&rule, &[3, 4], 10_000).is_some());
    assert!(
        small.extend(&rule, &[30, 31, 32], 10_000).is_none(),
        "the budget is spent"
    );
    assert!(
        small.extend(&rule, &[3, 4], 10_000).is_some(),
        "what was solved stays"
    );
}
