//! `grundy table`: a rectangle of a two-dimensional table (corner games: rows x, columns y;
//! chocolate: rows z, columns y) or the whole L-game classification, as a grid, CSV or JSON.
//! A rectangle larger than the server answers at once is fetched in pieces and joined.

use std::io::IsTerminal;
use std::ops::Range;

use anyhow::{Context, Result};
use protocol::limits::{DEFAULT_SPAN, MAX_SEARCHED_TABLE_CELLS, MAX_TABLE_CELLS};
use protocol::{Game, Message, MessageArg, Request, ServerBody, Span, TableData};

use super::{emit, print_json, request_with_progress, unexpected, GameArgs};
use crate::render::{grid, opt, picture, Columns, Style};
use client::lang::{code_word, said, word};
use client::Client;

/// Examples shown by `grundy table --help`.
pub const HELP: &str = "\
Ranges are half-open, A..B; both default to 0..16 and are clipped to the board.
P-positions (lost for the player to move: Grundy number 0, even remoteness) are highlighted
on a terminal.

CSV columns: corner games x,y,grundy,remoteness,outcome; two-heap Nim a,b,grundy,remoteness,
outcome; chocolate y,z,grundy;
lgame position,outcome,depth (one line per position up to symmetry).

Examples:
  grundy table queen --size 11
  grundy table queen --size 11 --remoteness
  grundy table queen --size 1000 --rows 0..1000 --cols 0..1000 --csv > queen.csv
  grundy table chocolate --k 1 --rows 0..32
  grundy table nim --rows 0..8 --cols 0..8 --misere    two heaps; misère: odd remoteness is lost
  grundy table heap --rule kayles --rows 0..16 --cols 0..16   two heaps: G(x) xor G(y)
  grundy table lgame --csv
  grundy table queen --size 200 --rows 0..200 --cols 0..200 --png queen.png
  grundy table lgame --svg lgame.svg";

/// Arguments of `grundy table`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Rows, half-open (x for corner games, z for chocolate); default 0..16.
    #[arg(long, value_name = "A..B", value_parser = parse_span)]
    rows: Option<Span>,
    /// Columns, half-open (y); default 0..16.
    #[arg(long, value_name = "C..D", value_parser = parse_span)]
    cols: Option<Span>,
    /// Show the remoteness (plies to the end under best play) instead of the Grundy number;
    /// corner games, as a grid on the terminal.
    #[arg(long, conflicts_with_all = ["csv", "json", "png", "svg"])]
    remoteness: bool,
    /// The coordinate the table does not show: Nim's third heap (a table of three heaps),
    /// a misère chocolate bar's strip x (default 0).
    #[arg(long, value_name = "N")]
    layer: Option<u64>,
    /// Print CSV.
    #[arg(long, conflicts_with = "json")]
    csv: bool,
    /// Print the server's table as one JSON object.
    #[arg(long, conflicts_with_all = ["png", "svg"])]
    json: bool,
    /// Write a picture as PNG: a Grundy heat map with P-positions in black (the queen's
    /// golden-ratio lines in red), or the L-game's positions by outcome and depth.
    #[arg(long, value_name = "FILE", conflicts_with = "csv")]
    png: Option<std::path::PathBuf>,
    /// Write the same picture as SVG.
    #[arg(long, value_name = "FILE", conflicts_with = "csv")]
    svg: Option<std::path::PathBuf>,
}

/// Reads `A..B` (half-open).
pub fn parse_span(s: &str) -> Result<Span, String> {
    let bad = || said(&Message::new("cli-range-unread").text("range", format!("{s:?}")));
    let (a, b) = s.split_once("..").ok_or_else(bad)?;
    let from = a.trim().parse().map_err(|_| bad())?;
    let to = b.trim().parse().map_err(|_| bad())?;
    if from > to {
        return Err(said(
            &Message::new("cli-range-backwards").text("range", format!("{s:?}")),
        ));
    }
    Ok(Span { from, to })
}

/// `wrote FILE`, with its newline.
fn wrote(file: &std::path::Path) -> String {
    let m = Message::new("cli-wrote").text("file", file.display().to_string());
    format!("{}\n", said(&m))
}

/// Fetches the table (in pieces if needed) and prints it.
pub async fn run(conn: &mut Client, args: Args, style: Style) -> Result<()> {
    // Refused before anything is fetched: the answer would not have it.
    if args.remoteness && args.game.game == Game::Chocolate && !args.game.misere {
        anyhow::bail!(word("cli-table-chocolate-remoteness"));
    }
    let rows = args.rows.unwrap_or(DEFAULT_SPAN);
    let cols = args.cols.unwrap_or(DEFAULT_SPAN);
    let data = fetch(conn, &args.game, args.layer, rows, cols).await?;
    if args.png.is_some() || args.svg.is_some() {
        if let Some(file) = &args.svg {
            std::fs::write(file, picture::svg(&data))
                .with_context(|| format!("cannot write {}", file.display()))?;
            emit(&wrote(file))?;
        }
        if let Some(file) = &args.png {
            std::fs::write(file, picture::png(&data)?)
                .with_context(|| format!("cannot write {}", file.display()))?;
            emit(&wrote(file))?;
        }
        Ok(())
    } else if args.json {
        print_json(&data)
    } else if args.csv {
        emit(&csv(&data))
    } else {
        emit(&human(&data, args.remoteness, style))
    }
}

/// Asks for `rows` × `cols`, in pieces of at most [`MAX_TABLE_CELLS`] cells, and joins them.
async fn fetch(
    conn: &mut Client,
    game: &GameArgs,
    layer: Option<u64>,
    rows: Span,
    cols: Span,
) -> Result<TableData> {
    if game.game == Game::LGame {
        return ask(conn, game, None, None).await;
    }
    // Tables whose every cell is a search come in smaller pieces.
    let searched = game.misere && (game.game == Game::Chocolate || layer.is_some());
    let most = if searched {
        MAX_SEARCHED_TABLE_CELLS
    } else {
        MAX_TABLE_CELLS
    };
    let width = (cols.to - cols.from).clamp(1, most);
    let band = (most / width).max(1);
    let first_rows = Span {
        from: rows.from,
        to: rows.to.min(rows.from.saturating_add(band)),
    };
    let first_cols = Span {
        from: cols.from,
        to: cols.from.saturating_add(width).min(cols.to),
    };
    let first = ask(conn, game, layer, Some((first_rows, first_cols))).await?;
    // The server clips ranges to the board; its first answer shows where the board ends.
    let rows = Span {
        from: rows.from,
        to: clip(rows, first_rows, first.rows),
    };
    let cols = Span {
        from: cols.from,
        to: clip(cols, first_cols, first.cols),
    };
    if first.rows == rows && first.cols == cols {
        return Ok(first);
    }
    // Asked again from the start (one request more) with bands as tall as the clipped
    // width allows, which keeps the joining simple.
    let band = (most / (cols.to - cols.from).clamp(1, most)).max(1);
    let row_bands = bands(rows.from..rows.to, band);
    let col_bands = bands(cols.from..cols.to, most);
    let mut progress = Progress::new(row_bands.len() * col_bands.len());
    let mut whole = TableData {
        rows,
        cols,
        grundy: Vec::new(),
        remoteness: Vec::new(),
        ..first
    };
    for &(r0, r1) in &row_bands {
        let height = (r1 - r0) as usize;
        let mut grundy = vec![Vec::new(); height];
        let mut remoteness = vec![Vec::new(); height];
        for &(c0, c1) in &col_bands {
            progress.step();
            let piece = Span { from: r0, to: r1 };
            let piece = ask(conn, game, layer, Some((piece, Span { from: c0, to: c1 }))).await?;
            for (dst, src) in grundy.iter_mut().zip(piece.grundy) {
                dst.extend(src);
            }
            for (dst, src) in remoteness.iter_mut().zip(piece.remoteness) {
                dst.extend(src);
            }
            if piece.source != "table" {
                whole.source = piece.source;
            }
        }
        whole.grundy.extend(grundy);
        // Chocolate has no remoteness: keep the vector empty rather than full of empties.
        whole
            .remoteness
            .extend(remoteness.into_iter().filter(|r| !r.is_empty()));
    }
    progress.finish();
    Ok(whole)
}

/// A `piece i of n` line on stderr while a large table is fetched, only on a terminal so
/// that scripts and logs stay clean.
struct Progress {
    done: usize,
    total: usize,
    shown: bool,
}

impl Progress {
    fn new(total: usize) -> Progress {
        Progress {
            done: 0,
            total,
            shown: total > 1 && std::io::stderr().is_terminal(),
        }
    }

    fn step(&mut self) {
        self.done += 1;
        if self.shown {
            eprint!(
                "\rfetching the table: piece {} of {}",
                self.done, self.total
            );
        }
    }

    fn finish(&self) {
        if self.shown {
            eprint!("\r{}\r", " ".repeat(40));
        }
    }
}

/// The end of `asked` once the server's clipping (seen as `got` for the piece `sent`) is
/// taken into account.
fn clip(asked: Span, sent: Span, got: Span) -> u64 {
    if got.to < sent.to {
        got.to
    } else {
        asked.to
    }
}

/// Splits `range` into consecutive half-open pieces of at most `step`.
fn bands(range: Range<u64>, step: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    let mut at = range.start;
    while at < range.end {
        let end = range.end.min(at.saturating_add(step));
        out.push((at, end));
        at = end;
    }
    out
}

/// One `table` request; `None` leaves the spans to the server (the L-game has none).
async fn ask(
    conn: &mut Client,
    game: &GameArgs,
    layer: Option<u64>,
    spans: Option<(Span, Span)>,
) -> Result<TableData> {
    let request = Request::Table {
        params: game.params(),
        rows: spans.map(|s| s.0),
        cols: spans.map(|s| s.1),
        layer,
    };
    // A table beyond the server's is solved first: a bar on a terminal meanwhile.
    match request_with_progress(conn, request).await? {
        ServerBody::Table(t) => Ok(t),
        other => Err(unexpected(&other)),
    }
}

/// The outcome of a corner-game cell, from its Grundy number (normal play) or the parity of
/// its remoteness (misère play: odd is lost).
fn outcome(grundy: Option<u64>, remoteness: Option<u64>, misere: bool) -> &'static str {
    match (misere, grundy, remoteness) {
        (false, Some(0), _) => "loss",
        (false, Some(_), _) => "win",
        (true, _, Some(r)) if r % 2 == 1 => "loss",
        (true, _, Some(_)) => "win",
        _ => "",
    }
}

/// CSV with one line per cell (or per L-game class).
fn csv(t: &TableData) -> String {
    let mut out = String::new();
    match t.params.game {
        Game::LGame => {
            out.push_str("position,outcome,depth\n");
            for c in &t.classes {
                let depth = c.depth.map_or_else(String::new, |d| d.to_string());
                out.push_str(&format!("{},{},{depth}\n", c.position, c.outcome));
            }
        }
        Game::Chocolate if t.params.misere => {
            let x = t.layer.unwrap_or(0);
            out.push_str("x,y,z,remoteness,outcome\n");
            for (z, row) in (t.rows.from..).zip(&t.remoteness) {
                for (y, r) in (t.cols.from..).zip(row) {
                    if let Some(r) = r {
                        let o = outcome(None, Some(*r), true);
                        out.push_str(&format!("{x},{y},{z},{r},{o}\n"));
                    }
                }
            }
        }
        Game::Chocolate => {
            out.push_str("y,z,grundy\n");
            for (z, row) in (t.rows.from..).zip(&t.grundy) {
                for (y, g) in (t.cols.from..).zip(row) {
                    if let Some(g) = g {
                        out.push_str(&format!("{y},{z},{g}\n"));
                    }
                }
            }
        }
        _ => {
            // Nim's heaps are a, b (and c, the layer); a board's squares x and y.
            let third = t.layer.map(|c| format!("{c},")).unwrap_or_default();
            out.push_str(match (t.params.game, t.layer) {
                (Game::Nim, Some(_)) => "a,b,c,grundy,remoteness,outcome\n",
                (Game::Nim, None) => "a,b,grundy,remoteness,outcome\n",
                _ => "x,y,grundy,remoteness,outcome\n",
            });
            let none = Vec::new();
            // Misère tables have no Grundy numbers: their rows are the remoteness's.
            let rows = t.rows.to - t.rows.from;
            let width = t.cols.to - t.cols.from;
            for i in 0..rows as usize {
                let x = t.rows.from + i as u64;
                let gs = t.grundy.get(i).unwrap_or(&none);
                let rs = t.remoteness.get(i).unwrap_or(&none);
                for j in 0..width as usize {
                    let y = t.cols.from + j as u64;
                    let g = gs.get(j).copied().flatten();
                    let r = rs.get(j).copied().flatten();
                    let g_text = g.map_or_else(String::new, |g| g.to_string());
                    let r_text = r.map_or_else(String::new, |r| r.to_string());
                    let o = outcome(g, r, t.params.misere);
                    out.push_str(&format!("{x},{y},{third}{g_text},{r_text},{o}\n"));
                }
            }
        }
    }
    out
}

/// The table for a person: a grid, or for the L-game a summary and the classes.
fn human(t: &TableData, remoteness: bool, style: Style) -> String {
    match t.params.game {
        Game::LGame => {
            let count = |o: &str| t.classes.iter().filter(|c| c.outcome == o).count();
            let head = Message::new("cli-table-lgame")
                .text("count", t.classes.len().to_string())
                .text("win", count("win").to_string())
                .text("loss", count("loss").to_string())
                .text("draw", count("draw").to_string());
            let mut out = format!("{}\n", said(&head));
            let mut cols = Columns::said(&["cli-col-position", "cli-col-outcome", "cli-col-depth"]);
            for c in &t.classes {
                let outcome = code_word("outcome", &c.outcome);
                cols.push(vec![c.position.clone(), outcome, opt(c.depth)]);
            }
            out.push_str(&cols.render(2, &|h| style.dim(h), &|_, _, cell| cell.to_owned()));
            out
        }
        game => {
            let misere = t.params.misere;
            let c = t.layer.unwrap_or(0);
            let (corner, what) = match (game, remoteness || misere) {
                (Game::Chocolate, _) if misere => ("z\\y", "cli-table-bars"),
                (Game::Chocolate, _) => ("z\\y", "cli-table-staircase"),
                (Game::Nim, _) if t.layer.is_some() => ("a\\b", "cli-table-nim3"),
                (Game::Nim, _) if misere => ("a\\b", "cli-table-nim2-misere"),
                (Game::Nim, false) => ("a\\b", "cli-table-nim2"),
                (Game::Nim, true) => ("a\\b", "cli-table-nim2-remoteness"),
                (_, false) => ("x\\y", "cli-table-grundy"),
                _ if misere => ("x\\y", "cli-table-misere"),
                (_, true) => ("x\\y", "cli-table-remoteness"),
            };
            let what = Message::new(what).text("c", c.to_string());
            let head = Message::new("cli-table-head")
                .text("game", super::describe(&t.params))
                .with("what", MessageArg::Message(what))
                .text("source", code_word("source", &t.source));
            let mut out = format!("{}\n", said(&head));
            if t.grundy.is_empty() && t.remoteness.is_empty() {
                out.push_str(&format!("{}\n", word("cli-table-empty")));
                return out;
            }
            let grid = if misere {
                grid(corner, t.rows, t.cols, &t.remoteness, |r| r % 2 == 1, style)
            } else if remoteness {
                grid(corner, t.rows, t.cols, &t.remoteness, |r| r % 2 == 0, style)
            } else {
                grid(corner, t.rows, t.cols, &t.grundy, |g| g == 0, style)
            };
            out.push_str(&grid);
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_half_open_ranges() {
        assert_eq!(parse_span("3..8"), Ok(Span { from: 3, to: 8 }));
        assert!(parse_span("8..3").is_err());
        assert!(parse_span("3-8").is_err());
    }

    #[test]
    fn cuts_ranges_into_bands() {
        assert_eq!(bands(0..10, 4), vec![(0, 4), (4, 8), (8, 10)]);
        assert!(bands(5..5, 4).is_empty());
    }

    #[test]
    fn clipping_shows_where_the_board_ends() {
        let asked = Span { from: 0, to: 100 };
        let sent = Span { from: 0, to: 50 };
        assert_eq!(clip(asked, sent, Span { from: 0, to: 11 }), 11);
        assert_eq!(clip(asked, sent, sent), 100);
    }
}
