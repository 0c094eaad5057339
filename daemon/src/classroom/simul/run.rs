//! Starting an exhibition and following its boards, by the room's actor: the room is told
//! when it starts and as each board ends.

use engine::{Level, Rng, Start};
use protocol::{NewSimul, Opponent, ServerBody, SimulView};

use super::{LiveSimul, SimulRow};
use crate::classroom::room::actor::Actor;
use crate::classroom::RoomError;
use crate::clock::unix_ms;
use crate::db::StoredMatch;
use crate::failure::{Context as _, Internal};
use crate::matches::create::{create_with, seated};
use crate::matches::model::Occupant;
use crate::matches::{MatchHandle, PlayerRef};
use crate::solver::Solver;

impl Actor {
    /// Starts an exhibition (teachers) against every student here now.
    pub(crate) async fn start_simul(
        &mut self,
        player: &PlayerRef,
        new: NewSimul,
    ) -> Result<SimulView, RoomError> {
        self.state.teacher(player.id)?;
        let game = crate::convert::game(&new.params)?;
        let position = game.start(&Start::parse(&new.start), &mut Rng::new(unix_ms() as u64))?;
        let host = match &new.host {
            Opponent::Human => Occupant::Player {
                id: player.id,
                name: self.state.name_of(player.id),
                connected: true,
            },
            Opponent::Engine(level) => {
                let level = Level::parse(level)?;
                Solver::engine_can_play(&position, game.convention())?;
                Occupant::Engine(level)
            }
        };
        let students: Vec<PlayerRef> = self
            .state
            .students_here()
            .map(|m| PlayerRef {
                id: m.player_id,
                name: m.name.clone(),
            })
            .collect();
        if students.is_empty() {
            return Err(RoomError::NobodyHere {
                room: self.state.code.clone(),
            });
        }
        let matches = &self.deps.matches;
        let boards = students.iter().map(|s| {
            let student = seated(matches, s);
            let seats = if new.students_first {
                [student, host.clone()]
            } else {
                [host.clone(), student]
            };
            create_with(matches, game, position.clone(), seats, new.clock)
        });
        let handles: Vec<MatchHandle> = futures_util::future::try_join_all(boards)
            .await
            .context("doing-start-the-boards")?;
        let row = SimulRow {
            id: 0,
            params: crate::convert::params(game),
            start: position.to_string(),
            host_player: matches!(new.host, Opponent::Human).then_some(player.id),
            host_engine: match &host {
                Occupant::Engine(level) => Some(level.name().to_owned()),
                _ => None,
            },
            students_first: new.students_first,
        };
        let boards: Vec<(i64, i64)> = handles
            .iter()
            .zip(&students)
            .map(|(h, s)| (h.id, s.id))
            .collect();
        let id = self
            .deps
            .db
            .create_simul(self.state.id, row.clone(), boards.clone(), unix_ms())
            .await
            .context("doing-store-the-exhibition")?;
        let simul = LiveSimul::new(SimulRow { id, ..row }, &boards);
        self.state.simuls.push(simul);
        tracing::info!(simul = id, boards = handles.len(), "exhibition started");
        for handle in handles {
            self.follow(handle);
        }
        self.announce_simul(id);
        self.simul_view(id)
            .ok_or_else(|| Internal::new("doing-read-the-exhibition", "it is gone").into())
    }

    /// Records the student's result of a board that ended.
    pub(crate) fn board_over(&mut self, m: &StoredMatch) {
        let Some(simul) = self
            .state
            .simuls
            .iter_mut()
            .find(|x| x.boards.iter().any(|b| b.match_id == m.id))
        else {
            return;
        };
        let id = simul.row.id;
        if simul.record(m.id, m.status, m.winner) {
            self.announce_simul(id);
        }
    }

    /// After a restart: follows the boards still under way.
    pub(crate) fn resume_simuls(&mut self) {
        let open: Vec<i64> = self
            .state
            .simuls
            .iter()
            .flat_map(|s| s.boards.iter().filter(|b| b.result.is_none()))
            .map(|b| b.match_id)
            .collect();
        for match_id in open {
            if let Some(handle) = self.deps.matches.get(match_id) {
                self.follow(handle);
            }
        }
    }

    fn announce_simul(&self, id: i64) {
        if let Some(simul) = self.simul_view(id) {
            self.publish_all(ServerBody::Simul {
                code: self.state.code.clone(),
                simul,
            });
        }
    }

    fn simul_view(&self, id: i64) -> Option<SimulView> {
        let s = &self.state;
        let simul = s.simuls.iter().find(|x| x.row.id == id)?;
        Some(simul.view(|p| s.name_of(p)))
    }
}
