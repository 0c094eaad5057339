//! `grundy join`: take the free seat of a waiting match and play it.

use anyhow::Result;
use protocol::{Request, ServerBody};

use super::session;
use super::unexpected;
use super::view::Mode;
use client::Client;

/// Examples shown by `grundy join --help`.
pub const HELP: &str = "\
Find waiting matches with `grundy lobby`. Moves are typed as with `grundy play`.

Examples:
  grundy join 12";

/// Arguments of `grundy join`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The match id (printed by `grundy play --vs human`, listed by `grundy lobby`).
    id: i64,
}

/// Joins and plays.
pub async fn run(conn: &mut Client, args: Args) -> Result<()> {
    match conn.request(Request::Join { match_id: args.id }).await? {
        ServerBody::Match { state } => session::play(conn, state, Mode::detect()).await,
        other => Err(unexpected(&other)),
    }
}
