//! `table`: a rectangle of a 2-D game's table, or the whole L-game classification.

use std::sync::Arc;

use engine::{chocolate, AnyPosition, Convention, GameKind, Variant};
use protocol::limits::{
    DEFAULT_SPAN, MAX_SEARCHED_TABLE_CELLS as MAX_SEARCHED_CELLS, MAX_TABLE_CELLS,
};
use protocol::{ClassInfo, GameParams, Span, TableData};

use super::QueryError;
use crate::failure::Context as _;
use crate::hub::Hub;
use crate::solver::{Report, ENGINE_MAX_BOARD, RESEARCH_MAX_BOARD};

/// Answers `table`.
pub async fn table(
    hub: &Arc<Hub>,
    params: &GameParams,
    rows: Option<Span>,
    cols: Option<Span>,
    layer: Option<u64>,
    report: Report,
) -> Result<TableData, QueryError> {
    let game = crate::convert::game(params)?;
    let (variant, convention) = (game.variant(), game.convention());
    let misere = convention == Convention::Misere;
    let misere_bar = misere && matches!(variant, Variant::Chocolate { .. });
    let heaps = matches!(variant, Variant::Heap { .. });
    if layer.is_some() && variant != Variant::Nim && !heaps && !misere_bar {
        return Err(QueryError::NoLayer);
    }
    let params = crate::convert::params(game);
    let mut rows = rows.unwrap_or(DEFAULT_SPAN);
    let mut cols = cols.unwrap_or(rows);
    if let Some(n) = variant.size() {
        // A board holds squares 0..N only.
        rows.to = rows.to.min(n);
        cols.to = cols.to.min(n);
    }
    if rows.from > rows.to || cols.from > cols.to {
        return Err(QueryError::BackwardRange);
    }
    let cells = (rows.to - rows.from).saturating_mul(cols.to - cols.from);
    let mut data = TableData {
        params,
        rows,
        cols,
        grundy: Vec::new(),
        remoteness: Vec::new(),
        classes: Vec::new(),
        source: "table".to_owned(),
        layer,
    };
    if variant.kind() != GameKind::LGame && cells > MAX_TABLE_CELLS {
        return Err(QueryError::ManyCells {
            cells,
            most: MAX_TABLE_CELLS,
        });
    }
    // A search per cell (misère bars, misère Nim of three heaps): off the runtime, fewer cells.
    let searched = misere_bar || (misere && (variant == Variant::Nim && layer.is_some() || heaps));
    if searched {
        if cells > MAX_SEARCHED_CELLS {
            return Err(QueryError::ManySearchedCells {
                cells,
                most: MAX_SEARCHED_CELLS,
            });
        }
        let budget = hub.solver.current().budget;
        return tokio::task::spawn_blocking(move || searched_cells(data, variant, budget))
            .await
            .context("doing-search-a-table")?;
    }
    match variant {
        Variant::Corner { piece, size } => {
            // The table must reach the far corner of the rectangle.
            let far = engine::corner::Position::new(
                piece,
                size,
                rows.to.saturating_sub(1),
                cols.to.saturating_sub(1),
            )?;
            let far = AnyPosition::Corner(far);
            let side = rows.to.max(cols.to);
            if !hub.solver.stored_covers(&far) {
                data.source = "computed".to_owned();
            }
            // Beyond the engine's boards, a table solved for research (normal play only).
            if !misere && side > ENGINE_MAX_BOARD {
                let t = hub.solver.research_corner(piece, side, report).await?;
                corner_cells(&mut data, &t);
                return Ok(data);
            }
            let knowledge = hub.solver.covering(&far).await?;
            if misere {
                // No Grundy numbers in misère play: the remoteness, whose parity is the
                // outcome (odd: lost).
                let t = knowledge.corner_misere_table(piece).ok_or_else(|| {
                    QueryError::NoStoredTable {
                        table: format!("misère {piece}"),
                    }
                })?;
                for x in rows.from..rows.to {
                    let r = (cols.from..cols.to).map(|y| t.remoteness(x, y)).collect();
                    data.remoteness.push(r);
                }
                return Ok(data);
            }
            let t = knowledge
                .corner_table(piece)
                .ok_or_else(|| QueryError::NoStoredTable {
                    table: piece.to_string(),
                })?;
            corner_cells(&mut data, t);
        }
        Variant::Chocolate { edge } => {
            let table = if !edge.has_formula() {
                let top = rows.to.saturating_sub(1);
                let tall = chocolate::Position::new(edge, 0, 0, top)?;
                let before = hub.solver.current();
                let knowledge = hub.solver.covering(&AnyPosition::Chocolate(tall)).await?;
                if !std::ptr::eq(before.as_ref(), knowledge.as_ref()) {
                    data.source = "computed".to_owned();
                }
                knowledge.chocolate_table(edge).cloned()
            } else {
                data.source = "formula".to_owned();
                None
            };
            let heights = edge.heights();
            for z in rows.from..rows.to {
                let row = (cols.from..cols.to)
                    .map(|y| {
                        let fits = y <= heights.at(z);
                        fits.then(|| chocolate::staircase_grundy(edge, y, z, table.as_deref()).ok())
                            .flatten()
                    })
                    .collect();
                data.grundy.push(row);
            }
        }
        Variant::LGame => {
            let knowledge = hub.solver.current();
            data.classes = knowledge
                .lgame()
                .classes()
                .map(|(p, v)| ClassInfo {
                    position: p.to_string(),
                    outcome: v.outcome.as_str().to_owned(),
                    depth: v.remoteness,
                })
                .collect();
        }
        // Two heaps (or three, the third `layer`), a in rows and b in columns: the Grundy
        // number a ⊕ b (⊕ c) and the remoteness, or in misère play the remoteness alone
        // (two-heap misère Nim is the misère rook).
        Variant::Nim => {
            data.source = "formula".to_owned();
            for a in rows.from..rows.to {
                let mut grundy = Vec::new();
                let mut remoteness = Vec::new();
                for b in cols.from..cols.to {
                    if misere {
                        remoteness.push(Some(engine::corner::misere::rook_remoteness(a, b)));
                    } else {
                        let piles = [a, b].into_iter().chain(layer).collect();
                        let heaps = engine::nim::Position::new(piles)?;
                        grundy.push(Some(engine::nim::grundy(&heaps)));
                        remoteness.push(engine::nim::remoteness(&heaps, 0));
                    }
                }
                if !misere {
                    data.grundy.push(grundy);
                }
                data.remoteness.push(remoteness);
            }
        }
        // Two heaps (or three, the third `layer`), a in rows and b in columns: the Grundy
        // number G(a) ⊕ G(b) (⊕ G(c)) from one heap's values; the remoteness is searched
        // position by position (`query`), not here.
        Variant::Heap { rule } => {
            data.source = "computed".to_owned();
            // One heap's values may be quadratic to compute: read as far as research reads
            // them, on the research pool.
            let top = rows.to.max(cols.to).max(layer.unwrap_or(0));
            if top > RESEARCH_MAX_BOARD {
                return Err(QueryError::HeapsTooLarge {
                    most: RESEARCH_MAX_BOARD,
                });
            }
            let g = crate::pool::idle(move || engine::heap::values(&rule, top))
                .await
                .context("doing-solve-a-heap-table")??;
            let value = |h: u64| u64::from(g[h as usize]);
            let c = layer.map_or(0, value);
            for a in rows.from..rows.to {
                let row = (cols.from..cols.to)
                    .map(|b| Some(value(a) ^ value(b) ^ c))
                    .collect();
                data.grundy.push(row);
            }
        }
        Variant::Sum => return Err(QueryError::SumHasNoTable),
    }
    Ok(data)
}

/// The Grundy numbers and remotenesses of the rectangle `data` asks for, from `t`.
fn corner_cells(data: &mut TableData, t: &engine::corner::Table) {
    for x in data.rows.from..data.rows.to {
        let (g, r): (Vec<_>, Vec<_>) = (data.cols.from..data.cols.to)
            .map(|y| {
                t.get(x, y)
                    .map_or((None, None), |(g, r)| (Some(g), Some(r)))
            })
            .unzip();
        data.grundy.push(g);
        data.remoteness.push(r);
    }
}

/// A misère table whose every cell is searched within `budget`: chocolate bars {x, y, z}
/// with x the layer (rows z, columns y), or Nim's three heaps a, b and the layer c. The
/// remoteness, whose parity is the outcome (odd: lost); `null` where a cell is not a position
/// or its search is beyond the budget.
fn searched_cells(
    mut data: TableData,
    variant: Variant,
    budget: u64,
) -> Result<TableData, QueryError> {
    data.source = "computed".to_owned();
    let layer = data.layer.unwrap_or(0);
    // A heap game's cells share one search and its budget: each cell's position is met by
    // the others' searches.
    let mut known = engine::heap::Known::default();
    let most = usize::try_from(budget).unwrap_or(usize::MAX);
    for r in data.rows.from..data.rows.to {
        let mut row = Vec::new();
        for c in data.cols.from..data.cols.to {
            let value = match variant {
                Variant::Chocolate { edge } => chocolate::Position::new(edge, layer, c, r)
                    .ok()
                    .and_then(|bar| chocolate::misere::remoteness(&bar, budget)),
                Variant::Heap { rule } => engine::heap::Position::new(rule, vec![r, c, layer])
                    .ok()
                    .and_then(|p| known.extend(&rule, p.heaps(), most))
                    .map(|s| u64::from(s.misere)),
                _ => {
                    let heaps = engine::nim::Position::new(vec![r, c, layer])?;
                    engine::nim::misere::remoteness(&heaps, budget)
                }
            };
            row.push(value);
        }
        data.remoteness.push(row);
    }
    Ok(data)
}
