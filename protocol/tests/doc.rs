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
        "release_answers",
        "answers_released",
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

/// The fields `decode` names as allowed are those the requests have: every field of every
/// documented request is among them, every type has its list, and every type refuses a
/// field it does not have, naming it.
#[test]
fn the_allowed_fields_are_the_requests_own() {
    for text in examples() {
        let Ok(message) = serde_json::from_str::<ClientMessage>(text) else {
            continue;
        };
        let value = serde_json::to_value(&message).unwrap();
        let kind = value["type"].as_str().unwrap().to_owned();
        let Some(allowed) = protocol::decode::fields(&kind) else {
            panic!("no fields listed for {kind}");
        };
        for key in value.as_object().unwrap().keys() {
            assert!(allowed.contains(&key.as_str()), "{kind} lacks `{key}`");
        }
        for item in value
            .get("exercises")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let exercise = protocol::decode::fields("exercise").unwrap();
            for key in item.as_object().unwrap().keys() {
                assert!(
                    exercise.contains(&key.as_str()),
                    "an exercise lacks `{key}`"
                );
            }
        }
        // Each listed field is one the request reads: a value of no type it takes is refused
        // for its type, not as unknown.
        for key in allowed.iter().filter(|k| !["type", "id"].contains(k)) {
            let mut probed = value.clone();
            probed[*key] = serde_json::json!({"\u{0}": [[]]});
            let e = protocol::decode::client_message(&probed.to_string()).unwrap_err();
            assert!(
                !e.message.starts_with("unknown field"),
                "{kind}.{key}: {}",
                e.message
            );
        }
        let mut extra = value.clone();
        extra["bogus_field"] = Value::from(1);
        let e = protocol::decode::client_message(&extra.to_string()).unwrap_err();
        assert!(
            e.message
                .starts_with(&format!("unknown field `bogus_field` in {kind}")),
            "{}",
            e.message
        );
    }
}
