//! Who is in a room and what it allows: joining it (as a student, or as a teacher with the
//! owner token), coming and going, and its switches. Each change is stored first, then
//! applied, then announced.

use protocol::{Role, RoomSettings, ServerBody};

use super::actor::Actor;
use super::store::MemberRow;
use super::{Entered, State};
use crate::auth::token_hash;
use crate::classroom::RoomError;
use crate::clock::unix_ms;
use crate::failure::{Context as _, Internal};
use crate::matches::PlayerRef;
use crate::names::skeleton;

/// Longest room name, in characters.
pub const MAX_ROOM_NAME_CHARS: usize = 60;

impl Actor {
    /// Joins `player` under `name`; with the owner token, as a teacher. `here` says the
    /// connection is in the room already (a second `join_room` on it), so it is not counted
    /// twice. Subscribed first, then the view read: no event between them is lost.
    pub(super) async fn join(
        &mut self,
        player: &PlayerRef,
        name: String,
        owner_token: Option<String>,
        here: bool,
    ) -> Result<Entered, RoomError> {
        let s = &self.state;
        let owner = match owner_token {
            Some(t) if token_hash(&t) == s.owner_token_hash => true,
            Some(_) => {
                return Err(RoomError::NotOwnerToken {
                    room: s.code.clone(),
                })
            }
            None => false,
        };
        // Two members' names must not read the same: letter case aside, and with the
        // characters that look alike taken as one (names::skeleton).
        let key = skeleton(&name);
        if let Some(m) = s
            .members
            .iter()
            .find(|m| m.row.player_id != player.id && m.skeleton == key)
        {
            return Err(RoomError::NameTaken {
                room: s.code.clone(),
                same: m.row.name == name,
                taken: m.row.name.clone(),
                name,
            });
        }
        let known = s.member(player.id).map(|m| m.row.clone());
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
                .put_member(s.id, row.clone(), unix_ms())
                .await
                .map_err(|e| match e.is_constraint_violation() {
                    true => RoomError::NameTaken {
                        room: self.state.code.clone(),
                        taken: row.name.clone(),
                        name: row.name.clone(),
                        same: true,
                    },
                    false => Internal::new("doing-store-the-member", e).into(),
                })?;
            self.state.put_member(row);
            self.publish_policy();
        }
        let events = self.subscribe(role);
        if !here {
            if let Some(member) = self.state.arrive(player.id) {
                let code = self.state.code.clone();
                self.publish(ServerBody::RoomMember { code, member }, None);
            }
        }
        Ok(Entered {
            role,
            events,
            view: self.state.view(player.id, unix_ms()),
        })
    }

    /// `player` leaves the room (a student who has not answered or played in it); its
    /// teachers are told.
    pub(super) async fn leave(&mut self, player: i64) -> Result<(), RoomError> {
        if self.state.member(player).is_none() {
            return Err(self.state.not_member());
        }
        if let Some(why) = self.state.kept(player) {
            return Err(RoomError::CannotLeave {
                room: self.state.code.clone(),
                why,
            });
        }
        self.deps
            .db
            .remove_member(self.state.id, player)
            .await
            .map_err(|e| Internal::new("doing-remove-the-member", e))?;
        self.state.remove_member(player);
        let code = self.state.code.clone();
        self.publish(
            ServerBody::RoomLeft {
                code,
                player_id: player,
            },
            None,
        );
        Ok(())
    }

    /// One connection of `player` fewer; teachers are told when it was the last.
    pub(super) fn depart(&mut self, player: i64) {
        if let Some(member) = self.state.depart(player) {
            let code = self.state.code.clone();
            self.publish(ServerBody::RoomMember { code, member }, None);
        }
    }

    /// Changes the switches given (teachers); every member is told.
    pub(super) async fn configure(
        &mut self,
        player: i64,
        hints: Option<bool>,
        engine: Option<String>,
        exam: Option<bool>,
        language: Option<String>,
    ) -> Result<RoomSettings, RoomError> {
        self.state.teacher(player)?;
        let now = self.state.settings.clone();
        let settings = RoomSettings {
            hints: hints.unwrap_or(now.hints),
            engine: match engine.as_deref().map(str::trim) {
                None => now.engine,
                Some("any") => None,
                Some(level) => checked_engine(Some(level))?,
            },
            exam: exam.unwrap_or(now.exam),
            language: match language.as_deref().map(str::trim) {
                None => now.language,
                Some("reader") => None,
                Some(l) => Some(checked_language(l)?),
            },
        };
        let id = self.state.id;
        self.deps
            .db
            .set_room_settings(id, settings.clone())
            .await
            .context("doing-store-the-room-s-settings")?;
        self.state.settings = settings.clone();
        // Boards show their values, or no longer do, when the server's mode changes.
        if self.deps.exam.set(id, settings.exam) {
            self.deps.matches.revalue_all();
        }
        self.publish_all(ServerBody::RoomSettings {
            code: self.state.code.clone(),
            settings: settings.clone(),
        });
        Ok(settings)
    }
}

impl State {
    /// `Ok` when `player` is a teacher of the room.
    pub(crate) fn teacher(&self, player: i64) -> Result<(), RoomError> {
        match self.role_of(player) {
            Some(Role::Teacher) => Ok(()),
            Some(Role::Student) => Err(RoomError::NotTeacher {
                room: self.code.clone(),
            }),
            None => Err(self.not_member()),
        }
    }

    /// The refusal of someone who is not a member.
    pub(crate) fn not_member(&self) -> RoomError {
        RoomError::NotMember {
            room: self.code.clone(),
        }
    }
}

/// A room's name, trimmed, or why it is refused.
pub(crate) fn room_name(name: &str) -> Result<String, RoomError> {
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
/// A room language the catalogs have (`en`, `ja`), or the refusal naming the ones they have.
pub(crate) fn checked_language(language: &str) -> Result<String, RoomError> {
    match protocol::i18n::language(language) {
        Some(known) => Ok(known.to_owned()),
        None => Err(RoomError::UnknownLanguage {
            language: language.to_owned(),
            known: protocol::i18n::LANGUAGES.map(str::to_owned).to_vec(),
        }),
    }
}

pub(crate) fn checked_engine(engine: Option<&str>) -> Result<Option<String>, RoomError> {
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
