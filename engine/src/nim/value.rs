//! What a Nim position is worth: Grundy number (the nim-sum), the winning moves, and the
//! exact remoteness from a closed form checked against brute force.

use crate::nim::{Move, Position};
use crate::Value;

/// The Grundy number: the nim-sum (bitwise XOR) of the piles (Bouton). Zero exactly for
/// P-positions.
pub fn grundy(p: &Position) -> u64 {
    p.piles().iter().fold(0, |sum, &pile| sum ^ pile)
}

/// Every move to a P-position, in pile order; empty when `p` is itself a P-position.
///
/// O(piles): a pile can be lowered to `pile ⊕ g` exactly when that is smaller, and no other
/// move zeroes the nim-sum `g`.
pub fn winning_moves(p: &Position) -> Vec<Move> {
    moves_to(p, 0)
}

/// Every move to a position of Grundy number `target`, in pile order. O(piles): the move
/// must change the nim-sum g by g ⊕ target, so pile i must become pileᵢ ⊕ g ⊕ target, a move
/// exactly when that is smaller.
pub fn moves_to(p: &Position, target: u64) -> Vec<Move> {
    let change = grundy(p) ^ target;
    p.piles()
        .iter()
        .enumerate()
        .filter(|(_, &pile)| pile ^ change < pile)
        .map(|(pile, &stones)| Move {
            pile,
            take: stones - (stones ^ change),
        })
        .collect()
}

/// Smith's remoteness: plies to the end when the winner hurries and the loser delays.
///
/// Exact for every position in O(piles) by a closed form (see the proof below), so the
/// `budget` is never needed and the answer is always `Some`; the signature matches the games
/// whose remoteness can be out of reach. Were it `None`, the total number of stones would
/// bound it, since every ply takes at least one stone.
pub fn remoteness(p: &Position, budget: u64) -> Option<u64> {
    let _ = budget;
    Some(remoteness_of_piles(p.piles()))
}

/// The closed form of [`remoteness`] for any piles (chocolate with step 0 is three-pile Nim).
pub(crate) fn remoteness_of_piles(piles: &[u64]) -> u64 {
    // A P-position lasts exactly as many plies as there are stones; an N-position lasts
    // 1 + total − t, where t is the largest take among the winning moves.
    // Proof: the total is an upper bound, since every ply takes a stone. From a P-position
    // the loser takes one stone from a pile whose lowest set bit j is least; the nim-sum
    // becomes 2^(j+1) − 1, and every winning reply must lower a pile that has bit j set and
    // no lower bits, so it takes exactly one stone too; by induction the game lasts the
    // total. From an N-position the winner moves to the P-position with fewest stones.
    // The tests check this against a memoised search over sorted pile multisets.
    // Validated piles total at most 1.6·10¹³; saturating only for form.
    let total = piles.iter().fold(0u64, |sum, &p| sum.saturating_add(p));
    let g = piles.iter().fold(0, |sum, &p| sum ^ p);
    if g == 0 {
        return total;
    }
    let biggest_take = piles
        .iter()
        .filter(|&&pile| pile ^ g < pile)
        .map(|&pile| pile - (pile ^ g))
        .max()
        .unwrap_or(0);
    1 + total - biggest_take
}

/// The exact value of `p`: outcome, Grundy number and remoteness (see [`remoteness`]).
pub fn value(p: &Position, budget: u64) -> Value {
    Value::impartial(grundy(p), remoteness(p, budget))
}
