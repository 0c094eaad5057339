//! `grundy sequence`: one line of a game's table — a row, a column, a diagonal — or its
//! P-positions, as a sequence to cite or to submit: an OEIS b-file (`n a(n)` lines under `#`
//! comments naming the game, the line, the bound, the source and the command that makes it
//! again), CSV with both coordinates of every cell, the server's JSON, or a short summary.

use anyhow::Result;
use protocol::limits::DEFAULT_STEP;
use protocol::{
    Game, Message, MessageArg, Request, SequenceLine, SequenceQuery, SequenceReport, ServerBody,
};

use super::GameArgs;
use super::{describe, emit, print_json, request_with_progress, source_line, unexpected};
use crate::render::Style;
use client::lang::said;
use client::Client;

/// Examples shown by `grundy sequence --help`.
pub const HELP: &str = "\
A line's values are indexed by the coordinate running along it, from the line's first cell:
  corner games  --row R        g(R, n) for n = 0, 1, …
                --column C     g(n, C) (the table is symmetric: column C is row C)
                --diagonal D   g(n, n + D); for D < 0, g(n − D, n)
  chocolate     --row R        G(R, n) for n = k·R, k·R + 1, …
                --column C     G(n, C) for n = 0 to ⌊C/k⌋ (k = 0: every n below the bound)
                --diagonal D   G(n, k·n + D), D ≥ 0 (k = 0: G(n, n + D))
--p-positions lists the cells of Grundy number 0 (corner games x,y, mirror images included;
chocolate y,z), by the first coordinate, then the second. As a b-file, a(n) is the second
coordinate of the n-th of them, n from 0, for the corner games those with x ≤ y only: the
queen's is ⌊nφ²⌋ (A001950, with a(0) = 0); --csv has both coordinates.

--upto N bounds the running coordinates (both for a diagonal or the P-positions; default: the
stored table's bound; beyond it, the table is solved first, corner games up to 16384). One
answer holds at most 1000000 values.

Examples:
  grundy sequence queen --row 1
  grundy sequence queen --row 1 --bfile > b-queen-row-1.txt
  grundy sequence queen --diagonal -2 --upto 100 --csv
  grundy sequence queen --p-positions --upto 200 --bfile
  grundy sequence chocolate --k 1 --row 1 --json";

/// Arguments of `grundy sequence`.
#[derive(Debug, clap::Args)]
#[command(group(
    clap::ArgGroup::new("line")
        .required(true)
        .args(["row", "column", "diagonal", "p_positions"])
))]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Row R: x = R (corner games), y = R (chocolate).
    #[arg(long, value_name = "R")]
    row: Option<u64>,
    /// Column C: y = C (corner games), z = C (chocolate).
    #[arg(long, value_name = "C")]
    column: Option<u64>,
    /// Diagonal D: cells x, x + D (corner games, D may be negative), y, k·y + D (chocolate).
    #[arg(long, value_name = "D", allow_negative_numbers = true)]
    diagonal: Option<i64>,
    /// The P-positions (Grundy number 0) below the bound.
    #[arg(long)]
    p_positions: bool,
    /// Only cells whose running coordinates are below N (default: the stored table's bound).
    #[arg(long, value_name = "N")]
    upto: Option<u64>,
    /// Print an OEIS b-file: `n a(n)` lines after `#` comments saying what it is.
    #[arg(long, conflicts_with_all = ["csv", "json"])]
    bfile: bool,
    /// Print CSV with a header: n and the cell's coordinates and Grundy number (P-positions:
    /// the coordinates).
    #[arg(long, conflicts_with = "json")]
    csv: bool,
    /// Print the server's reply as one JSON object.
    #[arg(long)]
    json: bool,
}

impl Args {
    /// The line the arguments name (clap makes sure there is exactly one).
    fn line(&self) -> SequenceLine {
        match (self.row, self.column, self.diagonal) {
            (Some(r), _, _) => SequenceLine::Row(r),
            (_, Some(c), _) => SequenceLine::Column(c),
            (_, _, Some(d)) => SequenceLine::Diagonal(d),
            _ => SequenceLine::PPositions,
        }
    }
}

/// Asks for the sequence and prints it.
pub async fn run(conn: &mut Client, args: Args, style: Style) -> Result<()> {
    let q = SequenceQuery {
        params: args.game.params(),
        line: args.line(),
        upto: args.upto,
    };
    let r = match request_with_progress(conn, Request::Sequence(q)).await? {
        ServerBody::Sequence(r) => r,
        other => return Err(unexpected(&other)),
    };
    if args.json {
        print_json(&r)
    } else if args.bfile {
        emit(&bfile(&r))
    } else if args.csv {
        emit(&csv(&r))
    } else {
        emit(&human(&r, style))
    }
}

/// The staircase's step of a chocolate answer, `None` for a corner game.
fn step_k(r: &SequenceReport) -> Option<u32> {
    (r.params.game == Game::Chocolate).then(|| r.params.k.unwrap_or(DEFAULT_STEP))
}

/// The names of the table's two coordinates.
fn coordinates(r: &SequenceReport) -> (&'static str, &'static str) {
    match step_k(r) {
        Some(_) => ("y", "z"),
        None => ("x", "y"),
    }
}

/// The line as words and a(n) as a formula: (`row x = 1`, `g(1, n)`).
fn line_text(r: &SequenceReport) -> (Message, String) {
    let (a, b) = coordinates(r);
    let g = if step_k(r).is_some() { "G" } else { "g" };
    let line =
        |id: &str, fixed: &str, at: String| Message::new(id).text("fixed", fixed).text("at", at);
    match (r.line, step_k(r)) {
        (SequenceLine::Row(v), _) => (
            line("cli-line-row", a, v.to_string()),
            format!("{g}({v}, n)"),
        ),
        (SequenceLine::Column(v), _) => (
            line("cli-line-column", b, v.to_string()),
            format!("{g}(n, {v})"),
        ),
        (SequenceLine::Diagonal(d), None) if d < 0 => (
            line("cli-line-diagonal", "D", d.to_string()),
            format!("g(n + {}, n)", d.unsigned_abs()),
        ),
        (SequenceLine::Diagonal(d), k) => {
            let along = match k {
                None | Some(0 | 1) => "n".to_owned(),
                Some(k) => format!("{k}n"),
            };
            let z = if d == 0 {
                along
            } else {
                format!("{along} + {d}")
            };
            (
                line("cli-line-diagonal", "D", d.to_string()),
                format!("{g}(n, {z})"),
            )
        }
        (SequenceLine::PPositions, _) => (Message::new("cli-line-p-positions"), String::new()),
    }
}

/// The command that asks for the same b-file again, on a server with tables as large.
fn command(r: &SequenceReport) -> String {
    let mut c = super::command_for("sequence", &r.params, step_k(r));
    c.push_str(&match r.line {
        SequenceLine::Row(v) => format!(" --row {v}"),
        SequenceLine::Column(v) => format!(" --column {v}"),
        SequenceLine::Diagonal(d) => format!(" --diagonal {d}"),
        SequenceLine::PPositions => " --p-positions".to_owned(),
    });
    c.push_str(&format!(" --upto {} --bfile", r.upto));
    c
}

/// The P-positions a b-file lists: all of a staircase's, a corner game's with x ≤ y.
fn b_cells(r: &SequenceReport) -> Vec<[u64; 2]> {
    let symmetric = step_k(r).is_none();
    r.cells
        .iter()
        .copied()
        .filter(|[a, b]| !symmetric || a <= b)
        .collect()
}

/// An OEIS b-file: `#` comments (what it is, its offset, the source, the command), then one
/// `n a(n)` line per value.
fn bfile(r: &SequenceReport) -> String {
    let game = super::describe_code(&r.params);
    let (a, b) = coordinates(r);
    let (name, formula) = line_text(r);
    let (offset, values): (u64, Vec<u64>) = match r.line {
        SequenceLine::PPositions => (0, b_cells(r).iter().map(|c| c[1]).collect()),
        _ => (r.offset.unwrap_or(0), r.values.clone()),
    };
    let mut out = match r.line {
        SequenceLine::PPositions if step_k(r).is_none() => format!(
            "# {game}: P-positions (Grundy number 0) {a},{b} below {} with {a} ≤ {b}, by {a}; \
             a(n) = {b} of the n-th, n from 0 ({a} and the mirror images: --csv)\n",
            r.upto
        ),
        SequenceLine::PPositions => format!(
            "# {game}: P-positions (Grundy number 0) {a},{b} with {b} below {}, by {a} then \
             {b}; a(n) = {b} of the n-th, n from 0 ({a}: --csv)\n",
            r.upto
        ),
        _ => {
            let name = protocol::i18n::english(&name);
            format!("# {game}: Grundy numbers along {name}: a(n) = {formula}\n")
        }
    };
    match values.len() {
        0 => out.push_str("# no values\n"),
        len => out.push_str(&format!(
            "# offset {offset}: n = {offset} to {}, bound {}\n",
            offset + len as u64 - 1,
            r.upto
        )),
    }
    out.push_str(&format!("# source: {}\n", r.source));
    out.push_str(&format!("# command: {}\n", command(r)));
    for (n, v) in (offset..).zip(&values) {
        out.push_str(&format!("{n} {v}\n"));
    }
    out
}

/// CSV with a header: a line's `n` with its cell and Grundy number, or the P-positions'
/// coordinates.
fn csv(r: &SequenceReport) -> String {
    let (a, b) = coordinates(r);
    if r.line == SequenceLine::PPositions {
        let mut out = format!("{a},{b}\n");
        for [x, y] in &r.cells {
            out.push_str(&format!("{x},{y}\n"));
        }
        return out;
    }
    let mut out = format!("n,{a},{b},grundy\n");
    let (first, step) = (r.first.unwrap_or([0, 0]), r.step.unwrap_or([0, 0]));
    for ((i, n), g) in (0u64..).zip(r.offset.unwrap_or(0)..).zip(&r.values) {
        let (x, y) = (first[0] + i * step[0], first[1] + i * step[1]);
        out.push_str(&format!("{n},{x},{y},{g}\n"));
    }
    out
}

/// Lines of values shown by the summary; the rest is counted.
const SHOWN_LINES: usize = 8;

/// Width of the summary's lines of values.
const WIDTH: usize = 78;

/// A summary for a person: what the sequence is, its first values, the source.
fn human(r: &SequenceReport, style: Style) -> String {
    let game = describe(&r.params);
    let (a, b) = coordinates(r);
    let (head, items): (Message, Vec<String>) = match r.line {
        SequenceLine::PPositions => (
            Message::new("cli-sequence-p-positions")
                .count("count", r.cells.len() as u64)
                .text("upto", r.upto.to_string())
                .text("a", a)
                .text("b", b),
            r.cells.iter().map(|[x, y]| format!("{x},{y}")).collect(),
        ),
        _ => {
            let (name, formula) = line_text(r);
            let from = r.offset.unwrap_or(0);
            let last = from + (r.values.len() as u64).saturating_sub(1);
            (
                Message::new("cli-sequence-line")
                    .with("line", MessageArg::Message(name))
                    .text("formula", formula)
                    .text("from", from.to_string())
                    .text("to", last.to_string())
                    .count("count", r.values.len() as u64),
                r.values.iter().map(u64::to_string).collect(),
            )
        }
    };
    let mut out = format!("{} · {}\n", style.strong(&game), said(&head));
    let (lines, shown) = wrap(&items, WIDTH, SHOWN_LINES);
    out.push_str(&lines);
    if shown < items.len() {
        let more = Message::new("cli-sequence-more").count("more", (items.len() - shown) as u64);
        out.push_str(&format!("{}\n", said(&more)));
    }
    out.push_str(&style.dim(source_line(&r.source_message).trim_end()));
    out.push('\n');
    out
}

/// `items` separated by spaces in lines of at most `width` characters, at most `most`
/// lines; with how many items they hold.
fn wrap(items: &[String], width: usize, most: usize) -> (String, usize) {
    let (mut out, mut line, mut lines) = (String::new(), String::new(), 0);
    for (i, item) in items.iter().enumerate() {
        if !line.is_empty() && line.chars().count() + 1 + item.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
            lines += 1;
            if lines == most {
                return (out, i);
            }
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(item);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    (out, items.len())
}

#[cfg(test)]
mod tests {
    use protocol::GameParams;

    use super::*;

    fn report(game: Game, line: SequenceLine) -> SequenceReport {
        SequenceReport {
            params: GameParams {
                k: (game == Game::Chocolate).then_some(2),
                ..GameParams::of(game)
            },
            line,
            upto: 10,
            offset: Some(0),
            first: Some([0, 3]),
            step: Some([1, 2]),
            values: vec![1, 2, 0],
            cells: Vec::new(),
            source: "exact table of bound 10, grundyd 0.1.0".to_owned(),
            source_message: Message::new("cited-table")
                .text("bound", "10")
                .text("version", "0.1.0"),
        }
    }

    #[test]
    fn a_bfile_says_what_it_is_and_how_to_make_it_again() {
        let r = report(Game::Chocolate, SequenceLine::Diagonal(3));
        let b = bfile(&r);
        assert!(
            b.starts_with(
                "# chocolate k=2: Grundy numbers along diagonal D = 3: a(n) = G(n, 2n + 3)\n"
            ),
            "{b}"
        );
        assert!(b.contains("# offset 0: n = 0 to 2, bound 10\n"), "{b}");
        assert!(
            b.contains(
                "# command: grundy sequence chocolate --k 2 --diagonal 3 --upto 10 --bfile\n"
            ),
            "{b}"
        );
        assert!(b.ends_with("\n0 1\n1 2\n2 0\n"), "{b}");
        // Both coordinates of each cell: (0, 3), (1, 5), (2, 7).
        assert_eq!(csv(&r), "n,y,z,grundy\n0,0,3,1\n1,1,5,2\n2,2,7,0\n");
    }

    #[test]
    fn a_corner_games_p_positions_bfile_lists_the_cells_with_x_at_most_y() {
        let r = SequenceReport {
            cells: vec![[0, 0], [1, 2], [2, 1], [3, 5], [5, 3]],
            values: Vec::new(),
            ..report(Game::Queen, SequenceLine::PPositions)
        };
        let b = bfile(&r);
        assert!(b.ends_with("\n0 0\n1 2\n2 5\n"), "{b}");
        assert!(b.contains("--p-positions --upto 10 --bfile"), "{b}");
        assert_eq!(csv(&r).lines().count(), 6);
    }

    #[test]
    fn negative_diagonals_read_down_the_table() {
        let r = report(Game::Queen, SequenceLine::Diagonal(-2));
        assert_eq!(line_text(&r).1, "g(n + 2, n)");
        assert_eq!(
            line_text(&report(Game::Queen, SequenceLine::Diagonal(0))).1,
            "g(n, n)"
        );
    }

    #[test]
    fn long_sequences_are_wrapped_and_cut() {
        let items: Vec<String> = (0..100).map(|i| i.to_string()).collect();
        let (text, shown) = wrap(&items, 20, 2);
        // Lines of at most 20 characters.
        assert_eq!(text, "0 1 2 3 4 5 6 7 8 9\n10 11 12 13 14 15 16\n");
        assert_eq!(shown, 17);
        assert_eq!(wrap(&items[..3], 20, 2), ("0 1 2\n".to_owned(), 3));
    }
}
