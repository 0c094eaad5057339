//! Sums against brute force over their product graphs — a numerical proof of the
//! Sprague–Grundy theorem on grundy's own games — and the notation people type.

use std::collections::HashMap;
use std::sync::Arc;

use super::search::{Solved, Space, TooLarge};
use super::*;
use crate::any::AnyPosition;
use crate::corner::{self, Piece};
use crate::said::english::english;
use crate::{chocolate, nim, remoteness_of, Convention, Knowledge, Outcome, Position as _, Rng};

/// Tables for every component the tests draw: corner boards up to 8×8, odd-step staircases.
pub(super) fn knowledge() -> Knowledge {
    let mut k = Knowledge::new(crate::DEFAULT_BUDGET);
    for piece in Piece::ALL {
        k.add_corner(Arc::new(corner::Table::solve(piece, 8).expect("8×8")));
    }
    for step in [1, 3] {
        k.add_chocolate(Arc::new(chocolate::Table::solve(step, 16).expect("short")));
    }
    k
}

/// The four named pieces, then four defined by their moves (the knight and the rook that
/// also leaps like one, the king, the knightrider), whose moves the sums' search lists.
pub(super) fn piece(i: usize) -> Piece {
    match i {
        0..=3 => Piece::ALL[i],
        _ => Piece::parse_betza(["N", "RN", "K", "NN"][i - 4]).expect("a piece"),
    }
}

/// A small component: a corner square on a board up to 7×7, one to three Nim piles of at
/// most 4, or a short chocolate bar of step 0 to 3.
pub(super) fn component(rng: &mut Rng) -> AnyPosition {
    let mut pick = |lo: u64, hi: u64| lo + rng.below(hi - lo + 1);
    match pick(0, 2) {
        0 => {
            let piece = crate::sum::tests::piece(pick(0, 7) as usize);
            let size = pick(2, 7);
            let (x, y) = (pick(0, size - 1), pick(0, size - 1));
            AnyPosition::Corner(corner::Position::new(piece, size, x, y).expect("on the board"))
        }
        1 => {
            let piles = (0..pick(1, 3)).map(|_| pick(0, 4)).collect();
            AnyPosition::Nim(nim::Position::new(piles).expect("small piles"))
        }
        _ => {
            let k = pick(0, 3) as u32;
            let z = pick(0, 6);
            let most = if k == 0 { 4 } else { z / u64::from(k) };
            let y = pick(0, most.min(4));
            AnyPosition::Chocolate(chocolate::Position::new(k, pick(0, 3), y, z).expect("a bar"))
        }
    }
}

/// A sum of `count` small components.
pub(super) fn sum_of(count: u64, rng: &mut Rng) -> Position {
    Position::new((0..count).map(|_| component(rng)).collect()).expect("a sum")
}

/// Each component's positions, found by following moves, with their successors.
struct Graph {
    index: HashMap<AnyPosition, usize>,
    successors: Vec<Vec<usize>>,
}

fn graph(start: &AnyPosition) -> Graph {
    fn visit(p: &AnyPosition, g: &mut Graph) -> usize {
        if let Some(&i) = g.index.get(p) {
            return i;
        }
        let next: Vec<usize> = p.successors().iter().map(|q| visit(q, g)).collect();
        let i = g.successors.len();
        g.successors.push(next);
        g.index.insert(p.clone(), i);
        i
    }
    let mut g = Graph {
        index: HashMap::new(),
        successors: Vec::new(),
    };
    visit(start, &mut g);
    g
}

/// What brute force says of one combination of component positions.
#[derive(Debug, Clone, Copy)]
pub(super) struct Brute {
    pub(super) grundy: u64,
    pub(super) remoteness: u64,
    pub(super) misere_wins: bool,
    pub(super) misere_remoteness: u64,
}

/// A sum's combinations of component positions, numbered in mixed radix.
pub(super) struct Product {
    graphs: Vec<Graph>,
    strides: Vec<usize>,
    /// Every combination's values, once solved.
    memo: Vec<Brute>,
}

impl Product {
    pub(super) fn new(p: &Position) -> Product {
        let graphs: Vec<Graph> = p.components().iter().map(graph).collect();
        let mut strides = Vec::new();
        let mut n = 1usize;
        for g in &graphs {
            strides.push(n);
            n = n.saturating_mul(g.successors.len());
        }
        Product {
            graphs,
            strides,
            memo: Vec::new(),
        }
    }

    pub(super) fn states(&self) -> usize {
        self.graphs
            .iter()
            .fold(1usize, |n, g| n.saturating_mul(g.successors.len()))
    }

    pub(super) fn key(&self, q: &Position) -> usize {
        q.components()
            .iter()
            .zip(&self.graphs)
            .zip(&self.strides)
            .map(|((c, g), s)| g.index[c] * s)
            .sum()
    }

    /// Every value of a sum straight from the definitions, over the product graph: the
    /// Grundy number as the mex of the successors' (not an XOR), Smith's remoteness, and
    /// misère play's outcome (no move: the player to move has won) and remoteness.
    pub(super) fn brute(&mut self, at: usize) -> Brute {
        if self.memo.is_empty() {
            // A component's positions are numbered after those they lead to (`graph`), so a
            // move always leads to a smaller combination: solved in increasing order, each
            // combination finds all it leads to solved.
            let mut next = Vec::new();
            let mut large = Vec::new();
            for state in 0..self.states() {
                next.clear();
                for (g, &stride) in self.graphs.iter().zip(&self.strides) {
                    let digit = state / stride % g.successors.len();
                    for &s in &g.successors[digit] {
                        next.push(self.memo[state - digit * stride + s * stride]);
                    }
                }
                let brute = Brute::of(&next, &mut large);
                self.memo.push(brute);
            }
        }
        self.memo[at]
    }
}

impl Brute {
    /// A combination's values from those of the combinations it leads to, by the
    /// definitions: the mex, Smith's remoteness, and misère play's win and remoteness.
    fn of(next: &[Brute], large: &mut Vec<u64>) -> Brute {
        // The mex: the values below 128 as bits, the rest sorted when those are all there.
        let mut small = 0u128;
        large.clear();
        for b in next {
            match b.grundy {
                g @ 0..128 => small |= 1 << g,
                g => large.push(g),
            }
        }
        let mut grundy = u64::from(small.trailing_ones());
        if grundy == 128 {
            large.sort_unstable();
            for &g in large.iter() {
                if g == grundy {
                    grundy += 1;
                } else if g > grundy {
                    break;
                }
            }
        }
        let misere_losing = next
            .iter()
            .filter(|b| !b.misere_wins)
            .map(|b| b.misere_remoteness)
            .min();
        Brute {
            grundy,
            remoteness: remoteness_of(next.iter().map(|b| b.remoteness)),
            misere_wins: next.is_empty() || misere_losing.is_some(),
            misere_remoteness: match misere_losing {
                Some(r) => r + 1,
                None => next
                    .iter()
                    .map(|b| b.misere_remoteness + 1)
                    .max()
                    .unwrap_or(0),
            },
        }
    }
}

/// 10 000 random sums of 2 to 4 components with at most 10⁵ combinations: the outcome, the
/// set of winning moves and the Grundy number the engine gives by the XOR rule equal what the
/// product graph gives by the definitions, and the searched remoteness, normal and misère,
/// equals brute force.
#[test]
fn ten_thousand_sums_obey_the_sprague_grundy_theorem() {
    let knowledge = knowledge();
    let mut rng = Rng::new(22);
    // The sums as they are drawn one after the other, then checked on every core, each
    // dropped once checked (its brute force holds up to 10⁵ combinations' values).
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut shares: Vec<Vec<(Position, Product)>> = (0..threads).map(|_| Vec::new()).collect();
    let mut drawn = 0;
    while drawn < 10_000 {
        let count = 2 + rng.below(3);
        let p = sum_of(count, &mut rng);
        let product = Product::new(&p);
        if product.states() > 100_000 {
            continue;
        }
        shares[drawn % threads].push((p, product));
        drawn += 1;
    }
    let states: usize = std::thread::scope(|scope| {
        let checkers: Vec<_> = shares
            .into_iter()
            .map(|share| {
                let knowledge = &knowledge;
                scope.spawn(move || {
                    share
                        .into_iter()
                        .map(|(p, product)| check_sum(knowledge, &p, product))
                        .sum::<usize>()
                })
            })
            .collect();
        checkers
            .into_iter()
            .map(|c| c.join().expect("a checker"))
            .sum()
    });
    assert!(states > 1_000_000, "only {states} combinations checked");
}

/// One sum of [`ten_thousand_sums_obey_the_sprague_grundy_theorem`], checked; how many
/// combinations its brute force covered.
fn check_sum(knowledge: &Knowledge, p: &Position, mut product: Product) -> usize {
    let states = product.states();
    let b = product.brute(product.key(p));
    let c = knowledge
        .classify(&AnyPosition::Sum(p.clone()), u64::MAX)
        .expect("classified");
    assert_eq!(c.value.grundy, Some(b.grundy), "{p}");
    assert_eq!(c.value.outcome == Outcome::Win, b.grundy != 0, "{p}");
    assert_eq!(c.value.remoteness, Some(b.remoteness), "{p}");
    for m in &c.moves {
        let AnyPosition::Sum(q) = &m.position else {
            panic!("a sum's move leads to a sum");
        };
        let after = product.brute(product.key(q));
        assert_eq!(m.value.grundy, Some(after.grundy), "{p} → {q}");
        assert_eq!(m.value.remoteness, Some(after.remoteness), "{p} → {q}");
    }
    let winning: Vec<String> = c
        .moves
        .iter()
        .filter(|m| m.value.outcome == Outcome::Loss)
        .map(|m| m.mv.to_string())
        .collect();
    let mut by_xor: Vec<String> = winning_moves(knowledge, p)
        .iter()
        .map(|m| m.to_string())
        .collect();
    let mut expected = winning;
    expected.sort();
    by_xor.sort();
    assert_eq!(by_xor, expected, "{p}");
    let misere = Solved::new(p, Convention::Misere)
        .expect("small")
        .get(p)
        .expect("in it");
    let won = if b.misere_wins {
        Outcome::Win
    } else {
        Outcome::Loss
    };
    assert_eq!(misere, (won, b.misere_remoteness), "misère {p}");
    states
}

#[test]
fn the_explanation_names_the_components_that_can_win() {
    let knowledge = knowledge();
    let p = Position::parse("queen(11):5,3 + nim:3,4,5 + chocolate(1):5,3,7").unwrap();
    let a = analyse(&knowledge, &p).unwrap();
    let grundies: Vec<u64> = a
        .components
        .iter()
        .map(|c| c.value.grundy.unwrap())
        .collect();
    assert_eq!(grundies[0], 0);
    assert_eq!(grundies[1], 2);
    assert_eq!(a.explanation.nim_sum, grundies.iter().fold(0, |x, g| x ^ g));
    for t in &a.explanation.targets {
        assert_eq!(t.from ^ t.to, a.explanation.nim_sum);
        assert!(t.moves > 0);
    }
    // Every component whose value has the nim-sum's top bit has a winning move.
    let top = 63 - a.explanation.nim_sum.leading_zeros();
    for (i, g) in grundies.iter().enumerate() {
        if g >> top & 1 == 1 {
            assert!(
                a.explanation.targets.iter().any(|t| t.component == i),
                "{i}"
            );
        }
    }
    let value = knowledge.value(&AnyPosition::Sum(p)).unwrap().value;
    assert_eq!(value.grundy, Some(a.explanation.nim_sum));
}

#[test]
fn a_sum_too_large_to_search_has_no_remoteness_and_says_why() {
    let knowledge = knowledge();
    let p = Position::parse("nim:40,40,40 + nim:40,40 + queen(8):7,7").unwrap();
    let a = analyse(&knowledge, &p).unwrap();
    let value = knowledge.value(&AnyPosition::Sum(p.clone())).unwrap().value;
    assert_eq!(value.remoteness, None);
    let why = english(&Space::new(&p).err().unwrap().reason());
    assert!(why.starts_with("too large to search"), "{why}");
    assert!(matches!(
        Solved::new(&p, Convention::Normal),
        Err(TooLarge::States { .. })
    ));
    // The outcome and Grundy number are still exact: 40 ⊕ 40 ⊕ 40 = 40, 40 ⊕ 40 = 0.
    let queen = a.components[2].value.grundy.unwrap();
    assert_eq!(value.grundy, Some(40 ^ queen));
}

#[test]
fn positions_are_written_canonically_and_errors_name_the_component() {
    let p = Position::parse(" queen(11):(5, 3)+nim:3 4 5 + chocolate(1):5,3,7 ").unwrap();
    assert_eq!(
        p.to_string(),
        "queen(11):5,3 + nim:3,4,5 + chocolate(1):5,3,7"
    );
    assert_eq!(
        Position::parse("queen + nim").unwrap().to_string(),
        "queen(8):7,3 + nim:3,4,5"
    );
    assert_eq!(
        Position::parse("rook:12,3").unwrap().to_string(),
        "rook(13):12,3"
    );
    assert_eq!(
        Position::parse("chocolate:1,1,2").unwrap().to_string(),
        "chocolate(1):1,1,2"
    );
    for (text, reason) in [
        (
            "queen(11):12,3",
            "component 1: square 12,3 is off the 11×11 board",
        ),
        (
            "nim:1 + lgame",
            "component 2 is an L-game, which is not impartial",
        ),
        ("nim:1 + sum:nim:1", "component 2: a sum inside a sum"),
        (
            "nim(3):1",
            "component 1: nim takes no parameter, not (3): write nim:POSITION",
        ),
        (
            "queen(11:5,3",
            "component 1: `queen(11` has no closing bracket",
        ),
        ("chess:1", "component 1: unknown game \"chess\""),
        ("nim:1 + ", "component 2: empty"),
    ] {
        let e = Position::parse(text).unwrap_err();
        assert!(english(e.reason()).starts_with(reason), "{text}: {e}");
        assert_eq!(e.input(), text);
    }
    let many = vec!["nim:1"; MAX_COMPONENTS + 1].join(" + ");
    let e = Position::parse(&many).unwrap_err();
    assert!(english(e.reason()).contains("1 to 16 components"), "{e}");
}
