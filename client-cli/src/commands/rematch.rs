//! `grundy rematch`: play a finished match again — at once against the engine, or once the
//! other player asks too — with the same game, start and clock, the other seat moving first.

use anyhow::{bail, Result};
use protocol::{ErrorCode, MatchState, Request, ServerBody};

use super::session::{self, next_state};
use super::view::Mode;
use super::{emit, unexpected};
use crate::connection::{Connection, ServerError};

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
pub async fn run(conn: &mut Connection, args: Args) -> Result<()> {
    match conn.request(Request::Rematch { match_id: args.id }).await {
        Ok(_) => {}
        // Asked for already, by the other player and by us: it is there, go and play it.
        Err(e) if is_invalid_state(&e) => {}
        Err(e) => return Err(e),
    }
    let mut state = follow(conn, args.id).await?;
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
            bail!("the rematch offer for match {} has lapsed", args.id);
        }
        state = next_state(conn, args.id).await?;
    };
    let new = follow(conn, rematch).await?;
    if session::is_over(&new) {
        bail!(
            "match {} had its rematch already, match {rematch}, which is over too: \
             `grundy rematch {rematch}` plays again",
            args.id
        );
    }
    session::play(conn, new, Mode::detect()).await
}

/// The state of match `id`, followed from now on.
async fn follow(conn: &mut Connection, id: i64) -> Result<MatchState> {
    match conn.request(Request::Watch { match_id: id }).await? {
        ServerBody::Match { state } => Ok(state),
        other => Err(unexpected(&other)),
    }
}

/// The server's "the rematch is already match N".
fn is_invalid_state(e: &anyhow::Error) -> bool {
    e.downcast_ref::<ServerError>()
        .is_some_and(|s| s.code == ErrorCode::InvalidState && s.message.contains("rematch"))
}
