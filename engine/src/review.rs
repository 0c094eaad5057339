//! Game review: every move of a game annotated against the exact classification, so a player
//! sees where a win slipped away and which moves would have kept it. Nothing is guessed:
//! an annotation follows from the outcomes and remoteness the [`Knowledge`] knows.
//!
//! ```
//! use engine::review::{review, Annotation};
//! use engine::{GameKind, Knowledge, Variant};
//!
//! // Nim 5,4,2: only 3:1 wins; 1:1 hands the win to the opponent, who answers 3:2.
//! let start = Variant::new(GameKind::Nim, None, None)?.parse_position("5,4,2")?;
//! let knowledge = Knowledge::new(engine::DEFAULT_BUDGET);
//! let moves = ["1:1".to_owned(), "3:2".to_owned()];
//! let reviewed = review(&knowledge, &start, &moves)?;
//! assert_eq!(reviewed[0].annotation, Annotation::Blunder);
//! assert_eq!(reviewed[0].better[0].mv.to_string(), "3:1");
//! assert_eq!(reviewed[1].annotation, Annotation::Best);
//! # Ok::<(), engine::Error>(())
//! ```

use std::cmp::Ordering;
use std::fmt;

use crate::any::AnyPosition;
use crate::error::{illegal, too_large};
use crate::knowledge::{Knowledge, MoveValue};
use crate::player::MAX_ENGINE_MOVES;
use crate::{Convention, Error, Outcome, Said, Value};

#[cfg(test)]
mod tests;

/// How good a move was, compared with the best move from the same position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Annotation {
    /// No legal move was better.
    Best,
    /// The result was kept, but a better move existed: a win made slower, a loss made
    /// shorter.
    Inaccuracy,
    /// A result lost by one step: a draw turned into a loss, or a win into a draw.
    Mistake,
    /// A won position turned into a lost one.
    Blunder,
}

impl Annotation {
    /// All four, from good to bad.
    pub const ALL: [Annotation; 4] = [
        Annotation::Best,
        Annotation::Inaccuracy,
        Annotation::Mistake,
        Annotation::Blunder,
    ];

    /// `best`, `inaccuracy`, `mistake` or `blunder`.
    pub fn as_str(self) -> &'static str {
        match self {
            Annotation::Best => "best",
            Annotation::Inaccuracy => "inaccuracy",
            Annotation::Mistake => "mistake",
            Annotation::Blunder => "blunder",
        }
    }

    /// Reads a name written by [`Annotation::as_str`].
    pub fn parse(s: &str) -> Option<Annotation> {
        Annotation::ALL.into_iter().find(|a| a.as_str() == s)
    }

    /// From the mover's result before the move (under best play) and the result the move
    /// achieves, given that some move was strictly better.
    fn of_loss(before: Outcome, achieved: Outcome) -> Annotation {
        match (before, achieved) {
            (Outcome::Win, Outcome::Loss) => Annotation::Blunder,
            (Outcome::Draw, Outcome::Loss) | (Outcome::Win, Outcome::Draw) => Annotation::Mistake,
            _ => Annotation::Inaccuracy,
        }
    }
}

impl fmt::Display for Annotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One move of a reviewed game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveReview {
    /// 1 for the first move.
    pub ply: u32,
    /// The move in canonical notation.
    pub notation: String,
    /// The value of the position before the move, for the mover.
    pub before: Value,
    /// The value of the position after the move, for the opponent (who moves next).
    pub after: Value,
    /// How the move compares with the best one.
    pub annotation: Annotation,
    /// The moves that were strictly better than the one played, best first (empty for
    /// [`Annotation::Best`]).
    pub better: Vec<MoveValue>,
}

impl MoveReview {
    /// The result the move achieves for the mover: the opponent's outcome after it, flipped.
    pub fn achieved(&self) -> Outcome {
        self.after.outcome.flip()
    }
}

/// Whether moving into a position of value `a` is strictly better for the mover than moving
/// into one of value `b`, in the order of [`Value::cmp_as_move`] — except that two moves
/// with the same outcome are told apart by remoteness only when both remotenesses are known.
/// An unknown remoteness (beyond a table or the search budget) is never held against a move.
pub fn strictly_better(a: &Value, b: &Value) -> bool {
    fn rank(o: Outcome) -> u8 {
        match o {
            Outcome::Loss => 2,
            Outcome::Draw => 1,
            Outcome::Win => 0,
        }
    }
    match rank(a.outcome).cmp(&rank(b.outcome)) {
        Ordering::Equal => {
            a.remoteness.is_some() && b.remoteness.is_some() && a.cmp_as_move(b).is_gt()
        }
        order => order.is_gt(),
    }
}

/// Reviews a game: replays `moves` (in any notation the rules accept) from `start` and
/// annotates each against every legal move from the same position.
///
/// For the mover, the result before the move is `before.outcome` and the result the move
/// achieves is `after.outcome.flip()`. A move is `best` when no legal move ranks strictly
/// higher ([`strictly_better`], the order `Knowledge::classify` sorts by); otherwise a
/// `blunder` when it turns a win into a loss, a `mistake` when it turns a draw into a loss or
/// a win into a draw, and an `inaccuracy` when it keeps the result but a faster win (or a
/// slower loss) was at hand. Where a remoteness is unknown (`None`: a corner square beyond the
/// solved table, a bar beyond the search budget), moves with the same outcome are compared by
/// outcome only, so they count as equally good.
///
/// Errors: a move that cannot be read or is illegal (the error carries its ply and the move
/// as given, [`Error::ply`] and [`Error::played`], and its message names them), a position
/// with more than [`MAX_ENGINE_MOVES`] legal moves, or a value no table reaches.
pub fn review(
    knowledge: &Knowledge,
    start: &AnyPosition,
    moves: &[String],
) -> Result<Vec<MoveReview>, Error> {
    review_in(knowledge, start, moves, Convention::Normal)
}

/// [`review`] of a game played under `convention` (misère games by misère values).
pub fn review_in(
    knowledge: &Knowledge,
    start: &AnyPosition,
    moves: &[String],
    convention: Convention,
) -> Result<Vec<MoveReview>, Error> {
    let mut pos = start.clone();
    let mut reviews = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let (review, next) = review_move(knowledge, &pos, i as u32 + 1, text, convention)?;
        reviews.push(review);
        pos = next;
    }
    Ok(reviews)
}

/// One move of a review: `text` played from `pos` as ply `ply` of its game, annotated as
/// [`review`] does, with the position after it. A game is reviewed a part at a time by
/// starting from the position before the part's first move (a server pages a long game's
/// review so): the annotation of a move depends on that position only.
///
/// Errors as [`review`]'s, at `ply`.
pub fn review_move(
    knowledge: &Knowledge,
    pos: &AnyPosition,
    ply: u32,
    text: &str,
    convention: Convention,
) -> Result<(MoveReview, AnyPosition), Error> {
    let at_ply = |e: Error| e.at_ply(ply, Some(text));
    let (mv, next) = pos.play_text(text).map_err(at_ply)?;
    let classification = knowledge
        .classify_in(pos, MAX_ENGINE_MOVES, usize::MAX, convention)
        .map_err(at_ply)?;
    if classification.moves.is_empty() {
        let reason = Said::new("rule-review-moves")
            .text("position", pos)
            .text("moves", classification.move_count)
            .text("most", MAX_ENGINE_MOVES);
        return Err(too_large(pos.to_string(), reason).at_ply(ply, None));
    }
    let after = classification
        .moves
        .iter()
        .find(|m| m.position == next)
        .map(|m| m.value)
        .ok_or_else(|| at_ply(illegal(text, Said::new("rule-not-legal"))))?;
    let better: Vec<MoveValue> = classification
        .moves
        .into_iter()
        .filter(|m| strictly_better(&m.value, &after))
        .collect();
    let annotation = if better.is_empty() {
        Annotation::Best
    } else {
        Annotation::of_loss(classification.value.outcome, after.outcome.flip())
    };
    let review = MoveReview {
        ply,
        notation: mv.to_string(),
        before: classification.value,
        after,
        annotation,
        better,
    };
    Ok((review, next))
}
