//! What members do in a room: open it, join it, switch hints, set exercises, answer them.
//! Each change is stored first, then applied in memory, then announced.

use std::sync::Arc;

use bytes::Bytes;
use engine::exercise::{Exercise, Question};
use engine::Rng;
use protocol::{
    AnswerInfo, ErrorBody, ErrorCode, ExerciseInfo, ExerciseSpec, Role, RoomSettings, RoomView,
    ServerBody,
};
use tokio::sync::broadcast;

use super::room::{LiveExercise, Room};
use super::{code, Rooms};
use crate::auth::{check_name, new_token, token_hash};
use crate::clock::unix_ms;
use crate::db::{AnswerRow, DbError, ExerciseRow, MemberRow, RoomRow};
use crate::errors::{engine_error, internal};
use crate::matches::PlayerRef;

/// Most exercises set in one request (a homework).
pub const MAX_EXERCISES_PER_SET: usize = 50;

/// Longest room name, in characters.
pub const MAX_ROOM_NAME_CHARS: usize = 60;

/// Codes drawn before giving up when each one is taken (a million codes: practically never
/// more than one).
const CODE_DRAWS: usize = 16;

/// A connection's place in a room, from `create_room` or `join_room`.
pub struct Joined {
    /// The room.
    pub room: Arc<Room>,
    /// The member's role.
    pub role: Role,
    /// The room's events for that role, from before the view was read.
    pub events: broadcast::Receiver<Bytes>,
    /// The room as the member sees it.
    pub view: RoomView,
}

impl Rooms {
    /// Opens a room with `player` as its teacher; the view carries the owner token.
    pub async fn create(
        &self,
        player: &PlayerRef,
        name: &str,
        settings: RoomSettings,
    ) -> Result<Joined, ErrorBody> {
        let name = room_name(name)?;
        let token = new_token().map_err(|e| internal("make an owner token", e))?;
        let teacher = MemberRow {
            player_id: player.id,
            name: player.name.clone(),
            role: Role::Teacher,
        };
        for _ in 0..CODE_DRAWS {
            let code = code::generate().map_err(|e| internal("draw a room code", e))?;
            let row = RoomRow {
                id: 0,
                code: code.clone(),
                name: name.clone(),
                hints: settings.hints,
                engine: checked_engine(settings.engine.as_deref())?,
                owner_token_hash: token_hash(&token),
            };
            match self
                .deps
                .db
                .create_room(row.clone(), teacher.clone(), unix_ms())
                .await
            {
                Ok(id) => {
                    let room = Arc::new(Room::new(
                        RoomRow { id, ..row },
                        vec![teacher],
                        Vec::new(),
                        Vec::new(),
                        Vec::new(),
                        Vec::new(),
                    ));
                    self.live().insert(code, Arc::clone(&room));
                    tracing::info!(room = %room.code, player = player.id, "room opened");
                    let mut joined = self.enter(room, player.id, true);
                    joined.view.owner_token = Some(token);
                    return Ok(joined);
                }
                Err(e) if e.is_constraint_violation() => continue,
                Err(e) => return Err(internal("store the room", e)),
            }
        }
        Err(internal("draw a room code", "every code drawn was taken"))
    }

    /// Joins `player` to the room with `code` under `name` (default: their name); with the
    /// owner token, as a teacher. `here` says the connection is in the room already (a
    /// second `join_room` on it), so it is not counted twice.
    pub async fn join(
        &self,
        player: &PlayerRef,
        code: &str,
        name: Option<&str>,
        owner_token: Option<&str>,
        here: bool,
    ) -> Result<Joined, ErrorBody> {
        let room = self.get(code).await?;
        let name = check_name(name.unwrap_or(&player.name))?;
        let owner = match owner_token {
            Some(t) if token_hash(t) == room.owner_token_hash => true,
            Some(_) => {
                return Err(ErrorBody::new(
                    ErrorCode::BadToken,
                    format!(
                        "this is not the owner token of room {}; join without it as a student",
                        room.code
                    ),
                ))
            }
            None => false,
        };
        let changing = room.changing.lock().await;
        let (known, taken) = {
            let s = room.state();
            let known = s
                .members
                .iter()
                .find(|m| m.row.player_id == player.id)
                .map(|m| m.row.clone());
            let taken = s.members.iter().any(|m| {
                m.row.player_id != player.id && m.row.name.to_lowercase() == name.to_lowercase()
            });
            (known, taken)
        };
        if taken {
            return Err(ErrorBody::new(
                ErrorCode::NameTaken,
                format!(
                    "someone in room {} already goes by {name}; join with another name",
                    room.code
                ),
            ));
        }
        let role = match (&known, owner) {
            (_, true) => Role::Teacher,
            (Some(m), false) => m.role,
            (None, false) => Role::Student,
        };
        let row = MemberRow {
            player_id: player.id,
            name,
            role,
        };
        if known.as_ref() != Some(&row) {
            self.deps
                .db
                .put_member(room.id, row.clone(), unix_ms())
                .await
                .map_err(|e| match e.is_constraint_violation() {
                    true => ErrorBody::new(
                        ErrorCode::NameTaken,
                        format!("someone in room {} already goes by {}", room.code, row.name),
                    ),
                    false => internal("store the member", e),
                })?;
            room.put_member(row);
        }
        drop(changing);
        Ok(self.enter(room, player.id, !here))
    }

    /// Subscribes first, then reads the view, then counts the connection: no event between
    /// the view and the subscription is lost.
    fn enter(&self, room: Arc<Room>, player: i64, arriving: bool) -> Joined {
        let role = room.role_of(player).unwrap_or(Role::Student);
        let events = room.subscribe(role);
        if arriving {
            if let Some(member) = room.arrive(player) {
                let code = room.code.clone();
                room.publish(ServerBody::RoomMember { code, member }, None);
            }
        }
        let view = room.view(player);
        Joined {
            room,
            role,
            events,
            view,
        }
    }

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
                game: params.game,
                size: params.size,
                k: params.k,
                misere: params.misere,
                position: ex.0.position().to_string(),
                question: ex.0.question().as_str().to_owned(),
                solution: ex.0.solution(),
                set_at: now,
                deadline,
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
            .map(
                |((row, ((exercise, knowledge), params)), id)| LiveExercise {
                    row: ExerciseRow { id, ..row },
                    params,
                    exercise: Arc::new(exercise),
                    knowledge,
                },
            )
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
    ) -> Result<((Exercise, Arc<engine::Knowledge>), protocol::GameParams), ErrorBody> {
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
                .map(|ex| (ex, knowledge))
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
                .map(|ex| (ex, knowledge))
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
        let grade = live
            .exercise
            .grade(&live.knowledge, text)
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
        let (info, tally) = {
            let mut s = room.state();
            s.answered.insert((exercise_id, player));
            let info = s.answer_info(&row);
            s.answers.push(row);
            (info, s.tally(exercise_id))
        };
        room.publish(
            ServerBody::Answered {
                code: room.code.clone(),
                answer: info.clone(),
                tally,
            },
            None,
        );
        Ok(info)
    }

    /// Changes the switches given (teachers); every member is told.
    pub async fn configure(
        &self,
        room: &Room,
        player: i64,
        hints: Option<bool>,
        engine: Option<String>,
    ) -> Result<RoomSettings, ErrorBody> {
        room.teacher(player)?;
        let _changing = room.changing.lock().await;
        let now = room.state().settings.clone();
        let settings = RoomSettings {
            hints: hints.unwrap_or(now.hints),
            engine: match engine.as_deref().map(str::trim) {
                None => now.engine,
                Some("any") => None,
                Some(level) => checked_engine(Some(level))?,
            },
        };
        self.deps
            .db
            .set_room_settings(room.id, settings.hints, settings.engine.clone())
            .await
            .map_err(|e| internal("store the room's settings", e))?;
        room.state().settings = settings.clone();
        let body = || ServerBody::RoomSettings {
            code: room.code.clone(),
            settings: settings.clone(),
        };
        room.publish(body(), Some(body()));
        Ok(settings)
    }
}

impl Room {
    /// `Ok` when `player` is a teacher of the room.
    pub fn teacher(&self, player: i64) -> Result<(), ErrorBody> {
        match self.role_of(player) {
            Some(Role::Teacher) => Ok(()),
            Some(Role::Student) => Err(ErrorBody::new(
                ErrorCode::NotTeacher,
                format!(
                    "only a teacher of room {} may do this; a teacher joins with the room's \
                     owner token",
                    self.code
                ),
            )),
            None => Err(not_member(self)),
        }
    }

    fn put_member(&self, row: MemberRow) {
        let mut s = self.state();
        match s
            .members
            .iter_mut()
            .find(|m| m.row.player_id == row.player_id)
        {
            Some(m) => m.row = row,
            None => s.members.push(super::room::LiveMember {
                row,
                connections: 0,
            }),
        }
    }
}

fn not_member(room: &Room) -> ErrorBody {
    ErrorBody::new(
        ErrorCode::InvalidState,
        format!(
            "you are not in room {}; join it first: {{\"type\":\"join_room\",\"code\":\"{}\"}}",
            room.code, room.code
        ),
    )
}

fn already_answered(exercise_id: i64) -> ErrorBody {
    ErrorBody::new(
        ErrorCode::AlreadyAnswered,
        format!("you have answered exercise {exercise_id} already; the first answer is final"),
    )
}

/// A room's name, trimmed, or why it is refused.
fn room_name(name: &str) -> Result<String, ErrorBody> {
    let name = name.trim();
    let bad = |why: String| ErrorBody::new(ErrorCode::BadParameters, format!("room name {why}"));
    if name.is_empty() {
        return Err(bad(
            "must not be empty; name the class, such as \"3B maths\"".into(),
        ));
    }
    if name.chars().count() > MAX_ROOM_NAME_CHARS {
        return Err(bad(format!(
            "is too long: at most {MAX_ROOM_NAME_CHARS} characters"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(bad("must not contain control characters".into()));
    }
    Ok(name.to_owned())
}

/// A room's engine limit, checked: `none` or an engine level.
fn checked_engine(engine: Option<&str>) -> Result<Option<String>, ErrorBody> {
    match engine.map(str::trim) {
        None => Ok(None),
        Some("none") => Ok(Some("none".to_owned())),
        Some(level) => engine::Level::parse(level)
            .map(|l| Some(l.name().to_owned()))
            .map_err(|_| {
                ErrorBody::new(
                    ErrorCode::BadParameters,
                    format!("engine {level:?}: allow easy, medium, perfect, or none"),
                )
            }),
    }
}
