//! The corner family against the published tables, brute force, the formulas, and invariants.

use engine::corner::{self, Piece, Position, Table};
use engine::{mex, remoteness_of, ErrorKind, Outcome, Position as _};
use proptest::prelude::*;

mod english;
use english::english;

const QUEEN_11: &str = "
 0  1  2  3  4  5  6  7  8  9 10
 1  2  0  4  5  3  7  8  6 10 11
 2  0  1  5  3  4  8  6  7 11  9
 3  4  5  6  2  0  1  9 10 12  8
 4  5  3  2  7  6  9  0  1  8 13
 5  3  4  0  6  8 10  1  2  7 12
 6  7  8  1  9 10  3  4  5 13  0
 7  8  6  9  0  1  4  5  3 14 15
 8  6  7 10  1  2  5  3  4 15 16
 9 10 11 12  8  7 13 14 15 16 17
10 11  9  8 13 12  0 15 16 17 14";

const HORSE_11: &str = "
0 1 0 1 0 1 0 1 0 1 0
1 2 3 2 3 2 3 2 3 2 3
0 3 1 0 1 0 1 0 1 0 1
1 2 0 3 2 3 2 3 2 3 2
0 3 1 2 4 5 4 5 4 5 4
1 2 0 3 5 6 7 6 7 6 7
0 3 1 2 4 7 5 4 5 4 5
1 2 0 3 5 6 4 7 6 7 6
0 3 1 2 4 7 5 6 8 9 8
1 2 0 3 5 6 4 7 9 10 11
0 3 1 2 4 7 5 6 8 11 9";

fn grid(text: &str) -> Vec<Vec<u64>> {
    text.trim()
        .lines()
        .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
        .collect()
}

/// Grundy and remoteness by plain recursion over `legal_moves` (memoised), no shortcuts.
fn brute(piece: Piece, n: u64) -> Vec<Vec<(u64, u64)>> {
    let n = n as usize;
    let mut t = vec![vec![(0, 0); n]; n];
    for x in 0..n {
        for y in 0..n {
            let p = Position::new(piece, n as u64, x as u64, y as u64).unwrap();
            let succ: Vec<(u64, u64)> = p
                .legal_moves()
                .iter()
                .map(|m| t[m.x as usize][m.y as usize])
                .collect();
            t[x][y] = (
                mex(succ.iter().map(|s| s.0)),
                remoteness_of(succ.iter().map(|s| s.1)),
            );
        }
    }
    t
}

#[test]
fn queen_and_horse_match_the_spec_tables() {
    for (piece, text) in [(Piece::Queen, QUEEN_11), (Piece::Horse, HORSE_11)] {
        let table = Table::solve(piece, 11).unwrap();
        for (x, row) in grid(text).iter().enumerate() {
            for (y, &g) in row.iter().enumerate() {
                assert_eq!(
                    table.get(x as u64, y as u64).unwrap().0,
                    g,
                    "{piece} {x},{y}"
                );
            }
        }
    }
}

/// The table solver against [`brute`] with 1, 2 and 3 threads. One test per piece, so that
/// the (slow in debug builds) brute forces run in parallel.
fn solver_equals_brute_force_with_any_thread_count(piece: Piece) {
    // 150 > 2 bands of 64 rows, so the hand-off between bands and threads is exercised.
    let n = 150;
    let expected = brute(piece, n);
    for threads in [1, 2, 3] {
        let table = Table::solve_with(piece, n, threads, &|_, _| {}).unwrap();
        for x in 0..n {
            for y in 0..n {
                assert_eq!(
                    table.get(x, y).unwrap(),
                    expected[x as usize][y as usize],
                    "{piece} ({x},{y}) with {threads} threads"
                );
            }
        }
    }
}

#[test]
fn queen_solver_equals_brute_force_with_any_thread_count() {
    solver_equals_brute_force_with_any_thread_count(Piece::Queen);
}

#[test]
fn rook_solver_equals_brute_force_with_any_thread_count() {
    solver_equals_brute_force_with_any_thread_count(Piece::Rook);
}

#[test]
fn horse_solver_equals_brute_force_with_any_thread_count() {
    solver_equals_brute_force_with_any_thread_count(Piece::Horse);
}

#[test]
fn dragon_solver_equals_brute_force_with_any_thread_count() {
    solver_equals_brute_force_with_any_thread_count(Piece::Dragon);
}

#[test]
fn formulas_agree_with_the_solver() {
    let n = 700;
    let tables: Vec<Table> = Piece::ALL
        .iter()
        .map(|&p| Table::solve(p, n).unwrap())
        .collect();
    for x in 0..n {
        for y in 0..n {
            let [q, r, h, d] = [0, 1, 2, 3].map(|i| tables[i].get(x, y).unwrap());
            assert_eq!(q.0 == 0, corner::wythoff_is_p(x, y), "queen {x},{y}");
            assert_eq!(r, (x ^ y, corner::rook_remoteness(x, y)), "rook {x},{y}");
            assert_eq!(h.0 == 0, corner::horse_is_p(x, y), "horse {x},{y}");
            assert_eq!(d.0, corner::dragon_grundy(x, y), "dragon {x},{y}");
            // Odd remoteness exactly for N-positions.
            for (g, rem) in [q, r, h, d] {
                assert_eq!(g == 0, rem % 2 == 0, "{x},{y}");
            }
        }
    }
}

#[test]
fn queen_lines_hold_each_value_at_most_once() {
    let n = 300u64;
    let t = Table::solve(Piece::Queen, n).unwrap();
    let g = |x, y| t.get(x, y).unwrap().0;
    for a in 0..n {
        let mut row: Vec<u64> = (0..n).map(|b| g(a, b)).collect();
        let mut diag: Vec<u64> = (0..n - a).map(|t| g(t, a + t)).collect();
        for v in [&mut row, &mut diag] {
            let len = v.len();
            v.sort_unstable();
            v.dedup();
            assert_eq!(v.len(), len, "line {a}");
        }
    }
}

#[test]
fn value_uses_the_table_inside_and_formulas_beyond() {
    let t = Table::solve(Piece::Queen, 64).unwrap();
    let inside = Position::new(Piece::Queen, 1000, 10, 6).unwrap();
    assert_eq!(corner::value(&inside, Some(&t)).grundy, Some(0));
    assert_eq!(
        corner::value(&inside, Some(&t)).remoteness,
        Some(t.get(10, 6).unwrap().1)
    );
    let (a, b) = corner::wythoff_pair(100_000_000_000);
    let far = Position::new(Piece::Queen, corner::MAX_SIZE, a, b).unwrap();
    let v = corner::value(&far, Some(&t));
    assert_eq!(
        (v.outcome, v.grundy, v.remoteness),
        (Outcome::Loss, Some(0), None)
    );
    let far_n = Position::new(Piece::Queen, corner::MAX_SIZE, a + 1, b).unwrap();
    assert_eq!(corner::value(&far_n, None).outcome, Outcome::Win);
    let rook = Position::new(Piece::Rook, corner::MAX_SIZE, 5, 1 << 40).unwrap();
    let v = corner::value(&rook, None);
    assert_eq!((v.grundy, v.remoteness), (Some(5 ^ (1 << 40)), Some(11)));
}

#[test]
fn a_table_rebuilt_from_its_triangle_is_the_same_table() {
    for piece in Piece::ALL {
        for n in [1, 2, 63, 64, 65, 130] {
            let t = Table::solve(piece, n).unwrap();
            let triangle: Vec<_> = t.triangle().collect();
            assert_eq!(triangle.len() as u64, n * (n + 1) / 2);
            assert!(triangle
                .windows(2)
                .all(|w| (w[0].0, w[0].1) < (w[1].0, w[1].1)));
            for &(x, y, g, r) in &triangle {
                assert!(x <= y);
                assert_eq!(t.get(x, y), Some((g, r)));
                assert_eq!(t.get(y, x), Some((g, r)));
            }
            let values = triangle.iter().map(|&(_, _, g, r)| (g, r));
            assert_eq!(Table::from_triangle(piece, n, values), Ok(t));
        }
    }
    let t = Table::solve(Piece::Rook, 8).unwrap();
    let values: Vec<_> = t.triangle().map(|(_, _, g, r)| (g, r)).collect();
    let short = Table::from_triangle(Piece::Rook, 8, values[1..].iter().copied());
    assert!(matches!(short, Err(e) if e.kind() == ErrorKind::Params));
    let long = Table::from_triangle(Piece::Rook, 7, values.iter().copied());
    assert!(matches!(long, Err(e) if e.kind() == ErrorKind::Params));
    let wide = Table::from_triangle(Piece::Rook, 1, [(1 << 16, 0)]);
    assert!(matches!(wide, Err(e) if e.kind() == ErrorKind::Params));
    assert!(Table::from_triangle(Piece::Rook, 0, []).is_err());
}

#[test]
fn errors_say_what_is_wrong() {
    let e = Position::new(Piece::Queen, 11, 12, 3).unwrap_err();
    assert_eq!(english(&e.said()), "square 12,3 is off the 11×11 board");
    let p = Position::new(Piece::Queen, 11, 5, 3).unwrap();
    let m = p.parse_move("4,1").unwrap();
    let e = p.play(&m).unwrap_err();
    assert!(e.kind() == ErrorKind::Illegal);
    assert_eq!(
        english(&e.said()),
        "the queen moves only left, down or diagonally toward the corner: 5,3 → 4,1 is neither"
    );
    assert!(matches!(
        Position::parse(Piece::Rook, 8, "3;x"),
        Err(e) if e.kind() == ErrorKind::Position
    ));
    assert!(matches!(p.parse_move("jump"), Err(e) if e.kind() == ErrorKind::Notation));
    assert!(matches!(
        Position::new(Piece::Rook, 1, 0, 0),
        Err(e) if e.kind() == ErrorKind::Params
    ));
    assert!(Table::solve(Piece::Queen, corner::MAX_TABLE + 1).is_err());
}

#[test]
fn friendly_moves() {
    let p = Position::new(Piece::Queen, 11, 5, 3).unwrap();
    for (text, to) in [
        ("l2", "3,3"),
        ("down 3", "5,0"),
        ("ld3", "2,0"),
        ("2,0", "2,0"),
    ] {
        let m = p.parse_move(text).unwrap();
        assert_eq!(p.play(&m).unwrap().to_string(), to, "{text}");
    }
    assert!(p.parse_move("d4").is_err());
}

fn any_position() -> impl Strategy<Value = Position> {
    (0usize..4, 2u64..120)
        .prop_flat_map(|(i, n)| (Just(Piece::ALL[i]), Just(n), 0..n, 0..n))
        .prop_map(|(piece, n, x, y)| Position::new(piece, n, x, y).unwrap())
}

proptest! {
    #[test]
    fn moves_are_legal_and_notation_round_trips(p in any_position()) {
        prop_assert_eq!(Position::parse(p.piece(), p.size(), &p.to_string()).unwrap(), p);
        let moves = p.legal_moves();
        prop_assert_eq!(moves.len() as u64, p.move_count());
        prop_assert_eq!(p.is_terminal(), p.x() == 0 && p.y() == 0);
        for m in &moves {
            let q = p.play(m).unwrap();
            prop_assert_eq!(&p.parse_move(&m.to_string()).unwrap(), m);
            prop_assert_eq!(&p.parse_move(&q.to_string()).unwrap(), m);
        }
    }

    #[test]
    fn illegal_targets_are_refused(p in any_position(), u in 0u64..130, v in 0u64..130) {
        let m = engine::corner::Move { x: u, y: v };
        let legal = p.legal_moves().contains(&m);
        let before = p;
        prop_assert_eq!(p.play(&m).is_ok(), legal);
        prop_assert_eq!(p, before);
    }

    #[test]
    fn grundy_is_mex_and_p_positions_have_no_p_successor(p in any_position()) {
        let t = Table::solve(p.piece(), p.size()).unwrap();
        let value = |q: &Position| t.get(q.x(), q.y()).unwrap();
        let succ: Vec<(u64, u64)> = p.legal_moves().iter().map(|m| value(&p.play(m).unwrap())).collect();
        prop_assert_eq!(value(&p).0, mex(succ.iter().map(|s| s.0)));
        if value(&p).0 == 0 {
            prop_assert!(succ.iter().all(|s| s.0 != 0));
        }
        prop_assert_eq!(value(&p).1, remoteness_of(succ.iter().map(|s| s.1)));
    }
}
