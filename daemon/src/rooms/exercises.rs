//! Exercises in a room: a teacher sets them (each position read or drawn, each question's
//! exact answer computed), students answer them, each answer graded at once, stored before the
//! grade is sent, and told to the teachers.

use std::sync::Arc;

use engine::exercise::{Exercise, Question};
use engine::Rng;
use protocol::{AnswerInfo, ErrorBody, ErrorCode, ExerciseInfo, ExerciseSpec, Role, ServerBody};

use super::membership::not_member;
use super::room::{LiveExercise, Room};
use super::Rooms;
use crate::clock::unix_ms;
use crate::db::{AnswerRow, DbError, ExerciseRow};
use crate::errors::{engine_error, internal};

/// Most exercises set in one request (a homework).
pub const MAX_EXERCISES_PER_SET: usize = 50;

impl Rooms {
    /// Sets `specs` in `room` (teachers): each position read or drawn, each question's exact
    /// answer computed, all stored as one set; every member is told.
    pub async fn set_exercises(
        &self,
        room: &Room,
        player: i64,
        specs: Vec<ExerciseSpec>,
        deadline_s: Option<u64>,
    ) -> Result<Vec<ExerciseInfo>, ErrorBody> {
        room.teacher(player)?;
        // A room's teacher sees its exercises' solutions: during an exam, only its teachers
        // set any.
        self.deps.exam.allows(player, "setting exercises").await?;
        if specs.is_empty() || specs.len() > MAX_EXERCISES_PER_SET {
            return Err(ErrorBody::new(
                ErrorCode::BadParameters,
                format!(
                    "{} exercises: set between 1 and {MAX_EXERCISES_PER_SET} at a time",
                    specs.len()
                ),
            ));
        }
        let mut made = Vec::with_capacity(specs.len());
        for (i, spec) in specs.into_iter().enumerate() {
            let at =
                |e: ErrorBody| ErrorBody::new(e.code, format!("exercise {}: {}", i + 1, e.message));
            made.push(self.exercise(spec).await.map_err(at)?);
        }
        let now = unix_ms();
        let deadline = match deadline_s {
            Some(s) => Some(
                i64::try_from(s)
                    .ok()
                    .and_then(|s| s.checked_mul(1000))
                    .and_then(|ms| now.checked_add(ms))
                    .ok_or_else(|| {
                        ErrorBody::new(ErrorCode::BadParameters, "the deadline is too far away")
                    })?,
            ),
            None => None,
        };
        let _changing = room.changing.lock().await;
        let set_no = room
            .state()
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
            .add_exercises(room.id, rows.clone())
            .await
            .map_err(|e| internal("store the exercises", e))?;
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
        room.state().exercises.extend(live);
        let code = room.code.clone();
        room.publish(
            ServerBody::ExercisesSet {
                code: code.clone(),
                exercises: teachers.clone(),
            },
            Some(ServerBody::ExercisesSet {
                code,
                exercises: students,
            }),
        );
        tracing::info!(room = %room.code, set = set_no, count = teachers.len(), "exercises set");
        Ok(teachers)
    }

    /// One exercise from its spec: the position read or drawn, the question set on it.
    async fn exercise(
        &self,
        spec: ExerciseSpec,
    ) -> Result<(Exercise, protocol::GameParams), ErrorBody> {
        let variant = crate::variants::variant(&spec.params)?;
        let convention = crate::variants::convention(&spec.params).map_err(engine_error)?;
        let question = Question::parse(&spec.question).map_err(engine_error)?;
        let params = crate::variants::params_in(variant, convention);
        let made = match spec.position.trim() {
            "random" => {
                let knowledge = self.deps.analysis.current();
                let k = Arc::clone(&knowledge);
                let range = spec
                    .remoteness
                    .map_or(0..=u64::MAX, |s| s.from..=s.to.saturating_sub(1));
                let seed = unix_ms() as u64;
                tokio::task::spawn_blocking(move || {
                    Exercise::random(
                        &k,
                        variant,
                        convention,
                        question,
                        range,
                        &mut Rng::new(seed),
                    )
                })
                .await
                .map_err(|e| internal("draw a position", e))?
            }
            text => {
                let position = match text {
                    "standard" => variant.start(),
                    _ => variant.parse_position(text).map_err(engine_error)?,
                };
                let knowledge = self.deps.analysis.for_question(&position).await;
                let k = Arc::clone(&knowledge);
                tokio::task::spawn_blocking(move || {
                    Exercise::new(&k, position, convention, question)
                })
                .await
                .map_err(|e| internal("set the exercise", e))?
            }
        };
        Ok((made.map_err(engine_error)?, params))
    }

    /// Grades `player`'s answer to `exercise_id`, stores it and tells the teachers.
    pub async fn answer(
        &self,
        room: &Room,
        player: i64,
        exercise_id: i64,
        text: &str,
    ) -> Result<AnswerInfo, ErrorBody> {
        let now = unix_ms();
        let live = {
            let s = room.state();
            match s.members.iter().find(|m| m.row.player_id == player) {
                None => return Err(not_member(room)),
                Some(m) if m.row.role == Role::Teacher => {
                    return Err(ErrorBody::new(
                        ErrorCode::InvalidState,
                        "teachers set exercises and students answer them; join the room with \
                         another name to try one",
                    ))
                }
                Some(_) => {}
            }
            let live = s
                .exercises
                .iter()
                .find(|e| e.row.id == exercise_id)
                .cloned()
                .ok_or_else(|| {
                    ErrorBody::new(
                        ErrorCode::NoSuchExercise,
                        format!("room {} has no exercise {exercise_id}", room.code),
                    )
                })?;
            if s.answered.contains(&(exercise_id, player)) {
                return Err(already_answered(exercise_id));
            }
            live
        };
        if !live.is_open(now) {
            return Err(ErrorBody::new(
                ErrorCode::DeadlinePassed,
                format!(
                    "the deadline of exercise {exercise_id} has passed; answers are no longer taken"
                ),
            ));
        }
        let knowledge = self
            .deps
            .analysis
            .for_question(live.exercise.position())
            .await;
        let exercise = Arc::clone(&live.exercise);
        let text = text.to_owned();
        let grade = tokio::task::spawn_blocking(move || exercise.grade(&knowledge, &text))
            .await
            .map_err(|e| internal("grade the answer", e))?
            .map_err(engine_error)?;
        let row = AnswerRow {
            exercise_id,
            player_id: player,
            answer: grade.answer,
            correct: grade.correct,
            explanation: grade.explanation,
            answered_at: now,
        };
        self.deps
            .db
            .add_answer(row.clone())
            .await
            .map_err(|e: DbError| match e.is_constraint_violation() {
                true => already_answered(exercise_id),
                false => internal("store the answer", e),
            })?;
        let (info, mine, tally) = {
            let mut s = room.state();
            s.answered.insert((exercise_id, player));
            let info = s.answer_info(&row, false);
            let mine = s.answer_info(&row, s.withholds(exercise_id, now));
            s.answers.push(row);
            (info, mine, s.tally(exercise_id))
        };
        room.publish(
            ServerBody::Answered {
                code: room.code.clone(),
                answer: info,
                tally,
            },
            None,
        );
        Ok(mine)
    }
}

impl Rooms {
    /// Tells the room's students the grades and solutions of every exercise set so far
    /// (teachers): what a room holding an exam keeps from them until then.
    pub async fn release_answers(&self, room: &Room, player: i64) -> Result<(), ErrorBody> {
        room.teacher(player)?;
        let _changing = room.changing.lock().await;
        let now = unix_ms();
        self.deps
            .db
            .release_exercises(room.id, now)
            .await
            .map_err(|e| internal("release the answers", e))?;
        for e in room.state().exercises.iter_mut() {
            e.row.released_at.get_or_insert(now);
        }
        let body = || ServerBody::AnswersReleased {
            code: room.code.clone(),
        };
        room.publish(body(), Some(body()));
        tracing::info!(room = %room.code, "answers released");
        Ok(())
    }
}

fn already_answered(exercise_id: i64) -> ErrorBody {
    ErrorBody::new(
        ErrorCode::AlreadyAnswered,
        format!("you have answered exercise {exercise_id} already; the first answer is final"),
    )
}
