//! Corner games with a piece defined by its moves (Betza's notation): against the four named
//! pieces' own solvers, against brute force for every letter, and their invariants.

use engine::corner::{self, misere::MisereTable, Betza, Piece, Position, Table};
use engine::{mex, remoteness_of, Outcome, Position as _, Variant};
use proptest::prelude::*;

mod english;
use english::english;

fn betza(text: &str) -> Betza {
    Betza::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Grundy number, remoteness and misère remoteness of every square of an n×n board, by
/// brute force: each square from its moves, listed one by one.
fn brute(moves: &Betza, n: u64) -> Vec<Vec<(u64, u64, u64)>> {
    let mut t = vec![vec![(0, 0, 0); n as usize]; n as usize];
    for s in 0..2 * n {
        for x in 0..n.min(s + 1) {
            let y = s - x;
            if y >= n {
                continue;
            }
            let to: Vec<(u64, u64, u64)> = moves
                .moves_from(x, y)
                .map(|(u, v)| t[u as usize][v as usize])
                .collect();
            let g = mex(to.iter().map(|v| v.0));
            let r = remoteness_of(to.iter().map(|v| v.1));
            // Misère: a move to a lost square (odd) wins at once; no move at all wins.
            let odd = to.iter().map(|v| v.2).filter(|m| m % 2 == 1).min();
            let m = match (odd, to.iter().map(|v| v.2).max()) {
                (Some(o), _) => o + 1,
                (None, Some(most)) => most + 1,
                (None, None) => 0,
            };
            t[x as usize][y as usize] = (g, r, m);
        }
    }
    t
}

/// The same moves written as a defined piece, never as the named piece they equal: so the
/// defined pieces' own solver runs.
fn as_defined(text: &str) -> Piece {
    Piece::Defined(betza(text))
}

#[test]
fn the_four_named_pieces_are_their_betza_spellings() {
    for (piece, spelled) in [
        (Piece::Queen, "RB"),
        (Piece::Rook, "R"),
        (Piece::Horse, "BW"),
        (Piece::Dragon, "RF"),
    ] {
        assert_eq!(piece.betza().to_string(), spelled);
        assert_eq!(Piece::parse_betza(spelled).expect("valid"), piece);
    }
    assert_eq!(Piece::parse_betza("Q").expect("valid"), Piece::Queen);
    assert_eq!(Piece::parse_betza("WWFF").expect("valid"), Piece::Queen);
    assert_eq!(Piece::parse_betza("FR").expect("valid"), Piece::Dragon);
    let rn = Piece::parse_betza("NR").expect("valid");
    assert_eq!(rn.to_string(), "RN");
    assert_eq!(rn.name(), "corner");
}

/// The defined pieces' solver, given the four named pieces' moves, finds their tables
/// square for square, in normal and misère play.
#[test]
fn the_defined_solver_agrees_with_the_named_pieces_solvers() {
    for named in Piece::ALL {
        let spelled = named.betza();
        let defined = Piece::Defined(spelled);
        let n = 300;
        let own = Table::solve(named, n).expect("a table");
        let defined_table = Table::solve(defined, n).expect("a table");
        assert!(
            own.triangle().eq(defined_table.triangle()),
            "{spelled} differs from {named}"
        );
        let own = MisereTable::solve(named, n).expect("a table");
        let defined_misere = MisereTable::solve(defined, n).expect("a table");
        for x in 0..n {
            for y in 0..n {
                assert_eq!(
                    own.value(named, x, y).map(|v| (v.outcome, v.remoteness)),
                    defined_misere
                        .value(defined, x, y)
                        .map(|v| (v.outcome, v.remoteness)),
                    "misère {spelled} at {x},{y}"
                );
            }
        }
    }
}

/// Every letter, riders and ranges, against brute force (the pieces checked on every core).
#[test]
fn every_letter_agrees_with_brute_force() {
    let pieces = [
        "W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "NN", "R3", "B2", "RN", "CZ", "NNF",
        "DDA", "N2W", "GGR2", "BWN", "ZZCC",
    ];
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for share in 0..threads {
            scope.spawn(move || {
                for spelled in pieces.iter().skip(share).step_by(threads) {
                    agrees_with_brute_force(spelled);
                }
            });
        }
    });
}

/// One piece of [`every_letter_agrees_with_brute_force`], on a board of 24.
fn agrees_with_brute_force(spelled: &str) {
    let n = 24;
    let moves = betza(spelled);
    let piece = as_defined(spelled);
    let t = brute(&moves, n);
    let table = Table::solve(piece, n).expect("a table");
    let misere = MisereTable::solve(piece, n).expect("a table");
    let mut knowledge = engine::Knowledge::new(engine::DEFAULT_BUDGET);
    knowledge.add_corner(std::sync::Arc::new(table.clone()));
    for x in 0..n {
        for y in 0..n {
            let (g, r, m) = t[x as usize][y as usize];
            assert_eq!(table.get(x, y), Some((g, r)), "{spelled} at {x},{y}");
            let lost = misere.value(piece, x, y).map(|v| v.outcome);
            let expected = if m % 2 == 1 {
                Outcome::Loss
            } else {
                Outcome::Win
            };
            assert_eq!(lost, Some(expected), "misère {spelled} at {x},{y}");
            // Without a table: solved on the spot, the same.
            let p = Position::new(piece, n, x, y).expect("on the board");
            let v = corner::value(&p, None);
            assert_eq!((v.grundy, v.remoteness), (Some(g), Some(r)));
            assert_eq!(corner::is_p(piece, x, y), g == 0);
            assert_eq!(corner::misere::is_lost(piece, x, y), m % 2 == 1);
            let winning = corner::winning_moves(piece, x, y);
            let naive: Vec<(u64, u64)> = p
                .legal_moves()
                .iter()
                .map(|mv| (mv.x, mv.y))
                .filter(|&(u, v)| t[u as usize][v as usize].0 == 0)
                .collect();
            assert_eq!(winning, naive, "{spelled} at {x},{y}");
            // The moves to a value, read in the table (a sum's component needs them).
            for target in 0..3 {
                let read: Vec<String> = knowledge
                    .moves_to(&engine::AnyPosition::Corner(p), target)
                    .expect("within the table")
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                let naive: Vec<String> = p
                    .legal_moves()
                    .iter()
                    .filter(|mv| t[mv.x as usize][mv.y as usize].0 == target)
                    .map(ToString::to_string)
                    .collect();
                assert_eq!(read, naive, "{spelled} at {x},{y} to {target}");
            }
        }
    }
}

#[test]
fn a_defined_piece_is_played_by_its_moves() {
    let variant =
        Variant::corner(Piece::parse_betza("RN").expect("valid"), Some(16)).expect("a board");
    assert_eq!(variant.kind().name(), "corner");
    let start = variant.parse_position("5,3").expect("on the board");
    let engine::AnyPosition::Corner(p) = start.clone() else {
        panic!("a corner position");
    };
    let moves: Vec<String> = p.legal_moves().iter().map(ToString::to_string).collect();
    assert_eq!(
        moves,
        ["0,3", "1,3", "2,3", "3,2", "3,3", "4,1", "4,3", "5,0", "5,1", "5,2"]
    );
    assert_eq!(p.move_count(), 10);
    let e = p
        .play(&p.parse_move("4,2").expect("a square"))
        .expect_err("no such move");
    assert_eq!(
        english(&e.said()),
        "the piece RN moves only as its letters say, and only toward the corner: 5,3 → 4,2 is \
         not one of its moves"
    );
    // A defined piece's board is at most the side its table may have.
    let big = Variant::corner(Piece::parse_betza("RN").expect("valid"), Some(5000));
    assert_eq!(
        english(&big.expect_err("too large").said()),
        "board size must be between 2 and 4096, not 5000"
    );
    let e = Variant::new(engine::GameKind::Corner, Some(8), None).expect_err("no piece");
    assert!(english(&e.said()).starts_with("the corner game needs its piece"));
    // A component of a sum near its corner, where the sums' search lists its moves; not far
    // from it.
    let nim = Variant::Nim.parse_position("3").expect("a heap");
    engine::sum::Position::new(vec![nim.clone(), start]).expect("near the corner");
    let far = Variant::corner(Piece::parse_betza("RN").expect("valid"), Some(100))
        .and_then(|v| v.parse_position("80,90"))
        .expect("on the board");
    let e = engine::sum::Position::new(vec![nim, far]).expect_err("too far");
    assert_eq!(
        english(e.reason()),
        "component 2 has the piece RN on 80,90: in a sum, a piece defined by its moves may \
         reach at most 4096 squares ((x + 1)·(y + 1)); choose a square nearer the corner"
    );
}

fn any_piece() -> impl Strategy<Value = String> {
    let atom = prop_oneof![
        Just("W"),
        Just("F"),
        Just("D"),
        Just("N"),
        Just("A"),
        Just("H"),
        Just("C"),
        Just("Z"),
        Just("G"),
        Just("R"),
        Just("B"),
        Just("NN"),
        Just("R2"),
        Just("C3")
    ];
    prop::collection::vec(atom, 1..4).prop_map(|atoms| atoms.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Grundy = mex of the successors, a P-position has no move to a P-position, an
    /// N-position has one, and the canonical spelling reads back as the same piece.
    #[test]
    fn any_pieces_table_keeps_the_invariants(spelled in any_piece()) {
        let moves = betza(&spelled);
        prop_assert_eq!(betza(&moves.to_string()), moves);
        let piece = Piece::Defined(moves);
        let n = 20;
        let table = Table::solve(piece, n).expect("a table");
        for x in 0..n {
            for y in 0..n {
                let (g, _) = table.get(x, y).expect("inside");
                let to: Vec<u64> = moves
                    .moves_from(x, y)
                    .map(|(u, v)| table.get(u, v).expect("inside").0)
                    .collect();
                prop_assert_eq!(g, mex(to.iter().copied()));
                prop_assert_eq!(g == 0, !to.contains(&0));
                prop_assert_eq!(table.get(y, x).map(|v| v.0), Some(g));
            }
        }
    }
}

/// The defined solver's bands on several threads (each a column behind the band before it)
/// give the table one thread gives, square for square, for riders, leapers, ranges and
/// compounds.
#[test]
fn the_defined_solver_on_every_core_is_the_one_on_one() {
    for spelled in ["RN", "NN", "R3N", "BW", "FD", "NAH", "RF", "Z"] {
        let piece = Piece::parse_betza(spelled).expect("a piece");
        let n = 200;
        let one = Table::solve_with(piece, n, 1, &|_, _| {}).expect("a table");
        for threads in [2, 3] {
            let many = Table::solve_with(piece, n, threads, &|_, _| {}).expect("a table");
            assert!(
                one.triangle().eq(many.triangle()),
                "{spelled} on {threads} threads"
            );
        }
    }
}

/// A piece of very many riders has a smaller largest board, so that its table's lines stay
/// within their memory; the usual pieces keep 4096.
#[test]
fn a_piece_of_many_riders_has_a_smaller_board() {
    use engine::corner::{defined_max_side, MAX_DEFINED_TABLE};
    let moves = |spelled: &str| match Piece::parse_betza(spelled).expect("a piece") {
        Piece::Defined(moves) => moves,
        named => named.betza(),
    };
    for spelled in ["RB", "RN", "NN", "R3N", "BW", "K", "NAH"] {
        assert_eq!(
            defined_max_side(&moves(spelled)),
            MAX_DEFINED_TABLE,
            "{spelled}"
        );
    }
    let many = moves("WWFFDDNNAAHHCCZZGG");
    let most = defined_max_side(&many);
    assert!((64..MAX_DEFINED_TABLE).contains(&most), "{most}");
    let piece = Piece::Defined(many);
    assert!(engine::Variant::corner(piece, Some(most + 1)).is_err());
    assert!(engine::Variant::corner(piece, Some(most)).is_ok());
    assert!(Table::solve(piece, most + 1).is_err());
}
