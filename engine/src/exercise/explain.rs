//! Grading with reasons: each answer is compared with the classification, and the grade says
//! why the truth is what it is, naming the moves that show it (the opponent's reply to a
//! losing move, the move that reaches a wrongly guessed Grundy number, the best line).

use crate::any::AnyPosition;
use crate::knowledge::{Classification, Knowledge, MoveValue};
use crate::{Convention, Outcome};

use super::{Grade, MAX_MOVES};

/// Most moves of a best line shown when explaining a remoteness.
const LINE_MOVES: usize = 8;

/// Most values or moves listed in one explanation.
const LISTED: usize = 12;

pub(super) struct Explainer<'a> {
    pub(super) knowledge: &'a Knowledge,
    pub(super) convention: Convention,
    pub(super) class: &'a Classification,
}

impl Explainer<'_> {
    pub(super) fn outcome(&self, said: Outcome) -> Grade {
        let truth = self.class.value.outcome;
        Grade {
            correct: said == truth,
            answer: said.as_str().to_owned(),
            explanation: self.why_outcome(),
        }
    }

    pub(super) fn grundy(&self, said: u64) -> Grade {
        let p = &self.class.position;
        let g = self.class.value.grundy.unwrap_or_default();
        let reached: Vec<u64> = {
            let mut v: Vec<u64> = self
                .class
                .moves
                .iter()
                .filter_map(|m| m.value.grundy)
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let set = format!("{{{}}}", list(reached.iter(), ", "));
        let explanation = if reached.is_empty() {
            format!("{p} has no move, so its Grundy number is 0, the least number no move reaches")
        } else if said == g {
            format!(
                "its moves reach Grundy numbers {set}, and {g} is the least number not among them"
            )
        } else if let Some(m) = (said < g)
            .then(|| {
                self.class
                    .moves
                    .iter()
                    .find(|m| m.value.grundy == Some(said))
            })
            .flatten()
        {
            format!(
                "the Grundy number of {p} is {g}, not {said}: {} reaches Grundy number {said}, \
                 and the Grundy number is the least number no move reaches (its moves reach \
                 {set})",
                went(m)
            )
        } else {
            format!(
                "the Grundy number of {p} is {g}, not {said}: it is the least number no move \
                 reaches, and its moves reach {set}"
            )
        };
        Grade {
            correct: said == g,
            answer: said.to_string(),
            explanation,
        }
    }

    pub(super) fn remoteness(&self, said: u64) -> Grade {
        let p = &self.class.position;
        let r = self.class.value.remoteness.unwrap_or_default();
        let line = self.best_line();
        let line = if line.is_empty() {
            String::new()
        } else {
            format!(": {line}")
        };
        let correct = said == r;
        let explanation = if correct {
            format!("with best play {p} ends in {r} moves, the winner hurrying and the loser delaying{line}")
        } else {
            format!(
                "with best play {p} ends in {r} moves, not {said}: the winner hurries and the \
                 loser delays{line}"
            )
        };
        Grade {
            correct,
            answer: said.to_string(),
            explanation,
        }
    }

    pub(super) fn winning_move(&self, said: Option<&MoveValue>) -> Grade {
        let p = &self.class.position;
        let winning: Vec<&MoveValue> = self.winning().collect();
        let (correct, explanation) = match (said, winning.first()) {
            (Some(m), _) if wins(m) => (
                true,
                format!("{} wins: it leaves your opponent a P-position", went(m)),
            ),
            (Some(m), None) => (
                false,
                format!(
                    "{} — no move wins from {p}, a P-position: the answer is none",
                    self.not_winning(m)
                ),
            ),
            (Some(m), Some(w)) => (
                false,
                format!(
                    "{} — {} wins{}",
                    self.not_winning(m),
                    w.mv,
                    self.one_of(winning.len())
                ),
            ),
            (None, None) => (
                true,
                format!("no move wins from {p}: {}", self.why_outcome()),
            ),
            (None, Some(w)) => (
                false,
                format!(
                    "{} wins: it leaves your opponent a P-position{}",
                    went(w),
                    self.one_of(winning.len())
                ),
            ),
        };
        Grade {
            correct,
            answer: said.map_or_else(|| "none".to_owned(), |m| m.mv.to_string()),
            explanation,
        }
    }

    pub(super) fn winning_moves(&self, said: &[&MoveValue]) -> Grade {
        let p = &self.class.position;
        let winning: Vec<&MoveValue> = self.winning().collect();
        let missed: Vec<&MoveValue> = winning
            .iter()
            .filter(|w| !said.iter().any(|s| s.mv == w.mv))
            .copied()
            .collect();
        let wrong: Vec<&MoveValue> = said.iter().filter(|s| !wins(s)).copied().collect();
        let correct = missed.is_empty() && wrong.is_empty();
        let all = if winning.is_empty() {
            format!("no move wins from {p}, a P-position")
        } else {
            match winning.as_slice() {
                [one] => format!("the only winning move from {p} is {}", one.mv),
                _ => format!(
                    "the winning moves from {p} are {}",
                    list(winning.iter().map(|m| &m.mv), "; ")
                ),
            }
        };
        let mut explanation = all;
        if !missed.is_empty() {
            explanation.push_str(&format!(
                " — you missed {}",
                list(missed.iter().map(|m| &m.mv), "; ")
            ));
        }
        if let Some(m) = wrong.first() {
            explanation.push_str(&format!(" — {}", self.not_winning(m)));
        }
        let answer = if said.is_empty() {
            "none".to_owned()
        } else {
            said.iter()
                .map(|m| m.mv.to_string())
                .collect::<Vec<_>>()
                .join("; ")
        };
        Grade {
            correct,
            answer,
            explanation,
        }
    }

    /// Why the position's outcome is what it is, with a move that shows it.
    fn why_outcome(&self) -> String {
        let p = &self.class.position;
        let best = self.class.moves.first();
        match (self.class.value.outcome, best) {
            (Outcome::Win, None) => {
                format!("{p} is over: the player to move has no move, and in misère play that wins")
            }
            (_, None) => format!("{p} is over: the player to move has no move and loses"),
            (Outcome::Loss, Some(m)) => format!(
                "{p} is a P-position: lost for the player to move, since every move leaves a \
                 position the opponent wins: {}",
                self.answered(m)
            ),
            (Outcome::Win, Some(m)) => format!(
                "{p} is an N-position: won for the player to move, by {}, which leaves the \
                 opponent a P-position{}",
                went(m),
                self.one_of(self.winning().count())
            ),
            (Outcome::Draw, Some(m)) => format!(
                "{p} is a draw: no move wins, and {} keeps the draw, which neither side can force \
                 into a win",
                went(m)
            ),
        }
    }

    /// Why a move that does not win is no good: the opponent's answer.
    fn not_winning(&self, m: &MoveValue) -> String {
        match m.value.outcome {
            Outcome::Draw => format!("{} leaves a draw", went(m)),
            _ => format!("{} does not win: {}", m.mv, self.answered(m)),
        }
    }

    /// `after m your opponent answers r` (the opponent's best reply).
    fn answered(&self, m: &MoveValue) -> String {
        match self.best_reply(&m.position) {
            Some(r) => format!("after {} your opponent answers {}", went(m), went(&r)),
            None => format!("{} leaves a position won for your opponent", went(m)),
        }
    }

    fn one_of(&self, count: usize) -> String {
        if count > 1 {
            format!(" (one of {count} winning moves)")
        } else {
            String::new()
        }
    }

    fn winning(&self) -> impl Iterator<Item = &MoveValue> {
        self.class.moves.iter().filter(|m| wins(m))
    }

    /// The best move from `position`, when it has one.
    fn best_reply(&self, position: &AnyPosition) -> Option<MoveValue> {
        let c = self
            .knowledge
            .classify_in(position, MAX_MOVES, 1, self.convention)
            .ok()?;
        c.moves.into_iter().next()
    }

    /// The first moves of a best line from the position, then `…` if it goes on.
    fn best_line(&self) -> String {
        let mut moves = Vec::new();
        let mut next = self.class.moves.first().cloned();
        while let Some(m) = next {
            if moves.len() == LINE_MOVES {
                moves.push("…".to_owned());
                break;
            }
            moves.push(m.mv.to_string());
            next = self.best_reply(&m.position);
        }
        moves.join(" → ")
    }
}

/// A move, and where it goes when its notation does not say (`1:3 (to 0,4,5)`; a corner
/// move is its square already).
fn went(m: &MoveValue) -> String {
    let (mv, to) = (m.mv.to_string(), m.position.to_string());
    if mv == to {
        mv
    } else {
        format!("{mv} (to {to})")
    }
}

/// Whether a move wins: it leaves a position lost for the opponent.
fn wins(m: &MoveValue) -> bool {
    m.value.outcome == Outcome::Loss
}

/// `a, b, c, …`: at most [`LISTED`] items, with `separator` between them.
fn list<T: std::fmt::Display>(items: impl Iterator<Item = T>, separator: &str) -> String {
    let mut shown: Vec<String> = Vec::new();
    for (i, item) in items.enumerate() {
        if i == LISTED {
            shown.push("…".to_owned());
            break;
        }
        shown.push(item.to_string());
    }
    shown.join(separator)
}
