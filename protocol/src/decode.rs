//! Reading a client's message: the request, or why it cannot be read. A field a request does
//! not have is refused, naming the field and the ones the request has (a misspelt `"misre"`
//! would otherwise give normal play without a word).
//!
//! ```
//! let e = protocol::decode::client_message(
//!     r#"{"type":"query","id":3,"game":"nim","position":"1,2","misre":true}"#,
//! )
//! .unwrap_err();
//! assert_eq!(e.id, Some(3));
//! assert!(e.message.starts_with("unknown field `misre` in query (did you mean `misere`?)"));
//! ```

use serde_json::Value;

use crate::ClientMessage;

/// A message that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// Its `id`, when that much could be read, for the error to echo.
    pub id: Option<u64>,
    /// Why, for a person: the field refused and the ones allowed, or what JSON said.
    pub message: String,
}

/// Reads a client's message from its JSON text.
pub fn client_message(text: &str) -> Result<ClientMessage, Unreadable> {
    serde_json::from_str(text).map_err(|e| {
        let value: Option<Value> = serde_json::from_str(text).ok();
        let id = value.as_ref().and_then(|v| v.get("id")?.as_u64());
        let message = unknown_field(&e.to_string())
            .and_then(|field| explain(field, value.as_ref()?))
            .unwrap_or_else(|| format!("cannot read this message: {e}; see docs/PROTOCOL.md"));
        Unreadable { id, message }
    })
}

/// The field serde's error says is unknown.
fn unknown_field(error: &str) -> Option<&str> {
    let rest = error.strip_prefix("unknown field `")?;
    rest.split_once('`').map(|(field, _)| field)
}

/// Says which object of `message` has the unknown `field`, and what its fields are.
fn explain(field: &str, message: &Value) -> Option<String> {
    let kind = message.get("type")?.as_str()?;
    let (whose, allowed) = if message.get(field).is_some() {
        (kind.to_owned(), fields(kind)?)
    } else {
        // Not at the top: in an object the request holds (an exercise of `set_exercises`).
        let nested = message.as_object()?.iter().find_map(|(key, v)| {
            let items = v.as_array()?;
            items
                .iter()
                .any(|item| item.get(field).is_some())
                .then_some(key.as_str())
        })?;
        let object = NESTED
            .iter()
            .find(|(k, key, _)| *k == kind && *key == nested)?;
        (format!("an item of {kind}'s {nested}"), fields(object.2)?)
    };
    // A suggestion only for a near miss: a letter off in three.
    let near = (field.chars().count() / 3).max(1);
    let guess = allowed
        .iter()
        .filter(|a| distance(a, field) <= near)
        .min_by_key(|a| distance(a, field))
        .map_or(String::new(), |a| format!(" (did you mean `{a}`?)"));
    Some(format!(
        "unknown field `{field}` in {whose}{guess}: its fields are {}; see docs/PROTOCOL.md",
        allowed.join(", ")
    ))
}

/// The fields a game's parameters add to a request (flattened into it).
const GAME: [&str; 6] = ["game", "size", "k", "misere", "piece", "rule"];

/// Objects inside requests: (request type, the field holding them, their kind in [`fields`]).
const NESTED: &[(&str, &str, &str)] = &[("set_exercises", "exercises", "exercise")];

/// The fields of each request type (`id` and `type` included), and of the objects inside
/// requests. The refusal itself is serde's (`deny_unknown_fields`); this only says what is
/// allowed, and a test holds it to the types and to docs/PROTOCOL.md.
pub fn fields(kind: &str) -> Option<Vec<&'static str>> {
    let own: &[&str] = match kind {
        "hello" => &["protocol", "name", "token", "access_code"],
        "create_match" => &["start", "opponent", "first", "clock", "my_engine"],
        "lobby" => &["offset", "limit"],
        "ping" | "named_checks" => &[],
        "join" | "watch" | "unwatch" | "resign" | "offer_draw" | "accept_draw" | "decline_draw"
        | "abort" | "rematch" => &["match_id"],
        "game" | "review" => &["match_id", "from", "limit"],
        "move" => &["match_id", "move"],
        "query" => &["position", "limit"],
        "table" => &["rows", "cols", "layer"],
        "periodicity" => &["line", "rows", "upto"],
        "sequence" => &["line", "upto"],
        "check" => &["formula", "upto", "map"],
        "check_named" => &["name", "upto", "map"],
        "guess" => &["aim", "upto", "size", "seconds", "check_upto"],
        "games" => &[
            "player", "game", "status", "result", "since", "until", "limit", "offset",
        ],
        "export" => &["match_id", "format"],
        "import" => &["text"],
        "create_room" => &["name", "hints", "engine", "exam", "language"],
        "join_room" => &["code", "name", "owner_token"],
        "leave_room" => &["code"],
        "configure_room" => &["code", "hints", "engine", "exam", "language"],
        "release_answers" => &["code"],
        "set_exercises" => &["code", "exercises", "deadline_s"],
        "answer" => &["code", "exercise_id", "answer"],
        "export_room" => &["code"],
        "create_tournament" => &["code", "start", "format", "rounds", "clock"],
        "enter_tournament" | "next_round" => &["code", "tournament_id"],
        "withdraw_tournament" => &["code", "tournament_id", "player_id"],
        "start_simul" => &["code", "start", "host", "students_first", "clock"],
        "exercise" => &["position", "question", "remoteness"],
        _ => return None,
    };
    let with_game = matches!(
        kind,
        "create_match"
            | "query"
            | "table"
            | "periodicity"
            | "sequence"
            | "check"
            | "guess"
            | "create_tournament"
            | "start_simul"
            | "exercise"
    );
    let mut all = Vec::with_capacity(own.len() + 6);
    if kind != "exercise" {
        all.extend(["type", "id"]);
    }
    if with_game {
        all.extend(GAME);
    }
    all.extend(own);
    Some(all)
}

/// Levenshtein distance, for a suggestion (names are short).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_field_is_named_with_the_allowed_ones() {
        let e = client_message(
            r#"{"type":"create_match","id":5,"game":"nim","misre":true,"opponent":"human"}"#,
        )
        .unwrap_err();
        assert_eq!(e.id, Some(5));
        assert_eq!(
            e.message,
            "unknown field `misre` in create_match (did you mean `misere`?): its fields are \
             type, id, game, size, k, misere, piece, rule, start, opponent, first, clock, my_engine; \
             see docs/PROTOCOL.md"
        );
        let e = client_message(r#"{"type":"ping","id":1,"x":1}"#).unwrap_err();
        assert!(
            e.message
                .starts_with("unknown field `x` in ping: its fields are type, id;"),
            "{}",
            e.message
        );
        let e = client_message(
            r#"{"type":"set_exercises","id":2,"code":"K7Q2","exercises":[{"game":"nim","position":"1,2","question":"outcome","misere":false,"sise":4}]}"#,
        )
        .unwrap_err();
        assert!(
            e.message.starts_with(
                "unknown field `sise` in an item of set_exercises's exercises (did you mean `size`?): \
                 its fields are game, size, k, misere, piece, rule, position, question, remoteness;"
            ),
            "{}",
            e.message
        );
    }

    #[test]
    fn other_faults_say_what_json_said() {
        let e = client_message(r#"{"type":"move","id":4,"match_id":"x","move":"1"}"#).unwrap_err();
        assert_eq!(e.id, Some(4));
        assert!(
            e.message
                .starts_with("cannot read this message: invalid type"),
            "{}",
            e.message
        );
        assert!(client_message("{").unwrap_err().id.is_none());
    }

    #[test]
    fn distances() {
        assert_eq!(distance("misre", "misere"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
    }
}
