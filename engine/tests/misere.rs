//! Misère values from the outside: every exact answer of `Knowledge::value_in` and
//! `classify_in` equals brute force from the definition (no move: the player to move has won)
//! on small positions of every impartial game and on sums, with and without misère tables;
//! what is not exact is an error, never a guess; the engine wins every won misère game.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use engine::corner::{self, misere::MisereTable, Piece};
use engine::{
    chocolate, choose_in, nim, sum, AnyPosition, Convention, ErrorKind, Knowledge, Level, Outcome,
    Position as _, Rng,
};

mod english;
use english::english;

const MISERE: Convention = Convention::Misere;

/// Knowledge with misère tables of side 12 (`tables`) or none: the closed forms then answer.
fn knowledge(tables: bool) -> &'static Knowledge {
    static WITH: OnceLock<Knowledge> = OnceLock::new();
    static WITHOUT: OnceLock<Knowledge> = OnceLock::new();
    let make = |tables: bool| {
        let mut k = Knowledge::new(engine::DEFAULT_BUDGET);
        if tables {
            for piece in Piece::ALL {
                k.add_corner_misere(Arc::new(MisereTable::solve(piece, 12).expect("small")));
            }
        }
        k
    };
    if tables {
        WITH.get_or_init(|| make(true))
    } else {
        WITHOUT.get_or_init(|| make(false))
    }
}

/// Misère outcome and remoteness from the definition, over `successors()`.
fn brute(p: &AnyPosition, memo: &mut HashMap<AnyPosition, (bool, u64)>) -> (bool, u64) {
    if let Some(&v) = memo.get(p) {
        return v;
    }
    let next: Vec<(bool, u64)> = p.successors().iter().map(|q| brute(q, memo)).collect();
    let quickest_win = next.iter().filter(|(w, _)| !w).map(|&(_, r)| r).min();
    let v = match quickest_win {
        _ if next.is_empty() => (true, 0),
        Some(r) => (true, r + 1),
        None => (false, next.iter().map(|&(_, r)| r + 1).max().unwrap_or(0)),
    };
    memo.insert(p.clone(), v);
    v
}

fn check(k: &Knowledge, p: &AnyPosition, memo: &mut HashMap<AnyPosition, (bool, u64)>) {
    let (wins, r) = brute(p, memo);
    let answer = k.value_in(p, MISERE).expect("exact on small positions");
    let v = answer.value;
    assert_eq!(v.outcome == Outcome::Win, wins, "{p}");
    assert_eq!(v.grundy, None, "{p}: misère play has no Grundy number");
    if let Some(known) = v.remoteness {
        assert_eq!(known, r, "{p}");
    }
    let c = k
        .classify_in(p, u64::MAX, usize::MAX, MISERE)
        .expect("classified");
    assert_eq!(c.value, v, "{p}");
    assert_eq!(c.moves.len() as u64, c.move_count, "{p}");
    for m in &c.moves {
        let (w, _) = brute(&m.position, memo);
        assert_eq!(m.value.outcome == Outcome::Win, w, "{p} → {}", m.position);
    }
    // Best first: a winning move first exactly when the position is won (and not over).
    if let Some(first) = c.moves.first() {
        assert_eq!(first.value.outcome == Outcome::Loss, wins, "{p}");
    }
}

#[test]
fn single_games_equal_brute_force_with_and_without_tables() {
    let mut memo = HashMap::new();
    for tables in [true, false] {
        let k = knowledge(tables);
        for piece in Piece::ALL {
            for x in 0..10 {
                for y in 0..10 {
                    let p = AnyPosition::Corner(corner::Position::new(piece, 12, x, y).unwrap());
                    check(k, &p, &mut memo);
                }
            }
        }
        for piles in [
            vec![0],
            vec![1],
            vec![1, 1],
            vec![1, 1, 1],
            vec![2, 2],
            vec![3, 4, 5],
        ] {
            check(
                k,
                &AnyPosition::Nim(nim::Position::new(piles).unwrap()),
                &mut memo,
            );
        }
        for step in 0..=3 {
            for z in 0..6 {
                let most = if step == 0 { 3 } else { z / u64::from(step) };
                for y in 0..=most.min(3) {
                    for x in 0..4 {
                        let bar = chocolate::Position::new(step, x, y, z).unwrap();
                        check(k, &AnyPosition::Chocolate(bar), &mut memo);
                    }
                }
            }
        }
    }
}

#[test]
fn misere_sums_equal_brute_force() {
    let k = knowledge(true);
    let mut memo = HashMap::new();
    let mut rng = Rng::new(9);
    let games = [
        "queen(5)",
        "rook(5)",
        "horse(5)",
        "dragon(5)",
        "nim",
        "chocolate(1)",
        "chocolate(0)",
    ];
    for _ in 0..300 {
        let count = 1 + rng.below(3);
        let parts: Vec<String> = (0..count)
            .map(|_| {
                let g = games[rng.below(games.len() as u64) as usize];
                let mut pick = |n: u64| rng.below(n);
                match g {
                    "nim" => format!("nim:{},{}", pick(4), pick(4)),
                    "chocolate(1)" => {
                        let z = pick(5);
                        format!("{g}:{},{},{z}", pick(3), pick(z + 1).min(z))
                    }
                    "chocolate(0)" => format!("{g}:{},{},{}", pick(3), pick(3), pick(3)),
                    _ => format!("{g}:{},{}", pick(5), pick(5)),
                }
            })
            .collect();
        let p = AnyPosition::Sum(sum::Position::parse(&parts.join(" + ")).unwrap());
        check(k, &p, &mut memo);
    }
}

#[test]
fn sums_of_nim_in_disguise_follow_bouton_beyond_the_search() {
    let k = knowledge(false);
    // 10¹⁸ combinations: far beyond any search, but every component is misère Nim.
    let p = sum::Position::parse("nim:1000000,7 + rook(2000000):999999,5 + chocolate(0):3,3,1000")
        .unwrap();
    let heaps = nim::Position::new(vec![1_000_000, 7, 999_999, 5, 3, 3, 1000]).unwrap();
    let v = k
        .value_in(&AnyPosition::Sum(p.clone()), MISERE)
        .unwrap()
        .value;
    let wins = nim::misere::wins(&heaps);
    assert_eq!(v.outcome == Outcome::Win, wins);
    // Too many moves to weigh: the winning ones come from Bouton's rule, and each wins.
    let c = k
        .classify_in(&AnyPosition::Sum(p.clone()), 1000, usize::MAX, MISERE)
        .unwrap();
    assert!(c.move_count > 1000 && !c.moves.is_empty());
    for m in &c.moves {
        assert_eq!(m.value.outcome, Outcome::Loss, "{}", m.mv);
        assert_eq!(
            k.value_in(&m.position, MISERE).unwrap().value.outcome,
            Outcome::Loss
        );
    }
    // A large misère sum with a queen in it is not guessed.
    let q = sum::Position::parse("nim:1000,1000 + queen(2000):1500,1200").unwrap();
    let e = k.value_in(&AnyPosition::Sum(q), MISERE).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooLarge);
    assert!(
        english(e.reason()).contains("no Sprague–Grundy shortcut"),
        "{e}"
    );
    // Nor does the L-game have a misère form.
    let l = AnyPosition::LGame(engine::lgame::Position::start());
    assert_eq!(
        k.value_in(&l, MISERE).unwrap_err().kind(),
        ErrorKind::Params
    );
}

/// The perfect engine wins every won misère game it is handed, against any replies.
#[test]
fn the_perfect_engine_wins_won_misere_games() {
    let k = knowledge(true);
    let mut rng = Rng::new(4);
    let starts = [
        "nim:1,1,1,2",
        "nim:3,4,5",
        "queen(8):7,3",
        "queen(12):7,3 + nim:2,1",
        "chocolate(1):3,2,5 + rook(8):4,2",
    ];
    for text in starts {
        let mut pos = AnyPosition::Sum(sum::Position::parse(text).unwrap());
        let start = k.value_in(&pos, MISERE).unwrap().value.outcome;
        assert_eq!(start, Outcome::Win, "{text} is won for the player to move");
        let mut engine_to_move = true;
        while !pos.is_terminal() {
            let mv = if engine_to_move {
                choose_in(k, &pos, Level::Perfect, &mut rng, MISERE).unwrap()
            } else {
                let moves = pos.legal_moves();
                moves[rng.below(moves.len() as u64) as usize].clone()
            };
            pos = pos.play(&mv).unwrap();
            engine_to_move = !engine_to_move;
        }
        // In misère play the player facing no move has won; so the engine must be to move.
        assert!(engine_to_move, "{text}: the engine made the last move");
    }
}
