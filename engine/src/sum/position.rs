//! A sum's position: its components, each an impartial game with its own parameters, and the
//! notation `queen(11):5,3 + nim:3,4,5 + chocolate(1):5,3,7`.

use std::fmt;

use crate::any::AnyPosition;
use crate::corner;
use crate::error::{one_based, position, Error};
use crate::variant::{GameKind, Variant, DEFAULT_SIZE};
use crate::Said;

/// The most components a sum may have: enough for any lesson's board, and a bound on the
/// work of listing its moves.
pub const MAX_COMPONENTS: usize = 16;

/// The most squares a piece defined by its moves may reach in a sum, (x + 1)·(y + 1): the
/// sums' search lists its moves square by square (as it does any small component's).
pub const MAX_DEFINED_SQUARES: u64 = 4096;

/// A disjunctive sum of 1 to [`MAX_COMPONENTS`] impartial games: corner boards, Nim positions
/// and chocolate bars. Components keep their order (people number them from 1), finished ones
/// included.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    components: Vec<AnyPosition>,
}

impl Position {
    /// The sum of `components`, or an error naming the one that cannot be a component (the
    /// L-game is not impartial; a sum inside a sum is written out flat; a defined piece is not
    /// yet a component).
    pub fn new(components: Vec<AnyPosition>) -> Result<Position, Error> {
        let shown = || {
            components
                .iter()
                .map(|c| format!("{}:{c}", component_name(c)))
                .collect::<Vec<_>>()
                .join(" + ")
        };
        if components.is_empty() || components.len() > MAX_COMPONENTS {
            return Err(position(
                shown(),
                Said::new("rule-sum-components")
                    .text("most", MAX_COMPONENTS)
                    .text("count", components.len()),
            ));
        }
        for (i, c) in components.iter().enumerate() {
            match c {
                AnyPosition::LGame(_) => {
                    return Err(position(
                        shown(),
                        Said::new("rule-sum-lgame").text("component", i + 1),
                    ))
                }
                AnyPosition::Sum(_) => {
                    return Err(position(
                        shown(),
                        Said::new("rule-sum-in-sum-component").text("component", i + 1),
                    ))
                }
                // A piece defined by its moves has its moves listed for the sums' search, one
                // list per square it can reach: a few thousand squares.
                AnyPosition::Corner(p)
                    if matches!(p.piece(), corner::Piece::Defined(_))
                        && (p.x() + 1).saturating_mul(p.y() + 1) > MAX_DEFINED_SQUARES =>
                {
                    return Err(position(
                        shown(),
                        Said::new("rule-sum-defined-piece")
                            .text("component", i + 1)
                            .text("piece", p.piece())
                            .text("square", format!("{},{}", p.x(), p.y()))
                            .text("most", MAX_DEFINED_SQUARES),
                    ))
                }
                _ => {}
            }
        }
        Ok(Position { components })
    }

    /// Reads `GAME(PARAM):POSITION + …`: each component a game name, its board size (corner
    /// games) or step k (chocolate) in brackets — Nim takes none — a colon and its position.
    /// A component written without a position stands for that game's standard start
    /// (`queen(11) + nim`); without a parameter, a corner board is 8×8 or the smallest that
    /// holds its square, and a chocolate bar has step 1.
    pub fn parse(text: &str) -> Result<Position, Error> {
        let parts = split_components(text);
        if parts.len() > MAX_COMPONENTS {
            return Err(position(
                text,
                Said::new("rule-sum-components")
                    .text("most", MAX_COMPONENTS)
                    .text("count", parts.len()),
            ));
        }
        let components = parts
            .iter()
            .enumerate()
            .map(|(i, part)| {
                parse_component(part).map_err(|e| {
                    let reason = Said::new("rule-in-component")
                        .text("component", i + 1)
                        .with("reason", e.reason().clone());
                    position(text, reason)
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Position::new(components).map_err(|e| e.with_input(text))
    }

    /// The components, component 1 first.
    pub fn components(&self) -> &[AnyPosition] {
        &self.components
    }

    /// The sum with component `index` (from 0) replaced; the caller has checked the move.
    pub(crate) fn with_component(&self, index: usize, component: AnyPosition) -> Position {
        let mut components = self.components.clone();
        components[index] = component;
        Position { components }
    }
}

/// A component's game with its parameter, as the notation writes it: `queen(11)`, `nim`,
/// `chocolate(1)`, a piece defined by its moves after `corner`: `corner RN(8)`, and a heap
/// game's rule after `heap`: `heap octal 0.77`.
pub fn component_name(c: &AnyPosition) -> String {
    match c.variant() {
        Variant::Heap { rule } => format!("heap {rule}"),
        Variant::Corner {
            piece: piece @ corner::Piece::Defined(_),
            size,
        } => format!("corner {piece}({size})"),
        Variant::Corner { size, .. } => format!("{}({size})", c.kind()),
        Variant::Chocolate { edge } => format!("chocolate({})", edge_written(edge)),
        v => v.kind().to_string(),
    }
}

/// A bar's edge in a sum's notation: the step, or the formula.
fn edge_written(edge: crate::chocolate::Edge) -> String {
    match edge.k() {
        Some(k) => k.to_string(),
        None => edge.to_string(),
    }
}

/// The components' texts: the parts between the `+` outside brackets (a chocolate bar's
/// edge, in brackets, may hold one: `chocolate(z // 2 + z // 3):1,2,8`).
fn split_components(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            '+' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// Reads one component: `queen(11):5,3`, `nim:3,4,5`, `chocolate(1)` (its standard start),
/// `chocolate(z * z):1,2,3` (a bar whose edge is a formula), `heap kayles:3,4`.
fn parse_component(text: &str) -> Result<AnyPosition, Error> {
    let t = text.trim();
    if t.is_empty() {
        return Err(position(text, Said::new("rule-sum-component-empty")));
    }
    let (head, body) = match t.split_once(':') {
        Some((head, body)) => (head.trim(), Some(body.trim())),
        None => (t, None),
    };
    let (name, param) = match head.split_once('(') {
        Some((name, rest)) => {
            let inner = rest
                .strip_suffix(')')
                .ok_or_else(|| position(t, Said::new("rule-sum-no-bracket").text("head", head)))?;
            // A chocolate bar's edge as a formula: `chocolate(z * z)`.
            let formula = inner.trim().parse::<u64>().is_err();
            if formula && GameKind::parse(name.trim()) == Ok(GameKind::Chocolate) {
                let variant = Variant::chocolate(crate::chocolate::Edge::formula(inner)?);
                return component_at(variant, body);
            }
            let value: u64 = inner.trim().parse().map_err(|_| {
                position(
                    t,
                    Said::new("rule-sum-parameter")
                        .text("parameter", inner)
                        .text("head", head),
                )
            })?;
            (name.trim(), Some(value))
        }
        None => (head, None),
    };
    // `corner RN`: the game, then the piece by its moves.
    let (name, piece) = match name.split_once(char::is_whitespace) {
        Some((name, piece)) => (name, Some(piece.trim())),
        None => (name, None),
    };
    let kind = GameKind::parse(name).map_err(|e| position(t, e.reason().clone()))?;
    // `heap kayles`: the game, then its rule (which may have spaces: `heap octal 0.77`).
    if kind == GameKind::Heap {
        let variant = match (piece, param) {
            (Some(rule), None) => Variant::heap(crate::heap::Rule::parse(rule)?),
            (_, Some(p)) => {
                return Err(position(
                    t,
                    Said::new("rule-sum-no-parameter")
                        .text("game", kind)
                        .text("parameter", p),
                ))
            }
            (None, None) => Variant::new(kind, None, None)?,
        };
        return component_at(variant, body);
    }
    let piece = match (kind, piece) {
        (GameKind::Corner, Some(piece)) => Some(corner::Piece::parse_betza(piece)?),
        (_, None) => kind.piece(),
        (_, Some(_)) => {
            return Err(position(
                t,
                Said::new("rule-sum-piece-of-corner").text("game", kind),
            ))
        }
    };
    let variant = match (kind, param, piece) {
        (GameKind::Sum, ..) => return Err(position(t, Said::new("rule-sum-in-sum"))),
        (_, None, Some(piece)) => return corner_without_size(piece, body),
        (_, Some(size), Some(piece)) => Variant::corner(piece, Some(size))?,
        (GameKind::Chocolate, p, None) => {
            let k = p
                .map(u32::try_from)
                .transpose()
                .map_err(|_| position(t, Said::new("rule-sum-step")))?;
            Variant::new(kind, None, k)?
        }
        // `corner` without its piece: refused, saying a piece is needed.
        (GameKind::Corner, size, None) => Variant::new(kind, size, None)?,
        (kind, Some(p), None) => {
            return Err(position(
                t,
                Said::new("rule-sum-no-parameter")
                    .text("game", kind)
                    .text("parameter", p),
            ))
        }
        (kind, None, None) => Variant::new(kind, None, None)?,
    };
    component_at(variant, body)
}

/// A component of `variant` at `body`: its position, or its standard start when none is
/// written (or `standard`).
fn component_at(variant: Variant, body: Option<&str>) -> Result<AnyPosition, Error> {
    match body {
        None | Some("standard") => Ok(variant.start()),
        Some(body) => variant.parse_position(body),
    }
}

/// A corner component written without its board size: 8×8, or the smallest board holding
/// its square.
fn corner_without_size(piece: corner::Piece, body: Option<&str>) -> Result<AnyPosition, Error> {
    let standard = Variant::corner(piece, Some(DEFAULT_SIZE))?;
    let Some(body) = body.filter(|b| *b != "standard") else {
        return Ok(standard.start());
    };
    let widest = match piece {
        corner::Piece::Defined(moves) => corner::defined_max_side(&moves),
        _ => corner::MAX_SIZE,
    };
    let widest = Variant::corner(piece, Some(widest))?;
    match widest.parse_position(body)? {
        AnyPosition::Corner(p) => {
            let size = DEFAULT_SIZE.max(p.x().max(p.y()) + 1);
            Variant::corner(piece, Some(size))?.parse_position(body)
        }
        other => Ok(other),
    }
}

impl fmt::Display for Position {
    /// Written straight into the formatter: an answer writes a sum once for each of its
    /// hundreds of moves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.components.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            match c.variant() {
                Variant::Corner {
                    piece: piece @ corner::Piece::Defined(_),
                    size,
                } => write!(f, "corner {piece}({size}):{c}")?,
                Variant::Corner { size, .. } => write!(f, "{}({size}):{c}", c.kind())?,
                Variant::Chocolate { edge } => write!(f, "chocolate({}):{c}", edge_written(edge))?,
                Variant::Heap { rule } => write!(f, "heap {rule}:{c}")?,
                v => write!(f, "{}:{c}", v.kind())?,
            }
        }
        Ok(())
    }
}

impl crate::Position for Position {
    type Move = super::Move;

    /// Component 1's moves first, each component's in its own order.
    fn legal_moves(&self) -> Vec<super::Move> {
        let mut out = Vec::new();
        for (i, c) in self.components.iter().enumerate() {
            out.extend(c.legal_moves().into_iter().map(|m| super::Move {
                component: i,
                mv: Box::new(m),
            }));
        }
        out
    }

    fn move_count(&self) -> u64 {
        self.components
            .iter()
            .fold(0u64, |n, c| n.saturating_add(c.move_count()))
    }

    fn play(&self, m: &super::Move) -> Result<Position, Error> {
        let count = self.components.len();
        let index = one_based(
            &m.to_string(),
            "rule-no-component",
            m.component as u128 + 1,
            count,
        )?;
        let c = &self.components[index];
        let after = c.play(&m.mv).map_err(|e| e.with_input(&m.to_string()))?;
        Ok(self.with_component(m.component, after))
    }

    fn parse_move(&self, text: &str) -> Result<super::Move, Error> {
        super::moves::parse(self, text)
    }

    fn is_terminal(&self) -> bool {
        self.components.iter().all(|c| c.is_terminal())
    }
}
