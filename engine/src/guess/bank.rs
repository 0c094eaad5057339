//! The bank: every formula up to a size, one per behaviour on the sample cells. Formulas are
//! built bottom-up, size by size, from the coordinates and small numbers with the search's
//! operators; a formula that gives the same values on every sample cell as one already kept
//! is dropped (observational equivalence), so the bank grows with the number of different
//! behaviours, not of formulas.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::term::{floor_phi, Binary, Term};

/// The largest value a kept formula may take on a sample cell: values are stored in 16 bits.
const VALUE_LIMIT: i32 = i16::MAX as i32;

/// How a kept formula is made from smaller ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Node {
    Var(u8),
    Num(i16),
    Binary(Binary, u32, u32),
    Abs(u32),
    FloorPhi(u32),
}

/// A formula's values on the sample cells, hashed: the key of the bank's index.
pub fn hash(values: &[i16]) -> u64 {
    hash_of(values.iter().copied())
}

/// A formula's values on some of the sample cells, hashed as [`hash`] would hash them.
pub fn hash_at(values: &[i16], at: &[usize]) -> u64 {
    hash_of(at.iter().map(|&i| values[i]))
}

fn hash_of(values: impl Iterator<Item = i16>) -> u64 {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut word = 0u64;
    let mut n = 0;
    for v in values {
        word |= u64::from(v as u16) << (16 * n);
        n += 1;
        if n == 4 {
            h = (h ^ word).wrapping_mul(0x5bd1_e995_0100_01b3);
            h ^= h >> 29;
            word = 0;
            n = 0;
        }
    }
    h = (h ^ word ^ n).wrapping_mul(0x5bd1_e995_0100_01b3);
    h ^ (h >> 32)
}

/// The keys are hashes already.
#[derive(Default, Clone, Copy)]
pub struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8) | u64::from(*b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A map keyed by [`hash`].
pub type ByHash<V> = HashMap<u64, V, BuildHasherDefault<Prehashed>>;

/// A formula about to be kept: how it is made, its values, their hash.
pub struct Candidate {
    pub node: Node,
    pub hash: u64,
    pub values: Vec<i16>,
}

/// The kept formulas, by size.
pub struct Bank {
    /// Sample cells.
    pub width: usize,
    values: Vec<i16>,
    nodes: Vec<Node>,
    sizes: Vec<u8>,
    /// The first id of each size, then the end: formulas of size s are
    /// `starts[s]..starts[s + 1]`, and the size being built is the last.
    starts: Vec<u32>,
    index: ByHash<u32>,
    names: Vec<&'static str>,
    /// A few sample cells spread over the table, and a filter of the kept formulas' values
    /// on them: most values looked up are not kept, and this says so at a fraction of the
    /// cost of computing them at every sample cell.
    probe: [usize; PROBE],
    filter: Vec<u64>,
}

/// Sample cells of the filter.
pub const PROBE: usize = 8;

/// Bits of the filter: with two million formulas kept, one in thirty values not kept passes.
const FILTER_BITS: u32 = 26;

impl Bank {
    /// An empty bank over `width` sample cells, whose coordinates are called `names`.
    pub fn new(width: usize, names: Vec<&'static str>) -> Bank {
        Bank {
            width,
            values: Vec::new(),
            nodes: Vec::new(),
            sizes: Vec::new(),
            starts: vec![0, 0, 0],
            index: ByHash::default(),
            names,
            probe: std::array::from_fn(|i| (width / 2 + i * 5) % width.max(1)),
            filter: vec![0; 1 << (FILTER_BITS - 6)],
        }
    }

    /// The sample cells of the filter.
    pub fn probe(&self) -> [usize; PROBE] {
        self.probe
    }

    /// Whether a formula with these values on the filter's cells may be kept.
    pub fn may_know(&self, probed: [i16; PROBE]) -> bool {
        let bit = filter_bit(probed);
        self.filter[bit / 64] & (1 << (bit % 64)) != 0
    }

    /// Formulas kept.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The size being built.
    pub fn building(&self) -> usize {
        self.starts.len() - 2
    }

    /// The ids of the formulas of size `s`.
    pub fn of_size(&self, s: usize) -> std::ops::Range<u32> {
        if s + 1 >= self.starts.len() {
            return 0..0;
        }
        self.starts[s]..self.starts[s + 1]
    }

    /// A kept formula's values on the sample cells.
    pub fn values(&self, id: u32) -> &[i16] {
        let at = id as usize * self.width;
        &self.values[at..at + self.width]
    }

    /// A kept formula's size.
    pub fn size_of(&self, id: u32) -> usize {
        usize::from(self.sizes[id as usize])
    }

    /// The kept formula with these values, if any.
    pub fn find(&self, hash: u64, values: &[i16]) -> Option<u32> {
        let id = *self.index.get(&hash)?;
        (self.values(id) == values).then_some(id)
    }

    /// Whether a formula with this hash is kept (the values are compared when kept).
    pub fn knows(&self, hash: u64) -> bool {
        self.index.contains_key(&hash)
    }

    /// Keeps a formula of the size being built, unless its values are known; its id.
    pub fn keep(&mut self, c: Candidate) -> Option<u32> {
        if self.index.contains_key(&c.hash) {
            return None;
        }
        let id = u32::try_from(self.nodes.len()).ok()?;
        self.index.insert(c.hash, id);
        let bit = filter_bit(self.probe.map(|i| c.values[i]));
        self.filter[bit / 64] |= 1 << (bit % 64);
        self.values.extend_from_slice(&c.values);
        self.nodes.push(c.node);
        let size = u8::try_from(self.building()).unwrap_or(u8::MAX);
        self.sizes.push(size);
        if let Some(end) = self.starts.last_mut() {
            *end = id + 1;
        }
        Some(id)
    }

    /// Closes the size being built and opens the next.
    pub fn next_size(&mut self) {
        let end = u32::try_from(self.nodes.len()).unwrap_or(u32::MAX);
        self.starts.push(end);
    }

    /// Whether the formula is a number alone.
    pub fn is_number(&self, id: u32) -> bool {
        self.number(id).is_some()
    }

    /// The number, when the formula is a number alone.
    pub fn number(&self, id: u32) -> Option<i16> {
        match self.nodes[id as usize] {
            Node::Num(n) => Some(n),
            _ => None,
        }
    }

    /// A kept formula as a tree.
    pub fn term(&self, id: u32) -> Term {
        match self.nodes[id as usize] {
            Node::Var(v) => Term::Var(self.names[usize::from(v)]),
            Node::Num(n) => Term::Num(i64::from(n)),
            Node::Binary(op, a, b) => Term::binary(op, self.term(a), self.term(b)),
            Node::Abs(a) => Term::Abs(Box::new(self.term(a))),
            Node::FloorPhi(a) => Term::FloorPhi(Box::new(self.term(a))),
        }
    }
}

/// The filter's bit for values on its cells.
fn filter_bit(probed: [i16; PROBE]) -> usize {
    let word = |half: &[i16]| {
        half.iter()
            .enumerate()
            .fold(0u64, |w, (i, v)| w | u64::from(*v as u16) << (16 * i))
    };
    let h = (word(&probed[..4]).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ word(&probed[4..]))
        .wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    (h >> (64 - FILTER_BITS)) as usize
}

/// `op` at every sample cell, or `None` where the language refuses it at one or a value
/// leaves 16 bits.
pub fn binary(op: Binary, a: &[i16], b: &[i16], out: &mut Vec<i16>) -> bool {
    out.clear();
    for (&a, &b) in a.iter().zip(b) {
        match op.apply(i32::from(a), i32::from(b)) {
            Some(v) if v.abs() <= VALUE_LIMIT => out.push(v as i16),
            _ => return false,
        }
    }
    true
}

/// `abs` or `floor(· * phi)` at every sample cell, as [`binary`].
pub fn unary(node: Node, a: &[i16], out: &mut Vec<i16>) -> bool {
    out.clear();
    for &a in a {
        let v = match node {
            Node::Abs(_) => i32::from(a).abs(),
            _ => floor_phi(i32::from(a)),
        };
        if v.abs() > VALUE_LIMIT {
            return false;
        }
        out.push(v as i16);
    }
    true
}

/// Whether the values are the same at every sample cell (a number in disguise: `x - x`).
pub fn constant(values: &[i16]) -> bool {
    values.windows(2).all(|w| w[0] == w[1])
}
