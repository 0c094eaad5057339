//! A sum's exact value from its components' (the Sprague–Grundy theorem) and, where the
//! product space is small enough, its remoteness by [`search`](super::search).

use crate::any::{AnyMove, AnyPosition};
use crate::error::too_large;
use crate::knowledge::{Answer, Knowledge, Source};
use crate::sum::search::Solved;
use crate::sum::{explain, Explanation, Move, Position};
use crate::{Convention, Error, Said, Value};

/// The Sprague–Grundy analysis of a sum: each component's value and the explanation of the
/// nim-sum. (The sum's own value, remoteness included, is its classification's.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Each component's own answer, component 1 first: what it is worth alone.
    pub components: Vec<Answer>,
    /// The nim-sum worked out, and the components with a winning move.
    pub explanation: Explanation,
}

/// The components' Grundy numbers (no remoteness, which the XOR rule does not need); an
/// error when one is not known (a board beyond the tables), since the sum's outcome
/// depends on all of them.
fn grundies(knowledge: &Knowledge, p: &Position) -> Result<Vec<u64>, Error> {
    p.components()
        .iter()
        .enumerate()
        .map(|(i, c)| {
            knowledge.grundy(c)?.ok_or_else(|| {
                too_large(
                    p.to_string(),
                    Said::new("rule-sum-component-unknown")
                        .text("component", i + 1)
                        .text("game", super::component_name(c))
                        .text("position", c),
                )
            })
        })
        .collect()
}

/// The value of a sum of nim-sum `grundy` whose remoteness search gave `remoteness`: by the
/// XOR rule (`formula`), `computed` when the remoteness was searched.
fn answer(grundy: u64, remoteness: Option<u64>) -> Answer {
    Answer {
        value: Value::impartial(grundy, remoteness),
        source: if remoteness.is_some_and(|r| r > 0) {
            Source::Computed
        } else {
            Source::Formula
        },
    }
}

/// The full analysis of `p`: each component's own value (a chocolate bar's remoteness
/// within the knowledge's budget, as the bar alone is answered), and in each component the
/// moves to gᵢ ⊕ X, found by the component's family without weighing its every move.
pub fn analyse(knowledge: &Knowledge, p: &Position) -> Result<Analysis, Error> {
    let g = grundies(knowledge, p)?;
    let parts = p
        .components()
        .iter()
        .map(|c| knowledge.value(c))
        .collect::<Result<Vec<_>, _>>()?;
    let found = component_moves(knowledge, p, &g, nim_sum(&g));
    let explanation = explain(&g, |i, _| found[i].as_ref().ok().map(Vec::len));
    Ok(Analysis {
        components: parts,
        explanation,
    })
}

/// The Grundy number of `p`: the nim-sum of its components', with no search.
pub fn grundy(knowledge: &Knowledge, p: &Position) -> Result<u64, Error> {
    Ok(nim_sum(&grundies(knowledge, p)?))
}

/// The value of `p` alone.
pub fn value(knowledge: &Knowledge, p: &Position) -> Result<Answer, Error> {
    let remoteness = Solved::new(p, Convention::Normal)
        .ok()
        .and_then(|s| s.get(p))
        .map(|(_, r)| r);
    Ok(answer(grundy(knowledge, p)?, remoteness))
}

fn nim_sum(grundies: &[u64]) -> u64 {
    grundies.iter().fold(0, |x, g| x ^ g)
}

/// The answer for `p` and those for `next`, the sums after each of its moves in order: the
/// components are valued once, the product space searched once for all of them.
pub fn with_successors(
    knowledge: &Knowledge,
    p: &Position,
    next: &[AnyPosition],
) -> Result<(Answer, Vec<Answer>), Error> {
    let g = grundies(knowledge, p)?;
    let x = nim_sum(&g);
    let solved = Solved::new(p, Convention::Normal).ok();
    let searched = |q: &Position| solved.as_ref().and_then(|s| s.get(q)).map(|(_, r)| r);
    let own = answer(x, searched(p));
    let successors = next
        .iter()
        .map(|q| {
            let AnyPosition::Sum(q) = q else {
                return knowledge.value(q);
            };
            // Exactly one component changed: the nim-sum changes by its old and new values.
            let Some(i) = (0..g.len()).find(|&i| q.components()[i] != p.components()[i]) else {
                return value(knowledge, q);
            };
            // Only its Grundy number: a component's remoteness would cost a search per move.
            let after = knowledge
                .grundy(&q.components()[i])?
                .ok_or_else(|| too_large(q.to_string(), Said::new("rule-component-beyond")))?;
            Ok(answer(x ^ g[i] ^ after, searched(q)))
        })
        .collect::<Result<_, Error>>()?;
    Ok((own, successors))
}

/// The winning moves of `p` without weighing every move: in each component i, the moves to
/// a position of value gᵢ ⊕ X, X the nim-sum, as its family finds them (see
/// [`Knowledge::moves_to`]), however many moves it has. A component whose moves to its
/// target are not known (a queen or horse square worth 0 beyond the solved tables) has none
/// listed: [`analyse`] names it. Empty when a component's value is not known.
pub fn winning_moves(knowledge: &Knowledge, p: &Position) -> Vec<AnyMove> {
    let Ok(g) = grundies(knowledge, p) else {
        return Vec::new();
    };
    component_moves(knowledge, p, &g, nim_sum(&g))
        .into_iter()
        .filter_map(Result::ok)
        .flatten()
        .collect()
}

/// The moves of `p` to a sum of Grundy number `target`: in component i, those to
/// gᵢ ⊕ g ⊕ `target`. An error when one component's are not known.
pub(crate) fn moves_to(
    knowledge: &Knowledge,
    p: &Position,
    target: u64,
) -> Result<Vec<AnyMove>, Error> {
    let g = grundies(knowledge, p)?;
    let mut moves = Vec::new();
    for found in component_moves(knowledge, p, &g, nim_sum(&g) ^ target) {
        moves.extend(found?);
    }
    Ok(moves)
}

/// In each component i, the moves that change its value by `change` (to gᵢ ⊕ `change`),
/// as the sum's moves, or why they are not known. None when `change` is 0: no position has a
/// move to its own Grundy number.
fn component_moves(
    knowledge: &Knowledge,
    p: &Position,
    grundies: &[u64],
    change: u64,
) -> Vec<Result<Vec<AnyMove>, Error>> {
    p.components()
        .iter()
        .zip(grundies)
        .enumerate()
        .map(|(i, (c, &from))| {
            if change == 0 {
                return Ok(Vec::new());
            }
            let wrap = |mv: AnyMove| {
                AnyMove::Sum(Move {
                    component: i,
                    mv: Box::new(mv),
                })
            };
            Ok(knowledge
                .moves_to(c, from ^ change)?
                .into_iter()
                .map(wrap)
                .collect())
        })
        .collect()
}
