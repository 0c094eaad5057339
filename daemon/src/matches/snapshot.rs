//! What a match publishes after every change: the `match` event announcing its new state,
//! already written as JSON once for every follower (each of whom only writes the shared bytes), and
//! the lobby's summary line. The full state itself stays with the match's actor: a copy per
//! match (a long game's history) would cost memory on a busy server.

use bytes::Bytes;
use protocol::MatchSummary;
use serde::Serialize;

use super::view::StateView;

/// A published change.
#[derive(Debug)]
pub struct Snapshot {
    /// The lobby line.
    pub summary: MatchSummary,
    /// `{"type":"match","state":{…}}`, exactly as `ServerMessage::event` would write it:
    /// UTF-8 JSON, shared (a clone is a reference count).
    pub event: Bytes,
}

/// The event's wire form.
#[derive(Serialize)]
struct MatchEvent<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    state: &'a StateView<'a>,
}

impl Snapshot {
    /// Writes the event for `state`.
    pub fn new(state: &StateView<'_>) -> Snapshot {
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
    use crate::matches::model::{Model, Occupant};
    use engine::{Level, Position as _, Variant};
    use protocol::limits::EVENT_HISTORY;
    use protocol::{ClockSpec, Outcome, Reason, ServerBody, ServerMessage};

    fn player(id: i64, name: &str) -> Occupant {
        Occupant::Player {
            id,
            name: name.to_owned(),
            connected: true,
        }
    }

    /// Plays `plies` moves, each the one leaving the most moves, one second a move.
    fn play(m: &mut Model, plies: u32, now: &mut u64) {
        for _ in 0..plies {
            let moves = m.position.legal_moves();
            let mv = moves
                .iter()
                .max_by_key(|mv| m.position.play(mv).map_or(0, |p| p.move_count()))
                .expect("a move left")
                .to_string();
            *now += 1000;
            let seat = m.to_move().expect("a match under way");
            let pending = m.prepare(seat, &mv, *now).expect("a legal move");
            m.apply(pending, *now);
        }
    }

    /// The event as the protocol writes a `match` event of the owned state.
    fn owned_event(m: &Model, now: u64) -> String {
        let body = ServerBody::Match {
            state: m.event_view(now).to_state(),
        };
        serde_json::to_string(&ServerMessage::event(body)).expect("a state is plain data")
    }

    #[test]
    fn the_event_text_is_the_match_event() {
        let variant = Variant::new(engine::GameKind::Queen, Some(8), None).unwrap();
        let start = variant.parse_position("7,3").unwrap();
        let mut m = Model::new(12, start, [player(7, "ada"), player(9, "bob")], None, 3, 0);
        let pending = m.prepare(0, "4,3", 5210).unwrap();
        m.apply(pending, 5210);
        let text = r#"{"type":"match","state":{"match_id":12,"game":"queen","size":8,"start":"7,3","position":"4,3","board":{"kind":"corner","size":8,"x":4,"y":3},"ply":1,"status":"playing","to_move":1,"seats":[{"player_id":7,"name":"ada","connected":true},{"player_id":9,"name":"bob","connected":true}],"history":[{"ply":1,"seat":0,"move":"4,3","position":"4,3","time_ms":5210}],"legal_moves":["0,3","1,0","1,3","2,1","2,3","3,2","3,3","4,0","4,1","4,2"],"legal_move_count":10,"clock":null,"draw_offer":null,"rematch_offer":null,"repetitions":1,"rematch_of":null,"rematch":null,"result":null}}"#;
        let snapshot = Snapshot::new(&m.event_view(5210));
        assert_eq!(&*snapshot.event, text.as_bytes());
        assert_eq!(&*snapshot.event, owned_event(&m, 5210).as_bytes());
        assert_eq!((snapshot.summary.match_id, snapshot.summary.ply), (12, 1));
    }

    /// The borrowed view writes what the owned state writes, field for field, in every
    /// situation that changes which fields are present.
    #[test]
    fn the_view_writes_what_the_owned_state_writes() {
        let mut now = 0;
        let mut cases = Vec::new();
        // Waiting for a second player, with a clock.
        let nim = Variant::new(engine::GameKind::Nim, None, None).unwrap();
        let clock: ClockSpec = "5+3".parse().unwrap();
        let start = nim.parse_position("9,9,9").unwrap();
        cases.push(Model::new(
            1,
            start.clone(),
            [player(1, "ada"), Occupant::Empty],
            Some(clock),
            3,
            now,
        ));
        // Past the events' history, clock running, more legal moves than are listed.
        let mut m = Model::new(
            2,
            start,
            [player(1, "ada"), player(2, "bob")],
            Some(clock),
            3,
            now,
        );
        play(&mut m, 20, &mut now);
        assert!(m.ply() > EVENT_HISTORY);
        cases.push(m.clone());
        // Offers pending.
        m.draw_offer = Some(0);
        m.rematch_offer = Some(1);
        cases.push(m.clone());
        // Against the engine, finished, and a rematch.
        let queen = Variant::new(engine::GameKind::Queen, Some(16), None).unwrap();
        let start = queen.parse_position("9,4").unwrap();
        let mut m = Model::new(
            3,
            start,
            [player(1, "ada"), Occupant::Engine(Level::Perfect)],
            None,
            3,
            now,
        );
        play(&mut m, 3, &mut now);
        m.rematch_of = Some(2);
        m.rematch = Some(4);
        cases.push(m.clone());
        // An L-game drawn by repetition.
        let lgame = Variant::new(engine::GameKind::LGame, None, None).unwrap();
        let mut m = Model::new(
            5,
            lgame.start(),
            [player(1, "ada"), player(2, "bob")],
            None,
            3,
            now,
        );
        play(&mut m, 4, &mut now);
        let draw = Outcome {
            winner: None,
            reason: Reason::Repetition,
        };
        m.finish(draw, vec![0, 2, 4]);
        cases.push(m);
        for m in &cases {
            assert_eq!(
                &*Snapshot::new(&m.event_view(now)).event,
                owned_event(m, now).as_bytes()
            );
            let full: serde_json::Value = serde_json::to_value(m.state(now)).unwrap();
            assert_eq!(
                full["history"].as_array().map(Vec::len),
                Some(m.ply() as usize)
            );
        }
    }
}
