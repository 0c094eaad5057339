//! `grundy watch`: follow a match read-only, printing each move as it happens, until it ends.

use std::rc::Rc;

use anyhow::Result;

use super::countdown;
use super::screen::Screen;
use super::session::{is_lost, next_state, recover, watch};
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
    let mode = Mode::detect_output();
    let mut view = View::new(mode, None);
    // On a terminal, the last line says whose turn it is, their clock running.
    let status = matches!(mode, Mode::Terminal(_)).then(|| Rc::new(Screen::new()));
    if let Some(status) = &status {
        view.attach(Rc::clone(status));
    }
    view.header(&state);
    view.show(&state);
    while !state.status.is_over() {
        if view.closed() {
            return Err(OutputClosed.into());
        }
        let counting = match &status {
            Some(status) => {
                status.set_prompt(view.prompt_line(&state))?;
                view.countdown().running().is_some()
            }
            None => false,
        };
        let next = tokio::select! {
            next = next_state(conn, args.id) => next,
            () = countdown::tick(counting) => continue,
        };
        state = match next {
            Ok(state) => state,
            // A restarted server or a dropped network: taken up again by itself.
            Err(e) if is_lost(&e) => recover(conn, args.id, &view, e).await.map_err(|e| {
                super::told(
                    protocol::Message::new("cli-err-watch-back")
                        .text("error", format!("{e:#}"))
                        .text("id", args.id.to_string()),
                )
            })?,
            Err(e) => return Err(e),
        };
        view.show(&state);
    }
    if let Some(status) = &status {
        status.close()?;
    }
    view.finish(&state);
    Ok(())
}
