//! Why a record was refused: where in the text, or at which ply, and what is wrong.

/// Why a game record could not be read or does not hold up.
///
/// Messages are lowercase without a final period and say where the problem is: a line and
/// column of the text, a tag, or a ply.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The text cannot be read: a malformed tag line, a stray token, a wrong move number, an
    /// unterminated comment, a missing result.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A tag whose value this format does not allow, or a required tag that is missing.
    #[error("{}[{tag}]: {message}", line_prefix(*.line))]
    Tag {
        /// The tag's line, when read from text.
        line: Option<usize>,
        /// The tag name (`Game`, `Size`, ...).
        tag: String,
        /// What is wrong.
        message: String,
    },
    /// A move that cannot be read or that the rules forbid.
    #[error("ply {ply} (`{notation}`): {}", crate::failure::rules_english(.error))]
    Move {
        /// 1 for the first move.
        ply: u32,
        /// The move as written.
        notation: String,
        /// The rule it breaks.
        error: Box<engine::Error>,
    },
    /// The result (or termination) contradicts the board.
    #[error("result: {0}")]
    Result(String),
    /// The JSON form could not be read.
    #[error("json: {0}")]
    Json(String),
}

fn line_prefix(line: Option<usize>) -> String {
    line.map(|l| format!("line {l}: ")).unwrap_or_default()
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

    pub(crate) fn syntax(line: usize, column: usize, message: impl Into<String>) -> RecordError {
        RecordError::Syntax {
            line,
            column,
            message: message.into(),
        }
    }

    pub(crate) fn tag(line: Option<usize>, tag: &str, message: impl Into<String>) -> RecordError {
        RecordError::Tag {
            line,
            tag: tag.to_owned(),
            message: message.into(),
        }
    }
}
