//! A position as a client draws it: the squares, stones or bar, so that no client reads the
//! notation to draw a board (the notation stays what a person types and reads).

use serde::{Deserialize, Serialize};

use crate::GameParams;

/// The widest bar whose column heights a chocolate board lists (a formula edge's).
pub const MAX_DRAWN_TOPS: u64 = 64;

/// A position as a picture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Board {
    /// A corner game: the piece on square (`x`, `y`) — `x` across, `y` up — of a board of
    /// `size` squares a side, whose goal is the corner (0, 0).
    Corner {
        /// Squares a side.
        size: u64,
        /// The piece's column.
        x: u64,
        /// The piece's row.
        y: u64,
    },
    /// Nim: each pile's number of stones, pile 1 first.
    Nim {
        /// The piles.
        piles: Vec<u64>,
    },
    /// A heap game: each heap's number of tokens, heap 1 first (a split heap is two heaps side
    /// by side), and the rule, canonical (`octal 0.77`).
    Heap {
        /// The heaps.
        heaps: Vec<u64>,
        /// What a move may do to one heap.
        rule: String,
    },
    /// A chocolate bar: the strip of `x` squares left of the poisoned one, and right of it
    /// the staircase of `z` columns, column `j` (from 1) `min(y, j // k)` squares high above
    /// the bottom row (`y` when `k` is 0).
    Chocolate {
        /// The strip's length.
        x: u64,
        /// The staircase's greatest height.
        y: u64,
        /// The staircase's length.
        z: u64,
        /// The staircase's step (0: a rectangle); absent when its edge is a formula.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        k: Option<u32>,
        /// The staircase's edge as a formula in z (`z * z`), when it is not a step.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        edge: Option<String>,
        /// With a formula edge and at most [`MAX_DRAWN_TOPS`] columns: the height of each
        /// column 0 to z above the poison's row, min(y, f(column)), to draw the bar by.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tops: Option<Vec<u64>>,
    },
    /// The L-game's 4×4 board: `ranks[0]` is rank 4 (the top), each rank from file a to d;
    /// and whose L moves.
    Lgame {
        /// The squares, rank 4 first.
        ranks: [[LSquare; 4]; 4],
        /// The player to move: `red` (seat 0) or `blue`.
        to_move: LColor,
    },
    /// A sum: each component's game and board, component 1 first.
    Sum {
        /// The components.
        components: Vec<SumPart>,
    },
}

/// What stands on a square of the L-game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LSquare {
    /// Nothing.
    Empty,
    /// Red's L.
    Red,
    /// Blue's L.
    Blue,
    /// A neutral piece.
    Neutral,
}

/// A player of the L-game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LColor {
    /// Seat 0, who moves first.
    Red,
    /// Seat 1.
    Blue,
}

/// One component of a sum as drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SumPart {
    /// Its game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// Its position, in notation (to read, not to draw from).
    pub position: String,
    /// Its board.
    pub board: Board,
}
