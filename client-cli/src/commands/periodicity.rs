//! `grundy periodicity`: the additive periodicity of each line of a game's table — rows,
//! columns or diagonals; preperiod, period and saltus, so that `g(c + period) = g(c) +
//! saltus` from the preperiod on — with the range it holds over, as the server checked it on
//! its stored table. A saltus of 0 is plain (ultimate) periodicity, and is said so.

use anyhow::Result;
use protocol::{Game, LineKind, Message, PeriodicityQuery, Request, RowPeriodicity};
use protocol::{ServerBody, Span};

use super::table::parse_span;
use super::GameArgs;
use super::{describe, emit, print_json, request_with_progress, source_line, unexpected};
use crate::render::{Columns, Style};
use client::lang::{said, word};
use client::Client;

/// Examples shown by `grundy periodicity --help`.
pub const HELP: &str = "\
The rows of Wythoff's table are additively periodic (Dress, Flammenkamp and Pink, 1999): past
a preperiod, each value is the one a period earlier plus the saltus (saltus 0: periodic). A
finding holds over the values checked (each line's range; --upto, default the stored table's
bound) and spans at least two whole periods.

Lines (--line): rows (default), columns, diagonals D = cells x, x + D. The corner tables are
symmetric: column c is row c. Chocolate: rows y (z from k·y), diagonals y, k·y + D; its
columns are finite and refused (but for k = 0).

Examples:
  grundy periodicity queen --rows 0..20
  grundy periodicity queen --line diagonal --rows 0..8
  grundy periodicity horse --rows 0..8                 periodic rows: saltus 0
  grundy periodicity dragon --rows 0..64 --upto 1024 --json
  grundy periodicity chocolate --k 1 --rows 1..8      rows y of the staircase, growing z";

/// Arguments of `grundy periodicity`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Which lines: row (x fixed; y for chocolate), column (y fixed; z for chocolate) or
    /// diagonal (D: cells x, x + D; chocolate y, k·y + D).
    #[arg(long, value_name = "LINE", default_value = "row")]
    line: LineKind,
    /// The lines' numbers: rows, columns or diagonals D (default 0..16).
    #[arg(long, visible_alias = "lines", value_name = "A..B", value_parser = parse_span)]
    rows: Option<Span>,
    /// Read each line while its running coordinates stay below this bound (default: the
    /// stored table's).
    #[arg(long, value_name = "N")]
    upto: Option<u64>,
    /// Print the report as one JSON object.
    #[arg(long)]
    json: bool,
}

/// Asks for the lines' periodicity and prints it.
pub async fn run(conn: &mut Client, args: Args, style: Style) -> Result<()> {
    let q = PeriodicityQuery {
        params: args.game.params(),
        line: Some(args.line),
        rows: args.rows,
        upto: args.upto,
    };
    let report = match request_with_progress(conn, Request::Periodicity(q)).await? {
        ServerBody::Periodicity(r) => r,
        other => return Err(unexpected(&other)),
    };
    if args.json {
        return print_json(&report);
    }
    let line = format!("cli-periodicity-{}", report.line.name());
    let mut table = Columns::said(&[
        &line,
        "cli-periodicity-values",
        "cli-periodicity-preperiod",
        "cli-periodicity-period",
        "cli-periodicity-saltus",
        "cli-periodicity-found",
    ]);
    for r in &report.rows {
        let opt = |v: Option<String>| v.unwrap_or_else(|| "–".to_owned());
        table.push(vec![
            r.row.to_string(),
            format!("{}..{}", r.from, r.to),
            opt(r.preperiod.map(|p| p.to_string())),
            opt(r.period.map(|p| p.to_string())),
            opt(r.saltus.map(|s| s.to_string())),
            word(found(r)),
        ]);
    }
    let head = Message::new("cli-periodicity-head")
        .text("game", describe(&report.params))
        .text("lines", word(lines(report.params.game, report.line)))
        .text("upto", report.upto.to_string())
        .text("most", report.max_period.to_string())
        .text("repeats", report.repeats.to_string());
    emit(&format!("{}\n", said(&head)))?;
    emit(&table.render(2, &|h| style.dim(h), &|_, _, c| c.to_owned()))?;
    // A heap game's own period, proved where the octal games' theorem applies.
    if report.params.game == Game::Heap {
        let told = match report.proved {
            Some(p) => Message::new("cli-periodicity-proved")
                .text("preperiod", p.preperiod.to_string())
                .text("period", p.period.to_string())
                .text("last", p.checked.saturating_sub(1).to_string()),
            None => Message::new("cli-periodicity-unproved").text("upto", report.upto.to_string()),
        };
        emit(&format!("{}\n", said(&told)))?;
    }
    emit(&source_line(&report.source_message))
}

/// What a line's finding is, as a message: periodic (saltus 0), additively periodic, or
/// nothing seen.
fn found(r: &RowPeriodicity) -> &'static str {
    match r.saltus {
        Some(0) => "cli-periodicity-periodic",
        Some(_) => "cli-periodicity-additive",
        None => "cli-periodicity-none",
    }
}

/// The lines of a game's table, as the report's header names them (a message).
fn lines(game: Game, line: LineKind) -> &'static str {
    match (game == Game::Chocolate, line) {
        (false, LineKind::Row) => "cli-periodicity-rows",
        (false, LineKind::Column) => "cli-periodicity-columns",
        (false, LineKind::Diagonal) => "cli-periodicity-diagonals",
        (true, LineKind::Row) => "cli-periodicity-bar-rows",
        (true, LineKind::Column) => "cli-periodicity-bar-columns",
        (true, LineKind::Diagonal) => "cli-periodicity-bar-diagonals",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saltus_of_0_is_called_periodic() {
        let line = |saltus: Option<i64>| RowPeriodicity {
            row: 1,
            from: 0,
            to: 64,
            preperiod: saltus.map(|_| 0),
            period: saltus.map(|_| 3),
            saltus,
        };
        let found = |r| client::lang::word(found(&r));
        assert_eq!(found(line(Some(0))), "periodic");
        assert_eq!(found(line(Some(3))), "additively periodic");
        assert_eq!(found(line(None)), "none seen");
    }
}
