//! A corner position (piece, board size, square) with its rules and notation.

use std::fmt;

use super::Piece;
use crate::error::{illegal, notation, position};
use crate::{Error, Said};

/// Largest board side accepted. Positions stay exact far beyond any table (the formulas use
/// 128-bit integer arithmetic), but a bound keeps every sum and product in range.
pub const MAX_SIZE: u64 = 1_000_000_000_000_000;

/// The piece on square (x, y) of an N×N board; the goal corner is (0, 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    piece: Piece,
    size: u64,
    x: u64,
    y: u64,
}

/// A move: the square the piece goes to. Written like a position, `4,1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Target column.
    pub x: u64,
    /// Target row.
    pub y: u64,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl Position {
    /// The piece on (x, y) of a `size`×`size` board.
    pub fn new(piece: Piece, size: u64, x: u64, y: u64) -> Result<Position, Error> {
        super::check_size(piece, size)?;
        if x >= size || y >= size {
            return Err(position(
                format!("{x},{y}"),
                off_board(format!("{x},{y}"), size),
            ));
        }
        Ok(Position { piece, size, x, y })
    }

    /// Reads `x,y` (also `(x, y)` or `x y`).
    pub fn parse(piece: Piece, size: u64, text: &str) -> Result<Position, Error> {
        let (x, y) = parse_square(text).map_err(|reason| position(text, reason))?;
        super::check_size(piece, size)?;
        Position::new(piece, size, x, y).map_err(|e| e.with_input(text))
    }

    /// Which piece this is.
    pub fn piece(&self) -> Piece {
        self.piece
    }
    /// The side of the board.
    pub fn size(&self) -> u64 {
        self.size
    }
    /// Column.
    pub fn x(&self) -> u64 {
        self.x
    }
    /// Row.
    pub fn y(&self) -> u64 {
        self.y
    }

    fn at(&self, x: u64, y: u64) -> Position {
        Position { x, y, ..*self }
    }

    /// The position after `m`, a move from [`legal_moves`](crate::Position::legal_moves),
    /// without the checks of [`play`](crate::Position::play): for listing every move's
    /// successor, where each check would only repeat the move generator's work.
    pub(crate) fn after_legal(&self, m: &Move) -> Position {
        debug_assert!(
            self.piece.can_move((self.x, self.y), (m.x, m.y)),
            "{self} → {m}"
        );
        self.at(m.x, m.y)
    }
}

/// `square 12,3 is off the 11×11 board`.
fn off_board(square: String, size: u64) -> Said {
    Said::new("rule-square-off")
        .with("square", square)
        .text("size", size)
}

/// Reads two non-negative integers separated by a comma and/or spaces, with optional brackets.
fn parse_square(text: &str) -> Result<(u64, u64), Said> {
    let t = text.trim();
    let inner = t
        .strip_prefix('(')
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or(t);
    let parts: Vec<&str> = inner
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    match parts.as_slice() {
        [a, b] => Ok((number(a)?, number(b)?)),
        _ => Err(Said::new("rule-square-unread").text("quoted", format!("{t:?}"))),
    }
}

fn number(s: &str) -> Result<u64, Said> {
    s.parse::<u64>()
        .map_err(|_| Said::new("rule-not-whole").text("quoted", format!("{s:?}")))
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl crate::Position for Position {
    type Move = Move;

    /// Ascending by target square (x, then y), so the order is stable and easy to read.
    /// Costs O(moves), not O(x·y): each column u < x holds at most three targets (the
    /// row, the diagonal, a single step), and only column x holds more.
    fn legal_moves(&self) -> Vec<Move> {
        let (x, y) = (self.x, self.y);
        let p = self.piece;
        if let Piece::Defined(moves) = p {
            let mut out: Vec<Move> = moves.moves_from(x, y).map(|(x, y)| Move { x, y }).collect();
            out.sort_by_key(|m| (m.x, m.y));
            // Two leaps may reach one square (`R` and `D` two squares down).
            out.dedup();
            return out;
        }
        let mut out = Vec::with_capacity(usize::try_from(self.move_count()).unwrap_or(0));
        // Columns left of x with a target: every one for a piece sliding along the row; for
        // the horse only those its diagonal reaches and the one step left (so the work is its
        // min(x, y) + 2 moves, not x, however far along the row it stands).
        let first = if p.slides_straight() {
            0
        } else {
            x - x.min(y).max(1).min(x)
        };
        for u in first..x {
            let d = x - u;
            // Diagonal, one step down, along the row: ascending in v (d ≥ 1), deduplicated.
            let candidates = [y.checked_sub(d), y.checked_sub(1), Some(y)];
            let mut last = None;
            for v in candidates.into_iter().flatten() {
                if last != Some(v) && p.can_move((x, y), (u, v)) {
                    out.push(Move { x: u, y: v });
                }
                last = Some(v);
            }
        }
        // Column x: every square below for the sliding pieces, one step for the horse.
        let lowest = if p.slides_straight() {
            0
        } else {
            y.saturating_sub(1)
        };
        out.extend((lowest..y).map(|v| Move { x, y: v }));
        out
    }

    fn move_count(&self) -> u64 {
        self.piece.move_count(self.x, self.y)
    }

    /// Without counting: a defined piece's count lists its moves.
    fn is_terminal(&self) -> bool {
        !self.piece.has_move(self.x, self.y)
    }

    fn play(&self, m: &Move) -> Result<Position, Error> {
        if m.x >= self.size || m.y >= self.size {
            return Err(illegal(m.to_string(), off_board(m.to_string(), self.size)));
        }
        if (m.x, m.y) == (self.x, self.y) {
            return Err(illegal(
                m.to_string(),
                Said::new("rule-piece-stays")
                    .with("piece", self.piece.said())
                    .text("square", self),
            ));
        }
        if m.x > self.x || m.y > self.y {
            return Err(illegal(
                m.to_string(),
                Said::new("rule-away-from-corner")
                    .with("rule", self.piece.rule())
                    .text("from", self)
                    .text("to", m),
            ));
        }
        if !self.piece.can_move((self.x, self.y), (m.x, m.y)) {
            return Err(illegal(
                m.to_string(),
                Said::new(match self.piece {
                    Piece::Defined(_) => "rule-not-a-move-of",
                    _ => "rule-not-the-pieces-move",
                })
                .with("rule", self.piece.rule())
                .text("from", self)
                .text("to", m),
            ));
        }
        Ok(self.at(m.x, m.y))
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let t = text.trim().to_ascii_lowercase();
        if let Some((dx, dy)) = parse_direction(text, &t)? {
            if dx > self.x || dy > self.y {
                return Err(illegal(
                    text,
                    Said::new("rule-leaves-board")
                        .text("quoted", format!("{t:?}"))
                        .with("piece", self.piece.said())
                        .text("square", self),
                ));
            }
            return Ok(Move {
                x: self.x - dx,
                y: self.y - dy,
            });
        }
        let (x, y) = parse_square(&t).map_err(|_| {
            notation(
                text,
                Said::new("rule-corner-move-unread")
                    .text("quoted", format!("{text:?}"))
                    .text("example", example_target(self)),
            )
        })?;
        Ok(Move { x, y })
    }
}

fn example_target(p: &Position) -> Move {
    Move {
        x: p.x.saturating_sub(1),
        y: p.y,
    }
}

/// Friendly forms: `l3` / `left 3`, `d2` / `down 2`, `ld1` / `diag 1`. Returns the
/// decrease of (x, y), or `None` when the text is not of this form. `t` is `text` trimmed
/// and in lowercase.
fn parse_direction(text: &str, t: &str) -> Result<Option<(u64, u64)>, Error> {
    let (dir, rest) = match t.find(|c: char| c.is_ascii_digit()) {
        Some(i) if i > 0 => t.split_at(i),
        _ => return Ok(None),
    };
    let delta = match dir.trim() {
        "l" | "left" => (1, 0),
        "d" | "down" => (0, 1),
        "ld" | "dl" | "diag" | "diagonal" => (1, 1),
        _ => return Ok(None),
    };
    let n: u64 = rest.trim().parse().map_err(|_| {
        notation(
            text,
            Said::new("rule-not-a-distance").text("quoted", format!("{rest:?}")),
        )
    })?;
    if n == 0 {
        return Err(illegal(text, Said::new("rule-zero-distance")));
    }
    Ok(Some((delta.0 * n, delta.1 * n)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position as _;

    #[test]
    fn legal_moves_are_every_reachable_square_in_ascending_order() {
        for piece in Piece::ALL {
            for x in 0..14 {
                for y in 0..14 {
                    let p = Position::new(piece, 14, x, y).unwrap();
                    let naive: Vec<Move> = (0..=x)
                        .flat_map(|u| (0..=y).map(move |v| Move { x: u, y: v }))
                        .filter(|m| piece.can_move((x, y), (m.x, m.y)))
                        .collect();
                    assert_eq!(p.legal_moves(), naive, "{piece} {p}");
                    assert_eq!(naive.len() as u64, p.move_count(), "{piece} {p}");
                }
            }
        }
    }

    #[test]
    fn the_horse_far_along_the_row_lists_its_few_moves_at_once() {
        // Before, the horse scanned every column left of it: seconds at 10^9, years at 10^15.
        for (x, y) in [
            (MAX_SIZE - 1, 0),
            (MAX_SIZE - 1, 3),
            (0, MAX_SIZE - 1),
            (3, MAX_SIZE - 1),
        ] {
            let p = Position::new(Piece::Horse, MAX_SIZE, x, y).unwrap();
            let moves = p.legal_moves();
            assert_eq!(moves.len() as u64, p.move_count(), "{p}");
            assert!(moves.len() <= 5, "{p}: {moves:?}");
        }
    }

    #[test]
    fn listing_moves_costs_the_number_of_moves_not_the_area() {
        // Before, listing scanned all (x + 1)·(y + 1) squares: 10^10 here, hours of work.
        let (x, y) = (20_000, 100_000);
        for piece in Piece::ALL {
            let p = Position::new(piece, MAX_SIZE, x, y).unwrap();
            let t = std::time::Instant::now();
            assert_eq!(p.legal_moves().len() as u64, p.move_count(), "{piece}");
            assert!(t.elapsed().as_secs() < 5, "{piece}: {:?}", t.elapsed());
        }
    }
}
