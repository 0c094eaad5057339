//! Exercises set in a room and the students' graded answers: the rows, the writes (through
//! the writer task, so an acknowledged answer is on disk) and their reads, part of the read
//! of a whole room (`rooms.rs`).

use engine::exercise::Question;
use protocol::GameParams;
use sqlx::SqliteConnection;

use crate::db::sql::{bind_game_params, GameColumns, Named};
use crate::db::writer::{Statements, Write};
use crate::db::{Db, DbError};

/// An exercise as stored (`id` is ignored when adding one).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ExerciseRow {
    /// Its id.
    pub id: i64,
    /// Exercises set together share a set number.
    pub set_no: u32,
    /// The game and its parameters.
    #[sqlx(flatten, try_from = "GameColumns")]
    pub params: GameParams,
    /// The position, canonical.
    pub position: String,
    /// The question's name.
    #[sqlx(try_from = "Named<Question>")]
    pub question: String,
    /// The exact answer when it was set.
    pub solution: String,
    /// When it was set (Unix ms).
    pub set_at: i64,
    /// When answers stop (Unix ms).
    pub deadline: Option<i64>,
    /// When the teacher released its grades and solution to the students (Unix ms).
    pub released_at: Option<i64>,
}

/// A graded answer as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AnswerRow {
    /// Which exercise.
    pub exercise_id: i64,
    /// Who.
    pub player_id: i64,
    /// The answer, canonical.
    pub answer: String,
    /// Right or wrong.
    pub correct: bool,
    /// Why, in English.
    pub explanation: String,
    /// Why, as a message of the catalogs (JSON of a `protocol::Message`); none in answers
    /// given before the server said its reasons this way.
    pub explanation_message: Option<String>,
    /// When (Unix ms).
    pub answered_at: i64,
}

impl Db {
    /// Stores exercises together; returns the id of the first (the others follow it: one
    /// writer inserts them in one savepoint, each taking the next rowid).
    pub async fn add_exercises(
        &self,
        room_id: i64,
        exercises: Vec<ExerciseRow>,
    ) -> Result<i64, DbError> {
        // One insert needs no savepoint; several land together or not at all.
        let one = exercises.len() == 1;
        let run: Statements =
            Box::new(move |conn| Box::pin(add_exercises(conn, room_id, exercises)));
        let write = if one {
            Write::One(run)
        } else {
            Write::Several(run)
        };
        self.writer.write(write).await
    }

    /// Stores a graded answer. A second answer to the same exercise is a constraint
    /// violation: the first is final.
    pub async fn add_answer(&self, a: AnswerRow) -> Result<(), DbError> {
        self.writer
            .one(move |conn| {
                Box::pin(async move {
                    sqlx::query(
                        "INSERT INTO answers (exercise_id, player_id, answer, correct, \
                         explanation, explanation_message, answered_at) \
                         VALUES (?, ?, ?, ?, ?, ?, ?)",
                    )
                    .bind(a.exercise_id)
                    .bind(a.player_id)
                    .bind(&a.answer)
                    .bind(a.correct)
                    .bind(&a.explanation)
                    .bind(&a.explanation_message)
                    .bind(a.answered_at)
                    .execute(&mut *conn)
                    .await?;
                    Ok(a.exercise_id)
                })
            })
            .await
            .map(drop)
    }

    /// Releases the grades and solutions of every exercise of the room not released yet.
    pub async fn release_exercises(&self, room_id: i64, at: i64) -> Result<(), DbError> {
        let statement = sqlx::query(
            "UPDATE exercises SET released_at = ? \
                         WHERE room_id = ? AND released_at IS NULL",
        )
        .bind(at)
        .bind(room_id);
        self.writer.statement(room_id, statement).await
    }
}

/// Inserts exercises in order; returns the id of the first.
async fn add_exercises(
    conn: &mut SqliteConnection,
    room_id: i64,
    exercises: Vec<ExerciseRow>,
) -> Result<i64, DbError> {
    let mut first = None;
    for e in exercises {
        let query = sqlx::query(
            "INSERT INTO exercises (room_id, set_no, game, size, k, misere, piece, \
             rule, edge, position, question, solution, set_at, deadline) \
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(room_id)
        .bind(i64::from(e.set_no));
        let id = bind_game_params(query, &e.params)?
            .bind(&e.position)
            .bind(&e.question)
            .bind(&e.solution)
            .bind(e.set_at)
            .bind(e.deadline)
            .execute(&mut *conn)
            .await?
            .last_insert_rowid();
        first.get_or_insert(id);
    }
    first.ok_or_else(|| DbError::Rejected("no exercise to store".to_owned()))
}

/// The exercises of a room, oldest first.
pub(crate) async fn of_room(
    conn: &mut SqliteConnection,
    room_id: i64,
) -> Result<Vec<ExerciseRow>, DbError> {
    Ok(sqlx::query_as(
        "SELECT id, set_no, game, size, k, misere, piece, rule, edge, position, question, solution, set_at, \
         deadline, released_at FROM exercises WHERE room_id = ? ORDER BY id",
    )
    .bind(room_id)
    .fetch_all(&mut *conn)
    .await?)
}

/// Every answer to the exercises of a room, in the order they came.
pub(crate) async fn answers_of_room(
    conn: &mut SqliteConnection,
    room_id: i64,
) -> Result<Vec<AnswerRow>, DbError> {
    Ok(sqlx::query_as(
        "SELECT a.exercise_id, a.player_id, a.answer, a.correct, a.explanation, \
         a.explanation_message, a.answered_at \
         FROM answers a JOIN exercises e ON e.id = a.exercise_id WHERE e.room_id = ? \
         ORDER BY a.answered_at, a.rowid",
    )
    .bind(room_id)
    .fetch_all(&mut *conn)
    .await?)
}
