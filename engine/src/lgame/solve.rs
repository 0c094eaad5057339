//! Retrograde analysis of the whole L-game (docs/RULES.md): the least fixed point of "no L move
//! is lost, a move to a lost position is won, all moves to won positions is lost", with
//! depths, over the 2296 classes up to symmetry. Whatever is never labelled is a draw.

use std::fmt;

use super::board::{Placement, Square};
use super::index::{neutral_index, pair_index, View, CLASSES, NEUTRAL_PAIRS, POSITIONS};
use super::position::Position;
use super::symmetry::Symmetry;
use super::Color;
use crate::error::params;
use crate::{Error, Outcome, Said, Value};

/// The value of every L-game position, computed once by [`Solution::solve`] (or rebuilt
/// from stored values by [`Solution::from_values`]).
#[derive(Clone, PartialEq, Eq)]
pub struct Solution {
    /// The class of each position, by dense mover-view index.
    class_of: Vec<u16>,
    /// The dense index of each class's canonical member (the least index in the class).
    reps: Vec<u16>,
    /// Win, loss or draw for the mover, by class.
    outcome: Vec<Outcome>,
    /// Plies to the end under best play, by class (meaningless for draws).
    depth: Vec<u16>,
    /// How many of the mover's legal moves lead to a position won for the opponent, by
    /// class: the traps a position sets for the player to move.
    losing_moves: Vec<u16>,
}

/// How many classes are won, lost and drawn for the player to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Counts {
    /// Classes where the player to move wins.
    pub won: usize,
    /// Classes where the player to move loses.
    pub lost: usize,
    /// Classes where nobody can force a result.
    pub drawn: usize,
}

impl Solution {
    /// Classifies every position: numbers the classes, builds the successor multigraph
    /// between classes and its reverse, then labels backwards from the blocked positions in
    /// order of depth, counting the unlabelled moves of each class.
    pub fn solve() -> Solution {
        let (class_of, reps) = number_classes();
        let (succ_start, succ) = successors(&class_of, &reps);
        let (pred_start, pred) = reverse(&succ_start, &succ);

        let mut remaining: Vec<u32> = succ_start.windows(2).map(|w| w[1] - w[0]).collect();
        let mut outcome = vec![Outcome::Draw; CLASSES];
        let mut depth = vec![0u16; CLASSES];
        let mut queue: Vec<u16> = Vec::with_capacity(CLASSES);
        for c in 0..CLASSES {
            if remaining[c] == 0 {
                outcome[c] = Outcome::Loss;
                queue.push(c as u16);
            }
        }
        // The queue is in order of depth, so the first lost successor found gives a won
        // class its least depth and the last won successor gives a lost class its greatest.
        let mut head = 0;
        while let Some(&c) = queue.get(head) {
            head += 1;
            let c = usize::from(c);
            let d = depth[c] + 1;
            let preds = &pred[pred_start[c] as usize..pred_start[c + 1] as usize];
            let lost = outcome[c] == Outcome::Loss;
            for &p in preds {
                let p = usize::from(p);
                if outcome[p] != Outcome::Draw {
                    continue;
                }
                if lost {
                    outcome[p] = Outcome::Win;
                } else {
                    remaining[p] -= 1;
                    if remaining[p] > 0 {
                        continue;
                    }
                    outcome[p] = Outcome::Loss;
                }
                depth[p] = d;
                queue.push(p as u16);
            }
        }
        let losing_moves = losing_moves(&succ_start, &succ, &outcome);
        Solution {
            class_of,
            reps,
            outcome,
            depth,
            losing_moves,
        }
    }

    /// Rebuilds a solution from the value of every position, as listed by
    /// [`Solution::positions`] (any order, any side to move). Refused unless each of the
    /// [`POSITIONS`] mover's views is given exactly once, the values of a class agree, and
    /// each value is an L-game value (no Grundy number; a depth exactly when not drawn).
    /// Only the counts of losing moves are derived again, from the rules.
    pub fn from_values(
        values: impl IntoIterator<Item = (Position, Value)>,
    ) -> Result<Solution, Error> {
        let (class_of, reps) = number_classes();
        let mut given: Vec<Option<Value>> = vec![None; POSITIONS];
        for (position, value) in values {
            let index = position.view().index();
            let well_formed = value.grundy.is_none()
                && (value.outcome == Outcome::Draw) == value.remoteness.is_none()
                && value.remoteness.is_none_or(|d| d <= u64::from(u16::MAX));
            if !well_formed {
                return Err(params(
                    format!("{value:?}"),
                    Said::new("rule-l-stored-value")
                        .text("value", format_args!("{value:?}"))
                        .text("position", position),
                ));
            }
            if given[index].replace(value).is_some() {
                return Err(params(
                    position.to_string(),
                    Said::new("rule-l-stored-twice").text("position", position),
                ));
            }
        }
        let mut outcome = vec![Outcome::Draw; CLASSES];
        let mut depth = vec![0u16; CLASSES];
        for (index, value) in given.iter().enumerate() {
            let Some(value) = value else {
                let missing = Position::from_view(View::from_index(index), Color::Red);
                return Err(params(
                    missing.to_string(),
                    Said::new("rule-l-stored-missing").text("position", missing),
                ));
            };
            let class = usize::from(class_of[index]);
            let rep = usize::from(reps[class]);
            if given[rep] != Some(*value) {
                let here = Position::from_view(View::from_index(index), Color::Red);
                return Err(params(
                    here.to_string(),
                    Said::new("rule-l-stored-symmetry")
                        .text("position", here)
                        .text(
                            "image",
                            Position::from_view(View::from_index(rep), Color::Red),
                        ),
                ));
            }
            outcome[class] = value.outcome;
            // Checked above: at most u16::MAX.
            depth[class] = value.remoteness.unwrap_or(0) as u16;
        }
        let (succ_start, succ) = successors(&class_of, &reps);
        let losing_moves = losing_moves(&succ_start, &succ, &outcome);
        Ok(Solution {
            class_of,
            reps,
            outcome,
            depth,
            losing_moves,
        })
    }

    /// Every position seen from the player to move — red to move, so the mover's L is `R` —
    /// with its value, all [`POSITIONS`] of them in the engine's dense order.
    pub fn positions(&self) -> impl Iterator<Item = (Position, Value)> + '_ {
        (0..POSITIONS).map(|index| {
            let class = usize::from(self.class_of[index]);
            let position = Position::from_view(View::from_index(index), Color::Red);
            (position, self.class_value(class))
        })
    }

    /// The value of `position` for the player to move.
    pub fn value(&self, position: &Position) -> Value {
        self.class_value(usize::from(self.class_of[position.view().index()]))
    }

    /// How many of the legal moves from `position` lose: lead to a position won for the
    /// opponent. From a draw, the engine prefers moves after which this count is greatest.
    pub(crate) fn losing_moves(&self, position: &Position) -> usize {
        let class = self.class_of[position.view().index()];
        usize::from(self.losing_moves[usize::from(class)])
    }

    /// Every class once, as its canonical position (see [`Position::canonical`]) with its
    /// value, in the order of the dense index of the canonical positions.
    pub fn classes(&self) -> impl Iterator<Item = (Position, Value)> + '_ {
        self.reps.iter().enumerate().map(|(c, &r)| {
            let view = View::from_index(usize::from(r));
            (Position::from_view(view, Color::Red), self.class_value(c))
        })
    }

    /// How many classes are won, lost and drawn.
    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for o in &self.outcome {
            match o {
                Outcome::Win => counts.won += 1,
                Outcome::Loss => counts.lost += 1,
                Outcome::Draw => counts.drawn += 1,
            }
        }
        counts
    }

    /// The greatest depth of a won or lost position.
    pub fn max_depth(&self) -> u64 {
        (0..CLASSES)
            .filter_map(|c| self.class_value(c).remoteness)
            .max()
            .unwrap_or(0)
    }

    fn class_value(&self, c: usize) -> Value {
        let outcome = self.outcome[c];
        Value {
            outcome,
            grundy: None,
            remoteness: (outcome != Outcome::Draw).then(|| u64::from(self.depth[c])),
        }
    }
}

impl fmt::Debug for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solution")
            .field("counts", &self.counts())
            .field("max_depth", &self.max_depth())
            .finish()
    }
}

/// The class of every dense index and the least index of each class. Walking the indices
/// upwards, the first unnumbered one is the least of its orbit, so it opens a new class.
fn number_classes() -> (Vec<u16>, Vec<u16>) {
    let mut class_of = vec![u16::MAX; POSITIONS];
    let mut reps = Vec::with_capacity(CLASSES);
    for index in 0..POSITIONS {
        if class_of[index] != u16::MAX {
            continue;
        }
        let class = reps.len() as u16;
        reps.push(index as u16);
        let view = View::from_index(index);
        for s in Symmetry::ALL {
            class_of[view.transform(s).index()] = class;
        }
    }
    debug_assert_eq!(reps.len(), CLASSES);
    (class_of, reps)
}

/// The successor multigraph between classes in CSR form: the successors of class `c` are
/// `succ[start[c]..start[c + 1]]`, one entry per legal move of its canonical position.
fn successors(class_of: &[u16], reps: &[u16]) -> (Vec<u32>, Vec<u16>) {
    let mut start = Vec::with_capacity(CLASSES + 1);
    let mut succ = Vec::with_capacity(CLASSES * 128);
    start.push(0u32);
    for &r in reps {
        let View { me, opp, neutrals } = View::from_index(usize::from(r));
        let [a, b] = neutrals;
        let blocked = opp.mask() | a.bit() | b.bit();
        for to in Placement::all() {
            if to == me || to.mask() & blocked != 0 {
                continue;
            }
            // After the move the opponent is to move: their L is "me" in the next view.
            let base = pair_index(opp, to) * NEUTRAL_PAIRS;
            let empty = !(opp.mask() | to.mask());
            let free = empty & !(a.bit() | b.bit());
            succ.push(class_of[base + neutral_index(empty, a, b)]);
            for (stays, mut targets) in [(b, free), (a, free)] {
                while targets != 0 {
                    let t = Square::from_u8(targets.trailing_zeros() as u8);
                    targets &= targets - 1;
                    succ.push(class_of[base + neutral_index(empty, stays, t)]);
                }
            }
        }
        start.push(succ.len() as u32);
    }
    (start, succ)
}

/// How many moves of each class lead to a position won for the player who moves next.
fn losing_moves(succ_start: &[u32], succ: &[u16], outcome: &[Outcome]) -> Vec<u16> {
    (0..CLASSES)
        .map(|c| {
            let next = &succ[succ_start[c] as usize..succ_start[c + 1] as usize];
            let losing = next
                .iter()
                .filter(|&&s| outcome[usize::from(s)] == Outcome::Win);
            losing.count() as u16
        })
        .collect()
}

/// The predecessor lists of the multigraph, in the same CSR form.
fn reverse(succ_start: &[u32], succ: &[u16]) -> (Vec<u32>, Vec<u16>) {
    let mut start = vec![0u32; CLASSES + 1];
    for &t in succ {
        start[usize::from(t) + 1] += 1;
    }
    for c in 0..CLASSES {
        start[c + 1] += start[c];
    }
    let mut fill = start.clone();
    let mut pred = vec![0u16; succ.len()];
    for c in 0..CLASSES {
        for &t in &succ[succ_start[c] as usize..succ_start[c + 1] as usize] {
            let slot = &mut fill[usize::from(t)];
            pred[*slot as usize] = c as u16;
            *slot += 1;
        }
    }
    (start, pred)
}
