//! Classification from the outside: every legal move listed once with the value of the
//! position it leads to, best first, and the source of every answer.

use std::cmp::Ordering;
use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

use engine::corner::{self, Piece, Table};
use engine::{
    chocolate, lgame, nim, AnyPosition, ErrorKind, Knowledge, Outcome, Position as _, Source,
    Value, Variant,
};

mod english;
use english::english;

/// Corner tables of side 16, a chocolate table for step 1 up to z = 32, the L-game solved.
fn knowledge() -> &'static Knowledge {
    static KNOWLEDGE: OnceLock<Knowledge> = OnceLock::new();
    KNOWLEDGE.get_or_init(|| {
        let mut k = Knowledge::new(engine::DEFAULT_BUDGET);
        for piece in Piece::ALL {
            k.add_corner(Arc::new(Table::solve(piece, 16).expect("a small table")));
        }
        k.add_chocolate(Arc::new(
            chocolate::Table::solve(1, 32).expect("a small table"),
        ));
        k
    })
}

fn corner(piece: Piece, size: u64, x: u64, y: u64) -> AnyPosition {
    AnyPosition::Corner(corner::Position::new(piece, size, x, y).expect("on the board"))
}

fn nim_position(piles: &[u64]) -> AnyPosition {
    AnyPosition::Nim(nim::Position::new(piles.to_vec()).expect("valid piles"))
}

fn bar(k: u32, x: u64, y: u64, z: u64) -> AnyPosition {
    AnyPosition::Chocolate(chocolate::Position::new(k, x, y, z).expect("a valid bar"))
}

/// Checks the full classification of `pos` against the rules and `Knowledge::value`.
fn check_classification(pos: &AnyPosition) {
    let k = knowledge();
    let c = k
        .classify(pos, u64::MAX)
        .unwrap_or_else(|e| panic!("{pos}: {e}"));
    let legal = pos.legal_moves();
    assert_eq!(&c.position, pos);
    assert_eq!(c.value, k.value(pos).expect("classified").value, "{pos}");
    assert_eq!(c.move_count, legal.len() as u64, "{pos}");
    assert_eq!(c.moves.len(), legal.len(), "{pos}");
    // Every legal move exactly once.
    let listed: HashSet<_> = c.moves.iter().map(|m| &m.mv).collect();
    assert_eq!(listed.len(), legal.len(), "{pos}: a move is listed twice");
    assert!(
        legal.iter().all(|m| listed.contains(m)),
        "{pos}: a move is missing"
    );
    for m in &c.moves {
        let after = pos.play(&m.mv).expect("a listed move is legal");
        assert_eq!(m.position, after, "{pos}: {}", m.mv);
        assert_eq!(
            m.value,
            k.value(&after).expect("classified").value,
            "{}",
            m.mv
        );
    }
    // Best first; equal moves keep the order of the legal-move list.
    let order = |mv| legal.iter().position(|m| m == mv).expect("legal");
    for pair in c.moves.windows(2) {
        match pair[0].value.cmp_as_move(&pair[1].value) {
            Ordering::Greater => {}
            Ordering::Equal => assert!(order(&pair[0].mv) < order(&pair[1].mv), "{pos}"),
            Ordering::Less => panic!(
                "{pos}: {} listed before the better {}",
                pair[0].mv, pair[1].mv
            ),
        }
    }
    // The position's value follows from its moves' values.
    let outcomes: Vec<Outcome> = c.moves.iter().map(|m| m.value.outcome).collect();
    let expected = if outcomes.contains(&Outcome::Loss) {
        Outcome::Win
    } else if outcomes.iter().all(|&o| o == Outcome::Win) {
        Outcome::Loss
    } else {
        Outcome::Draw
    };
    assert_eq!(c.value.outcome, expected, "{pos}");
}

#[test]
fn classifications_list_every_move_once_best_first() {
    for piece in Piece::ALL {
        for x in 0..16 {
            for y in 0..16 {
                check_classification(&corner(piece, 16, x, y));
            }
        }
    }
    for piles in [[3, 4, 5], [1, 2, 3], [0, 0, 0], [7, 0, 7], [6, 6, 1]] {
        check_classification(&nim_position(&piles));
    }
    check_classification(&nim_position(&[2, 3, 5, 8, 1]));
    for k in [0, 1, 2, 3, 4] {
        for (x, y, z) in [(0, 0, 0), (5, 3, 3 * k + 4), (2, 1, 2 * k + 1), (4, 0, 6)] {
            if k == 3 {
                continue; // no table for step 3
            }
            check_classification(&bar(k as u32, x, y.min(z / k.max(1)), z));
        }
    }
    // Every 23rd class of the L-game, and the start.
    let solution = knowledge().lgame();
    for (p, _) in solution.classes().step_by(23) {
        check_classification(&AnyPosition::LGame(p));
    }
    check_classification(&Variant::LGame.start());
}

#[test]
fn corner_answers_come_from_the_table_inside_it_and_from_formulas_beyond() {
    let k = knowledge();
    // Inside the table, even on a larger board: Grundy and remoteness from the table.
    let inside = k.classify(&corner(Piece::Queen, 1000, 5, 3), 100).unwrap();
    assert_eq!(inside.source, Source::Table);
    assert_eq!(
        inside.value,
        Value {
            outcome: Outcome::Loss,
            grundy: Some(0),
            remoteness: Some(4)
        }
    );
    // Beyond it: the outcome from Wythoff's pairs, no guessed Grundy or remoteness.
    let outside = k.value(&corner(Piece::Queen, 1000, 20, 5)).unwrap();
    assert_eq!(outside.source, Source::Formula);
    assert_eq!(
        outside.value,
        Value {
            outcome: Outcome::Win,
            grundy: None,
            remoteness: None
        }
    );
    // A position beyond the table whose moves partly land inside it: the least exact source.
    let mixed = k.classify(&corner(Piece::Queen, 1000, 20, 5), 100).unwrap();
    assert_eq!(mixed.source, Source::Formula);
    assert!(mixed.moves.iter().any(|m| m.value.remoteness.is_some()));
    assert!(mixed.moves.iter().any(|m| m.value.remoteness.is_none()));
    // The rook and the dragon king have formulas for more than the outcome.
    let rook = k.value(&corner(Piece::Rook, 1000, 900, 20)).unwrap();
    assert_eq!(rook.source, Source::Formula);
    assert_eq!(rook.value.grundy, Some(900 ^ 20));
    assert_eq!(rook.value.remoteness, Some(41));
    let dragon = k.value(&corner(Piece::Dragon, 1000, 900, 20)).unwrap();
    assert_eq!(dragon.value.grundy, Some(corner::dragon_grundy(900, 20)));
    assert_eq!(dragon.value.remoteness, None);
}

#[test]
fn a_queen_on_a_huge_board_at_a_wythoff_pair_is_lost() {
    let k = knowledge();
    let (a, b) = corner::wythoff_pair(300_000_000_000_000);
    assert!(b < corner::MAX_SIZE);
    for (x, y) in [(a, b), (b, a)] {
        let pos = corner(Piece::Queen, corner::MAX_SIZE, x, y);
        let c = k.classify(&pos, 1000).unwrap();
        assert_eq!(c.source, Source::Formula);
        assert_eq!(
            c.value,
            Value {
                outcome: Outcome::Loss,
                grundy: Some(0),
                remoteness: None
            }
        );
        // Far too many moves to list: counted, not listed.
        assert!(c.moves.is_empty());
        assert_eq!(c.move_count, x + y + x.min(y));
    }
    let next = k
        .value(&corner(Piece::Queen, corner::MAX_SIZE, a + 1, b))
        .unwrap();
    assert_eq!(next.value.outcome, Outcome::Win);
}

#[test]
fn nim_values_come_from_formulas_and_lgame_values_from_the_table() {
    let k = knowledge();
    // Nim's Grundy number and remoteness are closed forms: no search, at any size.
    let c = k.classify(&nim_position(&[3, 4, 5]), 100).unwrap();
    assert_eq!(c.source, Source::Formula);
    assert_eq!(
        c.value,
        Value {
            outcome: Outcome::Win,
            grundy: Some(2),
            remoteness: Some(11)
        }
    );
    let huge = k
        .value(&nim_position(&[1_000_000_000_000, 999_999_999_999, 1]))
        .unwrap();
    assert_eq!(huge.source, Source::Formula);
    assert!(huge.value.remoteness.is_some());
    assert_eq!(
        huge.value.grundy,
        Some(1_000_000_000_000 ^ 999_999_999_999 ^ 1)
    );
    let l = k.classify(&Variant::LGame.start(), 1000).unwrap();
    assert_eq!(l.source, Source::Table);
    assert_eq!(
        l.value,
        Value {
            outcome: Outcome::Draw,
            grundy: None,
            remoteness: None
        }
    );
    assert!(l.moves.iter().all(|m| m.value.outcome != Outcome::Loss));
}

#[test]
fn chocolate_sources_and_limits() {
    let k = knowledge();
    // Step 1 with a table: the remoteness is computed within the budget, the Grundy number
    // read from the table; beyond the budget only the table answers.
    let small = k.value(&bar(1, 3, 2, 4)).unwrap();
    assert_eq!(small.source, Source::Computed);
    assert_eq!(small.value.grundy, Some(3 ^ 5));
    assert_eq!(small.value.remoteness, Some(7));
    let wide = k.value(&bar(1, 1_000_000, 30, 32)).unwrap();
    assert_eq!(wide.source, Source::Table);
    assert_eq!(wide.value.remoteness, None);
    // Even steps need no table: y ⊕ z.
    let even = k.value(&bar(2, 1_000_000, 10, 1000)).unwrap();
    assert_eq!(even.source, Source::Formula);
    // Step 0 is three-heap Nim: every field, remoteness included, is a closed form.
    let nim = k.classify(&bar(0, 3, 4, 5), 100).unwrap();
    assert_eq!(nim.source, Source::Formula);
    assert_eq!(nim.value.remoteness, Some(11));
    assert_eq!(even.value.grundy, Some(1_000_000 ^ 10 ^ 1000));
    // Odd steps without a table, or beyond it, are too large to answer.
    for pos in [bar(3, 1, 1, 3), bar(1, 0, 1, 100)] {
        assert!(
            matches!(k.value(&pos), Err(e) if e.kind() == ErrorKind::TooLarge),
            "{pos}"
        );
        assert!(
            matches!(k.classify(&pos, 10), Err(e) if e.kind() == ErrorKind::TooLarge),
            "{pos}"
        );
    }
    assert_eq!(
        english(&k.value(&bar(1, 0, 1, 100)).unwrap_err().said()),
        "the staircase y = 1, z = 100 is beyond the table for step 1, which stops at z = 32"
    );
    // A bar inside the table whose moves all stay inside it classifies fully.
    let c = k.classify(&bar(1, 2, 3, 9), 100).unwrap();
    assert_eq!(c.moves.len(), 14);
}

/// A position of each kind with a few moves: a queen square inside its table, Nim, a
/// chocolate bar, the L-game's start.
fn one_of_each_kind() -> [AnyPosition; 4] {
    [
        corner(Piece::Queen, 16, 9, 12),
        nim_position(&[3, 4, 5]),
        bar(1, 4, 2, 7),
        Variant::LGame.start(),
    ]
}

#[test]
fn the_best_few_moves_are_the_whole_list_cut() {
    let k = knowledge();
    // Beside one of each kind, a queen square beyond the table (the general path); inside it
    // only the best moves are ordered.
    let beyond = corner(Piece::Queen, 1000, 20, 5);
    for pos in one_of_each_kind().iter().chain([&beyond]) {
        let full = k.classify(pos, u64::MAX).unwrap();
        for best in [
            0,
            1,
            2,
            5,
            full.moves.len() - 1,
            full.moves.len(),
            usize::MAX,
        ] {
            let few = k.classify_best(pos, u64::MAX, best).unwrap();
            assert_eq!(
                few.moves[..],
                full.moves[..best.min(full.moves.len())],
                "{pos} {best}"
            );
            assert_eq!(
                (few.value, few.source, few.move_count),
                (full.value, full.source, full.move_count),
                "{pos} {best}"
            );
        }
    }
}

#[test]
fn max_moves_below_the_move_count_lists_the_winning_moves_and_counts() {
    let k = knowledge();
    for pos in &one_of_each_kind() {
        let full = k.classify(pos, u64::MAX).unwrap();
        let count = full.move_count;
        assert!(count > 1);
        let cut = k.classify(pos, count - 1).unwrap();
        assert_eq!(cut.move_count, count, "{pos}");
        assert_eq!(cut.value, full.value, "{pos}");
        // Past the limit, only the winning moves are listed, all of them, best first: found
        // by each game's formulas or tables (every game but the L-game, whose moves are
        // weighed or not listed).
        let winning: Vec<_> = full
            .moves
            .iter()
            .filter(|m| m.value.outcome == Outcome::Loss)
            .collect();
        let listed: Vec<_> = cut.moves.iter().collect();
        match pos {
            AnyPosition::LGame(_) => assert!(listed.is_empty(), "{pos}"),
            _ => assert_eq!(
                listed.iter().map(|m| (&m.mv, m.value)).collect::<Vec<_>>(),
                winning.iter().map(|m| (&m.mv, m.value)).collect::<Vec<_>>(),
                "{pos}"
            ),
        }
        assert_eq!(k.classify(pos, count).unwrap().moves.len() as u64, count);
    }
    // The position's own answer does not depend on listing the moves.
    let none = k.classify(&nim_position(&[3, 4, 5]), 0).unwrap();
    assert_eq!(
        none.value,
        k.classify(&nim_position(&[3, 4, 5]), 9).unwrap().value
    );
}

#[test]
fn huge_positions_list_their_winning_moves_from_the_formulas() {
    let k = knowledge();
    // Nim with piles of a million million: the one move to a nim-sum of zero.
    let nim = nim_position(&[1_000_000_000_000, 999_999_999_999, 1]);
    let c = k.classify(&nim, 4096).unwrap();
    assert!(c.move_count > 1_000_000_000_000);
    assert_eq!(c.moves.len(), 1, "{:?}", c.moves);
    assert_eq!(c.moves[0].value.outcome, Outcome::Loss);
    // The queen far beyond any table: every move to a Wythoff pair, and each is one.
    let queen = corner(Piece::Queen, 10_000, 5_000, 3_000);
    let c = k.classify_best(&queen, 4096, 10).unwrap();
    assert!(!c.moves.is_empty() && c.moves.len() <= 3, "{:?}", c.moves);
    for m in &c.moves {
        let AnyPosition::Corner(p) = &m.position else {
            unreachable!()
        };
        assert!(corner::wythoff_is_p(p.x(), p.y()), "{p}");
        assert_eq!(m.value.outcome, Outcome::Loss);
    }
}

#[test]
fn lgame_values_match_the_solution_for_every_class() {
    let k = knowledge();
    let solution = lgame::Solution::solve();
    for (p, v) in solution.classes() {
        let answer = k.value(&AnyPosition::LGame(p)).unwrap();
        assert_eq!(answer.value, v, "{p}");
        assert_eq!(answer.source, Source::Table);
    }
}

#[test]
fn chocolate_move_values_equal_their_own_values_under_any_budget() {
    // Classification finds the moves' remoteness in a few shared searches; each must be
    // what the move's position alone gets, wherever the budget cuts.
    for budget in [0, 10, 60, 250] {
        let mut k = Knowledge::new(budget);
        k.add_chocolate(Arc::new(
            chocolate::Table::solve(1, 32).expect("a small table"),
        ));
        for step in [1u32, 2] {
            for (x, y, z) in [(4, 3, 9), (9, 2, 5), (2, 1, 12), (0, 4, 9)] {
                let pos = bar(step, x, y.min(z / u64::from(step)), z);
                let c = k.classify(&pos, u64::MAX).unwrap();
                assert_eq!(c.moves.len() as u64, pos.move_count());
                for m in &c.moves {
                    let own = k.value(&m.position).unwrap();
                    assert_eq!(m.value, own.value, "{pos} budget {budget}: {}", m.mv);
                }
            }
        }
    }
}

#[test]
fn a_chocolate_bar_with_many_moves_is_classified_quickly() {
    // 60 002 moves of which 50 003 reach at most the budget of bars ({u, 1, 2} for
    // u < 50 000, {60 000, 0, 2}, {60 000, 0, 0} and {60 000, 0, 1}): one search per move
    // took over half a minute even optimised, and the engine's move as long.
    let k = Knowledge::new(engine::DEFAULT_BUDGET);
    let pos = bar(2, 60_000, 1, 2);
    let t = std::time::Instant::now();
    let c = k.classify(&pos, 100_000).unwrap();
    let known = c.moves.iter().filter(|m| m.value.remoteness.is_some());
    assert_eq!(known.count(), 50_003);
    let mv = engine::choose(&k, &pos, engine::Level::Perfect, &mut engine::Rng::new(1)).unwrap();
    let after = pos.play(&mv).unwrap();
    assert_eq!(k.value(&after).unwrap().value.outcome, Outcome::Loss);
    assert!(t.elapsed().as_secs() < 20, "{:?}", t.elapsed());
}

#[test]
fn the_best_moves_of_a_square_in_a_table_are_listed_however_many_moves_it_has() {
    // 1999,1999 on a 2000 board has 5 997 moves, more than a query lists; one of them, 0,0,
    // wins at once, and asking for the best three shows it.
    let mut k = Knowledge::new(engine::DEFAULT_BUDGET);
    k.add_corner(Arc::new(Table::solve(Piece::Queen, 2000).unwrap()));
    let pos = corner(Piece::Queen, 2000, 1999, 1999);
    let best = k.classify_best(&pos, 4096, 3).unwrap();
    assert_eq!(best.move_count, 5_997);
    assert_eq!(best.moves.len(), 3);
    assert_eq!(best.moves[0].mv.to_string(), "0,0");
    let all = k.classify(&pos, u64::MAX).unwrap();
    assert_eq!(best.moves[..], all.moves[..3]);
    // Asking for all of them, more than may be listed: the winning ones, and the count.
    let winning = k.classify(&pos, 4096).unwrap();
    assert_eq!(winning.move_count, 5_997);
    assert!(winning
        .moves
        .iter()
        .all(|m| m.value.outcome == Outcome::Loss));
    assert_eq!(winning.moves[0].mv.to_string(), "0,0");
}
