//! A room's state on made-up times: what each reader sees, and what the room keeps from its
//! students, as exercises open and close and games are played.

use std::sync::Arc;

use engine::exercise::{Exercise, Question};
use protocol::{GameParams, Role};

use super::state::State;
use super::store::{MemberRow, RoomRow};
use crate::classroom::exercises::LiveExercise;
use crate::classroom::exercises::{AnswerRow, ExerciseRow};

const TEACHER: i64 = 1;
const ADA: i64 = 2;
const BEN: i64 = 3;

fn room(exam: bool) -> State {
    let row = RoomRow {
        id: 1,
        code: "K7Q2".into(),
        name: "3B".into(),
        hints: false,
        engine: Some("easy".into()),
        exam,
        language: None,
        owner_token_hash: vec![0; 32],
    };
    let member = |player_id, name: &str, role| MemberRow {
        player_id,
        name: name.into(),
        role,
    };
    let members = vec![
        member(TEACHER, "sensei", Role::Teacher),
        member(ADA, "ada", Role::Student),
        member(BEN, "ben", Role::Student),
    ];
    State::new(row, members, vec![], vec![], vec![], vec![])
}

/// Nim 1,2,3 asked for its outcome (a loss for the player to move), set at `set_at` with a
/// deadline.
fn exercise(id: i64, set_at: i64, deadline: Option<i64>) -> LiveExercise {
    let game =
        engine::Game::new(engine::GameKind::Nim, None, None, None, None, None, false).unwrap();
    let position = game.variant().parse_position("1,2,3").unwrap();
    let question = Question::parse("outcome").unwrap();
    let exercise = Exercise::restored(position, game.convention(), question, "L".into());
    LiveExercise {
        row: ExerciseRow {
            id,
            set_no: 1,
            params: GameParams::of(protocol::Game::Nim),
            position: "1,2,3".into(),
            question: "outcome".into(),
            solution: "L".into(),
            set_at,
            deadline,
            released_at: None,
        },
        exercise: Arc::new(exercise),
    }
}

fn answer(s: &mut State, exercise_id: i64, player_id: i64, at: i64) {
    s.answered.insert((exercise_id, player_id));
    s.answers.push(AnswerRow {
        exercise_id,
        player_id,
        answer: "L".into(),
        correct: true,
        explanation: "right".into(),
        explanation_message: None,
        answered_at: at,
    });
}

#[test]
fn students_see_the_solution_once_the_deadline_has_passed() {
    let mut s = room(false);
    s.exercises.push(exercise(10, 1_000, Some(61_000)));
    let before = s.view(ADA, 60_000);
    assert_eq!(before.exercises[0].solution, None);
    assert!(before.members.is_empty(), "students see no member list");
    let after = s.view(ADA, 61_001);
    assert_eq!(after.exercises[0].solution.as_deref(), Some("L"));
    let teacher = s.view(TEACHER, 60_000);
    assert_eq!(teacher.exercises[0].solution.as_deref(), Some("L"));
    assert_eq!(teacher.members.len(), 3);
}

#[test]
fn an_exam_keeps_grades_from_students_until_they_are_told() {
    let mut s = room(true);
    s.exercises.push(exercise(10, 1_000, Some(61_000)));
    answer(&mut s, 10, ADA, 5_000);
    answer(&mut s, 10, BEN, 6_000);
    let ada = s.view(ADA, 10_000);
    assert_eq!(ada.answers.len(), 1, "a student sees their own answer only");
    assert!(ada.answers[0].withheld && !ada.answers[0].correct);
    assert!(
        !s.view(ADA, 61_001).answers[0].withheld,
        "told at the deadline"
    );
    let teacher = s.view(TEACHER, 10_000);
    assert_eq!(teacher.answers.len(), 2);
    assert!(teacher.answers.iter().all(|a| !a.withheld && a.correct));
    assert_eq!(teacher.tallies[0].answered, 2);
    assert_eq!(teacher.tallies[0].students, 2);
    s.exercises[0].row.released_at = Some(20_000);
    assert!(!s.view(ADA, 30_000).answers[0].withheld, "released");
}

#[test]
fn values_are_withheld_while_an_exercise_is_open_and_unanswered() {
    let mut s = room(false);
    s.exercises.push(exercise(10, 1_000, Some(61_000)));
    s.exercises.push(exercise(11, 1_000, Some(31_000)));
    answer(&mut s, 10, ADA, 5_000);
    let policy = s.policy();
    // Ada answered the longer one; the other is open until 31 s.
    assert!(policy.withholds_hints(ADA, 31_000).is_some());
    assert_eq!(policy.withholds_hints(ADA, 31_001), None);
    assert!(policy.withholds_hints(BEN, 61_000).is_some());
    assert_eq!(policy.withholds_hints(BEN, 61_001), None);
    assert_eq!(
        policy.withholds_hints(TEACHER, 0),
        None,
        "teachers are not kept"
    );
    // With hints on, nothing is withheld.
    s.settings.hints = true;
    assert_eq!(s.policy().withholds_hints(BEN, 0), None);
    // An exercise without a deadline is open for ever.
    s.settings.hints = false;
    s.exercises.push(exercise(12, 1_000, None));
    assert!(s.policy().withholds_hints(ADA, i64::MAX - 1).is_some());
}

#[test]
fn the_engine_limit_is_for_students() {
    let s = room(false);
    let policy = s.policy();
    assert_eq!(policy.engine_limit(ADA), Some("easy"));
    assert_eq!(policy.engine_limit(TEACHER), None);
    assert_eq!(policy.engine_limit(99), None, "not a member");
}

#[test]
fn a_member_comes_once_and_leaves_with_their_last_connection() {
    let mut s = room(false);
    assert!(!s.anyone_here());
    assert!(s.arrive(ADA).is_some_and(|m| m.connected));
    assert_eq!(s.arrive(ADA), None, "a second connection is no news");
    assert!(s.anyone_here());
    assert_eq!(s.students_here().count(), 1);
    assert_eq!(s.depart(ADA), None);
    assert!(s.depart(ADA).is_some_and(|m| !m.connected));
    assert_eq!(s.depart(ADA), None, "never below nobody");
    assert!(!s.anyone_here());
    assert_eq!(s.arrive(99), None, "not a member");
}
