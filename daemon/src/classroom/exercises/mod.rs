//! Exercises in a room: a teacher sets them (each position read or drawn, each question's
//! exact answer computed), students answer them, each answer graded at once, stored before
//! the grade is sent, and told to the teachers. The drawing, solving and grading run beside
//! the room's actor, which takes other requests meanwhile.

pub(crate) mod store;

use std::sync::Arc;

use engine::exercise::{Exercise, Question};
use engine::{Rng, Start};
use protocol::{AnswerInfo, ExerciseInfo, ExerciseSpec, GameParams, Role, ServerBody};
use tokio::sync::oneshot;

pub use store::{AnswerRow, ExerciseRow};

use super::room::actor::{Actor, Done};
use super::room::state::LiveExercise;
use super::{Deps, RoomError};
use crate::clock::unix_ms;
use crate::db::DbError;
use crate::failure::{Context as _, Internal};

/// Most exercises set in one request (a homework).
pub const MAX_EXERCISES_PER_SET: usize = 50;

type Reply<T> = oneshot::Sender<Result<T, RoomError>>;

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

impl Actor {
    /// Sets `specs` (teachers): each position read or drawn and each question's exact answer
    /// computed beside the actor, then stored as one set; every member is told.
    pub(crate) fn set_exercises(
        &mut self,
        player: i64,
        specs: Vec<ExerciseSpec>,
        deadline_s: Option<u64>,
        reply: Reply<Vec<ExerciseInfo>>,
    ) {
        if let Err(e) = self.state.teacher(player) {
            let _ = reply.send(Err(e));
            return;
        }
        let deps = self.deps.clone();
        self.start(async move {
            Done::Made(Made {
                exercises: make(&deps, player, specs).await,
                deadline_s,
                reply,
            })
        });
    }

    /// Stores and announces a set made.
    pub(crate) async fn exercises_made(&mut self, made: Made) {
        let result = match made.exercises {
            Ok(exercises) => self.store_set(exercises, made.deadline_s).await,
            Err(e) => Err(e),
        };
        let _ = made.reply.send(result);
    }

    async fn store_set(
        &mut self,
        made: Vec<(Exercise, GameParams)>,
        deadline_s: Option<u64>,
    ) -> Result<Vec<ExerciseInfo>, RoomError> {
        let now = unix_ms();
        let deadline = match deadline_s {
            Some(s) => Some(
                i64::try_from(s)
                    .ok()
                    .and_then(|s| s.checked_mul(1000))
                    .and_then(|ms| now.checked_add(ms))
                    .ok_or(RoomError::DeadlineTooFar)?,
            ),
            None => None,
        };
        let set_no = self
            .state
            .exercises
            .last()
            .map_or(1, |e| e.row.set_no + 1);
        let rows: Vec<ExerciseRow> = made
            .iter()
            .map(|(ex, params)| ExerciseRow {
                id: 0,
                set_no,
                params: params.clone(),
                position: ex.position().to_string(),
                question: ex.question().as_str().to_owned(),
                solution: ex.solution().to_owned(),
                set_at: now,
                deadline,
                released_at: None,
            })
            .collect();
        let first = self
            .deps
            .db
            .add_exercises(self.state.id, rows.clone())
            .await
            .context("store the exercises")?;
        let live: Vec<LiveExercise> = rows
            .into_iter()
            .zip(made)
            .zip(first..)
            .map(|((row, (exercise, _)), id)| LiveExercise {
                row: ExerciseRow { id, ..row },
                exercise: Arc::new(exercise),
            })
            .collect();
        let info = |role| live.iter().map(|e| e.info(role, now)).collect::<Vec<_>>();
        let (teachers, students) = (info(Role::Teacher), info(Role::Student));
        self.state.exercises.extend(live);
        let code = self.state.code.clone();
        self.publish(
            ServerBody::ExercisesSet {
                code: code.clone(),
                exercises: teachers.clone(),
            },
            Some(ServerBody::ExercisesSet {
                code,
                exercises: students,
            }),
        );
        tracing::info!(set = set_no, count = teachers.len(), "exercises set");
        Ok(teachers)
    }

    /// Takes `player`'s answer to `exercise_id`: graded and stored beside the actor (the
    /// exercise counts as answered meanwhile, so a second answer is refused at once).
    pub(crate) fn answer(
        &mut self,
        player: i64,
        exercise_id: i64,
        text: String,
        reply: Reply<AnswerInfo>,
    ) {
        let now = unix_ms();
        let exercise = match self.answerable(player, exercise_id, now) {
            Ok(e) => e,
            Err(e) => {
                let _ = reply.send(Err(e));
                return;
            }
        };
        self.state.answered.insert((exercise_id, player));
        let deps = self.deps.clone();
        self.start(async move {
            Done::Graded(Graded {
                exercise_id,
                player,
                row: grade(&deps, exercise, exercise_id, player, text, now).await,
                reply,
            })
        });
    }

    /// The exercise `player` may answer now, or why not.
    fn answerable(
        &self,
        player: i64,
        exercise_id: i64,
        now: i64,
    ) -> Result<Arc<Exercise>, RoomError> {
        let s = &self.state;
        match s.role_of(player) {
            None => return Err(s.not_member()),
            Some(Role::Teacher) => return Err(RoomError::TeachersDoNotAnswer),
            Some(Role::Student) => {}
        }
        let live = s
            .exercises
            .iter()
            .find(|e| e.row.id == exercise_id)
            .ok_or_else(|| RoomError::NoSuchExercise {
                room: s.code.clone(),
                exercise: exercise_id,
            })?;
        if s.answered.contains(&(exercise_id, player)) {
            return Err(already_answered(exercise_id));
        }
        if !live.is_open(now) {
            return Err(RoomError::DeadlinePassed {
                exercise: exercise_id,
            });
        }
        Ok(Arc::clone(&live.exercise))
    }

    /// Applies a graded answer and tells the teachers; a failed one may be sent again.
    pub(crate) fn graded(&mut self, g: Graded) {
        let row = match g.row {
            Ok(row) => row,
            Err(e) => {
                self.state.answered.remove(&(g.exercise_id, g.player));
                let _ = g.reply.send(Err(e));
                return;
            }
        };
        let s = &mut self.state;
        let info = s.answer_info(&row, false);
        let mine = s.answer_info(&row, s.withholds(g.exercise_id, row.answered_at));
        s.answers.push(row);
        let tally = s.tally(g.exercise_id);
        self.publish(
            ServerBody::Answered {
                code: self.state.code.clone(),
                answer: info,
                tally,
            },
            None,
        );
        let _ = g.reply.send(Ok(mine));
    }

    /// Tells the room's students the grades and solutions of every exercise set so far
    /// (teachers): what a room holding an exam keeps from them until then.
    pub(crate) async fn release_answers(&mut self, player: i64) -> Result<(), RoomError> {
        self.state.teacher(player)?;
        let now = unix_ms();
        self.deps
            .db
            .release_exercises(self.state.id, now)
            .await
            .context("release the answers")?;
        for e in self.state.exercises.iter_mut() {
            e.row.released_at.get_or_insert(now);
        }
        self.publish_all(ServerBody::AnswersReleased {
            code: self.state.code.clone(),
        });
        tracing::info!("answers released");
        Ok(())
    }
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
            let knowledge = deps.analysis.current();
            let range = spec
                .remoteness
                .map_or(0..=u64::MAX, |s| s.from..=s.to.saturating_sub(1));
            tokio::task::spawn_blocking(move || {
                Exercise::random(&knowledge, variant, convention, question, range, &mut rng)
            })
            .await
            .context("draw a position")?
        }
        start => {
            let position = game.position(&start, &mut rng)?;
            let knowledge = deps.analysis.for_question(&position).await;
            tokio::task::spawn_blocking(move || {
                Exercise::new(&knowledge, position, convention, question)
            })
            .await
            .context("set the exercise")?
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
    let knowledge = deps.analysis.for_question(exercise.position()).await;
    let grade = tokio::task::spawn_blocking(move || exercise.grade(&knowledge, &text))
        .await
        .context("grade the answer")??;
    let row = AnswerRow {
        exercise_id,
        player_id: player,
        answer: grade.answer,
        correct: grade.correct,
        explanation: grade.explanation,
        answered_at: now,
    };
    deps.db
        .add_answer(row.clone())
        .await
        .map_err(|e: DbError| match e.is_constraint_violation() {
            true => already_answered(exercise_id),
            false => Internal::new("store the answer", e).into(),
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
        .context("read a stored exercise")?;
    let question = Question::parse(&row.question).context("read a stored exercise")?;
    let exercise = Exercise::restored(position, game.convention(), question, row.solution.clone());
    Ok(LiveExercise {
        row,
        exercise: Arc::new(exercise),
    })
}

fn already_answered(exercise_id: i64) -> RoomError {
    RoomError::AlreadyAnswered {
        exercise: exercise_id,
    }
}
