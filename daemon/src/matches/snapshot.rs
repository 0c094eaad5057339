//! What a match publishes after every change: the `match` event announcing its new state,
//! already written as JSON once for every follower (each of whom only writes the shared bytes), and
//! the lobby's summary line. The full state itself stays with the match's actor: a copy per
//! match (a long game's history) would cost memory on a busy server.

use protocol::{MatchState, MatchSummary};
use serde::Serialize;
use tokio_tungstenite::tungstenite::Utf8Bytes;

/// A published change.
#[derive(Debug)]
pub struct Snapshot {
    /// The lobby line.
    pub summary: MatchSummary,
    /// `{"type":"match","state":{…}}`, exactly as `ServerMessage::event` would write it.
    pub event: Utf8Bytes,
}

/// The event's wire form, borrowing the state instead of copying it.
#[derive(Serialize)]
struct MatchEvent<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    state: &'a MatchState,
}

impl Snapshot {
    /// Writes the event for `state`.
    pub fn new(state: &MatchState) -> Snapshot {
        let event = MatchEvent {
            kind: "match",
            state,
        };
        // A state is plain data (strings, numbers, lists): writing it cannot fail.
        let event = serde_json::to_string(&event).unwrap_or_default();
        Snapshot {
            summary: MatchSummary {
                match_id: state.match_id,
                params: state.params.clone(),
                status: state.status,
                seats: state.seats.clone(),
                ply: state.ply,
                clock: state.clock.as_ref().map(|c| c.spec),
            },
            event: event.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::{ServerBody, ServerMessage};

    #[test]
    fn the_event_text_is_the_match_event() {
        let text = r#"{"type":"match","state":{"match_id":12,"game":"queen","size":8,"start":"7,3","position":"4,3","ply":1,"status":"playing","to_move":1,"seats":[{"player_id":7,"name":"ada","connected":true},{"player_id":9,"name":"bob","connected":true}],"history":[{"ply":1,"seat":0,"move":"4,3","position":"4,3","time_ms":5210}],"legal_moves":["0,3","1,0"],"legal_move_count":2,"clock":null,"draw_offer":null,"rematch_offer":null,"repetitions":1,"rematch_of":null,"rematch":null,"result":null}}"#;
        let message: ServerMessage = serde_json::from_str(text).expect("a match event");
        let ServerBody::Match { state } = message.body.clone() else {
            panic!("not a match event");
        };
        let snapshot = Snapshot::new(&state);
        assert_eq!(&*snapshot.event, serde_json::to_string(&message).unwrap());
        assert_eq!(&*snapshot.event, text);
        assert_eq!((snapshot.summary.match_id, snapshot.summary.ply), (12, 1));
    }
}
