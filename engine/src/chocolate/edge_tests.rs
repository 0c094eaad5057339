//! Formula edges: read and refused exactly, and every value they give — the solved table,
//! the DP's remoteness in both plays, the winning moves — against brute force over the
//! rules, which knows the edge only as a function.

use std::collections::HashMap;

use super::brute::{naive_edge_table, Brute};
use super::*;
use crate::misere::brute;
use crate::{ErrorKind, Knowledge, Outcome, Position as _};

/// An edge's height at each z, as the tests compute it.
type Height = fn(u64) -> u64;

/// The edges tried, each with the function it must be.
fn edges() -> Vec<(&'static str, Height)> {
    vec![
        ("z * z", |z| z * z),
        ("z // 2 + z // 3", |z| z / 2 + z / 3),
        ("2 * z", |z| 2 * z),
        ("min(z, 3)", |z| z.min(3)),
        ("0", |_| 0),
        ("floor(z / phi)", |z| {
            // ⌊z/φ⌋ = ⌊z·(√5 − 1)/2⌋, exactly: the largest n with 2n + z ≤ z·√5.
            (0..=z)
                .rev()
                .find(|n| (2 * n + z).pow(2) <= 5 * z * z)
                .unwrap_or(0)
        }),
        ("if(z < 4, 0, z - 3)", |z| z.saturating_sub(3)),
    ]
}

fn edge(text: &str) -> Edge {
    Edge::formula(text).expect("an edge")
}

#[test]
fn a_formula_edge_is_its_function_on_every_column() {
    for (text, f) in edges() {
        let e = edge(text);
        assert_eq!(e.formula_text(), Some(text), "{text}");
        for z in [0, 1, 2, 5, 17, 100, EDGE_COLUMNS - 1] {
            assert_eq!(e.height(z), f(z), "{text} at {z}");
        }
        assert_eq!(e.max_z(), EDGE_COLUMNS - 1);
        assert!(!e.has_formula(), "{text}: no closed form for its values");
    }
    // Spaces are folded; the same formula is the same edge.
    assert_eq!(edge("  z *   z "), edge("z * z"));
}

#[test]
fn a_formula_that_is_a_step_is_the_step() {
    assert_eq!(edge("z // 2"), Edge::Step(2));
    assert_eq!(edge("z"), Edge::Step(1));
    assert_eq!(edge("floor(z / 7)"), Edge::Step(7));
    assert!(edge("z // 2").has_formula(), "even steps keep y xor z");
    // Rising by one every 2 columns from a later start is not a step.
    assert!(edge("max(z - 1, 0) // 2").k().is_none());
}

#[test]
fn a_formula_that_is_no_edge_is_refused_saying_where() {
    let refused = |text: &str| {
        let e = Edge::formula(text).expect_err(text);
        assert_eq!(e.kind(), ErrorKind::Params, "{text}");
        assert_eq!(e.input(), text, "{text}");
        e.said()
    };
    let s = refused("z % 3");
    assert_eq!(s.id, "rule-edge-falls");
    assert_eq!(s.arg("z"), Some(&crate::said::Arg::Text("3".into())));
    assert_eq!(refused("z - 1").id, "rule-edge-negative");
    assert_eq!(refused("z + 1").id, "rule-edge-start");
    assert_eq!(refused("x + z").id, "rule-edge-variable");
    assert_eq!(refused("k * z").id, "rule-edge-variable");
    assert_eq!(refused("z < 3").id, "rule-edge-predicate");
    let s = refused("z / 2");
    assert_eq!(
        (s.id, s.arg("z")),
        ("rule-edge-eval", Some(&crate::said::Arg::Text("1".into())))
    );
    assert_eq!(refused("z // (z - 5)").id, "rule-edge-negative"); // -1 at z = 1
    assert_eq!(refused("z // (5 - z)").id, "rule-edge-eval"); // 5 // 0
    assert_eq!(refused("z ^ 4").id, "rule-edge-high");
    assert_eq!(refused("z *").id, "rule-edge-unread");
    assert_eq!(refused(&"z + ".repeat(20)).id, "rule-edge-long");
}

#[test]
fn bars_keep_below_their_edge() {
    let e = edge("z * z");
    assert!(Position::new(e, 1, 9, 3).is_ok());
    let high = Position::new(e, 1, 10, 3).expect_err("above the edge");
    assert_eq!(high.said().id, "rule-bar-too-high");
    let wide = Position::new(e, 0, 0, EDGE_COLUMNS).expect_err("beyond the edge's columns");
    assert_eq!(wide.said().id, "rule-bar-too-wide");
    // A vertical break lowers the stair to the edge.
    let p = Position::parse(e, "2,9,5").expect("a bar");
    assert_eq!(
        p.play(&Move::Vertical(2)).map(|q| q.to_string()),
        Ok("2,4,2".into())
    );
    let e2 = p.parse_move("2,9,2").expect_err("the stair is 4 there");
    assert_eq!(e2.said().id, "rule-bar-leaves-y");
}

#[test]
fn the_table_of_a_formula_edge_is_the_naive_one() {
    for (text, f) in edges() {
        let z_max = if text == "2 * z" || text == "z * z" {
            12
        } else {
            40
        };
        let t = Table::solve(edge(text), z_max).expect("a small table");
        let naive = naive_edge_table(f, z_max);
        for (z, column) in naive.iter().enumerate() {
            for (y, &g) in column.iter().enumerate() {
                assert_eq!(t.grundy(y as u64, z as u64), Some(g), "{text}: {y},{z}");
            }
            let above = column.len() as u64;
            assert_eq!(t.grundy(above, z as u64), None, "{text}: above column {z}");
        }
        let again = Table::from_values(edge(text), z_max, t.values().map(|(_, _, g)| g));
        assert_eq!(again.as_ref(), Ok(&t), "{text}");
    }
}

#[test]
fn every_small_bar_of_a_formula_edge_is_the_brute_force() {
    for (text, f) in edges() {
        let e = edge(text);
        let table = Table::solve(e, 24).expect("a small table");
        let mut knowledge = Knowledge::new(u64::MAX);
        knowledge.add_chocolate(std::sync::Arc::new(table.clone()));
        let mut by_rules = Brute::edge(move |w| Some(f(w)));
        let mut misere_memo = HashMap::new();
        for z in 0..=9 {
            for y in 0..=f(z).min(4) {
                for x in 0..=4 {
                    let p = Position::new(e, x, y, z).expect("below the edge");
                    let v = value(&p, Some(&table), u64::MAX).expect("in the table");
                    let (g, r) = by_rules.solve(x, y, z);
                    assert_eq!((v.grundy, v.remoteness), (Some(g), Some(r)), "{text}: {p}");
                    // The remoteness of each move's bar, from the one DP.
                    let (own, after) = with_successors(&p, u64::MAX);
                    assert_eq!(own, Some(r), "{text}: {p}");
                    for (m, r) in p.legal_moves().iter().zip(after) {
                        let q = p.play(m).expect("legal");
                        assert_eq!(
                            r,
                            Some(by_rules.remoteness(q.x(), q.y(), q.z())),
                            "{text}: {p} {m}"
                        );
                    }
                    // The breaks to a P-position are those the rules give.
                    let to_zero: Vec<Move> = p
                        .legal_moves()
                        .into_iter()
                        .filter(|m| {
                            p.play(m)
                                .is_ok_and(|q| by_rules.grundy(q.x(), q.y(), q.z()) == 0)
                        })
                        .collect();
                    assert_eq!(moves_to(&p, 0, Some(&table)), Ok(to_zero), "{text}: {p}");
                    let any = crate::AnyPosition::Chocolate(p);
                    let answer = knowledge.value(&any).expect("known");
                    assert_eq!(answer.value.grundy, Some(g), "{text}: {p}");
                    // Misère play, against the definition.
                    let (won, r) = brute(&p, &mut misere_memo);
                    let m = misere::value(&p, u64::MAX).expect("a small bar");
                    assert_eq!((m.outcome, m.remoteness), (won, Some(r)), "{text}: {p}");
                    let winning: Vec<Move> = p
                        .legal_moves()
                        .into_iter()
                        .filter(|m| {
                            p.play(m)
                                .is_ok_and(|q| brute(&q, &mut misere_memo).0 == Outcome::Loss)
                        })
                        .collect();
                    assert_eq!(
                        misere::winning_moves(&p, u64::MAX),
                        Some(winning),
                        "{text}: {p}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_formula_edge_needs_its_own_table() {
    let e = edge("z * z");
    let p = Position::new(e, 1, 2, 3).expect("a bar");
    assert_eq!(
        grundy(&p, None).map_err(|e| e.said().id),
        Err("rule-bar-no-table")
    );
    let other = Table::solve(1, 8).expect("a small table");
    assert_eq!(
        grundy(&p, Some(&other)).map_err(|e| e.said().id),
        Err("rule-bar-other-table")
    );
    let small = Table::solve(e, 2).expect("a small table");
    assert_eq!(
        grundy(&p, Some(&small)).map_err(|e| e.said().id),
        Err("rule-bar-beyond-table")
    );
    let wide = Table::solve(e, EDGE_COLUMNS).expect_err("beyond the edge's columns");
    assert_eq!(wide.said().id, "rule-bar-too-wide");
    let steep = Table::solve(e, 1000).expect_err("z * z to 1000 holds 3·10⁸ values");
    assert_eq!(steep.said().id, "rule-bar-table-large");
}
