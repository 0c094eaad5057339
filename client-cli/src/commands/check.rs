//! `grundy check`: a formula — a conjecture — checked over every cell of a game's table,
//! with the first counterexamples when it fails, or one of the named checks (the results
//! grundy grew out of) over every table it is about. Exit status 0 when it holds up to the
//! bound, 1 when it is refuted, 2 on an error.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use protocol::{
    CheckQuery, CheckReport, Game, GameParams, NamedCheckQuery, NamedCheckReport, Request,
    ServerBody,
};

use super::{describe, emit, print_json, request_with_progress, source_line, unexpected};
use crate::render::{picture, Style};
use client::lang::{code_word, said};
use client::Client;
use protocol::{Message, MessageArg};

/// Examples shown by `grundy check --help`.
pub const HELP: &str = "\
The formula is written in the language of docs/RESEARCH.md, over a cell's coordinates x, y
(corner games) or y, z (chocolate), the parameters n (the bound) and k, and, in a
predicate, its Grundy number `grundy`. A value formula predicts every cell's Grundy number;
a predicate must hold on every cell. Exit status: 0 holds, 1 refuted, 2 error. --upto
beyond the stored table has the table solved first (corner games up to 16384, staircases
to z = 8000), with a progress bar.

Examples:
  grundy check rook --size 64 'x xor y'                    holds
  grundy check queen 'x xor y' --png queen-xor.png         refuted at 1,1, and where
  grundy check queen 'grundy == 0 <-> min(x,y) == floor((max(x,y)-min(x,y))*phi)'
  grundy check chocolate --k 2 'y xor z' --upto 512
  grundy check --list                                      the named checks
  grundy check chocolate-odd                               a conjecture, to its bound";

/// Arguments of `grundy check`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A game (queen, rook, horse, dragon, corner, chocolate) and then a formula, in quotes;
    /// or the name of a named check alone (see --list).
    #[arg(required_unless_present = "list")]
    what: Option<String>,
    /// The formula, in quotes.
    formula: Option<String>,
    /// Staircase step of chocolate; the server's default is 1.
    #[arg(long)]
    k: Option<u32>,
    /// The piece of `corner`, by its moves in Betza's notation (RN).
    #[arg(long)]
    piece: Option<String>,
    #[command(flatten)]
    rule: super::RuleArgs,
    /// Check the cells with coordinates below this bound (default: the stored table's).
    #[arg(long, value_name = "N")]
    upto: Option<u64>,
    /// A corner game's board of side N: the cells x, y < N (the same as --upto N).
    #[arg(long, value_name = "N", conflicts_with = "upto")]
    size: Option<u64>,
    /// List the named checks: the seeds' results and conjectures, with their status.
    #[arg(long, conflicts_with_all = ["what", "formula"])]
    list: bool,
    /// Write a picture of where the formula and the table disagree, as PNG.
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
    /// Write the same picture as SVG.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
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
    if args.list {
        return list(conn, args.json, style).await;
    }
    let what = args.what.clone().unwrap_or_default();
    let map = args.png.is_some() || args.svg.is_some();
    let Some(formula) = args.formula.clone() else {
        if what.parse::<Game>().is_ok() {
            anyhow::bail!(said(
                &Message::new("cli-check-formula-missing").text("game", what)
            ));
        }
        return named(conn, &args, what, map, style).await;
    };
    let game: Game = what.parse().map_err(|_| {
        anyhow::anyhow!(said(
            &Message::new("cli-check-not-a-game").text("what", what)
        ))
    })?;
    let q = CheckQuery {
        params: GameParams {
            game,
            size: None,
            k: args.k,
            misere: false,
            piece: args.piece.clone(),
            rule: args.rule.rule(),
            edge: args.rule.edge.clone(),
        },
        formula,
        upto: args.upto.or(args.size),
        map,
    };
    let r = match request_with_progress(conn, Request::Check(q)).await? {
        ServerBody::Check(r) => r,
        other => return Err(unexpected(&other)),
    };
    pictures(&args, std::slice::from_ref(&r))?;
    if args.json {
        print_json(&r)?;
    } else {
        emit(&report(&r, style))?;
    }
    verdict(r.holds)
}

/// Runs a named check and prints it.
async fn named(
    conn: &mut Client,
    args: &Args,
    name: String,
    map: bool,
    style: Style,
) -> Result<()> {
    let q = NamedCheckQuery {
        name,
        upto: args.upto.or(args.size),
        map,
    };
    let r: NamedCheckReport = match request_with_progress(conn, Request::CheckNamed(q)).await? {
        ServerBody::CheckNamed(r) => r,
        other => return Err(unexpected(&other)),
    };
    pictures(args, &r.checks)?;
    if args.json {
        print_json(&r)?;
        return verdict(r.holds);
    }
    let mark = if r.holds {
        style.strong("✓")
    } else {
        style.red("✗")
    };
    let head = Message::new("cli-check-named")
        .text("mark", mark)
        .text("name", &r.name)
        .text("status", code_word("check-status", &r.status))
        .with("verdict", MessageArg::Message(r.verdict_message.clone()));
    let formula = Message::new("cli-check-formula").text("formula", &r.formula);
    let reference = Message::new("cli-check-reference").text("reference", &r.reference);
    let mut out = format!(
        "{}\n  {}\n  {}\n  {}\n",
        said(&head),
        title(&r.name, &r.title),
        said(&formula),
        said(&reference)
    );
    for check in &r.checks {
        for line in report(check, style).lines() {
            out.push_str(&format!("  {line}\n"));
        }
    }
    emit(&out)?;
    verdict(r.holds)
}

/// Lists the named checks.
async fn list(conn: &mut Client, json: bool, style: Style) -> Result<()> {
    let checks = match conn.request(Request::NamedChecks {}).await? {
        ServerBody::NamedChecks { checks } => checks,
        other => return Err(unexpected(&other)),
    };
    if json {
        return print_json(&checks);
    }
    let mut out = String::new();
    for c in &checks {
        out.push_str(&format!(
            "{} · {} · {}\n  {}\n  {}\n",
            style.strong(&c.name),
            tables(&c.name, &c.tables),
            code_word("check-status", &c.status),
            title(&c.name, &c.title),
            c.formula
        ));
    }
    out.push_str(&said(&Message::new("cli-check-run-one")));
    out.push('\n');
    emit(&out)
}

/// A named check's statement in the reader's language (`check-title-NAME`), or the server's
/// words for a check the catalogs do not know.
fn title(name: &str, english: &str) -> String {
    match code_word("check-title", name) {
        same if same == name => english.to_owned(),
        words => words,
    }
}

/// The tables a named check is about, in words (`check-tables-NAME`), or the server's.
fn tables(name: &str, english: &str) -> String {
    match code_word("check-tables", name) {
        same if same == name => english.to_owned(),
        words => words,
    }
}

/// One table's check, as text.
fn report(r: &CheckReport, style: Style) -> String {
    let (id, mark) = match r.holds {
        true => ("cli-check-holds", style.strong("✓")),
        false => ("cli-check-refuted", style.red("✗")),
    };
    let head = Message::new(id)
        .text("mark", mark)
        .text("kind", code_word("check-kind", &r.kind))
        .text("formula", &r.formula)
        .text("game", describe(&r.params))
        .text("failed", r.failed.to_string())
        .text("checked", r.checked.to_string())
        .text("upto", r.upto.to_string())
        .text("ms", r.elapsed_ms.to_string());
    let mut out = said(&head);
    out.push('\n');
    for c in &r.counterexamples {
        let line = match &c.formula {
            Some(v) => Message::new("cli-check-gives").text("value", v),
            None => Message::new("cli-check-fails"),
        };
        let line = line
            .text("cell", &c.cell)
            .text("grundy", c.grundy.to_string());
        out.push_str(&format!("  {}\n", said(&line)));
    }
    out.push_str(&source_line(&r.source_message));
    out
}

/// Writes the pictures asked for: one per table, named after the step when there are
/// several (`odd.png` becomes `odd-k1.png`, `odd-k3.png`, …).
fn pictures(args: &Args, checks: &[CheckReport]) -> Result<()> {
    for check in checks {
        let Some(map) = &check.map else {
            continue;
        };
        let file = |path: &Path| match (checks.len(), check.params.k) {
            (2.., Some(k)) => step_file(path, k),
            _ => path.to_owned(),
        };
        if let Some(path) = &args.svg {
            let path = file(path);
            std::fs::write(&path, picture::disagreement_svg(check, map))
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        if let Some(path) = &args.png {
            let path = file(path);
            std::fs::write(&path, picture::disagreement_png(check, map)?)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
    }
    Ok(())
}

/// `path` with `-kK` before its extension.
fn step_file(path: &Path, k: u32) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match path.extension() {
        Some(ext) => format!("{stem}-k{k}.{}", ext.to_string_lossy()),
        None => format!("{stem}-k{k}"),
    };
    path.with_file_name(name)
}

/// Exit status 0 when it held, 1 when refuted.
fn verdict(holds: bool) -> Result<()> {
    if holds {
        Ok(())
    } else {
        Err(Refuted.into())
    }
}
