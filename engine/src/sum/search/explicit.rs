//! A small component's moves listed once, by its own rules: for each of its positions, how
//! far back in its own numbering each move goes. A component whose coordinates are all short
//! has few moves per position, so the pass reads them from this list in a tight loop, with
//! no summary to keep (see [`super::pass`]).

use crate::any::AnyPosition;
use crate::{chocolate, corner, nim, Position as _};

use super::layout::{coordinates, Axis, Kind, Part};

/// Most positions a component may have for its moves to be listed.
pub(super) const SMALL: u64 = crate::sum::position::MAX_DEFINED_SQUARES;

/// A component's moves: for its position numbered `i` (in its own mixed radix), how far back
/// each move goes, `back[offsets[i]..offsets[i + 1]]`; `valid[i]` false for the numbers that
/// are no position (a chocolate box's bars whose stair is too high).
#[derive(Debug, Clone)]
pub(super) struct Moves {
    pub offsets: Vec<u32>,
    pub back: Vec<u32>,
    pub valid: Vec<bool>,
}

/// Whether `part`'s moves are listed: every coordinate short, few positions; or a piece
/// defined by its moves, whose moves the pass has no summary for (a sum holds it only on
/// at most [`SMALL`] squares).
pub(super) fn listed(part: &Part, axes: &[Axis], short: u64) -> bool {
    if part.heaps.is_some() {
        return true; // a heap game's positions are listed (see `super::heaps`)
    }
    // A defined piece and a formula edge have no summaries of their lines in the pass.
    let defined = matches!(
        part.kind,
        Kind::Corner(corner::Piece::Defined(_)) | Kind::Edge
    );
    let mut positions = 1u64;
    for a in part.coords.iter().flatten() {
        if axes[*a].len > short && !defined {
            return false;
        }
        positions = positions.saturating_mul(axes[*a].len);
    }
    positions <= SMALL
}

/// The moves of `c`, the component `part` stands for, whose coordinates have these axes:
/// each position's successors by the game's own rules, numbered like it.
pub(super) fn moves(c: &AnyPosition, part: &Part, axes: &[Axis]) -> Moves {
    if let Some(space) = &part.heaps {
        return space.moves();
    }
    // Each coordinate's length and weight in the component's own numbering.
    let mut dims = Vec::with_capacity(part.coords.len());
    let mut weight = 1u64;
    for axis in &part.coords {
        let len = axis.map_or(1, |a| axes[a].len);
        dims.push((len, weight));
        weight *= len;
    }
    let count = weight as usize;
    let number =
        |coords: &[u64]| -> u64 { coords.iter().zip(&dims).map(|(x, (_, w))| x * w).sum() };
    let mut offsets = Vec::with_capacity(count + 1);
    let mut back = Vec::new();
    let mut valid = Vec::with_capacity(count);
    offsets.push(0);
    let mut coords = vec![0u64; dims.len()];
    for i in 0..count as u64 {
        for (j, &(len, w)) in dims.iter().enumerate() {
            coords[j] = i / w % len;
        }
        match at(c, &coords) {
            Some(p) => {
                valid.push(true);
                for q in p.successors() {
                    back.push((i - number(&coordinates(&q))) as u32);
                }
            }
            None => valid.push(false),
        }
        offsets.push(back.len() as u32);
    }
    Moves {
        offsets,
        back,
        valid,
    }
}

/// The position of `c`'s game at these coordinates, or `None` when they are no position.
fn at(c: &AnyPosition, coords: &[u64]) -> Option<AnyPosition> {
    Some(match (c, coords) {
        (AnyPosition::Corner(p), &[x, y]) => {
            AnyPosition::Corner(corner::Position::new(p.piece(), p.size(), x, y).ok()?)
        }
        (AnyPosition::Nim(_), piles) => AnyPosition::Nim(nim::Position::new(piles.to_vec()).ok()?),
        (AnyPosition::Chocolate(b), &[x, y, z]) => {
            AnyPosition::Chocolate(chocolate::Position::new(b.edge(), x, y, z).ok()?)
        }
        _ => return None,
    })
}
