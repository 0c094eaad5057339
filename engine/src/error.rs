//! The one error type of the engine: every error says what kind of input was refused, which
//! input it was, and what is wrong with it under which rule.

use std::fmt;

use crate::Said;

/// What kind of input was refused: the part of a request a caller should correct.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ErrorKind {
    /// A game parameter (board size, step, number of piles) is out of range.
    Params,
    /// A position is malformed or impossible under the rules.
    Position,
    /// A move could not be read.
    Notation,
    /// A move was read but the rules forbid it from this position.
    Illegal,
    /// An answer would need more work than the caller allowed.
    TooLarge,
}

impl ErrorKind {
    /// All five kinds.
    pub const ALL: [ErrorKind; 5] = [
        ErrorKind::Params,
        ErrorKind::Position,
        ErrorKind::Notation,
        ErrorKind::Illegal,
        ErrorKind::TooLarge,
    ];

    /// The kind's stable snake_case name: `params`, `position`, `notation`, `illegal` or
    /// `too_large`. (A server says each in its own protocol's words.)
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Params => "params",
            ErrorKind::Position => "position",
            ErrorKind::Notation => "notation",
            ErrorKind::Illegal => "illegal",
            ErrorKind::TooLarge => "too_large",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a parameter, a position or a move was refused.
///
/// An error keeps its parts apart so that a caller can match on them: the [kind](Error::kind),
/// the [input](Error::input) that was refused as it was given (a position or a move as typed,
/// a parameter such as `size 1`), and the [reason](Error::reason): what is wrong and which
/// rule says so, as a message of the catalogs ([`Said`], `rule-*`) naming the offending
/// input, such as `rule-square-off` (`square 12,3 is off the 11×11 board`). The engine holds no
/// words: each client says the reason in its reader's language. A game review adds the
/// [ply](Error::ply) of the move at fault; [`said`](Error::said) is the whole sentence.
///
/// `Display` prints the sentence's message in a form for logs (`rule-square-off(square:
/// 12,3, …)`), not for readers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    input: String,
    reason: Said,
    ply: Option<Ply>,
}

/// Where in a game an error happened: the ply and, when it is about a move, the move as given.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Ply {
    number: u32,
    played: Option<String>,
}

impl Error {
    /// An error of `kind` refusing `input` (as given) for `reason`.
    pub fn new(kind: ErrorKind, input: impl Into<String>, reason: Said) -> Error {
        Error {
            kind,
            input: input.into(),
            reason,
            ply: None,
        }
    }

    /// What kind of input was refused.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The refused input as it was given: a position or a move as typed, or a parameter with
    /// its name (`size 1`, `k 1001`).
    pub fn input(&self) -> &str {
        &self.input
    }

    /// What is wrong and which rule says so, without the ply.
    pub fn reason(&self) -> &Said {
        &self.reason
    }

    /// The whole sentence: the reason, after the ply and the move when the error has a ply
    /// (`rule-at-ply-move`: ``ply 3 (`2:5`): …``; `rule-at-ply`: `ply 3: …`).
    pub fn said(&self) -> Said {
        match &self.ply {
            Some(Ply {
                number,
                played: Some(played),
            }) => Said::new("rule-at-ply-move")
                .text("ply", number)
                .text("move", played)
                .with("reason", self.reason.clone()),
            Some(Ply {
                number,
                played: None,
            }) => Said::new("rule-at-ply")
                .text("ply", number)
                .with("reason", self.reason.clone()),
            None => self.reason.clone(),
        }
    }

    /// The same error, at ply `ply` (1 for a game's first move) of a game; `played` is the
    /// move as given when the error is about that move.
    pub fn at_ply(mut self, ply: u32, played: Option<&str>) -> Error {
        self.ply = Some(Ply {
            number: ply,
            played: played.map(str::to_owned),
        });
        self
    }

    /// The ply of the game where the error happened, if it was found replaying a game.
    pub fn ply(&self) -> Option<u32> {
        self.ply.as_ref().map(|p| p.number)
    }

    /// The move played at [`ply`](Error::ply), as given, when the error is about it.
    pub fn played(&self) -> Option<&str> {
        self.ply.as_ref().and_then(|p| p.played.as_deref())
    }

    /// The same error about `input` instead: for a parser that refuses a text because of a
    /// value it read from it, so that the input is the text as the caller gave it.
    pub(crate) fn with_input(mut self, input: &str) -> Error {
        input.clone_into(&mut self.input);
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.said().fmt(f)
    }
}

impl std::error::Error for Error {}

pub(crate) fn params(input: impl Into<String>, reason: Said) -> Error {
    Error::new(ErrorKind::Params, input, reason)
}
pub(crate) fn position(input: impl Into<String>, reason: Said) -> Error {
    Error::new(ErrorKind::Position, input, reason)
}
pub(crate) fn notation(input: impl Into<String>, reason: Said) -> Error {
    Error::new(ErrorKind::Notation, input, reason)
}
pub(crate) fn illegal(input: impl Into<String>, reason: Said) -> Error {
    Error::new(ErrorKind::Illegal, input, reason)
}
pub(crate) fn too_large(input: impl Into<String>, reason: Said) -> Error {
    Error::new(ErrorKind::TooLarge, input, reason)
}

/// The index of the one numbered `number` (people count from 1) among `count` of them (piles,
/// components), or the illegal-move error `id` naming it: `there is no pile 4: the piles are
/// numbered 1 to 3`.
pub(crate) fn one_based(
    input: &str,
    id: &'static str,
    number: u128,
    count: usize,
) -> Result<usize, Error> {
    number
        .checked_sub(1)
        .and_then(|i| usize::try_from(i).ok())
        .filter(|&i| i < count)
        .ok_or_else(|| {
            illegal(
                input,
                Said::new(id).text("number", number).text("count", count),
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::said::english::english;
    use crate::{chocolate, review, GameKind, Knowledge, Position as _, Variant};

    /// Kind, input and reason (in English) of an error, for comparing all three at once.
    fn parts(e: &Error) -> (ErrorKind, &str, String) {
        (e.kind(), e.input(), english(e.reason()))
    }

    #[test]
    fn parsing_keeps_the_kind_the_input_and_the_reason() {
        let e = Variant::new(GameKind::Queen, Some(1), None).unwrap_err();
        let reason = "board size must be between 2 and 1000000000000000, not 1";
        assert_eq!(parts(&e), (ErrorKind::Params, "size 1", reason.into()));
        assert_eq!(english(&e.said()), reason);
        assert_eq!(
            e.to_string(),
            "rule-board-size(most: 1000000000000000, size: 1)"
        );

        let nim = Variant::new(GameKind::Nim, None, None).unwrap();
        let e = nim.parse_position("3,x").unwrap_err();
        let reason = "`3,x` is not a list of numbers: unexpected `x`; write them separated by \
                      commas, such as 3,4,5";
        assert_eq!(parts(&e), (ErrorKind::Position, "3,x", reason.into()));
        // A value read from the text is refused with the text as given.
        let e = nim.parse_position(" 1,1000000000001").unwrap_err();
        let reason = "pile 2 has 1000000000001 stones; a pile holds at most 1000000000000";
        assert_eq!(
            parts(&e),
            (ErrorKind::Position, " 1,1000000000001", reason.into())
        );

        let queen = Variant::new(GameKind::Queen, Some(11), None).unwrap();
        let e = queen
            .parse_position("5,3")
            .unwrap()
            .parse_move("jump")
            .unwrap_err();
        let reason = "cannot read move \"jump\": give the target square as x,y (for example \
                      4,3), or a direction and distance: l3 (left), d2 (down), ld1 (diagonal)";
        assert_eq!(parts(&e), (ErrorKind::Notation, "jump", reason.into()));

        let start = nim.parse_position("3,4,5").unwrap();
        let e = start.play_text(" 2:5").unwrap_err();
        let reason = "pile 2 has 4 stones; you cannot take 5";
        assert_eq!(parts(&e), (ErrorKind::Illegal, " 2:5", reason.into()));
        let lgame = Variant::new(GameKind::LGame, None, None).unwrap().start();
        let e = lgame.play_text("b2c2d2d3").unwrap_err();
        let reason = "the L cannot cover b2: the blue L is there";
        assert_eq!(parts(&e), (ErrorKind::Illegal, "b2c2d2d3", reason.into()));

        let e = chocolate::Table::solve(1, 10_000).unwrap_err();
        let reason = "a table for step 1 up to z = 10000 would hold 50015001 values; the most \
                      is 33554432";
        assert_eq!(
            parts(&e),
            (ErrorKind::TooLarge, "z_max 10000", reason.into())
        );
        assert_eq!(e.ply(), None);
        assert_eq!(e.played(), None);
    }

    #[test]
    fn a_review_adds_the_ply_and_the_move() {
        let start = Variant::new(GameKind::Nim, None, None)
            .unwrap()
            .parse_position("3,4,5")
            .unwrap();
        let moves = ["1:1".to_owned(), "9:1".to_owned()];
        let e = review(&Knowledge::new(1000), &start, &moves).unwrap_err();
        let reason = "there is no pile 9: the piles are numbered 1 to 3";
        assert_eq!(parts(&e), (ErrorKind::Illegal, "9:1", reason.into()));
        assert_eq!((e.ply(), e.played()), (Some(2), Some("9:1")));
        assert_eq!(english(&e.said()), format!("ply 2 (`9:1`): {reason}"));
        let e = Error::new(ErrorKind::TooLarge, "1,2", Said::new("rule-not-legal")).at_ply(3, None);
        assert_eq!(english(&e.said()), "ply 3: not among the legal moves");
    }

    #[test]
    fn kinds_keep_their_names() {
        let names = ErrorKind::ALL.map(ErrorKind::name);
        assert_eq!(
            names,
            ["params", "position", "notation", "illegal", "too_large"]
        );
    }
}
