//! The questions an exercise can ask, and the reading of a student's answer to each.

use std::fmt;

use crate::error::{Error, ErrorKind};
use crate::Outcome;

/// What an exercise asks about its position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Question {
    /// Is this a win, a loss or a draw for the player to move?
    Outcome,
    /// What is its Grundy number?
    Grundy,
    /// Find a winning move (or answer `none` when there is none).
    WinningMove,
    /// Find every winning move.
    WinningMoves,
    /// How many moves to the end with best play (the remoteness)?
    Remoteness,
}

impl Question {
    /// Every question.
    pub const ALL: [Question; 5] = [
        Question::Outcome,
        Question::Grundy,
        Question::WinningMove,
        Question::WinningMoves,
        Question::Remoteness,
    ];

    /// The name used on every interface: `outcome`, `grundy`, `winning_move`,
    /// `winning_moves`, `remoteness`.
    pub fn as_str(self) -> &'static str {
        match self {
            Question::Outcome => "outcome",
            Question::Grundy => "grundy",
            Question::WinningMove => "winning_move",
            Question::WinningMoves => "winning_moves",
            Question::Remoteness => "remoteness",
        }
    }

    /// Reads a question's name (a hyphen for the underscore is fine).
    pub fn parse(name: &str) -> Result<Question, Error> {
        let name = name.trim().replace('-', "_");
        Question::ALL
            .into_iter()
            .find(|q| q.as_str() == name)
            .ok_or_else(|| Error::new(ErrorKind::Params, name, crate::Said::new("rule-question")))
    }

    /// The question as a student reads it, with the form of the answer: a message of the
    /// catalogs (`prompt-outcome`, …).
    pub fn prompt(self) -> crate::Said {
        crate::Said::new(match self {
            Question::Outcome => "prompt-outcome",
            Question::Grundy => "prompt-grundy",
            Question::WinningMove => "prompt-winning_move",
            Question::WinningMoves => "prompt-winning_moves",
            Question::Remoteness => "prompt-remoteness",
        })
    }
}

impl Question {
    /// The form of an answer, for a student whose answer could not be read
    /// (`rule-answer-outcome`: answer win, loss or draw).
    pub fn how_to_answer(self) -> crate::Said {
        crate::Said::new(match self {
            Question::Outcome => "rule-answer-outcome",
            Question::Grundy | Question::Remoteness => "rule-answer-number",
            Question::WinningMove => "rule-answer-move",
            Question::WinningMoves => "rule-answer-moves",
        })
    }
}

impl fmt::Display for Question {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An outcome as a student may write it: `win`, `won`, `w`, `N` (an N-position); `loss`,
/// `lost`, `l`, `P`; `draw`, `d`.
pub(super) fn outcome(answer: &str) -> Result<Outcome, Error> {
    let a = answer.trim().to_ascii_lowercase();
    let a = a.strip_suffix("-position").unwrap_or(&a);
    match a {
        "win" | "won" | "w" | "n" => Ok(Outcome::Win),
        "loss" | "lose" | "lost" | "l" | "p" => Ok(Outcome::Loss),
        "draw" | "drawn" | "d" => Ok(Outcome::Draw),
        _ => Err(Error::new(
            ErrorKind::Notation,
            answer,
            crate::Said::new("rule-not-an-outcome").text("answer", answer.trim()),
        )),
    }
}

/// A whole number, the answer to question `id` (`rule-not-a-grundy-number`: "x" is not a
/// Grundy number: …).
pub(super) fn number(answer: &str, id: &'static str) -> Result<u64, Error> {
    answer.trim().parse().map_err(|_| {
        Error::new(
            ErrorKind::Notation,
            answer,
            crate::Said::new(id).text("answer", answer.trim()),
        )
    })
}

/// Moves separated by `;`, or none at all (`none` or `-`).
pub(super) fn moves(answer: &str) -> Result<Vec<&str>, Error> {
    let a = answer.trim();
    if a == "-" || a.eq_ignore_ascii_case("none") {
        return Ok(Vec::new());
    }
    let parts: Vec<&str> = a.split(';').map(str::trim).collect();
    if parts.iter().any(|p| p.is_empty()) {
        return Err(Error::new(
            ErrorKind::Notation,
            answer,
            crate::Said::new("rule-answer-empty-move"),
        ));
    }
    Ok(parts)
}
