//! Progress of a precompute: a bar on a terminal, plain log lines elsewhere.

use std::io::IsTerminal;
use std::sync::Arc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::db::RowsDone;

/// How often the bar redraws: smooth enough, and cheap for millions of rows.
const REDRAW: Duration = Duration::from_millis(100);

/// Where progress goes: a bar of rows stored, or nowhere (log lines say what was done).
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A bar on stderr when it is a terminal and `CI` is not set; log lines otherwise.
    pub fn for_stderr() -> Progress {
        let terminal = std::io::stderr().is_terminal() && std::env::var_os("CI").is_none();
        if terminal {
            Progress::bar()
        } else {
            Progress::hidden()
        }
    }

    /// Log lines only (tests, services).
    pub fn hidden() -> Progress {
        Progress { bar: None }
    }

    fn bar() -> Progress {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template(
            "{spinner} precompute {msg:16} [{bar:30}] {human_pos}/{human_len} rows, {elapsed} (eta {eta})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        bar.set_style(style);
        bar.enable_steady_tick(REDRAW);
        Progress { bar: Some(bar) }
    }

    /// Starts counting towards `rows`.
    pub(crate) fn begin(&self, rows: u64) {
        if let Some(bar) = &self.bar {
            bar.set_length(rows);
            bar.set_position(0);
        }
    }

    /// Names the set being stored.
    pub(crate) fn set(&self, name: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(name.to_owned());
        }
    }

    /// A callback that advances the bar by the rows just stored.
    pub(crate) fn rows_done(&self) -> RowsDone {
        let bar = self.bar.clone();
        Arc::new(move |rows| {
            if let Some(bar) = &bar {
                bar.inc(rows);
            }
        })
    }

    /// Runs `log` (which writes a log line) with the bar out of the way.
    pub(crate) fn log(&self, log: impl FnOnce()) {
        match &self.bar {
            Some(bar) => bar.suspend(log),
            None => log(),
        }
    }

    /// Removes the bar.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
