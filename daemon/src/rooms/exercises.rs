//! Exercises in a room: a teacher sets them (each position read or drawn, each question's
//! exact answer computed), students answer them, each answer graded at once, stored before the
//! grade is sent, and told to the teachers.

use std::sync::Arc;

use engine::exercise::{Exercise, Question};
use engine::{Rng, Start};
use protocol::{AnswerInfo, ExerciseInfo, ExerciseSpec, Role, ServerBody};

use super::membership::not_member;
use super::room::{LiveExercise, Room};
use super::{RoomError, Rooms};
use crate::clock::unix_ms;
use crate::db::{AnswerRow, DbError, ExerciseRow};
use crate::failure::{Context as _, Internal};

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
    ) -> Result<Vec<ExerciseInfo>, RoomError> {
        room.teacher(player)?;
        // A room's teacher sees its exercises' solutions: during an exam, only its teachers
        // set any.
        self.deps.exam.allows(player, "setting exercises").await?;
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
            made.push(self.exercise(spec).await.map_err(at)?);
        }
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
    ) -> Result<(Exercise, protocol::GameParams), RoomError> {
        let game = crate::convert::game(&spec.params)?;
        let (variant, convention) = (game.variant(), game.convention());
        let question = Question::parse(&spec.question)?;
        let params = crate::convert::params(game);
        let mut rng = Rng::new(unix_ms() as u64);
        let made = match Start::parse(&spec.position) {
            Start::Random => {
                let knowledge = self.deps.analysis.current();
                let k = Arc::clone(&knowledge);
                let range = spec
                    .remoteness
                    .map_or(0..=u64::MAX, |s| s.from..=s.to.saturating_sub(1));
                tokio::task::spawn_blocking(move || {
                    Exercise::random(&k, variant, convention, question, range, &mut rng)
                })
                .await
                .context("draw a position")?
            }
            start => {
                let position = game.position(&start, &mut rng)?;
                let knowledge = self.deps.analysis.for_question(&position).await;
                let k = Arc::clone(&knowledge);
                tokio::task::spawn_blocking(move || {
                    Exercise::new(&k, position, convention, question)
                })
                .await
                .context("set the exercise")?
            }
        };
        Ok((made?, params))
    }

    /// Grades `player`'s answer to `exercise_id`, stores it and tells the teachers.
    pub async fn answer(
        &self,
        room: &Room,
        player: i64,
        exercise_id: i64,
        text: &str,
    ) -> Result<AnswerInfo, RoomError> {
        let now = unix_ms();
        let live = {
            let s = room.state();
            match s.members.iter().find(|m| m.row.player_id == player) {
                None => return Err(not_member(room)),
                Some(m) if m.row.role == Role::Teacher => {
                    return Err(RoomError::TeachersDoNotAnswer)
                }
                Some(_) => {}
            }
            let live = s
                .exercises
                .iter()
                .find(|e| e.row.id == exercise_id)
                .cloned()
                .ok_or_else(|| RoomError::NoSuchExercise {
                    room: room.code.clone(),
                    exercise: exercise_id,
                })?;
            if s.answered.contains(&(exercise_id, player)) {
                return Err(already_answered(exercise_id));
            }
            live
        };
        if !live.is_open(now) {
            return Err(RoomError::DeadlinePassed {
                exercise: exercise_id,
            });
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
            .context("grade the answer")??;
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
                false => Internal::new("store the answer", e).into(),
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
    pub async fn release_answers(&self, room: &Room, player: i64) -> Result<(), RoomError> {
        room.teacher(player)?;
        let _changing = room.changing.lock().await;
        let now = unix_ms();
        self.deps
            .db
            .release_exercises(room.id, now)
            .await
            .context("release the answers")?;
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

fn already_answered(exercise_id: i64) -> RoomError {
    RoomError::AlreadyAnswered {
        exercise: exercise_id,
    }
}
