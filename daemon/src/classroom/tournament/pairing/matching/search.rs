//! Edmonds' search for an augmenting path: an alternating tree grown from a free vertex, odd
//! cycles shrunk into their base (a union-find of blossoms, so shrinking costs the cycle, not
//! the tree), odd vertices passed over a word of bits at a time.

use std::collections::VecDeque;

use super::Matching;

/// A search's alternating tree, kept between searches so that each starts from clean buffers
/// without allocating: only the vertices it touched are reset.
#[derive(Debug, Clone)]
pub(super) struct Tree {
    /// The vertex through which each odd vertex was reached (and, inside a blossom, the way
    /// round it): an outer vertex's even path to the root is `v, mate(v), parent(mate(v)), …`.
    parent: Vec<Option<usize>>,
    /// The blossoms, as a union-find forest whose roots are their bases (shrinking a cycle
    /// links its bases under one, so no vertex is relabelled one by one).
    up: Vec<usize>,
    /// Even vertices: an even alternating path from the root reaches them.
    pub(super) outer: Vec<bool>,
    /// Odd vertices (in the tree, not outer), as bits: an edge to one changes nothing, so the
    /// search passes over them a word at a time.
    odd: Vec<u64>,
    /// Outer vertices whose edges are still to be looked at.
    queue: VecDeque<usize>,
    /// The vertices in the tree, to reset.
    members: Vec<usize>,
    /// Marks for one walk to the root: `mark[v] == stamp`.
    mark: Vec<u64>,
    stamp: u64,
    /// The bases of the cycle being shrunk.
    merged: Vec<usize>,
}

impl Tree {
    pub(super) fn new(n: usize) -> Tree {
        Tree {
            odd: vec![0; n.div_ceil(64)],
            parent: vec![None; n],
            up: (0..n).collect(),
            outer: vec![false; n],
            queue: VecDeque::new(),
            members: Vec::new(),
            mark: vec![0; n],
            stamp: 0,
            merged: Vec::new(),
        }
    }

    /// Empties the tree.
    pub(super) fn clear(&mut self) {
        for &v in &self.members {
            self.parent[v] = None;
            self.up[v] = v;
            self.outer[v] = false;
            self.odd[v / 64] = 0;
        }
        self.members.clear();
        self.queue.clear();
    }

    /// The base of `v`'s blossom.
    fn base(&mut self, mut v: usize) -> usize {
        while self.up[v] != v {
            self.up[v] = self.up[self.up[v]];
            v = self.up[v];
        }
        v
    }

    /// A fresh stamp: nothing is marked.
    fn unmark(&mut self) -> u64 {
        self.stamp += 1;
        self.stamp
    }
}

impl Matching {
    /// Searches for an augmenting path from the free vertex `root` and flips it; returns
    /// whether it found one.
    pub(super) fn augment_from(&mut self, root: usize) -> bool {
        let found = self.search(root);
        self.tree.clear();
        found
    }

    /// Grows the alternating tree from the free vertex `root`, shrinking odd cycles into their
    /// base, until it reaches another free vertex (the augmenting path is flipped: returns
    /// true) or can grow no more (false; the tree is left for its outer vertices to be read:
    /// exactly those an even alternating path from the root reaches).
    pub(super) fn search(&mut self, root: usize) -> bool {
        self.tree.clear();
        self.tree.outer[root] = true;
        self.tree.members.push(root);
        self.tree.queue.push_back(root);
        while let Some(v) = self.tree.queue.pop_front() {
            for word in 0..self.graph.words {
                let mut bits = self.graph.row(v)[word] & self.alive[word] & !self.tree.odd[word];
                while bits != 0 {
                    let to = word * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if self.grow(root, v, to) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Looks at the edge from the outer vertex `v` to `to`; returns whether it found (and
    /// flipped) an augmenting path.
    fn grow(&mut self, root: usize, v: usize, to: usize) -> bool {
        let t = &mut self.tree;
        if self.mate[v] == Some(to) || t.base(v) == t.base(to) {
            return false;
        }
        if to == root || self.mate[to].is_some_and(|m| t.parent[m].is_some()) {
            // An odd cycle: every vertex of it becomes outer, with one base.
            let join = self.common_base(v, to);
            self.tree.merged.clear();
            self.mark_path(v, join, to);
            self.mark_path(to, join, v);
            let t = &mut self.tree;
            for i in 0..t.merged.len() {
                let b = t.merged[i];
                t.up[b] = join;
            }
        } else if t.parent[to].is_none() {
            t.parent[to] = Some(v);
            t.odd[to / 64] |= 1 << (to % 64);
            t.members.push(to);
            match self.mate[to] {
                None => {
                    self.flip(to);
                    return true;
                }
                Some(m) => {
                    let t = &mut self.tree;
                    t.outer[m] = true;
                    t.members.push(m);
                    t.queue.push_back(m);
                }
            }
        }
        false
    }

    /// The base where the tree paths from `a` and `b` to the root meet.
    fn common_base(&mut self, a: usize, b: usize) -> usize {
        let stamp = self.tree.unmark();
        let t = &mut self.tree;
        let mut a = a;
        loop {
            a = t.base(a);
            t.mark[a] = stamp;
            match self.mate[a].and_then(|m| t.parent[m]) {
                Some(up) => a = up,
                None => break,
            }
        }
        let mut b = b;
        loop {
            b = t.base(b);
            if t.mark[b] == stamp {
                return b;
            }
            match self.mate[b].and_then(|m| t.parent[m]) {
                Some(up) => b = up,
                None => return b,
            }
        }
    }

    /// Gathers the bases of the blossom's vertices on the tree path from `v` up to `join`,
    /// makes the path's odd vertices outer, and points the path's parents the other way round
    /// the cycle (through `child`). The vertices of the blossoms it passes are outer already.
    fn mark_path(&mut self, mut v: usize, join: usize, mut child: usize) {
        let t = &mut self.tree;
        loop {
            let bv = t.base(v);
            if bv == join {
                break;
            }
            let Some(m) = self.mate[v] else { break };
            let bm = t.base(m);
            t.merged.extend([bv, bm].into_iter().filter(|&b| b != join));
            if !t.outer[m] {
                t.outer[m] = true;
                t.odd[m / 64] &= !(1 << (m % 64));
                t.queue.push_back(m);
            }
            t.parent[v] = Some(child);
            child = m;
            let Some(up) = t.parent[m] else { break };
            v = up;
        }
    }

    /// Flips the augmenting path ending at the free vertex `v`.
    fn flip(&mut self, mut v: usize) {
        while let Some(p) = self.tree.parent[v] {
            let next = self.mate[p];
            self.mate[v] = Some(p);
            self.mate[p] = Some(v);
            match next {
                Some(n) => v = n,
                None => break,
            }
        }
    }

    /// Flips the even alternating path from the outer vertex `b` to the tree's root: the root
    /// is matched and `b` is left free.
    pub(super) fn flip_to_root(&mut self, b: usize) {
        let Some(mut x) = self.mate[b].take() else {
            return;
        };
        while let Some(y) = self.tree.parent[x] {
            let next = self.mate[y];
            self.mate[x] = Some(y);
            self.mate[y] = Some(x);
            match next {
                Some(n) => x = n,
                None => break,
            }
        }
    }
}
