//! A progress bar on stderr for a request the server reports on while it works (a table
//! solved beyond the stored ones), drawn only on a terminal: output piped to a file or read
//! by a script stays as it was.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How often the bar redraws.
const REDRAW: Duration = Duration::from_millis(100);

/// The bar, shown from the first report on.
pub struct Bar {
    visible: bool,
    bar: Option<ProgressBar>,
}

impl Bar {
    /// A bar on stderr when it is a terminal and `CI` is not set; nothing otherwise.
    pub fn for_stderr() -> Bar {
        Bar {
            visible: std::io::stderr().is_terminal() && std::env::var_os("CI").is_none(),
            bar: None,
        }
    }

    /// `done` of `total` steps of `what`.
    pub fn update(&mut self, what: &str, done: u64, total: u64) {
        if !self.visible {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            let style = ProgressStyle::with_template(
                "{spinner} {msg} [{bar:30}] {percent}%, {elapsed} (eta {eta})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
            bar.set_style(style);
            bar.enable_steady_tick(REDRAW);
            bar
        });
        // What is being done, in the server's words.
        bar.set_message(super::safe::terminal(what, false).into_owned());
        bar.set_length(total);
        bar.set_position(done);
    }
}

impl Drop for Bar {
    /// The bar goes once the answer is there.
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
