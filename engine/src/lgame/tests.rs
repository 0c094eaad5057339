//! The sizes the rules imply, hand-made positions with known values, and the rule-naming
//! errors of `play`.

use std::collections::HashSet;

use super::*;
use crate::{ErrorKind, Outcome, Position as _};

fn pos(text: &str) -> Position {
    match Position::parse(text) {
        Ok(p) => p,
        Err(e) => panic!("{text}: {e}"),
    }
}

/// Every position with red to move, built through the public constructor.
fn all_red_to_move() -> Vec<Position> {
    let mut out = Vec::new();
    for red in Placement::all() {
        for blue in Placement::all() {
            for a in Square::all() {
                for b in Square::all().filter(|&b| b > a) {
                    if let Ok(p) = Position::new(red, blue, [a, b], Color::Red) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

#[test]
fn there_are_18368_positions_in_2296_classes() {
    assert_eq!(Placement::all().count(), PLACEMENTS);
    assert_eq!(PLACEMENTS, 48);
    let all = all_red_to_move();
    assert_eq!(all.len(), POSITIONS);
    assert_eq!(POSITIONS, 18368);
    let canonical: HashSet<Position> = all.iter().map(Position::canonical).collect();
    assert_eq!(canonical.len(), CLASSES);
    assert_eq!(CLASSES, 2296);

    let solution = Solution::solve();
    let listed: Vec<Position> = solution.classes().map(|(p, _)| p).collect();
    assert_eq!(listed.len(), CLASSES);
    assert_eq!(listed.iter().copied().collect::<HashSet<_>>(), canonical);
    for p in &listed {
        assert_eq!(p.canonical(), *p, "classes() yields canonical forms");
        assert_eq!(p.to_move(), Color::Red);
    }
}

#[test]
fn start_is_a_draw() {
    let start = pos("...N/RRRB/RBBB/N... r");
    assert_eq!(start, Position::start());
    assert_eq!(start.to_string(), "...N/RRRB/RBBB/N... r");
    let v = Solution::solve().value(&start);
    assert_eq!(v.outcome, Outcome::Draw);
    assert_eq!((v.grundy, v.remoteness), (None, None));
}

#[test]
fn a_blocked_position_is_lost_in_0_and_a_move_into_it_wins_in_1() {
    let solution = Solution::solve();
    // Red's L is in the corner a1 b1 c1 a2; a3, b2, b3, b4, c2 and d2 hold it in.
    let blocked = pos(".B../NB../RBBN/RRR. r");
    assert!(blocked.is_terminal());
    assert_eq!(blocked.move_count(), 0);
    assert!(blocked.legal_moves().is_empty());
    let v = solution.value(&blocked);
    assert_eq!((v.outcome, v.remoteness), (Outcome::Loss, Some(0)));

    let before = pos(".BB./NB../RB.N/RRR. b");
    let v = solution.value(&before);
    assert_eq!((v.outcome, v.remoteness), (Outcome::Win, Some(1)));
    let m = before
        .parse_move("b2b3b4c2")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.to_string(), "b2b3b4c2");
    assert_eq!(before.play(&m), Ok(blocked));
}

#[test]
fn the_published_counts() {
    // The literature: 15 positions where the mover is stuck, 29 lost positions in all.
    let solution = Solution::solve();
    let stuck = solution
        .classes()
        .filter(|(_, v)| v.remoteness == Some(0))
        .count();
    assert_eq!(stuck, 15);
    let counts = solution.counts();
    assert_eq!(counts.lost, 29);
    assert_eq!(counts.won + counts.lost + counts.drawn, CLASSES);
    for (p, v) in solution.classes() {
        assert_eq!(p.is_terminal(), v.remoteness == Some(0), "{p}");
        if let Some(d) = v.remoteness {
            assert_eq!(d % 2 == 1, v.outcome == Outcome::Win, "{p}: depth parity");
        }
    }
}

#[test]
fn the_start_has_five_l_moves() {
    let start = Position::start();
    let ls: Vec<String> = start.l_destinations().map(|p| p.to_string()).collect();
    assert_eq!(
        ls,
        ["a2a3a4b4", "a3a4b3c3", "a3a4b4c4", "a3b3c3c4", "a4b4c3c4"].map(String::from),
        "in placement order"
    );
    assert_eq!(ls.len() as u64 * 13, start.move_count());
    assert_eq!(start.legal_moves().len() as u64, start.move_count());
    assert!(ls.contains(&"a2a3a4b4".to_string()));
    assert!(!ls.contains(&"a2a3b3c3".to_string()), "the L must move");
}

fn play_error(p: &Position, text: &str) -> String {
    let m = match p.parse_move(text) {
        Ok(m) => m,
        Err(e) => return format!("parse: {}", crate::said::english::english(&e.said())),
    };
    match p.play(&m) {
        Ok(q) => format!("played: {q}"),
        Err(e) if e.kind() == ErrorKind::Illegal => crate::said::english::english(&e.said()),
        Err(e) => format!("wrong kind: {e:?}"),
    }
}

#[test]
fn illegal_moves_name_the_rule() {
    let p = Position::start();
    let cases = [
        (
            "a2a3b3c3",
            "the L must move to a different placement; a2a3b3c3 is where the red L stands",
        ),
        ("A3,A4,B4,B3", "parse: a3 a4 b4 b3 is not an L placement"),
        ("c1 c2 c3 b2", "parse: c1 c2 c3 b2 is not an L placement"),
        ("b1c1c2c3", "the L cannot cover c2: the blue L is there"),
        ("a1a2a3b3", "the L cannot cover a1: a neutral is there"),
        ("a2a3a4b4 b1-c1", "there is no neutral on b1"),
        (
            "a2a3a4b4 d4-d4",
            "the neutral on d4 must move to another square, or not move at all",
        ),
        (
            "a2a3a4b4 d4-a4",
            "a neutral can only move to an empty square: a4 is covered by the red L",
        ),
        (
            "a2a3a4b4 d4-c2",
            "a neutral can only move to an empty square: c2 is covered by the blue L",
        ),
        (
            "a2a3a4b4 d4-a1",
            "a neutral can only move to an empty square: a1 holds the other neutral",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(play_error(&p, text), want, "{text}");
    }
    // A neutral may go where the L stood before the move.
    assert_eq!(
        play_error(&p, "a2a3a4b4 d4-c3"),
        "played: RR../R.NB/RBBB/N... b"
    );
    assert_eq!(p, Position::start(), "play leaves the position untouched");
}

#[test]
fn losing_moves_counts_the_moves_into_won_positions() {
    let solution = Solution::solve();
    for (i, (p, _)) in solution.classes().enumerate() {
        // The canonical member and another member of the class, seen by the other colour.
        let other = p.transform(Symmetry::ALL[i % 8]).swap_colors();
        for q in [p, other] {
            let counted = q
                .legal_moves()
                .iter()
                .filter(|m| {
                    let after = q.play(m).expect("a listed move is legal");
                    solution.value(&after).outcome == Outcome::Win
                })
                .count();
            assert_eq!(solution.losing_moves(&q), counted, "{q}");
        }
    }
}
