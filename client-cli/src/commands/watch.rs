//! `grundy watch`: follow a match read-only, printing each move as it happens, until it ends.

use anyhow::Result;

use super::session::{is_lost, is_over, next_state, recover, watch};
use super::view::{Mode, View};
use super::OutputClosed;
use client::Client;

/// Examples shown by `grundy watch --help`.
pub const HELP: &str = "\
Find matches under way with `grundy lobby`. A finished match is shown as it ended.

Examples:
  grundy watch 12";

/// Arguments of `grundy watch`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The match id (see `grundy lobby`).
    id: i64,
}

/// Follows the match until it is over.
pub async fn run(conn: &mut Client, args: Args) -> Result<()> {
    let mut state = watch(conn, args.id).await?;
    let mut view = View::new(Mode::detect_output(), None);
    view.header(&state);
    view.show(&state);
    while !is_over(&state) {
        if view.closed() {
            return Err(OutputClosed.into());
        }
        state = match next_state(conn, args.id).await {
            Ok(state) => state,
            // A restarted server or a dropped network: taken up again by itself.
            Err(e) if is_lost(&e) => recover(conn, args.id, &view, e).await.map_err(|e| {
                anyhow::anyhow!("{e:#} — `grundy watch {}` once it is back", args.id)
            })?,
            Err(e) => return Err(e),
        };
        view.show(&state);
    }
    view.finish(&state);
    Ok(())
}
