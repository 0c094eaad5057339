//! `grundy review`: every move of a saved game annotated exactly from the classification —
//! best, inaccuracy, mistake, blunder — with the better moves there were.

use std::io::{BufRead, IsTerminal};

use anyhow::Result;
use protocol::{GameSummary, Outcome, Request, ReviewedMove, Seat, ServerBody, Verdict};

use super::{describe, emit, print_json, unexpected};
use crate::render::{board, Columns, Style};
use client::Client;

/// Examples shown by `grundy review --help`.
pub const HELP: &str = "\
Annotations are exact, from the game's classification: `best` (no better move), `inaccuracy`
(same result, but slower to win or quicker to lose), `mistake` (a draw thrown into a loss, or
a win into a draw), `blunder` (a win thrown into a loss). Find game ids with `grundy games`.

Examples:
  grundy review 12
  grundy review 12 --json";

/// Better moves shown per move in the text listing (the JSON has all).
const BETTER_SHOWN: usize = 3;

/// Arguments of `grundy review`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game's id (see `grundy games`).
    id: i64,
    /// Print the server's review as one JSON object.
    #[arg(long)]
    json: bool,
}

/// Asks for the review and prints it: stepping move by move on a terminal, a listing
/// otherwise.
pub async fn run(conn: &mut Client, args: Args, style: Style) -> Result<()> {
    let body = conn.request(Request::Review { match_id: args.id }).await?;
    let ServerBody::Review { match_id, moves } = body else {
        return Err(unexpected(&body));
    };
    if args.json {
        return print_json(&serde_json::json!({ "match_id": match_id, "moves": moves }));
    }
    let body = conn.request(Request::Game { match_id }).await?;
    let ServerBody::Game { game, .. } = body else {
        return Err(unexpected(&body));
    };
    emit(&listing(&game, &moves, style))?;
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() && !moves.is_empty() {
        step(&game, &moves, style)?;
    }
    Ok(())
}

/// Steps through the game on a terminal: `n`/Enter/→ next, `p`/← previous, a ply number to
/// jump, `q` to stop. Arrow keys arrive as escape sequences once Enter is pressed.
fn step(game: &GameSummary, moves: &[ReviewedMove], style: Style) -> Result<()> {
    let mut ply = 0usize;
    let stdin = std::io::stdin();
    loop {
        emit(&frame(game, moves, ply, style))?;
        emit(&style.dim("[n]ext/→  [p]revious/←  ply number  [q]uit > "))?;
        let mut line = String::new();
        if stdin.lock().read_line(&mut line)? == 0 {
            return Ok(());
        }
        let input = line.trim();
        ply = match input {
            "q" | "quit" => return Ok(()),
            "" | "n" | "next" | "\x1b[C" => (ply + 1).min(moves.len()),
            "p" | "prev" | "previous" | "\x1b[D" => ply.saturating_sub(1),
            _ => match input.parse::<usize>() {
                Ok(n) if n <= moves.len() => n,
                Ok(n) => {
                    emit(&format!(
                        "ply {n} is past the end: the game has {} (0 is the start)\n",
                        counted(moves.len(), "ply", "plies")
                    ))?;
                    ply
                }
                Err(_) => {
                    let help = format!("type n, p, a ply number (0 to {}) or q\n", moves.len());
                    emit(&help)?;
                    ply
                }
            },
        };
    }
}

/// The position after `ply` moves, with the move that led there and its annotation.
fn frame(game: &GameSummary, moves: &[ReviewedMove], ply: usize, style: Style) -> String {
    let position = match ply {
        0 => game.start.as_str(),
        n => moves[n - 1].played.position.as_str(),
    };
    let p = &game.params;
    let mut out = format!(
        "\n{}\n",
        style.strong(&format!("ply {ply} of {}", moves.len()))
    );
    out.push_str(&board(p.game, p.size, p.k, position, style));
    if let Some(m) = ply.checked_sub(1).map(|i| &moves[i]) {
        out.push_str(&format!(
            "{} played {}: {} (best play: {}; this move: {})\n",
            name(game, m.played.seat),
            m.played.notation,
            m.annotation,
            best_play(m),
            this_move(m),
        ));
        if !m.better.is_empty() {
            let better: Vec<String> = m
                .better
                .iter()
                .take(BETTER_SHOWN)
                .map(|b| format!("{} ({} for the opponent)", b.notation, b.value.outcome))
                .collect();
            out.push_str(&format!("better: {}\n", better.join(", ")));
        }
    }
    out
}

/// What the mover could get with best play from the position before the move: `win in 11`,
/// `loss in 10`, `draw`; just `win` or `loss` when the remoteness is not known.
fn best_play(m: &ReviewedMove) -> String {
    result(m.before.outcome, m.before.remoteness)
}

/// What the move played gets its mover, counted like [`best_play`] from the position before
/// it, the move included (the export's comments count the same way): a best move shows the
/// same as best play, a blunder `loss in 12` where best play was `win in 11`.
fn this_move(m: &ReviewedMove) -> String {
    result(m.after.outcome.flip(), m.after.remoteness.map(|r| r + 1))
}

/// `win in 5`, `loss in 2`, `draw`; just `win` or `loss` without a remoteness.
fn result(outcome: Verdict, remoteness: Option<u64>) -> String {
    match (outcome, remoteness) {
        (Verdict::Draw, _) => "draw".to_owned(),
        (o, Some(r)) => format!("{o} in {r}"),
        (o, None) => o.to_string(),
    }
}

/// `ada`, or `seat 1` when nobody's name is known.
fn name(game: &GameSummary, seat: Seat) -> String {
    game.seats[usize::from(seat)]
        .name
        .clone()
        .unwrap_or_else(|| format!("seat {seat}"))
}

/// `1 blunder`, `2 blunders`.
fn counted(n: usize, one: &str, many: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// The players, and the result with its reason, or where the game stands.
fn heading(game: &GameSummary, moves: usize) -> String {
    let players = format!("{} vs {}", name(game, 0), name(game, 1));
    let result = match game.result {
        Some(Outcome {
            winner: Some(seat),
            reason,
        }) => format!("{} won ({})", name(game, seat), reason.as_str()),
        Some(Outcome {
            winner: None,
            reason,
        }) => format!("no winner ({})", reason.as_str()),
        None => format!("not over ({})", game.status.as_str()),
    };
    format!(
        "review of game {}: {} from {}, {players}; {result}; {}\n",
        game.match_id,
        describe(&game.params),
        game.start,
        counted(moves, "move", "moves")
    )
}

/// The review as aligned text: who played and how it ended, then one line per move: who
/// played it, the position after it, how good it was, and the better moves.
fn listing(game: &GameSummary, moves: &[ReviewedMove], style: Style) -> String {
    let mut out = heading(game, moves.len());
    let mut t = Columns::new(&[
        "ply",
        "player",
        "move",
        "position",
        "annotation",
        "best play",
        "this move",
        "better",
    ]);
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
        t.push(vec![
            m.played.ply.to_string(),
            name(game, m.played.seat),
            m.played.notation.clone(),
            m.played.position.clone(),
            m.annotation.clone(),
            best_play(m),
            this_move(m),
            better,
        ]);
    }
    let paint = |_: usize, c: usize, text: &str| match (c, text.trim()) {
        (4, "blunder" | "mistake") => style.outcome("loss").replace("loss", text),
        (4, "inaccuracy") => style.outcome("draw").replace("draw", text),
        _ => text.to_owned(),
    };
    out.push_str(&t.render(2, &|h| style.dim(h), &paint));
    let counts = [
        ("best", "best"),
        ("inaccuracy", "inaccuracies"),
        ("mistake", "mistakes"),
        ("blunder", "blunders"),
    ]
    .map(|(one, many)| {
        let n = moves.iter().filter(|m| m.annotation == one).count();
        counted(n, one, many)
    });
    out.push_str(&format!("  {}\n", counts.join(", ")));
    out
}
