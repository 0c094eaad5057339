//! The search's one pass: the remoteness of every combination, in increasing order, each from
//! its successors' (Smith's rule: from a won position the quickest move to a lost one, from a
//! lost one the slowest move).
//!
//! A combination is never weighed move by move. Every family's moves are *prefixes of lines*:
//! a corner piece slides along its row, column or diagonal, a Nim move lowers one pile, a
//! chocolate break lowers one coordinate. Along each line the pass keeps a running
//! [`Summary`] of the remoteness seen so far — the least one of a lost position, the greatest
//! — exactly what Smith's rule needs of a set of moves, as the corner table solver does. The
//! moves of a combination along a line are the points of that line before it, all passed
//! already; so each combination costs a few reads of summaries, however many moves it has.
//!
//! A chocolate bar's vertical break to w′ < w leaves {u, min(v, ⌊w′/k⌋), w′}: for w′ ≥ v·k a
//! point of the column line (u, v, ·), for w′ < v·k a point of the *stair* below it,
//! (u, ⌊w′/k⌋, w′). The stair's summary up to v·k is kept per (u, v): that of v − 1 and the
//! first k points of column v − 1, recorded when the pass leaves them.
//!
//! Lines along a short axis (see [`SHORT`](super::layout::SHORT)) are read point by point.

use super::explicit::{self, Moves};
use super::layout::{Kind, Layout, SHORT};
use crate::corner::Piece;

/// What Smith's rule needs of a set of moves: the least remoteness of a move to a lost
/// position and the greatest of any move (plus one, 0 when there is none).
#[derive(Debug, Clone, Copy)]
struct Summary {
    least_lost: u32,
    greatest_plus_one: u32,
}

impl Summary {
    const EMPTY: Summary = Summary {
        least_lost: u32::MAX,
        greatest_plus_one: 0,
    };

    fn add(&mut self, r: u32, loss: u32) {
        if r % 2 == loss {
            self.least_lost = self.least_lost.min(r);
        }
        self.greatest_plus_one = self.greatest_plus_one.max(r + 1);
    }

    fn merge(&mut self, other: Summary) {
        self.least_lost = self.least_lost.min(other.least_lost);
        self.greatest_plus_one = self.greatest_plus_one.max(other.greatest_plus_one);
    }

    /// 1 + the quickest move to a lost position, else 1 + the slowest move, else 0.
    fn remoteness(self) -> u32 {
        if self.least_lost == u32::MAX {
            self.greatest_plus_one
        } else {
            self.least_lost + 1
        }
    }
}

/// One read of the moves of a combination, prepared once for the whole pass so that the loop
/// over combinations only follows these. A digit slot past the layout's axes is always 0
/// (a coordinate without an axis), with stride 0.
#[derive(Debug, Clone, Copy)]
enum Read {
    /// A small component's moves as listed (see [`explicit`]): `listed` is its slot, `stride`
    /// the weight of its own numbering in the combination's.
    Listed { listed: usize, stride: u64 },
    /// A line through its running summary (group `group`, key 0).
    Line { group: usize },
    /// A line point by point: the points below the current one on axis `digit`, from
    /// `k`·(digit `from`) on (a chocolate column starts at its stair: k = 0 for others).
    Scan {
        digit: usize,
        stride: u64,
        from: usize,
        k: u64,
    },
    /// A corner diagonal through its summary: the key is u − v + `lv` − 1.
    Diagonal {
        group: usize,
        u: usize,
        v: usize,
        lv: u64,
    },
    /// A corner diagonal point by point, `stride` the sum of both axes' strides.
    DiagonalScan { u: usize, v: usize, stride: u64 },
    /// One step down `digit` (the dragon horse's orthogonal steps).
    Step { digit: usize, stride: u64 },
    /// One diagonal step (the dragon king's), when both digits are above 0.
    DiagonalStep { u: usize, v: usize, stride: u64 },
    /// A chocolate column's stair through its summary.
    Stair { group: usize, v: usize },
    /// A chocolate column's stair point by point: (u, ⌊t/k⌋, t) for t < v·k.
    StairScan {
        v: usize,
        w: usize,
        sv: u64,
        sw: u64,
        k: u64,
    },
}

/// One update of the summaries after a combination's remoteness is known.
#[derive(Debug, Clone, Copy)]
enum Write {
    /// The line of group `group` through the combination.
    Line { group: usize },
    /// The corner diagonal through it.
    Diagonal {
        group: usize,
        u: usize,
        v: usize,
        lv: u64,
    },
    /// A chocolate column's first k points are done (w + 1 = (v + 1)·k, v < y): the stair
    /// of the column above, v + 1, is the stair of this one and these points.
    Stair {
        group: usize,
        v: usize,
        w: usize,
        k: u64,
        y: u64,
        sv: u64,
    },
}

/// Everything the pass does per combination, prepared from a layout.
struct Plan {
    reads: Vec<Read>,
    writes: Vec<Write>,
    /// Chocolate boxes' (v, w, k): a combination is a position when v·k ≤ w in each.
    bars: Vec<(usize, usize, u64)>,
    /// The small components' moves, listed.
    listed: Vec<Moves>,
    /// For each axis of a listed component: its slot there and its weight in the
    /// component's own numbering.
    slots: Vec<Option<(usize, u64)>>,
}

impl Plan {
    fn new(layout: &Layout) -> Plan {
        let none = layout.axes.len();
        let mut plan = Plan {
            reads: Vec::new(),
            writes: Vec::new(),
            bars: Vec::new(),
            listed: Vec::new(),
            slots: vec![None; none],
        };
        for part in &layout.parts {
            let first = part.coords.iter().flatten().next();
            if let Some(&first) = first.filter(|_| explicit::listed(part, &layout.axes, SHORT)) {
                let slot = plan.listed.len();
                let mut weight = 1;
                for &a in part.coords.iter().flatten() {
                    plan.slots[a] = Some((slot, weight));
                    weight *= layout.axes[a].len;
                }
                plan.listed
                    .push(explicit::moves(&part.start, part, &layout.axes));
                plan.reads.push(Read::Listed {
                    listed: slot,
                    stride: layout.axes[first].stride,
                });
                continue;
            }
            // Digit slot, stride, length and summary group of the part's i-th coordinate.
            let axis = |i: usize| match part.coords.get(i).copied().flatten() {
                Some(a) => (
                    a,
                    layout.axes[a].stride,
                    layout.axes[a].len,
                    layout.axes[a].group,
                ),
                None => (none, 0, 1, None),
            };
            let line = |plan: &mut Plan, i: usize, from: usize, k: u64| {
                let (digit, stride, _, group) = axis(i);
                match group {
                    Some(group) => {
                        plan.reads.push(Read::Line { group });
                        plan.writes.push(Write::Line { group });
                    }
                    None if digit != none => plan.reads.push(Read::Scan {
                        digit,
                        stride,
                        from,
                        k,
                    }),
                    None => {}
                }
            };
            match part.kind {
                // Always listed (above), or at 0 with no move.
                Kind::Heaps | Kind::Edge => {}
                Kind::Nim => {
                    for i in 0..part.coords.len() {
                        line(&mut plan, i, none, 0);
                    }
                }
                Kind::Corner(piece) => {
                    let ((u, su, _, _), (v, sv, lv, _)) = (axis(0), axis(1));
                    if piece.slides_straight() {
                        line(&mut plan, 0, none, 0);
                        line(&mut plan, 1, none, 0);
                    }
                    let both = u != none && v != none;
                    if piece.slides_diagonally() && both {
                        match part.diagonal {
                            Some(group) => {
                                plan.reads.push(Read::Diagonal { group, u, v, lv });
                                plan.writes.push(Write::Diagonal { group, u, v, lv });
                            }
                            None => plan.reads.push(Read::DiagonalScan {
                                u,
                                v,
                                stride: su + sv,
                            }),
                        }
                    }
                    match piece {
                        Piece::Horse => {
                            for (digit, stride) in [(u, su), (v, sv)] {
                                if digit != none {
                                    plan.reads.push(Read::Step { digit, stride });
                                }
                            }
                        }
                        Piece::Dragon if both => plan.reads.push(Read::DiagonalStep {
                            u,
                            v,
                            stride: su + sv,
                        }),
                        _ => {}
                    }
                }
                Kind::Chocolate { k, y } => {
                    let ((v, sv, _, _), (w, sw, _, group)) = (axis(1), axis(2));
                    line(&mut plan, 0, none, 0);
                    line(&mut plan, 1, none, 0);
                    // The column down to its stair (from v·k), then the stair below it.
                    line(&mut plan, 2, v, k);
                    if k > 0 && v != none {
                        plan.bars.push((v, w, k));
                        match group {
                            Some(group) => {
                                plan.reads.push(Read::Stair { group, v });
                                plan.writes.push(Write::Stair {
                                    group,
                                    v,
                                    w,
                                    k,
                                    y,
                                    sv,
                                });
                            }
                            None => plan.reads.push(Read::StairScan { v, w, sv, sw, k }),
                        }
                    }
                }
            }
        }
        plan
    }
}

/// The running summaries of one group of lines, and where the current combination's lines
/// are among them: `other`, its number with the group's axes taken out.
struct Lines {
    first: usize,
    last: usize,
    width: u64,
    other: u64,
    summaries: Vec<Summary>,
    /// A chocolate column's stair summaries, numbered as `summaries` are.
    stairs: Vec<Summary>,
}

impl Lines {
    fn at(&self, key: u64) -> usize {
        (self.other * self.width + key) as usize
    }
}

/// The remoteness of every combination of `layout` under the convention whose lost
/// positions have remoteness of parity `loss`.
pub(super) fn solve(layout: &Layout, loss: u32) -> Vec<u32> {
    let states = layout.states as usize;
    let plan = Plan::new(layout);
    let mut remoteness = vec![0u32; states];
    let mut lines: Vec<Lines> = layout
        .groups
        .iter()
        .map(|g| Lines {
            first: g.first,
            last: g.last,
            width: g.width,
            other: 0,
            summaries: vec![Summary::EMPTY; g.len as usize],
            stairs: if g.stair {
                vec![Summary::EMPTY; g.len as usize]
            } else {
                Vec::new()
            },
        })
        .collect();
    let lens: Vec<u64> = layout.axes.iter().map(|a| a.len).collect();
    let first_strides: Vec<u64> = lines.iter().map(|l| layout.axes[l.first].stride).collect();
    // One more digit, always 0: the coordinates without an axis.
    let mut digits = vec![0u64; lens.len() + 1];
    // Each listed component's own number.
    let mut local = vec![0u64; plan.listed.len()];
    for at in 0..states {
        let position = plan
            .bars
            .iter()
            .all(|&(v, w, k)| digits[v] * k <= digits[w])
            && plan
                .listed
                .iter()
                .zip(&local)
                .all(|(m, &i)| m.valid[i as usize]);
        if position {
            let r = remoteness_at(&plan, at as u64, &digits, &local, &remoteness, &lines, loss);
            remoteness[at] = r;
            record(&plan, &digits, r, &mut lines, loss);
        }
        // The next combination: increment the digits like an odometer; `j` is the axis that
        // went up, every one below it went back to 0.
        let mut j = 0;
        while j < lens.len() {
            digits[j] += 1;
            if digits[j] < lens[j] {
                if let Some((slot, weight)) = plan.slots[j] {
                    local[slot] += weight;
                }
                break;
            }
            digits[j] = 0;
            if let Some((slot, weight)) = plan.slots[j] {
                local[slot] -= (lens[j] - 1) * weight;
            }
            j += 1;
        }
        if j == lens.len() {
            break;
        }
        // With its axes taken out, a group's number goes up by one, unless the axis that went
        // up is one of them: then the axes below them went back from their greatest to 0.
        for (l, &stride) in lines.iter_mut().zip(&first_strides) {
            l.other += 1;
            if (l.first..=l.last).contains(&j) {
                l.other -= stride;
            }
        }
    }
    remoteness
}

/// Smith's rule at combination `at`, from its moves' remoteness as the plan reads them.
fn remoteness_at(
    plan: &Plan,
    at: u64,
    digits: &[u64],
    local: &[u64],
    remoteness: &[u32],
    lines: &[Lines],
    loss: u32,
) -> u32 {
    let read = |i: u64| remoteness[i as usize];
    let mut moves = Summary::EMPTY;
    for op in &plan.reads {
        match *op {
            Read::Listed { listed, stride } => {
                let m = &plan.listed[listed];
                let i = local[listed] as usize;
                for &back in &m.back[m.offsets[i] as usize..m.offsets[i + 1] as usize] {
                    moves.add(read(at - u64::from(back) * stride), loss);
                }
            }
            Read::Line { group } => moves.merge(lines[group].summaries[lines[group].at(0)]),
            Read::Scan {
                digit,
                stride,
                from,
                k,
            } => {
                let d = digits[digit];
                for t in digits[from] * k..d {
                    moves.add(read(at - (d - t) * stride), loss);
                }
            }
            Read::Diagonal { group, u, v, lv } => {
                let key = digits[u] + (lv - 1) - digits[v];
                moves.merge(lines[group].summaries[lines[group].at(key)]);
            }
            Read::DiagonalScan { u, v, stride } => {
                for t in 1..=digits[u].min(digits[v]) {
                    moves.add(read(at - t * stride), loss);
                }
            }
            Read::Step { digit, stride } => {
                if digits[digit] > 0 {
                    moves.add(read(at - stride), loss);
                }
            }
            Read::DiagonalStep { u, v, stride } => {
                if digits[u] > 0 && digits[v] > 0 {
                    moves.add(read(at - stride), loss);
                }
            }
            Read::Stair { group, v } => {
                if digits[v] > 0 {
                    moves.merge(lines[group].stairs[lines[group].at(0)]);
                }
            }
            Read::StairScan { v, w, sv, sw, k } => {
                // Step by step of the stair: row s below v holds columns s·k to s·k + k − 1.
                let (dv, dw) = (digits[v], digits[w]);
                let base = at - dv * sv - dw * sw;
                for row in 0..dv {
                    let start = base + row * sv + row * k * sw;
                    for t in 0..k {
                        moves.add(read(start + t * sw), loss);
                    }
                }
            }
        }
    }
    moves.remoteness()
}

/// Adds `r`, the remoteness of the current combination, to the summaries of its lines.
fn record(plan: &Plan, digits: &[u64], r: u32, lines: &mut [Lines], loss: u32) {
    for op in &plan.writes {
        match *op {
            Write::Line { group } => {
                let i = lines[group].at(0);
                lines[group].summaries[i].add(r, loss);
            }
            Write::Diagonal { group, u, v, lv } => {
                let i = lines[group].at(digits[u] + (lv - 1) - digits[v]);
                lines[group].summaries[i].add(r, loss);
            }
            Write::Stair {
                group,
                v,
                w,
                k,
                y,
                sv,
            } => {
                let (dv, dw) = (digits[v], digits[w]);
                if dv < y && dw + 1 == (dv + 1) * k {
                    let l = &mut lines[group];
                    let (here, above) = (l.at(0), l.at(0) + sv as usize);
                    let mut stair = l.stairs[here];
                    stair.merge(l.summaries[here]);
                    l.stairs[above] = stair;
                }
            }
        }
    }
}
