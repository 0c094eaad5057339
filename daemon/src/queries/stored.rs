//! A 2-D table as the research questions (`periodicity`, `check`, `sequence`) read it: a
//! corner game's x,y, a chocolate staircase's y,z or a heap game's two heaps x,y, its bound,
//! and the source to cite. The
//! stored tables answer most questions; a bound beyond them has its table solved on demand,
//! within limits.

use std::sync::Arc;

use engine::research::{self, Line, Table2D};
use engine::{chocolate, AnyPosition, Knowledge, Variant};
use protocol::{GameParams, Message};

use super::QueryError;
use crate::failure::{Context as _, Internal};
use crate::hub::Hub;
use crate::solver::{Report, ENGINE_MAX_BAR, RESEARCH_MAX_BOARD};

/// The bound of a defined piece's table when none is asked for (it has no stored table).
pub const DEFINED_BOUND: u64 = 64;

/// The bound of a formula edge's staircase table when none is asked for (it has no stored
/// table): z below 256.
pub const EDGE_BOUND: u64 = 256;

/// The bound of a heap game's table when none is asked for: heaps below 1024.
pub const HEAP_BOUND: u64 = 1024;

/// The stored table of `params`' game; `what` names the question in the refusals (`check`,
/// `named_check`, `periodicity`, `sequence`).
pub fn of(
    knowledge: &Knowledge,
    params: &GameParams,
    what: &'static str,
) -> Result<Table2D, QueryError> {
    let variant = crate::convert::game(params)?.variant();
    if params.misere {
        return Err(QueryError::MisereHasNoGrundy { what });
    }
    match variant {
        Variant::Corner { piece, .. } => knowledge
            .corner_table(piece)
            .cloned()
            .map(Table2D::Corner)
            .ok_or_else(|| QueryError::NoStoredTable {
                table: piece.to_string(),
            }),
        Variant::Chocolate { edge } => knowledge
            .chocolate_table(edge)
            .cloned()
            .map(Table2D::Chocolate)
            .ok_or_else(|| QueryError::NoStoredTable {
                table: format!("chocolate {edge}"),
            }),
        // One heap's values, computed once per rule (milliseconds to here).
        Variant::Heap { rule } => Ok(Table2D::Heap(Arc::new(engine::heap::Table::solve(
            rule, HEAP_BOUND,
        )?))),
        _ => Err(QueryError::NotATable { what }),
    }
}

/// The table of `params`' game reaching the bound asked (default: the stored table's),
/// and that bound: the stored table, or one solved now when the bound is beyond it
/// (corner games up to [`RESEARCH_MAX_BOARD`](crate::solver::RESEARCH_MAX_BOARD),
/// staircases up to z = [`ENGINE_MAX_BAR`]), reporting its progress. A defined piece's table
/// is solved now to the bound asked ([`DEFINED_BOUND`] when none is).
pub async fn reaching(
    hub: &Hub,
    params: &GameParams,
    upto: Option<u64>,
    what: &'static str,
    report: Report,
) -> Result<(Table2D, u64), QueryError> {
    let stored = match crate::convert::game(params)?.variant() {
        // A defined piece has no stored table: one is solved to the bound asked.
        Variant::Corner {
            piece: piece @ engine::corner::Piece::Defined(_),
            ..
        } if !params.misere && hub.solver.current().corner_table(piece).is_none() => {
            let side = upto.unwrap_or(DEFINED_BOUND);
            let table = Table2D::Corner(hub.solver.research_corner(piece, side, report).await?);
            let upto = table.upto(Some(side))?;
            return Ok((table, upto));
        }
        // A formula edge has no stored table: one is solved to the bound asked.
        Variant::Chocolate { edge }
            if !params.misere && hub.solver.current().chocolate_table(edge).is_none() =>
        {
            let upto = upto.unwrap_or(EDGE_BOUND);
            let table = Table2D::Chocolate(staircases(hub, edge, upto, report).await?);
            let upto = table.upto(Some(upto))?;
            return Ok((table, upto));
        }
        _ => of(&hub.solver.current(), params, what)?,
    };
    let upto = match upto {
        Some(upto) if upto > stored.bound() => upto,
        asked => {
            let upto = stored.upto(asked)?;
            return Ok((stored, upto));
        }
    };
    let table = match stored {
        Table2D::Corner(t) => {
            Table2D::Corner(hub.solver.research_corner(t.piece(), upto, report).await?)
        }
        // Heaps up to the research boards' side: a check reads every pair of them.
        Table2D::Heap(t) => {
            if upto > RESEARCH_MAX_BOARD {
                return Err(QueryError::BeyondTable {
                    bound: RESEARCH_MAX_BOARD,
                });
            }
            let rule = t.rule();
            let solved = crate::pool::idle(move || engine::heap::Table::solve(rule, upto))
                .await
                .context("doing-solve-a-heap-table")?;
            Table2D::Heap(Arc::new(solved?))
        }
        Table2D::Chocolate(t) => Table2D::Chocolate(staircases(hub, t.edge(), upto, report).await?),
    };
    let upto = table.upto(Some(upto))?;
    Ok((table, upto))
}

/// The staircase table of `edge` below z = `upto`, with its progress: an odd step's or a
/// formula edge's grown for every question and match (the solver's tables), an even step's
/// solved for this question alone.
async fn staircases(
    hub: &Hub,
    edge: chocolate::Edge,
    upto: u64,
    report: Report,
) -> Result<Arc<chocolate::Table>, QueryError> {
    let z = upto.saturating_sub(1);
    if z > ENGINE_MAX_BAR {
        return Err(QueryError::StaircaseTooTall {
            most_z: ENGINE_MAX_BAR,
            most_upto: ENGINE_MAX_BAR + 1,
        });
    }
    let what = Message::new("progress-staircases")
        .with("edge", crate::solver::edge_said(edge))
        .text("z", z.to_string());
    report(&what, 0, 1);
    let table = if edge.has_formula() {
        let solved = crate::pool::idle(move || chocolate::Table::solve(edge, z))
            .await
            .context("doing-solve-a-staircase-table")?;
        Some(Arc::new(solved?))
    } else {
        // Odd steps and formula edges serve matches too: grown for everyone.
        let tall = chocolate::Position::new(edge, 0, 0, z)?;
        let grown = hub.solver.covering(&AnyPosition::Chocolate(tall)).await?;
        grown.chocolate_table(edge).cloned()
    };
    report(&what, 1, 1);
    table.ok_or_else(|| Internal::new("doing-solve-a-staircase-table", "none was solved").into())
}

/// Line `at` of kind `kind` of `table` below `upto`, as the wire names lines.
pub fn line(
    table: &Table2D,
    kind: protocol::LineKind,
    at: i64,
    upto: u64,
) -> Result<Line, QueryError> {
    Ok(research::line(
        table,
        crate::convert::line_kind(kind),
        at,
        upto,
    )?)
}

/// How a message names line `at`: `row x = 1`, `column z = 7`, `diagonal D = -2`.
pub fn line_name(table: &Table2D, kind: protocol::LineKind, at: i64) -> String {
    research::line_name(table, crate::convert::line_kind(kind), at)
}

/// The Grundy numbers along `line`; a cell missing from the table is a fault of the server
/// (a line is built inside its table), reported as such.
pub fn values(line: &Line, table: &Table2D) -> Result<Vec<u64>, QueryError> {
    line.values(table).map_err(|(a, b)| {
        let cell = format!("cell {a},{b} of {line:?} is not in the table");
        Internal::new("doing-read-the-line-from-the-table", cell).into()
    })
}

/// A table's bound, name and source as an answer cites them.
pub trait Cited {
    /// The bound asked for (default: the table's), or the refusal of one beyond the table.
    fn upto(&self, asked: Option<u64>) -> Result<u64, QueryError>;

    /// The game as the answer names it: a corner table's values do not depend on the board,
    /// so it has no size.
    fn params(&self) -> GameParams;

    /// What the answer came from, for citing, as a message (`cited-table`): the table's
    /// bound and the server's version.
    fn source(&self) -> Message;
}

impl Cited for Table2D {
    fn upto(&self, asked: Option<u64>) -> Result<u64, QueryError> {
        let bound = self.bound();
        match asked.unwrap_or(bound) {
            upto if upto <= bound => Ok(upto),
            _ => Err(QueryError::BeyondTable { bound }),
        }
    }

    fn params(&self) -> GameParams {
        match self {
            Table2D::Corner(t) => GameParams {
                size: None,
                ..crate::convert::normal(Variant::Corner {
                    piece: t.piece(),
                    size: t.size(),
                })
            },
            Table2D::Chocolate(t) => crate::convert::normal(Variant::chocolate(t.edge())),
            Table2D::Heap(t) => crate::convert::normal(Variant::heap(t.rule())),
        }
    }

    fn source(&self) -> Message {
        Message::new("cited-table")
            .text("bound", self.bound().to_string())
            .text("version", env!("CARGO_PKG_VERSION"))
    }
}
