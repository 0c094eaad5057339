//! Simultaneous exhibitions: the teacher, or the engine, plays every student present at once,
//! one board (an ordinary match) each. An exhibition as the room holds it and its wire view
//! (here, pure), how the room's actor starts and follows one (`run.rs`), and its SQL
//! (`store.rs`).

mod run;
mod store;

use protocol::{MatchStatus, SimulGame, SimulView};

pub use store::{SimulGameRow, SimulRow, StoredSimul};

use super::tournament::{outcome_of, Outcome};

/// A board: its match, the student, and the student's result once over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Board {
    pub(crate) match_id: i64,
    pub(crate) player: i64,
    pub(crate) result: Option<&'static str>,
}

/// An exhibition of a room.
#[derive(Debug, Clone)]
pub(crate) struct LiveSimul {
    pub(crate) row: SimulRow,
    pub(crate) boards: Vec<Board>,
}

impl LiveSimul {
    /// A new exhibition of the boards (match, student).
    pub(crate) fn new(row: SimulRow, boards: &[(i64, i64)]) -> LiveSimul {
        LiveSimul {
            row,
            boards: boards
                .iter()
                .map(|&(match_id, player)| Board {
                    match_id,
                    player,
                    result: None,
                })
                .collect(),
        }
    }

    pub(crate) fn from_stored(s: StoredSimul) -> LiveSimul {
        let mut simul = LiveSimul {
            boards: Vec::new(),
            row: s.row,
        };
        for g in s.games {
            let result = simul.result(g.status, g.winner);
            simul.boards.push(Board {
                match_id: g.match_id,
                player: g.player_id,
                result,
            });
        }
        simul
    }

    /// The student's result of a board: `win`, `loss` or `draw` (an abort counts as a draw);
    /// `None` while it is played.
    fn result(&self, status: MatchStatus, winner: Option<u8>) -> Option<&'static str> {
        let student_seat = u8::from(!self.row.students_first);
        Some(match (outcome_of(status, winner)?, student_seat) {
            (Outcome::Draw, _) => "draw",
            (Outcome::FirstWon, 0) | (Outcome::SecondWon, 1) => "win",
            _ => "loss",
        })
    }

    /// Records the end of board `match_id`; whether it changed the exhibition.
    pub(crate) fn record(
        &mut self,
        match_id: i64,
        status: MatchStatus,
        winner: Option<u8>,
    ) -> bool {
        let Some(result) = self.result(status, winner) else {
            return false;
        };
        match self.boards.iter_mut().find(|b| b.match_id == match_id) {
            Some(b) if b.result.is_none() => {
                b.result = Some(result);
                true
            }
            _ => false,
        }
    }

    /// Whether `player` has a board of this exhibition under way.
    pub(crate) fn plays(&self, player: i64) -> bool {
        self.boards
            .iter()
            .any(|b| b.result.is_none() && b.player == player)
    }

    /// The exhibition as the room sees it; `name` gives a player's name in the room.
    pub(crate) fn view(&self, name: impl Fn(i64) -> String) -> SimulView {
        let r = &self.row;
        SimulView {
            id: r.id,
            params: r.params.clone(),
            start: r.start.clone(),
            host: match (&r.host_engine, r.host_player) {
                (Some(level), _) => format!("engine ({level})"),
                (None, Some(p)) => name(p),
                (None, None) => String::new(),
            },
            host_engine: r.host_engine.clone(),
            students_first: r.students_first,
            finished: self.boards.iter().all(|b| b.result.is_some()),
            games: self
                .boards
                .iter()
                .map(|b| SimulGame {
                    match_id: b.match_id,
                    player_id: b.player,
                    name: name(b.player),
                    result: b.result.map(str::to_owned),
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn simul(students_first: bool) -> LiveSimul {
        let row = SimulRow {
            id: 1,
            params: protocol::GameParams::of(protocol::Game::Nim),
            start: "3,4,5".into(),
            host_player: Some(10),
            host_engine: None,
            students_first,
        };
        LiveSimul::new(row, &[(100, 1), (101, 2)])
    }

    #[test]
    fn each_board_is_the_students_result_and_counts_once() {
        let mut s = simul(false);
        assert!(s.plays(1) && s.plays(2));
        // The host moved first: seat 0 winning is the student's loss.
        assert!(s.record(100, MatchStatus::Finished, Some(0)));
        assert_eq!(s.boards[0].result, Some("loss"));
        assert!(
            !s.record(100, MatchStatus::Finished, Some(1)),
            "recorded twice"
        );
        assert!(!s.record(101, MatchStatus::Playing, None), "not over");
        assert!(s.record(101, MatchStatus::Aborted, None));
        assert_eq!(s.boards[1].result, Some("draw"));
        assert!(s.view(|p| format!("p{p}")).finished);
        assert!(!s.plays(1));
        let mut s = simul(true);
        assert!(s.record(101, MatchStatus::Finished, Some(0)));
        assert_eq!(s.boards[1].result, Some("win"));
    }
}
