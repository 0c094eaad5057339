//! A heap game's position — its rule and its heaps, in a row as people number them from 1 —
//! and its moves with their notation: `2:3` (take 3 from heap 2), `2:1=2+4` (take 1 and
//! split the rest into 2 and 4), `2=2+5` (split without taking), or the heaps after the move.

use std::fmt;

use super::rule::{notation as heap_notation, HeapMove, Left, Rule};
use crate::error::{illegal, notation, one_based, params, position, Error};
use crate::number_list::parse_numbers;
use crate::Said;

/// The most heaps a position may have, those its splits made included: a game of Grundy's
/// game from a heap of a thousand tokens ends with about 400. At the limit, a move may no
/// longer split.
pub const MAX_HEAPS: usize = 1024;

/// The most heaps a position may be typed with.
pub const MAX_TYPED_HEAPS: usize = 16;

/// A heap game's position: its rule and 1 to [`MAX_HEAPS`] heaps, each of at most the
/// rule's [`Rule::max_heap`] tokens. A heap taken whole stays in its place, empty, so that
/// numbers do not shift; a split heap becomes two heaps side by side, the smaller first.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    rule: Rule,
    heaps: Vec<u64>,
}

/// A move: on heap `heap` (counted from 0; people see it from 1), the heap move `mv`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The heap, counted from 0.
    pub heap: usize,
    /// What is taken and what is left.
    pub mv: HeapMove,
}

impl fmt::Display for Move {
    /// `2:3`, `2:1=2+4`, `2=2+5`: the heap counted from 1, then the heap move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.heap.saturating_add(1),
            heap_notation(&self.mv)
        )
    }
}

impl Position {
    /// The position of `rule` with these heaps, or the limit a heap count or a heap breaks.
    pub fn new(rule: Rule, heaps: Vec<u64>) -> Result<Position, Error> {
        let shown = || join(&heaps);
        if heaps.is_empty() || heaps.len() > MAX_HEAPS {
            return Err(params(
                shown(),
                Said::new("rule-heap-count-limit")
                    .text("most", MAX_HEAPS)
                    .text("count", heaps.len()),
            ));
        }
        let most = rule.max_heap();
        if let Some((i, &h)) = heaps.iter().enumerate().find(|(_, &h)| h > most) {
            return Err(position(
                shown(),
                Said::new("rule-heap-size")
                    .text("heap", i + 1)
                    .text("tokens", h)
                    .text("most", most),
            ));
        }
        Ok(Position { rule, heaps })
    }

    /// Reads heaps such as `3,4,5` (spaces, dashes and brackets accepted as for Nim), at
    /// most [`MAX_TYPED_HEAPS`] of them.
    pub fn parse(rule: Rule, text: &str) -> Result<Position, Error> {
        let heaps = parse_numbers(text).map_err(|reason| position(text, reason))?;
        if heaps.len() > MAX_TYPED_HEAPS {
            return Err(params(
                text,
                Said::new("rule-heap-count-limit")
                    .text("most", MAX_TYPED_HEAPS)
                    .text("count", heaps.len()),
            ));
        }
        Position::new(rule, heaps).map_err(|e| e.with_input(text))
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The heaps, heap 1 first.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The largest heap.
    pub fn largest(&self) -> u64 {
        self.heaps.iter().copied().max().unwrap_or(0)
    }

    /// Whether a move may still split a heap (the position is below [`MAX_HEAPS`]).
    fn may_split(&self) -> bool {
        self.heaps.len() < MAX_HEAPS
    }

    /// Checks `m` against the rule, naming what it breaks.
    fn check(&self, m: &Move) -> Result<(), Error> {
        let shown = m.to_string();
        let index = one_based(&shown, "rule-no-heap", m.heap as u128 + 1, self.heaps.len())?;
        self.rule
            .check(self.heaps[index], &m.mv)
            .map_err(|reason| illegal(&shown, reason))?;
        if matches!(m.mv.left, Left::Two(..)) && !self.may_split() {
            return Err(illegal(
                shown,
                Said::new("rule-heap-no-more-splits").text("most", MAX_HEAPS),
            ));
        }
        Ok(())
    }

    /// Reads `P:T`, `P:T=A+B` or `P=A+B`.
    fn parse_notation(&self, text: &str) -> Result<Move, Error> {
        let unreadable = || notation(text, Said::new("rule-heap-move-unread").text("move", text));
        let number = |s: &str| s.trim().parse::<u64>().map_err(|_| unreadable());
        let (head, split) = match text.split_once('=') {
            Some((head, split)) => {
                let (a, b) = split.split_once('+').ok_or_else(unreadable)?;
                (head, Some((number(a)?, number(b)?)))
            }
            None => (text, None),
        };
        let (pile, take) = match head.split_once(':') {
            Some((pile, take)) => (number(pile)?, number(take)?),
            None if split.is_some() => (number(head)?, 0),
            None => return Err(unreadable()),
        };
        let index = one_based(text, "rule-no-heap", u128::from(pile), self.heaps.len())?;
        let rest = self.heaps[index].saturating_sub(take);
        let left = match split {
            Some((a, b)) => Left::Two(a.min(b), a.max(b)),
            None if rest == 0 => Left::Nothing,
            None => Left::One(rest),
        };
        let m = Move {
            heap: index,
            mv: HeapMove { take, left },
        };
        self.check(&m)?;
        Ok(m)
    }

    /// Reads the heaps after the move: as many as before (one heap shrank), or one more (one
    /// heap was split into the two written in its place).
    fn parse_result(&self, text: &str) -> Result<Move, Error> {
        let unreadable = || notation(text, Said::new("rule-heap-move-unread").text("move", text));
        let after = parse_numbers(text).map_err(|_| unreadable())?;
        let before = &self.heaps;
        let first = (0..before.len()).find(|&i| after.get(i) != Some(&before[i]));
        let not_one = || {
            illegal(
                text,
                Said::new("rule-heap-one-heap")
                    .text("from", self)
                    .text("to", join(&after)),
            )
        };
        let Some(i) = first else {
            return Err(not_one());
        };
        let h = before[i];
        let mv = if after.len() == before.len() && after[i + 1..] == before[i + 1..] {
            let left = match after[i] {
                0 => Left::Nothing,
                r => Left::One(r),
            };
            HeapMove {
                take: h.saturating_sub(after[i]),
                left,
            }
        } else if after.len() == before.len() + 1 && after[i + 2..] == before[i + 1..] {
            let (a, b) = (after[i], after[i + 1]);
            HeapMove {
                take: h.saturating_sub(a.saturating_add(b)),
                left: Left::Two(a.min(b), a.max(b)),
            }
        } else {
            return Err(not_one());
        };
        if after[i] > h {
            return Err(illegal(
                text,
                Said::new("rule-nim-grows")
                    .text("pile", i + 1)
                    .text("from", h)
                    .text("to", after[i]),
            ));
        }
        let m = Move { heap: i, mv };
        self.check(&m)?;
        Ok(m)
    }
}

/// `3,4,5`.
fn join(heaps: &[u64]) -> String {
    heaps
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&join(&self.heaps))
    }
}

impl crate::Position for Position {
    type Move = Move;

    /// Heap by heap, each heap's moves as [`Rule::moves`] lists them (no split at
    /// [`MAX_HEAPS`]).
    fn legal_moves(&self) -> Vec<Move> {
        let split = self.may_split();
        let mut out = Vec::new();
        for (heap, &h) in self.heaps.iter().enumerate() {
            out.extend(
                self.rule
                    .moves(h)
                    .into_iter()
                    .filter(|mv| split || !matches!(mv.left, Left::Two(..)))
                    .map(|mv| Move { heap, mv }),
            );
        }
        out
    }

    fn move_count(&self) -> u64 {
        let split = self.may_split();
        self.heaps
            .iter()
            .map(|&h| {
                let (whole, splits) = self.rule.move_counts(h);
                if split {
                    whole + splits
                } else {
                    whole
                }
            })
            .sum()
    }

    fn play(&self, m: &Move) -> Result<Position, Error> {
        self.check(m)?;
        let mut heaps = self.heaps.clone();
        match m.mv.left {
            Left::Nothing => heaps[m.heap] = 0,
            Left::One(r) => heaps[m.heap] = r,
            Left::Two(a, b) => {
                heaps[m.heap] = a;
                heaps.insert(m.heap + 1, b);
            }
        }
        Ok(Position {
            rule: self.rule,
            heaps,
        })
    }

    /// Accepts `P:T`, `P:T=A+B`, `P=A+B` (heaps counted from 1) or the heaps after the move,
    /// such as `3,1,5`.
    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let trimmed = text.trim();
        if trimmed.contains([':', '=']) {
            self.parse_notation(trimmed)
        } else {
            self.parse_result(trimmed)
        }
        .map_err(|e| e.with_input(text))
    }

    fn is_terminal(&self) -> bool {
        self.move_count() == 0
    }
}
