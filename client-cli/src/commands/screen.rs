//! The bottom line of a session on a terminal: a prompt (whose turn, the clocks) and the line
//! being typed, kept under everything printed. Whatever is printed while a line is being typed
//! goes above it, and the line is drawn again below, as it was: an opponent's move never
//! lands in the middle of one's own.

use crate::render::{safe, visible_width, Style};
use std::cell::RefCell;
use std::io::Write as _;

/// The terminal's last line, and how to print above it.
pub struct Screen {
    bottom: RefCell<Bottom>,
}

/// What the last line shows.
#[derive(Default)]
struct Bottom {
    /// The prompt, possibly styled.
    prompt: String,
    /// What is typed so far.
    text: Vec<char>,
    /// Where the cursor is in `text`.
    cursor: usize,
    /// The terminal's width in columns (0: unknown).
    width: usize,
}

impl Screen {
    /// A screen whose last line is empty until a prompt is set.
    pub fn new() -> Screen {
        let width = crossterm::terminal::size().map_or(0, |(w, _)| usize::from(w));
        Screen {
            bottom: RefCell::new(Bottom {
                width,
                ..Bottom::default()
            }),
        }
    }

    /// Prints `text` above the last line, which is then drawn again; what a terminal would
    /// obey in it is shown instead ([`safe::terminal`]).
    pub fn print(&self, text: &str) -> std::io::Result<()> {
        let text = safe::terminal(text, Style::for_stdout().color);
        let bottom = self.bottom.borrow();
        let mut out = String::from(CLEAR_LINE);
        out.push_str(&text.replace('\n', "\r\n"));
        if !text.is_empty() && !text.ends_with('\n') {
            out.push_str("\r\n");
        }
        out.push_str(&bottom.drawn());
        write_out(&out)
    }

    /// Shows `prompt` on the last line (drawn again only if it changed); what a terminal
    /// would obey in it (a name the server sent) is shown instead.
    pub fn set_prompt(&self, prompt: String) -> std::io::Result<()> {
        let prompt = safe::terminal(&prompt, Style::for_stdout().color).into_owned();
        let mut bottom = self.bottom.borrow_mut();
        if bottom.prompt == prompt {
            return Ok(());
        }
        bottom.prompt = prompt;
        write_out(&bottom.drawn())
    }

    /// Shows `text` as typed so far, with the cursor at `cursor`.
    pub fn set_text(&self, text: &[char], cursor: usize) -> std::io::Result<()> {
        let mut bottom = self.bottom.borrow_mut();
        bottom.text = text.to_vec();
        bottom.cursor = cursor.min(text.len());
        write_out(&bottom.drawn())
    }

    /// The terminal's width in columns (80 when unknown).
    pub fn width(&self) -> usize {
        match self.bottom.borrow().width {
            0 => 80,
            w => w,
        }
    }

    /// The terminal's new width.
    pub fn resized(&self, width: u16) -> std::io::Result<()> {
        let mut bottom = self.bottom.borrow_mut();
        bottom.width = usize::from(width);
        write_out(&bottom.drawn())
    }

    /// Leaves the line as typed (prompt and all) above, as a record of what was entered, and
    /// starts an empty one.
    pub fn enter(&self) -> std::io::Result<()> {
        let mut bottom = self.bottom.borrow_mut();
        bottom.cursor = bottom.text.len();
        let mut out = bottom.drawn();
        out.push_str("\r\n");
        bottom.text.clear();
        bottom.cursor = 0;
        out.push_str(&bottom.drawn());
        write_out(&out)
    }

    /// Clears the terminal, then draws the last line at the top.
    pub fn clear_all(&self) -> std::io::Result<()> {
        let out = format!("\x1b[2J\x1b[H{}", self.bottom.borrow().drawn());
        write_out(&out)
    }

    /// Erases the last line, for good: the session is over.
    pub fn close(&self) -> std::io::Result<()> {
        let mut bottom = self.bottom.borrow_mut();
        *bottom = Bottom::default();
        write_out(CLEAR_LINE)
    }
}

impl Drop for Screen {
    /// However its user ends (an error, say), the last line is not left behind.
    fn drop(&mut self) {
        let _ = self.close();
    }
}

/// Back to the start of the line, and erase it.
const CLEAR_LINE: &str = "\r\x1b[2K";

impl Bottom {
    /// The escape codes that draw the line over whatever the cursor's line shows: the prompt,
    /// the typed text (its end, around the cursor, when it does not fit), the cursor in place.
    fn drawn(&self) -> String {
        let prompt_width = visible_width(&self.prompt);
        // One column is kept free: a line exactly as wide as the terminal would wrap.
        let room = match self.width {
            0 => usize::MAX,
            w => w.saturating_sub(prompt_width + 1).max(1),
        };
        let start = (self.cursor + 1).saturating_sub(room);
        let end = (start + room).min(self.text.len());
        let shown: String = self.text[start..end].iter().collect();
        let mut out = format!("{CLEAR_LINE}{}{shown}", self.prompt);
        let back = end - self.cursor.min(end);
        if back > 0 {
            out.push_str(&format!("\x1b[{back}D"));
        }
        out
    }
}

fn write_out(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bottom(prompt: &str, text: &str, cursor: usize, width: usize) -> Bottom {
        Bottom {
            prompt: prompt.to_owned(),
            text: text.chars().collect(),
            cursor,
            width,
        }
    }

    #[test]
    fn styles_take_no_columns() {
        assert_eq!(visible_width("\x1b[1;31m0:09\x1b[0m > "), 7);
        assert_eq!(visible_width("your move · 4:58 > "), 19);
    }

    #[test]
    fn the_cursor_goes_back_over_what_follows_it() {
        let b = bottom("> ", "a3a4", 1, 80);
        assert_eq!(b.drawn(), "\r\x1b[2K> a3a4\x1b[3D");
        assert_eq!(bottom("> ", "a3a4", 4, 80).drawn(), "\r\x1b[2K> a3a4");
    }

    #[test]
    fn a_line_wider_than_the_terminal_shows_the_part_around_the_cursor() {
        // 10 columns: 2 for the prompt, 1 kept free, 7 for the text.
        let b = bottom("> ", "0123456789", 10, 10);
        assert_eq!(b.drawn(), "\r\x1b[2K> 456789");
        let b = bottom("> ", "0123456789", 0, 10);
        assert_eq!(b.drawn(), "\r\x1b[2K> 0123456\x1b[7D");
    }
}
