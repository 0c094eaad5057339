//! Simultaneous exhibitions: the teacher, or the engine, plays every student present at once,
//! one board (an ordinary match) each. Each board is followed to its end; the room is told
//! when the exhibition starts and as each board ends.

use std::sync::Arc;

use engine::{Level, Rng, Start};
use protocol::{MatchStatus, NewSimul, Opponent, Role, ServerBody, SimulGame, SimulView};

use super::room::{Room, State};
use super::tournament::outcome_of;
use super::{Deps, RoomError, Rooms};
use crate::analysis::Analysis;
use crate::clock::unix_ms;
use crate::db::{SimulRow, StoredSimul};
use crate::failure::{Context as _, Internal};
use crate::matches::create::{create_with, seated};
use crate::matches::model::Occupant;
use crate::matches::{MatchHandle, PlayerRef};
use crate::tournaments::Outcome;

/// A board: its match, the student, and the student's result once over.
#[derive(Debug, Clone)]
pub(super) struct Board {
    match_id: i64,
    player: i64,
    result: Option<&'static str>,
}

/// An exhibition of a room.
#[derive(Debug, Clone)]
pub(super) struct LiveSimul {
    row: SimulRow,
    boards: Vec<Board>,
}

impl LiveSimul {
    pub(super) fn from_stored(s: StoredSimul) -> LiveSimul {
        let student_seat = u8::from(!s.row.students_first);
        LiveSimul {
            boards: s
                .games
                .into_iter()
                .map(|g| Board {
                    match_id: g.match_id,
                    player: g.player_id,
                    result: result(g.status, g.winner, student_seat),
                })
                .collect(),
            row: s.row,
        }
    }

    /// Whether `player` has a board of this exhibition under way.
    pub(super) fn plays(&self, player: i64) -> bool {
        self.boards
            .iter()
            .any(|b| b.result.is_none() && b.player == player)
    }

    /// The exhibition as the room sees it.
    pub(super) fn view(&self, s: &State) -> SimulView {
        let r = &self.row;
        SimulView {
            id: r.id,
            params: r.params.clone(),
            start: r.start.clone(),
            host: match (&r.host_engine, r.host_player) {
                (Some(level), _) => format!("engine ({level})"),
                (None, Some(p)) => s.name_of(p),
                (None, None) => String::new(),
            },
            students_first: r.students_first,
            finished: self.boards.iter().all(|b| b.result.is_some()),
            games: self
                .boards
                .iter()
                .map(|b| SimulGame {
                    match_id: b.match_id,
                    player_id: b.player,
                    name: s.name_of(b.player),
                    result: b.result.map(str::to_owned),
                })
                .collect(),
        }
    }
}

/// The student's result: `win`, `loss` or `draw` (an abort counts as a draw).
fn result(status: MatchStatus, winner: Option<u8>, student_seat: u8) -> Option<&'static str> {
    Some(match (outcome_of(status, winner)?, student_seat) {
        (Outcome::Draw, _) => "draw",
        (Outcome::FirstWon, 0) | (Outcome::SecondWon, 1) => "win",
        _ => "loss",
    })
}

impl Rooms {
    /// Starts an exhibition (teachers) against every student here now.
    pub async fn start_simul(
        &self,
        room: &Arc<Room>,
        player: &PlayerRef,
        new: NewSimul,
    ) -> Result<SimulView, RoomError> {
        let deps = &self.deps;
        room.teacher(player.id)?;
        let game = crate::convert::game(&new.params)?;
        let convention = game.convention();
        let position = game.start(&Start::parse(&new.start), &mut Rng::new(unix_ms() as u64))?;
        let host = match &new.host {
            Opponent::Human => Occupant::Player {
                id: player.id,
                name: room.state().name_of(player.id),
                connected: true,
            },
            Opponent::Engine(level) => {
                let level = Level::parse(level)?;
                Analysis::engine_can_play(&position, convention)?;
                Occupant::Engine(level)
            }
        };
        let students: Vec<PlayerRef> = {
            let s = room.state();
            s.members
                .iter()
                .filter(|m| m.row.role == Role::Student && m.connections > 0)
                .map(|m| PlayerRef {
                    id: m.row.player_id,
                    name: m.row.name.clone(),
                })
                .collect()
        };
        if students.is_empty() {
            return Err(RoomError::NobodyHere {
                room: room.code.clone(),
            });
        }
        let boards = students.iter().map(|s| {
            let student = seated(&deps.matches, s);
            let seats = if new.students_first {
                [student, host.clone()]
            } else {
                [host.clone(), student]
            };
            create_with(&deps.matches, game, position.clone(), seats, new.clock)
        });
        let handles: Vec<MatchHandle> = futures_util::future::try_join_all(boards)
            .await
            .context("start the boards")?;
        let params = crate::convert::params(game);
        let row = SimulRow {
            id: 0,
            params: params.clone(),
            start: position.to_string(),
            host_player: matches!(new.host, Opponent::Human).then_some(player.id),
            host_engine: match &host {
                Occupant::Engine(level) => Some(level.name().to_owned()),
                _ => None,
            },
            students_first: new.students_first,
        };
        let games: Vec<(i64, i64)> = handles
            .iter()
            .zip(&students)
            .map(|(h, s)| (h.id, s.id))
            .collect();
        let id = deps
            .db
            .create_simul(room.id, row.clone(), games.clone(), unix_ms())
            .await
            .context("store the exhibition")?;
        room.state().simuls.push(LiveSimul {
            row: SimulRow { id, ..row },
            boards: games
                .iter()
                .map(|&(match_id, player)| Board {
                    match_id,
                    player,
                    result: None,
                })
                .collect(),
        });
        tracing::info!(room = %room.code, simul = id, boards = handles.len(), "exhibition started");
        for handle in handles {
            follow(deps.clone(), Arc::clone(room), id, handle);
        }
        announce(room, id);
        room.simul_view(id)
            .ok_or_else(|| Internal::new("read the exhibition", "it is gone").into())
    }
}

/// Follows a board until it ends, then records the student's result.
pub(super) fn follow(deps: Deps, room: Arc<Room>, id: i64, handle: MatchHandle) {
    tokio::spawn(async move {
        handle.ended().await;
        let stored = match deps.db.load_match(handle.id).await {
            Ok(Some(m)) => m,
            _ => return,
        };
        let changed = {
            let mut s = room.state();
            let Some(simul) = s.simuls.iter_mut().find(|x| x.row.id == id) else {
                return;
            };
            let student_seat = u8::from(!simul.row.students_first);
            let outcome = result(stored.status, stored.winner, student_seat);
            match simul.boards.iter_mut().find(|b| b.match_id == handle.id) {
                Some(b) if b.result.is_none() && outcome.is_some() => {
                    b.result = outcome;
                    true
                }
                _ => false,
            }
        };
        if changed {
            announce(&room, id);
        }
    });
}

/// After a restart: follows the boards still under way.
pub(super) fn resume(deps: &Deps, room: &Arc<Room>) {
    let open: Vec<(i64, i64)> = room
        .state()
        .simuls
        .iter()
        .flat_map(|s| {
            s.boards
                .iter()
                .filter(|b| b.result.is_none())
                .map(move |b| (s.row.id, b.match_id))
        })
        .collect();
    for (id, match_id) in open {
        if let Some(handle) = deps.matches.get(match_id) {
            follow(deps.clone(), Arc::clone(room), id, handle);
        }
    }
}

fn announce(room: &Room, id: i64) {
    if let Some(simul) = room.simul_view(id) {
        let body = ServerBody::Simul {
            code: room.code.clone(),
            simul,
        };
        room.publish(body.clone(), Some(body));
    }
}

impl Room {
    /// Exhibition `id` as the room sees it.
    pub fn simul_view(&self, id: i64) -> Option<SimulView> {
        let s = self.state();
        let simul = s.simuls.iter().find(|x| x.row.id == id)?;
        Some(simul.view(&s))
    }
}
