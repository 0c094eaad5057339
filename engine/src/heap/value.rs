//! What a heap game's position is worth: its Grundy number, the XOR of its heaps' values
//! (Sprague–Grundy), the moves to a value read from the same values, and its remoteness and
//! misère play from a search of the whole position within a budget (none of these follows
//! from the heaps' values).

use std::sync::{Arc, Mutex};

use super::position::{Move, Position};
use super::rule::{Left, Rule};
use super::search::{Known, Searched};
use crate::error::too_large;
use crate::{Error, Outcome, Position as _, Said, Value};

/// How many rules' values are kept at once.
const KEPT: usize = 8;

/// Heaps below this are computed at once, so that a game's growing heaps seldom recompute.
const AT_LEAST: usize = 1024;

/// The values of the rules asked last, most recent last.
static VALUES: Mutex<Vec<(Rule, Arc<Vec<u32>>)>> = Mutex::new(Vec::new());

/// The Grundy values G(0), …, G(n) (at least) of one heap under `rule`, computed once and
/// kept for the [`KEPT`] rules asked last.
pub fn values(rule: &Rule, n: u64) -> Result<Arc<Vec<u32>>, Error> {
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    let kept = |list: &Vec<(Rule, Arc<Vec<u32>>)>| {
        list.iter()
            .find(|(r, v)| r == rule && v.len() > n)
            .map(|(_, v)| Arc::clone(v))
    };
    if let Some(v) = kept(&VALUES.lock().unwrap_or_else(|e| e.into_inner())) {
        return Ok(v);
    }
    let most = rule.max_heap() as usize;
    let computed = Arc::new(rule.values(n.max(AT_LEAST).min(most).max(n))?);
    let mut list = VALUES.lock().unwrap_or_else(|e| e.into_inner());
    list.retain(|(r, _)| r != rule);
    if list.len() >= KEPT {
        list.remove(0);
    }
    list.push((*rule, Arc::clone(&computed)));
    Ok(computed)
}

/// The Grundy number: the XOR of the heaps' values.
pub fn grundy(p: &Position) -> Result<u64, Error> {
    let g = values(&p.rule(), p.largest())?;
    Ok(p.heaps()
        .iter()
        .fold(0, |sum, &h| sum ^ u64::from(g[h as usize])))
}

/// Every move to a position of Grundy number `target`, in the order of the legal moves.
pub fn moves_to(p: &Position, target: u64) -> Result<Vec<Move>, Error> {
    let g = values(&p.rule(), p.largest())?;
    let value = |h: u64| u64::from(g[h as usize]);
    let total = p.heaps().iter().fold(0, |sum, &h| sum ^ value(h));
    Ok(p.legal_moves()
        .into_iter()
        .filter(|m| {
            let left = match m.mv.left {
                Left::Nothing => 0,
                Left::One(r) => value(r),
                Left::Two(a, b) => value(a) ^ value(b),
            };
            total ^ value(p.heaps()[m.heap]) ^ left == target
        })
        .collect())
}

/// The normal-play value: the Grundy number, with the remoteness when a search of at most
/// `budget` positions finds it.
pub fn value(p: &Position, budget: u64) -> Result<Value, Error> {
    let remoteness = searched(p, budget).map(|s| u64::from(s.remoteness));
    Ok(Value::impartial(grundy(p)?, remoteness))
}

/// The misère value, from a search of at most `budget` positions, or why it is not known.
pub fn misere(p: &Position, budget: u64) -> Result<Value, Error> {
    searched(p, budget)
        .map(misere_value)
        .ok_or_else(|| beyond(p, budget))
}

/// The normal-play values of `p` and of `next` (positions one move away from it, in any
/// order), from one search of `p` within `budget` positions: every successor is on its way.
/// Beyond the budget, the Grundy numbers alone.
pub fn with_successors(
    p: &Position,
    next: &[Position],
    budget: u64,
) -> Result<(Value, Vec<Value>), Error> {
    let known = explore(p, budget);
    let value = |q: &Position| -> Result<Value, Error> {
        let remoteness = known
            .as_ref()
            .and_then(|k| k.get(q.heaps()))
            .map(|s| u64::from(s.remoteness));
        Ok(Value::impartial(grundy(q)?, remoteness))
    };
    let successors = next.iter().map(value).collect::<Result<_, _>>()?;
    Ok((value(p)?, successors))
}

/// The misère values of `p` and of `next` (positions one move away from it) from one search
/// within `budget` positions, or why they are not known.
pub fn misere_with_successors(
    p: &Position,
    next: &[Position],
    budget: u64,
) -> Result<(Value, Vec<Value>), Error> {
    let known = explore(p, budget).ok_or_else(|| beyond(p, budget))?;
    let value = |q: &Position| {
        known
            .get(q.heaps())
            .map(misere_value)
            .ok_or_else(|| beyond(q, budget))
    };
    let successors = next.iter().map(value).collect::<Result<_, _>>()?;
    Ok((value(p)?, successors))
}

/// A misère value from what the search found.
fn misere_value(s: Searched) -> Value {
    Value {
        outcome: if s.misere.is_multiple_of(2) {
            Outcome::Win
        } else {
            Outcome::Loss
        },
        grundy: None,
        remoteness: Some(u64::from(s.misere)),
    }
}

/// Why a misère value is not known: the position is beyond the search's budget.
fn beyond(p: &Position, budget: u64) -> Error {
    too_large(
        p.to_string(),
        Said::new("rule-misere-heaps-budget")
            .text("position", p)
            .text("budget", budget),
    )
}

/// The search of the whole position, within `budget` positions.
fn searched(p: &Position, budget: u64) -> Option<Searched> {
    explore(p, budget)?.get(p.heaps())
}

fn explore(p: &Position, budget: u64) -> Option<Known> {
    let most = usize::try_from(budget).unwrap_or(usize::MAX);
    Known::search(&p.rule(), p.heaps(), most)
}
