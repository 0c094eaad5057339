//! Heap games: tokens in heaps, a move takes from one heap (and may split what is left). The
//! octal games by their code ([`Octal`]: Kayles `0.77`, Dawson's Kayles `0.07`, Dawson's
//! Chess `0.137`), the subtraction games as octal codes ([`Octal::subtraction`]), and
//! Grundy's game ([`grundys_game`]), whose move splits a heap in two unequal heaps.

mod octal;

pub use octal::{Octal, Proved, MAX_DIGITS, MAX_HEAP};

use crate::error::params;
use crate::{Error, Said};

/// Grundy's game: a move splits one heap into two non-empty heaps of different sizes. The
/// Grundy values G(0), …, G(n) of one heap (its periodicity is an open question: none is
/// claimed).
pub fn grundys_game(n: usize) -> Result<Vec<u32>, Error> {
    if n > MAX_HEAP {
        return Err(params(
            n.to_string(),
            Said::new("rule-heap-too-large")
                .text("heap", n)
                .text("most", MAX_HEAP),
        ));
    }
    let mut g: Vec<u32> = Vec::with_capacity(n + 1);
    let mut seen: Vec<u64> = Vec::new();
    for h in 0..=n {
        seen.iter_mut().for_each(|w| *w = 0);
        for a in 1..h.div_ceil(2) {
            let v = (g[a] ^ g[h - a]) as usize;
            if seen.len() <= v / 64 {
                seen.resize(v / 64 + 1, 0);
            }
            seen[v / 64] |= 1 << (v % 64);
        }
        let mex = seen
            .iter()
            .enumerate()
            .find(|(_, w)| **w != u64::MAX)
            .map_or(seen.len() * 64, |(i, w)| {
                i * 64 + (!w).trailing_zeros() as usize
            });
        g.push(mex as u32);
    }
    Ok(g)
}
