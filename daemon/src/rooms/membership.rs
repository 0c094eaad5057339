//! Who is in a room and what it allows: opening it, joining it (as a student, or as a
//! teacher with the owner token), and its switches. Each change is stored first, then applied
//! in memory, then announced.

use std::sync::Arc;

use bytes::Bytes;
use protocol::{Role, RoomSettings, RoomView, ServerBody};
use tokio::sync::broadcast;

use super::room::Room;
use super::{code, RoomError, Rooms};
use crate::auth::{new_token, token_hash};
use crate::clock::unix_ms;
use crate::db::{MemberRow, RoomRow};
use crate::failure::{Context as _, Internal};
use crate::matches::PlayerRef;
use crate::names::{check_name, skeleton};

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
    ) -> Result<Joined, RoomError> {
        let name = room_name(name)?;
        let token = new_token().context("make an owner token")?;
        let teacher = MemberRow {
            player_id: player.id,
            name: player.name.clone(),
            role: Role::Teacher,
        };
        for _ in 0..CODE_DRAWS {
            let code = code::generate().context("draw a room code")?;
            let row = RoomRow {
                id: 0,
                code: code.clone(),
                name: name.clone(),
                hints: settings.hints,
                engine: checked_engine(settings.engine.as_deref())?,
                exam: settings.exam,
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
                    if settings.exam && self.deps.exam.set(id, true) {
                        self.deps.matches.revalue_all();
                    }
                    let mut joined = self.enter(room, player.id, true);
                    joined.view.owner_token = Some(token);
                    return Ok(joined);
                }
                Err(e) if e.is_constraint_violation() => continue,
                Err(e) => return Err(Internal::new("store the room", e).into()),
            }
        }
        Err(Internal::new("draw a room code", "every code drawn was taken").into())
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
    ) -> Result<Joined, RoomError> {
        let room = self.get(code).await?;
        let name = check_name(name.unwrap_or(&player.name))?;
        let owner = match owner_token {
            Some(t) if token_hash(t) == room.owner_token_hash => true,
            Some(_) => {
                return Err(RoomError::NotOwnerToken {
                    room: room.code.clone(),
                })
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
            // Two members' names must not read the same: letter case aside, and with the
            // characters that look alike taken as one (names::skeleton).
            let key = skeleton(&name);
            let taken = s
                .members
                .iter()
                .find(|m| m.row.player_id != player.id && m.skeleton == key)
                .map(|m| m.row.name.clone());
            (known, taken)
        };
        if let Some(taken) = taken {
            return Err(RoomError::NameTaken {
                room: room.code.clone(),
                taken,
                name,
            });
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
                    true => RoomError::NameTaken {
                        room: room.code.clone(),
                        taken: row.name.clone(),
                        name: row.name.clone(),
                    },
                    false => Internal::new("store the member", e).into(),
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

    /// Changes the switches given (teachers); every member is told.
    pub async fn configure(
        &self,
        room: &Room,
        player: i64,
        hints: Option<bool>,
        engine: Option<String>,
        exam: Option<bool>,
    ) -> Result<RoomSettings, RoomError> {
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
            exam: exam.unwrap_or(now.exam),
        };
        self.deps
            .db
            .set_room_settings(
                room.id,
                settings.hints,
                settings.engine.clone(),
                settings.exam,
            )
            .await
            .context("store the room's settings")?;
        room.state().settings = settings.clone();
        // Boards show their values, or no longer do, when the server's mode changes.
        if self.deps.exam.set(room.id, settings.exam) {
            self.deps.matches.revalue_all();
        }
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
    pub fn teacher(&self, player: i64) -> Result<(), RoomError> {
        match self.role_of(player) {
            Some(Role::Teacher) => Ok(()),
            Some(Role::Student) => Err(RoomError::NotTeacher {
                room: self.code.clone(),
            }),
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
            Some(m) => {
                m.skeleton = skeleton(&row.name);
                m.row = row;
            }
            None => s.members.push(super::room::LiveMember::new(row)),
        }
    }
}

pub(super) fn not_member(room: &Room) -> RoomError {
    RoomError::NotMember {
        room: room.code.clone(),
    }
}

/// A room's name, trimmed, or why it is refused.
fn room_name(name: &str) -> Result<String, RoomError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(RoomError::EmptyRoomName);
    }
    if name.chars().count() > MAX_ROOM_NAME_CHARS {
        return Err(RoomError::LongRoomName {
            most: MAX_ROOM_NAME_CHARS,
        });
    }
    if name.chars().any(char::is_control) {
        return Err(RoomError::ControlInRoomName);
    }
    Ok(name.to_owned())
}

/// A room's engine limit, checked: `none` or an engine level.
fn checked_engine(engine: Option<&str>) -> Result<Option<String>, RoomError> {
    match engine.map(str::trim) {
        None => Ok(None),
        Some("none") => Ok(Some("none".to_owned())),
        Some(level) => engine::Level::parse(level)
            .map(|l| Some(l.name().to_owned()))
            .map_err(|_| RoomError::BadEngineLevel {
                level: level.to_owned(),
            }),
    }
}
