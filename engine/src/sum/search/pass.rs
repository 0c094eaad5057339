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

use super::layout::{Group, Kind, Layout, Part};

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

/// One group's running summaries, and where the current combination's lines are among them.
struct Lines {
    spec: Group,
    /// The current combination's number with the group's axes taken out.
    other: u64,
    summaries: Vec<Summary>,
    /// A chocolate column's stair summaries, numbered as `summaries` are.
    stairs: Vec<Summary>,
}

impl Lines {
    fn at(&self, key: u64) -> usize {
        (self.other * self.spec.width + key) as usize
    }
}

/// The remoteness of every combination of `layout` under the convention whose lost
/// positions have remoteness of parity `loss`.
pub(super) fn solve(layout: &Layout, loss: u32) -> Vec<u32> {
    let states = layout.states as usize;
    let mut remoteness = vec![0u32; states];
    let mut lines: Vec<Lines> = layout
        .groups
        .iter()
        .map(|&spec| Lines {
            spec,
            other: 0,
            summaries: vec![Summary::EMPTY; spec.len as usize],
            stairs: if spec.stair {
                vec![Summary::EMPTY; spec.len as usize]
            } else {
                Vec::new()
            },
        })
        .collect();
    let mut digits = vec![0u64; layout.axes.len()];
    let pass = Pass { layout, loss };
    for at in 0..states {
        if layout.parts.iter().all(|p| pass.is_position(p, &digits)) {
            let mut moves = Summary::EMPTY;
            for part in &layout.parts {
                pass.gather(part, at as u64, &digits, &remoteness, &lines, &mut moves);
            }
            let r = moves.remoteness();
            remoteness[at] = r;
            for part in &layout.parts {
                pass.record(part, &digits, r, &mut lines);
            }
        }
        // The next combination: increment the digits like an odometer; `j` is the axis that
        // went up, every one below it went back to 0.
        let mut j = 0;
        while j < digits.len() {
            digits[j] += 1;
            if digits[j] < layout.axes[j].len {
                break;
            }
            digits[j] = 0;
            j += 1;
        }
        if j == digits.len() {
            break;
        }
        // With its axes taken out, a group's number goes up by one, unless the axis that went
        // up is one of them: then the axes below them went back from their greatest to 0.
        for l in &mut lines {
            l.other += 1;
            if (l.spec.first..=l.spec.last).contains(&j) {
                l.other -= layout.axes[l.spec.first].stride;
            }
        }
    }
    remoteness
}

/// The pass over one layout under one convention.
struct Pass<'a> {
    layout: &'a Layout,
    loss: u32,
}

impl Pass<'_> {
    /// The coordinate of `part`'s `i`-th coordinate (0 when it has no axis), and its stride.
    fn coord(&self, part: &Part, i: usize, digits: &[u64]) -> (u64, u64) {
        match part.coords.get(i).copied().flatten() {
            Some(a) => (digits[a], self.layout.axes[a].stride),
            None => (0, 0),
        }
    }

    /// False for a chocolate box's combinations that are no bar (a stair higher than its
    /// columns allow): they are neither reached nor solved.
    fn is_position(&self, part: &Part, digits: &[u64]) -> bool {
        match part.kind {
            Kind::Chocolate { k, .. } if k > 0 => {
                let (v, _) = self.coord(part, 1, digits);
                let (w, _) = self.coord(part, 2, digits);
                v <= w / k
            }
            _ => true,
        }
    }

    /// Merges into `moves` the remoteness of every move along the line of axis `i` of `part`
    /// below the current point, from `from` on (its summary, or point by point).
    #[allow(clippy::too_many_arguments)]
    fn line(
        &self,
        part: &Part,
        i: usize,
        from: u64,
        at: u64,
        digits: &[u64],
        remoteness: &[u32],
        lines: &[Lines],
        moves: &mut Summary,
    ) {
        let Some(a) = part.coords.get(i).copied().flatten() else {
            return;
        };
        let (d, stride) = (digits[a], self.layout.axes[a].stride);
        match self.layout.axes[a].group {
            Some(g) => moves.merge(lines[g].summaries[lines[g].at(0)]),
            None => {
                for t in from..d {
                    moves.add(remoteness[(at - (d - t) * stride) as usize], self.loss);
                }
            }
        }
    }

    /// Merges into `moves` the remoteness of every move of `part` from combination `at`.
    fn gather(
        &self,
        part: &Part,
        at: u64,
        digits: &[u64],
        remoteness: &[u32],
        lines: &[Lines],
        moves: &mut Summary,
    ) {
        let loss = self.loss;
        let read = |i: u64| remoteness[i as usize];
        match part.kind {
            Kind::Nim => {
                for i in 0..part.coords.len() {
                    self.line(part, i, 0, at, digits, remoteness, lines, moves);
                }
            }
            Kind::Corner(piece) => {
                let (u, su) = self.coord(part, 0, digits);
                let (v, sv) = self.coord(part, 1, digits);
                if piece.slides_straight() {
                    self.line(part, 0, 0, at, digits, remoteness, lines, moves);
                    self.line(part, 1, 0, at, digits, remoteness, lines, moves);
                }
                if piece.slides_diagonally() {
                    match part.diagonal {
                        Some(g) => {
                            let key = diagonal_key(self.layout, part, u, v);
                            moves.merge(lines[g].summaries[lines[g].at(key)]);
                        }
                        None => {
                            for t in 1..=u.min(v) {
                                moves.add(read(at - t * (su + sv)), loss);
                            }
                        }
                    }
                }
                match piece {
                    crate::corner::Piece::Horse => {
                        if u > 0 {
                            moves.add(read(at - su), loss);
                        }
                        if v > 0 {
                            moves.add(read(at - sv), loss);
                        }
                    }
                    crate::corner::Piece::Dragon if u > 0 && v > 0 => {
                        moves.add(read(at - su - sv), loss);
                    }
                    _ => {}
                }
            }
            Kind::Chocolate { k, .. } => {
                let (v, sv) = self.coord(part, 1, digits);
                let (w, sw) = self.coord(part, 2, digits);
                // The strip, the rows below, the column down to the stair.
                self.line(part, 0, 0, at, digits, remoteness, lines, moves);
                self.line(part, 1, 0, at, digits, remoteness, lines, moves);
                self.line(part, 2, v * k, at, digits, remoteness, lines, moves);
                // The stair below the column: (u, ⌊w′/k⌋, w′) for w′ < v·k.
                if k > 0 && v > 0 {
                    match part.coords[2].and_then(|a| self.layout.axes[a].group) {
                        Some(g) => moves.merge(lines[g].stairs[lines[g].at(0)]),
                        None => {
                            let base = at - v * sv - w * sw;
                            for t in 0..v * k {
                                moves.add(read(base + t / k * sv + t * sw), loss);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Adds `r`, the remoteness of the current combination, to the summaries of its lines.
    fn record(&self, part: &Part, digits: &[u64], r: u32, lines: &mut [Lines]) {
        let loss = self.loss;
        for a in part.coords.iter().flatten() {
            if let Some(g) = self.layout.axes[*a].group {
                let i = lines[g].at(0);
                lines[g].summaries[i].add(r, loss);
            }
        }
        if let Some(g) = part.diagonal {
            let (u, _) = self.coord(part, 0, digits);
            let (v, _) = self.coord(part, 1, digits);
            let i = lines[g].at(diagonal_key(self.layout, part, u, v));
            lines[g].summaries[i].add(r, loss);
        }
        // A column's first k points done: the stair of the column above it is known.
        if let Kind::Chocolate { k, y } = part.kind {
            let (v, sv) = self.coord(part, 1, digits);
            let (w, _) = self.coord(part, 2, digits);
            let group = part.coords[2].and_then(|a| self.layout.axes[a].group);
            if let Some(g) = group.filter(|_| k > 0 && v < y && w + 1 == (v + 1) * k) {
                let l = &mut lines[g];
                let (here, above) = (l.at(0), l.at(0) + sv as usize);
                let mut stair = l.stairs[here];
                stair.merge(l.summaries[here]);
                l.stairs[above] = stair;
            }
        }
    }
}

/// Which diagonal of a corner part (u, v) lies on, among its group's: u − v + (len_v − 1).
fn diagonal_key(layout: &Layout, part: &Part, u: u64, v: u64) -> u64 {
    let lv = part.coords[1].map_or(1, |a| layout.axes[a].len);
    u + (lv - 1) - v
}
