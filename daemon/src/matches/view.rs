//! A match's state as the wire writes it, borrowing from the match instead of copying. Every
//! move publishes an event with the latest moves and the legal moves; building an owned
//! [`MatchState`] for it first (a few dozen strings copied, written, then dropped) took about
//! a quarter of what an event costs (~2 of ~8 µs for an L-game's). The owned state, for
//! replies, is made from the same view, so what a state holds is decided in one place.

use engine::{AnyMove, AnyPosition};
use protocol::{
    Clock, ComponentInfo, Game, GameParams, MatchState, MatchStatus, MoveRecord, Outcome, Seat,
    SeatInfo,
};
use serde::{Serialize, Serializer};

/// The fields and order of [`MatchState`] on the wire (its `game`, `size` and `k` are its
/// flattened `params`); a test checks that both write the same text.
#[derive(Serialize)]
pub struct StateView<'a> {
    pub match_id: i64,
    pub game: Game,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub k: Option<u32>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub misere: bool,
    #[serde(serialize_with = "text")]
    pub start: &'a AnyPosition,
    #[serde(serialize_with = "text")]
    pub position: &'a AnyPosition,
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
    /// The game and its parameters.
    pub fn params(&self) -> GameParams {
        GameParams {
            game: self.game,
            size: self.size,
            k: self.k,
            misere: self.misere,
        }
    }

    /// The owned state.
    pub fn to_state(&self) -> MatchState {
        MatchState {
            match_id: self.match_id,
            params: self.params(),
            start: self.start.to_string(),
            position: self.position.to_string(),
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

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A position as its notation, written without an intermediate string.
fn text<S: Serializer>(p: &&AnyPosition, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(*p)
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
