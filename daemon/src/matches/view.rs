//! A match's state as the wire writes it, borrowing from the match instead of copying. Every
//! move publishes an event with the latest moves and the legal moves; building an owned
//! [`MatchState`] for it first (a few dozen strings copied, written, then dropped) took about
//! a quarter of what an event costs (~2 of ~8 µs for an L-game's). The owned state, for
//! replies, is made from the same view, so what a state holds is decided in one place.

use engine::{AnyMove, AnyPosition, Position as _};
use protocol::limits::{EVENT_HISTORY, LEGAL_MOVES_LISTED};
use protocol::{
    Clock, ComponentInfo, GameParams, MatchState, MatchStatus, MatchSummary, MoveRecord, Outcome,
    Seat, SeatInfo,
};
use serde::{Serialize, Serializer};

use super::model::{Model, Occupant};

/// The fields and order of [`MatchState`] on the wire; a test checks that both write the
/// same text.
#[derive(Serialize)]
pub struct StateView<'a> {
    pub match_id: i64,
    #[serde(flatten)]
    pub params: GameParams,
    #[serde(serialize_with = "text")]
    pub start: &'a AnyPosition,
    #[serde(serialize_with = "text")]
    pub position: &'a AnyPosition,
    #[serde(rename = "board", serialize_with = "board")]
    pub drawn: &'a AnyPosition,
    pub ply: u32,
    pub status: MatchStatus,
    pub to_move: Option<Seat>,
    pub seats: [SeatInfo; 2],
    pub history: &'a [MoveRecord],
    #[serde(skip_serializing_if = "is_zero")]
    pub history_from: u32,
    #[serde(serialize_with = "texts")]
    pub legal_moves: Option<Vec<AnyMove>>,
    pub legal_move_count: u64,
    pub clock: Option<Clock>,
    pub draw_offer: Option<Seat>,
    pub rematch_offer: Option<Seat>,
    pub repetitions: u32,
    #[serde(skip_serializing_if = "<[u32]>::is_empty")]
    pub repetition_plies: &'a [u32],
    pub rematch_of: Option<i64>,
    pub rematch: Option<i64>,
    pub result: Option<Outcome>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub components: Option<&'a [ComponentInfo]>,
}

impl StateView<'_> {
    /// The owned state.
    pub fn to_state(&self) -> MatchState {
        MatchState {
            match_id: self.match_id,
            params: self.params.clone(),
            start: self.start.to_string(),
            position: self.position.to_string(),
            board: crate::convert::board(self.drawn),
            ply: self.ply,
            status: self.status,
            to_move: self.to_move,
            seats: self.seats.clone(),
            history: self.history.to_vec(),
            history_from: self.history_from,
            legal_moves: self
                .legal_moves
                .as_ref()
                .map(|moves| moves.iter().map(|m| m.to_string()).collect()),
            legal_move_count: self.legal_move_count,
            clock: self.clock.clone(),
            draw_offer: self.draw_offer,
            rematch_offer: self.rematch_offer,
            repetitions: self.repetitions,
            repetition_plies: self.repetition_plies.to_vec(),
            rematch_of: self.rematch_of,
            rematch: self.rematch,
            result: self.result,
            components: self.components.map(<[ComponentInfo]>::to_vec),
        }
    }
}

impl Occupant {
    /// Who sits here, as clients see it.
    pub(super) fn info(&self) -> SeatInfo {
        match self {
            Occupant::Empty => SeatInfo {
                player_id: None,
                name: None,
                engine: None,
                connected: false,
                abandon_in_ms: None,
            },
            Occupant::Player {
                id,
                name,
                connected,
            } => SeatInfo {
                player_id: Some(*id),
                name: Some(name.clone()),
                engine: None,
                connected: *connected,
                abandon_in_ms: None,
            },
            Occupant::Engine(level) => SeatInfo {
                player_id: None,
                name: Some(format!("engine ({level})")),
                engine: Some(level.name().to_owned()),
                connected: true,
                abandon_in_ms: None,
            },
        }
    }
}

impl Model {
    /// The full state for clients, as of `now`, with every move.
    pub fn state(&self, now: u64) -> MatchState {
        self.view(now, 0).to_state()
    }

    /// The state for an event: only the latest [`EVENT_HISTORY`] moves are listed (a
    /// follower that fell further behind asks for the whole state with `watch`).
    pub fn event_view(&self, now: u64) -> StateView<'_> {
        self.view(now, self.ply().saturating_sub(EVENT_HISTORY))
    }

    /// The state with the moves after ply `from`, borrowing from the match.
    fn view(&self, now: u64, from: u32) -> StateView<'_> {
        let count = self.position.move_count();
        let over = self.status.is_over();
        let legal_moves =
            (!over && count <= LEGAL_MOVES_LISTED).then(|| self.position.legal_moves());
        StateView {
            match_id: self.id,
            params: crate::convert::params(self.game),
            start: &self.start,
            position: &self.position,
            drawn: &self.position,
            ply: self.ply(),
            status: self.status,
            to_move: self.to_move(),
            seats: [self.seat_info(0, now), self.seat_info(1, now)],
            history: &self.history[from as usize..],
            history_from: from,
            legal_moves,
            legal_move_count: if over { 0 } else { count },
            clock: self.clocks.as_ref().map(|c| c.at(now)),
            draw_offer: self.draw_offer,
            rematch_offer: self.rematch_offer,
            repetitions: self.repetitions(),
            repetition_plies: &self.repetition_plies,
            rematch_of: self.rematch_of,
            rematch: self.rematch,
            result: self.result,
            components: self.components(),
        }
    }

    /// Who sits in `seat`, as clients see it at `now`.
    fn seat_info(&self, seat: usize, now: u64) -> SeatInfo {
        let mut info = self.seats[seat].info();
        if self.status == MatchStatus::Playing {
            info.abandon_in_ms = self.abandon_at[seat].map(|t| t.saturating_sub(now));
        }
        info
    }

    /// A lobby line.
    pub fn summary(&self) -> MatchSummary {
        MatchSummary {
            match_id: self.id,
            params: crate::convert::params(self.game),
            status: self.status,
            seats: [self.seats[0].info(), self.seats[1].info()],
            ply: self.ply(),
            clock: self.clocks.as_ref().map(|c| c.spec),
        }
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A position as its notation, written without an intermediate string.
fn text<S: Serializer>(p: &&AnyPosition, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(*p)
}

/// A position as clients draw it.
fn board<S: Serializer>(p: &&AnyPosition, serializer: S) -> Result<S::Ok, S::Error> {
    crate::convert::board(p).serialize(serializer)
}

/// Moves as a list of their notations.
fn texts<S: Serializer>(moves: &Option<Vec<AnyMove>>, serializer: S) -> Result<S::Ok, S::Error> {
    struct Notation<'a>(&'a AnyMove);
    impl Serialize for Notation<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self.0)
        }
    }
    match moves {
        Some(moves) => serializer.collect_seq(moves.iter().map(Notation)),
        None => serializer.serialize_none(),
    }
}
