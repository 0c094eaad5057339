//! What a match publishes after every change: its state, and the `match` event announcing it
//! already written as JSON, once for every follower (each of whom only queues the text).

use std::sync::Arc;

use protocol::MatchState;
use serde::Serialize;

/// A published state with its event text.
#[derive(Debug)]
pub struct Snapshot {
    /// The state.
    pub state: MatchState,
    /// `{"type":"match","state":{…}}`, exactly as `ServerMessage::event` would write it.
    pub event: Arc<str>,
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
    pub fn new(state: MatchState) -> Snapshot {
        let event = MatchEvent {
            kind: "match",
            state: &state,
        };
        // A state is plain data (strings, numbers, lists): writing it cannot fail.
        let event = serde_json::to_string(&event).unwrap_or_default();
        Snapshot {
            state,
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
        let snapshot = Snapshot::new(state);
        assert_eq!(&*snapshot.event, serde_json::to_string(&message).unwrap());
        assert_eq!(&*snapshot.event, text);
    }
}
