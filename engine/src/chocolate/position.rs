//! A poisoned-chocolate position {x, y, z} with its step k, validated, and its notation.

use std::fmt;

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
/// of `z` columns beyond the poison's whose height rises one square every `k` columns, capped
/// at `y` (docs/RULES.md). With `k = 0` the right part is a `y` by `z` rectangle (three-heap Nim).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    k: u32,
    x: u64,
    y: u64,
    z: u64,
}

impl Position {
    /// The bar {x, y, z} with step `k`, or an error naming the limit or the staircase rule
    /// (`y ≤ ⌊z/k⌋` for k ≥ 1) that it breaks.
    pub fn new(k: u32, x: u64, y: u64, z: u64) -> Result<Position, Error> {
        check_k(k)?;
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
        let most = max_height(k, z);
        if y > most {
            return Err(position(
                bar(),
                Said::new("rule-bar-too-high")
                    .text("k", k)
                    .text("z", z)
                    .text("most", most)
                    .text("y", y),
            ));
        }
        Ok(Position { k, x, y, z })
    }

    /// Reads `x,y,z` for a bar with step `k`; spaces and one pair of brackets are also accepted
    /// (`1 2 3`, `{1, 2, 3}`).
    pub fn parse(k: u32, text: &str) -> Result<Position, Error> {
        let [x, y, z] = read_three(text).map_err(|reason| position(text, reason))?;
        check_k(k)?;
        Position::new(k, x, y, z).map_err(|e| e.with_input(text))
    }

    /// The staircase step k (0: a rectangle).
    pub fn k(&self) -> u32 {
        self.k
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

/// The greatest y allowed with z columns: ⌊z/k⌋, or unbounded (up to [`MAX_LEN`]) when k = 0.
pub(crate) fn max_height(k: u32, z: u64) -> u64 {
    match k {
        0 => MAX_LEN,
        k => z / u64::from(k),
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
    /// Canonical notation `x,y,z`; the step k is a parameter of the game, not of the position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{}", self.x, self.y, self.z)
    }
}
