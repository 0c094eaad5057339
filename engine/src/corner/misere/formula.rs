//! Closed forms of misère play, valid on boards of any size, each with its proof: which
//! squares are lost for every piece, the winning moves, and the rook's remoteness.
//!
//! Every proof has the same shape. The corner is won (the player to move has no move), so a
//! set L of squares is exactly the set of lost squares when (i) no move leads from a square
//! of L to a square of L, and (ii) from every square outside L but the corner some move
//! leads into L (by induction on x + y, every move lowering it). All four games are
//! symmetric in x and y, and so is each L, so the proofs take x ≤ y.

use crate::corner::formula::{candidates, wythoff_is_p};
use crate::corner::Piece;
use crate::nim::misere::wins_piles;
use crate::Outcome;

/// Whether (x, y) is lost for the player to move in misère play, on any board.
pub fn is_lost(piece: Piece, x: u64, y: u64) -> bool {
    match piece {
        Piece::Rook => rook_is_lost(x, y),
        Piece::Queen => queen_is_lost(x, y),
        Piece::Horse => horse_is_lost(x, y),
        Piece::Dragon => dragon_is_lost(x, y),
        Piece::Defined(moves) => {
            crate::corner::defined::at(&moves, x, y).is_some_and(|(_, _, m)| m % 2 == 1)
        }
    }
}

/// The misère outcome of (x, y) for the player to move, on any board ([`is_lost`]).
pub fn outcome(piece: Piece, x: u64, y: u64) -> Outcome {
    if is_lost(piece, x, y) {
        Outcome::Loss
    } else {
        Outcome::Win
    }
}

/// The rook is two-pile Nim with piles x and y, so Bouton's misère rule
/// ([`crate::nim::misere`]) applies: lost exactly on (a, a) for a ≥ 2 and on (0, 1), (1, 0).
pub fn rook_is_lost(x: u64, y: u64) -> bool {
    !wins_piles(&[x, y])
}

/// The rook's misère remoteness, on any board (a ≤ b the two coordinates):
///
/// | square | outcome | remoteness |
/// |---|---|---|
/// | (0, 0) | won | 0 |
/// | (0, 1) | lost | 1 |
/// | a ≤ 1 otherwise | won | 2 |
/// | a = b ≥ 2 | lost | 2a − 1 |
/// | 2 ≤ a < b | won | 2a |
///
/// Proof, by induction on a + b. (0, 1) has one move, onto the corner (remoteness 0): 1.
/// (0, b ≥ 2) and (1, b ≥ 1) reach (0, 1) or (1, 0), lost in 1, and no other lost square:
/// 2. From 2 ≤ a < b the one lost square in reach is (a, a), lost in 2a − 1 (a coordinate
/// that drops to 0 or 1 leaves a won square): 2a. From (a, a), a ≥ 2, every move leads to
/// a won (u, a), u < a: in 2 for u ≤ 1 and in 2u for u ≥ 2. The greatest is 2 for a = 2 and
/// 2(a − 1) for a ≥ 3, so the loser lasts 2a − 1 plies in both cases.
///
/// ```
/// use engine::corner::misere::rook_remoteness;
///
/// assert_eq!(rook_remoteness(3, 3), 5); // 3,3 → 2,3 → 2,2 → 1,2 → 1,0 → 0,0
/// assert_eq!(rook_remoteness(9, 4), 8); // 9,4 → 4,4, lost in 7
/// assert_eq!(rook_remoteness(1, 1), 2); // 1,1 → 1,0 → 0,0
/// ```
pub fn rook_remoteness(x: u64, y: u64) -> u64 {
    let (a, b) = (x.min(y), x.max(y));
    match (a, b) {
        (0, 0) => 0,
        (0, 1) => 1,
        (0 | 1, _) => 2,
        _ if a == b => 2 * a - 1,
        _ => 2 * a,
    }
}

/// Misère Wythoff (the queen): lost exactly on L = {(0, 1), (1, 0), (2, 2)} ∪ {(a_n, b_n),
/// (b_n, a_n) : n ≥ 2}, (a_n, b_n) = (⌊nφ⌋, ⌊nφ²⌋) the normal-play pairs
/// ([`wythoff_pair`](crate::corner::wythoff_pair)): normal play's (0, 0), (1, 2) and (2, 1)
/// give way to the three squares next to the corner.
///
/// Proof. The a_n and b_n (n ≥ 1) cover every positive integer once, b_n − a_n = n, and both
/// grow with n (a_1 = 1, b_1 = 2, so a_n ≥ 3 and b_n ≥ 5 for n ≥ 2).
/// (i) No move joins two pairs (normal play). No queen move joins two of the three small
/// squares. A move from (a_n, b_n), n ≥ 2, to one of them would keep a coordinate (a_n ≥ 3
/// is none of theirs) or the difference (n ≥ 2 is not 1 or 0); the reverse moves would raise
/// a coordinate.
/// (ii) Take (x, y) ∉ L, x ≤ y, not the corner. If x = 0, then y ≥ 2: go to (0, 1). If x = 1:
/// go to (1, 0). If x = 2, then y ≥ 3: go to (2, 2). If x ≥ 3, x is a_m or b_m for one m ≥ 2.
/// If x = b_m: go down to (b_m, a_m). If x = a_m and y > b_m: go down to (a_m, b_m) (y = b_m
/// is in L). If x = a_m ≤ y < b_m, then d = y − x < m: slide diagonally to (2, 2) if d = 0,
/// to (0, 1) if d = 1, to (a_d, b_d) if d ≥ 2, which lies on the diagonal below since
/// a_d < a_m = x. ∎
pub fn queen_is_lost(x: u64, y: u64) -> bool {
    match (x.min(y), x.max(y)) {
        (0, 1) | (2, 2) => true,
        (0, 0) | (1, 2) => false,
        _ => wythoff_is_p(x, y),
    }
}

/// The misère dragon horse: lost exactly on L = {(0, b) : b odd} ∪ {(2, b) : b even ≥ 2}
/// and mirrors — normal play's P-positions (0, even), (2, odd ≥ 3) with the parity swapped.
///
/// Proof. (i) From (0, b), b odd, the one move is down to (0, b − 1), b − 1 even. From
/// (2, b), b even ≥ 2: one step to (1, b) or (2, b − 1) (a coordinate 1, or (2, odd)), a
/// diagonal step to (1, b − 1), or the slide to (0, b − 2), b − 2 even: none in L.
/// (ii) Take (a, b) ∉ L, a ≤ b, not the corner. (0, b even ≥ 2): down to (0, b − 1).
/// (1, b): left to (0, b) if b is odd, else diagonally to (0, b − 1). (2, b odd ≥ 3): down to
/// (2, b − 1). a ≥ 3, d = b − a: slide to (0, d) if d is odd, else to (2, d + 2). ∎
pub fn horse_is_lost(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    (a == 0 && b % 2 == 1) || (a == 2 && b % 2 == 0)
}

/// The misère dragon king: lost exactly where x and y lie in the same block of three
/// (⌊x/3⌋ = ⌊y/3⌋) with (x mod 3, y mod 3) one of (0, 1), (1, 0), (2, 2) — in normal play the
/// same blocks hold the P-positions (0, 0), (1, 2), (2, 1).
///
/// Proof. (i) In the set S = {(0, 1), (1, 0), (2, 2)} of remainders, each first and each
/// second remainder occurs once; so a move along a row or a column (which keeps one
/// coordinate, and must keep the other's block) cannot join two squares of L. The diagonal
/// step from (3j, 3j + 1) or (3j + 1, 3j) leaves the block in one coordinate only, and from
/// (3j + 2, 3j + 2) it reaches the remainders (1, 1).
/// (ii) Take (x, y) ∉ L, not the corner, with X = ⌊x/3⌋ ≤ Y = ⌊y/3⌋. If X < Y: go down into
/// block X, to the one remainder of y that S pairs with x mod 3. If X = Y, by the remainders
/// (x mod 3, y mod 3): (0, 0), X ≥ 1: the diagonal step to remainders (2, 2) of block X − 1;
/// (0, 2) down to (0, 1); (1, 1) and (2, 1) left to (0, 1); (1, 2) down to (1, 0); and the
/// mirrors. ∎
pub fn dragon_is_lost(x: u64, y: u64) -> bool {
    x / 3 == y / 3 && matches!((x % 3, y % 3), (0, 1) | (1, 0) | (2, 2))
}

/// Every square `piece` can move to from (x, y) that is lost in misère play — its winning
/// moves — by the closed forms alone, on a board of any size, in ascending order; empty from
/// a lost square and from the corner. There are few however far out the square is: each
/// piece's lost squares lie on the rows, columns, diagonals and blocks where normal play's
/// P-positions lie ([`winning_moves`](crate::corner::winning_moves)), or next to the corner.
pub fn winning_moves(piece: Piece, x: u64, y: u64) -> Vec<(u64, u64)> {
    if let Piece::Defined(moves) = piece {
        return crate::corner::defined::winning_moves(&moves, x, y, true);
    }
    let mut moves = candidates(piece, x, y);
    moves.extend([(0, 1), (1, 0), (2, 2)]);
    moves.retain(|&(u, v)| piece.can_move((x, y), (u, v)) && is_lost(piece, u, v));
    moves.sort_unstable();
    moves.dedup();
    moves
}
