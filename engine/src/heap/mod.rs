//! Heap games: tokens in heaps, a move takes from one heap (and may split what is left). The
//! octal games by their code ([`Octal`]: Kayles `0.77`, Dawson's Kayles `0.07`, Dawson's
//! Chess `0.137`), the subtraction games as octal codes ([`Octal::subtraction`]) or, with
//! an infinite periodic set, by residues ([`Periodic`]), and
//! Grundy's game ([`grundys_game`]), whose move splits a heap in two unequal heaps. A game's
//! [`Rule`] by name (`subtraction 1,3,4`, `kayles`, `grundy`) lists a heap's moves, and a
//! position of several heaps ([`Position`], played as the game `heap`) is [`search`]ed whole
//! for its remoteness and misère play.

mod octal;
mod periodic;
mod position;
mod rule;
mod search;
mod sparse;
mod table;
mod value;

pub use octal::{Octal, Proved, MAX_DIGITS, MAX_HEAP};
pub use periodic::{Periodic, MAX_PERIOD};
pub use position::{Move, Position, MAX_HEAPS, MAX_TYPED_HEAPS};
pub use rule::{notation, HeapMove, Left, Rule, Set, MAX_GRUNDY_HEAP, MAX_SPLIT_HEAP, NAMED};
pub use search::{search, Known, Searched};
pub use table::Table;
pub use value::{grundy, misere, misere_with_successors, moves_to, value, values, with_successors};

use crate::error::params;
use crate::{Error, Said};

/// Grundy's game: a move splits one heap into two non-empty heaps of different sizes. The
/// Grundy values G(0), …, G(n) of one heap (its periodicity is an open question: none is
/// claimed).
pub fn grundys_game(n: usize) -> Result<Vec<u32>, Error> {
    check_heap(n)?;
    let mut g: Vec<u32> = Vec::with_capacity(n + 1);
    let mut reached = Reached::default();
    for h in 0..=n {
        reached.clear();
        for a in 1..h.div_ceil(2) {
            reached.mark(g[a] ^ g[h - a]);
        }
        g.push(reached.mex());
    }
    Ok(g)
}

/// Refuses a heap beyond [`MAX_HEAP`].
fn check_heap(n: usize) -> Result<(), Error> {
    if n > MAX_HEAP {
        return Err(params(
            n.to_string(),
            Said::new("rule-heap-too-large")
                .text("heap", n)
                .text("most", MAX_HEAP),
        ));
    }
    Ok(())
}

/// The values a heap's moves reach, as a bitset grown as needed.
#[derive(Default)]
struct Reached(Vec<u64>);

impl Reached {
    fn clear(&mut self) {
        self.0.iter_mut().for_each(|w| *w = 0);
    }

    fn mark(&mut self, v: u32) {
        let w = v as usize / 64;
        if self.0.len() <= w {
            self.0.resize(w + 1, 0);
        }
        self.0[w] |= 1 << (v % 64);
    }

    /// Whether `v` is reached.
    fn has(&self, v: u32) -> bool {
        self.0
            .get(v as usize / 64)
            .is_some_and(|w| w >> (v % 64) & 1 == 1)
    }

    /// The least value not reached.
    fn mex(&self) -> u32 {
        let free = self
            .0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != u64::MAX)
            .map_or(self.0.len() * 64, |(i, w)| {
                i * 64 + (!w).trailing_zeros() as usize
            });
        free as u32
    }
}
