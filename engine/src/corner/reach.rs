//! Which squares a piece can move to that have a given Grundy number, found without weighing
//! every move: what a sum needs of a board (a winning move brings it from g to g ⊕ X).
//!
//! The rook's and the dragon king's values are closed forms, solved for the square at once.
//! The queen's and the dragon horse's are read along the lines the piece slides on — its row,
//! column and diagonal, at most three times the board's side — from the table that covers
//! the square; beyond every table only their P-positions are known (the formulas), so only
//! the moves to 0. A defined piece's are read in its table along its own moves; without
//! one, its P-positions are solved for the square.

use super::{dragon_grundy, winning_moves, Piece, Table};

/// Every square the piece on (x, y) can move to whose Grundy number is `target`, in
/// ascending order (x, then y): the same values [`super::value`] gives those squares with
/// `table`. `None` when they are not known: a queen or horse square beyond the table, and a
/// target other than 0.
pub fn moves_to(
    piece: Piece,
    x: u64,
    y: u64,
    target: u64,
    table: Option<&Table>,
) -> Option<Vec<(u64, u64)>> {
    let table = table.filter(|t| t.piece() == piece && t.contains(x, y));
    let found = match (piece, table) {
        (Piece::Rook, _) => {
            // x' ⊕ y = target on the row, x ⊕ y' = target on the column.
            let mut squares = Vec::new();
            if target ^ y < x {
                squares.push((target ^ y, y));
            }
            if target ^ x < y {
                squares.push((x, target ^ x));
            }
            squares
        }
        (Piece::Dragon, _) => dragon_moves_to(x, y, target),
        // A defined piece: its moves, read in the table that covers the square; near the
        // corner (a sum's component), in one solved for the square at once.
        (Piece::Defined(moves), table) => {
            let side = x.max(y) + 1;
            let near = (side <= NEAR)
                .then(|| Table::solve(piece, side.max(2)).ok())
                .flatten();
            let Some(t) = table.or(near.as_ref()) else {
                return (target == 0)
                    .then(|| winning_moves(piece, x, y))
                    .map(sorted);
            };
            moves
                .moves_from(x, y)
                .filter(|&(u, v)| t.get(u, v).is_some_and(|(g, _)| g == target))
                .collect()
        }
        // The P-positions: closed forms at any size, a few candidates however far out.
        (_, _) if target == 0 => winning_moves(piece, x, y),
        (_, None) => return None,
        (_, Some(t)) => {
            let reaches = |u: u64, v: u64| t.get(u, v).is_some_and(|(g, _)| g == target);
            let m = x.min(y);
            let mut squares: Vec<(u64, u64)> = (1..=m)
                .map(|d| (x - d, y - d))
                .filter(|&(u, v)| reaches(u, v))
                .collect();
            if piece == Piece::Queen {
                squares.extend((0..x).map(|u| (u, y)).filter(|&(u, v)| reaches(u, v)));
                squares.extend((0..y).map(|v| (x, v)).filter(|&(u, v)| reaches(u, v)));
            } else {
                if x > 0 && reaches(x - 1, y) {
                    squares.push((x - 1, y));
                }
                if y > 0 && reaches(x, y - 1) {
                    squares.push((x, y - 1));
                }
            }
            squares
        }
    };
    Some(sorted(found))
}

/// The side up to which a defined piece's values are solved for one question (a few
/// thousand squares: well under a millisecond).
const NEAR: u64 = 64;

fn sorted(mut squares: Vec<(u64, u64)>) -> Vec<(u64, u64)> {
    squares.sort_unstable();
    squares.dedup();
    squares
}

/// The dragon king's moves to `target` = ((u + v) mod 3) + 3·(⌊u/3⌋ ⊕ ⌊v/3⌋): on the row the
/// column u is fixed by target mod 3 and ⌊target/3⌋, likewise on the column; and the single
/// diagonal step.
fn dragon_moves_to(x: u64, y: u64, target: u64) -> Vec<(u64, u64)> {
    let (rest, blocks) = (target % 3, target / 3);
    // The coordinate c that makes (c + other) mod 3 = rest and ⌊c/3⌋ ⊕ ⌊other/3⌋ = blocks.
    let partner = |other: u64| -> Option<u64> {
        let block = blocks ^ (other / 3);
        let c = block
            .checked_mul(3)?
            .checked_add((rest + 3 - other % 3) % 3)?;
        Some(c)
    };
    let mut squares = Vec::new();
    if let Some(u) = partner(y).filter(|&u| u < x) {
        squares.push((u, y));
    }
    if let Some(v) = partner(x).filter(|&v| v < y) {
        squares.push((x, v));
    }
    if x > 0 && y > 0 && dragon_grundy(x - 1, y - 1) == target {
        squares.push((x - 1, y - 1));
    }
    squares
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against every move weighed by the table, on every square of a 40×40 board and every
    /// target up to the largest value there.
    #[test]
    fn the_moves_to_a_value_are_every_move_with_that_value() {
        for piece in Piece::ALL {
            let table = Table::solve(piece, 40).unwrap();
            for x in 0..40 {
                for y in 0..40 {
                    for target in 0..=120 {
                        let brute: Vec<(u64, u64)> = (0..=x)
                            .flat_map(|u| (0..=y).map(move |v| (u, v)))
                            .filter(|&(u, v)| piece.can_move((x, y), (u, v)))
                            .filter(|&(u, v)| table.get(u, v).unwrap().0 == target)
                            .collect();
                        let found = moves_to(piece, x, y, target, Some(&table));
                        assert_eq!(found, Some(brute), "{piece} {x},{y} → {target}");
                    }
                }
            }
        }
    }

    /// Beyond the table: the rook and the dragon king by their formulas at any size, the
    /// queen and the horse to their P-positions only.
    #[test]
    fn beyond_the_table_the_formulas_answer_what_they_know() {
        let (x, y) = (600_000_000_000, 500_000_000_000);
        // On the row only: x ⊕ 3 is beyond y.
        assert_eq!(moves_to(Piece::Rook, x, y, 3, None), Some(vec![(y ^ 3, y)]));
        assert_eq!(moves_to(Piece::Rook, y, x, 3, None), Some(vec![(y, y ^ 3)]));
        for (u, v) in moves_to(Piece::Dragon, x, y, 7, None).unwrap() {
            assert!(Piece::Dragon.can_move((x, y), (u, v)));
            assert_eq!(dragon_grundy(u, v), 7);
        }
        assert!(moves_to(Piece::Queen, x, y, 0, None).is_some());
        assert_eq!(moves_to(Piece::Queen, x, y, 5, None), None);
        assert_eq!(moves_to(Piece::Horse, x, y, 1, None), None);
    }
}
