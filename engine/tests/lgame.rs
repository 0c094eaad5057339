//! The L-game checked from outside the crate: an independent brute-force classification,
//! retrograde consistency on every position, and properties of random positions and moves.

use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use engine::lgame::{Color, Move, Placement, Position, Solution, Square, Symmetry, POSITIONS};
use engine::{Error, ErrorKind, Outcome, Position as _, Rng, Value};
use proptest::prelude::*;

fn solution() -> &'static Solution {
    static SOLUTION: OnceLock<Solution> = OnceLock::new();
    SOLUTION.get_or_init(Solution::solve)
}

/// Every position with red to move, through the public constructor only.
fn all_red_to_move() -> Vec<Position> {
    let mut out = Vec::new();
    for red in Placement::all() {
        for blue in Placement::all() {
            for a in Square::all() {
                for b in Square::all().filter(|&b| b > a) {
                    if let Ok(p) = Position::new(red, blue, [a, b], Color::Red) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

/// A plain fixed point without symmetry, on `legal_moves` and `play`: each sweep labels,
/// from the previous sweep's labels only, every position whose value they decide, until a
/// sweep changes nothing. A position first labelled in sweep k has depth k.
fn brute_force() -> HashMap<Position, Value> {
    let all = all_red_to_move();
    assert_eq!(all.len(), POSITIONS);
    let number: HashMap<Position, usize> = all.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let successors: Vec<Vec<usize>> = all
        .iter()
        .map(|p| {
            let mut next: Vec<usize> = p
                .legal_moves()
                .iter()
                .filter_map(|m| p.play(m).ok())
                .map(|q| number[&q.swap_colors()])
                .collect();
            next.sort_unstable();
            next.dedup();
            next
        })
        .collect();
    let mut label: Vec<Option<(Outcome, u64)>> = vec![None; all.len()];
    loop {
        let before = label.clone();
        for (i, next) in successors.iter().enumerate() {
            if before[i].is_some() {
                continue;
            }
            let lost = next
                .iter()
                .filter_map(|&j| match before[j] {
                    Some((Outcome::Loss, d)) => Some(d),
                    _ => None,
                })
                .min();
            let all_won = next
                .iter()
                .all(|&j| matches!(before[j], Some((Outcome::Win, _))));
            label[i] = match lost {
                Some(d) => Some((Outcome::Win, d + 1)),
                None if all_won => {
                    let deepest = next.iter().filter_map(|&j| before[j]).map(|(_, d)| d + 1);
                    Some((Outcome::Loss, deepest.max().unwrap_or(0)))
                }
                None => None,
            };
        }
        if label == before {
            break;
        }
    }
    all.iter()
        .zip(label)
        .map(|(&p, l)| {
            let value = match l {
                Some((outcome, d)) => Value {
                    outcome,
                    grundy: None,
                    remoteness: Some(d),
                },
                None => Value {
                    outcome: Outcome::Draw,
                    grundy: None,
                    remoteness: None,
                },
            };
            (p, value)
        })
        .collect()
}

#[test]
fn brute_force_agrees_with_the_solution_on_every_position() {
    let brute = brute_force();
    let solution = solution();
    let mut drawn = 0;
    for (p, want) in &brute {
        assert_eq!(solution.value(p), *want, "{p}");
        assert_eq!(solution.value(&p.swap_colors()), *want, "{p} recoloured");
        drawn += usize::from(want.outcome == Outcome::Draw);
    }
    assert!(
        drawn > 0 && drawn < POSITIONS,
        "both draws and decided positions exist"
    );
}

#[test]
fn every_value_is_consistent_with_the_values_of_the_moves() {
    let solution = solution();
    for p in all_red_to_move() {
        let v = solution.value(&p);
        let next: Vec<Value> = p
            .legal_moves()
            .iter()
            .map(|m| p.play(m).map(|q| solution.value(&q)))
            .collect::<Result<_, Error>>()
            .unwrap_or_else(|e| panic!("{p}: a listed move is illegal: {e}"));
        let lost_depths = next
            .iter()
            .filter(|w| w.outcome == Outcome::Loss)
            .filter_map(|w| w.remoteness);
        match v.outcome {
            Outcome::Loss => {
                assert!(next.iter().all(|w| w.outcome == Outcome::Win), "{p}");
                let deepest = next.iter().filter_map(|w| w.remoteness).max();
                assert_eq!(v.remoteness, Some(deepest.map_or(0, |d| d + 1)), "{p}");
            }
            Outcome::Win => {
                assert_eq!(v.remoteness, lost_depths.min().map(|d| d + 1), "{p}");
            }
            Outcome::Draw => {
                assert_eq!(v.remoteness, None, "{p}");
                assert_eq!(lost_depths.count(), 0, "{p}: a draw has no winning move");
                assert!(next.iter().any(|w| w.outcome != Outcome::Win), "{p}");
            }
        }
    }
}

/// A position made by `steps` random moves from the start (stopping if the game ends).
fn random_play(seed: u64, steps: u8) -> Position {
    let mut rng = Rng::new(seed);
    let mut p = Position::start();
    for _ in 0..steps {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        p = p.play(&m).unwrap_or(p);
    }
    p
}

/// A position with random placements: red anywhere, blue among the placements clear of
/// red, the neutrals among the squares left.
fn random_placements(red: usize, blue: u16, a: u8, b: u8, red_moves: bool) -> Position {
    let red = Placement::from_index(red).unwrap_or_else(|| panic!("placement {red}"));
    let clear: Vec<Placement> = Placement::all()
        .filter(|q| !q.squares().iter().any(|&s| red.covers(s)))
        .collect();
    let blue = clear[usize::from(blue) % clear.len()];
    let empty: Vec<Square> = Square::all()
        .filter(|&s| !red.covers(s) && !blue.covers(s))
        .collect();
    let first = usize::from(a) % empty.len();
    let second = (first + 1 + usize::from(b) % (empty.len() - 1)) % empty.len();
    let side = if red_moves { Color::Red } else { Color::Blue };
    Position::new(red, blue, [empty[first], empty[second]], side)
        .unwrap_or_else(|e| panic!("a valid position was refused: {e}"))
}

fn positions() -> impl Strategy<Value = Position> {
    prop_oneof![
        (any::<u64>(), 0u8..60).prop_map(|(seed, steps)| random_play(seed, steps)),
        (
            0usize..48,
            any::<u16>(),
            any::<u8>(),
            any::<u8>(),
            any::<bool>()
        )
            .prop_map(|(r, b, x, y, side)| random_placements(r, b, x, y, side)),
    ]
}

/// A move that may or may not be legal: any placement, perhaps any neutral move.
fn any_move() -> impl Strategy<Value = Move> {
    (0usize..48, any::<bool>(), 0usize..16, 0usize..16).prop_map(|(l, with, from, to)| Move {
        to: Placement::from_index(l).unwrap_or_else(|| panic!("placement {l}")),
        neutral: (with)
            .then(|| Square::from_index(from).zip(Square::from_index(to)))
            .flatten(),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_generated_move_is_legal(p in positions()) {
        let moves = p.legal_moves();
        prop_assert_eq!(moves.len() as u64, p.move_count());
        prop_assert_eq!(p.is_terminal(), moves.is_empty());
        let mut seen = std::collections::HashSet::new();
        for m in &moves {
            let q = p.play(m);
            prop_assert!(q.is_ok(), "{} in {}: {:?}", m, p, q);
            if let Ok(q) = q {
                prop_assert_eq!(q.to_move(), p.to_move().other());
                prop_assert!(seen.insert(q), "two moves reach {}", q);
            }
        }
    }

    #[test]
    fn symmetric_positions_have_the_same_value_and_canonical_form(p in positions()) {
        let solution = solution();
        let value = solution.value(&p);
        let canonical = p.canonical();
        prop_assert_eq!(canonical.to_move(), Color::Red);
        prop_assert_eq!(solution.value(&canonical), value);
        for s in Symmetry::ALL {
            for q in [p.transform(s), p.transform(s).swap_colors()] {
                prop_assert_eq!(solution.value(&q), value, "{} under {}", q, s.name());
                prop_assert_eq!(q.canonical(), canonical, "{} under {}", q, s.name());
            }
        }
    }

    #[test]
    fn position_notation_round_trips(p in positions()) {
        prop_assert_eq!(Position::parse(&p.to_string()), Ok(p));
    }

    #[test]
    fn move_notation_round_trips(p in positions(), pick in any::<u16>()) {
        let moves = p.legal_moves();
        prop_assume!(!moves.is_empty());
        let m = moves[usize::from(pick) % moves.len()];
        prop_assert_eq!(p.parse_move(&m.to_string()), Ok(m));
        let after = p.play(&m).map(|q| q.to_string());
        prop_assert!(after.is_ok());
        if let Ok(after) = after {
            prop_assert_eq!(p.parse_move(&after), Ok(m), "{}", after);
        }
        let squares = m.to.squares();
        let mut friendly = format!("{},{} {}{}", squares[3], squares[1], squares[2], squares[0])
            .to_uppercase();
        if let Some((from, to)) = m.neutral {
            friendly.push_str(&format!(", {from}{to}"));
        }
        prop_assert_eq!(p.parse_move(&friendly), Ok(m), "{}", friendly);
    }

    #[test]
    fn illegal_moves_are_refused_and_change_nothing(p in positions(), m in any_move()) {
        let before = p;
        let legal = p.legal_moves().contains(&m);
        match p.play(&m) {
            Ok(_) => prop_assert!(legal, "{} was played in {}", m, p),
            Err(e) => {
                prop_assert!(!legal, "{} was refused in {}: {}", m, p, e);
                prop_assert!(e.kind() == ErrorKind::Illegal, "{:?}", e);
            }
        }
        prop_assert_eq!(p, before);
    }
}

#[test]
fn a_solution_rebuilt_from_the_values_of_all_positions_is_the_same() {
    let s = solution();
    let listed: Vec<(Position, Value)> = s.positions().collect();
    assert_eq!(listed.len(), POSITIONS);
    for &(p, v) in &listed {
        assert_eq!(p.to_move(), Color::Red);
        assert_eq!(s.value(&p), v);
    }
    let distinct: std::collections::HashSet<Position> =
        listed.iter().map(|(p, _)| p.canonical()).collect();
    assert_eq!(distinct.len(), 2296);
    // Any order, and either side to move.
    let shuffled = listed.iter().rev().map(|&(p, v)| (p.swap_colors(), v));
    assert!(Solution::from_values(shuffled).as_ref() == Ok(s));

    let missing = Solution::from_values(listed[1..].iter().copied());
    assert!(matches!(missing, Err(e) if e.kind() == ErrorKind::Params));
    let twice = Solution::from_values(listed.iter().copied().chain([listed[0]]));
    assert!(matches!(twice, Err(e) if e.kind() == ErrorKind::Params));
    // A value that differs from its symmetric images.
    let mut changed = listed.clone();
    let at = changed
        .iter()
        .position(|(p, v)| v.outcome == Outcome::Draw && p.canonical() != *p)
        .expect("a drawn position that is not canonical");
    changed[at].1 = Value {
        outcome: Outcome::Win,
        grundy: None,
        remoteness: Some(1),
    };
    assert!(matches!(
        Solution::from_values(changed),
        Err(e) if e.kind() == ErrorKind::Params
    ));
    let mut malformed = listed;
    malformed[0].1.grundy = Some(0);
    assert!(matches!(
        Solution::from_values(malformed),
        Err(e) if e.kind() == ErrorKind::Params
    ));
}

/// Times the full solve; run with
/// `cargo test --release -p grundy-engine --test lgame -- --ignored --nocapture solve_time`.
#[test]
#[ignore]
fn solve_time() {
    let mut times: Vec<Duration> = (0..31)
        .map(|_| {
            let t = Instant::now();
            let s = Solution::solve();
            let elapsed = t.elapsed();
            std::hint::black_box(s);
            elapsed
        })
        .collect();
    times.sort();
    let s = Solution::solve();
    println!(
        "lgame solve: median {:?}, min {:?}, max {:?} over {} runs; {:?}",
        times[times.len() / 2],
        times[0],
        times[times.len() - 1],
        times.len(),
        s
    );
}
