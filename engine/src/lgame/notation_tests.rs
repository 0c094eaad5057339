//! Position and move notation: what is accepted, and the exact errors for what is not.

use super::{Color, Position};
use crate::said::english::{english, parts};
use crate::{ErrorKind, Position as _};

fn position_error(text: &str) -> String {
    match Position::parse(text) {
        Ok(p) => format!("parsed: {p}"),
        Err(e) if e.kind() == ErrorKind::Position => english(&e.said()),
        Err(e) => format!("wrong kind: {e:?}"),
    }
}

#[test]
fn positions_are_refused_with_the_reason() {
    let cases = [
        ("", "the position is empty; write it like ...N/RRRB/RBBB/N... r"),
        ("...N/RRRB/RBBB/N...", "'...N/RRRB/RBBB/N...' has no side to move; add a space and r or b, as in ...N/RRRB/RBBB/N... r"),
        ("...N/RRRB/RBBB/N... r x", "unexpected 'x' after the side to move; a position ends with r or b"),
        ("...N/RRRB/RBBB r", "there are 3 ranks; the board has 4, separated by /"),
        ("start r", "'start' is one rank; the board has 4, separated by /"),
        ("...N/RRRB./RBBB/N... r", "rank 3 has 5 squares; each rank has 4"),
        ("...N/RRRB/RBBB/N.. r", "rank 1 has 3 squares; each rank has 4"),
        ("...N/RRRB/RBxB/N... r", "'x' on c2 is not a piece; use R, B, N or ."),
        ("...N/RRRB/RBBB/N... x", "side to move must be r or b, not x"),
        ("...N/.RRB/RBBB/N... r", "the red L covers 3 squares; an L covers 4"),
        ("...N/RRR./RB.B/NBB. b", "the blue L on b1 b2 c1 d2 is not an L shape"),
        ("...N/RRR./RBBB/N.B. r", "the blue L on b2 c1 c2 d2 is not an L shape"),
        ("..NN/RRRB/RBBB/N... r", "there are 3 neutrals; there must be 2"),
        ("..../RRRB/RBBB/N... r", "there are 1 neutrals; there must be 2"),
    ];
    for (text, want) in cases {
        assert_eq!(position_error(text), want, "{text:?}");
    }
}

#[test]
fn positions_round_trip_and_accept_spaces_and_a_capital_side() {
    let p = Position::start();
    assert_eq!(p.to_string().parse::<Position>(), Ok(p));
    assert_eq!(Position::parse("  ...N/RRRB/RBBB/N...   R "), Ok(p));
    let blue = Position::parse("...N/RRRB/RBBB/N... b").map(|q| q.to_move());
    assert_eq!(blue, Ok(Color::Blue));
}

#[test]
fn friendlier_move_forms_read_the_same_move() {
    let p = Position::start();
    let want = p.parse_move("a2a3a4b4 d4-b1");
    assert!(want.is_ok());
    for text in [
        "b4 a4 a3 a2, d4-b1",
        "A2A3A4B4 D4B1",
        "a2,a3,a4,b4,d4,b1",
        " a2 a3 a4 b4   d4 - b1 ",
        "a2a3a4b4,d4b1",
        "RR../R..B/RBBB/NN.. b",
    ] {
        assert_eq!(p.parse_move(text), want, "{text}");
    }
    let plain = p.parse_move("b4a4a3a2").map(|m| m.to_string());
    assert_eq!(plain.as_deref(), Ok("a2a3a4b4"));
    let fen = p.parse_move("RR.N/R..B/RBBB/N... b").map(|m| m.to_string());
    assert_eq!(fen.as_deref(), Ok("a2a3a4b4"));
}

#[test]
fn unreadable_moves_are_notation_errors() {
    let p = Position::start();
    let cases = [
        ("", "the move is empty; write the L's new squares such as a2a3b3c3, optionally followed by a neutral move such as d4-b1"),
        ("a2a3a4", "'a2a3a4' names 3 squares; a move is the L's 4 squares, then optionally the neutral's 2 squares"),
        ("a2a3a4b4 d4", "the neutral move in 'a2a3a4b4 d4' names only d4; write it as from-to, such as d4-b1"),
        ("a2a3a4b4d4b1", "separate the neutral move from the L's squares with a space or comma, as in a2a3a4b4 d4-b1"),
        ("a2a3a4b4 d4-", "'a2a3a4b4 d4-' ends with '-'; a neutral move is from-to, such as d4-b1"),
        ("a2-a3a4b4", "a '-' belongs only inside the neutral move, before its target; found before a3"),
        ("a2a3a4e4", "e4 in 'a2a3a4e4' is not a square; files are a to d and ranks 1 to 4"),
        ("a2a3a4b", "'b' in 'a2a3a4b' has no rank after it; a square is like b3"),
        ("a2a3a4b4!", "unexpected '!' in move 'a2a3a4b4!'; write squares such as a2a3b3c3 d4-b1"),
        ("a2a2a4b4", "the L's squares name a2 twice; an L covers 4 different squares"),
        ("RR../R..B/RBBB/NN.. x", "side to move must be r or b, not x"),
    ];
    for (text, want) in cases {
        assert_eq!(
            p.parse_move(text).map_err(|e| parts(&e)),
            Err((ErrorKind::Notation, text.to_owned(), want.to_owned())),
            "{text:?}"
        );
    }
}

#[test]
fn a_resulting_position_must_be_one_turn_away() {
    let p = Position::start();
    let cases = [
        (
            "RR../R..B/RBBB/NN.. r",
            "after red's move it is blue's turn, but the position has red to move",
        ),
        (
            "RR.N/R...B/RBBB/N... b",
            "rank 3 has 5 squares; each rank has 4",
        ),
        (
            "RR.N/R.BB/R.B./N.B. b",
            "the blue L moved from b2c2d2d3 to c1c2c3d3; on red's turn only the red L moves",
        ),
        (
            "RR../R..B/RBBB/.NN. b",
            "both neutrals moved, from a1 d4 to b1 c1; at most one may move",
        ),
    ];
    for (text, want) in cases {
        let got = p.parse_move(text).map_err(|e| english(&e.said()));
        assert_eq!(got, Err(want.to_string()), "{text:?}");
    }
}
