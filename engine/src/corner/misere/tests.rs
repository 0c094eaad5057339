use std::collections::HashMap;

use proptest::prelude::*;

use super::*;
use crate::corner::MAX_SIZE;
use crate::misere::brute;
use crate::{ErrorKind, Outcome, Position as _};

/// The side every brute-force check covers.
const BRUTE: u64 = 24;

fn square(piece: Piece, x: u64, y: u64) -> Position {
    Position::new(piece, BRUTE, x, y).expect("on the board")
}

#[test]
fn every_table_up_to_24_is_the_definition() {
    for piece in Piece::ALL {
        let mut memo = HashMap::new();
        for n in 1..=BRUTE {
            let t = MisereTable::solve(piece, n).expect("a small table");
            assert_eq!((t.piece(), t.size()), (piece, n));
            for x in 0..n {
                for y in 0..n {
                    let (outcome, r) = brute(&square(piece, x, y), &mut memo);
                    let v = t.value(piece, x, y).expect("on the table");
                    assert_eq!(
                        (v.outcome, v.remoteness, v.grundy),
                        (outcome, Some(r), None),
                        "{piece} {x},{y} on {n}"
                    );
                    assert_eq!(t.outcome(x, y), Some(outcome));
                }
            }
            assert!(!t.contains(n, 0) && !t.contains(0, n));
            assert_eq!(t.remoteness(n, 0), None);
            assert_eq!(t.value(piece, 0, n), None);
        }
    }
}

#[test]
fn the_closed_forms_are_the_definition_near_the_corner() {
    for piece in Piece::ALL {
        let mut memo = HashMap::new();
        for x in 0..BRUTE {
            for y in 0..BRUTE {
                let p = square(piece, x, y);
                let (won, r) = brute(&p, &mut memo);
                assert_eq!(outcome(piece, x, y), won, "{piece} {x},{y}");
                if piece == Piece::Rook {
                    assert_eq!(rook_remoteness(x, y), r, "{x},{y}");
                }
                let expected: Vec<(u64, u64)> = p
                    .successors()
                    .iter()
                    .filter(|q| brute(*q, &mut memo).0 == Outcome::Loss)
                    .map(|q| (q.x(), q.y()))
                    .collect();
                assert_eq!(winning_moves(piece, x, y), expected, "{piece} {x},{y}");
            }
        }
    }
}

#[test]
fn the_closed_forms_match_a_2000_table_on_every_square() {
    closed_forms_match_the_table(2000);
}

/// Takes about 15 s in release: `cargo test --release -p grundy-engine --lib
/// closed_forms_match_the_largest_table -- --ignored`.
#[test]
#[ignore]
fn the_closed_forms_match_the_largest_table_on_every_square() {
    closed_forms_match_the_table(MAX_TABLE);
}

/// Every square of the n×n table against the closed forms: the outcome for every piece,
/// the remoteness for the rook. Beyond 2000 only x ≤ y (the table stores one triangle; the
/// closed forms' symmetry is checked on the smaller boards).
fn closed_forms_match_the_table(n: u64) {
    for piece in Piece::ALL {
        let t = MisereTable::solve(piece, n).expect("within the limit");
        for x in 0..n {
            let first = if n > 2000 { x } else { 0 };
            for y in first..n {
                let found = t.remoteness(x, y).expect("on the table");
                assert_eq!(outcome_of(found), outcome(piece, x, y), "{piece} {x},{y}");
                if piece == Piece::Rook {
                    assert_eq!(found, rook_remoteness(x, y), "{x},{y}");
                }
            }
        }
    }
}

fn outcome_of(remoteness: u64) -> Outcome {
    if remoteness.is_multiple_of(2) {
        Outcome::Win
    } else {
        Outcome::Loss
    }
}

#[test]
fn the_lost_squares_of_each_piece() {
    let lost = |piece: Piece| -> Vec<(u64, u64)> {
        (0..12)
            .flat_map(|x| (x..12).map(move |y| (x, y)))
            .filter(|&(x, y)| is_lost(piece, x, y))
            .collect()
    };
    assert_eq!(
        lost(Piece::Rook),
        (2..12).fold(vec![(0, 1)], |mut v, a| {
            v.push((a, a));
            v
        })
    );
    assert_eq!(
        lost(Piece::Queen),
        [(0, 1), (2, 2), (3, 5), (4, 7), (6, 10)]
    );
    assert_eq!(
        lost(Piece::Horse),
        [
            (0, 1),
            (0, 3),
            (0, 5),
            (0, 7),
            (0, 9),
            (0, 11),
            (2, 2),
            (2, 4),
            (2, 6),
            (2, 8),
            (2, 10)
        ]
    );
    assert_eq!(
        lost(Piece::Dragon),
        [
            (0, 1),
            (2, 2),
            (3, 4),
            (5, 5),
            (6, 7),
            (8, 8),
            (9, 10),
            (11, 11)
        ]
    );
}

#[test]
fn value_takes_the_table_then_the_closed_forms() {
    let t = MisereTable::solve(Piece::Queen, 10).expect("a small table");
    let at = |piece, x, y| Position::new(piece, MAX_SIZE, x, y).expect("on the board");
    // Inside the table: its remoteness.
    assert_eq!(value(&at(Piece::Queen, 2, 2), Some(&t)).remoteness, Some(3));
    // Beyond it, or for another piece: the closed forms, remoteness for the rook only.
    let far = value(&at(Piece::Queen, 10, 20), Some(&t));
    assert_eq!(
        (far.outcome, far.grundy, far.remoteness),
        (Outcome::Win, None, None)
    );
    let rook = value(&at(Piece::Rook, 7, 7), Some(&t));
    assert_eq!((rook.outcome, rook.remoteness), (Outcome::Loss, Some(13)));
    let big = MAX_SIZE - 1;
    let rook = value(&at(Piece::Rook, big, big), None);
    assert_eq!(
        (rook.outcome, rook.remoteness),
        (Outcome::Loss, Some(2 * big - 1))
    );
    let horse = value(&at(Piece::Horse, 2, 5), Some(&t));
    assert_eq!((horse.outcome, horse.remoteness), (Outcome::Win, None));
}

#[test]
fn table_limits() {
    for n in [0, MAX_TABLE + 1, u64::MAX] {
        let e = MisereTable::solve(Piece::Rook, n).expect_err("out of range");
        assert_eq!(e.kind(), ErrorKind::Params, "{n}");
    }
    let one = MisereTable::solve(Piece::Horse, 1).expect("the corner alone");
    assert_eq!(one.remoteness(0, 0), Some(0));
    assert_eq!(one.outcome(0, 1), None);
}

/// A square of the 200×200 board.
fn near() -> impl Strategy<Value = (Piece, u64, u64)> {
    (0..4usize, 0..200u64, 0..200u64).prop_map(|(i, x, y)| (Piece::ALL[i], x, y))
}

/// A square anywhere on the largest board.
fn anywhere() -> impl Strategy<Value = (Piece, u64, u64)> {
    (0..4usize, 0..MAX_SIZE, 0..MAX_SIZE).prop_map(|(i, x, y)| (Piece::ALL[i], x, y))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_lost_square_has_no_move_to_a_lost_one_and_a_won_one_has_one((piece, x, y) in near()) {
        let t = MisereTable::solve(piece, 200).expect("a small table");
        let p = Position::new(piece, 200, x, y).expect("on the board");
        let lost = |q: &Position| t.outcome(q.x(), q.y()) == Some(Outcome::Loss);
        let to_lost = p.successors().iter().filter(|q| lost(q)).count();
        let r = t.remoteness(x, y).expect("on the table");
        if lost(&p) {
            prop_assert_eq!(to_lost, 0);
            prop_assert_eq!(r % 2, 1);
        } else {
            // Won: a move to a lost square, unless there is no move at all (the corner).
            prop_assert_eq!(to_lost == 0, (x, y) == (0, 0));
            prop_assert_eq!(r % 2, 0);
            prop_assert_eq!(r == 0, (x, y) == (0, 0));
        }
    }

    #[test]
    fn far_out_the_winning_moves_lead_to_lost_squares((piece, x, y) in anywhere()) {
        let moves = winning_moves(piece, x, y);
        prop_assert!(moves.len() <= 4, "{:?}", moves);
        prop_assert_eq!(moves.is_empty(), is_lost(piece, x, y));
        for (u, v) in moves {
            prop_assert!(piece.can_move((x, y), (u, v)));
            prop_assert!(is_lost(piece, u, v));
            // The target has no winning move of its own either.
            prop_assert!(winning_moves(piece, u, v).is_empty());
        }
    }

    #[test]
    fn the_corner_is_won_in_0_plies(i in 0..4usize, n in 1..64u64) {
        let t = MisereTable::solve(Piece::ALL[i], n).expect("a small table");
        prop_assert_eq!(t.remoteness(0, 0), Some(0));
        prop_assert_eq!(outcome(Piece::ALL[i], 0, 0), Outcome::Win);
    }
}
