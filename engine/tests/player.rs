//! The engine's move choice against docs/RULES.md's perfect engine, over every game family: each perfect move is
//! checked against the best value computed here from the values of *all* legal moves, not
//! against the order `classify` sorts them in.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, OnceLock};

use engine::corner::{Piece, Table};
use engine::lgame::Solution;
use engine::{
    chocolate, choose, lgame, nim, AnyMove, AnyPosition, ErrorKind, GameKind, Knowledge, Level,
    Outcome, Position as _, Rng, Value, Variant,
};

/// The board side of the corner tests: every square of it is checked.
const SIDE: u64 = 24;

/// Corner tables for all four pieces, chocolate tables for steps 1 and 3, the L-game solved.
fn knowledge() -> &'static Knowledge {
    static KNOWLEDGE: OnceLock<Knowledge> = OnceLock::new();
    KNOWLEDGE.get_or_init(|| {
        let mut k = Knowledge::new(engine::DEFAULT_BUDGET);
        for piece in Piece::ALL {
            k.add_corner(Arc::new(Table::solve(piece, SIDE).expect("a small table")));
        }
        for step in [1, 3] {
            k.add_chocolate(Arc::new(
                chocolate::Table::solve(step, 64).expect("a small table"),
            ));
        }
        k.set_lgame(Arc::new(Solution::solve()));
        k
    })
}

fn value(pos: &AnyPosition) -> Value {
    knowledge()
        .value(pos)
        .unwrap_or_else(|e| panic!("{pos}: {e}"))
        .value
}

fn play(pos: &AnyPosition, mv: &AnyMove) -> AnyPosition {
    pos.play(mv)
        .unwrap_or_else(|e| panic!("{mv} from {pos} is illegal: {e}"))
}

/// The values of every legal move's position, for the player who moves next there.
fn successor_values(pos: &AnyPosition) -> Vec<Value> {
    pos.legal_moves()
        .iter()
        .map(|m| value(&play(pos, m)))
        .collect()
}

/// In the L-game, how many of the opponent's replies from `pos` lose: hand the engine back a
/// won position. Counted here from the solution and the rules, not through the engine, once
/// per class (symmetric positions have as many), because debug builds are slow.
fn losing_replies(pos: &lgame::Position) -> usize {
    static BY_CLASS: OnceLock<HashMap<lgame::Position, usize>> = OnceLock::new();
    let by_class = BY_CLASS.get_or_init(|| {
        let solution = knowledge().lgame();
        solution
            .classes()
            .map(|(p, _)| {
                let losing = p
                    .legal_moves()
                    .iter()
                    .filter(|r| {
                        let after = p.play(r).expect("a listed reply is legal");
                        solution.value(&after).outcome == Outcome::Win
                    })
                    .count();
                (p, losing)
            })
            .collect()
    });
    by_class[&pos.canonical()]
}

/// Checks the perfect move from `pos` against docs/RULES.md's perfect engine and returns it.
fn check_perfect(pos: &AnyPosition, seed: u64) -> AnyMove {
    let k = knowledge();
    let mv = choose(k, pos, Level::Perfect, &mut Rng::new(seed))
        .unwrap_or_else(|e| panic!("{pos}: {e}"));
    let after = play(pos, &mv);
    let chosen = value(&after);
    let here = value(pos);
    let next = successor_values(pos);
    let remoteness = |v: &Value| {
        v.remoteness
            .unwrap_or_else(|| panic!("{pos}: a successor without remoteness"))
    };
    match here.outcome {
        Outcome::Win => {
            let fastest = next
                .iter()
                .filter(|v| v.outcome == Outcome::Loss)
                .map(remoteness)
                .min();
            assert_eq!(
                chosen.outcome,
                Outcome::Loss,
                "{pos}: {mv} gives up the win"
            );
            assert_eq!(Some(remoteness(&chosen)), fastest, "{pos}: {mv} is slow");
            assert_eq!(here.remoteness, Some(remoteness(&chosen) + 1), "{pos}");
        }
        Outcome::Loss => {
            let slowest = next.iter().map(remoteness).max();
            assert_eq!(chosen.outcome, Outcome::Win, "{pos}");
            assert_eq!(Some(remoteness(&chosen)), slowest, "{pos}: {mv} loses fast");
            assert_eq!(here.remoteness, Some(remoteness(&chosen) + 1), "{pos}");
        }
        Outcome::Draw => {
            assert_eq!(chosen.outcome, Outcome::Draw, "{pos}: {mv} leaves the draw");
            let (AnyPosition::LGame(p), AnyPosition::LGame(q)) = (pos, &after) else {
                panic!("{pos}: only the L-game has draws");
            };
            let solution = k.lgame();
            let most = p
                .legal_moves()
                .iter()
                .map(|m| p.play(m).expect("a listed move is legal"))
                .filter(|q| solution.value(q).outcome == Outcome::Draw)
                .map(|q| losing_replies(&q))
                .max();
            assert_eq!(
                Some(losing_replies(q)),
                most,
                "{pos}: {mv} sets fewer traps than it could"
            );
        }
    }
    mv
}

fn corner(piece: Piece, x: u64, y: u64) -> AnyPosition {
    AnyPosition::Corner(engine::corner::Position::new(piece, SIDE, x, y).expect("on the board"))
}

fn nim_position(piles: &[u64]) -> AnyPosition {
    AnyPosition::Nim(nim::Position::new(piles.to_vec()).expect("valid piles"))
}

fn bar(k: u32, x: u64, y: u64, z: u64) -> AnyPosition {
    AnyPosition::Chocolate(chocolate::Position::new(k, x, y, z).expect("a valid bar"))
}

#[test]
fn perfect_corner_moves_on_every_square() {
    for piece in Piece::ALL {
        for x in 0..SIDE {
            for y in 0..SIDE {
                if (x, y) != (0, 0) {
                    check_perfect(&corner(piece, x, y), x * SIDE + y);
                }
            }
        }
    }
}

#[test]
fn perfect_nim_moves_on_every_three_pile_position_up_to_six() {
    for a in 0..=6 {
        for b in 0..=6 {
            for c in 0..=6 {
                if a + b + c > 0 {
                    check_perfect(&nim_position(&[a, b, c]), a * 49 + b * 7 + c);
                }
            }
        }
    }
}

#[test]
fn perfect_chocolate_moves_for_steps_one_and_two() {
    for k in [1u32, 2] {
        for z in 0..=12 {
            for y in 0..=z / u64::from(k) {
                for x in 0..=6 {
                    if (x, y, z) != (0, 0, 0) {
                        check_perfect(&bar(k, x, y, z), x + 7 * y + 100 * z);
                    }
                }
            }
        }
    }
}

#[test]
fn perfect_lgame_moves_in_every_class() {
    let solution = knowledge().lgame();
    let mut seen = [0usize; 3];
    for (i, (p, v)) in solution.classes().enumerate() {
        let pos = AnyPosition::LGame(p);
        if pos.is_terminal() {
            assert!(choose(knowledge(), &pos, Level::Perfect, &mut Rng::new(0)).is_err());
            continue;
        }
        check_perfect(&pos, i as u64);
        seen[v.outcome as usize] += 1;
    }
    // Won, lost (with a move left) and drawn classes were all exercised.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// The engine playing both sides from `start` at `level` with one generator: the moves, and
/// the positions (the start first), stopping when the game ends or after `max_plies`.
fn self_play(
    start: &AnyPosition,
    level: Level,
    seed: u64,
    max_plies: usize,
) -> (Vec<AnyMove>, Vec<AnyPosition>) {
    let mut rng = Rng::new(seed);
    let mut positions = vec![start.clone()];
    let mut moves = Vec::new();
    while moves.len() < max_plies {
        let pos = positions.last().expect("never empty");
        if pos.is_terminal() {
            break;
        }
        let mv = choose(knowledge(), pos, level, &mut rng).unwrap_or_else(|e| panic!("{e}"));
        positions.push(play(pos, &mv));
        moves.push(mv);
    }
    (moves, positions)
}

#[test]
fn the_same_seed_replays_the_same_game() {
    let games = [
        Variant::LGame.start(),
        corner(Piece::Queen, 23, 17),
        nim_position(&[5, 9, 12]),
        bar(1, 6, 5, 40),
    ];
    for start in &games {
        for level in Level::ALL {
            let runs: Vec<Vec<AnyMove>> = (0..12)
                .map(|seed| self_play(start, level, seed, 60).0)
                .collect();
            for (seed, moves) in runs.iter().enumerate() {
                assert_eq!(
                    &self_play(start, level, seed as u64, 60).0,
                    moves,
                    "{start} {level} seed {seed}"
                );
            }
            // Equal moves are chosen among at random, so seeds lead to different games
            // (even perfect ones: each of these games has equally good moves on the way).
            let distinct: HashSet<&Vec<AnyMove>> = runs.iter().collect();
            assert!(
                distinct.len() > 1,
                "{start} {level}: every seed plays alike"
            );
        }
    }
}

#[test]
fn weaker_levels_play_legal_moves_and_err_as_often_as_they_say() {
    // Legal everywhere.
    let mut rng = Rng::new(11);
    for g in GameKind::ALL {
        let v = variant(g, Some(SIDE).filter(|_| g.is_corner()));
        for _ in 0..40 {
            let pos = v.random_start(&mut rng);
            for level in [Level::Easy, Level::Medium] {
                let mv = choose(knowledge(), &pos, level, &mut rng).expect("a move");
                assert!(pos.play(&mv).is_ok(), "{g} {pos} {level}: {mv}");
            }
        }
    }
    // From won positions where few of many moves are best, the share of other moves is
    // the random share times the chance that a random move is not best. Fixed seeds keep
    // this deterministic; the bound is five standard deviations wide.
    let draws = 2000;
    for pos in [
        corner(Piece::Queen, 23, 17),
        nim_position(&[13, 21, 30]),
        bar(1, 4, 3, 10),
    ] {
        assert_eq!(value(&pos).outcome, Outcome::Win, "{pos}");
        let moves = pos.legal_moves();
        let next = successor_values(&pos);
        let best = next.iter().max_by(|a, b| a.cmp_as_move(b)).expect("moves");
        let best_moves: HashSet<&AnyMove> = moves
            .iter()
            .zip(&next)
            .filter(|(_, v)| v.cmp_as_move(best).is_eq())
            .map(|(m, _)| m)
            .collect();
        let best_share = best_moves.len() as f64 / moves.len() as f64;
        for level in Level::ALL {
            let mut rng = Rng::new(2024);
            let worse = (0..draws)
                .filter(|_| {
                    let mv = choose(knowledge(), &pos, level, &mut rng).expect("a move");
                    !best_moves.contains(&mv)
                })
                .count() as f64
                / f64::from(draws);
            let expected = f64::from(level.random_percent()) / 100.0 * (1.0 - best_share);
            let sd = (expected * (1.0 - expected) / f64::from(draws)).sqrt();
            assert!(
                (worse - expected).abs() <= 5.0 * sd + 1e-9,
                "{pos} {level}: {worse} of moves were not best, expected {expected}"
            );
        }
    }
}

#[test]
fn perfect_lgame_play_from_the_start_stays_drawn_and_repeats() {
    let start = Variant::LGame.start();
    for seed in [1, 2, 3] {
        let (_, positions) = self_play(&start, Level::Perfect, seed, 300);
        assert_eq!(positions.len(), 301, "the game never ends");
        let mut seen = HashSet::new();
        let mut repeated = false;
        for p in &positions {
            assert_eq!(value(p).outcome, Outcome::Draw, "seed {seed}: {p}");
            repeated |= !seen.insert(p.clone());
        }
        assert!(repeated, "seed {seed}: no position repeats in 300 plies");
    }
}

#[test]
fn perfect_play_in_every_impartial_game_lasts_the_remoteness() {
    for g in GameKind::ALL.into_iter().filter(|g| g.is_impartial()) {
        let start = variant(g, None).start();
        let predicted = value(&start);
        let remoteness = predicted
            .remoteness
            .expect("the start's remoteness is known");
        for seed in 0..5 {
            let (moves, positions) = self_play(&start, Level::Perfect, seed, 10_000);
            let end = positions.last().expect("never empty");
            assert!(end.is_terminal(), "{g}: the game ended");
            assert_eq!(moves.len() as u64, remoteness, "{g} from {start}");
            // The player who made the last move won: the first player if the count is odd.
            let first_won = moves.len() % 2 == 1;
            assert_eq!(first_won, predicted.outcome == Outcome::Win, "{g}");
        }
    }
}

#[test]
fn a_finished_game_has_no_move_to_choose() {
    let over = [
        corner(Piece::Queen, 0, 0),
        nim_position(&[0, 0, 0]),
        bar(1, 0, 0, 0),
        Variant::LGame
            .parse_position(".B../NB../RBBN/RRR. r")
            .expect("a valid position"),
    ];
    for pos in &over {
        assert!(pos.is_terminal(), "{pos}");
        for level in Level::ALL {
            let e = choose(knowledge(), pos, level, &mut Rng::new(1)).unwrap_err();
            assert!(e.kind() == ErrorKind::Params, "{pos}: {e:?}");
        }
    }
}

/// Nim's remoteness by its closed form, the engine's own source for huge piles.
fn nim_remoteness(pos: &AnyPosition) -> u64 {
    let AnyPosition::Nim(p) = pos else {
        panic!("{pos} is not nim")
    };
    nim::remoteness(p, 0).expect("nim's remoteness is always known")
}

#[test]
fn huge_nim_is_played_by_the_closed_forms() {
    let big = 1u64 << 39; // 5.5·10^11: about 1.6·10^12 moves, far too many to list.
                          // Three winning moves, taking big + 11, big + 13 and big + 17 stones: the last is the
                          // quickest win. (Choosing among all winning moves at random was a bug.)
    let won = nim_position(&[big + 17, big + 18, big + 20]);
    // A P-position: one stone from the largest pile (bit 38 lowest) lets the winner answer
    // with a take of three; one stone from either other pile keeps every answer to one
    // stone, so the game lasts every remaining stone. (Always the largest pile was a bug.)
    let lost = nim_position(&[big + big / 2, big / 2 + 1, big + 1]);
    let near = nim_position(&[999_999_999_999, 999_999_999_998, 987_654_321_012]);
    for seed in 0..40 {
        let mut rng = Rng::new(seed);
        for pos in [&won, &near] {
            let mv = choose(knowledge(), pos, Level::Perfect, &mut rng).expect("a move");
            let AnyMove::Nim(m) = mv else { panic!() };
            let after = play(pos, &mv);
            assert_eq!(value(&after).outcome, Outcome::Loss, "{pos}: {m}");
            let AnyPosition::Nim(p) = pos else { panic!() };
            let most = nim::winning_moves(p).iter().map(|w| w.take).max();
            assert_eq!(Some(m.take), most, "{pos}: {m} is not the quickest win");
            assert_eq!(nim_remoteness(pos), nim_remoteness(&after) + 1);
        }
        let mv = choose(knowledge(), &lost, Level::Perfect, &mut rng).expect("a move");
        let after = play(&lost, &mv);
        let AnyPosition::Nim(p) = &lost else { panic!() };
        // No successor lasts longer than its stones: total − 1 is the best possible.
        assert_eq!(nim_remoteness(&after), p.total() - 1, "{lost}: {mv}");
        assert_eq!(nim_remoteness(&lost), p.total());
    }
    // Weaker levels stay legal and sometimes play a random move here too.
    for level in [Level::Easy, Level::Medium] {
        let mut rng = Rng::new(5);
        let misses = (0..400)
            .filter(|_| {
                let mv = choose(knowledge(), &won, level, &mut rng).expect("a move");
                value(&play(&won, &mv)).outcome == Outcome::Win
            })
            .count();
        let expected = 4 * usize::from(level.random_percent());
        assert!(misses.abs_diff(expected) <= 50, "{level}: {misses} of 400");
    }
}

/// Sums whose components have more moves than the engine weighs one by one (issue 31), on
/// boards and bars no table covers: from a won sum the perfect engine plays a winning move,
/// found component by component; from a lost one any legal move; weaker levels stay legal.
#[test]
fn big_sums_are_played_by_their_components_winning_moves() {
    let k = knowledge();
    for text in [
        "rook(10000000):60000,50000 + nim:3",
        "dragon(10000000):60000,50000 + nim:3",
        "chocolate(2):100000,3,100 + nim:3",
        "chocolate(0):300000,200000,100000 + nim:3",
        "rook(1000000000000000):600000,500000 + rook(10):5,9",
        "nim:200000,3 + queen(24):20,17",
        "rook(10000000):60000,50000 + rook(10000000):50000,60000",
    ] {
        let pos = AnyPosition::Sum(engine::sum::Position::parse(text).expect("a sum"));
        assert!(
            pos.move_count() > engine::player::MAX_ENGINE_MOVES,
            "{text}"
        );
        let won = k.grundy(&pos).expect("known") != Some(0);
        for seed in 0..8 {
            let mv = choose(k, &pos, Level::Perfect, &mut Rng::new(seed))
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            let after = play(&pos, &mv);
            let left = k.grundy(&after).expect("known");
            if won {
                assert_eq!(left, Some(0), "{text}: {mv} gives up the win");
            } else {
                assert_ne!(left, Some(0), "{text}: {mv}");
            }
        }
        for level in [Level::Easy, Level::Medium] {
            let mut rng = Rng::new(3);
            for _ in 0..50 {
                let mv = choose(k, &pos, level, &mut rng).expect("a move");
                play(&pos, &mv);
            }
        }
    }
}

/// In sums small enough to search, the engine's move is docs/RULES.md's perfect one, checked
/// against every move's searched value.
#[test]
fn perfect_sum_moves() {
    let mut rng = Rng::new(17);
    for _ in 0..30 {
        let mut pick = |n: u64| rng.below(n);
        let text = format!(
            "queen(24):{},{} + nim:{},{} + chocolate(1):{},{},{} + dragon(24):{},{}",
            pick(8),
            pick(8),
            pick(9),
            pick(5),
            pick(3),
            1,
            1 + pick(5),
            pick(5),
            pick(5)
        );
        let pos = AnyPosition::Sum(engine::sum::Position::parse(&text).expect("a sum"));
        if !pos.is_terminal() {
            check_perfect(&pos, pick(1000));
        }
    }
}

/// Game `g` with its default parameters (`corner` with the rook and knight, `RN`), on a board
/// of side `size` for the corner games.
fn variant(g: GameKind, size: Option<u64>) -> Variant {
    match g {
        GameKind::Corner => Variant::corner(
            engine::corner::Piece::parse_betza("RN").expect("a piece"),
            size,
        ),
        GameKind::Heap => engine::heap::Rule::parse("kayles").map(Variant::heap),
        g => Variant::new(g, size, None),
    }
    .expect("default parameters")
}
