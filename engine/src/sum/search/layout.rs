//! How a sum's combinations are numbered, known before anything is allocated: each
//! component's reachable positions are a box of coordinates — a corner square (u, v) ≤ (x, y),
//! a Nim position's piles, a chocolate bar's (u, v, w) ≤ (x, y, z) — or, for a heap game,
//! the list of the positions it reaches (see [`super::heaps`]), and all the coordinates of
//! all the components together are one number in mixed radix. Every move lowers one
//! coordinate or more and raises none, so it leads to a smaller number.
//!
//! A coordinate that is 0 can never change and takes no place in the number. Every other one
//! is an *axis*; an axis longer than [`SHORT`] keeps a running summary of each of its lines
//! (see [`super::pass`]), a shorter one is read square by square.

use std::sync::Arc;

use crate::any::AnyPosition;
use crate::corner::Piece;
use crate::sum::Position;

use super::heaps::Space;
use super::TooLarge;

/// The longest axis read square by square rather than through a summary of its lines: at
/// most this many reads a line, and a summary array never larger than 1/(SHORT + 1) of the
/// combinations per axis.
pub(super) const SHORT: u64 = 8;

/// One coordinate that can change: it runs over `0..len` and weighs `stride` in the number.
#[derive(Debug, Clone, Copy)]
pub(super) struct Axis {
    pub len: u64,
    pub stride: u64,
    /// The group of running summaries of its lines, when it is longer than [`SHORT`].
    pub group: Option<usize>,
}

/// What kind of game a component is, as far as its moves' shapes go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// Slides along the row, column or diagonal, or single steps, by piece.
    Corner(Piece),
    /// Each pile is a line.
    Nim,
    /// The strip, the staircase's rows and its columns, of step `k` and height cap `y`.
    Chocolate { k: u64, y: u64 },
    /// A heap game: its positions listed, one axis, its moves listed.
    Heaps,
    /// A chocolate bar whose edge is a formula: its moves listed (a small box only).
    Edge,
}

/// One component: its kind, the axis of each of its coordinates (`None` for a coordinate that
/// is 0) and, for a sliding diagonal on two long axes, the group of its diagonals.
#[derive(Debug, Clone)]
pub(super) struct Part {
    pub kind: Kind,
    pub coords: Vec<Option<usize>>,
    pub diagonal: Option<usize>,
    /// The component as it stands in the sum searched, to recognise its positions.
    pub variant: crate::Variant,
    /// The component itself, whose rules list a small one's moves.
    pub start: AnyPosition,
    /// A heap game's positions.
    pub heaps: Option<Arc<Space>>,
}

/// Running summaries of a family of parallel lines: lines that differ in the axes
/// `first..=last` only, `width` of them for each setting of all the other axes.
#[derive(Debug, Clone, Copy)]
pub(super) struct Group {
    pub first: usize,
    pub last: usize,
    pub width: u64,
    /// How many summaries: `width` for each setting of the other axes.
    pub len: u64,
    /// Also keeps, for a chocolate bar's columns, the summaries of the stairs below them.
    pub stair: bool,
}

/// The numbering of one sum's combinations.
#[derive(Debug, Clone)]
pub(super) struct Layout {
    pub axes: Vec<Axis>,
    pub parts: Vec<Part>,
    pub groups: Vec<Group>,
    /// How many numbers: the product of the axes' lengths.
    pub states: u64,
}

/// A component's coordinates: the square, the piles, or the bar (a heap game's number in
/// its [`Space`] is not one of them).
pub(super) fn coordinates(c: &AnyPosition) -> Vec<u64> {
    match c {
        AnyPosition::Corner(p) => vec![p.x(), p.y()],
        AnyPosition::Nim(p) => p.piles().to_vec(),
        AnyPosition::Chocolate(p) => vec![p.x(), p.y(), p.z()],
        AnyPosition::LGame(_) | AnyPosition::Sum(_) | AnyPosition::Heap(_) => Vec::new(),
    }
}

/// How many combinations searching `p` takes: the product of every coordinate + 1 (a
/// chocolate bar's box x·y·z included) and of each heap game's positions (`spaces`, in the
/// order of the components); `None` beyond `u128`.
fn combinations(p: &Position, spaces: &[Option<Arc<Space>>]) -> Option<u128> {
    let boxes = p
        .components()
        .iter()
        .flat_map(coordinates)
        .try_fold(1u128, |n, c| n.checked_mul(u128::from(c) + 1))?;
    spaces
        .iter()
        .flatten()
        .try_fold(boxes, |n, s| n.checked_mul(u128::from(s.len())))
}

/// Each heap game component's positions (`None` for the other components), or the first
/// that reaches more than [`super::explicit::SMALL`] of them.
fn heap_spaces(p: &Position) -> Result<Vec<Option<Arc<Space>>>, TooLarge> {
    let most = super::explicit::SMALL;
    p.components()
        .iter()
        .enumerate()
        .map(|(i, c)| match c {
            AnyPosition::Heap(h) => {
                Space::new(h, most)
                    .map(|s| Some(Arc::new(s)))
                    .ok_or(TooLarge::Heaps {
                        component: i + 1,
                        most,
                    })
            }
            _ => Ok(None),
        })
        .collect()
}

impl Layout {
    /// The numbering of `p`'s combinations, or why there are too many (`max` at most).
    pub fn new(p: &Position, max: u64) -> Result<Layout, TooLarge> {
        let spaces = heap_spaces(p)?;
        let combinations = combinations(p, &spaces);
        let states = match combinations {
            Some(n) if n <= u128::from(max) => n as u64,
            _ => {
                return Err(TooLarge::States {
                    combinations,
                    max,
                    boxes: p
                        .components()
                        .iter()
                        .any(|c| matches!(c, AnyPosition::Chocolate(b) if b.edge().k() != Some(0))),
                })
            }
        };
        let mut axes: Vec<Axis> = Vec::new();
        let mut parts = Vec::new();
        let mut stride = 1u64;
        for (c, space) in p.components().iter().zip(spaces) {
            let kind = match c {
                AnyPosition::Corner(q) => Kind::Corner(q.piece()),
                AnyPosition::Nim(_) => Kind::Nim,
                AnyPosition::Chocolate(b) => match b.edge().k() {
                    Some(k) => Kind::Chocolate {
                        k: u64::from(k),
                        y: b.y(),
                    },
                    // The pass's stairs follow a step: a formula edge's moves are listed, so
                    // its box must be small.
                    None => {
                        let most = super::explicit::SMALL;
                        let bars = coordinates(c)
                            .iter()
                            .map(|x| x + 1)
                            .try_fold(1u64, u64::checked_mul);
                        if bars.is_none_or(|n| n > most) {
                            let component = 1 + parts.len();
                            return Err(TooLarge::Edge { component, most });
                        }
                        Kind::Edge
                    }
                },
                AnyPosition::Heap(_) => Kind::Heaps,
                // Never a component (the sum's constructor refuses them).
                AnyPosition::LGame(_) | AnyPosition::Sum(_) => {
                    return Err(TooLarge::States {
                        combinations: None,
                        max,
                        boxes: false,
                    })
                }
            };
            // A heap game's one coordinate: its position's number among those it reaches.
            let extent = match &space {
                Some(s) => vec![s.len() - 1],
                None => coordinates(c),
            };
            let coords = extent
                .into_iter()
                .map(|x| {
                    (x > 0).then(|| {
                        axes.push(Axis {
                            len: x + 1,
                            stride,
                            group: None,
                        });
                        stride *= x + 1;
                        axes.len() - 1
                    })
                })
                .collect();
            parts.push(Part {
                kind,
                coords,
                diagonal: None,
                variant: c.variant(),
                start: c.clone(),
                heaps: space,
            });
        }
        debug_assert_eq!(stride, states);
        let mut groups = Vec::new();
        let long = |a: &Axis| a.len > SHORT;
        for (i, axis) in axes.iter_mut().enumerate() {
            if long(axis) {
                axis.group = Some(groups.len());
                groups.push(Group {
                    first: i,
                    last: i,
                    width: 1,
                    len: states / axis.len,
                    stair: false,
                });
            }
        }
        for part in &mut parts {
            match part.kind {
                Kind::Corner(piece) if piece.slides_diagonally() => {
                    if let [Some(u), Some(v)] = part.coords[..] {
                        let (lu, lv) = (axes[u].len, axes[v].len);
                        if long(&axes[u]) && long(&axes[v]) {
                            part.diagonal = Some(groups.len());
                            groups.push(Group {
                                first: u,
                                last: v,
                                width: lu + lv - 1,
                                len: states / (lu * lv) * (lu + lv - 1),
                                stair: false,
                            });
                        }
                    }
                }
                Kind::Chocolate { k, .. } if k > 0 => {
                    if let [_, Some(_), Some(w)] = part.coords[..] {
                        if let Some(g) = axes[w].group {
                            groups[g].stair = true;
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(Layout {
            axes,
            parts,
            groups,
            states,
        })
    }

    /// The number of the combination `q`, a sum of the same components' games whose every
    /// coordinate lies in the box searched; `None` for any other.
    pub fn index(&self, q: &Position) -> Option<u64> {
        if q.components().len() != self.parts.len() {
            return None;
        }
        let mut at = 0u64;
        for (c, part) in q.components().iter().zip(&self.parts) {
            if c.variant() != part.variant {
                return None;
            }
            let coords = match (c, &part.heaps) {
                (AnyPosition::Heap(h), Some(space)) => vec![space.number(h)?],
                _ => coordinates(c),
            };
            if coords.len() != part.coords.len() {
                return None;
            }
            for (&x, axis) in coords.iter().zip(&part.coords) {
                match axis {
                    None if x == 0 => {}
                    Some(a) if x < self.axes[*a].len => at += x * self.axes[*a].stride,
                    _ => return None,
                }
            }
        }
        Some(at)
    }
}
