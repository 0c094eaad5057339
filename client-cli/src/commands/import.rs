//! `grundy import`: stores a game written in the text format of docs/EXPORT.md (from a file
//! or standard input); the server replays every move through the rules first.

use std::io::Read;
use std::path::PathBuf;

use anyhow::{Context, Result};
use protocol::{Request, ServerBody};

use super::{emit, unexpected};
use client::Client;

/// Examples shown by `grundy import --help`.
pub const HELP: &str = "\
Only finished games can be imported; an illegal move or a result that contradicts the board is
refused with the ply and the rule, and nothing is stored.

Examples:
  grundy export 12 > game.txt && grundy import game.txt
  grundy import - < game.txt";

/// Largest file read: the game goes to the server in one message, and no message may be
/// larger.
const MAX_BYTES: u64 = protocol::limits::MAX_MESSAGE_BYTES as u64;

/// Arguments of `grundy import`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game text file, or `-` for standard input.
    file: PathBuf,
}

/// Reads the game, sends it, prints the new id.
pub async fn run(conn: &mut Client, args: Args) -> Result<()> {
    let mut text = String::new();
    if args.file.as_os_str() == "-" {
        std::io::stdin()
            .take(MAX_BYTES + 1)
            .read_to_string(&mut text)
            .context("cannot read the game from standard input")?;
    } else {
        std::fs::File::open(&args.file)
            .and_then(|f| f.take(MAX_BYTES + 1).read_to_string(&mut text))
            .with_context(|| format!("cannot read {}", args.file.display()))?;
    }
    if text.len() as u64 > MAX_BYTES {
        return Err(super::told_with("cli-err-import-long", "most", MAX_BYTES));
    }
    match conn.request(Request::Import { text }).await? {
        ServerBody::Imported { match_id } => emit(&format!(
            "imported as game {match_id}: see it with `grundy review {match_id}`\n"
        )),
        other => Err(unexpected(&other)),
    }
}
