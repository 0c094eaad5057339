//! Maximum matchings in general graphs (Edmonds' blossom algorithm), kept maximum while pairs
//! are taken out one by one. Swiss pairing asks it which of a player's candidate opponents
//! still leave the best possible pairing of everyone else, so its guarantees (no avoidable
//! repeat, ...) are exact, not heuristic, and cost polynomial time.
//!
//! When everyone is matched (there is a pairing with no repeat), a candidate is answered by a
//! short alternating path when one exists (the common case in a large field, where almost every
//! pair may meet), and otherwise by one complete search whose outer vertices answer every other
//! candidate of the same player too: a player costs at most one search of the graph, not one
//! per refused candidate. When someone is left out (repeats cannot be avoided: only in fields
//! where players have met about half of the others), each candidate is tried by matching the
//! rest again, as the baseline does.

mod search;

use search::Tree;

/// An undirected graph on the vertices `0..n`, as rows of bits.
#[derive(Debug, Clone)]
pub(super) struct Graph {
    /// Vertices.
    n: usize,
    /// 64-bit words a row.
    words: usize,
    /// Row `v` is `bits[v * words..(v + 1) * words]`: bit `u` is set when `u` and `v` are joined.
    bits: Vec<u64>,
}

impl Graph {
    /// `n` vertices, no edge.
    pub fn new(n: usize) -> Graph {
        let words = n.div_ceil(64);
        Graph {
            n,
            words,
            bits: vec![0; n * words],
        }
    }

    /// Joins `x` and `y`.
    pub fn join(&mut self, x: usize, y: usize) {
        self.bits[x * self.words + y / 64] |= 1 << (y % 64);
        self.bits[y * self.words + x / 64] |= 1 << (x % 64);
    }

    /// Whether `x` and `y` are joined.
    pub fn has(&self, x: usize, y: usize) -> bool {
        self.bits[x * self.words + y / 64] & (1 << (y % 64)) != 0
    }

    fn row(&self, v: usize) -> &[u64] {
        &self.bits[v * self.words..(v + 1) * self.words]
    }
}

/// A maximum matching of a graph whose vertices can be taken out.
#[derive(Debug, Clone)]
pub(super) struct Matching {
    /// The pairs the matching may use.
    graph: Graph,
    /// Vertices still in the graph, as bits (a row of `graph` masked by it gives the neighbours
    /// still there).
    alive: Vec<u64>,
    /// How many vertices are still in the graph.
    alive_count: usize,
    /// Each vertex's partner in the matching.
    mate: Vec<Option<usize>>,
    /// Matched pairs.
    size: usize,
    /// The search's buffers.
    tree: Tree,
}

impl Matching {
    /// A maximum matching of the graph with adjacency matrix `edges`.
    #[cfg(test)]
    pub fn new(edges: Vec<Vec<bool>>) -> Matching {
        let mut graph = Graph::new(edges.len());
        for (x, row) in edges.iter().enumerate() {
            for (y, &joined) in row.iter().enumerate() {
                if joined && x != y {
                    graph.join(x, y);
                }
            }
        }
        Matching::of(graph)
    }

    /// A maximum matching of `graph`: greedily, the vertices with fewest neighbours first, each
    /// taking the free neighbour with fewest neighbours; then a search from each vertex left
    /// free (one suffices: a vertex with no augmenting path keeps none when the matching grows
    /// along another one).
    pub fn of(graph: Graph) -> Matching {
        let n = graph.n;
        let mut alive = vec![u64::MAX; graph.words];
        if let Some(last) = alive.last_mut() {
            if !n.is_multiple_of(64) {
                *last = (1 << (n % 64)) - 1;
            }
        }
        let mut m = Matching {
            graph,
            alive,
            alive_count: n,
            mate: vec![None; n],
            size: 0,
            tree: Tree::new(n),
        };
        let degree: Vec<u32> = (0..n)
            .map(|v| m.graph.row(v).iter().map(|w| w.count_ones()).sum())
            .collect();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&v| (degree[v], v));
        for v in order {
            if m.mate[v].is_none() {
                let free = m.neighbours(v).filter(|&u| m.mate[u].is_none());
                if let Some(u) = free.min_by_key(|&u| (degree[u], u)) {
                    m.mate[v] = Some(u);
                    m.mate[u] = Some(v);
                    m.size += 1;
                }
            }
        }
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
    #[cfg(test)]
    pub fn take_pair(&mut self, a: usize, b: usize) -> bool {
        self.take_first(a, [b]).is_some()
    }

    /// Takes `a` out with the first of `candidates` that [`Matching::take_pair`] would take,
    /// and returns it; `None` (and nothing changes) when there is none.
    pub fn take_first(
        &mut self,
        a: usize,
        candidates: impl IntoIterator<Item = usize>,
    ) -> Option<usize> {
        if !self.is_alive(a) {
            return None;
        }
        let Some(m) = self.mate[a].filter(|_| 2 * self.size == self.alive_count) else {
            // Some vertex is left out: a pair that is not an edge may be taken too. Each
            // candidate is tried by taking it out and matching the rest again.
            return candidates
                .into_iter()
                .find(|&b| b != a && self.is_alive(b) && self.take_pair_rematching(a, b));
        };
        // Everyone is matched, so a pair must be an edge, and it can be taken exactly when the
        // rest has a perfect matching: when, without a, an even alternating path joins a's
        // partner m to b (b is m, or the path is flipped to leave b free instead of m). The
        // shortest paths are looked for first; when they fail, one search from m finds every b
        // such a path reaches, which answers this candidate and all the next ones.
        self.take_out(a);
        self.mate[m] = None;
        let mut searched = false;
        for b in candidates {
            // a is out already, so this also passes over b == a.
            if !self.is_alive(b) || !self.graph.has(a, b) {
                continue;
            }
            if b != m && (searched || !self.short_path(m, b)) {
                if !searched {
                    searched = true;
                    let augmented = self.search(m);
                    debug_assert!(!augmented, "only m is free");
                }
                if !self.tree.outer[b] {
                    continue;
                }
                self.flip_to_root(b);
            }
            self.take_out(b);
            self.size -= 1;
            self.tree.clear();
            return Some(b);
        }
        self.tree.clear();
        self.put_back(a);
        self.mate[a] = Some(m);
        self.mate[m] = Some(a);
        None
    }

    fn is_alive(&self, v: usize) -> bool {
        self.alive[v / 64] & (1 << (v % 64)) != 0
    }

    /// Takes `v` out of the graph, unmatched (its partner is left as it is).
    fn take_out(&mut self, v: usize) {
        self.alive[v / 64] &= !(1 << (v % 64));
        self.alive_count -= 1;
        self.mate[v] = None;
    }

    /// Puts `v` back in the graph, unmatched.
    fn put_back(&mut self, v: usize) {
        self.alive[v / 64] |= 1 << (v % 64);
        self.alive_count += 1;
    }

    /// With `m` free and every other vertex matched: makes `b` free and `m` matched along an
    /// even alternating path of two or four edges, when there is one; returns whether it did.
    fn short_path(&mut self, m: usize, b: usize) -> bool {
        let Some(c) = self.mate[b] else {
            return false;
        };
        if self.graph.has(m, c) {
            // m – c = b
            self.mate[m] = Some(c);
            self.mate[c] = Some(m);
            self.mate[b] = None;
            return true;
        }
        // m – x = y – c = b, for a neighbour x of m whose partner y is a neighbour of c.
        let x = self
            .neighbours(m)
            .find(|&x| x != b && x != c && self.mate[x].is_some_and(|y| self.graph.has(y, c)));
        let Some((x, y)) = x.and_then(|x| Some((x, self.mate[x]?))) else {
            return false;
        };
        self.mate[m] = Some(x);
        self.mate[x] = Some(m);
        self.mate[y] = Some(c);
        self.mate[c] = Some(y);
        self.mate[b] = None;
        true
    }

    /// The neighbours of `v` still in the graph, in order.
    fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        self.graph
            .row(v)
            .iter()
            .zip(&self.alive)
            .enumerate()
            .flat_map(|(i, (&row, &alive))| {
                let mut bits = row & alive;
                std::iter::from_fn(move || {
                    if bits == 0 {
                        return None;
                    }
                    let at = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Some(i * 64 + at)
                })
            })
    }

    /// Takes `a` and `b` out together when the rest makes up for them: each lost partner
    /// searches for an augmenting path, and when they fall short everything is put back.
    fn take_pair_rematching(&mut self, a: usize, b: usize) -> bool {
        let (mate, size) = (self.mate.clone(), self.size);
        self.remove(a);
        self.remove(b);
        if self.size + usize::from(self.graph.has(a, b)) == size {
            return true;
        }
        self.put_back(a);
        self.put_back(b);
        self.mate = mate;
        self.size = size;
        false
    }

    /// Takes `v` out, keeping the matching maximum: only a path from v's old partner can make
    /// up for the lost pair, so one search does.
    fn remove(&mut self, v: usize) {
        let partner = self.mate[v];
        self.take_out(v);
        if let Some(u) = partner {
            self.mate[u] = None;
            self.size -= 1;
            if self.is_alive(u) && self.augment_from(u) {
                self.size += 1;
            }
        }
    }
}
