//! Rooms for classes: a teacher opens one, students join with its code, the teacher sets
//! exercises and the server grades every answer from the exact classification, at once.
//! Everything is stored before it is acknowledged; a room is brought back from the database
//! the first time it is asked for after a restart.

mod actions;
mod code;
mod export;
mod room;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use engine::exercise::{Exercise, Question};
use protocol::{ErrorBody, ErrorCode};

pub use actions::Joined;
pub use code::{normalize as normalize_code, CODE_ALPHABET, CODE_LENGTH};
pub use room::{Room, EVENT_BACKLOG};

use crate::analysis::Analysis;
use crate::db::{Db, ExerciseRow};
use crate::errors::internal;
use room::LiveExercise;

/// The live rooms, by join code.
pub struct Rooms {
    db: Db,
    analysis: Arc<Analysis>,
    live: Mutex<HashMap<String, Arc<Room>>>,
    /// Taken while a room is read from the database, so that two students arriving together
    /// after a restart get the same room.
    loading: tokio::sync::Mutex<()>,
}

impl Rooms {
    /// No room live yet.
    pub fn new(db: Db, analysis: Arc<Analysis>) -> Rooms {
        Rooms {
            db,
            analysis,
            live: Mutex::new(HashMap::new()),
            loading: tokio::sync::Mutex::new(()),
        }
    }

    fn live(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Room>>> {
        match self.live.lock() {
            Ok(l) => l,
            Err(poisoned) => poisoned.into_inner(),
        }
    }

    /// The room with `code` (any letter case), from memory or the database.
    pub async fn get(&self, code: &str) -> Result<Arc<Room>, ErrorBody> {
        let code = normalize_code(code)?;
        if let Some(room) = self.live().get(&code) {
            return Ok(Arc::clone(room));
        }
        let _loading = self.loading.lock().await;
        if let Some(room) = self.live().get(&code) {
            return Ok(Arc::clone(room));
        }
        let stored = self
            .db
            .load_room(&code)
            .await
            .map_err(|e| internal("read the room", e))?
            .ok_or_else(|| {
                ErrorBody::new(
                    ErrorCode::NoSuchRoom,
                    format!("no room has the code {code}; check the code on the teacher's screen"),
                )
            })?;
        let mut exercises = Vec::with_capacity(stored.exercises.len());
        for row in stored.exercises {
            exercises.push(self.rebuild(row).await?);
        }
        let room = Arc::new(Room::new(
            stored.room,
            stored.members,
            exercises,
            stored.answers,
        ));
        self.live().insert(code, Arc::clone(&room));
        tracing::info!(room = %room.code, "room brought back from the database");
        Ok(room)
    }

    /// The live rooms in which `player` is a student with an exercise open and unanswered
    /// while hints are off: the code of the first, if any.
    pub fn hints_withheld(&self, player: i64) -> Option<String> {
        let rooms: Vec<Arc<Room>> = self.live().values().cloned().collect();
        rooms
            .into_iter()
            .find(|r| r.withholds_hints(player))
            .map(|r| r.code.clone())
    }

    /// An exercise read back from its row: the question set again on its position.
    async fn rebuild(&self, row: ExerciseRow) -> Result<LiveExercise, ErrorBody> {
        let params = protocol::GameParams {
            game: row.game,
            size: row.size,
            k: row.k,
            misere: row.misere,
        };
        let variant = crate::variants::variant(&params)?;
        let convention =
            crate::variants::convention(&params).map_err(crate::errors::engine_error)?;
        let position = variant
            .parse_position(&row.position)
            .map_err(|e| internal("read a stored exercise", e))?;
        let question =
            Question::parse(&row.question).map_err(|e| internal("read a stored exercise", e))?;
        let knowledge = self.analysis.for_question(&position).await;
        let k = Arc::clone(&knowledge);
        let exercise =
            tokio::task::spawn_blocking(move || Exercise::new(&k, position, convention, question))
                .await
                .map_err(|e| internal("set the exercise again", e))?
                .map_err(|e| internal("set the exercise again", e))?;
        Ok(LiveExercise {
            row,
            params,
            exercise: Arc::new(exercise),
            knowledge,
        })
    }
}
