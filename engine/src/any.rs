//! One position type for all eight games, so that servers and clients handle games by name.

use std::fmt;

use crate::error::illegal;
use crate::variant::{GameKind, Variant};
use crate::{chocolate, corner, heap, lgame, nim, sum, Error, Position, Said};

/// A position of any of the games.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AnyPosition {
    /// queen, rook, horse, dragon.
    Corner(corner::Position),
    /// nim.
    Nim(nim::Position),
    /// heap: a heap game with its rule.
    Heap(heap::Position),
    /// chocolate.
    Chocolate(chocolate::Position),
    /// lgame.
    LGame(lgame::Position),
    /// sum: impartial games side by side.
    Sum(sum::Position),
}

/// A move of any of the games.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AnyMove {
    /// A corner move.
    Corner(corner::Move),
    /// A Nim move.
    Nim(nim::Move),
    /// A heap game's move.
    Heap(heap::Move),
    /// A chocolate break.
    Chocolate(chocolate::Move),
    /// An L-game turn.
    LGame(lgame::Move),
    /// A move in one component of a sum.
    Sum(sum::Move),
}

impl AnyPosition {
    /// The game and its parameters.
    pub fn variant(&self) -> Variant {
        match self {
            AnyPosition::Corner(p) => Variant::Corner {
                piece: p.piece(),
                size: p.size(),
            },
            AnyPosition::Nim(_) => Variant::Nim,
            AnyPosition::Heap(p) => Variant::Heap { rule: p.rule() },
            AnyPosition::Chocolate(p) => Variant::Chocolate { edge: p.edge() },
            AnyPosition::LGame(_) => Variant::LGame,
            AnyPosition::Sum(_) => Variant::Sum,
        }
    }

    /// The game name.
    pub fn kind(&self) -> GameKind {
        self.variant().kind()
    }

    /// Reads a move typed by a person and plays it: the move in canonical notation and the
    /// new position, or the error naming what is wrong. `self` is untouched.
    pub fn play_text(&self, text: &str) -> Result<(AnyMove, AnyPosition), Error> {
        let m = self.parse_move(text)?;
        let next = self.play(&m).map_err(|e| e.with_input(text))?;
        Ok((m, next))
    }

    /// The L-game's side to move (`None` for impartial games, where seats alternate).
    pub fn lgame_to_move(&self) -> Option<lgame::Color> {
        match self {
            AnyPosition::LGame(p) => Some(p.to_move()),
            _ => None,
        }
    }
}

impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyPosition::Corner(p) => p.fmt(f),
            AnyPosition::Nim(p) => p.fmt(f),
            AnyPosition::Heap(p) => p.fmt(f),
            AnyPosition::Chocolate(p) => p.fmt(f),
            AnyPosition::LGame(p) => p.fmt(f),
            AnyPosition::Sum(p) => p.fmt(f),
        }
    }
}

impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyMove::Corner(m) => m.fmt(f),
            AnyMove::Nim(m) => m.fmt(f),
            AnyMove::Heap(m) => m.fmt(f),
            AnyMove::Chocolate(m) => m.fmt(f),
            AnyMove::LGame(m) => m.fmt(f),
            AnyMove::Sum(m) => m.fmt(f),
        }
    }
}

/// Applies `$body` to the inner position, wrapping moves of the matching kind.
macro_rules! each {
    ($self:expr, $p:ident => $body:expr) => {
        match $self {
            AnyPosition::Corner($p) => $body,
            AnyPosition::Nim($p) => $body,
            AnyPosition::Heap($p) => $body,
            AnyPosition::Chocolate($p) => $body,
            AnyPosition::LGame($p) => $body,
            AnyPosition::Sum($p) => $body,
        }
    };
}

impl Position for AnyPosition {
    type Move = AnyMove;

    fn legal_moves(&self) -> Vec<AnyMove> {
        match self {
            AnyPosition::Corner(p) => p.legal_moves().into_iter().map(AnyMove::Corner).collect(),
            AnyPosition::Nim(p) => p.legal_moves().into_iter().map(AnyMove::Nim).collect(),
            AnyPosition::Heap(p) => p.legal_moves().into_iter().map(AnyMove::Heap).collect(),
            AnyPosition::Chocolate(p) => p
                .legal_moves()
                .into_iter()
                .map(AnyMove::Chocolate)
                .collect(),
            AnyPosition::LGame(p) => p.legal_moves().into_iter().map(AnyMove::LGame).collect(),
            AnyPosition::Sum(p) => p.legal_moves().into_iter().map(AnyMove::Sum).collect(),
        }
    }

    fn move_count(&self) -> u64 {
        each!(self, p => p.move_count())
    }

    fn play(&self, m: &AnyMove) -> Result<AnyPosition, Error> {
        match (self, m) {
            (AnyPosition::Corner(p), AnyMove::Corner(m)) => p.play(m).map(AnyPosition::Corner),
            (AnyPosition::Nim(p), AnyMove::Nim(m)) => p.play(m).map(AnyPosition::Nim),
            (AnyPosition::Heap(p), AnyMove::Heap(m)) => p.play(m).map(AnyPosition::Heap),
            (AnyPosition::Chocolate(p), AnyMove::Chocolate(m)) => {
                p.play(m).map(AnyPosition::Chocolate)
            }
            (AnyPosition::LGame(p), AnyMove::LGame(m)) => p.play(m).map(AnyPosition::LGame),
            (AnyPosition::Sum(p), AnyMove::Sum(m)) => p.play(m).map(AnyPosition::Sum),
            _ => Err(illegal(
                m.to_string(),
                Said::new("rule-move-of-another-game")
                    .text("move", m)
                    .with("game", self.kind().said()),
            )),
        }
    }

    fn parse_move(&self, text: &str) -> Result<AnyMove, Error> {
        Ok(match self {
            AnyPosition::Corner(p) => AnyMove::Corner(p.parse_move(text)?),
            AnyPosition::Nim(p) => AnyMove::Nim(p.parse_move(text)?),
            AnyPosition::Heap(p) => AnyMove::Heap(p.parse_move(text)?),
            AnyPosition::Chocolate(p) => AnyMove::Chocolate(p.parse_move(text)?),
            AnyPosition::LGame(p) => AnyMove::LGame(p.parse_move(text)?),
            AnyPosition::Sum(p) => AnyMove::Sum(p.parse_move(text)?),
        })
    }

    fn is_terminal(&self) -> bool {
        each!(self, p => p.is_terminal())
    }
}
