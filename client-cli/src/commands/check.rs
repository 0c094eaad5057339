//! `grundy check`: a formula — a conjecture — checked over every cell of a game's table,
//! with the first counterexamples when it fails. Exit status 0 when it holds up to the
//! bound, 1 when it is refuted, 2 on an error.

use anyhow::Result;
use protocol::{CheckQuery, Request, ServerBody};

use super::{describe, emit, print_json, unexpected, GameArgs};
use crate::render::Style;
use client::Client;

/// Examples shown by `grundy check --help`.
pub const HELP: &str = "\
The formula is written in the language of docs/RESEARCH.md, over a cell's coordinates x, y
(corner games) or y, z (chocolate), the parameters n (the bound) and k, and, in a
predicate, its Grundy number `grundy`. A value formula predicts every cell's Grundy number;
a predicate must hold on every cell. Exit status: 0 holds, 1 refuted, 2 error.

Examples:
  grundy check rook 'x xor y'                              holds
  grundy check queen 'x xor y'                             refuted at 1,1
  grundy check queen 'grundy == 0 <-> min(x,y) == floor((max(x,y)-min(x,y))*phi)'
  grundy check chocolate --k 2 'y xor z' --upto 512";

/// Arguments of `grundy check`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The formula, in quotes.
    formula: String,
    /// Check the cells with coordinates below this bound (default: the stored table's).
    #[arg(long, value_name = "N")]
    upto: Option<u64>,
    /// Print the report as one JSON object.
    #[arg(long)]
    json: bool,
}

/// The formula was refuted: exit status 1, the counterexamples printed already.
#[derive(Debug)]
pub struct Refuted;

impl std::fmt::Display for Refuted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the formula was refuted")
    }
}

impl std::error::Error for Refuted {}

/// Asks for the check and prints it.
pub async fn run(conn: &mut Client, args: Args, style: Style) -> Result<()> {
    let q = CheckQuery {
        params: args.game.params(),
        formula: args.formula,
        upto: args.upto,
    };
    let r = match conn.request(Request::Check(q)).await? {
        ServerBody::Check(r) => r,
        other => return Err(unexpected(&other)),
    };
    if args.json {
        print_json(&r)?;
    } else if r.holds {
        emit(&format!(
            "{} the {} `{}` holds for {} · all {} cells below {} ({} ms)\nsource: {}\n",
            style.strong("✓"),
            r.kind,
            r.formula,
            describe(&r.params),
            r.checked,
            r.upto,
            r.elapsed_ms,
            r.source
        ))?;
    } else {
        let mut out = format!(
            "{} the {} `{}` is refuted for {}: it fails on {} of {} cells below {} ({} ms)\n",
            style.red("✗"),
            r.kind,
            r.formula,
            describe(&r.params),
            r.failed,
            r.checked,
            r.upto,
            r.elapsed_ms
        );
        for c in &r.counterexamples {
            match &c.formula {
                Some(v) => out.push_str(&format!(
                    "  {}: the formula gives {v}, the Grundy number is {}\n",
                    c.cell, c.grundy
                )),
                None => out.push_str(&format!(
                    "  {}: it does not hold (Grundy number {})\n",
                    c.cell, c.grundy
                )),
            }
        }
        out.push_str(&format!("source: {}\n", r.source));
        emit(&out)?;
    }
    if r.holds {
        Ok(())
    } else {
        Err(Refuted.into())
    }
}
