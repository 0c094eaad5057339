//! The search finds the published formulas from the tables alone.

use std::sync::Arc;
use std::time::Duration;

use super::*;
use crate::chocolate;
use crate::corner::{Piece, Table};

fn until() -> Until {
    Until {
        threads: 2,
        limit: Duration::from_secs(120),
        abandoned: Default::default(),
    }
}

fn corner(piece: Piece, n: u64) -> Table2D {
    Table2D::Corner(Arc::new(Table::solve(piece, n).expect("a table")))
}

/// The formula found with formulas of size 7 enumerated (the default, 8, takes several
/// times as long: `cargo bench -p grundy-engine --bench guess` measures it).
fn found(table: &Table2D, aim: Aim) -> Found {
    let q = Question {
        max_size: 7,
        ..Question::new(aim)
    };
    let g = guess(table, &q, &until(), &|_| {});
    g.found.expect("a formula")
}

#[test]
fn the_rook_is_nim() {
    let f = found(&corner(Piece::Rook, 64), Aim::Grundy);
    assert_eq!(f.formula, "x xor y");
    assert_eq!(f.size, 3);
}

/// What is found from the cells below 32 holds on every cell below 512.
fn holds_to_512(piece: Piece, aim: Aim) {
    let table = corner(piece, 512);
    let f = found(&table, aim);
    let statement = Formula::parse(&f.check).unwrap();
    let reach = reach(&table, &statement, 512, &until(), &|_, _| {});
    assert_eq!(reach.fails_at, None, "{}", f.formula);
}

#[test]
fn the_dragon_king() {
    holds_to_512(Piece::Dragon, Aim::Grundy);
}

#[test]
fn the_dragon_horse() {
    holds_to_512(Piece::Horse, Aim::Grundy);
}

#[test]
fn wythoff() {
    holds_to_512(Piece::Queen, Aim::PPositions);
}

#[test]
fn chocolate_with_an_even_step() {
    let table = Table2D::Chocolate(Arc::new(chocolate::Table::solve(2, 200).expect("a table")));
    let f = found(&table, Aim::Grundy);
    assert_eq!(f.formula, "y xor z");
}

#[test]
fn none_is_found_where_none_is_short_and_the_report_says_how_far_it_looked() {
    let q = Question {
        max_size: 5,
        ..Question::new(Aim::Grundy)
    };
    let g = guess(&corner(Piece::Queen, 64), &q, &until(), &|_| {});
    assert_eq!(g.found, None);
    assert_eq!((g.complete, g.end), (5, End::Searched));
}

#[test]
fn a_formula_read_back_from_its_text_has_the_values_the_search_computed() {
    // Every kept formula up to size 6, over cells with negative coordinates too (so that
    // floor division, remainders and floor(a * phi) are tried on both signs).
    let cells: Vec<Cell> = (-6..7i64)
        .flat_map(|a| (-6..7i64).map(move |b| (a, b)))
        .map(|(a, b)| (a as u64, b as u64, 0))
        .collect();
    let mut bank = bank::Bank::new(cells.len(), vec!["x", "y"]);
    let coordinate =
        |i: usize| -> Vec<i16> { cells.iter().map(|c| [c.0, c.1][i] as i64 as i16).collect() };
    for (v, values) in [coordinate(0), coordinate(1)].into_iter().enumerate() {
        let hash = bank::hash(&values);
        let node = bank::Node::Var(v as u8);
        bank.keep(bank::Candidate { node, hash, values });
    }
    for n in 0..=5i16 {
        let values = vec![n; cells.len()];
        let hash = bank::hash(&values);
        bank.keep(bank::Candidate {
            node: bank::Node::Num(n),
            hash,
            values,
        });
    }
    bank.next_size();
    for _ in 2..=6 {
        grow::grow(&mut bank, 2, MAX_KEPT, &|| false, &|_, _| {}).unwrap();
    }
    assert!(bank.len() > 10_000, "{}", bank.len());
    for id in 0..bank.len() as u32 {
        let text = bank.term(id).to_string();
        let formula = Formula::parse(&text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        for (i, c) in cells.iter().enumerate() {
            let env = Env {
                x: c.0 as i64,
                y: c.1 as i64,
                ..Env::default()
            };
            let value = formula.value(&env).map(|v| v as i16);
            assert_eq!(value.ok(), Some(bank.values(id)[i]), "{text} at {c:?}");
        }
    }
}

#[test]
fn pieces_and_predicates_are_written_as_check_reads_them() {
    let parity = Term::binary(
        Binary::Mod,
        Term::binary(Binary::Add, Term::Var("x"), Term::Var("y")),
        Term::Num(2),
    );
    let t = Term::Piecewise {
        selector: Box::new(parity),
        class: 0,
        then: Box::new(Term::Var("x")),
        otherwise: Box::new(Term::binary(Binary::Min, Term::Var("x"), Term::Var("y"))),
    };
    assert_eq!(t.to_string(), "if((x + y) % 2 == 0, x, min(x, y))");
    assert_eq!(t.size(), 3 + 5 + 1 + 3);
    let f = Formula::parse(&t.to_string()).unwrap();
    assert_eq!(
        f.value(&Env {
            x: 4,
            y: 1,
            ..Env::default()
        })
        .unwrap(),
        1
    );
    assert_eq!(
        f.value(&Env {
            x: 4,
            y: 2,
            ..Env::default()
        })
        .unwrap(),
        4
    );
}

#[test]
fn a_statement_that_fails_names_the_cells() {
    let table = corner(Piece::Queen, 16);
    let cells = cells(&table, 16);
    let wrong = Found {
        formula: "x xor y".into(),
        check: "x xor y".into(),
        size: 3,
    };
    let at = failures(&wrong, &cells, ["x", "y"]).expect("refuted");
    assert!(at.contains(&(1, 1, 2)), "{at:?}");
    let right = Found {
        formula: String::new(),
        check: "grundy == 0 <-> min(x,y) == floor(abs(x-y)*phi)".into(),
        size: 9,
    };
    assert_eq!(failures(&right, &cells, ["x", "y"]), None);
}
