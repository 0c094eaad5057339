//! Chocolate against the published values (docs/RULES.md), brute force, and the exact messages.

use super::brute::{naive_table, Brute};
use super::remoteness::{by_dp, successor_remoteness};
use super::*;
use crate::nim;
use crate::said::english::{english, parts};
use crate::{Error, ErrorKind, Outcome, Position as _};

fn bar(k: u32, x: u64, y: u64, z: u64) -> Position {
    Position::new(k, x, y, z).expect("a valid test bar")
}

fn table(k: u32, z_max: u64) -> Table {
    Table::solve(k, z_max).expect("a small table")
}

#[test]
fn spec_rows_for_step_one() {
    let t = table(1, 20);
    let rows: [&[u64]; 7] = [
        &[0],
        &[1, 2],
        &[2, 1, 3],
        &[3, 4, 1, 5],
        &[4, 3, 5, 1, 6],
        &[5, 6, 4, 7, 1, 8],
        &[6, 5, 7, 4, 8, 1, 9],
    ];
    for (z, row) in rows.iter().enumerate() {
        let z = z as u64;
        let solved: Vec<u64> = (0..=z).filter_map(|y| t.grundy(y, z)).collect();
        assert_eq!(solved, *row, "z = {z}");
        assert_eq!(t.grundy(z + 1, z), None);
    }
    assert_eq!(t.grundy(6, 16), Some(19));
    assert_eq!(t.grundy(5, 12), Some(9));
    assert_eq!(t.grundy(0, 21), None);
}

#[test]
fn even_steps_follow_the_published_formula() {
    for k in [0, 2, 4, 6] {
        let t = table(k, if k == 0 { 300 } else { 1000 });
        let z_max = t.z_max();
        for z in 0..=z_max {
            let height = if k == 0 { z_max } else { z / u64::from(k) };
            for y in 0..=height {
                assert_eq!(t.grundy(y, z), Some(y ^ z), "k = {k}, y = {y}, z = {z}");
            }
        }
    }
}

#[test]
fn the_table_matches_brute_force() {
    for k in 0..=6 {
        let t = table(k, 40);
        let mut brute = Brute::new(k);
        for z in 0..=40 {
            let height = if k == 0 { 40 } else { z / u64::from(k) };
            for y in 0..=height {
                assert_eq!(
                    t.grundy(y, z),
                    Some(brute.grundy(0, y, z)),
                    "k = {k}, y = {y}, z = {z}"
                );
            }
        }
    }
}

#[test]
fn the_table_matches_a_naive_solver_across_bands() {
    for k in 0..=6 {
        let z_max = if k == 0 { 70 } else { 140 };
        let t = table(k, z_max);
        for (z, column) in naive_table(k, z_max).iter().enumerate() {
            let z = z as u64;
            let solved: Vec<u64> = (0..column.len() as u64)
                .map(|y| t.grundy(y, z).unwrap_or(u64::MAX))
                .collect();
            assert_eq!(&solved, column, "k = {k}, z = {z}");
            assert_eq!(t.grundy(column.len() as u64, z), None);
        }
    }
}

#[test]
fn the_bar_is_the_sum_of_strip_and_staircase() {
    for k in 0..=4 {
        let t = table(k, 12);
        let mut brute = Brute::new(k);
        for z in 0..=12 {
            for y in 0..=z / u64::from(k.max(1)) {
                for x in 0..=10 {
                    let p = bar(k, x, y, z);
                    let v = value(&p, Some(&t), 1 << 20).expect("inside the table");
                    assert_eq!(v.grundy, Some(brute.grundy(x, y, z)), "{k}: {p}");
                    assert_eq!(v.remoteness, Some(brute.remoteness(x, y, z)), "{k}: {p}");
                    assert_eq!(v.outcome == Outcome::Loss, t.grundy(y, z) == Some(x));
                }
            }
        }
    }
}

#[test]
fn the_dp_is_nim_for_step_zero() {
    for x in 0..=6 {
        for y in 0..=6 {
            for z in 0..=6 {
                let p = bar(0, x, y, z);
                let nim = nim::Position::new(vec![x, y, z]).expect("small piles");
                assert_eq!(by_dp(&p), nim::remoteness(&nim, 0), "{p}");
            }
        }
    }
}

#[test]
fn remoteness_within_and_beyond_the_budget() {
    let p = bar(1, 3, 2, 4);
    // 4 strips × (1 + 2 + 3 + 3 + 3) staircases.
    assert_eq!(remoteness(&p, 48), remoteness(&p, u64::MAX));
    assert!(remoteness(&p, 48).is_some());
    assert_eq!(remoteness(&p, 47), None);
    let huge = bar(1, MAX_LEN, MAX_LEN / 2, MAX_LEN);
    assert_eq!(remoteness(&huge, u64::MAX), None);
    let rectangle = bar(0, MAX_LEN, MAX_LEN, 7);
    assert_eq!(remoteness(&rectangle, 0), Some(1 + 2 * MAX_LEN));
}

#[test]
fn successor_remoteness_is_remoteness_of_each_successor_with_or_without_the_bar() {
    for k in 0..=4u32 {
        for z in 0..=9 {
            for y in 0..=z / u64::from(k.max(1)) {
                for x in 0..=4 {
                    let p = bar(k, x, y, z);
                    let next: Vec<Position> = p
                        .legal_moves()
                        .iter()
                        .map(|m| p.play(m).expect("a listed move is legal"))
                        .collect();
                    // Budgets that cut each family of breaks somewhere in the middle.
                    for budget in [0, 1, 4, 13, 40, 100, 300, u64::MAX] {
                        let each: Vec<Option<u64>> =
                            next.iter().map(|q| remoteness(q, budget)).collect();
                        assert_eq!(
                            successor_remoteness(&p, budget),
                            each,
                            "k = {k}, {p}, budget {budget}"
                        );
                        // One search from the bar itself, when it fits: the same answers.
                        assert_eq!(
                            with_successors(&p, budget),
                            (remoteness(&p, budget), each),
                            "k = {k}, {p}, budget {budget}, with the bar's own"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn successor_remoteness_of_a_long_strip_costs_a_few_budgets() {
    // 60 002 moves: one search per move, of up to 200 000 bars each, took half a minute
    // even optimised; three searches take milliseconds.
    let p = bar(2, 60_000, 1, 2);
    let t = std::time::Instant::now();
    let found = successor_remoteness(&p, 200_000);
    assert_eq!(found.len() as u64, p.move_count());
    // {u, 1, 2} reaches 4·(u + 1) bars: within the budget up to u = 49 999.
    assert_eq!(
        found.iter().take(60_000).filter(|r| r.is_some()).count(),
        50_000
    );
    assert_eq!(found[49_999], remoteness(&bar(2, 49_999, 1, 2), 200_000));
    assert!(t.elapsed().as_secs() < 10, "{:?}", t.elapsed());
}

#[test]
fn grundy_needs_a_table_only_for_odd_steps() {
    let p = bar(2, 1, 2, 5);
    assert_eq!(grundy(&p, None), Ok(1 ^ 2 ^ 5));
    let big = bar(6, MAX_LEN, 3, MAX_LEN);
    assert_eq!(grundy(&big, None), Ok(MAX_LEN ^ 3 ^ MAX_LEN));
    let odd = bar(3, 1, 2, 7);
    assert!(matches!(grundy(&odd, None), Err(e) if e.kind() == ErrorKind::TooLarge));
    assert_eq!(
        grundy(&odd, Some(&table(1, 10))).map_err(|e| parts(&e)),
        Err((
            ErrorKind::Params,
            "k 3".to_owned(),
            "the table was solved for step 1, not step 3".to_owned()
        ))
    );
    assert_eq!(
        grundy(&bar(3, 0, 2, 70), Some(&table(3, 64))).map_err(|e| parts(&e)),
        Err((
            ErrorKind::TooLarge,
            "y 2, z 70".to_owned(),
            "the staircase y = 2, z = 70 is beyond the table for step 3, which stops at z = 64"
                .to_owned()
        ))
    );
}

#[test]
fn table_limits() {
    assert!(matches!(Table::solve(1001, 10), Err(e) if e.kind() == ErrorKind::Params));
    assert!(matches!(Table::solve(1, 10_000), Err(e) if e.kind() == ErrorKind::TooLarge));
    assert!(matches!(Table::solve(0, MAX_LEN), Err(e) if e.kind() == ErrorKind::TooLarge));
    // The steepest step is even, so the formula checks the whole table.
    let steep = table(MAX_K, 20_000);
    for z in 0..=20_000 {
        for y in 0..=z / 1000 {
            assert_eq!(steep.grundy(y, z), Some(y ^ z), "y = {y}, z = {z}");
        }
        assert_eq!(steep.grundy(z / 1000 + 1, z), None);
    }
}

#[test]
fn position_limits_and_notation() {
    assert_eq!(bar(1, 1, 2, 3).to_string(), "1,2,3");
    for text in ["1,2,3", "{1, 2, 3}", "1 2 3", " (1,2, 3) "] {
        assert_eq!(Position::parse(1, text), Ok(bar(1, 1, 2, 3)), "{text}");
    }
    let err = |r: Result<Position, Error>| english(&r.expect_err("refused").said());
    assert_eq!(
        err(Position::new(2, 0, 3, 5)),
        "a staircase with step 2 and z = 5 has height at most 2, not 3"
    );
    assert_eq!(
        err(Position::new(1001, 0, 0, 0)),
        "the staircase step k is 0 to 1000, not 1001"
    );
    assert!(matches!(
        Position::new(1001, 0, 0, 0),
        Err(e) if e.kind() == ErrorKind::Params
    ));
    assert!(matches!(
        Position::new(0, MAX_LEN + 1, 0, 0),
        Err(e) if e.kind() == ErrorKind::Position
    ));
    assert!(Position::new(0, 0, MAX_LEN, 0).is_ok());
    assert_eq!(
        err(Position::parse(1, "1,2")),
        "a chocolate bar is three numbers x,y,z, such as 1,2,3; `1,2` has 2"
    );
    assert!(bar(1, 0, 0, 0).is_terminal());
    assert!(!bar(0, 0, 1, 0).is_terminal());
}

#[test]
fn moves_and_their_errors() {
    let p = bar(2, 3, 2, 5);
    assert_eq!(p.move_count(), 10);
    assert_eq!(p.parse_move("x=1"), Ok(Move::Strip(1)));
    assert_eq!(p.parse_move(" Y = 0 "), Ok(Move::Horizontal(0)));
    assert_eq!(p.parse_move("z=3"), Ok(Move::Vertical(3)));
    assert_eq!(p.play(&Move::Vertical(3)), Ok(bar(2, 3, 1, 3)));
    assert_eq!(p.parse_move("{3, 1, 3}"), Ok(Move::Vertical(3)));
    assert_eq!(p.parse_move("3,2,4"), Ok(Move::Vertical(4)));
    assert_eq!(p.parse_move("0,2,5"), Ok(Move::Strip(0)));
    let illegal = |text: &str| match p.parse_move(text) {
        Err(e) if e.kind() == ErrorKind::Illegal => english(&e.said()),
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    };
    assert_eq!(
        illegal("z=7"),
        "a vertical break must leave fewer columns: z is 5, so z=7 is not a cut"
    );
    assert_eq!(
        illegal("x=3"),
        "shortening the strip must leave fewer squares: x is 3, so x=3 is not a cut"
    );
    assert_eq!(
        illegal("3,4,5"),
        "a horizontal break must leave fewer rows: y is 2, so y=4 is not a cut"
    );
    assert_eq!(
        illegal("3,2,3"),
        "a vertical break to z=3 leaves y = min(2, ⌊3/2⌋) = 1, not 2"
    );
    assert_eq!(
        illegal("1,1,5"),
        "a move makes one break; 3,2,5 → 1,1,5 changes both the strip and the staircase"
    );
    assert_eq!(
        illegal("3,2,5"),
        "3,2,5 is the position itself; a move must eat some chocolate"
    );
    assert_eq!(
        bar(0, 1, 2, 5).parse_move("1,1,3").map_err(|e| parts(&e)),
        Err((
            ErrorKind::Illegal,
            "1,1,3".to_owned(),
            "a vertical break to z=3 keeps y = 2, not 1".to_owned()
        ))
    );
    for text in ["w=1", "x=", "x=-1", "1,2", "x"] {
        assert!(
            matches!(p.parse_move(text), Err(e) if e.kind() == ErrorKind::Notation),
            "{text}: {:?}",
            p.parse_move(text)
        );
    }
}

#[test]
fn a_table_rebuilt_from_its_values_is_the_same_table() {
    for k in 0..=6 {
        for z_max in [0, 1, 5, 63, 64, 200] {
            let t = table(k, z_max);
            let values: Vec<(u64, u64, u64)> = t.values().collect();
            assert_eq!(Some(values.len() as u64), Table::value_count(k, z_max));
            let mut expected = Vec::new();
            for z in 0..=z_max {
                let height = if k == 0 { z_max } else { z / u64::from(k) };
                expected.extend((0..=height).map(|y| (y, z)));
            }
            let coordinates: Vec<(u64, u64)> = values.iter().map(|&(y, z, _)| (y, z)).collect();
            assert_eq!(coordinates, expected, "k = {k}, z_max = {z_max}");
            for &(y, z, g) in &values {
                assert_eq!(t.grundy(y, z), Some(g));
            }
            let rebuilt = Table::from_values(k, z_max, values.iter().map(|&(_, _, g)| g));
            assert_eq!(rebuilt, Ok(t));
        }
    }
    let t = table(1, 10);
    let g: Vec<u64> = t.values().map(|(_, _, g)| g).collect();
    assert!(matches!(
        Table::from_values(1, 10, g[1..].iter().copied()),
        Err(e) if e.kind() == ErrorKind::Params
    ));
    assert!(matches!(
        Table::from_values(1, 9, g.iter().copied()),
        Err(e) if e.kind() == ErrorKind::Params
    ));
    assert!(matches!(
        Table::from_values(1, 0, [2]),
        Err(e) if e.kind() == ErrorKind::Params
    ));
    assert_eq!(Table::value_count(0, 1 << 20), None);
    assert!(matches!(
        Table::from_values(0, 1 << 20, []),
        Err(e) if e.kind() == ErrorKind::TooLarge
    ));
}
