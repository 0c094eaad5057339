//! Octal games: heaps of tokens, a move takes tokens from one heap as the game's code allows
//! (Guy and Smith, 1956). The code `d0.d1d2d3…` gives, for each count k of tokens taken, an
//! octal digit dk whose bits say what may be left of the heap: 1, nothing (k was the whole
//! heap); 2, one heap; 4, two heaps (the rest split in two non-empty heaps). `0.77` is
//! Kayles, `0.07` Dawson's Kayles, `0.137` Dawson's Chess; a subtraction game with set S is
//! the code whose digits are 3 at the counts of S. A digit before the point of 4 lets a move
//! split a heap without taking anything (Grundy's game is not octal: see the named rules).
//!
//! Grundy values of one heap of n tokens, G(n), are computed for n up to a bound; the
//! values of several heaps are their XOR. A finite code's values are ultimately periodic,
//! and a finite prefix proves it: if G(n + p) = G(n) for every n with n0 ≤ n < 2·n0 + p + t
//! (t the last count the code allows), then for every n ≥ n0 (the octal games' periodicity
//! theorem; Berlekamp, Conway and Guy, *Winning Ways*, ch. 4).

use std::fmt;

use crate::error::params;
use crate::{Error, Said};

/// Most digits after the point: a move takes at most this many tokens.
pub const MAX_DIGITS: usize = 64;

/// Most tokens in a heap whose values are computed at once.
pub const MAX_HEAP: usize = 1 << 20;

/// An octal game by its code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Octal {
    /// `digits[k]`: what taking k tokens may leave; `digits[0]` is the digit before the point;
    /// the code's digits are the first `len`, the rest zeros.
    digits: [u8; MAX_DIGITS + 1],
    len: u8,
}

impl Octal {
    /// Reads a code: `0.77`, `.07`, `0.137`, `4.07`. Trailing zeros are dropped.
    pub fn parse(text: &str) -> Result<Octal, Error> {
        let t = text.trim();
        let (before, after) = t.split_once('.').unwrap_or((t, ""));
        let refuse = |reason: Said| params(text, reason);
        let digit = |c: char, at: usize| match c.to_digit(8) {
            Some(d) => Ok(d as u8),
            None => Err(refuse(
                Said::new("rule-octal-digit")
                    .text("digit", c)
                    .text("at", at),
            )),
        };
        let d0 = match before {
            "" | "0" => 0,
            "4" => 4,
            other => {
                return Err(refuse(
                    Said::new("rule-octal-before-point").text("digit", other),
                ))
            }
        };
        let mut digits = vec![d0];
        for (i, c) in after.chars().enumerate() {
            digits.push(digit(c, before.len() + 2 + i)?);
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.len() - 1 > MAX_DIGITS {
            return Err(refuse(
                Said::new("rule-octal-long").text("most", MAX_DIGITS),
            ));
        }
        if digits.iter().all(|&d| d == 0) {
            return Err(refuse(Said::new("rule-octal-no-move")));
        }
        Ok(Octal::of_digits(&digits))
    }

    /// The code of these digits (at most `MAX_DIGITS + 1`, checked by the caller).
    fn of_digits(digits: &[u8]) -> Octal {
        let mut all = [0; MAX_DIGITS + 1];
        all[..digits.len()].copy_from_slice(digits);
        Octal {
            digits: all,
            len: digits.len() as u8,
        }
    }

    /// The subtraction game whose moves take s tokens for s in `set` (leaving the rest as
    /// one heap, or nothing).
    pub fn subtraction(set: &[u64]) -> Result<Octal, Error> {
        let shown = || {
            set.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        if set.is_empty() {
            return Err(params(shown(), Said::new("rule-subtraction-empty")));
        }
        let mut digits = vec![0u8];
        for &s in set {
            let k = match usize::try_from(s) {
                Ok(k) if (1..=MAX_DIGITS).contains(&k) => k,
                _ => {
                    return Err(params(
                        shown(),
                        Said::new("rule-subtraction-range")
                            .text("taken", s)
                            .text("most", MAX_DIGITS),
                    ))
                }
            };
            if digits.len() <= k {
                digits.resize(k + 1, 0);
            }
            digits[k] = 3;
        }
        Ok(Octal::of_digits(&digits))
    }

    /// The code's digits: `digits()[k]` says what taking k tokens may leave (1: nothing, 2:
    /// one heap, 4: two heaps); `digits()[0]` is the digit before the point.
    pub fn digits(&self) -> &[u8] {
        &self.digits[..usize::from(self.len)]
    }

    /// The largest count a move may take (t).
    pub fn last_count(&self) -> usize {
        usize::from(self.len) - 1
    }

    /// The Grundy values G(0), …, G(n) of one heap. Computed heap by heap until the
    /// periodicity theorem proves a period ([`Octal::proved_period`], tried at every power of
    /// two); from there on, by the period — exactly, since the theorem proves it for every
    /// heap. So a game whose period shows early (Kayles, Dawson's Chess) has its values to
    /// a million in milliseconds. Past the first [`PREFIX`](super::sparse::PREFIX) heaps, a
    /// code that splits uses the sparse-space phenomenon (`heap::sparse`): exact, and about
    /// linear where rare values are few.
    pub fn values(&self, n: usize) -> Result<Vec<u32>, Error> {
        super::check_heap(n)?;
        let mut g: Vec<u32> = Vec::with_capacity(n + 1);
        let mut reached = super::Reached::default();
        let mut next_try = 64;
        let mut sparse: Option<super::sparse::Sparse> = None;
        let mut splits = Vec::new();
        for h in 0..=n {
            if h == next_try {
                next_try *= 2;
                if let Some(p) = self.proved_period(&g, h / 2) {
                    for h in h..=n {
                        g.push(g[h - p.period]);
                    }
                    return Ok(g);
                }
            }
            if h == super::sparse::PREFIX && self.digits().iter().any(|d| d & 4 != 0) {
                sparse = Some(super::sparse::Sparse::new(&g));
            }
            takes(self.digits(), &g, &mut reached, &mut splits);
            if let Some(s) = &mut sparse {
                let v = s.next(&g, &splits, &mut reached);
                g.push(v);
                continue;
            }
            for &rest in &splits {
                for a in 1..=rest / 2 {
                    reached.mark(g[a] ^ g[rest - a]);
                }
            }
            g.push(reached.mex());
        }
        Ok(g)
    }

    /// The periodicity of `values` (this game's G(0), G(1), …) that the octal games'
    /// periodicity theorem proves: the least period p ≤ `max_period`, with the least
    /// preperiod n0 for it, such that G(n + p) = G(n) for n0 ≤ n < 2·n0 + p + t (which reads
    /// values up to 2·n0 + 2·p + t − 1). `None` when the values given are too few to prove
    /// any.
    pub fn proved_period(&self, values: &[u32], max_period: usize) -> Option<Proved> {
        let t = self.last_count();
        // A move that splits without taking (digit 4 before the point) is outside the
        // theorem as stated here.
        if self.digits[0] != 0 {
            return None;
        }
        let len = values.len();
        for p in 1..=max_period.min(len) {
            // The least n0 from which G(n + p) = G(n) holds to the end of the data.
            let mut n0 = len - p;
            while n0 > 0 && values[n0 - 1 + p] == values[n0 - 1] {
                n0 -= 1;
            }
            if 2 * n0 + 2 * p + t <= len {
                return Some(Proved {
                    preperiod: n0,
                    period: p,
                    checked: len,
                });
            }
        }
        None
    }
}

/// What the moves of heap `h` = `g.len()` that leave at most one heap reach, marked in
/// `reached` (cleared first); and in `splits`, what is left to split in two by each move that
/// may split.
pub(super) fn takes(
    digits: &[u8],
    g: &[u32],
    reached: &mut super::Reached,
    splits: &mut Vec<usize>,
) {
    let h = g.len();
    reached.clear();
    splits.clear();
    for (k, &d) in digits.iter().enumerate() {
        if d == 0 || k > h {
            continue;
        }
        let rest = h - k;
        if d & 1 != 0 && rest == 0 && k > 0 {
            reached.mark(0);
        }
        if d & 2 != 0 && rest > 0 && k > 0 {
            reached.mark(g[rest]);
        }
        if d & 4 != 0 && rest >= 2 {
            splits.push(rest);
        }
    }
}

/// A periodicity proved from a finite prefix: G(n + period) = G(n) for every n ≥ preperiod.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proved {
    /// n0: the least index from which the period holds.
    pub preperiod: usize,
    /// p: the least period.
    pub period: usize,
    /// How many values the proof read.
    pub checked: usize,
}

impl fmt::Display for Octal {
    /// The code: `0.77`; `0.3033` for the subtraction set {1, 3, 4}.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        for d in &self.digits()[1..] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}
