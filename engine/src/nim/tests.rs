//! Nim against the examples of docs/RULES.md, brute force, and the exact error messages people see.

use std::collections::HashMap;

use super::*;
use crate::said::english::{english, parts};
use crate::{mex, remoteness_of, Error, ErrorKind, Outcome, Position as _};

fn pos(piles: &[u64]) -> Position {
    Position::new(piles.to_vec()).expect("a valid test position")
}

/// Every position reached by one move, computed from the piles directly (not by `play`).
pub(super) fn successors(piles: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..piles.len() {
        for smaller in 0..piles[i] {
            let mut next = piles.to_vec();
            next[i] = smaller;
            out.push(next);
        }
    }
    out
}

fn brute_grundy(piles: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
    if let Some(&g) = memo.get(piles) {
        return g;
    }
    let options: Vec<u64> = successors(piles)
        .iter()
        .map(|s| brute_grundy(s, memo))
        .collect();
    let g = mex(options);
    memo.insert(piles.to_vec(), g);
    g
}

/// The memoised search over sorted pile multisets that the closed form replaces.
fn brute_remoteness(piles: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
    let mut key = piles.to_vec();
    key.sort_unstable();
    if let Some(&r) = memo.get(&key) {
        return r;
    }
    let options: Vec<u64> = successors(&key)
        .iter()
        .map(|s| brute_remoteness(s, memo))
        .collect();
    let r = remoteness_of(options);
    memo.insert(key, r);
    r
}

/// Every pile vector with `len` piles of at most `max` stones.
pub(super) fn all_positions(len: usize, max: u64) -> Vec<Vec<u64>> {
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
fn spec_p_positions() {
    for piles in [
        [1, 2, 3],
        [5, 4, 1],
        [6, 4, 2],
        [7, 5, 2],
        [7, 4, 3],
        [0, 9, 9],
        [0, 0, 0],
    ] {
        let v = value(&pos(&piles), 0);
        assert_eq!(v.outcome, Outcome::Loss, "{piles:?}");
        assert_eq!(v.grundy, Some(0));
        assert!(winning_moves(&pos(&piles)).is_empty());
    }
}

#[test]
fn the_only_winning_move_from_5_4_2_takes_one_from_the_pile_of_2() {
    let p = pos(&[5, 4, 2]);
    let moves = winning_moves(&p);
    assert_eq!(moves, vec![Move { pile: 2, take: 1 }]);
    assert_eq!(moves[0].to_string(), "3:1");
    assert_eq!(p.parse_move("3:1"), Ok(moves[0]));
    assert_eq!(p.parse_move("5,4,1"), Ok(moves[0]));
}

#[test]
fn grundy_is_the_nim_sum_up_to_three_piles_of_seven() {
    let mut memo = HashMap::new();
    for len in 1..=3 {
        for piles in all_positions(len, 7) {
            assert_eq!(
                grundy(&pos(&piles)),
                brute_grundy(&piles, &mut memo),
                "{piles:?}"
            );
        }
    }
}

#[test]
fn remoteness_matches_the_memoised_search() {
    let mut memo = HashMap::new();
    for (len, max) in [(1, 9), (2, 9), (3, 9), (4, 6), (5, 3)] {
        for piles in all_positions(len, max) {
            let p = pos(&piles);
            assert_eq!(
                remoteness(&p, 0),
                Some(brute_remoteness(&piles, &mut memo)),
                "{piles:?}"
            );
        }
    }
}

#[test]
fn remoteness_of_huge_piles_is_exact_and_cheap() {
    let p = pos(&[MAX_PILE, MAX_PILE, 1]);
    // Only 1 stone can be taken to reach a P-position: the remoteness is 1 + (total − 1).
    assert_eq!(remoteness(&p, 0), Some(2 * MAX_PILE + 1));
    let p = pos(&[MAX_PILE; MAX_PILES]);
    assert_eq!(value(&p, 0).remoteness, Some(16 * MAX_PILE));
}

#[test]
fn notation_forms() {
    let p = pos(&[3, 4, 5]);
    assert_eq!(p.to_string(), "3,4,5");
    for text in ["3,4,5", "3 4 5", "3-4-5", "(3, 4, 5)", " 3, 4 ,5 "] {
        assert_eq!(Position::parse(text), Ok(p.clone()), "{text}");
    }
    assert_eq!(p.parse_move(" 2 : 3 "), Ok(Move { pile: 1, take: 3 }));
    assert_eq!(p.parse_move("(3, 1, 5)"), Ok(Move { pile: 1, take: 3 }));
    assert_eq!(p.legal_moves().len(), 12);
    assert_eq!(p.move_count(), 12);
    assert!(pos(&[0, 0]).is_terminal());
}

#[test]
fn limits() {
    let err = |r: Result<Position, Error>| english(&r.expect_err("refused").said());
    assert_eq!(
        err(Position::new(vec![1; 17])),
        "nim has 1 to 16 piles, not 17"
    );
    assert_eq!(err(Position::new(vec![])), "nim has 1 to 16 piles, not 0");
    assert!(matches!(Position::new(vec![1; 17]), Err(e) if e.kind() == ErrorKind::Params));
    assert_eq!(
        Position::new(vec![1, MAX_PILE + 1]).map_err(|e| parts(&e)),
        Err((
            ErrorKind::Position,
            "1,1000000000001".to_owned(),
            "pile 2 has 1000000000001 stones; a pile holds at most 1000000000000".to_owned()
        ))
    );
    assert!(matches!(Position::parse("3,x"), Err(e) if e.kind() == ErrorKind::Position));
    assert!(Position::new(vec![MAX_PILE; MAX_PILES]).is_ok());
}

#[test]
fn move_errors_name_the_rule() {
    let p = pos(&[3, 4, 5]);
    let illegal = |text: &str| match p.parse_move(text) {
        Err(e) if e.kind() == ErrorKind::Illegal => english(&e.said()),
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    };
    assert_eq!(
        illegal("4:1"),
        "there is no pile 4: the piles are numbered 1 to 3"
    );
    assert_eq!(
        illegal("0:1"),
        "there is no pile 0: the piles are numbered 1 to 3"
    );
    assert_eq!(illegal("2:5"), "pile 2 has 4 stones; you cannot take 5");
    assert_eq!(illegal("2:0"), "take at least one stone");
    assert_eq!(
        pos(&[3, 1, 5]).parse_move("2,1,4").map_err(|e| parts(&e)),
        Err((
            ErrorKind::Illegal,
            "2,1,4".to_owned(),
            "a move changes exactly one pile; 3,1,5 → 2,1,4 changes two".to_owned()
        ))
    );
    assert_eq!(
        illegal("3,4,5"),
        "a move changes exactly one pile; 3,4,5 → 3,4,5 changes none"
    );
    assert_eq!(
        illegal("3,6,5"),
        "a move only takes stones; pile 2 would grow from 4 to 6"
    );
    assert_eq!(
        illegal("2 3"),
        "a move keeps all 3 piles; 2,3 has 2 (to take 3 from pile 2, write 2:3)"
    );
    assert_eq!(
        illegal("1,2,3,4"),
        "a move keeps all 3 piles; 1,2,3,4 has 4"
    );
    assert_eq!(
        pos(&[1])
            .play(&Move { pile: 0, take: 2 })
            .map_err(|e| parts(&e)),
        Err((
            ErrorKind::Illegal,
            "1:2".to_owned(),
            "pile 1 has 1 stone; you cannot take 2".to_owned()
        ))
    );
    for text in ["2:x", "x:1", "2:", "2:-1", "two", "3,,4"] {
        assert!(
            matches!(p.parse_move(text), Err(e) if e.kind() == ErrorKind::Notation),
            "{text}: {:?}",
            p.parse_move(text)
        );
    }
}
