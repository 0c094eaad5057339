//! `grundy review`: every move of a saved game annotated exactly from the classification —
//! best, inaccuracy, mistake, blunder — with the better moves there were.

use std::io::IsTerminal;

use anyhow::Result;
use protocol::{Board, Game, GameSummary, Outcome, Request, ReviewedMove, ServerBody};

use super::annotation::{annotation_word, best_play, name, strip, this_move, BETTER_SHOWN};
use super::{describe, emit, print_json, reason_words, unexpected};
use crate::render::{progress::Bar, Columns, Style};
use client::lang::{said, word};
use client::Client;
use protocol::Message;

/// Examples shown by `grundy review --help`.
pub const HELP: &str = "\
Annotations are exact, from the game's classification: `best` (no better move), `inaccuracy`
(same result, but slower to win or quicker to lose), `mistake` (a draw thrown into a loss, or
a win into a draw), `blunder` (a win thrown into a loss). Find game ids with `grundy games`.

Examples:
  grundy review 12
  grundy review 12 --json";

/// Arguments of `grundy review`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game's id (see `grundy games`).
    id: i64,
    /// Print the server's review as one JSON object.
    #[arg(long)]
    json: bool,
}

/// Asks for the review, page after page (a bar on a terminal while a long game's come), and
/// prints it: stepping move by move on a terminal, a listing otherwise.
pub async fn run(conn: &mut Client, args: Args, style: Style) -> Result<()> {
    let (start, moves) = every_page(conn, args.id).await?;
    if args.json {
        return print_json(&serde_json::json!({ "match_id": args.id, "moves": moves }));
    }
    let request = Request::Game {
        match_id: args.id,
        from: None,
        limit: Some(0),
    };
    let body = conn.request(request).await?;
    let ServerBody::Game { game, .. } = body else {
        return Err(unexpected(&body));
    };
    emit(&listing(&game, &moves, style))?;
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() && !moves.is_empty() {
        super::stepper::step(&game, &start, &moves, style)?;
    }
    Ok(())
}

/// The start as drawn, and every move of game `match_id` reviewed, following the server's
/// pages to the last.
async fn every_page(conn: &mut Client, match_id: i64) -> Result<(Board, Vec<ReviewedMove>)> {
    let mut bar = Bar::for_stderr();
    let mut all = Vec::new();
    let mut start = None;
    let mut from = None;
    loop {
        let request = Request::Review {
            match_id,
            from,
            limit: None,
        };
        let body = conn.request(request).await?;
        let ServerBody::Review {
            moves,
            total,
            next,
            board_before,
            ..
        } = body
        else {
            return Err(unexpected(&body));
        };
        start.get_or_insert(board_before);
        all.extend(moves);
        match next {
            // A page that does not move on would be asked again forever.
            Some(n) if from.is_none_or(|f| n > f) => {
                bar.update("reviewing", u64::from(n), u64::from(total));
                from = Some(n);
            }
            _ => {
                let start = start.ok_or_else(|| super::told(Message::new("cli-err-no-review")))?;
                return Ok((start, all));
            }
        }
    }
}

/// The players, and the result with its reason, or where the game stands.
fn heading(game: &GameSummary, moves: usize) -> String {
    let result = match game.result {
        Some(Outcome {
            winner: Some(seat),
            reason,
        }) => Message::new("cli-review-won")
            .text("who", name(game, seat))
            .text("reason", reason_words(reason, &name(game, 1 - seat))),
        Some(Outcome {
            winner: None,
            reason,
        }) => Message::new("cli-review-no-winner").text("reason", reason_words(reason, "")),
        None => Message::new("cli-review-not-over").text("status", game.status.as_str()),
    };
    let heading = Message::new("cli-review-heading")
        .text("id", game.match_id.to_string())
        .text("game", describe(&game.params))
        .text("start", &game.start)
        .text("first", name(game, 0))
        .text("second", name(game, 1))
        .text("result", said(&result))
        .count("moves", moves as u64);
    format!("{}\n", said(&heading))
}

/// The review as aligned text: who played and how it ended, then one line per move: who
/// played it, the position after it, how good it was, and the better moves.
fn listing(game: &GameSummary, moves: &[ReviewedMove], style: Style) -> String {
    let mut out = heading(game, moves.len());
    let legend = Message::new("cli-review-strip")
        .text("first", name(game, 0))
        .text("second", name(game, 1));
    out.push_str(&format!("{}\n  {}\n", said(&legend), strip(moves)));
    // A sum's move names its component, and the whole sum after it would only be long: the
    // stepped board below shows it.
    let positions = game.params.game != Game::Sum;
    let head: Vec<&str> = ["ply", "player", "move", "position"]
        .into_iter()
        .filter(|h| positions || *h != "position")
        .chain(["annotation", "best-play", "this-move", "better"])
        .collect();
    let annotation = head.iter().position(|h| *h == "annotation").unwrap_or(0);
    // The columns' names in the process's language (`cli-column-ply`, …).
    let head: Vec<String> = head
        .iter()
        .map(|h| word(&format!("cli-column-{h}")))
        .collect();
    let head: Vec<&str> = head.iter().map(String::as_str).collect();
    let mut t = Columns::new(&head);
    for m in moves {
        let better: Vec<&str> = m
            .better
            .iter()
            .take(BETTER_SHOWN)
            .map(|b| b.notation.as_str())
            .collect();
        let more = m.better.len().saturating_sub(BETTER_SHOWN);
        // Commas between them: an L-game move has a space in it.
        let mut better = better.join(", ");
        if more > 0 {
            better.push_str(&format!(" (+{more})"));
        }
        let mut row = vec![
            m.played.ply.to_string(),
            name(game, m.played.seat),
            m.played.notation.clone(),
        ];
        if positions {
            row.push(m.played.position.clone());
        }
        row.extend([
            annotation_word(&m.annotation),
            best_play(m),
            this_move(m),
            better,
        ]);
        t.push(row);
    }
    // Blunders and mistakes in a loss's colour, inaccuracies in a draw's.
    let paint = |r: usize, c: usize, text: &str| match moves[r].annotation.as_str() {
        "blunder" | "mistake" if c == annotation => style.like_outcome("loss", text),
        "inaccuracy" if c == annotation => style.like_outcome("draw", text),
        _ => text.to_owned(),
    };
    out.push_str(&t.render(2, &|h| style.dim(h), &paint));
    let count = |a: &str| moves.iter().filter(|m| m.annotation == a).count() as u64;
    let counts = Message::new("cli-review-counts")
        .count("best", count("best"))
        .count("inaccuracy", count("inaccuracy"))
        .count("mistake", count("mistake"))
        .count("blunder", count("blunder"));
    out.push_str(&format!("  {}\n", said(&counts)));
    out
}
