//! The pieces of the corner family and how each one moves: the four the papers study, by
//! name, and any other by its moves in Betza's notation ([`Betza`]).

use std::fmt;

use super::Betza;
use crate::Said;

/// Which piece walks to the corner; each name is the game's name on every interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// Any distance left, down or diagonally (Wythoff's game).
    Queen,
    /// Any distance left or down (two-pile Nim).
    Rook,
    /// Any distance diagonally, or one step left or down (shogi dragon horse).
    Horse,
    /// Any distance left or down, or one diagonal step (shogi dragon king).
    Dragon,
    /// Any other piece, by its moves (never the moves of one of the four above: see
    /// [`Piece::defined`]).
    Defined(Betza),
}

impl Piece {
    /// All four, in a stable order.
    pub const ALL: [Piece; 4] = [Piece::Queen, Piece::Rook, Piece::Horse, Piece::Dragon];

    /// The game name: `queen`, `rook`, `horse`, `dragon`; `corner` for a defined piece
    /// (whose moves [`Piece::betza`] gives).
    pub fn name(self) -> &'static str {
        match self {
            Piece::Queen => "queen",
            Piece::Rook => "rook",
            Piece::Horse => "horse",
            Piece::Dragon => "dragon",
            Piece::Defined(_) => "corner",
        }
    }

    /// The piece with these moves: one of the four named ones when it moves as they do
    /// (`RB` is the queen, `R` the rook, `BW` the dragon horse, `RF` the dragon king), so that
    /// one game has one name and one table.
    pub fn defined(moves: Betza) -> Piece {
        Piece::ALL
            .into_iter()
            .find(|p| p.betza() == moves)
            .unwrap_or(Piece::Defined(moves))
    }

    /// Reads a piece in Betza's notation (`RN`, `RB`), see [`Betza::parse`].
    pub fn parse_betza(text: &str) -> Result<Piece, crate::Error> {
        Betza::parse(text).map(Piece::defined)
    }

    /// Its moves in Betza's notation: `RB` for the queen.
    pub fn betza(self) -> Betza {
        let spelled = match self {
            Piece::Queen => "RB",
            Piece::Rook => "R",
            Piece::Horse => "BW",
            Piece::Dragon => "RF",
            Piece::Defined(moves) => return moves,
        };
        Betza::parse(spelled).expect("the four pieces' spellings are valid")
    }

    /// Parses a game name.
    pub fn from_name(name: &str) -> Option<Piece> {
        Piece::ALL.into_iter().find(|p| p.name() == name)
    }

    /// True if the piece slides any distance along rows and columns.
    pub(crate) fn slides_straight(self) -> bool {
        matches!(self, Piece::Queen | Piece::Rook | Piece::Dragon)
    }

    /// True if the piece slides any distance along the diagonal.
    pub(crate) fn slides_diagonally(self) -> bool {
        matches!(self, Piece::Queen | Piece::Horse)
    }

    /// Whether the piece may go from (x, y) to (u, v). Both squares are on the board.
    pub fn can_move(self, (x, y): (u64, u64), (u, v): (u64, u64)) -> bool {
        if u > x || v > y || (u, v) == (x, y) {
            return false;
        }
        let straight = u == x || v == y;
        let diagonal = x - u == y - v;
        let step = x - u <= 1 && y - v <= 1;
        match self {
            Piece::Queen => straight || diagonal,
            Piece::Rook => straight,
            Piece::Horse => diagonal || (straight && step),
            Piece::Dragon => straight || (diagonal && step),
            Piece::Defined(moves) => moves.can_move((x, y), (u, v)),
        }
    }

    /// The piece's name, as a message: `game-queen`; `game-piece` with a defined piece's moves.
    pub fn said(self) -> Said {
        Said::new(match self {
            Piece::Queen => "game-queen",
            Piece::Rook => "game-rook",
            Piece::Horse => "game-horse",
            Piece::Dragon => "game-dragon",
            Piece::Defined(moves) => return Said::new("game-piece").text("piece", moves),
        })
    }

    /// The rule in words, for error messages (`rule-moves-queen`: the queen moves only left,
    /// down or diagonally toward the corner).
    pub(crate) fn rule(self) -> Said {
        Said::new(match self {
            Piece::Queen => "rule-moves-queen",
            Piece::Rook => "rule-moves-rook",
            Piece::Horse => "rule-moves-horse",
            Piece::Dragon => "rule-moves-dragon",
            Piece::Defined(moves) => {
                return Said::new("rule-moves-defined").text("piece", moves);
            }
        })
    }

    /// Whether the piece has a move from (x, y).
    pub(crate) fn has_move(self, x: u64, y: u64) -> bool {
        match self {
            Piece::Defined(moves) => moves.moves_from(x, y).next().is_some(),
            named => named.move_count(x, y) > 0,
        }
    }

    /// Number of moves from (x, y).
    pub(crate) fn move_count(self, x: u64, y: u64) -> u64 {
        let m = x.min(y);
        let near = u64::from(x > 0) + u64::from(y > 0);
        match self {
            Piece::Queen => x + y + m,
            Piece::Rook => x + y,
            Piece::Horse => m + near,
            Piece::Dragon => x + y + u64::from(m > 0),
            Piece::Defined(moves) => moves.move_count(x, y),
        }
    }
}

impl fmt::Display for Piece {
    /// Its name, or its moves for a defined piece (`RN`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Piece::Defined(moves) => write!(f, "{moves}"),
            named => f.write_str(named.name()),
        }
    }
}
