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

    /// The same message with argument `name` set to `value` as text (notation, a number).
    pub fn text(self, name: &'static str, value: impl std::fmt::Display) -> Said {
        self.with(name, Arg::Text(value.to_string()))
    }

    /// The argument `name`, when it has one.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
    }
}

/// A message in a form for logs and developers, not for readers: its id and its arguments,
/// `rule-nim-take-too-many(pile: 2, stones: 4, take: 5)`. A reader is told a message in words
/// by the catalogs (`protocol::i18n`).
impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)?;
        if self.args.is_empty() {
            return Ok(());
        }
        f.write_str("(")?;
        for (i, (name, arg)) in self.args.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            match arg {
                Arg::Text(text) => write!(f, "{name}: {text}")?,
                Arg::Count(n) => write!(f, "{name}: {n}")?,
                Arg::Said(inner) => write!(f, "{name}: {inner}")?,
            }
        }
        f.write_str(")")
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

/// Messages said in English, for the engine's tests of their words.
#[cfg(test)]
#[path = "../tests/english/mod.rs"]
pub(crate) mod english;
