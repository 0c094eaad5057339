//! What a position is worth to the player to move.

use std::cmp::Ordering;

/// The result for the player to move under best play by both sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins (an N-position).
    Win,
    /// The player to move loses (a P-position).
    Loss,
    /// Neither side can force a result (L-game only): play goes on forever.
    Draw,
}

impl Outcome {
    /// The name used on every interface: `win`, `loss`, `draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
        }
    }

    /// The same result seen by the other player.
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }

    /// Parses `win`, `loss` or `draw`.
    pub fn parse(s: &str) -> Option<Outcome> {
        match s {
            "win" => Some(Outcome::Win),
            "loss" => Some(Outcome::Loss),
            "draw" => Some(Outcome::Draw),
            _ => None,
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The exact value of a position for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Value {
    /// Win, loss or draw for the player to move.
    pub outcome: Outcome,
    /// The Grundy number (impartial games only; `None` for the L-game and where no
    /// table or formula reaches).
    pub grundy: Option<u64>,
    /// Plies to the end under best play: the winner hurries, the loser delays (Smith's
    /// remoteness; the L-game's depth). `None` for draws and where it was not computed.
    pub remoteness: Option<u64>,
}

impl Value {
    /// A value whose outcome follows from a Grundy number.
    pub fn impartial(grundy: u64, remoteness: Option<u64>) -> Value {
        let outcome = if grundy == 0 {
            Outcome::Loss
        } else {
            Outcome::Win
        };
        Value {
            outcome,
            grundy: Some(grundy),
            remoteness,
        }
    }

    /// How good it is for the player who *moves into* a position of this value: greater is
    /// better. A position lost for the opponent is best (sooner first), then a draw, then a
    /// position won for the opponent (later first). Unknown remoteness sorts after known.
    pub fn cmp_as_move(&self, other: &Value) -> Ordering {
        self.move_rank().cmp(&other.move_rank())
    }

    /// The key behind [`Value::cmp_as_move`]: greater is better for the player moving here.
    pub fn move_rank(&self) -> (u8, i128) {
        let r = self.remoteness.map(i128::from);
        match self.outcome {
            Outcome::Loss => (2, r.map_or(i128::MIN, |r| -r)),
            Outcome::Draw => (1, 0),
            Outcome::Win => (0, r.unwrap_or(i128::MIN)),
        }
    }
}

/// Remoteness from the values of all successors (docs/RULES.md): terminal 0;
/// 1 + the least even remoteness among successors if any; otherwise 1 + the greatest.
pub fn remoteness_of(successors: impl IntoIterator<Item = u64>) -> u64 {
    let mut best_even: Option<u64> = None;
    let mut max_any: Option<u64> = None;
    for r in successors {
        if r % 2 == 0 {
            best_even = Some(best_even.map_or(r, |b| b.min(r)));
        }
        max_any = Some(max_any.map_or(r, |m| m.max(r)));
    }
    match (best_even, max_any) {
        (Some(e), _) => e + 1,
        (None, Some(m)) => m + 1,
        (None, None) => 0,
    }
}

/// The least non-negative integer not in `values`.
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    let mut m = 0;
    for v in seen {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}
