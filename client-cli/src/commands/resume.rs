//! `grundy resume`: take one's seat again in a match under way, after the connection dropped
//! or the terminal was closed, and play on.

use anyhow::{bail, Result};

use super::session;
use super::view::Mode;
use client::Client;

/// Examples shown by `grundy resume --help`.
pub const HELP: &str = "\
The server knows you again by the identity grundy keeps for this server and name (see
GRUNDY_STATE_DIR in the README); use the same --name as before. The match goes on where it
was; your clock ran while you were away.

Examples:
  grundy resume 12";

/// Arguments of `grundy resume`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The match id.
    id: i64,
}

/// Follows the match and, holding a seat in it, plays on.
pub async fn run(conn: &mut Client, args: Args) -> Result<()> {
    let state = session::watch(conn, args.id).await?;
    if session::seat_of(&state, conn.player_id()).is_none() {
        let name = conn.welcome().map(|w| w.name.clone()).unwrap_or_default();
        bail!(
            "you hold no seat in match {} on {} as {name:?}: the server does not know you as \
             one of its players (same --name as before? another computer?); `grundy watch {}` \
             follows it",
            args.id,
            conn.url(),
            args.id
        );
    }
    session::play(conn, state, Mode::detect()).await
}
