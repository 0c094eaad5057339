//! Brute force for the tests: the full three-coordinate game solved by plain recursion over
//! the rules as docs/RULES.md states them, sharing no code with the solver, the DP or `play`.

use std::collections::HashMap;

use crate::{mex, remoteness_of};

/// Grundy number and remoteness of every bar reachable from the ones asked for, with the
/// edge f(w) = `height(w)` (`None`: a rectangle, no bound).
pub(super) struct Brute {
    height: Box<dyn Fn(u64) -> Option<u64>>,
    memo: HashMap<(u64, u64, u64), (u64, u64)>,
}

impl Brute {
    /// Step `k`: f(w) = ⌊w/k⌋, and no bound for k = 0.
    pub(super) fn new(k: u32) -> Brute {
        let k = u64::from(k);
        Brute::edge(move |w| w.checked_div(k))
    }

    /// The edge f(w) = `height(w)`.
    pub(super) fn edge(height: impl Fn(u64) -> Option<u64> + 'static) -> Brute {
        Brute {
            height: Box::new(height),
            memo: HashMap::new(),
        }
    }

    /// Every bar one break away from {x, y, z}.
    fn successors(&self, x: u64, y: u64, z: u64) -> Vec<(u64, u64, u64)> {
        let mut out = Vec::new();
        for u in 0..x {
            out.push((u, y, z));
        }
        for v in 0..y {
            out.push((x, v, z));
        }
        for w in 0..z {
            // k = 0: a rectangle keeps its height.
            let height = (self.height)(w).map_or(y, |stair| y.min(stair));
            out.push((x, height, w));
        }
        out
    }

    /// (Grundy number, remoteness) of {x, y, z}.
    pub(super) fn solve(&mut self, x: u64, y: u64, z: u64) -> (u64, u64) {
        if let Some(&known) = self.memo.get(&(x, y, z)) {
            return known;
        }
        let mut grundies = Vec::new();
        let mut remotenesses = Vec::new();
        for (u, v, w) in self.successors(x, y, z) {
            let (g, r) = self.solve(u, v, w);
            grundies.push(g);
            remotenesses.push(r);
        }
        let answer = (mex(grundies), remoteness_of(remotenesses));
        self.memo.insert((x, y, z), answer);
        answer
    }

    pub(super) fn grundy(&mut self, x: u64, y: u64, z: u64) -> u64 {
        self.solve(x, y, z).0
    }

    pub(super) fn remoteness(&mut self, x: u64, y: u64, z: u64) -> u64 {
        self.solve(x, y, z).1
    }
}

/// G(y, z) for every staircase of step `k` with z ≤ `z_max`, indexed `[z][y]`, by the plain
/// O(n³) mex over each value's options as docs/RULES.md lists them.
pub(super) fn naive_table(k: u32, z_max: u64) -> Vec<Vec<u64>> {
    let k = u64::from(k);
    naive_edge_table(|z| z.checked_div(k).unwrap_or(z_max), z_max)
}

/// The same for the edge f(z) = `height(z)`.
pub(super) fn naive_edge_table(height: impl Fn(u64) -> u64, z_max: u64) -> Vec<Vec<u64>> {
    let mut g: Vec<Vec<u64>> = Vec::new();
    for z in 0..=z_max {
        let mut column = Vec::new();
        for y in 0..=height(z) {
            let mut options: Vec<u64> = column.clone();
            for w in 0..z {
                let v = y.min(height(w));
                options.push(g[w as usize][v as usize]);
            }
            column.push(mex(options));
        }
        g.push(column);
    }
    g
}
