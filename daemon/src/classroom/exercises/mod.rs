//! Exercises in a room: a teacher sets them (each position read or drawn, each question's
//! exact answer computed), students answer them, each answer graded at once, stored before
//! the grade is sent, and told to the teachers. The drawing, solving and grading run beside
//! the room's actor, which takes other requests meanwhile.

mod run;
pub(crate) mod store;

use std::sync::Arc;

use engine::exercise::{Exercise, Question};
use engine::{AnyPosition, Position as _, Rng, Start};
use protocol::limits::LEGAL_MOVES_LISTED;
use protocol::{AnswerInfo, ExerciseInfo, ExerciseSpec, GameParams, Role};

pub use store::{AnswerRow, ExerciseRow};

use super::room::Reply;
use super::{Deps, RoomError};
use crate::clock::unix_ms;
use crate::db::DbError;
use crate::failure::{Context as _, Internal};

/// An exercise with what grades its answers: its position and solution, a few hundred
/// bytes (the moves' values are classified again for each answer).
#[derive(Clone)]
pub(crate) struct LiveExercise {
    pub(crate) row: ExerciseRow,
    pub(crate) exercise: Arc<Exercise>,
}

impl LiveExercise {
    /// Whether answers are still taken at `now` (Unix ms).
    pub(crate) fn is_open(&self, now: i64) -> bool {
        self.row.deadline.is_none_or(|d| now <= d)
    }

    /// Whether its students may know the solution and their grades: once the deadline has
    /// passed or the teacher released them.
    pub(crate) fn told(&self, now: i64) -> bool {
        self.row.released_at.is_some() || !self.is_open(now)
    }

    /// The exercise as `role` sees it: students see the solution only once told.
    pub(crate) fn info(&self, role: Role, now: i64) -> ExerciseInfo {
        let r = &self.row;
        let shown = role == Role::Teacher || self.told(now);
        ExerciseInfo {
            id: r.id,
            set: r.set_no,
            params: r.params.clone(),
            position: r.position.clone(),
            board: crate::convert::board(self.exercise.position()),
            question: r.question.clone(),
            prompt: protocol::i18n::english(&crate::convert::message(
                &self.exercise.question().prompt(),
            )),
            set_at: unsigned(r.set_at),
            deadline: r.deadline.map(unsigned),
            solution: shown.then(|| r.solution.clone()),
            legal_moves: legal_moves(self.exercise.position()),
        }
    }
}

/// The legal moves of `position` in notation, when they are few enough to list.
fn legal_moves(position: &AnyPosition) -> Vec<String> {
    if position.move_count() > LEGAL_MOVES_LISTED {
        return Vec::new();
    }
    position
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Most exercises set in one request (a homework).
pub const MAX_EXERCISES_PER_SET: usize = 50;

/// A set of exercises drawn and solved, to be stored and announced.
pub(crate) struct Made {
    exercises: Result<Vec<(Exercise, GameParams)>, RoomError>,
    deadline_s: Option<u64>,
    reply: Reply<Vec<ExerciseInfo>>,
}

/// An answer graded and stored (or why not), to be applied and announced.
pub(crate) struct Graded {
    exercise_id: i64,
    player: i64,
    row: Result<AnswerRow, RoomError>,
    reply: Reply<AnswerInfo>,
}

/// A set's exercises from their specs, in order.
async fn make(
    deps: &Deps,
    player: i64,
    specs: Vec<ExerciseSpec>,
) -> Result<Vec<(Exercise, GameParams)>, RoomError> {
    // A room's teacher sees its exercises' solutions: during an exam, only its teachers
    // set any.
    deps.exam.allows(player, "setting exercises").await?;
    if specs.is_empty() || specs.len() > MAX_EXERCISES_PER_SET {
        return Err(RoomError::ExerciseCount {
            count: specs.len(),
            most: MAX_EXERCISES_PER_SET,
        });
    }
    let mut made = Vec::with_capacity(specs.len());
    for (i, spec) in specs.into_iter().enumerate() {
        let at = |e| RoomError::InExercise {
            number: i + 1,
            error: Box::new(e),
        };
        made.push(exercise(deps, spec).await.map_err(at)?);
    }
    Ok(made)
}

/// One exercise from its spec: the position read or drawn, the question set on it.
async fn exercise(deps: &Deps, spec: ExerciseSpec) -> Result<(Exercise, GameParams), RoomError> {
    let game = crate::convert::game(&spec.params)?;
    let (variant, convention) = (game.variant(), game.convention());
    let question = Question::parse(&spec.question)?;
    let params = crate::convert::params(game);
    let mut rng = Rng::new(unix_ms() as u64);
    let made = match Start::parse(&spec.position) {
        Start::Random => {
            // The board's table first, where one is needed (a defined piece has no formula):
            // the draw values many positions.
            let knowledge = deps.solver.for_question(&variant.start()).await;
            let range = spec
                .remoteness
                .map_or(0..=u64::MAX, |s| s.from..=s.to.saturating_sub(1));
            tokio::task::spawn_blocking(move || {
                Exercise::random(&knowledge, variant, convention, question, range, &mut rng)
            })
            .await
            .context("doing-draw-a-position")?
        }
        start => {
            let position = game.position(&start, &mut rng)?;
            let knowledge = deps.solver.for_question(&position).await;
            tokio::task::spawn_blocking(move || {
                Exercise::new(&knowledge, position, convention, question)
            })
            .await
            .context("doing-set-the-exercise")?
        }
    };
    Ok((made?, params))
}

/// Grades an answer and stores it.
async fn grade(
    deps: &Deps,
    exercise: Arc<Exercise>,
    exercise_id: i64,
    player: i64,
    text: String,
    now: i64,
) -> Result<AnswerRow, RoomError> {
    let knowledge = deps.solver.for_question(exercise.position()).await;
    let grade = tokio::task::spawn_blocking(move || exercise.grade(&knowledge, &text))
        .await
        .context("doing-grade-the-answer")??;
    // Kept as the message (each reader's language) and in English (for clients without
    // catalogs, and for a reader of the database).
    let message = crate::convert::message(&grade.explanation);
    let row = AnswerRow {
        exercise_id,
        player_id: player,
        answer: grade.answer,
        correct: grade.correct,
        explanation: protocol::i18n::english(&message),
        explanation_message: serde_json::to_string(&message).ok(),
        answered_at: now,
    };
    deps.db
        .add_answer(row.clone())
        .await
        .map_err(|e: DbError| match e.is_constraint_violation() {
            true => already_answered(exercise_id),
            false => Internal::new("doing-store-the-answer", e).into(),
        })?;
    Ok(row)
}

/// An exercise read back from its row: its position and solution as stored, with no work
/// (grading classifies the position when an answer comes).
pub(crate) fn rebuild(row: ExerciseRow) -> Result<LiveExercise, RoomError> {
    let game = crate::convert::game(&row.params)?;
    let position = game
        .variant()
        .parse_position(&row.position)
        .context("doing-read-a-stored-exercise")?;
    let question = Question::parse(&row.question).context("doing-read-a-stored-exercise")?;
    let exercise = Exercise::restored(position, game.convention(), question, row.solution.clone());
    Ok(LiveExercise {
        row,
        exercise: Arc::new(exercise),
    })
}

/// Unix ms as the wire writes them.
pub(crate) fn unsigned(ms: i64) -> u64 {
    u64::try_from(ms).unwrap_or_default()
}

fn already_answered(exercise_id: i64) -> RoomError {
    RoomError::AlreadyAnswered {
        exercise: exercise_id,
    }
}
