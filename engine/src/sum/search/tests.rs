//! The search against brute force on sums whose coordinates run long, so that lines are read
//! through their running summaries (and short ones point by point), and its bound.

use super::*;
use crate::any::AnyPosition;
use crate::corner;
use crate::said::english::english;
use crate::sum::tests::Product;
use crate::{chocolate, nim, Position as _, Rng};

/// A component with coordinates up to `most`: a corner square, one or two Nim piles, or a
/// chocolate bar of step 0 to 3.
fn long_component(rng: &mut Rng, most: u64) -> AnyPosition {
    let mut pick = |lo: u64, hi: u64| lo + rng.below(hi - lo + 1);
    match pick(0, 2) {
        0 => {
            let piece = crate::sum::tests::piece(pick(0, 7) as usize);
            let (x, y) = (pick(0, most), pick(0, most));
            AnyPosition::Corner(corner::Position::new(piece, most + 1, x, y).expect("on it"))
        }
        1 => {
            let piles = (0..pick(1, 2)).map(|_| pick(0, most)).collect();
            AnyPosition::Nim(nim::Position::new(piles).expect("piles"))
        }
        _ => {
            let k = pick(0, 3) as u32;
            let z = pick(0, most);
            let top = if k == 0 { most } else { z / u64::from(k) };
            let y = pick(0, top);
            AnyPosition::Chocolate(chocolate::Position::new(k, pick(0, most), y, z).expect("bar"))
        }
    }
}

/// The searched remoteness of `p` and of every sum one move away, normal and misère, is
/// what brute force over the product graph gives.
fn searched_as_brute_force(p: &Position) {
    let mut product = Product::new(p);
    let normal = Solved::new(p, Convention::Normal).expect("small");
    let misere = Solved::new(p, Convention::Misere).expect("small");
    let mut sums = vec![p.clone()];
    sums.extend(p.legal_moves().iter().map(|m| p.play(m).expect("legal")));
    for q in &sums {
        let b = product.brute(product.key(q));
        assert_eq!(normal.get(q).map(|(_, r)| r), Some(b.remoteness), "{q}");
        let won = if b.misere_wins {
            Outcome::Win
        } else {
            Outcome::Loss
        };
        assert_eq!(
            misere.get(q),
            Some((won, b.misere_remoteness)),
            "misère {q}"
        );
    }
}

/// Sums of one to three components with coordinates up to 20 and at most 40 000
/// combinations: the searched remoteness of the sum and of every move, normal and misère,
/// equals brute force over the product graph.
#[test]
fn long_lines_are_summarised_exactly() {
    let mut rng = Rng::new(31);
    let mut checked = 0;
    let mut summarised = 0;
    while checked < 600 {
        let count = 1 + rng.below(3);
        let most = [4, 12, 20][rng.below(3) as usize];
        let components = (0..count).map(|_| long_component(&mut rng, most)).collect();
        let p = Position::new(components).expect("a sum");
        let Ok(space) = Space::new(&p) else { continue };
        if space.states() > 40_000 {
            continue;
        }
        if space.layout.axes.iter().any(|a| a.group.is_some()) {
            summarised += 1;
        }
        searched_as_brute_force(&p);
        checked += 1;
    }
    assert!(summarised > 300, "only {summarised} sums with a long line");
}

/// The bound is a product known at once, and the refusal says how many there were.
#[test]
fn the_bound_is_the_number_of_combinations_and_is_named() {
    // 303 · 201 = 60 903 combinations: searched, whatever the number of moves among them.
    let queen = Position::parse("queen(1024):302,200").unwrap();
    assert_eq!(size(&queen), Ok(60_903));
    // Exactly the bound: searched.
    let nim = Position::parse("nim:999,999").unwrap();
    assert_eq!(size(&nim), Ok(MAX_STATES));
    let over = Position::parse("nim:999,1000").unwrap();
    let e = size(&over).unwrap_err();
    assert_eq!(
        english(&e.reason()),
        "too large to search: 1001000 combinations of the components' positions, more than \
         the 1000000 one search covers"
    );
    let bar = Position::parse("chocolate(1):10,100,1000").unwrap();
    assert!(english(&size(&bar).unwrap_err().reason()).contains("box x·y·z"));
    let huge = Position::parse(
        "rook(1000000000000000):999999999999999,999999999999999 + \
                                rook(1000000000000000):999999999999999,999999999999999 + \
                                rook(1000000000000000):999999999999999,999999999999999",
    )
    .unwrap();
    assert!(english(&size(&huge).unwrap_err().reason()).contains("more than 2^128"));
}

/// Positions outside the box searched, or of another game, are not answered.
#[test]
fn only_the_combinations_searched_are_answered() {
    let p = Position::parse("queen(20):12,9 + nim:10").unwrap();
    let s = Solved::new(&p, Convention::Normal).unwrap();
    assert!(s.get(&p).is_some());
    for other in [
        "queen(20):13,9 + nim:10",
        "queen(20):12,9 + nim:11",
        "rook(20):12,9 + nim:10",
        "queen(21):12,9 + nim:10",
        "queen(20):12,9",
    ] {
        assert_eq!(s.get(&Position::parse(other).unwrap()), None, "{other}");
    }
    assert_eq!(
        s.get(&Position::parse("queen(20):0,0 + nim:0").unwrap()),
        Some((Outcome::Loss, 0))
    );
}

/// Sums holding heap games, whose splits change how many heaps there are: their positions are
/// listed, and the searched remoteness of the sum and of every move, normal and misère,
/// equals brute force over the product graph, which follows the heaps as they stand.
#[test]
fn heap_components_are_searched_through_their_listed_positions() {
    use crate::heap::{self, Rule};
    let mut rng = Rng::new(7);
    let rules = [
        "kayles",
        "dawsons-chess",
        "grundy",
        "subtraction 1,3 mod 8",
        "octal 4.07",
    ];
    for round in 0..60 {
        let rule = Rule::parse(rules[round % rules.len()]).expect("a rule");
        let mut pick = |lo: u64, hi: u64| lo + rng.below(hi - lo + 1);
        let heaps = (0..pick(1, 3)).map(|_| pick(0, 7)).collect();
        let mut components = vec![AnyPosition::Heap(
            heap::Position::new(rule, heaps).expect("heaps"),
        )];
        if round % 3 > 0 {
            components.push(long_component(&mut rng, 4));
        }
        let p = Position::new(components).expect("a sum");
        searched_as_brute_force(&p);
    }
    // A heap component that reaches more positions than are listed is not searched, and
    // the reason says which and how many.
    let big = Position::parse("heap grundy:200 + nim:3").unwrap();
    let e = size(&big).unwrap_err();
    assert_eq!(
        english(&e.reason()),
        "not searched: component 1 is a heap game reaching more than 4096 positions (the \
         sum's Grundy number is exact)"
    );
}

/// Sums holding chocolate bars whose edge is a formula: written with the edge in brackets
/// (a `+` in it is no component's end), their moves listed, and the searched remoteness,
/// normal and misère, equal to brute force.
#[test]
fn formula_edge_bars_are_searched_through_their_listed_moves() {
    let p = Position::parse("chocolate(z // 2 + z // 3):1,2,5 + nim:3").expect("a sum");
    assert_eq!(p.to_string(), "chocolate(z // 2 + z // 3):1,2,5 + nim:3");
    assert_eq!(Position::parse(&p.to_string()), Ok(p));
    let mut rng = Rng::new(3);
    for (round, edge) in ["z * z", "z // 2 + z // 3", "min(z, 2)"]
        .iter()
        .cycle()
        .take(45)
        .enumerate()
    {
        let edge = chocolate::Edge::formula(edge).expect("an edge");
        let mut pick = |lo: u64, hi: u64| lo + rng.below(hi - lo + 1);
        let z = pick(0, 6);
        let y = pick(0, edge.height(z).min(4));
        let bar = chocolate::Position::new(edge, pick(0, 3), y, z).expect("a bar");
        let mut components = vec![AnyPosition::Chocolate(bar)];
        if round % 3 > 0 {
            components.push(long_component(&mut rng, 4));
        }
        let p = Position::new(components).expect("a sum");
        searched_as_brute_force(&p);
    }
    let wide = Position::parse("chocolate(z * z):10,30,40 + nim:3").unwrap();
    assert_eq!(
        english(&size(&wide).unwrap_err().reason()),
        "not searched: component 1 is a chocolate bar whose edge is a formula, and its box \
         x·y·z holds more than 4096 bars (the sum's Grundy number is exact)"
    );
}
