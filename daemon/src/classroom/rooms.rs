//! The live rooms, by join code: opening one, joining one (read back from the database, its
//! actor started, when it is not live), and what the rest of the server asks of them all —
//! whether a room keeps a student from values or from the engine.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use protocol::{Role, RoomSettings};

use super::room::{self, Command, RoomHandle, State, Stopped};
use super::{code, exercises, Deps, Joined, RoomError};
use super::{simul::LiveSimul, tournament::LiveTournament};
use super::{MemberRow, RoomRow};
use crate::auth::{new_token, token_hash};
use crate::clock::unix_ms;
use crate::config::Config;
use crate::db::Db;
use crate::exam::Exam;
use crate::failure::{Context as _, Internal};
use crate::matches::{Matches, PlayerRef};
use crate::names::check_name;
use crate::solver::Solver;

/// Codes drawn before giving up when each one is taken (a million codes: practically never
/// more than one).
const CODE_DRAWS: usize = 16;

/// Times a join tries a room whose actor stopped just then (let go, nobody being in it).
const JOIN_TRIES: usize = 3;

/// The handles of the live rooms, by code; a room's actor takes itself out when it stops.
#[derive(Default)]
pub(crate) struct Live(Mutex<HashMap<String, RoomHandle>>);

impl Live {
    fn map(&self) -> MutexGuard<'_, HashMap<String, RoomHandle>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(crate) fn insert(&self, handle: RoomHandle) {
        self.map().insert(handle.code.clone(), handle);
    }

    /// Takes out `handle`, unless its code is another actor's by now.
    pub(crate) fn remove(&self, handle: &RoomHandle) {
        let mut map = self.map();
        if map.get(&handle.code).is_some_and(|h| h.same(handle)) {
            map.remove(&handle.code);
        }
    }

    fn get(&self, code: &str) -> Option<RoomHandle> {
        self.map().get(code).cloned()
    }

    fn all(&self) -> Vec<RoomHandle> {
        self.map().values().cloned().collect()
    }
}

/// The rooms.
pub struct Rooms {
    deps: Deps,
    live: Arc<Live>,
    /// Taken while a room is read from the database, so that two students arriving together
    /// after a restart get the same room.
    loading: tokio::sync::Mutex<()>,
}

impl Rooms {
    /// No room live yet.
    pub fn new(
        db: Db,
        solver: Arc<Solver>,
        matches: Arc<Matches>,
        exam: Arc<Exam>,
        config: Config,
    ) -> Rooms {
        Rooms {
            deps: Deps {
                db,
                solver,
                matches,
                exam,
                config,
            },
            live: Arc::default(),
            loading: tokio::sync::Mutex::new(()),
        }
    }

    /// Opens a room with `player` as its teacher; the view carries the owner token.
    pub async fn create(
        &self,
        player: &PlayerRef,
        name: &str,
        settings: RoomSettings,
    ) -> Result<Joined, RoomError> {
        let name = room::room_name(name)?;
        let engine = room::checked_engine(settings.engine.as_deref())?;
        let language = settings.language.as_deref();
        let language = language.map(room::checked_language).transpose()?;
        let token = new_token().context("doing-make-an-owner-token")?;
        let teacher = MemberRow {
            player_id: player.id,
            name: player.name.clone(),
            role: Role::Teacher,
        };
        for _ in 0..CODE_DRAWS {
            let code = code::generate().context("doing-draw-a-room-code")?;
            let row = RoomRow {
                id: 0,
                code,
                name: name.clone(),
                hints: settings.hints,
                engine: engine.clone(),
                exam: settings.exam,
                language: language.clone(),
                owner_token_hash: token_hash(&token),
            };
            let stored = self
                .deps
                .db
                .create_room(row.clone(), teacher.clone(), unix_ms())
                .await;
            let id = match stored {
                Ok(id) => id,
                Err(e) if e.is_constraint_violation() => continue,
                Err(e) => return Err(Internal::new("doing-store-the-room", e).into()),
            };
            let row = RoomRow { id, ..row };
            let state = State::new(row, vec![teacher], vec![], vec![], vec![], vec![]);
            let handle = room::spawn(self.deps.clone(), Arc::clone(&self.live), state, false);
            tracing::info!(room = %handle.code, player = player.id, "room opened");
            if settings.exam && self.deps.exam.set(id, true) {
                self.deps.matches.revalue_all();
            }
            let entered = handle
                .ask(|reply| Command::Join {
                    player: player.clone(),
                    name: player.name.clone(),
                    owner_token: Some(token.clone()),
                    here: false,
                    reply,
                })
                .await?;
            let mut joined = Joined {
                room: handle,
                role: entered.role,
                events: entered.events,
                view: entered.view,
            };
            joined.view.owner_token = Some(token);
            return Ok(joined);
        }
        Err(Internal::new("doing-draw-a-room-code", "every code drawn was taken").into())
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
        let mut handle = self.get(code).await?;
        let name = check_name(name.unwrap_or(&player.name))?;
        for _ in 0..JOIN_TRIES {
            let join = |reply| Command::Join {
                player: player.clone(),
                name: name.clone(),
                owner_token: owner_token.map(str::to_owned),
                here,
                reply,
            };
            match handle.call(join).await {
                Ok(entered) => {
                    let entered = entered?;
                    return Ok(Joined {
                        room: handle,
                        role: entered.role,
                        events: entered.events,
                        view: entered.view,
                    });
                }
                Err(Stopped) => {
                    self.live.remove(&handle);
                    handle = self.get(code).await?;
                }
            }
        }
        Err(Internal::new("doing-join-the-room", "it stopped each time it was joined").into())
    }

    /// The room with `code` (any letter case), live or read back from the database.
    async fn get(&self, code: &str) -> Result<RoomHandle, RoomError> {
        let code = code::normalize(code)?;
        if let Some(room) = self.live.get(&code) {
            return Ok(room);
        }
        let _loading = self.loading.lock().await;
        if let Some(room) = self.live.get(&code) {
            return Ok(room);
        }
        let db = &self.deps.db;
        let stored = db
            .load_room(&code)
            .await
            .context("doing-read-the-room")?
            .ok_or_else(|| RoomError::NoSuchRoom { room: code.clone() })?;
        let exercises = stored
            .exercises
            .into_iter()
            .map(exercises::rebuild)
            .collect::<Result<Vec<_>, _>>()?;
        let tournaments = db
            .load_tournaments(stored.room.id)
            .await
            .context("doing-read-the-room-s-tournaments")?
            .into_iter()
            .map(LiveTournament::from_stored)
            .collect();
        let simuls = db
            .load_simuls(stored.room.id)
            .await
            .context("doing-read-the-room-s-exhibitions")?
            .into_iter()
            .map(LiveSimul::from_stored)
            .collect();
        let state = State::new(
            stored.room,
            stored.members,
            exercises,
            stored.answers,
            tournaments,
            simuls,
        );
        let handle = room::spawn(self.deps.clone(), Arc::clone(&self.live), state, true);
        tracing::info!(room = %handle.code, "room brought back from the database");
        Ok(handle)
    }

    /// How many rooms are live.
    pub fn live_count(&self) -> usize {
        self.live.map().len()
    }

    /// Brings back the rooms with a tournament under way, so that their rounds go on after a
    /// restart; the number brought back. A room that cannot be is logged and left for its
    /// next `join_room` to report: one room never keeps the server from starting.
    pub async fn restore(&self) -> Result<usize, RoomError> {
        let codes = self
            .deps
            .db
            .rooms_with_tournaments()
            .await
            .context("doing-list-the-rooms-with-tournaments")?;
        let mut back = 0;
        for code in &codes {
            match self.get(code).await {
                Ok(_) => back += 1,
                Err(e) => tracing::error!(room = %code, error = %e, "room not brought back"),
            }
        }
        Ok(back)
    }

    /// Why `player` gets no values now, if a live room of theirs withholds them: the room's
    /// code and the reason.
    pub fn hints_withheld(&self, player: i64) -> Option<(String, &'static str)> {
        let now = unix_ms();
        self.live.all().into_iter().find_map(|room| {
            let why = room.policy().withholds_hints(player, now)?;
            Some((room.code, why))
        })
    }

    /// Why `player` may not play the engine at `level`: a room of theirs allows only weaker
    /// levels (or none).
    pub fn engine_refused(&self, player: i64, level: &str) -> Option<RoomError> {
        let rank = |name: &str| {
            engine::Level::ALL
                .iter()
                .position(|l| l.name() == name)
                .map_or(-1, |i| i as i64)
        };
        self.live.all().into_iter().find_map(|room| {
            let policy = room.policy();
            let limit = policy.engine_limit(player)?;
            (rank(level) > rank(limit)).then(|| RoomError::EngineNotAllowed {
                room: room.code.clone(),
                limit: limit.to_owned(),
            })
        })
    }
}
