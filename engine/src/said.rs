//! Sentences as data: a message of the clients' catalogs (its id) with its arguments, which
//! each client says in its reader's language. The engine gives its reasons this way (a
//! grade's explanation); the words themselves are in the catalogs (`protocol/i18n/`).

/// A message and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    /// The message's id in the catalogs (`grade-p-position`).
    pub id: &'static str,
    /// Its arguments by name, in the order given.
    pub args: Vec<(&'static str, Arg)>,
}

/// An argument of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// Text said as it is: notation, a list of moves or numbers.
    Text(String),
    /// A count, which a language may say in the singular or plural.
    Count(u64),
    /// Another message, said first.
    Said(Said),
}

impl Said {
    /// Message `id`, with no arguments yet.
    pub fn new(id: &'static str) -> Said {
        Said {
            id,
            args: Vec::new(),
        }
    }

    /// The same message with argument `name` set to `value`.
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Said {
        self.args.push((name, value.into()));
        self
    }

    /// The argument `name`, when it has one.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<Said> for Arg {
    fn from(said: Said) -> Arg {
        Arg::Said(said)
    }
}
