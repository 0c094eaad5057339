//! Exact outcome and remoteness of a sum by searching its product space: every combination of
//! the positions each component can reach. Remoteness is not a function of the components'
//! values, and misère play has no Sprague–Grundy shortcut, so this is how both are known
//! exactly — when the product is small enough: at most [`MAX_STATES`] combinations and
//! [`MAX_EDGES`] moves among them (a few tens of milliseconds).
//!
//! Each component's positions are numbered so that every move goes to a smaller number (the
//! order in which a depth-first walk finishes them). A combination is then a number in mixed
//! radix, and every move from it leads to a smaller one, so one pass in increasing order
//! sees every successor before the position itself: no recursion, no hashing of sums.

use std::collections::HashMap;

use crate::any::AnyPosition;
use crate::sum::Position;
use crate::{Convention, Outcome, Position as _};

/// Most combinations of component positions one search covers.
pub const MAX_STATES: u64 = 1_000_000;
/// Most moves, summed over all combinations, one search follows.
pub const MAX_EDGES: u64 = 20_000_000;

/// Why a search was not made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TooLarge {
    /// More combinations than [`MAX_STATES`].
    States,
    /// More moves among them than [`MAX_EDGES`].
    Edges,
}

impl TooLarge {
    /// The reason for a person: `too large to search: …`.
    pub fn reason(&self) -> String {
        match self {
            TooLarge::States => format!(
                "too large to search: more than {MAX_STATES} combinations of the components' \
                 positions"
            ),
            TooLarge::Edges => format!(
                "too large to search: more than {MAX_EDGES} moves among the combinations of \
                 the components' positions"
            ),
        }
    }
}

/// One component's positions, numbered so that moves go to smaller numbers.
struct Component {
    /// Position → its number.
    index: HashMap<AnyPosition, u32>,
    /// Successors of position `i`: `targets[offsets[i]..offsets[i + 1]]`.
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Component {
    fn len(&self) -> u64 {
        self.index.len() as u64
    }

    fn successors(&self, i: u32) -> &[u32] {
        &self.targets[self.offsets[i as usize] as usize..self.offsets[i as usize + 1] as usize]
    }

    /// Every position `start` can reach, or `None` beyond `max_states` positions or
    /// `max_edges` moves.
    fn walk(start: &AnyPosition, max_states: u64, max_edges: u64) -> Option<Component> {
        let mut index: HashMap<AnyPosition, u32> = HashMap::new();
        let mut successors: Vec<Vec<u32>> = Vec::new();
        let mut edges = 0u64;
        // Depth-first: a position is numbered once all its successors are.
        let mut stack: Vec<(AnyPosition, Vec<AnyPosition>, Vec<u32>)> = Vec::new();
        let open = |p: &AnyPosition, edges: &mut u64| -> Option<Vec<AnyPosition>> {
            let count = p.move_count();
            *edges = edges.saturating_add(count);
            (*edges <= max_edges).then(|| p.successors())
        };
        let next = open(start, &mut edges)?;
        stack.push((start.clone(), next, Vec::new()));
        while let Some((_, pending, done)) = stack.last_mut() {
            match pending.pop() {
                Some(q) => match index.get(&q) {
                    Some(&i) => done.push(i),
                    // Not numbered yet, and not on the stack (moves always make progress:
                    // no position follows itself), so new.
                    None => {
                        if (index.len() + stack.len()) as u64 >= max_states {
                            return None;
                        }
                        let next = open(&q, &mut edges)?;
                        stack.push((q, next, Vec::new()));
                    }
                },
                None => {
                    let (p, _, done) = stack.pop()?;
                    let i = successors.len() as u32;
                    index.insert(p, i);
                    successors.push(done);
                    if let Some((_, _, parent)) = stack.last_mut() {
                        parent.push(i);
                    }
                }
            }
        }
        let mut offsets = Vec::with_capacity(successors.len() + 1);
        let mut targets = Vec::with_capacity(edges as usize);
        offsets.push(0);
        for s in successors {
            targets.extend(s);
            offsets.push(targets.len() as u32);
        }
        Some(Component {
            index,
            offsets,
            targets,
        })
    }
}

/// How many positions a component can reach at most, known before walking it: exact for
/// corner boards (every square between the corner and the piece) and Nim (every smaller pile
/// in every place), an upper bound for chocolate bars.
fn reach_bound(c: &AnyPosition) -> u64 {
    match c {
        AnyPosition::Corner(p) => (p.x() + 1).saturating_mul(p.y() + 1),
        AnyPosition::Nim(p) => p
            .piles()
            .iter()
            .fold(1u64, |n, &s| n.saturating_mul(s.saturating_add(1))),
        AnyPosition::Chocolate(p) => (p.x() + 1)
            .saturating_mul(p.y() + 1)
            .saturating_mul(p.z() + 1),
        AnyPosition::LGame(_) | AnyPosition::Sum(_) => u64::MAX,
    }
}

/// The product space of a sum: every combination of its components' positions, within the
/// bounds, ready to be solved under either convention.
pub struct Space {
    components: Vec<Component>,
    strides: Vec<u64>,
    states: u64,
}

impl Space {
    /// Walks each component of `p`, or says why the product is too large to search.
    pub fn new(p: &Position) -> Result<Space, TooLarge> {
        let bound = p
            .components()
            .iter()
            .fold(1u64, |n, c| n.saturating_mul(reach_bound(c)));
        // Exact for boards and Nim; chocolate's bound is loose, so walk up to 64 times over.
        if bound > MAX_STATES.saturating_mul(64) {
            return Err(TooLarge::States);
        }
        let mut components = Vec::new();
        let mut states = 1u64;
        for c in p.components() {
            let walked =
                Component::walk(c, MAX_STATES / states, MAX_EDGES).ok_or(TooLarge::States)?;
            states = states.saturating_mul(walked.len());
            if states > MAX_STATES {
                return Err(TooLarge::States);
            }
            components.push(walked);
        }
        // Every combination is visited once; in it each component's moves are followed.
        let edges = components.iter().fold(0u64, |e, c| {
            e.saturating_add((states / c.len()).saturating_mul(c.targets.len() as u64))
        });
        if edges > MAX_EDGES {
            return Err(TooLarge::Edges);
        }
        let mut strides = Vec::with_capacity(components.len());
        let mut stride = 1u64;
        for c in &components {
            strides.push(stride);
            stride *= c.len();
        }
        Ok(Space {
            components,
            strides,
            states,
        })
    }

    /// How many combinations there are.
    pub fn states(&self) -> u64 {
        self.states
    }

    /// The remoteness of every combination under `convention`.
    pub fn solve(self, convention: Convention) -> Solved {
        let remoteness = solve(
            &self.components,
            &self.strides,
            self.states as usize,
            convention,
        );
        Solved {
            convention,
            space: self,
            remoteness,
        }
    }
}

/// The product space of a sum, solved under one convention: the remoteness of every
/// combination, from which its outcome follows.
pub struct Solved {
    convention: Convention,
    space: Space,
    remoteness: Vec<u32>,
}

impl Solved {
    /// Solves every combination below `p` under `convention`, or says why it is too large.
    pub fn new(p: &Position, convention: Convention) -> Result<Solved, TooLarge> {
        Ok(Space::new(p)?.solve(convention))
    }

    /// The outcome and remoteness of `q`, a sum reachable from the one solved (`None` for
    /// any other).
    pub fn get(&self, q: &Position) -> Option<(Outcome, u64)> {
        let space = &self.space;
        if q.components().len() != space.components.len() {
            return None;
        }
        let mut at = 0u64;
        for ((c, comp), stride) in q
            .components()
            .iter()
            .zip(&space.components)
            .zip(&space.strides)
        {
            at += u64::from(*comp.index.get(c)?) * stride;
        }
        let r = u64::from(self.remoteness[at as usize]);
        let outcome = if r % 2 == self.convention.loss_parity() {
            Outcome::Loss
        } else {
            Outcome::Win
        };
        Some((outcome, r))
    }

    /// How many combinations were solved.
    pub fn states(&self) -> u64 {
        self.space.states
    }
}

/// The remoteness of every combination, in increasing mixed-radix order (Smith's rule:
/// from a won position the quickest move to a lost one, from a lost one the slowest move).
fn solve(
    components: &[Component],
    strides: &[u64],
    states: usize,
    convention: Convention,
) -> Vec<u32> {
    let loss = convention.loss_parity() as u32;
    let mut remoteness = vec![0u32; states];
    let mut digits = vec![0u32; components.len()];
    for at in 0..states {
        let mut quickest_win: Option<u32> = None;
        let mut longest: Option<u32> = None;
        for (c, comp) in components.iter().enumerate() {
            let d = digits[c];
            let base = at as u64 - u64::from(d) * strides[c];
            for &s in comp.successors(d) {
                let r = remoteness[(base + u64::from(s) * strides[c]) as usize];
                if r % 2 == loss {
                    quickest_win = Some(quickest_win.map_or(r, |q| q.min(r)));
                }
                longest = Some(longest.map_or(r, |l| l.max(r)));
            }
        }
        remoteness[at] = match (quickest_win, longest) {
            (Some(r), _) | (None, Some(r)) => r + 1,
            (None, None) => 0,
        };
        // The next combination: increment the digits like an odometer.
        for (c, comp) in components.iter().enumerate() {
            digits[c] += 1;
            if u64::from(digits[c]) < comp.len() {
                break;
            }
            digits[c] = 0;
        }
    }
    remoteness
}
