//! Exercises: a question about a position, its exact answer, and the grading of a student's
//! answer, with the reason when it is wrong. The answer is the classification's, never an
//! engine's opinion, so a grade is as exact as a `query`.
//!
//! ```
//! use engine::exercise::{Exercise, Question};
//! use engine::{Convention, Knowledge, Variant};
//!
//! let knowledge = Knowledge::new(engine::DEFAULT_BUDGET);
//! let queen = Variant::new(engine::GameKind::Queen, Some(8), None).unwrap();
//! let position = queen.parse_position("5,3").unwrap();
//! let ex = Exercise::new(&knowledge, position, Convention::Normal, Question::Outcome).unwrap();
//! assert_eq!(ex.solution(), "loss");
//! let grade = ex.grade(&knowledge, "win").unwrap();
//! assert!(!grade.correct);
//! assert_eq!(grade.explanation.id, "grade-p-position");
//! ```

mod explain;
mod question;
#[cfg(test)]
mod tests;

use std::ops::RangeInclusive;

pub use question::Question;

use crate::any::{AnyMove, AnyPosition};
use crate::error::{Error, ErrorKind};
use crate::knowledge::{Classification, Knowledge, MoveValue};
use crate::{Convention, Outcome, Position as _, Rng, Said, Variant};

/// Most legal moves an exercise's position may have: every move is valued when the
/// exercise is set, so that any answer is graded at once.
pub const MAX_MOVES: u64 = 10_000;

/// Most positions drawn when an exercise asks for a random position of some difficulty.
pub const MAX_DRAWS: usize = 2_000;

/// A question about one position and its exact answer. The moves' values that grading and
/// its explanations need are classified again for each answer (a few milliseconds at most,
/// [`MAX_MOVES`] moves), not kept: a room's exercises then cost their positions and
/// solutions, not thousands of valued moves each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exercise {
    question: Question,
    convention: Convention,
    position: AnyPosition,
    solution: String,
}

/// A graded answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grade {
    /// Whether the answer is right.
    pub correct: bool,
    /// The answer as read, in canonical form (`win`, `3`, `3,3`, `3,3; 0,3`, `none`).
    pub answer: String,
    /// Why it is right or wrong, in a sentence or two a student can follow: a message of
    /// the catalogs, said in the reader's language.
    pub explanation: crate::Said,
}

impl Exercise {
    /// Sets `question` about `position`. Refused when the question has no exact answer
    /// there (a Grundy number in the L-game or in misère play, a remoteness beyond what can
    /// be computed) or the position has more than [`MAX_MOVES`] moves.
    pub fn new(
        knowledge: &Knowledge,
        position: AnyPosition,
        convention: Convention,
        question: Question,
    ) -> Result<Exercise, Error> {
        Exercise::classified(knowledge, position, convention, question).map(|(ex, _)| ex)
    }

    /// An exercise set earlier, from what was stored of it: no work, since its solution is
    /// known (grading classifies again, and agrees with it).
    pub fn restored(
        position: AnyPosition,
        convention: Convention,
        question: Question,
        solution: String,
    ) -> Exercise {
        Exercise {
            question,
            convention,
            position,
            solution,
        }
    }

    /// [`Exercise::new`], with the classification it was set from.
    fn classified(
        knowledge: &Knowledge,
        position: AnyPosition,
        convention: Convention,
        question: Question,
    ) -> Result<(Exercise, Classification), Error> {
        let count = position.move_count();
        if count > MAX_MOVES {
            return Err(Error::new(
                ErrorKind::TooLarge,
                position.to_string(),
                Said::new("rule-exercise-moves")
                    .text("position", &position)
                    .text("moves", count)
                    .text("most", MAX_MOVES),
            ));
        }
        let class = knowledge.classify_in(&position, MAX_MOVES, usize::MAX, convention)?;
        let missing = |id: &'static str| {
            Err(Error::new(
                ErrorKind::Params,
                question.as_str(),
                Said::new(id).text("position", &position).with(
                    "why",
                    why_not(question, &position, class.value.outcome, convention),
                ),
            ))
        };
        match question {
            Question::Grundy if class.value.grundy.is_none() => {
                return missing("rule-exercise-no-grundy")
            }
            Question::Remoteness if class.value.remoteness.is_none() => {
                return missing("rule-exercise-no-remoteness")
            }
            _ => {}
        }
        let solution = solution(question, &class);
        Ok((
            Exercise {
                question,
                convention,
                position,
                solution,
            },
            class,
        ))
    }

    /// A random position of `variant` whose remoteness lies in `remoteness` (a measure of
    /// difficulty: how long the game lasts with best play), drawn with `rng`. Refused when
    /// [`MAX_DRAWS`] draws found none.
    pub fn random(
        knowledge: &Knowledge,
        variant: Variant,
        convention: Convention,
        question: Question,
        remoteness: RangeInclusive<u64>,
        rng: &mut Rng,
    ) -> Result<Exercise, Error> {
        let mut last = None;
        for _ in 0..MAX_DRAWS {
            let position = variant.random_start(rng);
            match Exercise::classified(knowledge, position, convention, question) {
                Ok((ex, class))
                    if class
                        .value
                        .remoteness
                        .is_some_and(|r| remoteness.contains(&r)) =>
                {
                    return Ok(ex)
                }
                Ok(_) => {}
                Err(e) => last = Some(e),
            }
        }
        Err(last.unwrap_or_else(|| {
            Error::new(
                ErrorKind::Params,
                format!("{}..{}", remoteness.start(), remoteness.end()),
                Said::new("rule-exercise-no-random")
                    .with("game", variant.kind().said())
                    .text("from", remoteness.start())
                    .text("to", remoteness.end()),
            )
        }))
    }

    /// The question.
    pub fn question(&self) -> Question {
        self.question
    }

    /// The position asked about.
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// Normal or misère play.
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The exact answer, in the canonical form of [`Grade::answer`].
    pub fn solution(&self) -> &str {
        &self.solution
    }

    /// Grades `answer`: right or wrong, and why. An answer that cannot be read (not a number,
    /// a move that is not legal here) is an error, not a wrong answer, so that a typo can be
    /// corrected.
    pub fn grade(&self, knowledge: &Knowledge, answer: &str) -> Result<Grade, Error> {
        // A blank answer is a slip of the finger, not an answer: it is refused, to be
        // answered again, rather than graded (as `none`) and made final.
        if answer.trim().is_empty() {
            return Err(Error::new(
                ErrorKind::Notation,
                answer,
                Said::new("rule-answer-empty").with("how", self.question.how_to_answer()),
            ));
        }
        Graded {
            question: self.question,
            convention: self.convention,
            class: knowledge.classify_in(&self.position, MAX_MOVES, usize::MAX, self.convention)?,
        }
        .grade(knowledge, answer)
    }
}

/// An exercise's position classified, for grading one answer.
struct Graded {
    question: Question,
    convention: Convention,
    class: Classification,
}

impl Graded {
    fn grade(&self, knowledge: &Knowledge, answer: &str) -> Result<Grade, Error> {
        let explain = explain::Explainer {
            knowledge,
            convention: self.convention,
            class: &self.class,
        };
        match self.question {
            Question::Outcome => {
                let said = question::outcome(answer)?;
                Ok(explain.outcome(said))
            }
            Question::Grundy => {
                let said = question::number(answer, "rule-not-a-grundy-number")?;
                Ok(explain.grundy(said))
            }
            Question::Remoteness => {
                let said = question::number(answer, "rule-not-a-remoteness")?;
                Ok(explain.remoteness(said))
            }
            Question::WinningMove => {
                let said = match question::moves(answer)?.as_slice() {
                    [] => None,
                    [one] => Some(self.read_move(one)?),
                    _ => {
                        return Err(Error::new(
                            ErrorKind::Notation,
                            answer,
                            Said::new("rule-answer-one-move"),
                        ))
                    }
                };
                Ok(explain.winning_move(said))
            }
            Question::WinningMoves => {
                let mut said = Vec::new();
                for text in question::moves(answer)? {
                    let m = self.read_move(text)?;
                    if !said.iter().any(|s: &&MoveValue| s.mv == m.mv) {
                        said.push(m);
                    }
                }
                Ok(explain.winning_moves(&said))
            }
        }
    }

    /// A legal move, as valued in the classification.
    fn read_move(&self, text: &str) -> Result<&MoveValue, Error> {
        let (mv, _) = self.class.position.play_text(text)?;
        Ok(self.valued(&mv))
    }

    fn valued(&self, mv: &AnyMove) -> &MoveValue {
        self.class
            .moves
            .iter()
            .find(|m| &m.mv == mv)
            .expect("every legal move is classified: at most MAX_MOVES")
    }
}

/// The exact answer to `question` about the position classified in `class`.
fn solution(question: Question, class: &Classification) -> String {
    let v = &class.value;
    match question {
        Question::Outcome => v.outcome.as_str().to_owned(),
        Question::Grundy => v.grundy.map(|g| g.to_string()).unwrap_or_default(),
        Question::Remoteness => v.remoteness.map(|r| r.to_string()).unwrap_or_default(),
        Question::WinningMove | Question::WinningMoves => {
            let winning: Vec<String> = class
                .moves
                .iter()
                .filter(|m| m.value.outcome == Outcome::Loss)
                .map(|m| m.mv.to_string())
                .collect();
            if winning.is_empty() {
                "none".to_owned()
            } else {
                winning.join("; ")
            }
        }
    }
}

/// Why a position lacks a Grundy number or a remoteness, for the refusal.
fn why_not(
    question: Question,
    position: &AnyPosition,
    outcome: Outcome,
    convention: Convention,
) -> Said {
    Said::new(match (question, position, convention) {
        (Question::Grundy, AnyPosition::LGame(_), _) => "rule-exercise-lgame",
        (Question::Grundy, _, Convention::Misere) => "rule-exercise-misere",
        _ if outcome == Outcome::Draw => "rule-exercise-draw",
        _ => "rule-exercise-beyond",
    })
}
