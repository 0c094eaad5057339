//! A heap game's rule, by name: what one move may do to one heap. The subtraction games
//! (`subtraction 1,3,4`, and with a periodic set `subtraction 1 mod 2`), the octal games by their code (`octal 0.77`, or by name: `kayles`,
//! `dawsons-kayles`, `dawsons-chess`) and Grundy's game (`grundy`: split a heap into two
//! unequal heaps). Every move on a heap, the values of one heap, and why a move is not one.

use std::fmt;

use super::{Octal, Periodic, MAX_HEAP};
use crate::error::params;
use crate::{Error, Said};

/// The largest heap of Grundy's game a position may hold (its values are quadratic to
/// compute: 20 ms to here in a release build, 0.35 s to 32 768).
pub const MAX_GRUNDY_HEAP: usize = 1 << 13;

/// The largest heap a position of a splitting octal game may hold: the values of a code
/// whose rare values are many are quadratic to compute (`0.04` takes 12 s to 65 536 in a
/// release build, some 50 ms to here), and one question must stay cheap whoever asks it.
pub const MAX_SPLIT_HEAP: usize = 1 << 12;

/// What a move may do to one heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Take s tokens for s in the set, the rest left as one heap.
    Subtraction(Set),
    /// Take any s ≥ 1 tokens whose remainder modulo a period is one of its residues, the
    /// rest left as one heap.
    Periodic(Periodic),
    /// An octal game by its code.
    Octal(Octal),
    /// Grundy's game: split a heap into two non-empty heaps of different sizes.
    Grundy,
}

/// A subtraction set: counts from 1 to [`MAX_DIGITS`], each once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Set(u64);

impl Set {
    /// The counts, ascending.
    pub fn counts(self) -> impl Iterator<Item = u64> {
        (0..64).filter(move |b| self.0 >> b & 1 == 1).map(|b| b + 1)
    }

    /// Whether `s` is in the set.
    pub fn contains(self, s: u64) -> bool {
        (1..=64).contains(&s) && self.0 >> (s - 1) & 1 == 1
    }
}

/// What a move leaves of its heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Left {
    /// Nothing: the whole heap was taken.
    Nothing,
    /// One heap of this many tokens.
    One(u64),
    /// Two non-empty heaps, the smaller first.
    Two(u64, u64),
}

/// A move on one heap: take `take` tokens, leave `left`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HeapMove {
    pub take: u64,
    pub left: Left,
}

/// The octal games known by name, with their codes.
pub const NAMED: [(&str, &str); 3] = [
    ("kayles", "0.77"),
    ("dawsons-kayles", "0.07"),
    ("dawsons-chess", "0.137"),
];

impl Rule {
    /// Reads `subtraction 1,3,4`, `subtraction 1,3 mod 4` (every count whose remainder
    /// modulo 4 is 1 or 3), `octal 0.77`, `kayles` (and the other names of [`NAMED`]) or
    /// `grundy`.
    pub fn parse(text: &str) -> Result<Rule, Error> {
        let t = text.trim();
        let (word, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        let rest = rest.trim();
        match word {
            "subtraction" => {
                let unread = || params(text, Said::new("rule-subtraction-set").text("set", rest));
                if let Some((residues, period)) = rest.split_once("mod") {
                    let period = period.trim().parse::<u64>().map_err(|_| unread())?;
                    let residues = residues
                        .split(',')
                        .map(|s| s.trim().parse::<u64>())
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(|_| unread())?;
                    return Periodic::new(&residues, period)
                        .map(Rule::Periodic)
                        .map_err(|said| params(text, said));
                }
                let set = rest
                    .split(',')
                    .map(|s| s.trim().parse::<u64>())
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|_| unread())?;
                Rule::subtraction(set)
            }
            "octal" => Octal::parse(rest).map(Rule::Octal),
            "grundy" if rest.is_empty() => Ok(Rule::Grundy),
            name if rest.is_empty() => match NAMED.iter().find(|(n, _)| *n == name) {
                Some((_, code)) => Octal::parse(code).map(Rule::Octal),
                None => Err(params(text, Said::new("rule-heap-rule").text("rule", t))),
            },
            _ => Err(params(text, Said::new("rule-heap-rule").text("rule", t))),
        }
    }

    /// The subtraction game of `set` (counts from 1 to [`MAX_DIGITS`]).
    pub fn subtraction(set: Vec<u64>) -> Result<Rule, Error> {
        Octal::subtraction(&set)?;
        Ok(Rule::Subtraction(Set(set
            .iter()
            .fold(0, |mask, s| mask | 1 << (s - 1)))))
    }

    /// The rule as an octal code, when it is one (a subtraction set is).
    pub fn octal(&self) -> Option<Octal> {
        match self {
            Rule::Subtraction(set) => {
                let counts: Vec<u64> = set.counts().collect();
                Octal::subtraction(&counts).ok()
            }
            Rule::Octal(code) => Some(*code),
            Rule::Periodic(_) | Rule::Grundy => None,
        }
    }

    /// The Grundy values G(0), …, G(n) of one heap.
    pub fn values(&self, n: usize) -> Result<Vec<u32>, Error> {
        match (self, self.octal()) {
            (_, Some(code)) => code.values(n),
            (Rule::Periodic(set), None) => {
                // Its values may grow with the heap (`0 mod 1` is Nim), and so does each
                // mex: quadratic, so a smaller bound.
                if n > super::periodic::MAX_VALUES {
                    return Err(params(
                        n.to_string(),
                        Said::new("rule-heap-too-large")
                            .text("heap", n)
                            .text("most", super::periodic::MAX_VALUES),
                    ));
                }
                Ok(set.values(n))
            }
            _ => super::grundys_game(n),
        }
    }

    /// How many moves a heap of `heap` tokens has (as [`Rule::moves`] lists them), without
    /// listing them: those that leave at most one heap, and those that split it.
    pub fn move_counts(&self, heap: u64) -> (u64, u64) {
        match self {
            Rule::Subtraction(set) => (set.counts().filter(|&s| s <= heap).count() as u64, 0),
            Rule::Periodic(set) => (set.count_upto(heap), 0),
            Rule::Octal(code) => {
                let (mut whole, mut splits) = (0, 0);
                for (k, d) in code.digits().iter().enumerate() {
                    let k = k as u64;
                    if k > heap {
                        break;
                    }
                    let rest = heap - k;
                    whole += u64::from(d & 1 != 0 && rest == 0 && k > 0)
                        + u64::from(d & 2 != 0 && rest > 0 && k > 0);
                    if d & 4 != 0 {
                        splits += rest / 2;
                    }
                }
                (whole, splits)
            }
            Rule::Grundy => (0, heap.div_ceil(2).saturating_sub(1)),
        }
    }

    /// The fewest tokens a move takes (0 for a split without taking).
    pub fn least_count(&self) -> u64 {
        match self {
            Rule::Subtraction(set) => set.counts().next().unwrap_or(1),
            Rule::Periodic(set) => set.least(),
            Rule::Octal(code) => code.digits().iter().position(|&d| d != 0).unwrap_or(1) as u64,
            Rule::Grundy => 0,
        }
    }

    /// The largest heap a position of this rule may hold: [`MAX_HEAP`] when a move leaves
    /// at most one heap (a heap has at most 128 moves); [`MAX_SPLIT_HEAP`] when a move may
    /// split or the subtraction set is periodic (its values may be quadratic to compute, and
    /// a heap of n has up to n moves);
    /// [`MAX_GRUNDY_HEAP`] for Grundy's game, whose values are computed heap by heap
    /// (quadratic).
    pub fn max_heap(&self) -> u64 {
        match self {
            Rule::Grundy => MAX_GRUNDY_HEAP as u64,
            Rule::Octal(code) if code.digits().iter().any(|d| d & 4 != 0) => MAX_SPLIT_HEAP as u64,
            Rule::Periodic(_) => MAX_SPLIT_HEAP as u64,
            _ => MAX_HEAP as u64,
        }
    }

    /// Every move on a heap of `heap` tokens, in order (fewest taken first).
    pub fn moves(&self, heap: u64) -> Vec<HeapMove> {
        let mut out = Vec::new();
        match self {
            Rule::Periodic(set) => {
                for s in (1..=heap).filter(|&s| set.contains(s)) {
                    let left = if s == heap {
                        Left::Nothing
                    } else {
                        Left::One(heap - s)
                    };
                    out.push(HeapMove { take: s, left });
                }
            }
            Rule::Subtraction(set) => {
                for s in set.counts().filter(|&s| s <= heap) {
                    let left = if s == heap {
                        Left::Nothing
                    } else {
                        Left::One(heap - s)
                    };
                    out.push(HeapMove { take: s, left });
                }
            }
            Rule::Octal(code) => {
                for (k, d) in code.digits().iter().enumerate() {
                    let k = k as u64;
                    if k > heap {
                        break;
                    }
                    let rest = heap - k;
                    if d & 1 != 0 && rest == 0 && k > 0 {
                        out.push(HeapMove {
                            take: k,
                            left: Left::Nothing,
                        });
                    }
                    if d & 2 != 0 && rest > 0 && k > 0 {
                        out.push(HeapMove {
                            take: k,
                            left: Left::One(rest),
                        });
                    }
                    if d & 4 != 0 {
                        for a in 1..=rest / 2 {
                            out.push(HeapMove {
                                take: k,
                                left: Left::Two(a, rest - a),
                            });
                        }
                    }
                }
            }
            Rule::Grundy => {
                for a in 1..heap.div_ceil(2) {
                    out.push(HeapMove {
                        take: 0,
                        left: Left::Two(a, heap - a),
                    });
                }
            }
        }
        out
    }

    /// Whether `m` is a move on a heap of `heap` tokens; if not, the rule it breaks. Read
    /// from the rule directly, without listing the heap's moves.
    pub fn check(&self, heap: u64, m: &HeapMove) -> Result<(), Said> {
        let left = match m.left {
            Left::Nothing => 0,
            Left::One(r) => r,
            Left::Two(a, b) => a.saturating_add(b),
        };
        if m.take.checked_add(left) != Some(heap) {
            return Err(Said::new("rule-heap-count")
                .text("heap", heap)
                .text("take", m.take)
                .text("left", left));
        }
        let allowed = match (self, m.left) {
            (_, Left::One(0)) => false,
            (_, Left::Two(a, b)) if a == 0 || a > b => false,
            (Rule::Subtraction(set), Left::Nothing | Left::One(_)) => set.contains(m.take),
            (Rule::Subtraction(_) | Rule::Periodic(_), Left::Two(..)) => false,
            (Rule::Periodic(set), Left::Nothing | Left::One(_)) => set.contains(m.take),
            (Rule::Octal(code), left) => {
                let digit = usize::try_from(m.take)
                    .ok()
                    .and_then(|k| code.digits().get(k))
                    .copied()
                    .unwrap_or(0);
                match left {
                    Left::Nothing => m.take > 0 && digit & 1 != 0,
                    Left::One(_) => m.take > 0 && digit & 2 != 0,
                    Left::Two(..) => digit & 4 != 0,
                }
            }
            (Rule::Grundy, Left::Two(a, b)) => m.take == 0 && a < b,
            (Rule::Grundy, _) => false,
        };
        if allowed {
            return Ok(());
        }
        Err(Said::new("rule-heap-not-allowed")
            .text("rule", self)
            .text("move", notation(m)))
    }
}

/// A move on one heap as the notation writes it after the heap's number: `:3` (take 3),
/// `:1=2+4` (take 1, split the rest into 2 and 4), `=2+5` (split without taking).
pub fn notation(m: &HeapMove) -> String {
    match (m.take, m.left) {
        (0, Left::Two(a, b)) => format!("={a}+{b}"),
        (t, Left::Two(a, b)) => format!(":{t}={a}+{b}"),
        (t, _) => format!(":{t}"),
    }
}

impl fmt::Display for Rule {
    /// `subtraction 1,3,4`, `subtraction 1 mod 2`, `octal 0.77`, `grundy`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Subtraction(set) => {
                let set: Vec<String> = set.counts().map(|s| s.to_string()).collect();
                write!(f, "subtraction {}", set.join(","))
            }
            Rule::Periodic(set) => write!(f, "subtraction {set}"),
            Rule::Octal(code) => write!(f, "octal {code}"),
            Rule::Grundy => f.write_str("grundy"),
        }
    }
}
