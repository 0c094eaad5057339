//! Progress of a precompute: a bar on a terminal, plain log lines elsewhere.

use std::io::IsTerminal;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::db::RowsDone;

/// How often the bar redraws: smooth enough, and cheap for millions of rows.
const REDRAW: Duration = Duration::from_millis(100);

/// Where progress goes: a bar of rows stored, or nowhere (log lines say what was done).
pub struct Progress {
    /// Whether to draw a bar at all.
    visible: bool,
    /// Its words: "precompute", "rows", "eta", in the server's language.
    words: [String; 3],
    /// The bar, from [`Progress::begin`] on (nothing is drawn before there is work).
    bar: OnceLock<ProgressBar>,
}

impl Progress {
    /// A bar on stderr, its words in language `lang`, when it is a terminal and `CI` is not
    /// set; log lines otherwise.
    pub fn for_stderr(lang: &str) -> Progress {
        let terminal = std::io::stderr().is_terminal() && std::env::var_os("CI").is_none();
        Progress {
            visible: terminal,
            words: [
                "grundyd-progress",
                "grundyd-progress-rows",
                "grundyd-progress-eta",
            ]
            .map(|id| protocol::i18n::say(lang, &protocol::Message::new(id))),
            bar: OnceLock::new(),
        }
    }

    /// Log lines only (tests, services).
    pub fn hidden() -> Progress {
        Progress {
            visible: false,
            words: Default::default(),
            bar: OnceLock::new(),
        }
    }

    /// Starts counting towards `rows` (and shows the bar, if any).
    pub(crate) fn begin(&self, rows: u64) {
        if !self.visible {
            return;
        }
        let bar = self.bar.get_or_init(|| {
            let bar = ProgressBar::with_draw_target(Some(rows), ProgressDrawTarget::stderr());
            let [precompute, rows, eta] = &self.words;
            let style = ProgressStyle::with_template(&format!(
                "{{spinner}} {precompute} {{msg:14}} [{{bar:30}}] {{human_pos}}/{{human_len}} \
                 {rows}, {{elapsed}} ({eta} {{eta}})"
            ))
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
            bar.set_style(style);
            bar.enable_steady_tick(REDRAW);
            bar
        });
        bar.set_length(rows);
        bar.set_position(0);
    }

    /// Names the set being stored.
    pub(crate) fn set(&self, name: &str) {
        if let Some(bar) = self.bar.get() {
            bar.set_message(name.to_owned());
        }
    }

    /// A callback that advances the bar by the rows just stored.
    pub(crate) fn rows_done(&self) -> RowsDone {
        let bar = self.bar.get().cloned();
        Arc::new(move |rows| {
            if let Some(bar) = &bar {
                bar.inc(rows);
            }
        })
    }

    /// Runs `log` (which writes a log line) with the bar out of the way.
    pub(crate) fn log(&self, log: impl FnOnce()) {
        match self.bar.get() {
            Some(bar) => bar.suspend(log),
            None => log(),
        }
    }

    /// Removes the bar.
    pub(crate) fn finish(&self) {
        if let Some(bar) = self.bar.get() {
            bar.finish_and_clear();
        }
    }
}
