//! A terminal in raw mode, where keys arrive one by one as they are pressed, and how to write
//! to it.

use std::io::Write as _;

use crossterm::terminal;

use crate::render::{safe, Style};

/// Raw mode for as long as it lives; the terminal is put back however its user ends
/// (returned, failed or panicked).
pub struct Raw;

impl Raw {
    /// Turns raw mode on.
    pub fn on() -> std::io::Result<Raw> {
        terminal::enable_raw_mode()?;
        Ok(Raw)
    }
}

impl Drop for Raw {
    fn drop(&mut self) {
        let _ = terminal::disable_raw_mode();
    }
}

/// Writes `text` to stdout in raw mode, where a line feed does not return the carriage;
/// what a terminal would obey in it is shown instead ([`safe::terminal`]).
pub fn show(text: &str) -> std::io::Result<()> {
    let text = safe::terminal(text, Style::for_stdout().color);
    write_raw(&text.replace('\n', "\r\n"))
}

/// Back to the start of the line, to write over it.
pub fn line_start() -> std::io::Result<()> {
    write_raw("\r")
}

fn write_raw(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}
