//! Periodic subtraction sets: a move takes any count s ≥ 1 whose remainder modulo the period
//! p is one of the residues (`subtraction 1 mod 2`: any odd count; `subtraction 0 mod 1`:
//! any count, which is Nim). Infinite sets, so a heap of n has up to n moves.

use std::fmt;

use crate::Said;

/// The longest period.
pub const MAX_PERIOD: u64 = 64;

/// The largest heap whose values are computed: each value's mex may read as many words as
/// the value is large (`0 mod 1`, Nim, has G(n) = n), so the values to n are quadratic
/// (to here, a fraction of a second).
pub const MAX_VALUES: usize = 1 << 16;

/// Every s ≥ 1 with s mod `period` among `residues`, kept with its smallest period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Periodic {
    /// Bit r set: residue r.
    residues: u64,
    period: u8,
}

impl Periodic {
    /// The set of residues modulo `period` (1 to [`MAX_PERIOD`], each residue below it), or
    /// the rule it breaks. `1,3 mod 4` is kept as `1 mod 2`.
    pub fn new(residues: &[u64], period: u64) -> Result<Periodic, Said> {
        if !(1..=MAX_PERIOD).contains(&period) {
            return Err(Said::new("rule-subtraction-period")
                .text("period", period)
                .text("most", MAX_PERIOD));
        }
        if residues.is_empty() {
            return Err(Said::new("rule-subtraction-empty"));
        }
        let mut mask = 0u64;
        for &r in residues {
            if r >= period {
                return Err(Said::new("rule-subtraction-residue")
                    .text("residue", r)
                    .text("period", period));
            }
            mask |= 1 << r;
        }
        // The smallest period d dividing p whose residues repeat every d.
        let d = (1..=period)
            .find(|d| {
                period.is_multiple_of(*d) && (0..period).all(|r| bit(mask, r) == bit(mask, r % d))
            })
            .unwrap_or(period);
        let residues = (0..d).filter(|&r| bit(mask, r)).fold(0, |m, r| m | 1 << r);
        Ok(Periodic {
            residues,
            period: d as u8, // at most 64
        })
    }

    /// The period p.
    pub fn period(self) -> u64 {
        u64::from(self.period)
    }

    /// The residues, ascending.
    pub fn residues(self) -> impl Iterator<Item = u64> {
        (0..self.period()).filter(move |&r| bit(self.residues, r))
    }

    /// Whether a move may take `s`.
    pub fn contains(self, s: u64) -> bool {
        s >= 1 && bit(self.residues, s % self.period())
    }

    /// How many counts from 1 to `n` a move may take.
    pub fn count_upto(self, n: u64) -> u64 {
        let p = self.period();
        self.residues()
            .map(|r| match r {
                0 => n / p,
                r if r <= n => (n - r) / p + 1,
                _ => 0,
            })
            .sum()
    }

    /// The fewest tokens a move takes.
    pub fn least(self) -> u64 {
        (1..=self.period()).find(|&s| self.contains(s)).unwrap_or(1)
    }

    /// G(0), …, G(n) of one heap. The moves from n reach every m < n in the classes
    /// (n − r) mod p, r a residue (the largest such m is n − r itself, and all below it
    /// in the class), so each class keeps the set of its values so far and G(n) is the mex
    /// of the union of a few of them: O(p + mex/64) per heap, not O(n).
    pub fn values(self, n: usize) -> Vec<u32> {
        let p = self.period() as usize;
        let residues: Vec<usize> = self.residues().map(|r| r as usize).collect();
        // Per class: a bitset of the values of its heaps so far.
        let mut classes: Vec<Vec<u64>> = vec![Vec::new(); p];
        let mut g = Vec::with_capacity(n + 1);
        for h in 0..=n {
            let sets: Vec<&Vec<u64>> = residues
                .iter()
                .filter(|&&r| r <= h && (r > 0 || h >= p))
                .map(|&r| &classes[(h + p - r) % p])
                .collect();
            let words = sets.iter().map(|s| s.len()).max().unwrap_or(0);
            let mex = (0..=words)
                .find_map(|w| {
                    let seen = sets
                        .iter()
                        .fold(0u64, |acc, s| acc | s.get(w).copied().unwrap_or(0));
                    (seen != u64::MAX).then(|| w * 64 + (!seen).trailing_zeros() as usize)
                })
                .unwrap_or(words * 64);
            // Below 2^32: a value is at most the heap.
            g.push(mex as u32);
            let class = &mut classes[h % p];
            if class.len() <= mex / 64 {
                class.resize(mex / 64 + 1, 0);
            }
            class[mex / 64] |= 1 << (mex % 64);
        }
        g
    }
}

fn bit(mask: u64, r: u64) -> bool {
    mask >> r & 1 == 1
}

impl fmt::Display for Periodic {
    /// `1,3 mod 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let residues: Vec<String> = self.residues().map(|r| r.to_string()).collect();
        write!(f, "{} mod {}", residues.join(","), self.period)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// G by the definition: the mex over every count the set allows.
    fn by_definition(set: Periodic, n: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::new();
        for h in 0..=n {
            let reached: Vec<u32> = (1..=h)
                .filter(|&s| set.contains(s as u64))
                .map(|s| g[h - s])
                .collect();
            g.push((0..).find(|v| !reached.contains(v)).unwrap_or(0));
        }
        g
    }

    #[test]
    fn values_are_the_mex_over_every_allowed_count() {
        for p in 1..=9u64 {
            for mask in 1..(1u64 << p) {
                let residues: Vec<u64> = (0..p).filter(|&r| bit(mask, r)).collect();
                let set = Periodic::new(&residues, p).expect("a set");
                assert_eq!(set.values(120), by_definition(set, 120), "{set}");
                for n in 0..40 {
                    let count = (1..=n).filter(|&s| set.contains(s)).count() as u64;
                    assert_eq!(set.count_upto(n), count, "{set} to {n}");
                }
            }
        }
    }

    #[test]
    fn known_sets() {
        // Any count: Nim, G(n) = n. Odd counts: G(n) = n mod 2.
        let all = Periodic::new(&[0], 1).unwrap();
        assert_eq!(all.values(9), (0..=9).collect::<Vec<u32>>());
        let odd = Periodic::new(&[1], 2).unwrap();
        assert!(odd
            .values(50)
            .iter()
            .enumerate()
            .all(|(n, &g)| g == n as u32 % 2));
        // Kept with the smallest period, and written so.
        let odd_again = Periodic::new(&[1, 3], 4).unwrap();
        assert_eq!(odd_again, odd);
        assert_eq!(odd_again.to_string(), "1 mod 2");
        assert_eq!(
            Periodic::new(&[0, 2, 3], 6).unwrap().to_string(),
            "0,2,3 mod 6"
        );
        assert_eq!(Periodic::new(&[2], 3).unwrap().least(), 2);
        assert_eq!(Periodic::new(&[0], 3).unwrap().least(), 3);
    }

    #[test]
    fn refusals_say_which_rule() {
        assert_eq!(
            Periodic::new(&[1], 0).unwrap_err().id,
            "rule-subtraction-period"
        );
        assert_eq!(
            Periodic::new(&[1], 65).unwrap_err().id,
            "rule-subtraction-period"
        );
        assert_eq!(
            Periodic::new(&[4], 4).unwrap_err().id,
            "rule-subtraction-residue"
        );
        assert_eq!(
            Periodic::new(&[], 4).unwrap_err().id,
            "rule-subtraction-empty"
        );
    }
}
