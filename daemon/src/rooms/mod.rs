//! Rooms for classes: a teacher opens one, students join with its code, the teacher sets
//! exercises and the server grades every answer from the exact classification, at once.
//! Everything is stored before it is acknowledged; a room is brought back from the database
//! the first time it is asked for after a restart.

mod code;
mod error;
mod exercises;
mod export;
mod membership;
mod room;
mod rounds;
mod simul;
mod tournament;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use engine::exercise::{Exercise, Question};

pub use code::{normalize as normalize_code, CODE_ALPHABET, CODE_LENGTH};
pub use error::RoomError;
pub use membership::Joined;
pub use room::{Room, EVENT_BACKLOG};
pub use rounds::{DEFAULT_SWISS_ROUNDS, MAX_ROUNDS};

use crate::analysis::Analysis;
use crate::db::{Db, ExerciseRow};
use crate::failure::Context as _;
use crate::matches::Matches;
use room::LiveExercise;

/// What rooms need of the rest of the server; tournaments' background tasks keep a copy.
#[derive(Clone)]
pub(crate) struct Deps {
    pub(crate) db: Db,
    pub(crate) analysis: Arc<Analysis>,
    pub(crate) matches: Arc<Matches>,
    pub(crate) exam: Arc<crate::exam::Exam>,
}

/// The live rooms, by join code.
pub struct Rooms {
    deps: Deps,
    live: Mutex<HashMap<String, Arc<Room>>>,
    /// Taken while a room is read from the database, so that two students arriving together
    /// after a restart get the same room.
    loading: tokio::sync::Mutex<()>,
}

impl Rooms {
    /// No room live yet.
    pub fn new(
        db: Db,
        analysis: Arc<Analysis>,
        matches: Arc<Matches>,
        exam: Arc<crate::exam::Exam>,
    ) -> Rooms {
        Rooms {
            deps: Deps {
                db,
                analysis,
                matches,
                exam,
            },
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
    pub async fn get(&self, code: &str) -> Result<Arc<Room>, RoomError> {
        let code = normalize_code(code)?;
        if let Some(room) = self.live().get(&code) {
            return Ok(Arc::clone(room));
        }
        let _loading = self.loading.lock().await;
        if let Some(room) = self.live().get(&code) {
            return Ok(Arc::clone(room));
        }
        let stored = self
            .deps
            .db
            .load_room(&code)
            .await
            .context("read the room")?
            .ok_or_else(|| RoomError::NoSuchRoom { room: code.clone() })?;
        let exercises = stored
            .exercises
            .into_iter()
            .map(Rooms::rebuild)
            .collect::<Result<Vec<_>, _>>()?;
        let tournaments = self
            .deps
            .db
            .load_tournaments(stored.room.id)
            .await
            .context("read the room's tournaments")?
            .into_iter()
            .map(tournament::LiveTournament::from_stored)
            .collect();
        let simuls = self
            .deps
            .db
            .load_simuls(stored.room.id)
            .await
            .context("read the room's exhibitions")?
            .into_iter()
            .map(simul::LiveSimul::from_stored)
            .collect();
        let room = Arc::new(Room::new(
            stored.room,
            stored.members,
            exercises,
            stored.answers,
            tournaments,
            simuls,
        ));
        self.live().insert(code, Arc::clone(&room));
        tracing::info!(room = %room.code, "room brought back from the database");
        rounds::resume(&self.deps, &room).await?;
        simul::resume(&self.deps, &room);
        Ok(room)
    }

    /// Lets go of the rooms nobody is in and that run nothing: held by this map alone (a
    /// connection in a room holds it, and so does a tournament's or an exhibition's task
    /// while it runs). They come back from the database when asked for. The number let go.
    pub fn sweep(&self) -> usize {
        let mut live = self.live();
        let before = live.len();
        live.retain(|_, room| Arc::strong_count(room) > 1);
        let gone = before - live.len();
        if gone > 0 {
            tracing::info!(
                rooms = gone,
                "rooms nobody is in let go (back from the database when asked for)"
            );
        }
        gone
    }

    /// How many rooms are in memory.
    pub fn live_count(&self) -> usize {
        self.live().len()
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
            .context("list the rooms with tournaments")?;
        let mut back = 0;
        for code in &codes {
            match self.get(code).await {
                Ok(_) => back += 1,
                Err(e) => {
                    tracing::error!(room = %code, error = %e, "room not brought back")
                }
            }
        }
        Ok(back)
    }

    /// Why `player` gets no values now, if a live room of theirs withholds them: the room's
    /// code and the reason (see [`Room`]'s hints).
    pub fn hints_withheld(&self, player: i64) -> Option<(String, &'static str)> {
        let rooms: Vec<Arc<Room>> = self.live().values().cloned().collect();
        rooms
            .into_iter()
            .find_map(|r| r.withholds_hints(player).map(|why| (r.code.clone(), why)))
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
        let rooms: Vec<Arc<Room>> = self.live().values().cloned().collect();
        rooms.into_iter().find_map(|room| {
            let limit = room.engine_limit(player)?;
            (rank(level) > rank(&limit)).then(|| RoomError::EngineNotAllowed {
                room: room.code.clone(),
                limit,
            })
        })
    }

    /// An exercise read back from its row: its position and solution as stored, with no
    /// work (grading classifies the position when an answer comes).
    fn rebuild(row: ExerciseRow) -> Result<LiveExercise, RoomError> {
        let params = &row.params;
        let game = crate::convert::game(params)?;
        let position = game
            .variant()
            .parse_position(&row.position)
            .context("read a stored exercise")?;
        let question = Question::parse(&row.question).context("read a stored exercise")?;
        let exercise =
            Exercise::restored(position, game.convention(), question, row.solution.clone());
        Ok(LiveExercise {
            row,
            exercise: Arc::new(exercise),
        })
    }
}
