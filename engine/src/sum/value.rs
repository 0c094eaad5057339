//! A sum's exact value from its components' (the Sprague–Grundy theorem) and, where the
//! product space is small enough, its remoteness by [`search`](super::search).

use crate::any::{AnyMove, AnyPosition};
use crate::error::too_large;
use crate::knowledge::{Answer, Knowledge, Source};
use crate::sum::search::Solved;
use crate::sum::{explain, Explanation, Move, Position};
use crate::{Convention, Error, Position as _, Value};

/// The Sprague–Grundy analysis of a sum: each component's value and the explanation of the
/// nim-sum. (The sum's own value, remoteness included, is its classification's.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Each component's own answer, component 1 first (a chocolate bar's without its
    /// remoteness, which would cost a search).
    pub components: Vec<Answer>,
    /// The nim-sum worked out, and the components with a winning move.
    pub explanation: Explanation,
}

/// The components' Grundy numbers (no remoteness: a chocolate bar's would cost a search);
/// an error when one is not known (a board beyond the tables), since the sum's outcome
/// depends on all of them.
fn grundies(knowledge: &Knowledge, p: &Position) -> Result<Vec<u64>, Error> {
    p.components()
        .iter()
        .enumerate()
        .map(|(i, c)| {
            knowledge.grundy(c)?.ok_or_else(|| {
                too_large(
                    p.to_string(),
                    format!(
                        "component {} ({}:{c}) has no known Grundy number: it is beyond the \
                         solved tables, and a sum's value needs every component's",
                        i + 1,
                        super::component_name(c)
                    ),
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

/// The full analysis of `p`.
pub fn analyse(knowledge: &Knowledge, p: &Position) -> Result<Analysis, Error> {
    let g = grundies(knowledge, p)?;
    // Each component's own value, where it costs no search: a chocolate bar's remoteness is
    // a search of its own, so the bar shows its Grundy number and outcome only.
    let parts = p
        .components()
        .iter()
        .zip(&g)
        .map(|(c, &grundy)| match c {
            AnyPosition::Chocolate(_) => Ok(Answer {
                value: Value::impartial(grundy, None),
                source: Source::Table,
            }),
            _ => knowledge.value(c),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let winning = winning_in(knowledge, p, &g);
    let explanation = explain(&g, |i, _| {
        winning
            .iter()
            .filter(|m| matches!(m, AnyMove::Sum(m) if m.component == i))
            .count()
    });
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
                .ok_or_else(|| too_large(q.to_string(), "a component beyond the solved tables"))?;
            Ok(answer(x ^ g[i] ^ after, searched(q)))
        })
        .collect::<Result<_, Error>>()?;
    Ok((own, successors))
}

/// The winning moves of `p` without weighing every move (for sums with too many moves to
/// list): in each component i, the moves to a position of value gᵢ ⊕ X, X the nim-sum — for
/// a Nim component by its closed form, for the others by weighing that component's moves.
pub fn winning_moves(knowledge: &Knowledge, p: &Position) -> Vec<AnyMove> {
    match grundies(knowledge, p) {
        Ok(g) => winning_in(knowledge, p, &g),
        Err(_) => Vec::new(),
    }
}

fn winning_in(knowledge: &Knowledge, p: &Position, grundies: &[u64]) -> Vec<AnyMove> {
    let x = nim_sum(grundies);
    let mut moves = Vec::new();
    if x == 0 {
        return moves;
    }
    for (i, (c, &from)) in p.components().iter().zip(grundies).enumerate() {
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
                        .and_then(|q| knowledge.grundy(&q).ok())
                        .is_some_and(|g| g == Some(to));
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
