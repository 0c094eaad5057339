//! `grundy query`: the exact value of one position for the player to move, and every legal
//! move with the value it leaves the opponent, best first — the server's `classification`.

use anyhow::Result;
use protocol::limits::QUERY_MAX_MOVES;
use protocol::{Classification, Game, Message, Request, ServerBody, SumInfo, Verdict};

use super::{describe, emit, print_json, unexpected, GameArgs};
use crate::render::{component_name, opt, pad, Columns, Style};
use client::lang::{code_word, said, word};
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
  grundy query heap --rule kayles 7,10
  grundy query heap --set 1,3,4 20
  grundy query chocolate --k 1 5,3,7
  grundy query lgame '...N/RRRB/RBBB/N... r'
  grundy query lgame standard
  grundy query sum 'queen(11):5,3 + nim:3,4,5 + chocolate(1):5,3,7'
  grundy query --match 12              the current position of match 12";

/// Arguments of `grundy query`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// queen, rook, horse, dragon, corner, nim, heap, chocolate, lgame or sum.
    #[arg(required_unless_present = "match_id")]
    game: Option<Game>,
    /// The piece of `corner`, by its moves in Betza's notation: RN (rook and knight), NN
    /// (nightrider), R3 (a rook of three squares) (docs/NOTATION.md).
    #[arg(long)]
    piece: Option<String>,
    #[command(flatten)]
    rule: super::RuleArgs,
    /// Board side of the corner games (queen, rook, horse, dragon, corner); the server's
    /// default is 8.
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
    #[arg(long = "match", value_name = "ID", conflicts_with_all = ["game", "position", "size", "k", "misere", "piece", "rule", "set", "code", "edge"])]
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
                let told = Message::new("cli-query-match")
                    .text("id", id.to_string())
                    .count("plies", u64::from(state.ply))
                    .text("game", describe(&state.params))
                    .text("position", &state.position);
                emit(&format!("{}\n", said(&told)))?;
            }
            (state.params, state.position)
        }
        (None, Some(game), Some(position)) => {
            let game = GameArgs {
                game,
                piece: args.piece,
                rule: args.rule,
                size: args.size,
                k: args.k,
                misere: args.misere,
            };
            (game.params(), position)
        }
        // clap requires the game and the position without --match.
        _ => return Err(super::told(Message::new("cli-err-query-args"))),
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
    let method = code_word("method", &sum.method);
    let how = match &sum.remoteness_method {
        Some(m) => Message::new("cli-sum-method-remoteness")
            .text("method", method)
            .text("remoteness", code_word("method", m)),
        None => Message::new("cli-sum-method").text("method", method),
    };
    let mut out = field("cli-field-method", &said(&how));
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
    let mut table = Columns::said(&["sum-head-component", "sum-head-grundy", "sum-head-binary"]);
    for (i, c) in sum.components.iter().enumerate() {
        let name = component_name(&c.params);
        table.push(vec![
            format!("{} {name}:{}", i + 1, c.position),
            opt(c.value.grundy),
            binary(c.value.grundy),
        ]);
    }
    table.push(vec![
        word("sum-nim-sum"),
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
        out.push_str(&format!("  {}\n", word("cli-sum-zero")));
    }
    let target = |id: &str, component: u64, from: u64, to: u64| {
        Message::new(id)
            .text("component", component.to_string())
            .text("from", from.to_string())
            .text("x", sum.nim_sum.to_string())
            .text("to", to.to_string())
    };
    for w in &sum.winning {
        let told = target("cli-sum-winning", w.component, w.from, w.to).count("moves", w.moves);
        out.push_str(&format!("  {}\n", said(&told)));
    }
    for u in &sum.unknown {
        let told = target("cli-sum-unknown", u.component, u.from, u.to);
        out.push_str(&format!("  {}\n", said(&told)));
    }
    out
}

/// `  outcome     loss (…)`: a label of the summary (message `label_id`), padded to its
/// column by display width, then `value`.
fn field(label_id: &str, value: &str) -> String {
    format!("  {}{value}\n", pad(&word(label_id), 12))
}

/// The classification as text: a summary, then the moves as aligned columns. The words are
/// the JSON's; a column that would only repeat another (a corner move is the square it goes
/// to) or say nothing (the L-game has no Grundy numbers) is left out.
fn text(c: &Classification, style: Style) -> String {
    let title = Message::new("cli-query-title")
        .text("game", describe(&c.params))
        .text("position", &c.position);
    let mut out = format!("{}\n", said(&title));
    // No Grundy numbers for the L-game (it has draws) nor in misère play.
    let impartial = c.params.game != Game::LGame && !c.params.misere;
    let outcome =
        Message::new("cli-for-the-mover").text("outcome", style.outcome(c.value.outcome.as_str()));
    out.push_str(&field("cli-field-outcome", &said(&outcome)));
    if impartial {
        out.push_str(&field("cli-field-grundy", &opt(c.value.grundy)));
    }
    match &c.remoteness_unknown {
        Some(why) => {
            let why = c
                .remoteness_unknown_message
                .as_ref()
                .map_or_else(|| why.clone(), said);
            out.push_str(&field("cli-field-remoteness", &format!("- ({why})")));
        }
        None => out.push_str(&field("cli-field-remoteness", &opt(c.value.remoteness))),
    }
    // `table`, `formula` or `computed`, each with its word (`source-table`, …).
    out.push_str(&field("cli-field-source", &code_word("source", &c.source)));
    if let Some(sum) = &c.sum {
        out.push_str(&explanation(sum, style));
    }
    if c.move_count == 0 {
        out.push_str(&format!("{}\n", word("cli-no-moves")));
        return out;
    }
    let partial = c.move_count > QUERY_MAX_MOVES;
    if c.moves.is_empty() {
        let id = match c.value.outcome {
            Verdict::Loss if partial => "cli-moves-none-wins",
            _ => "cli-moves-ask-best",
        };
        let told = Message::new(id)
            .count("count", c.move_count)
            .text("most", QUERY_MAX_MOVES.to_string());
        out.push_str(&format!("{}\n", said(&told)));
        return out;
    }
    let id = match partial && c.moves.iter().all(|m| m.value.outcome == Verdict::Loss) {
        true => "cli-moves-winning-first",
        false => "cli-moves-best-first",
    };
    out.push_str(&format!(
        "{}\n",
        said(&Message::new(id).count("count", c.move_count))
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
    // The columns' names in the process's language (`cli-column-move`, …).
    let head: Vec<String> = head
        .iter()
        .map(|h| word(&format!("cli-column-{h}")))
        .collect();
    let head: Vec<&str> = head.iter().map(String::as_str).collect();
    let mut table = Columns::new(&head);
    for m in &c.moves {
        let mut row = vec![m.notation.clone()];
        if positions {
            row.push(m.position.clone());
        }
        row.push(word(&format!("outcome-{}", m.value.outcome)));
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
        let told = Message::new("cli-more-without-best").text("more", more.to_string());
        out.push_str(&format!("  {}\n", said(&told)));
    } else if more > 0 {
        let told = Message::new("cli-more").text("more", more.to_string());
        out.push_str(&format!("  {}\n", said(&told)));
    }
    out
}
