//! `grundy periodicity`: the additive periodicity of each row of a game's table — preperiod,
//! period and saltus, so that `g(c + period) = g(c) + saltus` from the preperiod on — with
//! the bound it holds to, as the server checked it on its stored table.

use anyhow::Result;
use protocol::{PeriodicityQuery, Request, ServerBody, Span};

use super::table::parse_span;
use super::{describe, emit, print_json, unexpected, GameArgs};
use crate::render::progress::Bar;
use crate::render::{Columns, Style};
use client::Client;

/// Examples shown by `grundy periodicity --help`.
pub const HELP: &str = "\
The rows of Wythoff's table are additively periodic (Dress, Flammenkamp and Pink, 1999): past
a preperiod, each value is the one a period earlier plus the saltus. A finding holds up to the
bound checked (--upto, default the stored table's) and spans at least two whole periods.

Examples:
  grundy periodicity queen --rows 0..20
  grundy periodicity dragon --rows 0..64 --upto 1024 --json
  grundy periodicity chocolate --k 1 --rows 1..8      rows y of the staircase, growing z";

/// Arguments of `grundy periodicity`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The rows: x for the corner games, y for chocolate (default 0..16).
    #[arg(long, value_name = "A..B", value_parser = parse_span)]
    rows: Option<Span>,
    /// Check each row up to this column (default: the stored table's bound).
    #[arg(long, value_name = "N")]
    upto: Option<u64>,
    /// Print the report as one JSON object.
    #[arg(long)]
    json: bool,
}

/// Asks for the rows' periodicity and prints it.
pub async fn run(conn: &mut Client, args: Args, style: Style) -> Result<()> {
    let q = PeriodicityQuery {
        params: args.game.params(),
        rows: args.rows,
        upto: args.upto,
    };
    let mut bar = Bar::for_stderr();
    let mut progress = |what: &str, done, total| bar.update(what, done, total);
    let report = match conn
        .request_reporting(Request::Periodicity(q), &mut progress)
        .await?
    {
        ServerBody::Periodicity(r) => r,
        other => return Err(unexpected(&other)),
    };
    drop(bar);
    if args.json {
        return print_json(&report);
    }
    let mut table = Columns::new(&["row", "from", "preperiod", "period", "saltus"]);
    for r in &report.rows {
        let opt = |v: Option<String>| v.unwrap_or_else(|| "–".to_owned());
        table.push(vec![
            r.row.to_string(),
            r.from.to_string(),
            opt(r.preperiod.map(|p| p.to_string())),
            opt(r.period.map(|p| p.to_string())),
            opt(r.saltus.map(|s| s.to_string())),
        ]);
    }
    emit(&format!(
        "{} · rows checked up to {} (periods up to {}, seen over {} whole periods at least)\n",
        describe(&report.params),
        report.upto,
        report.max_period,
        report.repeats
    ))?;
    emit(&table.render(2, &|h| style.dim(h), &|_, _, c| c.to_owned()))?;
    emit(&format!("source: {}\n", report.source))
}
