//! Grades against brute force: the solution of every question about every small position
//! is what the mex over the game graph says, the solution grades right, and every other
//! answer grades wrong.

use std::collections::HashMap;
use std::sync::Arc;

use proptest::prelude::*;

use super::{Exercise, Question};
use crate::any::AnyPosition;
use crate::chocolate;
use crate::corner::{self, Piece};
use crate::said::english::english;
use crate::{mex, Arg, Convention, GameKind, Knowledge, Outcome, Position as _, Said, Variant};

/// Corner tables up to 16×16, as a server has them.
fn knowledge() -> Knowledge {
    let mut k = Knowledge::new(crate::DEFAULT_BUDGET);
    for piece in [Piece::Queen, Piece::Rook, Piece::Horse, Piece::Dragon] {
        k.add_corner(Arc::new(corner::Table::solve(piece, 16).unwrap()));
    }
    for step in 0..3 {
        k.add_chocolate(Arc::new(chocolate::Table::solve(step, 16).unwrap()));
    }
    k
}

fn brute(p: &AnyPosition, memo: &mut HashMap<AnyPosition, u64>) -> u64 {
    if let Some(&g) = memo.get(p) {
        return g;
    }
    let g = mex(p
        .successors()
        .iter()
        .map(|q| brute(q, memo))
        .collect::<Vec<_>>());
    memo.insert(p.clone(), g);
    g
}

fn small_positions() -> Vec<AnyPosition> {
    let mut all = Vec::new();
    for kind in [
        GameKind::Queen,
        GameKind::Rook,
        GameKind::Horse,
        GameKind::Dragon,
    ] {
        let v = Variant::new(kind, Some(7), None).unwrap();
        for x in 0..7 {
            for y in 0..7 {
                all.push(v.parse_position(&format!("{x},{y}")).unwrap());
            }
        }
    }
    for a in 0..5 {
        for b in 0..5 {
            for c in 0..4 {
                all.push(
                    Variant::Nim
                        .parse_position(&format!("{a},{b},{c}"))
                        .unwrap(),
                );
            }
        }
    }
    for k in 0..3u32 {
        let v = Variant::new(GameKind::Chocolate, None, Some(k)).unwrap();
        for x in 1..4 {
            for z in 1..7 {
                for y in 1..5 {
                    if let Ok(p) = v.parse_position(&format!("{x},{y},{z}")) {
                        all.push(p);
                    }
                }
            }
        }
    }
    all
}

#[test]
fn solutions_and_grades_agree_with_brute_force() {
    let k = knowledge();
    let mut memo = HashMap::new();
    for p in small_positions() {
        let g = brute(&p, &mut memo);
        let set = |q| Exercise::new(&k, p.clone(), Convention::Normal, q).unwrap();
        let outcome = set(Question::Outcome);
        let truth = if g == 0 { "loss" } else { "win" };
        assert_eq!(outcome.solution(), truth, "{p}");
        for said in ["win", "loss", "draw"] {
            let grade = outcome.grade(&k, said).unwrap();
            assert_eq!(
                grade.correct,
                said == truth,
                "{p} {said}: {:?}",
                grade.explanation
            );
        }
        let grundy = set(Question::Grundy);
        assert_eq!(grundy.solution(), g.to_string(), "{p}");
        for said in 0..=g + 2 {
            let grade = grundy.grade(&k, &said.to_string()).unwrap();
            assert_eq!(
                grade.correct,
                said == g,
                "{p} {said}: {:?}",
                grade.explanation
            );
        }
        let winning: Vec<String> = p
            .legal_moves()
            .into_iter()
            .filter(|m| brute(&p.play(m).unwrap(), &mut memo) == 0)
            .map(|m| m.to_string())
            .collect();
        let every = set(Question::WinningMoves);
        let mut solution: Vec<String> = match every.solution() {
            "none" => Vec::new(),
            s => s.split("; ").map(str::to_owned).collect(),
        };
        solution.sort();
        let mut expected = winning.clone();
        expected.sort();
        assert_eq!(solution, expected, "{p}");
        assert!(every.grade(&k, every.solution()).unwrap().correct, "{p}");
        let one = set(Question::WinningMove);
        for m in p.legal_moves() {
            let grade = one.grade(&k, &m.to_string()).unwrap();
            assert_eq!(grade.correct, winning.contains(&m.to_string()), "{p} {m}");
        }
        assert_eq!(
            one.grade(&k, "none").unwrap().correct,
            winning.is_empty(),
            "{p}"
        );
        let r = set(Question::Remoteness);
        assert!(r.grade(&k, r.solution()).unwrap().correct, "{p}");
    }
}

#[test]
fn a_p_position_is_explained_by_the_reply() {
    let k = knowledge();
    let queen = Variant::new(GameKind::Queen, Some(8), None).unwrap();
    let ex = Exercise::new(
        &k,
        queen.parse_position("5,3").unwrap(),
        Convention::Normal,
        Question::Outcome,
    )
    .unwrap();
    let grade = ex.grade(&k, "N").unwrap();
    assert!(!grade.correct);
    assert_eq!(grade.answer, "win");
    // "5,3 is a P-position: …, since every move leaves a position the opponent wins: after
    // … your opponent answers …".
    assert_eq!(grade.explanation.id, "grade-p-position");
    assert_eq!(
        grade.explanation.arg("position"),
        Some(&Arg::Text("5,3".into()))
    );
    assert!(
        matches!(grade.explanation.arg("reply"), Some(Arg::Said(r)) if r.id == "grade-answered"),
        "{:?}",
        grade.explanation
    );
    let wrong = Exercise::new(
        &k,
        queen.parse_position("5,3").unwrap(),
        Convention::Normal,
        Question::WinningMove,
    )
    .unwrap()
    .grade(&k, "3,3")
    .unwrap();
    assert!(!wrong.correct);
    // "3,3 does not win: after 3,3 your opponent answers 0,0 — no move wins from 5,3, a
    // P-position: the answer is none".
    let reply = Said::new("grade-answered")
        .with("move", "3,3".to_owned())
        .with("reply", "0,0".to_owned());
    let not_winning = Said::new("grade-not-winning")
        .with("move", "3,3".to_owned())
        .with("reply", reply);
    assert_eq!(
        wrong.explanation,
        Said::new("grade-no-win-none")
            .with("wrong", not_winning)
            .with("position", "5,3".to_owned())
    );
}

#[test]
fn a_wrong_grundy_number_below_the_truth_names_the_move_reaching_it() {
    let k = knowledge();
    let ex = Exercise::new(
        &k,
        Variant::Nim.parse_position("1,2").unwrap(),
        Convention::Normal,
        Question::Grundy,
    )
    .unwrap();
    assert_eq!(ex.solution(), "3");
    let grade = ex.grade(&k, "1").unwrap();
    assert!(!grade.correct);
    // "… 1:1 (to 0,2) reaches Grundy number 1 …".
    assert_eq!(grade.explanation.id, "grade-grundy-reached");
    assert_eq!(grade.explanation.arg("said"), Some(&Arg::Text("1".into())));
}

#[test]
fn questions_without_an_exact_answer_are_refused() {
    let k = knowledge();
    let lgame = Variant::LGame.start();
    let e = Exercise::new(&k, lgame.clone(), Convention::Normal, Question::Grundy).unwrap_err();
    assert_eq!(
        e.reason().arg("why"),
        Some(&Arg::Said(Said::new("rule-exercise-lgame")))
    );
    let nim = Variant::Nim.parse_position("3,4,5").unwrap();
    let e = Exercise::new(&k, nim, Convention::Misere, Question::Grundy).unwrap_err();
    assert_eq!(
        english(e.reason()),
        "3,4,5 has no exact Grundy number to ask for: misère play has no Grundy numbers; ask \
         for the outcome"
    );
    // The L-game's start is a draw: no end to count moves to.
    let e = Exercise::new(&k, lgame.clone(), Convention::Normal, Question::Remoteness).unwrap_err();
    assert_eq!(
        e.reason().arg("why"),
        Some(&Arg::Said(Said::new("rule-exercise-draw")))
    );
    let ex = Exercise::new(&k, lgame, Convention::Normal, Question::Outcome).unwrap();
    assert_eq!(ex.solution(), "draw");
}

#[test]
fn misere_outcomes_are_graded_by_misere_values() {
    let k = knowledge();
    // One pile of one: in misère play the player to move must take it and loses.
    let ex = Exercise::new(
        &k,
        Variant::Nim.parse_position("1").unwrap(),
        Convention::Misere,
        Question::Outcome,
    )
    .unwrap();
    assert_eq!(ex.solution(), "loss");
    let over = Exercise::new(
        &k,
        Variant::Nim.parse_position("0").unwrap(),
        Convention::Misere,
        Question::Outcome,
    )
    .unwrap();
    assert_eq!(over.solution(), "win");
    // "… the player to move has no move, and in misère play that wins".
    assert_eq!(
        over.grade(&k, "win").unwrap().explanation.id,
        "grade-over-misere"
    );
}

#[test]
fn random_exercises_respect_the_difficulty() {
    let k = knowledge();
    let mut rng = crate::Rng::new(7);
    let queen = Variant::new(GameKind::Queen, Some(12), None).unwrap();
    for _ in 0..20 {
        let ex = Exercise::random(
            &k,
            queen,
            Convention::Normal,
            Question::Outcome,
            3..=5,
            &mut rng,
        )
        .unwrap();
        let r = k.value(ex.position()).unwrap().value.remoteness.unwrap();
        assert!((3..=5).contains(&r), "{} has remoteness {r}", ex.position());
    }
    let e = Exercise::random(
        &k,
        queen,
        Convention::Normal,
        Question::Outcome,
        500..=600,
        &mut rng,
    )
    .unwrap_err();
    assert_eq!(e.reason().id, "rule-exercise-no-random", "{e}");
}

#[test]
fn unreadable_answers_are_errors_not_grades() {
    let k = knowledge();
    let nim = Variant::Nim.parse_position("3,4,5").unwrap();
    let set = |q| Exercise::new(&k, nim.clone(), Convention::Normal, q).unwrap();
    assert!(set(Question::Outcome).grade(&k, "maybe").is_err());
    assert!(set(Question::Grundy).grade(&k, "-1").is_err());
    assert!(set(Question::WinningMove).grade(&k, "1:9").is_err());
    assert!(set(Question::WinningMove).grade(&k, "1:1; 1:2").is_err());
    assert!(set(Question::WinningMoves).grade(&k, "1:2;;").is_err());
    assert_eq!(set(Question::Outcome).solution(), Outcome::Win.as_str());
}

proptest! {
    #[test]
    fn any_text_is_graded_or_refused(text in ".{0,40}", q in 0usize..5) {
        let k = knowledge();
        let nim = Variant::Nim.parse_position("3,4,5").unwrap();
        let ex = Exercise::new(&k, nim, Convention::Normal, Question::ALL[q]).unwrap();
        let _ = ex.grade(&k, &text);
        let _ = Question::parse(&text);
    }
}
