//! A poisoned-chocolate position {x, y, z} with its staircase's edge, validated, and its
//! notation.

use std::fmt;

use crate::chocolate::Edge;
use crate::error::{params, position, Error};
use crate::number_list::parse_numbers;
use crate::Said;

/// The steepest staircase step accepted: the papers study k ≤ 6, and a small bound keeps the
/// parameter something tables and messages handle comfortably.
pub const MAX_K: u32 = 1000;

/// The longest strip, tallest stair and widest bar: large enough for any analysis, small
/// enough that x + y + z and every remoteness fit easily in a `u64`.
pub const MAX_LEN: u64 = 1_000_000_000_000;

/// A bar {x, y, z}: a strip of `x` squares left of the poison and, to its right, a staircase
/// of `z` columns beyond the poison's whose height rises along its [`Edge`] — one square every
/// `k` columns, or as a formula f says — capped at `y` (docs/RULES.md). With `k = 0` the right
/// part is a `y` by `z` rectangle (three-heap Nim).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    edge: Edge,
    x: u64,
    y: u64,
    z: u64,
}

impl Position {
    /// The bar {x, y, z} with this edge (a step k, or a formula: [`Edge`]), or an error
    /// naming the limit or the staircase rule (`y ≤ f(z)`, `⌊z/k⌋` for a step k ≥ 1) that it
    /// breaks.
    pub fn new(edge: impl Into<Edge>, x: u64, y: u64, z: u64) -> Result<Position, Error> {
        let edge = edge.into();
        if let Some(k) = edge.k() {
            check_k(k)?;
        }
        let bar = || format!("{x},{y},{z}");
        for (name, value) in [("x", x), ("y", y), ("z", z)] {
            if value > MAX_LEN {
                return Err(position(
                    bar(),
                    Said::new("rule-bar-too-long")
                        .text("name", name)
                        .text("value", value)
                        .text("most", MAX_LEN),
                ));
            }
        }
        if z > edge.max_z() {
            return Err(position(
                bar(),
                Said::new("rule-bar-too-wide")
                    .with("edge", edge.said())
                    .text("z", z)
                    .text("most", edge.max_z()),
            ));
        }
        let most = edge.height(z);
        if y > most {
            return Err(position(
                bar(),
                Said::new("rule-bar-too-high")
                    .with("edge", edge.said())
                    .text("z", z)
                    .text("most", most)
                    .text("y", y),
            ));
        }
        Ok(Position { edge, x, y, z })
    }

    /// Reads `x,y,z` for a bar with this edge; spaces and one pair of brackets are also
    /// accepted (`1 2 3`, `{1, 2, 3}`).
    pub fn parse(edge: impl Into<Edge>, text: &str) -> Result<Position, Error> {
        let edge = edge.into();
        let [x, y, z] = read_three(text).map_err(|reason| position(text, reason))?;
        if let Some(k) = edge.k() {
            check_k(k)?;
        }
        Position::new(edge, x, y, z).map_err(|e| e.with_input(text))
    }

    /// The staircase's edge.
    pub fn edge(&self) -> Edge {
        self.edge
    }

    /// Squares in the strip left of the poison.
    pub fn x(&self) -> u64 {
        self.x
    }

    /// The staircase's height cap: rows above the poison's.
    pub fn y(&self) -> u64 {
        self.y
    }

    /// The staircase's width: columns right of the poison's.
    pub fn z(&self) -> u64 {
        self.z
    }

    /// A position known to be valid (reached by a legal move from a valid one).
    pub(crate) fn with(self, x: u64, y: u64, z: u64) -> Position {
        Position { x, y, z, ..self }
    }
}

/// Checks that `k` is a staircase step this crate accepts.
pub fn check_k(k: u32) -> Result<u32, Error> {
    if k <= MAX_K {
        Ok(k)
    } else {
        Err(params(
            format!("k {k}"),
            Said::new("rule-bar-step").text("most", MAX_K).text("k", k),
        ))
    }
}

/// Reads exactly three numbers `x,y,z`; the reason names the text when it fails.
pub(crate) fn read_three(text: &str) -> Result<[u64; 3], Said> {
    let numbers = parse_numbers(text)?;
    <[u64; 3]>::try_from(numbers.as_slice()).map_err(|_| {
        Said::new("rule-bar-three")
            .text("text", text.trim())
            .text("count", numbers.len())
    })
}

impl fmt::Display for Position {
    /// Canonical notation `x,y,z`; the edge is a parameter of the game, not of the position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{}", self.x, self.y, self.z)
    }
}
