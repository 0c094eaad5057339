//! A heap game's table of two heaps, as the research questions read it: cell (a, b) is the
//! position of heaps a and b, whose Grundy number is G(a) xor G(b); row 0 is one heap's
//! values G(0), G(1), … (`research::Table2D::Heap`).

use std::sync::Arc;

use super::{values, Proved, Rule};
use crate::Error;

/// The values of one heap below `size`, under `rule`.
#[derive(Debug, Clone)]
pub struct Table {
    rule: Rule,
    size: u64,
    values: Arc<Vec<u32>>,
}

impl Table {
    /// The table of heaps 0 to `size` − 1 (computed once per rule: [`values`]).
    pub fn solve(rule: Rule, size: u64) -> Result<Table, Error> {
        let values = values(&rule, size.saturating_sub(1))?;
        Ok(Table { rule, size, values })
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// One past the largest heap.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The period of one heap's values that the octal games' periodicity theorem proves
    /// from those below the size ([`super::Octal::proved_period`]); `None` when the rule is
    /// not an octal game the theorem covers, or the values are too few to prove one.
    pub fn proved(&self) -> Option<Proved> {
        let n = usize::try_from(self.size).ok()?;
        let values = self.values.get(..n)?;
        self.rule.octal()?.proved_period(values, n / 2)
    }

    /// G(a) xor G(b), for heaps below the size.
    pub fn get(&self, a: u64, b: u64) -> Option<u64> {
        if a >= self.size || b >= self.size {
            return None;
        }
        let g = |h: u64| u64::from(self.values[h as usize]);
        Some(g(a) ^ g(b))
    }
}
