//! The baseline's maximum matchings: Edmonds' blossom algorithm on an adjacency matrix, kept
//! maximum while pairs are taken out one by one, each refused pair costing a search of the
//! whole graph. As it was before issue 31.

use std::collections::VecDeque;

/// A maximum matching of a graph whose vertices can be taken out.
#[derive(Debug, Clone)]
pub(in crate::classroom::tournament::pairing) struct Matching {
    /// Adjacency matrix (symmetric): the pairs the matching may use.
    edges: Vec<Vec<bool>>,
    /// Vertices still in the graph.
    alive: Vec<bool>,
    /// Each vertex's partner in the matching.
    mate: Vec<Option<usize>>,
    /// Matched pairs.
    size: usize,
}

impl Matching {
    /// A maximum matching of the graph with adjacency matrix `edges`.
    pub fn new(edges: Vec<Vec<bool>>) -> Matching {
        let n = edges.len();
        let mut m = Matching {
            edges,
            alive: vec![true; n],
            mate: vec![None; n],
            size: 0,
        };
        // One search from each vertex suffices: a vertex with no augmenting path keeps none
        // when the matching grows along another one.
        for v in 0..n {
            if m.mate[v].is_none() && m.augment_from(v) {
                m.size += 1;
            }
        }
        m
    }

    /// How many pairs the matching has.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Takes `a` and `b` out of the graph as a pair of their own, provided the rest still has a
    /// matching that, with the pair if it is an edge, is as large as the current one. Returns
    /// whether it did; when not, nothing changes.
    pub fn take_pair(&mut self, a: usize, b: usize) -> bool {
        let (mate, size) = (self.mate.clone(), self.size);
        self.remove(a);
        self.remove(b);
        if self.size + usize::from(self.edges[a][b]) == size {
            return true;
        }
        self.alive[a] = true;
        self.alive[b] = true;
        self.mate = mate;
        self.size = size;
        false
    }

    /// Takes `v` out, keeping the matching maximum: only a path from v's old partner can make
    /// up for the lost pair, so one search does.
    fn remove(&mut self, v: usize) {
        self.alive[v] = false;
        if let Some(u) = self.mate[v].take() {
            self.mate[u] = None;
            self.size -= 1;
            if self.alive[u] && self.augment_from(u) {
                self.size += 1;
            }
        }
    }

    /// Searches for an augmenting path from the unmatched vertex `root` (growing an alternating
    /// tree and shrinking odd cycles into their base) and flips it; returns whether it found one.
    fn augment_from(&mut self, root: usize) -> bool {
        let n = self.mate.len();
        let mut parent: Vec<Option<usize>> = vec![None; n];
        let mut base: Vec<usize> = (0..n).collect();
        let mut outer = vec![false; n];
        let mut queue = VecDeque::from([root]);
        outer[root] = true;
        while let Some(v) = queue.pop_front() {
            for to in 0..n {
                if !self.alive[to]
                    || !self.edges[v][to]
                    || base[v] == base[to]
                    || self.mate[v] == Some(to)
                {
                    continue;
                }
                if to == root || self.mate[to].is_some_and(|m| parent[m].is_some()) {
                    // An odd cycle: every vertex of it becomes outer, with one base.
                    let join = self.common_base(&base, &parent, v, to);
                    let mut blossom = vec![false; n];
                    self.mark_path(&base, &mut parent, &mut blossom, v, join, to);
                    self.mark_path(&base, &mut parent, &mut blossom, to, join, v);
                    for i in 0..n {
                        if blossom[base[i]] {
                            base[i] = join;
                            if !outer[i] {
                                outer[i] = true;
                                queue.push_back(i);
                            }
                        }
                    }
                } else if parent[to].is_none() {
                    parent[to] = Some(v);
                    match self.mate[to] {
                        None => {
                            self.flip(&parent, to);
                            return true;
                        }
                        Some(m) => {
                            outer[m] = true;
                            queue.push_back(m);
                        }
                    }
                }
            }
        }
        false
    }

    /// The base where the tree paths from `a` and `b` to the root meet.
    fn common_base(&self, base: &[usize], parent: &[Option<usize>], a: usize, b: usize) -> usize {
        let mut on_path = vec![false; base.len()];
        let mut a = a;
        loop {
            a = base[a];
            on_path[a] = true;
            match self.mate[a].and_then(|m| parent[m]) {
                Some(up) => a = up,
                None => break,
            }
        }
        let mut b = b;
        loop {
            b = base[b];
            if on_path[b] {
                return b;
            }
            match self.mate[b].and_then(|m| parent[m]) {
                Some(up) => b = up,
                None => return b,
            }
        }
    }

    /// Marks the blossom's vertices on the tree path from `v` up to `join`, and points the
    /// path's parents the other way round the cycle (through `child`).
    fn mark_path(
        &self,
        base: &[usize],
        parent: &mut [Option<usize>],
        blossom: &mut [bool],
        mut v: usize,
        join: usize,
        mut child: usize,
    ) {
        while base[v] != join {
            let Some(m) = self.mate[v] else { break };
            blossom[base[v]] = true;
            blossom[base[m]] = true;
            parent[v] = Some(child);
            child = m;
            let Some(up) = parent[m] else { break };
            v = up;
        }
    }

    /// Flips the augmenting path ending at the unmatched vertex `v`.
    fn flip(&mut self, parent: &[Option<usize>], mut v: usize) {
        while let Some(p) = parent[v] {
            let next = self.mate[p];
            self.mate[v] = Some(p);
            self.mate[p] = Some(v);
            match next {
                Some(n) => v = n,
                None => break,
            }
        }
    }
}
