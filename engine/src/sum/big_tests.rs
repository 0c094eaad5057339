//! Sums with big components of every family — tens of thousands to a million moves, on
//! boards beyond every table — against each component's own answer alone: its every legal
//! move weighed one by one.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::*;
use crate::any::{AnyMove, AnyPosition};
use crate::corner::{self, Piece};
use crate::{chocolate, Knowledge, Outcome, Position as _};

/// Most moves a query lists (the protocol's limit): past it only the winning ones are.
const LISTED: u64 = 4096;

/// Tables as a server keeps them: corner boards to 2048, odd-step staircases to 256.
fn knowledge() -> Knowledge {
    let mut k = Knowledge::new(crate::DEFAULT_BUDGET);
    for piece in Piece::ALL {
        k.add_corner(Arc::new(corner::Table::solve(piece, 2048).expect("2048²")));
    }
    for step in [1, 3] {
        k.add_chocolate(Arc::new(chocolate::Table::solve(step, 256).expect("short")));
    }
    k
}

/// Big components, one or more of every family, most with more moves than the engine used
/// to weigh (100 000).
const BIG: [&str; 11] = [
    "rook(10000000):60000,50000",
    "rook(1000000000000000):600000,500000",
    "dragon(10000000):60000,50000",
    "queen(2048):2000,1500",
    "horse(2048):2000,1500",
    "nim:200000,3",
    "chocolate(2):100000,3,100",
    "chocolate(0):300000,200000,100000",
    "chocolate(1):150000,40,200",
    "chocolate(4):7,2000,200000",
    "chocolate(3):120000,20,100",
];

/// What the other components may be: small, so that the big one decides.
const BESIDE: [&str; 4] = [
    "nim:3",
    "rook(10):5,9",
    "nim:0",
    "nim:1,2 + chocolate(2):1,1,3",
];

/// The moves of `c` alone that lead to Grundy number `to`, every legal move weighed.
fn weighed(k: &Knowledge, c: &AnyPosition, to: u64) -> Vec<AnyMove> {
    c.legal_moves()
        .into_iter()
        .filter(|m| k.grundy(&c.play(m).expect("legal")).expect("known") == Some(to))
        .collect()
}

#[test]
fn big_components_keep_their_winning_moves_in_a_sum() {
    let k = knowledge();
    for big in BIG {
        for beside in BESIDE {
            let p = Position::parse(&format!("{big} + {beside}")).expect("a sum");
            let pos = AnyPosition::Sum(p.clone());
            let g: Vec<u64> = p
                .components()
                .iter()
                .map(|c| k.grundy(c).unwrap().unwrap())
                .collect();
            let x = g.iter().fold(0, |x, g| x ^ g);
            // Every component's moves to gᵢ ⊕ X, each weighed alone.
            let mut expected = BTreeSet::new();
            let mut per_component = Vec::new();
            for (i, c) in p.components().iter().enumerate() {
                let moves = if x == 0 {
                    Vec::new()
                } else {
                    weighed(&k, c, g[i] ^ x)
                };
                per_component.push(moves.len());
                expected.extend(moves.iter().map(|m| format!("{}/{m}", i + 1)));
            }
            assert_eq!(
                x != 0,
                !expected.is_empty(),
                "{p}: a win has a winning move"
            );
            let c = k
                .classify_best(&pos, LISTED, usize::MAX)
                .expect("classified");
            assert!(c.move_count > LISTED || big.starts_with("horse"), "{p}");
            let listed: BTreeSet<String> = c
                .moves
                .iter()
                .filter(|m| m.value.outcome == Outcome::Loss)
                .map(|m| m.mv.to_string())
                .collect();
            assert_eq!(listed, expected, "{p}");
            let a = analyse(&k, &p).expect("analysed");
            for t in &a.explanation.targets {
                assert_eq!(t.moves, per_component[t.component], "{p}: {t:?}");
            }
            let counted: usize = a.explanation.targets.iter().map(|t| t.moves).sum();
            assert_eq!(counted, expected.len(), "{p}");
            // Each component is worth what it is worth alone.
            for (part, c) in a.components.iter().zip(p.components()) {
                assert_eq!(part.value, k.value(c).unwrap().value, "{p}: {c}");
            }
        }
    }
}

/// Alone, a big component lists its own winning moves (to 0) when it has too many moves to
/// list them all: a chocolate bar too.
#[test]
fn big_components_alone_list_their_winning_moves() {
    let k = knowledge();
    for big in BIG {
        let p = Position::parse(big).expect("one component");
        let c = &p.components()[0];
        let listed: BTreeSet<String> = k
            .classify_best(c, LISTED, usize::MAX)
            .expect("classified")
            .moves
            .iter()
            .filter(|m| m.value.outcome == Outcome::Loss)
            .map(|m| m.mv.to_string())
            .collect();
        let expected: BTreeSet<String> = weighed(&k, c, 0).iter().map(|m| m.to_string()).collect();
        assert_eq!(listed, expected, "{big}");
    }
}

/// A queen worth 0 far beyond every table: which of its moves reach 5 no formula says, so
/// the explanation names it instead of leaving it out as if it had none; the Nim move is
/// listed.
#[test]
fn a_component_whose_moves_are_not_known_is_named() {
    let k = Knowledge::new(crate::DEFAULT_BUDGET);
    let (a, b) = corner::wythoff_pair(40_000);
    let p = Position::parse(&format!("queen(200000):{a},{b} + nim:5")).expect("a sum");
    let e = analyse(&k, &p).expect("analysed").explanation;
    assert_eq!(
        (e.unknown.len(), e.unknown[0].component, e.unknown[0].to),
        (1, 0, 5)
    );
    assert_eq!((e.targets.len(), e.targets[0].component), (1, 1));
    let listed: Vec<String> = winning_moves(&k, &p)
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(listed, ["2/1:5"]);
    assert!(k.moves_to(&AnyPosition::Sum(p), 0).is_err());
}
