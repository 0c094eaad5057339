//! `grundy rematch`: play a finished match again — at once against the engine, or once the
//! other player asks too — with the same game, start and clock, the other seat moving first.

use anyhow::{bail, Result};
use protocol::Request;

use super::emit;
use super::session::{self, next_state};
use super::view::Mode;
use client::Client;

/// Examples shown by `grundy rematch --help`.
pub const HELP: &str = "\
Against a person, the rematch starts when both of you have asked for it (the offer waits ten
minutes); then it is played here like any match. Use the same --name as in the match.

Examples:
  grundy rematch 12";

/// Arguments of `grundy rematch`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The finished match's id.
    id: i64,
}

/// Asks for the rematch, waits for it to start, and plays it.
pub async fn run(conn: &mut Client, args: Args) -> Result<()> {
    let asked = conn
        .request(Request::Rematch { match_id: args.id })
        .await
        .map_err(anyhow::Error::from);
    let mut state = match session::watch(conn, args.id).await {
        Ok(state) => state,
        // The refusal of the rematch says more than the refusal to watch.
        Err(e) => return Err(asked.err().unwrap_or(e)),
    };
    // Refused because the rematch is there already (both of us asked): go and play it.
    if let (Err(e), None) = (asked, state.rematch) {
        return Err(e);
    }
    if state.rematch.is_none() {
        emit(&format!(
            "waiting for your opponent to ask for the rematch too (`grundy rematch {}`)\n",
            args.id
        ))?;
    }
    let rematch = loop {
        if let Some(id) = state.rematch {
            break id;
        }
        if state.rematch_offer.is_none() {
            return Err(super::told_with("cli-err-rematch-lapsed", "id", args.id));
        }
        state = next_state(conn, args.id).await?;
    };
    let new = session::watch(conn, rematch).await?;
    if new.status.is_over() {
        bail!(
            "match {} had its rematch already, match {rematch}, which is over too: \
             `grundy rematch {rematch}` plays again",
            args.id
        );
    }
    session::play(conn, new, Mode::detect()).await
}
