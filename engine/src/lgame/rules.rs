//! The rules of a turn: move your L to a different placement where it fits, then perhaps
//! move one neutral to an empty square. Every refusal names the rule it breaks.

use std::fmt;

use super::board::{Placement, Square};
use super::position::Position;
use crate::error::illegal;
use crate::{Error, Said};

/// One turn: the L's new placement and, optionally, a neutral moved `(from, to)`.
///
/// `Display` writes the canonical notation: the L's squares in name order, then a space and
/// the neutral move, as in `a2a3b3c3 d4-b1`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// Where the mover's L goes.
    pub to: Placement,
    /// The neutral moved after the L, from a square to another, if any.
    pub neutral: Option<(Square, Square)>,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to)?;
        if let Some((from, to)) = self.neutral {
            write!(f, " {from}-{to}")?;
        }
        Ok(())
    }
}

impl Position {
    /// Every placement the mover's L can move to: different from where it stands and clear
    /// of the opponent's L and the neutrals. The game is over when there is none.
    pub fn l_destinations(&self) -> impl Iterator<Item = Placement> {
        let mine = self.l(self.to_move());
        let blocked = self.blocked();
        Placement::all().filter(move |&p| p != mine && p.mask() & blocked == 0)
    }

    /// The squares the mover's L may not use: the opponent's L and the neutrals.
    fn blocked(&self) -> u16 {
        let [a, b] = self.neutrals();
        self.l(self.to_move().other()).mask() | a.bit() | b.bit()
    }

    /// Checks `m` against the rules and returns the pieces after it, or the broken rule.
    fn apply(&self, m: &Move) -> Result<Position, Error> {
        let me = self.to_move();
        let opp = me.other();
        let theirs = self.l(opp);
        if m.to == self.l(me) {
            return Err(illegal(
                m.to_string(),
                Said::new("rule-l-same-placement")
                    .text("squares", m.to)
                    .with("me", me.said()),
            ));
        }
        for s in m.to.squares() {
            if theirs.covers(s) {
                return Err(illegal(
                    m.to_string(),
                    Said::new("rule-l-on-other-l")
                        .text("square", s)
                        .with("opponent", opp.said()),
                ));
            }
            if self.neutrals().contains(&s) {
                return Err(illegal(
                    m.to_string(),
                    Said::new("rule-l-on-neutral").text("square", s),
                ));
            }
        }
        let mut neutrals = self.neutrals();
        if let Some((from, to)) = m.neutral {
            let Some(k) = neutrals.iter().position(|&n| n == from) else {
                return Err(illegal(
                    m.to_string(),
                    Said::new("rule-l-no-neutral").text("square", from),
                ));
            };
            if to == from {
                return Err(illegal(
                    m.to_string(),
                    Said::new("rule-l-neutral-stays").text("square", from),
                ));
            }
            let blocker = if m.to.covers(to) {
                Some(Said::new("rule-l-under-l").with("color", me.said()))
            } else if theirs.covers(to) {
                Some(Said::new("rule-l-under-l").with("color", opp.said()))
            } else if neutrals.contains(&to) {
                Some(Said::new("rule-l-other-neutral"))
            } else {
                None
            };
            if let Some(why) = blocker {
                return Err(illegal(
                    m.to_string(),
                    Said::new("rule-l-neutral-blocked")
                        .text("square", to)
                        .with("why", why),
                ));
            }
            neutrals[k] = to;
        }
        let (red, blue) = match me {
            super::Color::Red => (m.to, theirs),
            super::Color::Blue => (theirs, m.to),
        };
        Position::new(red, blue, neutrals, opp)
    }
}

impl crate::Position for Position {
    type Move = Move;

    /// By L placement in index order; for each, first the move without a neutral, then the
    /// lower neutral's moves and then the higher one's, each to the empty squares in order.
    fn legal_moves(&self) -> Vec<Move> {
        let theirs = self.l(self.to_move().other()).mask();
        let [a, b] = self.neutrals();
        let mut moves = Vec::with_capacity(self.move_count() as usize);
        for to in self.l_destinations() {
            moves.push(Move { to, neutral: None });
            let occupied = to.mask() | theirs | a.bit() | b.bit();
            for from in [a, b] {
                for target in Square::all().filter(|s| occupied & s.bit() == 0) {
                    moves.push(Move {
                        to,
                        neutral: Some((from, target)),
                    });
                }
            }
        }
        moves
    }

    /// Each L move leaves 6 empty squares, so it comes with 1 + 2 · 6 = 13 full moves.
    fn move_count(&self) -> u64 {
        let empty_after = Square::COUNT as u64 - 4 - 4 - 2;
        self.l_destinations().count() as u64 * (1 + 2 * empty_after)
    }

    fn play(&self, m: &Move) -> Result<Position, Error> {
        self.apply(m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        super::notation::parse_move(self, text).map_err(|e| e.with_input(text))
    }

    fn is_terminal(&self) -> bool {
        self.l_destinations().next().is_none()
    }
}
