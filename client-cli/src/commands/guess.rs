//! `grundy guess`: the shortest formula equal to a game's Grundy table, or true exactly at
//! its P-positions, found by the server from the table alone; then checked on the stored
//! table, and handed on to `grundy check`. Exit status 0 when a formula is found, 1 when
//! none is, 2 on an error.

use anyhow::Result;
use protocol::{Game, GameParams, GuessAim, GuessQuery, GuessReport, Message, Request, ServerBody};

use super::{
    command_for, describe, emit, print_json, request_with_progress, source_line, unexpected,
};
use crate::render::Style;
use client::lang::{code_word, said};
use client::Client;

/// Examples shown by `grundy guess --help`.
pub const HELP: &str = "\
The search tries every formula of the language of `grundy check` up to a size (operators
and operands; default 8), one per behaviour on sample cells, with + - * // % xor and or min
max abs and floor(a * phi), over the coordinates x, y (corner games) or y, z (chocolate) and
small numbers; and puts larger ones together: sums, differences and xors of two, splits
c * (T // c) + T % c, pieces by parity, and a == b for the P-positions. What it finds holds
on every cell below --upto, and is then checked on the whole stored table. It runs at most
the server's time limit for a check (60 s by default). Exit status: 0 found, 1 none, 2 error.

Examples:
  grundy guess rook                                        x xor y
  grundy guess dragon                                      the dragon king's formula
  grundy guess queen --p-positions                         Wythoff's pairs, with phi
  grundy guess chocolate --k 2                             y xor z
  grundy guess corner --piece RN --upto 24";

/// Arguments of `grundy guess`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A corner game (queen, rook, horse, dragon, corner) or chocolate.
    game: Game,
    /// Staircase step of chocolate; the server's default is 1.
    #[arg(long)]
    k: Option<u32>,
    /// The piece of `corner`, by its moves in Betza's notation (RN).
    #[arg(long)]
    piece: Option<String>,
    #[command(flatten)]
    rule: super::RuleArgs,
    /// Guess which cells are P-positions (a predicate) instead of every Grundy number.
    #[arg(long)]
    p_positions: bool,
    /// Match the cells with coordinates below N (8 to 256; default 32).
    #[arg(long, value_name = "N")]
    upto: Option<u64>,
    /// Try every formula up to this size (3 to 12; default 8): each size takes several times
    /// as long as the one before.
    #[arg(long, value_name = "S")]
    size: Option<u32>,
    /// Stop after this many seconds (at most the server's limit for a check).
    #[arg(long, value_name = "T")]
    seconds: Option<u64>,
    /// Check the formula found on the cells below M (default: the stored table's bound).
    #[arg(long, value_name = "M")]
    check_upto: Option<u64>,
    /// Print the report as one JSON object.
    #[arg(long)]
    json: bool,
}

/// No formula was found: exit status 1, the report printed already.
#[derive(Debug)]
pub struct NoneFound;

impl std::fmt::Display for NoneFound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("no formula was found")
    }
}

impl std::error::Error for NoneFound {}

/// Asks for the guess and prints it.
pub async fn run(conn: &mut Client, args: Args, style: Style) -> Result<()> {
    let q = GuessQuery {
        params: GameParams {
            game: args.game,
            size: None,
            k: args.k,
            misere: false,
            piece: args.piece.clone(),
            rule: args.rule.rule(),
            edge: args.rule.edge.clone(),
        },
        aim: if args.p_positions {
            GuessAim::PPositions
        } else {
            GuessAim::Grundy
        },
        upto: args.upto,
        size: args.size,
        seconds: args.seconds,
        check_upto: args.check_upto,
    };
    let r = match request_with_progress(conn, Request::Guess(q)).await? {
        ServerBody::Guess(r) => r,
        other => return Err(unexpected(&other)),
    };
    if args.json {
        print_json(&r)?;
    } else {
        emit(&report(&r, style))?;
    }
    if r.formula.is_some() {
        Ok(())
    } else {
        Err(NoneFound.into())
    }
}

/// The report as text.
fn report(r: &GuessReport, style: Style) -> String {
    let game = describe(&r.params);
    let aim = code_word(
        "guess-aim",
        match r.aim {
            GuessAim::Grundy => "grundy",
            GuessAim::PPositions => "p_positions",
        },
    );
    // A predicate is put together as `a == b`, a value formula in the other ways.
    let end = match (r.aim, r.end.as_str()) {
        (GuessAim::PPositions, "searched") => "searched-p_positions",
        (_, end) => end,
    };
    let searched = Message::new(format!("cli-guess-end-{end}"))
        .text("complete", r.complete.to_string())
        .text("kept", r.kept.to_string())
        .text("ms", r.elapsed_ms.to_string());
    let mut out = String::new();
    let (Some(formula), Some(statement), Some(size)) = (&r.formula, &r.statement, r.size) else {
        let head = Message::new("cli-guess-none")
            .text("mark", style.red("✗"))
            .text("aim", aim)
            .text("game", game)
            .text("upto", r.upto.to_string());
        out.push_str(&format!("{}\n  {}\n", said(&head), said(&searched)));
        out.push_str(&source_line(&r.source_message));
        return out;
    };
    let head = Message::new("cli-guess-found")
        .text("mark", style.strong("✓"))
        .text("formula", style.strong(formula))
        .text("size", size.to_string())
        .text("aim", aim)
        .text("game", game)
        .text("cells", r.cells.to_string())
        .text("upto", r.upto.to_string());
    out.push_str(&format!("{}\n  {}\n", said(&head), said(&searched)));
    let further = match (&r.fails_at, r.holds_below) {
        (Some(at), Some(below)) => Message::new("cli-guess-fails-further")
            .text("below", below.to_string())
            .text("cell", &at.cell)
            .text("grundy", at.grundy.to_string()),
        (None, Some(below)) if below < r.check_upto => {
            Message::new("cli-guess-late-further").text("below", below.to_string())
        }
        _ => Message::new("cli-guess-holds-further").text("bound", r.check_upto.to_string()),
    };
    out.push_str(&format!("  {}\n", said(&further)));
    let next = Message::new("cli-guess-next").text("command", check_command(r, statement));
    out.push_str(&format!("  {}\n", said(&next)));
    let row = Message::new("cli-guess-bfile").text("command", bfile_command(r));
    out.push_str(&format!("  {}\n", said(&row)));
    out.push_str(&source_line(&r.source_message));
    out
}

/// The `grundy sequence` command that exports a row of the same table as an OEIS b-file, to
/// cite beside the formula: row 1 of a board or a bar, row 0 of a heap game (one heap's
/// values).
fn bfile_command(r: &GuessReport) -> String {
    let mut command = command_for("sequence", &r.params, r.params.k);
    match r.aim {
        GuessAim::Grundy if r.params.game == protocol::Game::Heap => {
            command.push_str(" --row 0 --bfile")
        }
        GuessAim::Grundy => command.push_str(" --row 1 --bfile"),
        GuessAim::PPositions => command.push_str(" --p-positions --bfile"),
    }
    command
}

/// The `grundy check` command that checks the statement found, to copy.
fn check_command(r: &GuessReport, statement: &str) -> String {
    let command = command_for("check", &r.params, r.params.k);
    format!("{command} '{statement}' --upto {}", r.check_upto)
}
