//! Misère values of any impartial position — the player who makes the last move loses —
//! from each game's misère module, and misère classifications. There is no Sprague–Grundy
//! shortcut in misère play: a misère value has no Grundy number, and a sum is exact only by
//! Bouton's misère rule (when every component is Nim in disguise) or by searching its
//! product space.

use crate::any::{AnyMove, AnyPosition};
use crate::corner;
use crate::error::{params, too_large};
use crate::knowledge::{Answer, Classification, Knowledge, MoveValue, Source};
use crate::sum::search::Solved;
use crate::{chocolate, heap, nim, sum, Convention, Error, Outcome, Position, Said, Value};

/// The misère value of `pos`, or why it is not known: the L-game has no misère form, a
/// chocolate bar beyond the work allowed, a sum of other games than Nim in disguise too
/// large to search. Never a guess.
pub fn value(knowledge: &Knowledge, pos: &AnyPosition) -> Result<Answer, Error> {
    Ok(match pos {
        AnyPosition::Corner(p) => {
            let table = knowledge.corner_misere_table(p.piece());
            let inside = table.is_some_and(|t| t.contains(p.x(), p.y()));
            Answer {
                value: corner::misere::value(p, table.map(|t| t.as_ref())),
                source: if inside {
                    Source::Table
                } else {
                    Source::Formula
                },
            }
        }
        AnyPosition::Nim(p) => Answer {
            value: Value {
                outcome: outcome_of(nim::misere::wins(p)),
                grundy: None,
                remoteness: nim::misere::remoteness(p, knowledge.budget),
            },
            source: Source::Formula,
        },
        AnyPosition::Chocolate(p) => {
            let value = chocolate::misere::value(p, knowledge.budget).ok_or_else(|| {
                too_large(
                    p.to_string(),
                    Said::new("rule-misere-bar-budget")
                        .text("position", p)
                        .text("budget", knowledge.budget),
                )
            })?;
            let nim = chocolate::misere::nim_heaps(p).is_some();
            Answer {
                value,
                source: if nim {
                    Source::Formula
                } else {
                    Source::Computed
                },
            }
        }
        AnyPosition::Heap(p) => Answer {
            value: heap::misere(p, knowledge.budget)?,
            source: Source::Computed,
        },
        AnyPosition::LGame(_) => return Err(no_lgame()),
        AnyPosition::Sum(p) => sum_value(knowledge, p, None)?,
    })
}

/// `win` for true, `loss` for false.
fn outcome_of(wins: bool) -> Outcome {
    if wins {
        Outcome::Win
    } else {
        Outcome::Loss
    }
}

fn no_lgame() -> Error {
    params("misere", Said::new("rule-lgame-no-misere"))
}

/// The heaps of misère Nim a component is when it is Nim in disguise: Nim itself, the rook
/// (two heaps x and y) and the chocolate bars without stairs (chocolate's misère module).
fn nim_heaps(c: &AnyPosition) -> Option<Vec<u64>> {
    match c {
        AnyPosition::Nim(p) => Some(p.piles().to_vec()),
        AnyPosition::Corner(p) if p.piece() == corner::Piece::Rook => Some(vec![p.x(), p.y()]),
        AnyPosition::Chocolate(p) => chocolate::misere::nim_heaps(p).map(|h| h.to_vec()),
        _ => None,
    }
}

/// The heaps of a whole sum that is misère Nim in disguise, component 1's first.
fn sum_heaps(p: &sum::Position) -> Option<nim::Position> {
    let heaps: Vec<u64> = p
        .components()
        .iter()
        .map(nim_heaps)
        .collect::<Option<Vec<_>>>()?
        .concat();
    // Empty heaps change nothing: dropped, so that any number of components fits.
    let mut heaps: Vec<u64> = heaps.into_iter().filter(|&h| h > 0).collect();
    if heaps.is_empty() {
        heaps.push(0);
    }
    if heaps.len() > nim::MAX_PILES {
        return None;
    }
    nim::Position::new(heaps).ok()
}

/// A misère sum's value: by the search of its product space when within the bounds (the
/// remoteness too), else by Bouton's misère rule when every component is Nim in disguise
/// (the remoteness where nim's closed forms give it), else unknown.
fn sum_value(
    knowledge: &Knowledge,
    p: &sum::Position,
    solved: Option<&Solved>,
) -> Result<Answer, Error> {
    let searched = match solved {
        Some(s) => s.get(p),
        None => Solved::new(p, Convention::Misere)
            .ok()
            .and_then(|s| s.get(p)),
    };
    if let Some((outcome, r)) = searched {
        return Ok(Answer {
            value: Value {
                outcome,
                grundy: None,
                remoteness: Some(r),
            },
            source: Source::Computed,
        });
    }
    if let Some(heaps) = sum_heaps(p) {
        return Ok(Answer {
            value: Value {
                outcome: outcome_of(nim::misere::wins(&heaps)),
                grundy: None,
                remoteness: nim::misere::remoteness(&heaps, knowledge.budget),
            },
            source: Source::Formula,
        });
    }
    Err(too_large(p.to_string(), Said::new("rule-misere-sum-large")))
}

/// The misère classification of `pos`: its value and every move's, best first, when there
/// are at most `max_moves` moves (else only the winning moves a closed form finds), the list
/// cut after `best`.
pub fn classify(
    knowledge: &Knowledge,
    pos: &AnyPosition,
    max_moves: u64,
    best: usize,
) -> Result<Classification, Error> {
    if let AnyPosition::Heap(p) = pos {
        return heap_classify(p, max_moves, best, knowledge.budget);
    }
    let solved = match pos {
        AnyPosition::Sum(p) => Solved::new(p, Convention::Misere).ok(),
        AnyPosition::LGame(_) => return Err(no_lgame()),
        _ => None,
    };
    let of = |q: &AnyPosition| match q {
        AnyPosition::Sum(s) => sum_value(knowledge, s, solved.as_ref()),
        other => value(knowledge, other),
    };
    let Answer { value, mut source } = of(pos)?;
    let move_count = pos.move_count();
    let legal = if move_count > max_moves {
        winning_by_formula(knowledge, pos)
    } else {
        pos.legal_moves()
    };
    let mut moves = Vec::with_capacity(legal.len());
    for mv in legal {
        let position = pos.play(&mv)?;
        let answer = of(&position)?;
        source = source.max(answer.source);
        moves.push(MoveValue {
            mv,
            position,
            value: answer.value,
        });
    }
    Ok(Classification::ranked(
        pos, value, source, moves, move_count, best,
    ))
}

/// The misère winning moves a closed form finds without weighing every move: Nim's by
/// Bouton's rule, the corner games' by theirs, chocolate's within the budget, a sum's when
/// it is Nim in disguise.
fn winning_by_formula(knowledge: &Knowledge, pos: &AnyPosition) -> Vec<AnyMove> {
    match pos {
        AnyPosition::Nim(p) => nim::misere::winning_moves(p)
            .into_iter()
            .map(AnyMove::Nim)
            .collect(),
        AnyPosition::Corner(p) => corner::misere::winning_moves(p.piece(), p.x(), p.y())
            .into_iter()
            .map(|(x, y)| AnyMove::Corner(corner::Move { x, y }))
            .collect(),
        AnyPosition::Chocolate(p) => chocolate::misere::winning_moves(p, knowledge.budget)
            .unwrap_or_default()
            .into_iter()
            .map(AnyMove::Chocolate)
            .collect(),
        AnyPosition::Sum(p) => sum_winning_moves(p),
        // A heap game is classified by `heap_classify`, with every move's value.
        AnyPosition::Heap(_) | AnyPosition::LGame(_) => Vec::new(),
    }
}

/// [`classify`] of a heap game's position: every value from one search within the budget;
/// beyond `max_moves` moves, only the winning ones (to a position lost for the player to
/// move there) are listed.
fn heap_classify(
    p: &heap::Position,
    max_moves: u64,
    best: usize,
    budget: u64,
) -> Result<Classification, Error> {
    let move_count = p.move_count();
    let legal = p.legal_moves();
    let next = legal
        .iter()
        .map(|m| p.play(m))
        .collect::<Result<Vec<_>, Error>>()?;
    let (value, values) = heap::misere_with_successors(p, &next, budget)?;
    let moves = legal
        .into_iter()
        .zip(next)
        .zip(values)
        .filter(|(_, value)| move_count <= max_moves || value.outcome == Outcome::Loss)
        .map(|((mv, position), value)| MoveValue {
            mv: AnyMove::Heap(mv),
            position: AnyPosition::Heap(position),
            value,
        })
        .collect();
    Ok(Classification::ranked(
        &AnyPosition::Heap(p.clone()),
        value,
        Source::Computed,
        moves,
        move_count,
        best,
    ))
}

/// The winning moves of a misère sum that is Nim in disguise, by Bouton's misère rule on all
/// its heaps: a heap can only usefully go to h ⊕ X, to one stone or to none. Each is played
/// in its component as the component's position after it (every such component writes its
/// position as its heaps). Empty for other sums.
fn sum_winning_moves(p: &sum::Position) -> Vec<AnyMove> {
    let Some(parts) = p
        .components()
        .iter()
        .map(nim_heaps)
        .collect::<Option<Vec<_>>>()
    else {
        return Vec::new();
    };
    let all: Vec<u64> = parts.concat();
    let x = all.iter().fold(0, |x, h| x ^ h);
    let mut moves = Vec::new();
    let mut at = 0;
    for (c, heaps) in parts.iter().enumerate() {
        for (slot, &h) in heaps.iter().enumerate() {
            let mut targets = vec![h ^ x, 1, 0];
            targets.sort_unstable_by(|a, b| b.cmp(a));
            targets.dedup();
            for target in targets.into_iter().filter(|&t| t < h) {
                let mut after = all.clone();
                after[at + slot] = target;
                if nim::misere::wins_piles(&after) {
                    continue;
                }
                let mut mine = heaps.clone();
                mine[slot] = target;
                let text = mine
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(",");
                let component = &p.components()[c];
                if let Ok(mv) = component.parse_move(&text) {
                    moves.push(AnyMove::Sum(sum::Move {
                        component: c,
                        mv: Box::new(mv),
                    }));
                }
            }
        }
        at += heaps.len();
    }
    moves
}

/// Misère outcome and remoteness by definition, over the rules' own successors: with no move
/// the player to move has won (the opponent made the last move) in 0 plies; otherwise 1 + the
/// least remoteness of a move to a lost position, or else 1 + the greatest of any move. What
/// the tests hold every misère answer to.
#[cfg(test)]
pub(crate) fn brute<P: Position>(
    p: &P,
    memo: &mut std::collections::HashMap<P, (Outcome, u64)>,
) -> (Outcome, u64) {
    if let Some(&v) = memo.get(p) {
        return v;
    }
    let next: Vec<(Outcome, u64)> = p.successors().iter().map(|q| brute(q, memo)).collect();
    let fastest_win = next
        .iter()
        .filter(|(o, _)| *o == Outcome::Loss)
        .map(|(_, r)| r + 1)
        .min();
    let v = match (next.is_empty(), fastest_win) {
        (true, _) => (Outcome::Win, 0),
        (false, Some(r)) => (Outcome::Win, r),
        (false, None) => (
            Outcome::Loss,
            next.iter().map(|(_, r)| r + 1).max().unwrap_or(0),
        ),
    };
    memo.insert(p.clone(), v);
    v
}
