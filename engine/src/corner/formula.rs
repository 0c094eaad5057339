//! Exact closed forms, valid on boards of any size: Wythoff's P-positions with integer
//! arithmetic, the rook's x ⊕ y, the dragon king's published formula, the dragon horse's
//! P-positions, and the rook's remoteness.

use super::Piece;
use crate::{Outcome, Value};

/// The n-th Wythoff pair (⌊nφ⌋, ⌊nφ²⌋), computed without floating point:
/// ⌊nφ⌋ = ⌊(n + √(5n²)) / 2⌋ = ⌊(n + ⌊√(5n²)⌋) / 2⌋ because √(5n²) is irrational for n > 0.
pub fn wythoff_pair(n: u64) -> (u64, u64) {
    let n128 = u128::from(n);
    let root = (5 * n128 * n128).isqrt();
    // a ≤ nφ < 2n, and n ≤ MAX_SIZE, so both fit in u64.
    let a = ((n128 + root) / 2) as u64;
    (a, a + n)
}

/// True when (x, y) is a P-position of Wythoff's game (the queen).
pub fn wythoff_is_p(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    if a == b {
        return a == 0;
    }
    wythoff_pair(b - a).0 == a
}

/// The partner of `v` in its Wythoff pair: the unique w with (v, w) a P-position.
pub fn wythoff_partner(v: u64) -> u64 {
    if v == 0 {
        return 0;
    }
    let v128 = u128::from(v);
    let root = (5 * v128 * v128).isqrt() as u64;
    // v = a_n needs n ≈ v/φ = (√5v − v)/2; v = b_n needs n ≈ v/φ² = (3v − √5v)/2.
    let near_a = (root - v) / 2;
    let near_b = (3 * v - root) / 2;
    for n in near_a.saturating_sub(1)..=near_a + 2 {
        let (a, b) = wythoff_pair(n);
        if n > 0 && a == v {
            return b;
        }
    }
    for n in near_b.saturating_sub(1)..=near_b + 2 {
        let (a, b) = wythoff_pair(n);
        if n > 0 && b == v {
            return a;
        }
    }
    unreachable!("the Beatty sequences ⌊nφ⌋ and ⌊nφ²⌋ partition the positive integers")
}

/// True when (x, y) is a P-position of the dragon horse: (0, even), (2, odd ≥ 3) and their
/// mirrors. From any other square a diagonal slide or a single step reaches one of these.
pub fn horse_is_p(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    (a == 0 && b % 2 == 0) || (a == 2 && b % 2 == 1 && b >= 3)
}

/// The dragon king's Grundy number: ((x + y) mod 3) + 3·(⌊x/3⌋ ⊕ ⌊y/3⌋).
pub fn dragon_grundy(x: u64, y: u64) -> u64 {
    (x % 3 + y % 3) % 3 + 3 * ((x / 3) ^ (y / 3))
}

/// The rook's remoteness: from (n, n) the loser takes one square at a time and the winner
/// mirrors, 2n plies; from x ≠ y the winner first evens the piles, 2·min + 1 plies.
pub fn rook_remoteness(x: u64, y: u64) -> u64 {
    2 * x.min(y) + u64::from(x != y)
}

/// Whether (x, y) is a P-position of `piece`, by the formulas (any board); for a defined
/// piece, by its squares solved up to (x, y) (none beyond its largest board,
/// [`MAX_DEFINED_TABLE`](super::MAX_DEFINED_TABLE)).
pub fn is_p(piece: Piece, x: u64, y: u64) -> bool {
    match piece {
        Piece::Queen => wythoff_is_p(x, y),
        Piece::Rook => x == y,
        Piece::Horse => horse_is_p(x, y),
        Piece::Dragon => dragon_grundy(x, y) == 0,
        Piece::Defined(moves) => super::defined::at(&moves, x, y).is_some_and(|(g, _, _)| g == 0),
    }
}

/// Every square `piece` can move to from (x, y) that is a P-position — its winning moves —
/// found by the formulas alone, on a board of any size, in ascending order (a defined
/// piece's from its squares solved up to (x, y)). There are few,
/// however far out the square is: the queen has at most one on its row, one on its column
/// and one on its diagonal (the partner of y, the partner of x, the pair whose difference is
/// |x − y|); the rook evens the two coordinates; the dragon king's lie in the blocks of three
/// of x and of y, or one diagonal step away; the horse's at the end of its diagonal, two
/// squares before it, or one step away.
pub fn winning_moves(piece: Piece, x: u64, y: u64) -> Vec<(u64, u64)> {
    if let Piece::Defined(moves) = piece {
        return super::defined::winning_moves(&moves, x, y, false);
    }
    let mut moves = candidates(piece, x, y);
    moves.retain(|&(u, v)| piece.can_move((x, y), (u, v)) && is_p(piece, u, v));
    moves.sort_unstable();
    moves.dedup();
    moves
}

/// The few squares that [`winning_moves`] checks: every P-position `piece` can reach from
/// (x, y) is among them (some may be off the board, unreachable or not P-positions). The
/// misère closed forms reuse them, adding the squares next to the corner: misère play's lost
/// squares lie on the same rows, columns, diagonals and blocks of three.
pub(crate) fn candidates(piece: Piece, x: u64, y: u64) -> Vec<(u64, u64)> {
    let block = |v: u64| v / 3 * 3..v / 3 * 3 + 3;
    match piece {
        Piece::Queen => {
            let (a, b) = wythoff_pair(x.abs_diff(y));
            let diagonal = if x <= y { (a, b) } else { (b, a) };
            vec![(wythoff_partner(y), y), (x, wythoff_partner(x)), diagonal]
        }
        Piece::Rook => vec![(y, y), (x, x)],
        Piece::Dragon => block(y)
            .map(|u| (u, y))
            .chain(block(x).map(|v| (x, v)))
            .chain([(x.wrapping_sub(1), y.wrapping_sub(1))])
            .collect(),
        Piece::Defined(moves) => moves.moves_from(x, y).collect(),
        Piece::Horse => {
            let m = x.min(y);
            let mut c = vec![
                (x - m, y - m),
                (x.wrapping_sub(1), y),
                (x, y.wrapping_sub(1)),
            ];
            if m >= 2 {
                c.push((x - m + 2, y - m + 2));
            }
            c
        }
    }
}

/// Everything the formulas know about (x, y); fields they cannot give are `None`.
pub(crate) fn value(piece: Piece, x: u64, y: u64) -> Value {
    match piece {
        Piece::Rook => Value::impartial(x ^ y, Some(rook_remoteness(x, y))),
        Piece::Dragon => Value::impartial(dragon_grundy(x, y), None),
        Piece::Queen => outcome_only(wythoff_is_p(x, y)),
        Piece::Horse => outcome_only(horse_is_p(x, y)),
        Piece::Defined(_) => unreachable!("corner::value solves a defined piece's squares"),
    }
}

fn outcome_only(is_p: bool) -> Value {
    Value {
        outcome: if is_p { Outcome::Loss } else { Outcome::Win },
        grundy: is_p.then_some(0),
        remoteness: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_wythoff_pairs() {
        let pairs: Vec<_> = (0..8).map(wythoff_pair).collect();
        assert_eq!(
            pairs,
            [
                (0, 0),
                (1, 2),
                (3, 5),
                (4, 7),
                (6, 10),
                (8, 13),
                (9, 15),
                (11, 18)
            ]
        );
    }

    #[test]
    fn wythoff_pairs_on_huge_boards_match_exact_beatty() {
        // n = 10^15: check ⌊nφ⌋ against the defining inequality a < nφ < a + 1, i.e.
        // (2a − n)² < 5n² < (2a + 2 − n)², in exact integers.
        for n in [
            1_000_000_000_000_000u64,
            999_999_999_999_989,
            123_456_789_012_345,
        ] {
            let (a, _) = wythoff_pair(n);
            let (a, n) = (i128::from(a), i128::from(n));
            assert!((2 * a - n).pow(2) < 5 * n * n);
            assert!(5 * n * n < (2 * a + 2 - n).pow(2));
        }
    }

    #[test]
    fn the_formulas_winning_moves_are_every_move_to_a_p_position() {
        for piece in Piece::ALL {
            for x in 0..40 {
                for y in 0..40 {
                    let brute: Vec<(u64, u64)> = (0..=x)
                        .flat_map(|u| (0..=y).map(move |v| (u, v)))
                        .filter(|&(u, v)| piece.can_move((x, y), (u, v)) && is_p(piece, u, v))
                        .collect();
                    assert_eq!(winning_moves(piece, x, y), brute, "{piece} {x},{y}");
                }
            }
        }
        // Far out they are found at once: the queen on a huge board.
        let far = winning_moves(Piece::Queen, 5_000_000_000_000, 3_000_000_000_000);
        assert!(!far.is_empty() && far.len() <= 3, "{far:?}");
        assert!(far.iter().all(|&(u, v)| wythoff_is_p(u, v)));
    }

    #[test]
    fn partners_are_pairs() {
        for v in 1..2000 {
            let w = wythoff_partner(v);
            assert!(wythoff_is_p(v, w), "{v} {w}");
            assert_ne!(v, w);
        }
        let big = 777_777_777_777_777;
        assert!(wythoff_is_p(big, wythoff_partner(big)));
    }
}
