//! Grading with reasons: each answer is compared with the classification, and the grade says
//! why the truth is what it is, naming the moves that show it (the opponent's reply to a
//! losing move, the move that reaches a wrongly guessed Grundy number, the best line). The
//! reasons are messages of the catalogs (`grade-…`), said in each reader's language.

use crate::any::AnyPosition;
use crate::knowledge::{Classification, Knowledge, MoveValue};
use crate::said::{Arg, Said};
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
        let p = self.class.position.to_string();
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
            Said::new("grade-grundy-no-move").with("position", p)
        } else if said == g {
            Said::new("grade-grundy-right")
                .with("set", set)
                .with("grundy", g.to_string())
        } else if let Some(m) = (said < g)
            .then(|| {
                self.class
                    .moves
                    .iter()
                    .find(|m| m.value.grundy == Some(said))
            })
            .flatten()
        {
            Said::new("grade-grundy-reached")
                .with("position", p)
                .with("grundy", g.to_string())
                .with("said", said.to_string())
                .with("move", went(m))
                .with("set", set)
        } else {
            Said::new("grade-grundy-wrong")
                .with("position", p)
                .with("grundy", g.to_string())
                .with("said", said.to_string())
                .with("set", set)
        };
        Grade {
            correct: said == g,
            answer: said.to_string(),
            explanation,
        }
    }

    pub(super) fn remoteness(&self, said: u64) -> Grade {
        let r = self.class.value.remoteness.unwrap_or_default();
        let line = self.best_line();
        let correct = said == r;
        let id = match (correct, line.is_empty()) {
            (true, true) => "grade-remoteness-right",
            (true, false) => "grade-remoteness-right-line",
            (false, true) => "grade-remoteness-wrong",
            (false, false) => "grade-remoteness-wrong-line",
        };
        let mut explanation = Said::new(id)
            .with("position", self.class.position.to_string())
            .with("moves", r.to_string());
        if !correct {
            explanation = explanation.with("said", said.to_string());
        }
        if !line.is_empty() {
            explanation = explanation.with("line", line);
        }
        Grade {
            correct,
            answer: said.to_string(),
            explanation,
        }
    }

    pub(super) fn winning_move(&self, said: Option<&MoveValue>) -> Grade {
        let p = self.class.position.to_string();
        let winning: Vec<&MoveValue> = self.winning().collect();
        let (correct, explanation) = match (said, winning.first()) {
            (Some(m), _) if wins(m) => (true, Said::new("grade-wins").with("move", went(m))),
            (Some(m), None) => (
                false,
                Said::new("grade-no-win-none")
                    .with("wrong", self.not_winning(m))
                    .with("position", p),
            ),
            (Some(m), Some(w)) => (
                false,
                one_of("grade-other-wins", winning.len())
                    .with("wrong", self.not_winning(m))
                    .with("move", w.mv.to_string()),
            ),
            (None, None) => (
                true,
                Said::new("grade-none-right")
                    .with("position", p)
                    .with("why", self.why_outcome()),
            ),
            (None, Some(w)) => (
                false,
                one_of("grade-wins", winning.len()).with("move", went(w)),
            ),
        };
        Grade {
            correct,
            answer: said.map_or_else(|| "none".to_owned(), |m| m.mv.to_string()),
            explanation,
        }
    }

    pub(super) fn winning_moves(&self, said: &[&MoveValue]) -> Grade {
        let p = self.class.position.to_string();
        let winning: Vec<&MoveValue> = self.winning().collect();
        let missed: Vec<&MoveValue> = winning
            .iter()
            .filter(|w| !said.iter().any(|s| s.mv == w.mv))
            .copied()
            .collect();
        let wrong: Vec<&MoveValue> = said.iter().filter(|s| !wins(s)).copied().collect();
        let correct = missed.is_empty() && wrong.is_empty();
        let mut explanation = match winning.as_slice() {
            [] => Said::new("grade-all-none").with("position", p),
            [one] => Said::new("grade-all-one")
                .with("position", p)
                .with("move", one.mv.to_string()),
            _ => Said::new("grade-all-many")
                .with("position", p)
                .with("moves", list(winning.iter().map(|m| &m.mv), "; ")),
        };
        if !missed.is_empty() {
            explanation = Said::new("grade-missed")
                .with("first", explanation)
                .with("missed", list(missed.iter().map(|m| &m.mv), "; "));
        }
        if let Some(m) = wrong.first() {
            explanation = Said::new("grade-and")
                .with("first", explanation)
                .with("next", self.not_winning(m));
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
    fn why_outcome(&self) -> Said {
        let p = self.class.position.to_string();
        let best = self.class.moves.first();
        match (self.class.value.outcome, best) {
            (Outcome::Win, None) => Said::new("grade-over-misere").with("position", p),
            (_, None) => Said::new("grade-over").with("position", p),
            (Outcome::Loss, Some(m)) => Said::new("grade-p-position")
                .with("position", p)
                .with("reply", self.answered(m)),
            (Outcome::Win, Some(m)) => one_of("grade-n-position", self.winning().count())
                .with("position", p)
                .with("move", went(m)),
            (Outcome::Draw, Some(m)) => Said::new("grade-draw")
                .with("position", p)
                .with("move", went(m)),
        }
    }

    /// Why a move that does not win is no good: the opponent's answer.
    fn not_winning(&self, m: &MoveValue) -> Said {
        match m.value.outcome {
            Outcome::Draw => Said::new("grade-leaves-draw").with("move", went(m)),
            _ => Said::new("grade-not-winning")
                .with("move", m.mv.to_string())
                .with("reply", self.answered(m)),
        }
    }

    /// `after m your opponent answers r` (the opponent's best reply).
    fn answered(&self, m: &MoveValue) -> Said {
        match self.best_reply(&m.position) {
            Some(r) => Said::new("grade-answered")
                .with("move", went(m))
                .with("reply", went(&r)),
            None => Said::new("grade-leaves-won").with("move", went(m)),
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

/// Message `id`, or `id-one-of` with the `count` of winning moves when there are several.
fn one_of(id: &'static str, count: usize) -> Said {
    match (count > 1, id) {
        (true, "grade-wins") => Said::new("grade-wins-one-of"),
        (true, "grade-other-wins") => Said::new("grade-other-wins-one-of"),
        (true, "grade-n-position") => Said::new("grade-n-position-one-of"),
        _ => return Said::new(id),
    }
    .with("count", Arg::Count(count as u64))
}

/// A move, and where it goes when its notation does not say (`1:3 (to 0,4,5)`; a corner
/// move is its square already).
fn went(m: &MoveValue) -> Arg {
    let (mv, to) = (m.mv.to_string(), m.position.to_string());
    if mv == to {
        Arg::Text(mv)
    } else {
        Arg::Said(Said::new("move-to").with("move", mv).with("position", to))
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
