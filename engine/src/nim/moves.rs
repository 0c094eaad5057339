//! Nim moves — take stones from one pile — with their notation `2:3` and the rules of play.

use std::fmt;

use crate::error::{illegal, notation, one_based, Error};
use crate::nim::Position;
use crate::number_list::parse_numbers;
use crate::{Arg, Said};

/// Take `take` stones from pile `pile` (0-based here; people see it numbered from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The pile, counted from 0.
    pub pile: usize,
    /// How many stones are taken, at least one.
    pub take: u64,
}

impl fmt::Display for Move {
    /// Canonical notation `P:T`: take T stones from pile P, counted from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.pile.saturating_add(1), self.take)
    }
}

impl Position {
    /// Checks `m` against the rules, naming the one it breaks.
    fn check(&self, m: &Move) -> Result<(), Error> {
        let index = one_based(
            &m.to_string(),
            "rule-no-pile",
            m.pile as u128 + 1,
            self.piles().len(),
        )?;
        let stones = self.piles()[index];
        if m.take == 0 {
            return Err(illegal(m.to_string(), Said::new("rule-nim-take-none")));
        }
        if m.take > stones {
            return Err(illegal(
                m.to_string(),
                Said::new("rule-nim-take-too-many")
                    .text("pile", m.pile + 1)
                    .with("stones", Arg::Count(stones))
                    .text("take", m.take),
            ));
        }
        Ok(())
    }

    /// Reads `P:T`.
    fn parse_take(&self, text: &str, pile: &str, take: &str) -> Result<Move, Error> {
        let unreadable = || notation(text, Said::new("rule-nim-take-unread").text("move", text));
        let pile: u64 = pile.trim().parse().map_err(|_| unreadable())?;
        let take: u64 = take.trim().parse().map_err(|_| unreadable())?;
        let index = one_based(text, "rule-no-pile", u128::from(pile), self.piles().len())?;
        let m = Move { pile: index, take };
        self.check(&m).map_err(|e| e.with_input(text))?;
        Ok(m)
    }

    /// Reads the position after the move, such as `3,1,5`, and finds the one pile that shrank.
    fn parse_result(&self, text: &str) -> Result<Move, Error> {
        let after = parse_numbers(text)
            .map_err(|_| notation(text, Said::new("rule-nim-move-unread").text("move", text)))?;
        let before = self.piles();
        let shown = after
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        if after.len() != before.len() {
            // Two numbers may be a take typed with a space or a dash: say how to write it.
            let reason = Said::new("rule-nim-keeps-piles")
                .text("count", before.len())
                .text("after", &shown)
                .text("has", after.len());
            let reason = match after.as_slice() {
                [pile, take] => Said::new("rule-nim-keeps-piles-hint")
                    .with("reason", reason)
                    .text("pile", pile)
                    .text("take", take),
                _ => reason,
            };
            return Err(illegal(text, reason));
        }
        let changed: Vec<usize> = (0..before.len())
            .filter(|&i| before[i] != after[i])
            .collect();
        let &[i] = changed.as_slice() else {
            return Err(illegal(
                text,
                Said::new("rule-nim-one-pile")
                    .text("from", self)
                    .text("to", &shown)
                    .with("changed", Arg::Count(changed.len() as u64)),
            ));
        };
        if after[i] > before[i] {
            return Err(illegal(
                text,
                Said::new("rule-nim-grows")
                    .text("pile", i + 1)
                    .text("from", before[i])
                    .text("to", after[i]),
            ));
        }
        Ok(Move {
            pile: i,
            take: before[i] - after[i],
        })
    }
}

impl crate::Position for Position {
    type Move = Move;

    /// Pile by pile, fewest stones taken first.
    fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        for (pile, &stones) in self.piles().iter().enumerate() {
            moves.extend((1..=stones).map(|take| Move { pile, take }));
        }
        moves
    }

    fn move_count(&self) -> u64 {
        self.total()
    }

    fn play(&self, m: &Move) -> Result<Position, Error> {
        self.check(m)?;
        let stones = self.piles()[m.pile];
        Ok(self.with_pile(m.pile, stones - m.take))
    }

    /// Accepts `P:T` (take T stones from pile P, counted from 1) or the position after the
    /// move, such as `3,1,5`.
    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let trimmed = text.trim();
        match trimmed.split_once(':') {
            Some((pile, take)) => self.parse_take(trimmed, pile, take),
            None => self.parse_result(trimmed),
        }
        .map_err(|e| e.with_input(text))
    }
}
