//! The edge of a chocolate staircase: how high the staircase may rise over z columns, f(z).
//! Either a step k (f(z) = ⌊z/k⌋, the papers' staircases; k = 0 a plain rectangle), or any
//! non-decreasing formula in z of the language of `check` (`z * z`, `floor(z / phi)`).
//!
//! A bar {x, y, z} with edge f keeps y ≤ f(z); column t of its staircase rises
//! min(y, f(t)) squares above the poison's row, and a vertical break to w columns leaves
//! min(y, f(w)).
//!
//! ```
//! use engine::chocolate::Edge;
//!
//! let square = Edge::formula("z * z")?;
//! assert_eq!(square.height(3), 9);
//! // A formula that is a step is that step, and has its closed forms.
//! assert_eq!(Edge::formula("z // 2")?, Edge::step(2)?);
//! assert!(Edge::formula("5 - z").is_err()); // it falls
//! # Ok::<(), engine::Error>(())
//! ```

use std::fmt;
use std::sync::{Arc, Mutex};

use crate::chocolate::{check_k, MAX_LEN};
use crate::error::{params, Error};
use crate::formula::{Env, Formula};
use crate::Said;

/// The most bytes of a formula edge, spaces folded: an edge is a short formula, and it is
/// kept inline so that a game stays a small `Copy` value.
pub const MAX_EDGE_BYTES: usize = 48;

/// A formula edge is read on the columns 0 to `EDGE_COLUMNS` − 1: a bar with such an edge
/// is at most that wide less one. That reaches every staircase a server solves a table for
/// (z ≤ 8000; a step 1's table stops at 8190 in the engine), whose values the bar's Grundy
/// number needs, while reading an edge stays a fraction of a millisecond and its heights
/// 64 KiB.
pub const EDGE_COLUMNS: u64 = 1 << 13;

/// How many formula edges keep their heights at hand.
const KEPT: usize = 8;

/// The staircase's edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edge {
    /// f(z) = ⌊z/k⌋, or no bound at all when k = 0 (a rectangle).
    Step(u32),
    /// A formula in z, checked when read to be an integer, 0 at z = 0, at most [`MAX_LEN`]
    /// and non-decreasing on every column below [`EDGE_COLUMNS`].
    Formula(EdgeFormula),
}

/// The text of a formula edge, read and checked (see [`Edge::formula`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EdgeFormula {
    len: u8,
    text: [u8; MAX_EDGE_BYTES],
}

impl fmt::Debug for EdgeFormula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl EdgeFormula {
    /// The formula as it was read, spaces folded.
    pub fn as_str(&self) -> &str {
        // Only ever built from a `str` cut at a character boundary.
        std::str::from_utf8(&self.text[..usize::from(self.len)]).unwrap_or_default()
    }

    /// f(z) for every z below [`EDGE_COLUMNS`].
    fn heights(&self) -> Arc<[u64]> {
        if let Some(heights) = kept(self.as_str()) {
            return heights;
        }
        let formula = Formula::parse(self.as_str()).expect("read and checked before");
        let heights = evaluate(&formula).expect("read and checked before");
        keep(*self, heights)
    }
}

/// The heights of the last few formula edges used, the most recent last.
static KEPT_HEIGHTS: Mutex<Vec<(EdgeFormula, Arc<[u64]>)>> = Mutex::new(Vec::new());

/// The heights of the formula edge `text` when they are kept (it was read and checked).
fn kept(text: &str) -> Option<Arc<[u64]>> {
    let mut kept = KEPT_HEIGHTS.lock().unwrap_or_else(|p| p.into_inner());
    let i = kept.iter().position(|(e, _)| e.as_str() == text)?;
    let entry = kept.remove(i);
    let heights = entry.1.clone();
    kept.push(entry);
    Some(heights)
}

/// Keeps `heights` as the most recent, dropping the least recent past [`KEPT`].
fn keep(edge: EdgeFormula, heights: Vec<u64>) -> Arc<[u64]> {
    let heights: Arc<[u64]> = heights.into();
    let mut kept = KEPT_HEIGHTS.lock().unwrap_or_else(|p| p.into_inner());
    kept.retain(|(e, _)| *e != edge);
    if kept.len() == KEPT {
        kept.remove(0);
    }
    kept.push((edge, heights.clone()));
    heights
}

impl Edge {
    /// The step k, checked (at most [`crate::chocolate::MAX_K`]).
    pub fn step(k: u32) -> Result<Edge, Error> {
        Ok(Edge::Step(check_k(k)?))
    }

    /// Reads a formula edge: a value formula in `z` alone, an integer from 0 to [`MAX_LEN`],
    /// 0 at z = 0 (the poison's column is the poison alone), non-decreasing on every column
    /// below [`EDGE_COLUMNS`]. Refused otherwise, naming the column or the fault. A formula
    /// equal to ⌊z/k⌋ on all of them is the step k.
    pub fn formula(text: &str) -> Result<Edge, Error> {
        let folded = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let refuse = |said: Said| params(text, said);
        if folded.len() > MAX_EDGE_BYTES {
            return Err(refuse(
                Said::new("rule-edge-long")
                    .text("bytes", folded.len())
                    .text("most", MAX_EDGE_BYTES),
            ));
        }
        let mut text = [0; MAX_EDGE_BYTES];
        text[..folded.len()].copy_from_slice(folded.as_bytes());
        let edge = EdgeFormula {
            len: folded.len() as u8, // at most MAX_EDGE_BYTES
            text,
        };
        if kept(&folded).is_some() {
            return Ok(Edge::Formula(edge)); // read and checked before
        }
        let formula = Formula::parse(&folded).map_err(|e| {
            refuse(
                Said::new("rule-edge-unread")
                    .text("at", e.at)
                    .with("why", e.message),
            )
        })?;
        if let Some(&(name, at)) = formula.variables().iter().find(|(n, _)| *n != "z") {
            return Err(refuse(
                Said::new("rule-edge-variable")
                    .text("name", name)
                    .text("at", at),
            ));
        }
        let heights = evaluate(&formula).map_err(refuse)?;
        if let Some(k) = step_of(&heights) {
            return Edge::step(k);
        }
        keep(edge, heights);
        Ok(Edge::Formula(edge))
    }

    /// The step, for a step edge.
    pub fn k(self) -> Option<u32> {
        match self {
            Edge::Step(k) => Some(k),
            Edge::Formula(_) => None,
        }
    }

    /// The formula, for a formula edge.
    pub fn formula_text(&self) -> Option<&str> {
        match self {
            Edge::Step(_) => None,
            Edge::Formula(f) => Some(f.as_str()),
        }
    }

    /// Whether the staircase's values have a closed form: y ⊕ z for an even step and for
    /// k = 0 (published). Every other edge needs a solved table.
    pub fn has_formula(self) -> bool {
        self.k().is_some_and(|k| k % 2 == 0)
    }

    /// The widest bar this edge allows: [`MAX_LEN`], or [`EDGE_COLUMNS`] − 1 for a formula.
    pub fn max_z(self) -> u64 {
        match self {
            Edge::Step(_) => MAX_LEN,
            Edge::Formula(_) => EDGE_COLUMNS - 1,
        }
    }

    /// f(z), the greatest y over z columns: ⌊z/k⌋, [`MAX_LEN`] for k = 0. For z beyond
    /// [`Edge::max_z`], f of the widest column.
    pub fn height(self, z: u64) -> u64 {
        self.heights().at(z)
    }

    /// The heights, ready to be read many times (a formula's looked up once).
    pub fn heights(self) -> Heights {
        match self {
            Edge::Step(k) => Heights::Step(u64::from(k)),
            Edge::Formula(f) => Heights::Formula(f.heights()),
        }
    }

    /// The edge as a message: `bar-edge-step` (step 2) or `bar-edge-formula` (edge
    /// f(z) = z * z).
    pub fn said(self) -> Said {
        match self {
            Edge::Step(k) => Said::new("bar-edge-step").text("k", k),
            Edge::Formula(f) => Said::new("bar-edge-formula").text("formula", f.as_str()),
        }
    }

    /// The edge as the input an error names: `k 3`, or the formula.
    pub(crate) fn input(self) -> String {
        match self {
            Edge::Step(k) => format!("k {k}"),
            Edge::Formula(f) => f.as_str().to_owned(),
        }
    }

    /// f(z) written out for a message: `⌊7/2⌋`, or `f(7)` for a formula.
    pub fn written_at(self, z: u64) -> String {
        match self {
            Edge::Step(k) => format!("⌊{z}/{k}⌋"),
            Edge::Formula(_) => format!("f({z})"),
        }
    }
}

impl From<u32> for Edge {
    /// The step k, unchecked: for tests and constants (a step beyond
    /// [`crate::chocolate::MAX_K`] is refused where a game or a table is made of it).
    fn from(k: u32) -> Edge {
        Edge::Step(k)
    }
}

impl fmt::Display for Edge {
    /// `k=2`, or the formula.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Edge::Step(k) => write!(f, "k={k}"),
            Edge::Formula(e) => f.write_str(e.as_str()),
        }
    }
}

/// An edge's heights, looked up once for many reads.
#[derive(Debug, Clone)]
pub enum Heights {
    /// ⌊z/k⌋ (k = 0: unbounded).
    Step(u64),
    /// f(z) for every z below [`EDGE_COLUMNS`].
    Formula(Arc<[u64]>),
}

impl Heights {
    /// f(z), as [`Edge::height`].
    pub fn at(&self, z: u64) -> u64 {
        match self {
            Heights::Step(0) => MAX_LEN,
            Heights::Step(k) => z / k,
            Heights::Formula(h) => {
                let last = h.len() - 1;
                h[usize::try_from(z).map_or(last, |z| z.min(last))]
            }
        }
    }

    /// The first column whose height reaches `y` (f non-decreasing), or `None` when none
    /// below [`EDGE_COLUMNS`] does (a formula edge).
    pub fn start(&self, y: u64) -> Option<u64> {
        match self {
            Heights::Step(k) => Some(y.saturating_mul(*k)),
            Heights::Formula(h) => {
                let at = h.partition_point(|&f| f < y);
                (at < h.len()).then_some(at as u64)
            }
        }
    }
}

/// f(z) for every column, or why the formula is not an edge (the first column where it
/// fails).
fn evaluate(formula: &Formula) -> Result<Vec<u64>, Said> {
    if formula.kind() != crate::formula::Kind::Value {
        return Err(Said::new("rule-edge-predicate"));
    }
    let mut heights = Vec::with_capacity(EDGE_COLUMNS as usize);
    let mut before = 0;
    for z in 0..EDGE_COLUMNS {
        let env = Env {
            z: z as i64, // below 2^13
            ..Env::default()
        };
        let at = |said: Said| said.text("z", z);
        let value = formula
            .value(&env)
            .map_err(|e| at(Said::new("rule-edge-eval").with("why", e.said())))?;
        let Ok(height) = u64::try_from(value) else {
            return Err(at(Said::new("rule-edge-negative").text("value", value)));
        };
        if height > MAX_LEN {
            return Err(at(Said::new("rule-edge-high")
                .text("value", height)
                .text("most", MAX_LEN)));
        }
        if z == 0 && height != 0 {
            return Err(Said::new("rule-edge-start").text("value", height));
        }
        if height < before {
            return Err(at(Said::new("rule-edge-falls")
                .text("value", height)
                .text("before", before)
                .text("previous", z - 1)));
        }
        before = height;
        heights.push(height);
    }
    Ok(heights)
}

/// The step k when the heights are exactly ⌊z/k⌋ for some k from 1 to MAX_K.
fn step_of(heights: &[u64]) -> Option<u32> {
    let k = heights.iter().position(|&f| f == 1)?;
    let k = u32::try_from(k)
        .ok()
        .filter(|&k| (1..=crate::chocolate::MAX_K).contains(&k))?;
    let step = u64::from(k);
    let z_of = |z: usize| z as u64;
    heights
        .iter()
        .enumerate()
        .all(|(z, &f)| f == z_of(z) / step)
        .then_some(k)
}
