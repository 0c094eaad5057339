//! `periodicity`: the additive periodicity of each line of a stored table — rows by default,
//! or columns or diagonals as `lines` defines them — with the range each was checked over,
//! for citing. A chocolate staircase's columns are finite (y ≤ ⌊z/k⌋): nothing to find
//! there, so they are refused (for k ≥ 1).

use std::sync::Arc;

use engine::periodicity::additive;
use protocol::limits::DEFAULT_SPAN;
use protocol::{LineKind, PeriodicityQuery, PeriodicityReport, RowPeriodicity};

use engine::research::{self, Line, Table2D};

use super::stored::{self, Cited as _};
use super::QueryError;
use crate::failure::Context as _;
use crate::hub::Hub;
use crate::solver::Report;

/// Whole periods the periodic part must span beyond the first: with 2, the relation is seen
/// over two whole periods (and over at least `engine::periodicity::MIN_SPAN` values).
pub const REPEATS: usize = 2;

/// Most lines in one question.
pub const MAX_ROWS: u64 = 1024;

/// Answers `periodicity` from the stored tables (misère play has no Grundy numbers).
pub async fn periodicity(
    hub: &Arc<Hub>,
    q: PeriodicityQuery,
    report: Report,
) -> Result<PeriodicityReport, QueryError> {
    let rows = q.rows.unwrap_or(DEFAULT_SPAN);
    let kind = q.line.unwrap_or_default();
    if rows.to <= rows.from || rows.to - rows.from > MAX_ROWS {
        return Err(QueryError::LineCount {
            line: kind.to_string(),
            from: rows.from,
            to: rows.to,
            most: MAX_ROWS,
        });
    }
    let (table, upto) = stored::reaching(hub, &q.params, q.upto, "periodicity", report).await?;
    if let (Table2D::Chocolate(t), LineKind::Diagonal) = (&table, kind) {
        if t.edge().k().is_none() {
            let line = research::line_name(
                &table,
                crate::convert::line_kind(kind),
                i64::try_from(rows.from).unwrap_or(i64::MAX),
            );
            return Err(QueryError::EdgeDiagonal { line });
        }
    }
    if let (Table2D::Chocolate(t), LineKind::Column) = (&table, kind) {
        if t.edge().k() != Some(0) {
            let edge = match t.edge().k() {
                Some(k) => format!("k = {k}"),
                None => format!("f(z) = {}", t.edge()),
            };
            return Err(QueryError::FiniteColumns { edge });
        }
    }
    let max_period = (upto / (REPEATS as u64 + 1)).max(1);
    let proved = match &table {
        Table2D::Heap(t) => t.proved().map(|p| protocol::ProvedPeriod {
            preperiod: p.preperiod as u64,
            period: p.period as u64,
            checked: p.checked as u64,
        }),
        _ => None,
    };
    let (params, source) = (table.params(), table.source());
    let run = move || {
        // Lines beyond the table are left out, as the rows always were.
        (rows.from..rows.to)
            .filter_map(|r| {
                let at = i64::try_from(r).ok()?;
                Some((r, stored::line(&table, kind, at, upto).ok()?))
            })
            .map(|(r, line): (u64, Line)| {
                let seq: Vec<i64> = stored::values(&line, &table)?
                    .into_iter()
                    .map(|g| i64::try_from(g).unwrap_or(i64::MAX))
                    .collect();
                let found = additive(&seq, max_period as usize, REPEATS);
                Ok(RowPeriodicity {
                    row: r,
                    from: line.offset,
                    to: line.end(),
                    preperiod: found.map(|f| line.offset + f.preperiod as u64),
                    period: found.map(|f| f.period as u64),
                    saltus: found.map(|f| f.saltus),
                })
            })
            .collect::<Result<Vec<_>, QueryError>>()
    };
    let report = crate::pool::idle(run)
        .await
        .context("doing-find-the-periods")??;
    Ok(PeriodicityReport {
        params,
        line: kind,
        upto,
        repeats: REPEATS as u64,
        max_period,
        rows: report,
        proved,
        source: protocol::i18n::english(&source),
        source_message: source,
    })
}
