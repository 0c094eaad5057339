//! Rooms, their members, exercises and answers: the rows, the writes (queued for the writer
//! task like every write, so an acknowledged answer is on disk) and the read of a whole room.

use protocol::{GameParams, Role};
use sqlx::sqlite::SqliteRow;
use sqlx::SqliteConnection;

use super::decode::{bind_game_params, game_params, get};
use super::error::{from_sql_int, DbError};
use super::writer::{OnConnection, Write};
use super::Db;
use crate::names::skeleton;

/// A room as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomRow {
    /// Its id.
    pub id: i64,
    /// The join code.
    pub code: String,
    /// Its name.
    pub name: String,
    /// Whether students may ask for values while an exercise is open.
    pub hints: bool,
    /// The strongest engine students may play (`none`, `easy`, …); any when `None`.
    pub engine: Option<String>,
    /// Whether the room holds an exam (see `crate::exam`).
    pub exam: bool,
    /// SHA-256 of the owner token.
    pub owner_token_hash: Vec<u8>,
}

/// A room member as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberRow {
    /// The player.
    pub player_id: i64,
    /// Their name in the room.
    pub name: String,
    /// Teacher or student.
    pub role: Role,
}

/// An exercise as stored (`id` is ignored when adding one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExerciseRow {
    /// Its id.
    pub id: i64,
    /// Exercises set together share a set number.
    pub set_no: u32,
    /// The game and its parameters.
    pub params: GameParams,
    /// The position, canonical.
    pub position: String,
    /// The question's name.
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerRow {
    /// Which exercise.
    pub exercise_id: i64,
    /// Who.
    pub player_id: i64,
    /// The answer, canonical.
    pub answer: String,
    /// Right or wrong.
    pub correct: bool,
    /// Why.
    pub explanation: String,
    /// When (Unix ms).
    pub answered_at: i64,
}

/// A whole room, read in one transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRoom {
    /// The room.
    pub room: RoomRow,
    /// Its members, in the order they joined.
    pub members: Vec<MemberRow>,
    /// Its exercises, oldest first.
    pub exercises: Vec<ExerciseRow>,
    /// Every answer, in the order they came.
    pub answers: Vec<AnswerRow>,
}

/// The room writes.
#[derive(Debug)]
enum Op {
    Create {
        room: RoomRow,
        teacher: MemberRow,
        at: i64,
    },
    Member {
        room_id: i64,
        member: MemberRow,
        at: i64,
    },
    Settings {
        room_id: i64,
        hints: bool,
        engine: Option<String>,
        exam: bool,
    },
    Release {
        room_id: i64,
        at: i64,
    },
    Exercises {
        room_id: i64,
        exercises: Vec<ExerciseRow>,
    },
    Answer(AnswerRow),
}

impl Db {
    /// Stores a new room with its creator as teacher; returns its id. A code already in use
    /// is a constraint violation (draw another).
    pub async fn create_room(
        &self,
        room: RoomRow,
        teacher: MemberRow,
        at: i64,
    ) -> Result<i64, DbError> {
        self.writer.write(Op::Create { room, teacher, at }).await
    }

    /// Adds a member, or changes a member's name and role (a student who comes back as a
    /// teacher). A name that reads as another member's (the same skeleton,
    /// [`crate::names::skeleton`]) is a constraint violation.
    pub async fn put_member(
        &self,
        room_id: i64,
        member: MemberRow,
        at: i64,
    ) -> Result<(), DbError> {
        let op = Op::Member {
            room_id,
            member,
            at,
        };
        self.writer.write(op).await.map(drop)
    }

    /// Changes the room's switches.
    pub async fn set_room_settings(
        &self,
        room_id: i64,
        hints: bool,
        engine: Option<String>,
        exam: bool,
    ) -> Result<(), DbError> {
        let op = Op::Settings {
            room_id,
            hints,
            engine,
            exam,
        };
        self.writer.write(op).await.map(drop)
    }

    /// Releases the grades and solutions of every exercise of the room not released yet.
    pub async fn release_exercises(&self, room_id: i64, at: i64) -> Result<(), DbError> {
        self.writer
            .write(Op::Release { room_id, at })
            .await
            .map(drop)
    }

    /// The rooms holding an exam.
    pub async fn exam_rooms(&self) -> Result<Vec<i64>, DbError> {
        Ok(sqlx::query_scalar("SELECT id FROM rooms WHERE exam = 1")
            .fetch_all(&self.pool)
            .await?)
    }

    /// Whether `player` is a teacher of a room holding an exam.
    pub async fn is_exam_teacher(&self, player: i64) -> Result<bool, DbError> {
        let found: Option<i64> = sqlx::query_scalar(
            "SELECT 1 FROM room_members m JOIN rooms r ON r.id = m.room_id \
             WHERE m.player_id = ? AND m.role = 'teacher' AND r.exam = 1 LIMIT 1",
        )
        .bind(player)
        .fetch_optional(&self.pool)
        .await?;
        Ok(found.is_some())
    }

    /// Stores exercises together; returns the id of the first (the others follow it: one
    /// writer inserts them in one savepoint, each taking the next rowid).
    pub async fn add_exercises(
        &self,
        room_id: i64,
        exercises: Vec<ExerciseRow>,
    ) -> Result<i64, DbError> {
        self.writer
            .write(Op::Exercises { room_id, exercises })
            .await
    }

    /// Stores a graded answer. A second answer to the same exercise is a constraint
    /// violation: the first is final.
    pub async fn add_answer(&self, answer: AnswerRow) -> Result<(), DbError> {
        self.writer.write(Op::Answer(answer)).await.map(drop)
    }

    /// The room with this code (upper case), with everything in it.
    pub async fn load_room(&self, code: &str) -> Result<Option<StoredRoom>, DbError> {
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(
            "SELECT id, code, name, hints, engine, exam, owner_token_hash FROM rooms WHERE code = ?",
        )
        .bind(code)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let room = RoomRow {
            id: get(&row, "id")?,
            code: get(&row, "code")?,
            name: get(&row, "name")?,
            hints: get::<i64>(&row, "hints")? != 0,
            engine: get(&row, "engine")?,
            exam: get::<i64>(&row, "exam")? != 0,
            owner_token_hash: get(&row, "owner_token_hash")?,
        };
        let members = sqlx::query(
            "SELECT player_id, name, role FROM room_members WHERE room_id = ? ORDER BY joined_at, player_id",
        )
        .bind(room.id)
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(member)
        .collect::<Result<_, _>>()?;
        let exercises = sqlx::query(
            "SELECT id, set_no, game, size, k, misere, position, question, solution, set_at, \
             deadline, released_at FROM exercises WHERE room_id = ? ORDER BY id",
        )
        .bind(room.id)
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(exercise)
        .collect::<Result<_, _>>()?;
        let answers = sqlx::query(
            "SELECT a.exercise_id, a.player_id, a.answer, a.correct, a.explanation, a.answered_at \
             FROM answers a JOIN exercises e ON e.id = a.exercise_id WHERE e.room_id = ? \
             ORDER BY a.answered_at, a.rowid",
        )
        .bind(room.id)
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(answer)
        .collect::<Result<_, _>>()?;
        tx.commit().await?;
        Ok(Some(StoredRoom {
            room,
            members,
            exercises,
            answers,
        }))
    }
}

fn member(row: &SqliteRow) -> Result<MemberRow, DbError> {
    let role: String = get(row, "role")?;
    let role = match role.as_str() {
        "teacher" => Role::Teacher,
        "student" => Role::Student,
        _ => return Err(DbError::Corrupt(format!("role {role:?} is unknown"))),
    };
    Ok(MemberRow {
        player_id: get(row, "player_id")?,
        name: get(row, "name")?,
        role,
    })
}

fn exercise(row: &SqliteRow) -> Result<ExerciseRow, DbError> {
    Ok(ExerciseRow {
        id: get(row, "id")?,
        set_no: from_sql_int(get(row, "set_no")?, "set_no")?,
        params: game_params(row)?,
        position: get(row, "position")?,
        question: get(row, "question")?,
        solution: get(row, "solution")?,
        set_at: get(row, "set_at")?,
        deadline: get(row, "deadline")?,
        released_at: get(row, "released_at")?,
    })
}

fn answer(row: &SqliteRow) -> Result<AnswerRow, DbError> {
    Ok(AnswerRow {
        exercise_id: get(row, "exercise_id")?,
        player_id: get(row, "player_id")?,
        answer: get(row, "answer")?,
        correct: get::<i64>(row, "correct")? != 0,
        explanation: get(row, "explanation")?,
        answered_at: get(row, "answered_at")?,
    })
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Teacher => "teacher",
        Role::Student => "student",
    }
}

impl Write for Op {
    fn is_one_statement(&self) -> bool {
        match self {
            Op::Member { .. } | Op::Settings { .. } | Op::Release { .. } | Op::Answer(_) => true,
            Op::Create { .. } => false,
            Op::Exercises { exercises, .. } => exercises.len() == 1,
        }
    }

    fn apply(
        self: Box<Self>,
        conn: &mut SqliteConnection,
    ) -> OnConnection<'_, Result<i64, DbError>> {
        Box::pin(async move {
            match *self {
                Op::Create { room, teacher, at } => {
                    let id = sqlx::query(
                        "INSERT INTO rooms (code, name, owner_token_hash, hints, engine, exam, \
                         created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    )
                    .bind(&room.code)
                    .bind(&room.name)
                    .bind(&room.owner_token_hash)
                    .bind(i64::from(room.hints))
                    .bind(&room.engine)
                    .bind(i64::from(room.exam))
                    .bind(teacher.player_id)
                    .bind(at)
                    .execute(&mut *conn)
                    .await?
                    .last_insert_rowid();
                    put_member(conn, id, &teacher, at).await?;
                    Ok(id)
                }
                Op::Member {
                    room_id,
                    member,
                    at,
                } => put_member(conn, room_id, &member, at)
                    .await
                    .map(|()| room_id),
                Op::Settings {
                    room_id,
                    hints,
                    engine,
                    exam,
                } => {
                    sqlx::query("UPDATE rooms SET hints = ?, engine = ?, exam = ? WHERE id = ?")
                        .bind(i64::from(hints))
                        .bind(engine)
                        .bind(i64::from(exam))
                        .bind(room_id)
                        .execute(&mut *conn)
                        .await?;
                    Ok(room_id)
                }
                Op::Release { room_id, at } => {
                    sqlx::query(
                        "UPDATE exercises SET released_at = ? \
                         WHERE room_id = ? AND released_at IS NULL",
                    )
                    .bind(at)
                    .bind(room_id)
                    .execute(&mut *conn)
                    .await?;
                    Ok(room_id)
                }
                Op::Exercises { room_id, exercises } => {
                    let mut first = None;
                    for e in exercises {
                        let query = sqlx::query(
                            "INSERT INTO exercises (room_id, set_no, game, size, k, misere, \
                             position, question, solution, set_at, deadline) \
                             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                Op::Answer(a) => {
                    sqlx::query(
                        "INSERT INTO answers (exercise_id, player_id, answer, correct, \
                         explanation, answered_at) VALUES (?, ?, ?, ?, ?, ?)",
                    )
                    .bind(a.exercise_id)
                    .bind(a.player_id)
                    .bind(&a.answer)
                    .bind(i64::from(a.correct))
                    .bind(&a.explanation)
                    .bind(a.answered_at)
                    .execute(&mut *conn)
                    .await?;
                    Ok(a.exercise_id)
                }
            }
        })
    }
}

async fn put_member(
    conn: &mut SqliteConnection,
    room_id: i64,
    m: &MemberRow,
    at: i64,
) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO room_members (room_id, player_id, name, name_skeleton, role, joined_at) \
         VALUES (?, ?, ?, ?, ?, ?) \
         ON CONFLICT (room_id, player_id) DO UPDATE SET name = excluded.name, \
         name_skeleton = excluded.name_skeleton, role = excluded.role",
    )
    .bind(room_id)
    .bind(m.player_id)
    .bind(&m.name)
    .bind(skeleton(&m.name))
    .bind(role_name(m.role))
    .bind(at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
