//! Failures inside the server, and what every part's errors share. Each part of the server
//! says why it refused a request in its own error type (`MatchError`, `RoomError`,
//! `QueryError`, ...); only the connection (`connection::refusal`) turns one into the wire's
//! `{code, message, details}`.
//!
//! Every error type is `Serialize`, internally tagged by `kind`: what it serializes to is the
//! wire's `details`, the refusal's precise kind and the values its message names. The
//! serializers here write the values of types that are not `Serialize` themselves.
//!
//! What a refusal says is a message of the catalogs (`protocol/i18n/`), `error-KIND`, with
//! its details as arguments (`protocol::i18n::refusal`): each client says it in its reader's
//! language, and the server's own English (`Display`, the wire's `message`) is that message
//! said in English ([`english`]). The engine's reasons (the rules of a game) are messages of the
//! catalogs too (`rule-*`), nested in the details as `reason`.

use serde::{Serialize, Serializer};
use serde_json::Value;

/// Refusal `e` as the message of the catalogs its details make (`error-KIND`,
/// `protocol::i18n::refusal`); `error-refused` for one that has none.
pub fn message<E: Serialize>(e: &E) -> protocol::Message {
    match serde_json::to_value(e) {
        Ok(Value::Object(details)) => protocol::i18n::refusal(&details)
            .unwrap_or_else(|| protocol::Message::new("error-refused")),
        _ => protocol::Message::new("error-refused"),
    }
}

/// Refusal `e` in English: its [`message`] said in English.
pub fn english<E: Serialize>(e: &E) -> String {
    protocol::i18n::english(&message(e))
}

/// An engine error in English: its sentence (the reason, after the ply in a game) said from
/// the catalogs.
pub fn rules_english(e: &engine::Error) -> String {
    protocol::i18n::english(&crate::convert::message(&e.said()))
}

/// An engine error as details: its kind of input (`params`, `position`, `notation`,
/// `illegal`, `too_large`), the input as given, the sentence that says why (`reason`, a
/// message `{id, args}`) and, in a game, the ply and the move.
pub fn rules<S: Serializer>(e: &engine::Error, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(None)?;
    map.serialize_entry("kind", e.kind().name())?;
    map.serialize_entry("input", e.input())?;
    map.serialize_entry("reason", &crate::convert::message(&e.said()))?;
    if let Some(ply) = e.ply() {
        map.serialize_entry("ply", &ply)?;
    }
    if let Some(played) = e.played() {
        map.serialize_entry("move", played)?;
    }
    map.end()
}

/// A failure inside the server: logged in full where it happened, told without internals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("{}", english(self))]
#[serde(tag = "kind", rename = "internal")]
pub struct Internal {
    /// What could not be done, as the id of its message in the catalogs (`doing-*`:
    /// `doing-store-your-move` says "store your move"); on the wire, that message.
    #[serde(serialize_with = "doing")]
    pub context: &'static str,
}

impl Internal {
    /// The failure `e` while trying to do `context` (a `doing-*` message), logged here.
    pub fn new(context: &'static str, e: impl std::fmt::Display) -> Internal {
        let doing = protocol::i18n::english(&protocol::Message::new(context));
        tracing::error!(error = %e, "{doing}");
        Internal { context }
    }
}

/// What could not be done, as its message `{id, args}`.
fn doing<S: Serializer>(context: &&'static str, s: S) -> Result<S::Ok, S::Error> {
    protocol::Message::new(*context).serialize(s)
}

/// Turns any failure into an [`Internal`] error naming what could not be done.
pub trait Context<T> {
    /// The value, or an [`Internal`] error saying the server could not do `context` (the id
    /// of a `doing-*` message).
    fn context(self, context: &'static str) -> Result<T, Internal>;
}

impl<T, E: std::fmt::Display> Context<T> for Result<T, E> {
    fn context(self, context: &'static str) -> Result<T, Internal> {
        self.map_err(|e| Internal::new(context, e))
    }
}

/// Serializes a value by its `Display` form, for details whose type is not `Serialize`.
pub fn shown<T: std::fmt::Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}
