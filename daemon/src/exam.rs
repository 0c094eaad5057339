//! Exam mode: what "hints off" must mean for a test. A room's teacher turns it on; while
//! any room holds an exam, the whole server keeps answers out of students' reach, however
//! they ask:
//!
//! - no analysis (`query`, `table`, `review`, research requests), and no exercises set in
//!   other rooms (a room's teacher sees the solutions of its exercises);
//! - no matches against the engine (it plays the solution) and no rematches;
//! - no values on a board (a sum's components with their Grundy numbers);
//! - in the rooms holding the exam, a student's grade and the solution only once the
//!   teacher releases them or the exercise's deadline has passed.
//!
//! Only the teachers of the rooms holding an exam are exempt; anyone else — a student, a
//! second identity with no token, a student who opened a room of their own — is not.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use crate::db::{Db, DbError};
use crate::failure::{Context as _, Internal};

/// Why the exam refused something.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[error("{}", crate::failure::english(self))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ExamError {
    /// The server is in exam mode and this is for the exam's teachers.
    #[serde(rename = "exam_under_way")]
    UnderWay {
        /// What was asked for: `analysis`, `engine`, `rematch` or `simul`.
        what: String,
    },
    /// The exam's teachers could not be looked up.
    #[serde(untagged)]
    Internal(#[from] Internal),
}

/// The rooms holding an exam.
pub struct Exam {
    /// Whether any room holds one: read by every request, so kept apart from the set.
    on: AtomicBool,
    rooms: Mutex<HashSet<i64>>,
    db: Db,
}

impl Exam {
    /// The rooms holding an exam, as stored.
    pub async fn load(db: &Db) -> Result<Exam, DbError> {
        let rooms: HashSet<i64> = db.exam_rooms().await?.into_iter().collect();
        if !rooms.is_empty() {
            tracing::info!(rooms = rooms.len(), "exam mode: on");
        }
        Ok(Exam {
            on: AtomicBool::new(!rooms.is_empty()),
            rooms: Mutex::new(rooms),
            db: db.clone(),
        })
    }

    /// Whether the server is in exam mode.
    pub fn is_on(&self) -> bool {
        self.on.load(Ordering::Relaxed)
    }

    /// Whether room `id` holds an exam.
    pub fn holds(&self, room: i64) -> bool {
        self.is_on() && self.rooms().contains(&room)
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, HashSet<i64>> {
        self.rooms.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Room `id` holds an exam, or no longer does; whether that changed the server's mode.
    pub fn set(&self, room: i64, exam: bool) -> bool {
        let mut rooms = self.rooms();
        if exam {
            rooms.insert(room);
        } else {
            rooms.remove(&room);
        }
        let on = !rooms.is_empty();
        let was = self.on.swap(on, Ordering::Relaxed);
        if was != on {
            tracing::info!(on, "exam mode");
        }
        was != on
    }

    /// `Ok` when `player` may have `what` now: the server is not in exam mode, or they
    /// teach a room holding the exam; otherwise the refusal, saying why.
    pub async fn allows(&self, player: i64, what: &str) -> Result<(), ExamError> {
        if !self.is_on() {
            return Ok(());
        }
        let teacher = self
            .db
            .is_exam_teacher(player)
            .await
            .context("doing-look-up-the-exam-s-teachers")?;
        if teacher {
            return Ok(());
        }
        Err(ExamError::UnderWay {
            what: what.to_owned(),
        })
    }
}
