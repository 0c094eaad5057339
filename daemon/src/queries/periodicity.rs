//! `periodicity`: the additive periodicity of each row of a stored table — a corner game's
//! rows x (growing y), a chocolate staircase's rows y (growing z) — with the bound it was
//! checked to, for citing.

use std::sync::Arc;

use engine::periodicity::additive;
use engine::Variant;
use protocol::limits::DEFAULT_SPAN;
use protocol::{ErrorBody, ErrorCode, PeriodicityQuery, PeriodicityReport, RowPeriodicity, Span};

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
) -> Result<PeriodicityReport, ErrorBody> {
    let variant = crate::variants::variant(&q.params)?;
    if q.params.misere {
        return Err(bad(
            "misère play has no Grundy numbers to be periodic; ask without misere",
        ));
    }
    let rows = q.rows.unwrap_or(DEFAULT_SPAN);
    if rows.to <= rows.from || rows.to - rows.from > MAX_ROWS {
        return Err(bad(&format!(
            "rows {}..{}: ask for 1 to {MAX_ROWS} rows",
            rows.from, rows.to
        )));
    }
    let knowledge = hub.analysis.current();
    let version = env!("CARGO_PKG_VERSION");
    let (bound, line): (u64, RowOf) = match variant {
        Variant::Corner { piece, .. } => {
            let table = knowledge
                .corner_table(piece)
                .cloned()
                .ok_or_else(|| bad(&format!("no stored {piece} table on this server")))?;
            let n = table.size();
            (
                n,
                Box::new(move |x, upto| {
                    (x < n).then(|| {
                        let row = (0..upto.min(n)).map(|y| grundy_of(table.get(x, y)));
                        (0, row.collect())
                    })
                }),
            )
        }
        Variant::Chocolate { k } => {
            let table = knowledge
                .chocolate_table(k)
                .cloned()
                .ok_or_else(|| bad(&format!("no stored table for chocolate k={k}")))?;
            let n = table.z_max() + 1;
            (
                n,
                Box::new(move |y, upto| {
                    // A bar's row y starts where the staircase allows it: z ≥ k·y.
                    let from = u64::from(k) * y;
                    (from < n).then(|| {
                        let row = (from..upto.min(n))
                            .map(|z| table.grundy(y, z).map_or(-1, |g| g as i64));
                        (from, row.collect())
                    })
                }),
            )
        }
        _ => {
            return Err(bad(
                "periodicity is of the rows of a 2-D table: a corner game or chocolate",
            ))
        }
    };
    let upto = q.upto.unwrap_or(bound);
    if upto > bound {
        return Err(ErrorBody::new(
            ErrorCode::TooLarge,
            format!(
                "the stored table reaches {bound}; ask with upto at most {bound}, or start the \
                 server with larger tables (grundyd --board N, --bar N)"
            ),
        ));
    }
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
        // A row's values do not depend on the board: no size.
        params: protocol::GameParams {
            size: None,
            ..crate::variants::params(variant)
        },
        upto,
        repeats: REPEATS as u64,
        max_period,
        rows: report,
        source: format!("stored table of bound {bound}, grundyd {version}"),
    })
}

fn grundy_of(v: Option<(u64, u64)>) -> i64 {
    v.map_or(-1, |(g, _)| g as i64)
}

fn bad(message: &str) -> ErrorBody {
    ErrorBody::new(ErrorCode::BadParameters, message)
}
