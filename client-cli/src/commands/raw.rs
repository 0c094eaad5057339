//! A terminal in raw mode, where keys arrive one by one as they are pressed, and how to write
//! to it.

use std::io::Write as _;

use crossterm::terminal;

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

/// Writes `text` to stdout in raw mode, where a line feed does not return the carriage.
pub fn show(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.replace('\n', "\r\n").as_bytes())?;
    out.flush()
}
