//! Reviews of hand-made games in every family, with annotations worked out from the rules,
//! and invariants over random games: the perfect engine's moves are always `best`, and every
//! "better" move really is better.

use std::sync::{Arc, OnceLock};

use proptest::prelude::*;

use super::*;
use crate::corner::{Piece, Table};
use crate::lgame::Solution;
use crate::said::english::english;
use crate::{chocolate, choose, GameKind, Level, Position as _, Rng, Variant};

/// Corner tables of side 24, chocolate tables for steps 1 and 3, the L-game solved.
fn knowledge() -> &'static Knowledge {
    static KNOWLEDGE: OnceLock<Knowledge> = OnceLock::new();
    KNOWLEDGE.get_or_init(|| {
        let mut k = Knowledge::new(crate::DEFAULT_BUDGET);
        for piece in Piece::ALL {
            k.add_corner(Arc::new(Table::solve(piece, 24).expect("a small table")));
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

fn start(kind: GameKind, size: Option<u64>, k: Option<u32>, pos: &str) -> AnyPosition {
    Variant::new(kind, size, k)
        .and_then(|v| v.parse_position(pos))
        .unwrap_or_else(|e| panic!("{pos}: {e}"))
}

fn moves(list: &[&str]) -> Vec<String> {
    list.iter().map(|m| m.to_string()).collect()
}

/// The annotations of a game, and the better moves of each as canonical notation.
fn annotate(pos: &AnyPosition, list: &[&str]) -> Vec<(Annotation, Vec<String>)> {
    review(knowledge(), pos, &moves(list))
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|r| {
            let better = r.better.iter().map(|m| m.mv.to_string()).collect();
            (r.annotation, better)
        })
        .collect()
}

fn names(list: &[&str]) -> Vec<String> {
    moves(list)
}

#[test]
fn queen_from_a_lost_square_the_slowest_loss_is_best() {
    // 5,3 is a P-position (remoteness 4): every move loses, seven of them in 3 plies.
    let pos = start(GameKind::Queen, Some(11), None, "5,3");
    let slow = names(&["1,3", "2,3", "3,1", "4,2", "4,3", "5,1", "5,2"]);
    let got = annotate(&pos, &["5,0", "0,0"]);
    assert_eq!(got[0], (Annotation::Inaccuracy, slow));
    assert_eq!(got[1], (Annotation::Best, vec![]));

    // 4,2 keeps the slow loss; the reply 2,2 throws the win away (1,2 was the only win),
    // and hands over a win in one: even the losing moves that last longer were better.
    let got = annotate(&pos, &["4,2", "2,2", "0,0"]);
    assert_eq!(got[0].0, Annotation::Best);
    assert_eq!(
        got[1],
        (Annotation::Blunder, names(&["1,2", "3,1", "3,2", "4,1"]))
    );
    assert_eq!(got[2].0, Annotation::Best);
}

#[test]
fn queen_a_slower_win_is_an_inaccuracy() {
    // From 5,4 both 2,1 (lost in 2) and 5,3 (lost in 4) win; 2,1 is faster.
    let pos = start(GameKind::Queen, Some(11), None, "5,4");
    let r = review(knowledge(), &pos, &moves(&["5,3", "5,0"])).expect("legal");
    assert_eq!(r[0].annotation, Annotation::Inaccuracy);
    assert_eq!(r[0].before.outcome, Outcome::Win);
    assert_eq!(r[0].achieved(), Outcome::Win);
    assert_eq!(r[0].after.remoteness, Some(4));
    assert_eq!(r[0].better.len(), 1);
    assert_eq!(r[0].better[0].mv.to_string(), "2,1");
    assert_eq!(r[0].better[0].value.remoteness, Some(2));
    assert_eq!(r[1].annotation, Annotation::Inaccuracy);
    assert_eq!(r[1].ply, 2);
}

#[test]
fn without_remoteness_moves_are_compared_by_outcome_only() {
    // No corner table: the queen's remoteness is unknown, so both winning moves are best.
    let bare = Knowledge::new(crate::DEFAULT_BUDGET);
    let pos = start(GameKind::Queen, Some(11), None, "5,4");
    let r = review(&bare, &pos, &moves(&["5,3", "5,0"])).expect("legal");
    assert_eq!(r[0].after.remoteness, None);
    assert_eq!(r[0].annotation, Annotation::Best);
    assert!(r[0].better.is_empty());
    assert_eq!(r[1].annotation, Annotation::Best);
}

#[test]
fn other_corner_pieces() {
    // Rook = two-pile Nim: from 3,5 the only win is to 3,3; 3,0 hands over the corner.
    let pos = start(GameKind::Rook, Some(8), None, "3,5");
    let r = review(knowledge(), &pos, &moves(&["3,0", "0,0"])).expect("legal");
    assert_eq!(r[0].annotation, Annotation::Blunder);
    assert_eq!(r[0].better[0].mv.to_string(), "3,3");
    assert_eq!(r[0].better[0].value.outcome, Outcome::Loss);
    assert!(r[0].better[1..]
        .iter()
        .all(|m| m.value.outcome == Outcome::Win && m.value.remoteness > Some(1)));
    assert_eq!(r[1].annotation, Annotation::Best);
    // Dragon horse: 2,5 is lost; the diagonal 0,3 hands over a win in one.
    let pos = start(GameKind::Horse, Some(11), None, "2,5");
    let got = annotate(&pos, &["0,3"]);
    assert_eq!(got[0].0, Annotation::Inaccuracy);
}

#[test]
fn nim_only_one_move_wins_from_5_4_2() {
    let pos = start(GameKind::Nim, None, None, "5,4,2");
    let got = annotate(&pos, &["1:1", "3:2"]);
    assert_eq!(got[0], (Annotation::Blunder, names(&["3:1"])));
    assert_eq!(got[1], (Annotation::Best, vec![]));
    // Any other first move is a blunder too, and 3:1 itself is best.
    for first in ["1:5", "2:4", "3:2", "2:1"] {
        assert_eq!(
            annotate(&pos, &[first])[0].0,
            Annotation::Blunder,
            "{first}"
        );
    }
    assert_eq!(annotate(&pos, &["3:1"])[0].0, Annotation::Best);
    // Friendly notation is accepted and reported canonically.
    let r = review(knowledge(), &pos, &moves(&["5,4,1"])).expect("legal");
    assert_eq!(r[0].notation, "3:1");
}

#[test]
fn nim_a_quicker_loss_is_an_inaccuracy() {
    // 1,2,3 is lost in 6; emptying pile 3 lets the opponent win in 3 instead of 5.
    let pos = start(GameKind::Nim, None, None, "1,2,3");
    let r = review(knowledge(), &pos, &moves(&["3:3"])).expect("legal");
    assert_eq!(r[0].before.remoteness, Some(6));
    assert_eq!(r[0].annotation, Annotation::Inaccuracy);
    assert_eq!(r[0].achieved(), Outcome::Loss);
    assert!(r[0]
        .better
        .iter()
        .all(|m| m.value.remoteness > r[0].after.remoteness));
}

#[test]
fn chocolate_a_slower_win_and_a_lost_win() {
    // Step 1, 3,2,4: z=2 wins in 7, y=1 wins in 9, x=0 leaves a won bar to the opponent.
    let pos = start(GameKind::Chocolate, None, Some(1), "3,2,4");
    assert_eq!(
        annotate(&pos, &["y=1"])[0],
        (Annotation::Inaccuracy, names(&["z=2"]))
    );
    assert_eq!(annotate(&pos, &["z=2"])[0], (Annotation::Best, vec![]));
    let got = annotate(&pos, &["x=0"]);
    assert_eq!(got[0].0, Annotation::Blunder);
    assert_eq!(got[0].1[0], "z=2");
}

#[test]
fn lgame_walking_into_a_loss_from_a_draw_is_a_mistake() {
    // The start is a draw; a2a3a4b4 d4-b1 lets blue shut red in at once.
    let pos = start(GameKind::LGame, None, None, "...N/RRRB/RBBB/N... r");
    let r = review(
        knowledge(),
        &pos,
        &moves(&["a2a3a4b4 d4-b1", "b2b3c2d2 a1-c4"]),
    )
    .expect("legal");
    assert_eq!(r[0].before.outcome, Outcome::Draw);
    assert_eq!(r[0].annotation, Annotation::Mistake);
    assert_eq!(r[0].after.remoteness, Some(1));
    // Better: all 36 drawing moves first, then the losing moves that last longer.
    let draws = r[0]
        .better
        .iter()
        .take_while(|m| m.value.outcome == Outcome::Draw)
        .count();
    assert_eq!(draws, 36);
    assert!(r[0].better[draws..]
        .iter()
        .all(|m| m.value.outcome == Outcome::Win && m.value.remoteness > Some(1)));
    assert_eq!(r[1].annotation, Annotation::Best);
    assert_eq!(r[1].after.remoteness, Some(0));
}

#[test]
fn lgame_throwing_away_a_win() {
    // Red wins at once with b1c1c2c3 d2-a2.
    let pos = start(GameKind::LGame, None, None, "BBN./RB../RB.N/RR.. r");
    let best = names(&["b1c1c2c3 d2-a2"]);
    assert_eq!(
        annotate(&pos, &["b1c1c2c3 d2-a2"])[0],
        (Annotation::Best, vec![])
    );
    // To a draw: a mistake; to a loss (blue then wins in 5): a blunder.
    assert_eq!(
        annotate(&pos, &["a1a2b1c1 d2-c2"])[0],
        (Annotation::Mistake, best.clone())
    );
    let got = annotate(&pos, &["a1b1c1c2 c4-a2"]);
    assert_eq!(got[0].0, Annotation::Blunder);
    assert_eq!(got[0].1[0], best[0]);
    // Every drawing move ranks above the losing one.
    assert_eq!(got[0].1.len(), 36);
}

#[test]
fn an_illegal_move_names_its_ply() {
    let pos = start(GameKind::Queen, Some(11), None, "5,3");
    let e = review(knowledge(), &pos, &moves(&["4,2", "2,1"])).unwrap_err();
    assert_eq!(e.kind(), crate::ErrorKind::Illegal);
    assert!(english(&e.said()).starts_with("ply 2 (`2,1`): "), "{e}");
    let e = review(knowledge(), &pos, &moves(&["5,0", "0,0", "0,0"])).unwrap_err();
    assert!(english(&e.said()).starts_with("ply 3 "), "{e}");
    let e = review(knowledge(), &pos, &moves(&["up"])).unwrap_err();
    assert_eq!(e.kind(), crate::ErrorKind::Notation);
    assert!(english(&e.said()).starts_with("ply 1 "), "{e}");
}

#[test]
fn annotation_names_round_trip() {
    for a in Annotation::ALL {
        assert_eq!(Annotation::parse(a.as_str()), Some(a));
        assert_eq!(a.to_string(), a.as_str());
    }
    assert_eq!(Annotation::parse("good"), None);
}

/// A game variant small enough for every value to be exact.
fn variant(kind: GameKind) -> Variant {
    match kind {
        GameKind::Chocolate => Variant::new(kind, None, Some(1)),
        GameKind::Corner => Variant::corner(
            crate::corner::Piece::parse_betza("RN").expect("a piece"),
            Some(16),
        ),
        GameKind::Heap => crate::heap::Rule::parse("kayles").map(Variant::heap),
        k if k.piece().is_some() => Variant::new(kind, Some(16), None),
        k => Variant::new(k, None, None),
    }
    .expect("valid parameters")
}

/// A game from a random start: the perfect engine plays the plies whose bit is set in
/// `perfect`, a random legal move the others. Returns the moves and which were the engine's.
fn random_game(kind: GameKind, seed: u64, perfect: u32) -> (AnyPosition, Vec<String>, Vec<bool>) {
    let mut rng = Rng::new(seed);
    let start = variant(kind).random_start(&mut rng);
    let mut pos = start.clone();
    let (mut moves, mut engine) = (Vec::new(), Vec::new());
    for ply in 0..12 {
        if pos.is_terminal() {
            break;
        }
        let by_engine = perfect & (1 << ply) != 0;
        let level = if by_engine {
            Level::Perfect
        } else {
            Level::Easy
        };
        let mv = choose(knowledge(), &pos, level, &mut rng).expect("a move");
        pos = pos.play(&mv).expect("the engine's move is legal");
        moves.push(mv.to_string());
        engine.push(by_engine);
    }
    (start, moves, engine)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn perfect_moves_are_best_and_better_moves_are_better(
        kind in prop::sample::select(GameKind::ALL.to_vec()),
        seed in any::<u64>(),
        perfect in any::<u32>(),
    ) {
        let (start, moves, engine) = random_game(kind, seed, perfect);
        let reviewed = review(knowledge(), &start, &moves).expect("a legal game");
        prop_assert_eq!(reviewed.len(), moves.len());
        for (r, by_engine) in reviewed.iter().zip(engine) {
            if by_engine {
                prop_assert_eq!(r.annotation, Annotation::Best, "{} ply {}", start, r.ply);
            }
            prop_assert_eq!(r.annotation == Annotation::Best, r.better.is_empty());
            for pair in r.better.windows(2) {
                prop_assert!(pair[0].value.cmp_as_move(&pair[1].value).is_ge());
            }
            for m in &r.better {
                prop_assert!(m.value.cmp_as_move(&r.after).is_gt());
                prop_assert!(strictly_better(&m.value, &r.after));
            }
            let expected = match (r.before.outcome, r.achieved()) {
                _ if r.better.is_empty() => Annotation::Best,
                (Outcome::Win, Outcome::Loss) => Annotation::Blunder,
                (Outcome::Win, Outcome::Draw) | (Outcome::Draw, Outcome::Loss) => {
                    Annotation::Mistake
                }
                (before, achieved) => {
                    prop_assert_eq!(before, achieved);
                    Annotation::Inaccuracy
                }
            };
            prop_assert_eq!(r.annotation, expected);
        }
    }

    /// A review taken up at any ply, from the position before it, goes on as the whole
    /// game's: what a server's pages rely on.
    #[test]
    fn a_review_taken_up_at_any_ply_goes_on_as_the_whole(
        kind in prop::sample::select(GameKind::ALL.to_vec()),
        seed in any::<u64>(),
        cut in 0usize..12,
    ) {
        let (start, moves, _) = random_game(kind, seed, 0);
        let whole = review(knowledge(), &start, &moves).expect("a legal game");
        let cut = cut.min(moves.len());
        let mut pos = start.clone();
        for m in &moves[..cut] {
            pos = pos.play_text(m).expect("legal").1;
        }
        for (i, text) in moves.iter().enumerate().skip(cut) {
            let (r, next) = review_move(knowledge(), &pos, i as u32 + 1, text, Convention::Normal)
                .expect("a legal move");
            prop_assert_eq!(&r, &whole[i]);
            pos = next;
        }
    }
}
