//! A sentence as data on the wire: a message of the catalogs (`crate::i18n`) with its
//! arguments, which each client says in its reader's language. Where the server gives one
//! (a grade's `explanation_message`), the English text beside it is the same message said
//! in English, for clients that do not read catalogs.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A message and its arguments: `{"id": "grade-wins", "args": {"move": "3,3"}}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Message {
    /// The message's id in the catalogs.
    pub id: String,
    /// Its arguments by name (none: left out).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub args: BTreeMap<String, MessageArg>,
}

/// An argument of a message: text said as it is (notation, numbers), a count (said in the
/// singular or plural as the language wants), or another message, said first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(untagged)]
pub enum MessageArg {
    /// Text said as it is.
    Text(String),
    /// A count.
    Count(u64),
    /// Another message.
    Message(Message),
}

impl Message {
    /// Message `id` with no arguments.
    pub fn new(id: impl Into<String>) -> Message {
        Message {
            id: id.into(),
            args: BTreeMap::new(),
        }
    }

    /// The same message with argument `name` set to `value`.
    pub fn with(mut self, name: impl Into<String>, value: MessageArg) -> Message {
        self.args.insert(name.into(), value);
        self
    }

    /// The same message with argument `name` set to `text`, said as it is.
    pub fn text(self, name: impl Into<String>, text: impl Into<String>) -> Message {
        self.with(name, MessageArg::Text(text.into()))
    }

    /// The same message with argument `name` set to the count `n`.
    pub fn count(self, name: impl Into<String>, n: u64) -> Message {
        self.with(name, MessageArg::Count(n))
    }
}
