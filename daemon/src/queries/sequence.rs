//! `sequence`: one line of a stored table — a row, a column, a diagonal, as `lines` defines
//! them — or its P-positions, listed whole for export (the client writes the OEIS b-file or
//! the CSV), with the bound and the source to cite. One answer holds at most
//! [`MAX_SEQUENCE_VALUES`] values: a larger one is refused, saying how to narrow it.

use std::sync::Arc;

use protocol::limits::MAX_SEQUENCE_VALUES;
use protocol::{LineKind, SequenceLine, SequenceQuery, SequenceReport};

use engine::research::Table2D;

use super::stored::{self, Cited as _};
use super::QueryError;
use crate::failure::Context as _;
use crate::hub::Hub;
use crate::solver::Report;

/// Answers `sequence` from the stored tables, or one solved for it beyond them (misère play
/// has no Grundy numbers).
pub async fn sequence(
    hub: &Arc<Hub>,
    q: SequenceQuery,
    report: Report,
) -> Result<SequenceReport, QueryError> {
    let (table, upto) = stored::reaching(hub, &q.params, q.upto, "sequence", report).await?;
    let report = SequenceReport {
        params: table.params(),
        line: q.line,
        upto,
        offset: None,
        first: None,
        step: None,
        values: Vec::new(),
        cells: Vec::new(),
        source: protocol::i18n::english(&table.source()),
        source_message: table.source(),
    };
    // A number too large for a line is beyond the table: `lines` says so.
    let signed = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
    let (kind, at) = match q.line {
        SequenceLine::Row(r) => (LineKind::Row, signed(r)),
        SequenceLine::Column(c) => (LineKind::Column, signed(c)),
        SequenceLine::Diagonal(d) => (LineKind::Diagonal, d),
        SequenceLine::PPositions => {
            let cells = crate::pool::idle(move || p_positions(&table, upto))
                .await
                .context("doing-list-the-p-positions")??;
            return Ok(SequenceReport { cells, ..report });
        }
    };
    let line = stored::line(&table, kind, at, upto)?;
    let what = stored::line_name(&table, kind, at);
    if line.len == 0 {
        return Err(QueryError::EmptyLine {
            line: what,
            upto,
            bound: table.bound(),
        });
    }
    if line.len > MAX_SEQUENCE_VALUES {
        return Err(QueryError::LongSequence {
            line: what,
            upto,
            values: line.len,
            most: MAX_SEQUENCE_VALUES,
        });
    }
    let values = crate::pool::idle(move || stored::values(&line, &table))
        .await
        .context("doing-read-the-line")??;
    Ok(SequenceReport {
        offset: Some(line.offset),
        first: Some([line.first.0, line.first.1]),
        step: Some([line.step.0, line.step.1]),
        values,
        ..report
    })
}

/// Every P-position below `upto`, as the zeros of the table's rows in order: by the first
/// coordinate, then the second (a corner game's cells x,y with both below `upto`, mirror
/// images included; a staircase's cells y,z with z below `upto`). Refused past
/// [`MAX_SEQUENCE_VALUES`].
fn p_positions(table: &Table2D, upto: u64) -> Result<Vec<[u64; 2]>, QueryError> {
    let mut cells = Vec::new();
    for a in 0..i64::try_from(upto).unwrap_or(i64::MAX) {
        // Past the last row with a cell below the bound (a staircase's k·y reaching it).
        let row = match stored::line(table, LineKind::Row, a, upto) {
            Ok(row) if row.len > 0 => row,
            _ => break,
        };
        for (i, g) in (0..).zip(stored::values(&row, table)?) {
            if g != 0 {
                continue;
            }
            if cells.len() as u64 == MAX_SEQUENCE_VALUES {
                return Err(QueryError::ManyPPositions {
                    upto,
                    most: MAX_SEQUENCE_VALUES,
                });
            }
            let (x, y) = row.cell(i);
            cells.push([x, y]);
        }
    }
    Ok(cells)
}
