//! An L-game position: where the two Ls and the two neutrals stand and who moves, valid by
//! construction, with the symmetries that leave its value unchanged.

use super::board::{mask_names, Placement, Square};
use super::index::View;
use super::symmetry::Symmetry;
use super::Color;
use crate::error::position;
use crate::{Error, Said};

/// A valid L-game position: the pieces do not overlap and the neutrals are distinct.
///
/// Build one with [`Position::new`], [`Position::parse`] or [`Position::start`]; the rules
/// are in the [`crate::Position`] impl, the notation in `Display` and `parse`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    red: Placement,
    blue: Placement,
    /// Kept in square order, so that equal positions compare equal.
    neutrals: [Square; 2],
    to_move: Color,
}

impl Position {
    /// A position from its pieces, refused when two pieces share a square.
    pub fn new(
        red: Placement,
        blue: Placement,
        neutrals: [Square; 2],
        to_move: Color,
    ) -> Result<Position, Error> {
        let [a, b] = neutrals;
        let pieces = || format!("red {red}, blue {blue}, neutrals {a} {b}, {to_move} to move");
        let shared = red.mask() & blue.mask();
        if shared != 0 {
            return Err(position(
                pieces(),
                Said::new("rule-l-overlap").text("squares", mask_names(shared)),
            ));
        }
        if a == b {
            return Err(position(
                pieces(),
                Said::new("rule-l-neutrals-together").text("square", a),
            ));
        }
        for n in [a, b] {
            for (color, l) in [(Color::Red, red), (Color::Blue, blue)] {
                if l.covers(n) {
                    return Err(position(
                        pieces(),
                        Said::new("rule-l-neutral-under")
                            .text("square", n)
                            .with("color", color.said()),
                    ));
                }
            }
        }
        Ok(Position {
            red,
            blue,
            neutrals: if a < b { [a, b] } else { [b, a] },
            to_move,
        })
    }

    /// The standard start: red L on a2 a3 b3 c3, blue L on b2 c2 d2 d3, neutrals on a1
    /// and d4, red to move (`...N/RRRB/RBBB/N... r`).
    pub fn start() -> Position {
        let sq = |i| Square::from_u8(i);
        let l = |m: u16| Placement::from_mask(m).unwrap_or(Placement::FIRST);
        // Square index is 4·file + rank: a2 = 1, a3 = 2, b3 = 6, c3 = 10; b2 = 5, c2 = 9,
        // d2 = 13, d3 = 14; a1 = 0, d4 = 15.
        Position {
            red: l(1 << 1 | 1 << 2 | 1 << 6 | 1 << 10),
            blue: l(1 << 5 | 1 << 9 | 1 << 13 | 1 << 14),
            neutrals: [sq(0), sq(15)],
            to_move: Color::Red,
        }
    }

    /// The red L.
    pub fn red(&self) -> Placement {
        self.red
    }

    /// The blue L.
    pub fn blue(&self) -> Placement {
        self.blue
    }

    /// The L of `color`.
    pub fn l(&self, color: Color) -> Placement {
        match color {
            Color::Red => self.red,
            Color::Blue => self.blue,
        }
    }

    /// The two neutral pieces, in square order.
    pub fn neutrals(&self) -> [Square; 2] {
        self.neutrals
    }

    /// The player to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// What stands on `square`: `Some(Some(color))` for an L, `Some(None)` for a neutral,
    /// `None` when it is empty.
    pub fn piece_at(&self, square: Square) -> Option<Option<Color>> {
        if self.red.covers(square) {
            Some(Some(Color::Red))
        } else if self.blue.covers(square) {
            Some(Some(Color::Blue))
        } else if self.neutrals.contains(&square) {
            Some(None)
        } else {
            None
        }
    }

    /// The image of this position under a symmetry of the board; the value is the same.
    pub fn transform(&self, s: Symmetry) -> Position {
        Position::from_view(self.view().transform(s), self.to_move)
    }

    /// The same position with the colours exchanged (red's L becomes blue's and the other
    /// player moves); the value is the same, because only the mover's view matters.
    pub fn swap_colors(&self) -> Position {
        Position {
            red: self.blue,
            blue: self.red,
            neutrals: self.neutrals,
            to_move: self.to_move.other(),
        }
    }

    /// The representative of this position's class under the 8 symmetries and recolouring:
    /// the mover is red, and among the 8 images the one with the least dense index is taken.
    /// Two positions are equivalent exactly when their canonical forms are equal.
    pub fn canonical(&self) -> Position {
        let view = self.view();
        let best = Symmetry::ALL
            .iter()
            .map(|&s| view.transform(s))
            .min_by_key(View::index)
            .unwrap_or(view);
        Position::from_view(best, Color::Red)
    }

    /// The position seen from the player to move.
    pub(crate) fn view(&self) -> View {
        View {
            me: self.l(self.to_move),
            opp: self.l(self.to_move.other()),
            neutrals: self.neutrals,
        }
    }

    /// The position with `to_move` to move whose mover's view is `view` (valid by
    /// construction, since views come from valid positions or the dense numbering).
    pub(crate) fn from_view(view: View, to_move: Color) -> Position {
        let (red, blue) = match to_move {
            Color::Red => (view.me, view.opp),
            Color::Blue => (view.opp, view.me),
        };
        Position {
            red,
            blue,
            neutrals: view.neutrals,
            to_move,
        }
    }
}

impl Default for Position {
    /// The standard start.
    fn default() -> Position {
        Position::start()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::said::english::english;
    use crate::ErrorKind;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap_or(Square::A1)
    }

    fn l(names: [&str; 4]) -> Placement {
        Placement::from_squares(&names.map(sq)).unwrap_or(Placement::FIRST)
    }

    #[test]
    fn start_has_the_pieces_of_the_rules() {
        let p = Position::start();
        assert_eq!(p.red().to_string(), "a2a3b3c3");
        assert_eq!(p.blue().to_string(), "b2c2d2d3");
        assert_eq!(p.neutrals(), [sq("a1"), sq("d4")]);
        assert_eq!(p.to_move(), Color::Red);
        assert_eq!(p.piece_at(sq("b4")), None);
        assert_eq!(p.piece_at(sq("a1")), Some(None));
        assert_eq!(p.piece_at(sq("d3")), Some(Some(Color::Blue)));
    }

    #[test]
    fn new_refuses_overlaps() {
        let red = l(["a2", "a3", "b3", "c3"]);
        let blue = l(["b2", "c2", "d2", "d3"]);
        let ok = Position::new(red, blue, [sq("d4"), sq("a1")], Color::Red);
        assert_eq!(ok, Ok(Position::start()));
        let clash = Position::new(
            red,
            l(["a3", "a4", "b4", "c4"]),
            [sq("a1"), sq("d4")],
            Color::Red,
        );
        assert_eq!(
            clash.map_err(|e| english(&e.said())),
            Err("the red L and the blue L both cover a3; pieces may not overlap".into())
        );
        let same = Position::new(red, blue, [sq("a1"), sq("a1")], Color::Red);
        assert!(matches!(same, Err(e) if e.kind() == ErrorKind::Position));
        let under = Position::new(red, blue, [sq("a1"), sq("c2")], Color::Blue);
        assert_eq!(
            under.map_err(|e| english(&e.said())),
            Err("the neutral on c2 is under the blue L; pieces may not overlap".into())
        );
    }

    #[test]
    fn canonical_is_shared_by_the_class_and_has_red_to_move() {
        let p = Position::start();
        let c = p.canonical();
        assert_eq!(c.to_move(), Color::Red);
        for s in Symmetry::ALL {
            assert_eq!(p.transform(s).canonical(), c);
            assert_eq!(p.transform(s).swap_colors().canonical(), c);
        }
        assert_eq!(c.canonical(), c);
    }
}
