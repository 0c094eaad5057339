//! The engine's move in a sum (normal play), without weighing every move: from a won sum the
//! winning moves are found component by component (see [`Knowledge::moves_to`]), however many
//! moves the components have, and the quickest of them is played when the sum's remoteness
//! is searched; from a lost sum the slowest move when it is searched, any move when not.

use crate::any::{AnyMove, AnyPosition};
use crate::corner::Piece;
use crate::error::Error;
use crate::knowledge::Knowledge;
use crate::player::Level;
use crate::sum::search::Solved;
use crate::sum::{Move, Position};
use crate::{chocolate, corner, nim, Convention, Outcome, Position as _, Rng};

/// The engine's move in `p` (not over) at `level`, normal play. Equally good moves are chosen
/// among at random; a weaker level sometimes plays a uniformly random legal move.
pub(crate) fn choose(
    knowledge: &Knowledge,
    p: &Position,
    level: Level,
    rng: &mut Rng,
) -> Result<AnyMove, Error> {
    if rng.chance(level.random_percent()) {
        return Ok(random_move(p, rng));
    }
    let solved = Solved::new(p, Convention::Normal).ok();
    let remoteness = |m: &AnyMove| -> Option<u64> {
        let AnyMove::Sum(m) = m else { return None };
        let after = p.play(m).ok()?;
        solved.as_ref()?.get(&after).map(|(_, r)| r)
    };
    let winning = super::winning_moves(knowledge, p);
    let candidates: Vec<AnyMove> = match (winning.is_empty(), &solved) {
        // Won: the quickest of the winning moves when the search knows their remoteness.
        (false, Some(_)) => {
            let quickest = winning.iter().filter_map(remoteness).min();
            winning
                .into_iter()
                .filter(|m| remoteness(m) == quickest)
                .collect()
        }
        (false, None) => winning,
        // Lost (or a win only a component beyond the tables could know): the slowest move,
        // every successor being within the search; without it, any move.
        (true, Some(s)) if s.get(p).is_some_and(|(o, _)| o == Outcome::Loss) => {
            let moves: Vec<AnyMove> = p.legal_moves().into_iter().map(AnyMove::Sum).collect();
            let slowest = moves.iter().filter_map(remoteness).max();
            moves
                .into_iter()
                .filter(|m| remoteness(m) == slowest)
                .collect()
        }
        (true, _) => return Ok(random_move(p, rng)),
    };
    match candidates.len() {
        0 => Ok(random_move(p, rng)),
        n => Ok(candidates[rng.below(n as u64) as usize].clone()),
    }
}

/// A uniformly random legal move of `p` (which is not over), found without listing them: the
/// i-th of all, i at random, located in its component.
fn random_move(p: &Position, rng: &mut Rng) -> AnyMove {
    let total = p.move_count();
    let mut i = rng.below(total.max(1));
    for (component, c) in p.components().iter().enumerate() {
        let count = c.move_count();
        if i < count {
            if let Some(mv) = nth_move(c, i) {
                return AnyMove::Sum(Move {
                    component,
                    mv: Box::new(mv),
                });
            }
        }
        i -= count.min(i);
    }
    // Not reached: the moves were counted by the same rules. Any legal move will do.
    p.legal_moves()
        .into_iter()
        .next()
        .map(AnyMove::Sum)
        .unwrap_or(AnyMove::Nim(nim::Move { pile: 0, take: 1 }))
}

/// The `i`-th move of a component, in an order of its own: a corner piece's row, column,
/// then diagonal or steps; Nim's piles in turn; a bar's strip, rows, then columns. `None`
/// past its last move.
fn nth_move(c: &AnyPosition, i: u64) -> Option<AnyMove> {
    match c {
        AnyPosition::Corner(p) => {
            let (x, y, m) = (p.x(), p.y(), p.x().min(p.y()));
            let piece = p.piece();
            if let Piece::Defined(_) = piece {
                // Few moves at most (its board is small): listed.
                return p
                    .legal_moves()
                    .get(usize::try_from(i).ok()?)
                    .map(|m| AnyMove::Corner(*m));
            }
            let [row, column] = if piece.slides_straight() {
                [x, y]
            } else {
                [0, 0]
            };
            let diagonal = match piece {
                Piece::Queen | Piece::Horse => m,
                Piece::Dragon => u64::from(m > 0),
                Piece::Rook | Piece::Defined(_) => 0,
            };
            let mut i = i;
            if i < row {
                return Some(corner_move(i, y));
            }
            i -= row;
            if i < column {
                return Some(corner_move(x, i));
            }
            i -= column;
            if i < diagonal {
                return Some(corner_move(x - i - 1, y - i - 1));
            }
            i -= diagonal;
            if piece != Piece::Horse {
                return None;
            }
            [(x > 0).then(|| (x - 1, y)), (y > 0).then(|| (x, y - 1))]
                .into_iter()
                .flatten()
                .nth(usize::try_from(i).ok()?)
                .map(|(u, v)| corner_move(u, v))
        }
        // A heap game's moves, as its rule lists them.
        AnyPosition::Heap(p) => p
            .legal_moves()
            .get(usize::try_from(i).ok()?)
            .map(|m| AnyMove::Heap(*m)),
        AnyPosition::Nim(p) => {
            let mut i = i;
            for (pile, &stones) in p.piles().iter().enumerate() {
                if i < stones {
                    return Some(AnyMove::Nim(nim::Move { pile, take: i + 1 }));
                }
                i -= stones;
            }
            None
        }
        AnyPosition::Chocolate(p) => {
            let (x, y) = (p.x(), p.y());
            let mv = if i < x {
                chocolate::Move::Strip(i)
            } else if i - x < y {
                chocolate::Move::Horizontal(i - x)
            } else if i - x - y < p.z() {
                chocolate::Move::Vertical(i - x - y)
            } else {
                return None;
            };
            Some(AnyMove::Chocolate(mv))
        }
        AnyPosition::LGame(_) | AnyPosition::Sum(_) => None,
    }
}

fn corner_move(x: u64, y: u64) -> AnyMove {
    AnyMove::Corner(corner::Move { x, y })
}
