//! A sum's exact value from its components' (the Sprague–Grundy theorem) and, where the
//! product space is small enough, its remoteness by [`search`](super::search).

use crate::any::{AnyMove, AnyPosition};
use crate::error::too_large;
use crate::knowledge::{Answer, Knowledge, Source};
use crate::sum::search::{Solved, Space};
use crate::sum::{explain, Explanation, Move, Position};
use crate::{Convention, Error, Position as _, Value};

/// The Sprague–Grundy analysis of a sum: each component's value, the explanation of the
/// nim-sum, and why the remoteness is unknown when it is. (The sum's own value is its
/// classification's.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Each component's own answer, component 1 first.
    pub components: Vec<Answer>,
    /// The nim-sum worked out, and the components with a winning move.
    pub explanation: Explanation,
    /// Why the remoteness is unknown (`too large to search: …`), when it is.
    pub remoteness_unknown: Option<String>,
}

/// The components' answers; an error when one has no known Grundy number (a board beyond
/// the tables), since the sum's outcome depends on all of them.
fn components(knowledge: &Knowledge, p: &Position) -> Result<Vec<Answer>, Error> {
    p.components()
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let answer = knowledge.value(c)?;
            if answer.value.grundy.is_none() {
                return Err(too_large(
                    p.to_string(),
                    format!(
                        "component {} ({}:{c}) has no known Grundy number: it is beyond the \
                         solved tables, and a sum's value needs every component's",
                        i + 1,
                        super::component_name(c)
                    ),
                ));
            }
            Ok(answer)
        })
        .collect()
}

/// The value of the sum with these component answers and this remoteness search.
fn answer(parts: &[Answer], grundy: u64, remoteness: Option<u64>) -> Answer {
    let source = parts
        .iter()
        .map(|a| a.source)
        .max()
        .unwrap_or(Source::Formula);
    Answer {
        value: Value::impartial(grundy, remoteness),
        source: if remoteness.is_some_and(|r| r > 0) {
            Source::Computed
        } else {
            source
        },
    }
}

fn grundy_of(parts: &[Answer]) -> u64 {
    parts.iter().fold(0, |x, a| x ^ a.value.grundy.unwrap_or(0))
}

/// The full analysis of `p`.
pub fn analyse(knowledge: &Knowledge, p: &Position) -> Result<Analysis, Error> {
    let parts = components(knowledge, p)?;
    let winning = winning_in(knowledge, p, &parts);
    let explanation = explain(&grundies(&parts), |i, _| {
        winning
            .iter()
            .filter(|m| matches!(m, AnyMove::Sum(m) if m.component == i))
            .count()
    });
    Ok(Analysis {
        remoteness_unknown: Space::new(p).err().map(|e| e.reason()),
        components: parts,
        explanation,
    })
}

fn grundies(parts: &[Answer]) -> Vec<u64> {
    parts.iter().map(|a| a.value.grundy.unwrap_or(0)).collect()
}

/// The value of `p` alone.
pub fn value(knowledge: &Knowledge, p: &Position) -> Result<Answer, Error> {
    let parts = components(knowledge, p)?;
    let remoteness = Solved::new(p, Convention::Normal)
        .ok()
        .and_then(|s| s.get(p))
        .map(|(_, r)| r);
    Ok(answer(&parts, grundy_of(&parts), remoteness))
}

/// The answer for `p` and those for `next`, the sums after each of its moves in order: the
/// components are valued once, the product space searched once for all of them.
pub fn with_successors(
    knowledge: &Knowledge,
    p: &Position,
    next: &[AnyPosition],
) -> Result<(Answer, Vec<Answer>), Error> {
    let parts = components(knowledge, p)?;
    let x = grundy_of(&parts);
    let solved = Solved::new(p, Convention::Normal).ok();
    let searched = |q: &Position| solved.as_ref().and_then(|s| s.get(q)).map(|(_, r)| r);
    let own = answer(&parts, x, searched(p));
    let successors = next
        .iter()
        .map(|q| {
            let AnyPosition::Sum(q) = q else {
                return knowledge.value(q);
            };
            // Exactly one component changed: the nim-sum changes by its old and new values.
            let Some(i) = (0..parts.len()).find(|&i| q.components()[i] != p.components()[i]) else {
                return value(knowledge, q);
            };
            let changed = knowledge.value(&q.components()[i])?;
            let g = changed
                .value
                .grundy
                .ok_or_else(|| too_large(q.to_string(), "a component beyond the solved tables"))?;
            let mut after = parts.clone();
            after[i] = changed;
            Ok(answer(
                &after,
                x ^ grundy_of(&parts[i..=i]) ^ g,
                searched(q),
            ))
        })
        .collect::<Result<_, Error>>()?;
    Ok((own, successors))
}

/// The winning moves of `p` without weighing every move (for sums with too many moves to
/// list): in each component i, the moves to a position of value gᵢ ⊕ X, X the nim-sum — for
/// a Nim component by its closed form, for the others by weighing that component's moves.
pub fn winning_moves(knowledge: &Knowledge, p: &Position) -> Vec<AnyMove> {
    match components(knowledge, p) {
        Ok(parts) => winning_in(knowledge, p, &parts),
        Err(_) => Vec::new(),
    }
}

fn winning_in(knowledge: &Knowledge, p: &Position, parts: &[Answer]) -> Vec<AnyMove> {
    let x = grundy_of(parts);
    let mut moves = Vec::new();
    if x == 0 {
        return moves;
    }
    for (i, (c, part)) in p.components().iter().zip(parts).enumerate() {
        let from = part.value.grundy.unwrap_or(0);
        let to = from ^ x;
        let wrap = |mv: AnyMove| {
            AnyMove::Sum(Move {
                component: i,
                mv: Box::new(mv),
            })
        };
        match c {
            AnyPosition::Nim(n) => {
                for (pile, &stones) in n.piles().iter().enumerate() {
                    let target = stones ^ from ^ to;
                    if target < stones {
                        moves.push(wrap(AnyMove::Nim(crate::nim::Move {
                            pile,
                            take: stones - target,
                        })));
                    }
                }
            }
            _ if c.move_count() <= crate::player::MAX_ENGINE_MOVES => {
                for mv in c.legal_moves() {
                    let reaches = c
                        .play(&mv)
                        .ok()
                        .and_then(|q| knowledge.value(&q).ok())
                        .is_some_and(|a| a.value.grundy == Some(to));
                    if reaches {
                        moves.push(wrap(mv));
                    }
                }
            }
            _ => {}
        }
    }
    moves
}
