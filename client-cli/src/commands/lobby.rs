//! `grundy lobby`: matches waiting for an opponent and matches under way.

use anyhow::Result;
use protocol::{MatchSummary, Request, ServerBody};

use super::games::players;
use super::{describe, emit, print_json, unexpected};
use crate::render::Columns;
use client::lang::{said, word};
use client::Client;
use protocol::Message;

/// Examples shown by `grundy lobby --help`.
pub const HELP: &str = "\
Examples:
  grundy lobby
  grundy lobby --json";

/// Arguments of `grundy lobby`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print the server's lobby as one JSON object.
    #[arg(long)]
    json: bool,
}

/// Asks for the lobby and prints it.
pub async fn run(conn: &mut Client, args: Args) -> Result<()> {
    let (open, playing, open_total, playing_total) = match conn.request(Request::lobby()).await? {
        ServerBody::Lobby {
            open,
            playing,
            open_total,
            playing_total,
        } => (open, playing, open_total, playing_total),
        other => return Err(unexpected(&other)),
    };
    if args.json {
        return print_json(&serde_json::json!({
            "open": open,
            "playing": playing,
            "open_total": open_total,
            "playing_total": playing_total,
        }));
    }
    emit(&section(&word("cli-lobby-open"), &open, open_total))?;
    emit(&section(
        &word("cli-lobby-playing"),
        &playing,
        playing_total,
    ))
}

/// A heading and the matches under it, or `none`; with how many there are in all when the
/// server gave only the first of them.
fn section(title: &str, matches: &[MatchSummary], total: Option<u64>) -> String {
    let title = match total {
        Some(total) if total > matches.len() as u64 => said(
            &Message::new("cli-lobby-first")
                .text("title", title)
                .text("shown", matches.len().to_string())
                .text("total", total.to_string()),
        ),
        _ => title.to_owned(),
    };
    let mut out = said(&Message::new("cli-heading").text("title", title));
    out.push('\n');
    if matches.is_empty() {
        out.push_str(&format!("  {}\n", word("cli-none")));
        return out;
    }
    let mut table = Columns::said(&[
        "cli-col-id",
        "cli-col-game",
        "cli-col-players",
        "cli-col-ply",
        "cli-col-clock",
    ]);
    for m in matches {
        table.push(vec![
            m.match_id.to_string(),
            describe(&m.params),
            players(&m.seats),
            m.ply.to_string(),
            m.clock.map_or_else(|| "-".to_owned(), |c| c.to_string()),
        ]);
    }
    out.push_str(&table.plain(2));
    out
}
