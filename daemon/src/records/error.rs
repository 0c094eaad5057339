//! Why a record was refused: where in the text, or at which ply, and what is wrong.

use protocol::{Message, MessageArg};

/// Why a game record could not be read or does not hold up.
///
/// Each says where the problem is — a line and column of the text, a tag, or a ply — and
/// what is wrong, as a message of the catalogs (`record-*`): [`said`](RecordError::said) is
/// the whole sentence, `Display` that sentence in English.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", protocol::i18n::english(&self.said()))]
pub enum RecordError {
    /// The text cannot be read: a malformed tag line, a stray token, a wrong move number, an
    /// unterminated comment, a missing result.
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// What is wrong.
        message: Message,
    },
    /// A tag whose value this format does not allow, or a required tag that is missing.
    Tag {
        /// The tag's line, when read from text.
        line: Option<usize>,
        /// The tag name (`Game`, `Size`, ...).
        tag: String,
        /// What is wrong.
        message: Message,
    },
    /// A move that cannot be read or that the rules forbid.
    Move {
        /// 1 for the first move.
        ply: u32,
        /// The move as written.
        notation: String,
        /// The rule it breaks.
        error: Box<engine::Error>,
    },
    /// The result (or termination) contradicts the board.
    Result(Message),
    /// The JSON form could not be read.
    Json(Message),
}

impl RecordError {
    /// A stable snake_case code: `bad_syntax`, `bad_tag`, `bad_notation` (a move that cannot
    /// be read) or `illegal_move` (one the rules forbid), `wrong_result` or `bad_json`.
    pub fn code(&self) -> &'static str {
        match self {
            RecordError::Syntax { .. } => "bad_syntax",
            RecordError::Tag { .. } => "bad_tag",
            RecordError::Move { error, .. } => match error.kind() {
                engine::ErrorKind::Notation => "bad_notation",
                _ => "illegal_move",
            },
            RecordError::Result(_) => "wrong_result",
            RecordError::Json(_) => "bad_json",
        }
    }

    /// The whole sentence: where, and what is wrong (`record-syntax`: line 3, column 5: …).
    pub fn said(&self) -> Message {
        let nested = |m: &Message| MessageArg::Message(m.clone());
        match self {
            RecordError::Syntax {
                line,
                column,
                message,
            } => Message::new("record-syntax")
                .text("line", line.to_string())
                .text("column", column.to_string())
                .with("reason", nested(message)),
            RecordError::Tag { line, tag, message } => {
                let m = match line {
                    Some(line) => Message::new("record-tag-line").text("line", line.to_string()),
                    None => Message::new("record-tag"),
                };
                m.text("tag", tag).with("reason", nested(message))
            }
            RecordError::Move {
                ply,
                notation,
                error,
            } => Message::new("record-move")
                .text("ply", ply.to_string())
                .text("move", notation)
                .with("reason", nested(&crate::convert::message(&error.said()))),
            RecordError::Result(m) => Message::new("record-result").with("reason", nested(m)),
            RecordError::Json(m) => Message::new("record-json").with("reason", nested(m)),
        }
    }

    pub(crate) fn syntax(line: usize, column: usize, message: Message) -> RecordError {
        RecordError::Syntax {
            line,
            column,
            message,
        }
    }

    pub(crate) fn tag(line: Option<usize>, tag: &str, message: Message) -> RecordError {
        RecordError::Tag {
            line,
            tag: tag.to_owned(),
            message,
        }
    }
}
