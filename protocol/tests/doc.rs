//! Every JSON example in docs/PROTOCOL.md parses as a protocol message and serializes back to
//! exactly the same JSON, so the document cannot drift from the code.

use protocol::{ClientMessage, ServerMessage};
use serde_json::Value;

const DOC: &str = include_str!("../../docs/PROTOCOL.md");

fn examples() -> Vec<&'static str> {
    DOC.split("```json")
        .skip(1)
        .map(|block| block.split("```").next().unwrap_or("").trim())
        .collect()
}

#[test]
fn every_example_round_trips() {
    let examples = examples();
    assert!(
        examples.len() >= 20,
        "found only {} examples",
        examples.len()
    );
    for text in examples {
        let original: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
        // Some types (`lobby`) are both a request and a reply: either reading may match.
        let as_client = serde_json::from_str::<ClientMessage>(text)
            .ok()
            .map(|m| serde_json::to_value(m).unwrap());
        let as_server =
            serde_json::from_str::<ServerMessage>(text).map(|m| serde_json::to_value(m).unwrap());
        let ok =
            as_client.as_ref() == Some(&original) || as_server.as_ref().ok() == Some(&original);
        assert!(
            ok,
            "does not round-trip: {text}\nas client: {as_client:?}\nas server: {as_server:?}"
        );
    }
}

#[test]
fn every_request_type_and_error_code_is_documented() {
    for t in [
        "hello",
        "create_match",
        "lobby",
        "join",
        "watch",
        "unwatch",
        "move",
        "resign",
        "offer_draw",
        "accept_draw",
        "decline_draw",
        "abort",
        "rematch",
        "ping",
        "welcome",
        "error",
        "match",
        "move_accepted",
        "done",
        "pong",
        "query",
        "classification",
        "table",
        "games",
        "game",
        "review",
        "export",
        "import",
        "imported",
        "create_room",
        "join_room",
        "room",
        "room_member",
        "configure_room",
        "room_settings",
        "set_exercises",
        "exercises_set",
        "answer",
        "graded",
        "answered",
        "export_room",
        "room_export",
        "create_tournament",
        "tournament",
        "next_round",
        "enter_tournament",
        "withdraw_tournament",
        "start_simul",
        "simul",
        "periodicity",
        "sequence",
        "check",
    ] {
        assert!(
            DOC.contains(&format!("\"type\":\"{t}\"")),
            "no example of {t}"
        );
    }
    for code in [
        "bad_message",
        "unsupported_version",
        "hello_first",
        "already_welcomed",
        "bad_access_code",
        "bad_token",
        "bad_parameters",
        "bad_position",
        "bad_notation",
        "illegal_move",
        "not_your_turn",
        "not_your_seat",
        "no_such_match",
        "match_not_active",
        "invalid_state",
        "too_large",
        "rate_limited",
        "internal",
        "no_such_room",
        "no_such_exercise",
        "not_teacher",
        "name_taken",
        "already_answered",
        "deadline_passed",
        "hints_off",
        "engine_not_allowed",
    ] {
        assert!(
            DOC.contains(&format!("`{code}`")),
            "code {code} not documented"
        );
    }
}
