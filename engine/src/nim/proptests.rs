//! Invariants of Nim on random positions: Grundy and remoteness obey their recursive
//! definitions, moves are legal, notation round-trips, illegal moves change nothing.

use proptest::prelude::*;

use super::*;
use crate::{mex, remoteness_of, ErrorKind, Position as _};

/// Small positions, so that every successor can be listed.
fn small_position() -> impl Strategy<Value = Position> {
    prop::collection::vec(0u64..=12, 1..=5)
        .prop_map(|piles| Position::new(piles).expect("within the limits"))
}

/// Any valid position, up to the largest piles.
fn any_position() -> impl Strategy<Value = Position> {
    prop::collection::vec(0u64..=MAX_PILE, 1..=MAX_PILES)
        .prop_map(|piles| Position::new(piles).expect("within the limits"))
}

proptest! {
    #[test]
    fn grundy_is_the_mex_of_the_successors(p in small_position()) {
        let options = p.successors().iter().map(grundy).collect::<Vec<_>>();
        prop_assert_eq!(grundy(&p), mex(options));
    }

    #[test]
    fn remoteness_obeys_its_definition(p in small_position()) {
        let options = p.successors()
            .iter()
            .map(|q| remoteness(q, 0).expect("always exact"))
            .collect::<Vec<_>>();
        prop_assert_eq!(remoteness(&p, 0), Some(remoteness_of(options)));
    }

    #[test]
    fn a_p_position_has_no_move_to_a_p_position(p in small_position()) {
        if grundy(&p) == 0 {
            prop_assert!(p.successors().iter().all(|q| grundy(q) != 0));
        }
    }

    #[test]
    fn winning_moves_are_exactly_the_moves_to_p_positions(p in small_position()) {
        let expected: Vec<Move> = p
            .legal_moves()
            .into_iter()
            .filter(|m| p.play(m).is_ok_and(|q| grundy(&q) == 0))
            .collect();
        prop_assert_eq!(winning_moves(&p), expected);
    }

    #[test]
    fn winning_moves_of_huge_piles_reach_p_positions(p in any_position()) {
        let v = value(&p, 0);
        let r = v.remoteness.expect("always exact");
        prop_assert!(r <= p.total());
        prop_assert_eq!(r % 2 == 1, v.grundy != Some(0));
        let mut fastest = None;
        for m in winning_moves(&p) {
            let q = p.play(&m).expect("a winning move is legal");
            prop_assert_eq!(grundy(&q), 0);
            let rq = remoteness(&q, 0).expect("exact");
            fastest = Some(fastest.map_or(rq, |f: u64| f.min(rq)));
        }
        prop_assert_eq!(fastest.map(|f| f + 1), (r % 2 == 1).then_some(r));
    }

    #[test]
    fn generated_moves_are_legal_and_counted(p in small_position()) {
        let moves = p.legal_moves();
        prop_assert_eq!(moves.len() as u64, p.move_count());
        for m in &moves {
            let q = p.play(m).expect("legal");
            prop_assert_eq!(q.total() + m.take, p.total());
        }
        prop_assert_eq!(p.is_terminal(), moves.is_empty());
    }

    #[test]
    fn notation_round_trips(p in any_position(), pile in 0usize..16, fraction in 0.0f64..1.0) {
        prop_assert_eq!(Position::parse(&p.to_string()), Ok(p.clone()));
        let spaced = format!("({})", p.to_string().replace(',', ", "));
        prop_assert_eq!(Position::parse(&spaced), Ok(p.clone()));
        let pile = pile % p.piles().len();
        let stones = p.piles()[pile];
        if stones > 0 {
            // Truncation is the point: any take from 1 to the whole pile.
            let take = 1 + ((stones - 1) as f64 * fraction) as u64;
            let m = Move { pile, take: take.min(stones) };
            let q = p.play(&m).expect("legal");
            prop_assert_eq!(p.parse_move(&m.to_string()), Ok(m));
            prop_assert_eq!(p.parse_move(&q.to_string()), Ok(m));
        }
    }

    #[test]
    fn illegal_moves_are_refused_and_change_nothing(
        p in small_position(),
        pile in 0usize..20,
        take in 0u64..30,
    ) {
        let before = p.clone();
        let m = Move { pile, take };
        let legal = pile < p.piles().len() && take >= 1 && take <= p.piles()[pile];
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
        prop_assert_eq!(p, before);
    }
}

proptest! {
    /// Misère Nim (Bouton's misère rule) obeys its definition: a position is won exactly when
    /// it is empty (the opponent took the last stone) or some move leaves a lost one, and the
    /// winning moves are legal and are exactly the moves that leave a lost position.
    #[test]
    fn misere_obeys_its_definition(p in small_position()) {
        let successors = p.successors();
        let won = successors.is_empty() || successors.iter().any(|q| !misere::wins(q));
        prop_assert_eq!(misere::wins(&p), won);
        let winning = misere::winning_moves(&p);
        let expected = p
            .legal_moves()
            .into_iter()
            .filter(|m| p.play(m).is_ok_and(|q| !misere::wins(&q)))
            .count();
        prop_assert_eq!(winning.len(), expected);
        for m in winning {
            let q = p.play(&m).expect("a winning move is legal");
            prop_assert!(!misere::wins(&q));
        }
    }

    /// On piles of any size the winning moves still leave lost positions.
    #[test]
    fn misere_winning_moves_leave_lost_positions(p in any_position()) {
        let winning = misere::winning_moves(&p);
        prop_assert_eq!(winning.is_empty(), !misere::wins(&p) || p.is_terminal());
        for m in winning {
            let q = p.play(&m).expect("a winning move is legal");
            prop_assert!(!misere::wins(&q));
        }
    }
}
