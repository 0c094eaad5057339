//! Invariants of chocolate on random bars: Grundy obeys its recursive definition, moves are
//! legal, notation round-trips, illegal moves change nothing.

use proptest::prelude::*;

use super::*;
use crate::{mex, remoteness_of, ErrorKind, Position as _};

/// The tables need z ≤ this; small, so that every successor can be listed.
const Z_MAX: u64 = 14;

/// A bar with a step 0..=6 and every coordinate at most [`Z_MAX`].
fn small_bar() -> impl Strategy<Value = Position> {
    (0u32..=6, 0..=Z_MAX, 0..=Z_MAX).prop_flat_map(|(k, x, z)| {
        let height = if k == 0 { Z_MAX } else { z / u64::from(k) };
        (0..=height).prop_map(move |y| Position::new(k, x, y, z).expect("a valid bar"))
    })
}

/// A bar of any size with an even step, so that its Grundy number needs no table.
fn big_bar() -> impl Strategy<Value = Position> {
    (0u32..=500, 0..=MAX_LEN, 0..=MAX_LEN, 0.0f64..=1.0).prop_map(|(half, x, z, f)| {
        let k = 2 * half;
        let height = if k == 0 { MAX_LEN } else { z / u64::from(k) };
        // Truncation is the point: any height from 0 to the greatest.
        let y = (height as f64 * f) as u64;
        Position::new(k, x, y.min(height), z).expect("a valid bar")
    })
}

fn table_for(p: &Position) -> Table {
    Table::solve(p.edge(), Z_MAX).expect("a small table")
}

proptest! {
    #[test]
    fn grundy_is_the_mex_of_the_successors(p in small_bar()) {
        let t = table_for(&p);
        let g = |q: &Position| grundy(q, Some(&t)).expect("inside the table");
        let options = p.successors().iter().map(g).collect::<Vec<_>>();
        prop_assert_eq!(g(&p), mex(options));
    }

    #[test]
    fn remoteness_obeys_its_definition(p in small_bar()) {
        let r = |q: &Position| remoteness(q, u64::MAX).expect("a small bar");
        let options = p.successors().iter().map(r).collect::<Vec<_>>();
        prop_assert_eq!(r(&p), remoteness_of(options));
    }

    #[test]
    fn a_p_position_has_no_move_to_a_p_position(p in small_bar()) {
        let t = table_for(&p);
        let v = value(&p, Some(&t), u64::MAX).expect("inside the table");
        let odd = v.remoteness.map(|r| r % 2 == 1);
        prop_assert_eq!(odd, Some(v.grundy != Some(0)));
        if v.grundy == Some(0) {
            for q in p.successors() {
                prop_assert_ne!(grundy(&q, Some(&t)), Ok(0));
            }
        }
    }

    #[test]
    fn generated_moves_are_legal_and_counted(p in small_bar()) {
        let moves = p.legal_moves();
        prop_assert_eq!(moves.len() as u64, p.move_count());
        for q in p.successors() {
            prop_assert!(q.move_count() < p.move_count());
            prop_assert_eq!(Position::new(q.edge(), q.x(), q.y(), q.z()), Ok(q));
        }
        prop_assert_eq!(p.is_terminal(), moves.is_empty());
    }

    #[test]
    fn notation_round_trips(p in small_bar()) {
        prop_assert_eq!(Position::parse(p.edge(), &p.to_string()), Ok(p));
        let braced = format!("{{{}}}", p.to_string().replace(',', ", "));
        prop_assert_eq!(Position::parse(p.edge(), &braced), Ok(p));
        for m in p.legal_moves() {
            let q = p.play(&m).expect("legal");
            prop_assert_eq!(p.parse_move(&m.to_string()), Ok(m));
            prop_assert_eq!(p.parse_move(&q.to_string()), Ok(m));
        }
    }

    #[test]
    fn big_bars_round_trip_and_have_a_grundy_number(p in big_bar()) {
        prop_assert_eq!(Position::parse(p.edge(), &p.to_string()), Ok(p));
        let g = grundy(&p, None).expect("an even step");
        prop_assert_eq!(g, p.x() ^ p.y() ^ p.z());
        if p.y() > 0 {
            let lower = format!("y={}", p.y() - 1);
            prop_assert_eq!(p.parse_move(&lower), Ok(Move::Horizontal(p.y() - 1)));
        }
    }

    #[test]
    fn illegal_moves_are_refused_and_change_nothing(
        p in small_bar(),
        kind in 0u8..3,
        after in 0u64..=2 * Z_MAX,
        x in 0u64..=2 * Z_MAX,
        y in 0u64..=2 * Z_MAX,
        z in 0u64..=2 * Z_MAX,
    ) {
        let before = p;
        let m = match kind {
            0 => Move::Strip(after),
            1 => Move::Horizontal(after),
            _ => Move::Vertical(after),
        };
        let legal = match m {
            Move::Strip(u) => u < p.x(),
            Move::Horizontal(v) => v < p.y(),
            Move::Vertical(w) => w < p.z(),
        };
        match p.play(&m) {
            Ok(_) => prop_assert!(legal),
            Err(e) => {
                prop_assert!(!legal);
                prop_assert!(e.kind() == ErrorKind::Illegal);
                prop_assert!(matches!(
                    p.parse_move(&m.to_string()),
                    Err(e) if e.kind() == ErrorKind::Illegal
                ));
            }
        }
        // Any three numbers are a move exactly when some legal move leads there.
        let text = format!("{x},{y},{z}");
        let reachable = p.successors().iter().any(|q| q.to_string() == text);
        match p.parse_move(&text) {
            Ok(m) => prop_assert_eq!(p.play(&m).map(|q| q.to_string()), Ok(text)),
            Err(e) => {
                prop_assert!(!reachable);
                prop_assert!(e.kind() == ErrorKind::Illegal);
            }
        }
        prop_assert_eq!(p, before);
    }
}
