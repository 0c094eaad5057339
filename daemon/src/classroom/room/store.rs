//! Rooms and their members: the rows, the writes (queued for the writer task like every
//! write, so an acknowledged join is on disk) and the read of a whole room, with its
//! exercises and answers (`exercises.rs`).

use protocol::Role;
use sqlx::SqliteConnection;

use crate::classroom::exercises::store::{self as exercises, AnswerRow, ExerciseRow};
use crate::db::sql::{MaybeNamed, Name, Named};
use crate::db::{Db, DbError};
use crate::names::skeleton;

/// A room as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
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
    #[sqlx(try_from = "MaybeNamed<EngineLimit>")]
    pub engine: Option<String>,
    /// Whether the room holds an exam (see the exam module).
    pub exam: bool,
    /// The room's language (`en`, `ja`), or each reader's own when `None`.
    #[sqlx(try_from = "MaybeNamed<Language>")]
    pub language: Option<String>,
    /// SHA-256 of the owner token.
    pub owner_token_hash: Vec<u8>,
}

/// A room member as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MemberRow {
    /// The player.
    pub player_id: i64,
    /// Their name in the room.
    pub name: String,
    /// Teacher or student.
    #[sqlx(try_from = "Named<Role>")]
    pub role: Role,
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

/// The strongest engine a room's students may play, as `rooms.engine` stores it: `none`
/// (only each other) or an engine level.
#[derive(Clone, Copy)]
pub(crate) struct EngineLimit(Option<engine::Level>);

impl Name for EngineLimit {
    const KIND: &'static str = "room engine limit";

    fn name(&self) -> &'static str {
        self.0.map_or("none", engine::Level::name)
    }

    fn from_name(name: &str) -> Option<EngineLimit> {
        if name == "none" {
            return Some(EngineLimit(None));
        }
        let level = engine::Level::parse(name).ok()?;
        (level.name() == name).then_some(EngineLimit(Some(level)))
    }
}

impl From<MaybeNamed<EngineLimit>> for Option<String> {
    fn from(limit: MaybeNamed<EngineLimit>) -> Option<String> {
        limit.0.map(|l| l.name().to_owned())
    }
}

/// A room's language, as `rooms.language` stores it: one the catalogs have (`en`, `ja`).
#[derive(Clone, Copy)]
pub(crate) struct Language(pub(crate) &'static str);

impl Name for Language {
    const KIND: &'static str = "room language";

    fn name(&self) -> &'static str {
        self.0
    }

    fn from_name(name: &str) -> Option<Language> {
        protocol::i18n::language(name).map(Language)
    }
}

impl From<MaybeNamed<Language>> for Option<String> {
    fn from(language: MaybeNamed<Language>) -> Option<String> {
        language.0.map(|l| l.name().to_owned())
    }
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
        self.writer
            .several(move |conn| {
                Box::pin(async move {
                    let id = sqlx::query(
                        "INSERT INTO rooms (code, name, owner_token_hash, hints, engine, exam, \
                         language, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    )
                    .bind(&room.code)
                    .bind(&room.name)
                    .bind(&room.owner_token_hash)
                    .bind(room.hints)
                    .bind(&room.engine)
                    .bind(room.exam)
                    .bind(&room.language)
                    .bind(teacher.player_id)
                    .bind(at)
                    .execute(&mut *conn)
                    .await?
                    .last_insert_rowid();
                    put_member(conn, id, &teacher, at).await?;
                    Ok(id)
                })
            })
            .await
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
        self.writer
            .one(move |conn| {
                Box::pin(async move {
                    put_member(conn, room_id, &member, at).await?;
                    Ok(room_id)
                })
            })
            .await
            .map(drop)
    }

    /// Takes a member out of the room (one with no answer and no game there).
    pub async fn remove_member(&self, room_id: i64, player_id: i64) -> Result<(), DbError> {
        self.writer
            .one(move |conn| {
                Box::pin(async move {
                    sqlx::query("DELETE FROM room_members WHERE room_id = ? AND player_id = ?")
                        .bind(room_id)
                        .bind(player_id)
                        .execute(&mut *conn)
                        .await?;
                    Ok(room_id)
                })
            })
            .await
            .map(drop)
    }

    /// Changes the room's switches.
    pub async fn set_room_settings(
        &self,
        room_id: i64,
        settings: protocol::RoomSettings,
    ) -> Result<(), DbError> {
        let statement = sqlx::query(
            "UPDATE rooms SET hints = ?, engine = ?, exam = ?, language = ? WHERE id = ?",
        )
        .bind(settings.hints)
        .bind(settings.engine)
        .bind(settings.exam)
        .bind(settings.language)
        .bind(room_id);
        self.writer.statement(room_id, statement).await
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

    /// The room with this code (upper case), with everything in it.
    pub async fn load_room(&self, code: &str) -> Result<Option<StoredRoom>, DbError> {
        let mut tx = self.pool.begin().await?;
        let room: Option<RoomRow> = sqlx::query_as(
            "SELECT id, code, name, hints, engine, exam, language, owner_token_hash FROM rooms \
             WHERE code = ?",
        )
        .bind(code)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(room) = room else { return Ok(None) };
        let members = sqlx::query_as(
            "SELECT player_id, name, role FROM room_members WHERE room_id = ? ORDER BY joined_at, player_id",
        )
        .bind(room.id)
        .fetch_all(&mut *tx)
        .await?;
        let exercises = exercises::of_room(&mut tx, room.id).await?;
        let answers = exercises::answers_of_room(&mut tx, room.id).await?;
        tx.commit().await?;
        Ok(Some(StoredRoom {
            room,
            members,
            exercises,
            answers,
        }))
    }
}

/// Adds a member to a room, or changes their name and role, with the name's skeleton.
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
    .bind(m.role.name())
    .bind(at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
