//! Chocolate moves — shorten the strip, break the staircase horizontally or vertically — with
//! their notation `x=U`, `y=V`, `z=W` and the rules of play.

use std::fmt;

use crate::chocolate::position::read_three;
use crate::chocolate::Position;
use crate::error::{illegal, notation, Error};
use crate::Said;

/// One break; each carries the coordinate left after the cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Shorten the strip to `u < x` squares: {u, y, z}.
    Strip(u64),
    /// Break the staircase horizontally, keeping `v < y` rows above the poison: {x, v, z}.
    Horizontal(u64),
    /// Break the staircase vertically, keeping `w < z` columns right of the poison:
    /// {x, min(y, f(w)), w} (f(w) = ⌊w/k⌋ for step k), so the cut may lower the stair
    /// (k = 0: {x, y, w}).
    Vertical(u64),
}

impl fmt::Display for Move {
    /// Canonical notation: the coordinate after the cut, `x=U`, `y=V` or `z=W`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Strip(u) => write!(f, "x={u}"),
            Move::Horizontal(v) => write!(f, "y={v}"),
            Move::Vertical(w) => write!(f, "z={w}"),
        }
    }
}

impl Position {
    /// Checks `m` against the rules, naming the one it breaks.
    fn check(&self, m: &Move) -> Result<(), Error> {
        let (id, now, after) = match *m {
            Move::Strip(u) => ("rule-bar-strip", self.x(), u),
            Move::Horizontal(v) => ("rule-bar-horizontal", self.y(), v),
            Move::Vertical(w) => ("rule-bar-vertical", self.z(), w),
        };
        if after >= now {
            return Err(illegal(
                m.to_string(),
                Said::new(id).text("now", now).text("move", m),
            ));
        }
        Ok(())
    }

    /// The position after `m`, which the caller has checked.
    fn after(&self, m: &Move) -> Position {
        let (x, y, z) = (self.x(), self.y(), self.z());
        match *m {
            Move::Strip(u) => self.with(u, y, z),
            Move::Horizontal(v) => self.with(x, v, z),
            Move::Vertical(w) => self.with(x, y.min(self.edge().height(w)), w),
        }
    }

    /// Reads `x=U`, `y=V` or `z=W`.
    fn parse_cut(&self, text: &str, letter: &str, value: &str) -> Result<Move, Error> {
        let unreadable = || notation(text, Said::new("rule-bar-move-unread").text("move", text));
        let value: u64 = value.trim().parse().map_err(|_| unreadable())?;
        let m = match letter.trim() {
            "x" | "X" => Move::Strip(value),
            "y" | "Y" => Move::Horizontal(value),
            "z" | "Z" => Move::Vertical(value),
            _ => return Err(unreadable()),
        };
        self.check(&m).map_err(|e| e.with_input(text))?;
        Ok(m)
    }

    /// Reads the position after the move, such as `1,2,3`, and finds the break that leaves it.
    fn parse_result(&self, text: &str) -> Result<Move, Error> {
        let [a, b, c] = read_three(text)
            .map_err(|_| notation(text, Said::new("rule-bar-move-unread").text("move", text)))?;
        let (x, y, z) = (self.x(), self.y(), self.z());
        let shown = format!("{a},{b},{c}");
        let m = if (a, b, c) == (x, y, z) {
            return Err(illegal(
                text,
                Said::new("rule-bar-same").text("position", &shown),
            ));
        } else if a != x {
            if (b, c) != (y, z) {
                return Err(illegal(
                    text,
                    Said::new("rule-bar-two-breaks")
                        .text("from", self)
                        .text("to", &shown),
                ));
            }
            Move::Strip(a)
        } else if c == z {
            Move::Horizontal(b)
        } else {
            Move::Vertical(c)
        };
        self.check(&m).map_err(|e| e.with_input(text))?;
        let expected = self.after(&m);
        if expected.y() != b {
            let reason = match self.edge().k() {
                Some(0) => Said::new("rule-bar-keeps-y").text("y", y).text("z", c),
                _ => Said::new("rule-bar-leaves-y")
                    .text("y", y)
                    .text("top", self.edge().written_at(c))
                    .text("z", c)
                    .text("left", expected.y()),
            };
            return Err(illegal(text, reason.text("given", b)));
        }
        Ok(m)
    }
}

impl crate::Position for Position {
    type Move = Move;

    /// Strip cuts, then horizontal, then vertical breaks, each shortest first.
    fn legal_moves(&self) -> Vec<Move> {
        (0..self.x())
            .map(Move::Strip)
            .chain((0..self.y()).map(Move::Horizontal))
            .chain((0..self.z()).map(Move::Vertical))
            .collect()
    }

    fn move_count(&self) -> u64 {
        // Each coordinate is at most MAX_LEN, so the sum is far below u64::MAX.
        self.x().saturating_add(self.y()).saturating_add(self.z())
    }

    fn play(&self, m: &Move) -> Result<Position, Error> {
        self.check(m)?;
        Ok(self.after(m))
    }

    /// Accepts `x=U`, `y=V`, `z=W` (the coordinate left after the cut) or the position after
    /// the move, such as `1,2,3`.
    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let trimmed = text.trim();
        match trimmed.split_once('=') {
            Some((letter, value)) => self.parse_cut(trimmed, letter, value),
            None => self.parse_result(trimmed),
        }
        .map_err(|e| e.with_input(text))
    }
}
