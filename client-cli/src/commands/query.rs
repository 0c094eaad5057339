//! `grundy query`: the exact value of one position for the player to move, and every legal
//! move with the value it leaves the opponent, best first — the server's `classification`.

use anyhow::Result;
use protocol::limits::QUERY_MAX_MOVES;
use protocol::{Classification, Game, Request, ServerBody, SumInfo, Verdict};

use super::{describe, emit, print_json, unexpected, GameArgs};
use crate::render::{component_name, opt, Columns, Style};
use client::Client;

/// Examples shown by `grundy query --help`.
pub const HELP: &str = "\
Positions are written as in docs/NOTATION.md. Outcomes are for the player to move; each
move's values are for the opponent, who moves next. A corner square's value does not depend
on the board: without --size the board is 8×8, or just large enough for the square.

Examples:
  grundy query queen --size 11 5,3
  grundy query queen 900,700 --best 5
  grundy query nim 3,4,5 --json
  grundy query chocolate --k 1 5,3,7
  grundy query lgame '...N/RRRB/RBBB/N... r'
  grundy query lgame standard
  grundy query sum 'queen(11):5,3 + nim:3,4,5 + chocolate(1):5,3,7'
  grundy query --match 12              the current position of match 12";

/// Arguments of `grundy query`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// queen, rook, horse, dragon, nim, chocolate, lgame or sum.
    #[arg(required_unless_present = "match_id")]
    game: Option<Game>,
    /// Board side of the corner games (queen, rook, horse, dragon); the server's default is 8.
    #[arg(long)]
    size: Option<u64>,
    /// Staircase step of chocolate; the server's default is 1.
    #[arg(long)]
    k: Option<u32>,
    /// Misère play: the player who makes the last move loses (not the L-game).
    #[arg(long)]
    misere: bool,
    /// The position, e.g. `5,3` (queen), `3,4,5` (nim), `...N/RRRB/RBBB/N... r` (lgame),
    /// `'queen(11):5,3 + nim:3,4,5'` (sum), or `standard` for the game's standard start.
    #[arg(required_unless_present = "match_id")]
    position: Option<String>,
    /// Ask about the current position of this match instead (live or saved).
    #[arg(long = "match", value_name = "ID", conflicts_with_all = ["game", "position", "size", "k", "misere"])]
    match_id: Option<i64>,
    /// List only the best N moves (all by default).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    best: Option<u64>,
    /// Print the classification as one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Asks for the classification and prints it.
pub async fn run(conn: &mut Client, args: Args, style: Style) -> Result<()> {
    let (params, position) = match (args.match_id, args.game, args.position) {
        (Some(id), _, _) => {
            let state = super::session::watch(conn, id).await?;
            // Asked once: the match need not be followed.
            conn.request(Request::Unwatch { match_id: id }).await?;
            if !args.json {
                emit(&format!(
                    "match {id} after {} ({}): position {}\n",
                    plies(state.ply),
                    describe(&state.params),
                    state.position
                ))?;
            }
            (state.params, state.position)
        }
        (None, Some(game), Some(position)) => {
            let game = GameArgs {
                game,
                size: args.size,
                k: args.k,
                misere: args.misere,
            };
            (game.params(), position)
        }
        // clap requires the game and the position without --match.
        _ => anyhow::bail!("name a game and a position, or --match ID"),
    };
    let request = Request::Query {
        params,
        position,
        limit: args.best,
    };
    let c = match conn.request(request).await? {
        ServerBody::Classification(c) => c,
        other => return Err(unexpected(&other)),
    };
    if args.json {
        print_json(&c)
    } else {
        emit(&text(&c, style))
    }
}

/// Why a sum is won or lost, as a teacher writes it on the board: the components' Grundy
/// numbers in binary columns, their XOR, and the components where a move wins.
fn explanation(sum: &SumInfo, style: Style) -> String {
    let mut out = format!(
        "  method      {} (the sum is worth the XOR of its components' Grundy numbers)",
        sum.method
    );
    if let Some(m) = &sum.remoteness_method {
        out.push_str(&format!("; remoteness by {m}"));
    }
    out.push('\n');
    let bits = sum
        .components
        .iter()
        .filter_map(|c| c.value.grundy)
        .chain([sum.nim_sum])
        .map(|g| 64 - g.leading_zeros() as usize)
        .max()
        .unwrap_or(1)
        .max(1);
    let binary = |g: Option<u64>| g.map_or("?".to_owned(), |g| format!("{g:0bits$b}"));
    let mut table = Columns::new(&["component", "grundy", "binary"]);
    for (i, c) in sum.components.iter().enumerate() {
        let name = component_name(c.params.game, c.params.size, c.params.k);
        table.push(vec![
            format!("{} {name}:{}", i + 1, c.position),
            opt(c.value.grundy),
            binary(c.value.grundy),
        ]);
    }
    table.push(vec![
        "nim-sum (XOR)".to_owned(),
        sum.nim_sum.to_string(),
        binary(Some(sum.nim_sum)),
    ]);
    let last = sum.components.len();
    out.push_str(&table.render(2, &|h| style.dim(h), &|r, _, cell| {
        if r == last {
            style.strong(cell)
        } else {
            cell.to_owned()
        }
    }));
    if sum.nim_sum == 0 {
        out.push_str(
            "  the nim-sum is 0: every move makes it non-zero, so the player to move loses\n",
        );
    }
    for w in &sum.winning {
        let plural = if w.moves == 1 { "" } else { "s" };
        out.push_str(&format!(
            "  component {}: {} → {} ⊕ {} = {}, which makes the nim-sum 0 ({} move{plural})\n",
            w.component, w.from, w.from, sum.nim_sum, w.to, w.moves
        ));
    }
    for u in &sum.unknown {
        out.push_str(&format!(
            "  component {}: {} → {} ⊕ {} = {}: not known whether a move reaches it (beyond the \
             solved tables), none of its moves listed\n",
            u.component, u.from, u.from, sum.nim_sum, u.to
        ));
    }
    out
}

/// `1 ply`, `12 plies`.
fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".to_owned()
    } else {
        format!("{n} plies")
    }
}

/// The classification as text: a summary, then the moves as aligned columns. The words are
/// the JSON's; a column that would only repeat another (a corner move is the square it goes
/// to) or say nothing (the L-game has no Grundy numbers) is left out.
fn text(c: &Classification, style: Style) -> String {
    let mut out = format!("{}, position {}\n", describe(&c.params), c.position);
    // No Grundy numbers for the L-game (it has draws) nor in misère play.
    let impartial = c.params.game != Game::LGame && !c.params.misere;
    out.push_str(&format!(
        "  outcome     {} (for the player to move)\n",
        style.outcome(c.value.outcome.as_str())
    ));
    if impartial {
        out.push_str(&format!("  grundy      {}\n", opt(c.value.grundy)));
    }
    match &c.remoteness_unknown {
        Some(why) => out.push_str(&format!("  remoteness  - ({why})\n")),
        None => out.push_str(&format!("  remoteness  {}\n", opt(c.value.remoteness))),
    }
    out.push_str(&format!("  source      {}\n", c.source));
    if let Some(sum) = &c.sum {
        out.push_str(&explanation(sum, style));
    }
    if c.move_count == 0 {
        out.push_str("no legal moves: the game is over\n");
        return out;
    }
    let partial = c.move_count > QUERY_MAX_MOVES;
    if c.moves.is_empty() {
        let why = match c.value.outcome {
            Verdict::Loss if partial => "none of them wins".to_owned(),
            _ => "--best N lists the best N".to_owned(),
        };
        out.push_str(&format!(
            "{} legal moves, more than the {QUERY_MAX_MOVES} listed at most: {why}\n",
            c.move_count
        ));
        return out;
    }
    let plural = if c.move_count == 1 { "" } else { "s" };
    let which = match partial && c.moves.iter().all(|m| m.value.outcome == Verdict::Loss) {
        true => "the winning ones listed, best first",
        false => "best first",
    };
    out.push_str(&format!(
        "{} move{plural}, {which} (values for the opponent):\n",
        c.move_count
    ));
    // A sum's move names its component; the whole sum after it would only be long.
    let positions = c.params.game != Game::Sum && c.moves.iter().any(|m| m.notation != m.position);
    let mut head = vec!["move"];
    if positions {
        head.push("position");
    }
    head.push("outcome");
    if impartial {
        head.push("grundy");
    }
    head.push("remoteness");
    let outcome_col = head.iter().position(|h| *h == "outcome").unwrap_or(0);
    let mut table = Columns::new(&head);
    for m in &c.moves {
        let mut row = vec![m.notation.clone()];
        if positions {
            row.push(m.position.clone());
        }
        row.push(m.value.outcome.to_string());
        if impartial {
            row.push(opt(m.value.grundy));
        }
        row.push(opt(m.value.remoteness));
        table.push(row);
    }
    out.push_str(&table.render(2, &|h| style.dim(h), &|r, col, cell| {
        if col == outcome_col {
            // Pad first, then colour, so that the codes do not count as width.
            let trimmed = cell.trim_end();
            let pad = &cell[trimmed.len()..];
            format!("{}{pad}", style.outcome(c.moves[r].value.outcome.as_str()))
        } else {
            cell.to_owned()
        }
    }));
    let more = c.move_count.saturating_sub(c.moves.len() as u64);
    if more > 0 && c.move_count <= QUERY_MAX_MOVES {
        out.push_str(&format!(
            "  … and {more} more (all are listed without --best)\n"
        ));
    } else if more > 0 {
        out.push_str(&format!("  … and {more} more\n"));
    }
    out
}
