//! `periodicity`: the additive periodicity of each row of a stored table — a corner game's
//! rows x (growing y), a chocolate staircase's rows y (growing z) — with the bound it was
//! checked to, for citing.

use std::sync::Arc;

use engine::periodicity::additive;
use protocol::limits::DEFAULT_SPAN;
use protocol::{ErrorBody, PeriodicityQuery, PeriodicityReport, RowPeriodicity, Span};

use super::stored::{bad, Stored};
use crate::analysis::Report;
use crate::hub::Hub;

/// Whole periods the periodic part must span beyond the first: with 2, the relation is seen
/// over two whole periods (and over at least `engine::periodicity::MIN_SPAN` values).
pub const REPEATS: usize = 2;

/// Row `r` of a table up to column `upto`: its first column and its Grundy numbers (`None`
/// beyond the table).
type RowOf = Box<dyn Fn(u64, u64) -> Option<(u64, Vec<i64>)> + Send>;

/// Most rows in one question.
pub const MAX_ROWS: u64 = 1024;

/// Answers `periodicity` from the stored tables (misère play has no Grundy numbers).
pub async fn periodicity(
    hub: &Arc<Hub>,
    q: PeriodicityQuery,
    report: Report,
) -> Result<PeriodicityReport, ErrorBody> {
    let rows = q.rows.unwrap_or(DEFAULT_SPAN);
    if rows.to <= rows.from || rows.to - rows.from > MAX_ROWS {
        return Err(bad(&format!(
            "rows {}..{}: ask for 1 to {MAX_ROWS} rows",
            rows.from, rows.to
        )));
    }
    let (table, upto) = Stored::reaching(hub, &q.params, q.upto, "periodicity", report).await?;
    let bound = table.bound();
    let line: RowOf = match table.clone() {
        Stored::Corner(t) => Box::new(move |x, upto| {
            (x < bound).then(|| {
                let row = (0..upto).map(|y| t.get(x, y).map_or(-1, |(g, _)| g as i64));
                (0, row.collect())
            })
        }),
        Stored::Chocolate(t) => Box::new(move |y, upto| {
            // A bar's row y starts where the staircase allows it: z ≥ k·y.
            let from = u64::from(t.k()) * y;
            (from < bound).then(|| {
                let row = (from..upto).map(|z| t.grundy(y, z).map_or(-1, |g| g as i64));
                (from, row.collect())
            })
        }),
    };
    let max_period = (upto / (REPEATS as u64 + 1)).max(1);
    let span = Span {
        from: rows.from,
        to: rows.to.min(bound),
    };
    let report = tokio::task::spawn_blocking(move || {
        (span.from..span.to)
            .filter_map(|r| {
                let (from, seq) = line(r, upto)?;
                let found = additive(&seq, max_period as usize, REPEATS);
                Some(RowPeriodicity {
                    row: r,
                    from,
                    preperiod: found.map(|f| from + f.preperiod as u64),
                    period: found.map(|f| f.period as u64),
                    saltus: found.map(|f| f.saltus),
                })
            })
            .collect::<Vec<_>>()
    })
    .await
    .map_err(|e| crate::errors::internal("find the periods", e))?;
    Ok(PeriodicityReport {
        params: table.params(),
        upto,
        repeats: REPEATS as u64,
        max_period,
        rows: report,
        source: table.source(),
    })
}
