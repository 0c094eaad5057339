//! Exact outcome and remoteness of a sum by searching its product space: every combination of
//! the positions each component can reach. Remoteness is not a function of the components'
//! values, and misère play has no Sprague–Grundy shortcut, so this is how both are known
//! exactly — when there are at most [`MAX_STATES`] combinations.
//!
//! How many there are is a product known before anything is searched (see [`layout`]), so a
//! sum too large is refused at once, with its number. The search itself is one pass in
//! increasing order that costs a few reads per combination, however many moves each has
//! (see [`pass`]): 1 000 000 combinations take a few tens of milliseconds, and 4 MB for
//! their remoteness.

mod explicit;
mod heaps;
mod layout;
mod pass;

use crate::sum::Position;
use crate::{Convention, Outcome, Said};

use layout::Layout;

/// Most combinations of component positions one search covers: the pass takes at most
/// ~60 ms on one core at this bound (docs/PERFORMANCE.md, *sums of games*), well within
/// the second an interactive question may take, and keeps 4 bytes for each.
pub const MAX_STATES: u64 = 1_000_000;

/// Why a search was not made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TooLarge {
    /// More combinations than `max`.
    States {
        /// How many there are (`None`: more than 2¹²⁸).
        combinations: Option<u128>,
        /// The bound.
        max: u64,
        /// Whether a chocolate bar with stairs is counted by its whole box x·y·z, bars or
        /// not (as the search numbers them).
        boxes: bool,
    },
    /// A component is a chocolate bar whose edge is a formula and whose box x·y·z holds more
    /// bars than its moves are listed for.
    Edge {
        /// The component, counted from 1.
        component: usize,
        /// The most bars.
        most: u64,
    },
    /// A component is a heap game that reaches more positions than its moves are listed for.
    Heaps {
        /// The component, counted from 1.
        component: usize,
        /// The most positions.
        most: u64,
    },
}

impl TooLarge {
    /// The reason for a person (`rule-sum-states`: too large to search: …), with the
    /// numbers.
    pub fn reason(&self) -> Said {
        match *self {
            TooLarge::States {
                combinations,
                max,
                boxes,
            } => {
                let count = match combinations {
                    Some(n) => Said::new("rule-sum-states-count").text("count", n),
                    None => Said::new("rule-sum-states-beyond"),
                };
                let id = if boxes {
                    "rule-sum-states-boxes"
                } else {
                    "rule-sum-states"
                };
                Said::new(id).with("count", count).text("most", max)
            }
            TooLarge::Edge { component, most } => Said::new("rule-sum-edge")
                .text("component", component)
                .text("most", most),
            TooLarge::Heaps { component, most } => Said::new("rule-sum-heaps-unsearched")
                .text("component", component)
                .text("most", most),
        }
    }
}

/// How many combinations a search of `p` covers, or why it would not be made: known at
/// once, without searching.
pub fn size(p: &Position) -> Result<u64, TooLarge> {
    Layout::new(p, MAX_STATES).map(|l| l.states)
}

/// The product space of a sum: every combination of its components' positions, within the
/// bound, ready to be solved under either convention.
#[derive(Debug, Clone)]
pub struct Space {
    layout: Layout,
}

impl Space {
    /// The numbering of `p`'s combinations, or why there are too many to search.
    pub fn new(p: &Position) -> Result<Space, TooLarge> {
        Layout::new(p, MAX_STATES).map(|layout| Space { layout })
    }

    /// How many combinations there are.
    pub fn states(&self) -> u64 {
        self.layout.states
    }

    /// The remoteness of every combination under `convention`.
    pub fn solve(self, convention: Convention) -> Solved {
        let remoteness = pass::solve(&self.layout, convention.loss_parity() as u32);
        Solved {
            convention,
            layout: self.layout,
            remoteness,
        }
    }
}

/// The product space of a sum, solved under one convention: the remoteness of every
/// combination, from which its outcome follows.
pub struct Solved {
    convention: Convention,
    layout: Layout,
    remoteness: Vec<u32>,
}

impl Solved {
    /// Solves every combination below `p` under `convention`, or says why it is too large.
    pub fn new(p: &Position, convention: Convention) -> Result<Solved, TooLarge> {
        Ok(Space::new(p)?.solve(convention))
    }

    /// The outcome and remoteness of `q`, a sum reachable from the one solved (`None` for
    /// any other).
    pub fn get(&self, q: &Position) -> Option<(Outcome, u64)> {
        let at = self.layout.index(q)?;
        let r = u64::from(*self.remoteness.get(at as usize)?);
        let outcome = if r % 2 == self.convention.loss_parity() {
            Outcome::Loss
        } else {
            Outcome::Win
        };
        Some((outcome, r))
    }

    /// How many combinations were solved.
    pub fn states(&self) -> u64 {
        self.layout.states
    }
}

#[cfg(test)]
mod tests;
