//! What the room's actor does with exercises: a set made beside it stored and announced, an
//! answer checked, graded beside it and applied, the answers released.

use std::sync::Arc;

use engine::exercise::Exercise;
use protocol::{AnswerInfo, ExerciseInfo, ExerciseSpec, GameParams, Role, ServerBody};

use super::{already_answered, grade, make, ExerciseRow, Graded, LiveExercise, Made, Reply};
use crate::classroom::room::actor::{Actor, Done};
use crate::classroom::RoomError;
use crate::clock::unix_ms;
use crate::failure::Context as _;

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
        self.reply(made.reply, result);
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
        let set_no = self.state.exercises.last().map_or(1, |e| e.row.set_no + 1);
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
            .context("doing-store-the-exercises")?;
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
                self.reply(g.reply, Err(e));
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
        self.reply(g.reply, Ok(mine));
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
            .context("doing-release-the-answers")?;
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
