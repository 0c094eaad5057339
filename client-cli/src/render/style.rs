//! Whether to colour output: only on a terminal, and never when `NO_COLOR` is set
//! (<https://no-color.org>). Plain ANSI codes; no crate is needed for bold and one colour.

use std::io::IsTerminal;

use unicode_width::UnicodeWidthChar as _;

/// Bold green: P-positions, a loss of the mover.
const STRONG: &str = "1;32";
/// Dimmed: headers and labels.
const DIM: &str = "2";
/// Outcomes for the player to move: a win green, a loss red, a draw yellow.
const WIN: &str = "32";
const LOSS: &str = "31";
const DRAW: &str = "33";
/// The L-game's two Ls, bold red and bold blue.
const RED: &str = "1;31";
const BLUE: &str = "1;34";
/// Back to plain text.
const RESET: &str = "0";

/// The SGR parameters of every colour sequence the client writes (`ESC [ code m`): the only
/// escape sequences printing keeps (`super::safe::terminal`).
pub const SGR_CODES: [&str; 8] = [STRONG, DIM, WIN, LOSS, DRAW, RED, BLUE, RESET];

/// How text is decorated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Whether ANSI escape codes may be written.
    pub color: bool,
}

impl Style {
    /// Colour when stdout is a terminal and `NO_COLOR` is unset or empty.
    pub fn for_stdout() -> Style {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style {
            color: !no_color && std::io::stdout().is_terminal(),
        }
    }

    /// `text` in bold green, for P-positions and losses of the mover (wins for the other).
    pub fn strong(self, text: &str) -> String {
        self.paint(STRONG, text)
    }

    /// `text` dimmed, for headers and labels.
    pub fn dim(self, text: &str) -> String {
        self.paint(DIM, text)
    }

    /// `text` coloured by an outcome for the player to move.
    pub fn outcome(self, outcome: &str) -> String {
        match outcome {
            "win" | "loss" | "draw" => {
                // The word in the process's language (`win`, `勝ち`).
                let word = client::lang::word(&format!("outcome-{outcome}"));
                self.like_outcome(outcome, &word)
            }
            _ => outcome.to_owned(),
        }
    }

    /// `text` in the colour of `outcome` (`win`, `loss`, `draw`): a blunder in a loss's red.
    pub fn like_outcome(self, outcome: &str, text: &str) -> String {
        match outcome {
            "win" => self.paint(WIN, text),
            "loss" => self.paint(LOSS, text),
            "draw" => self.paint(DRAW, text),
            _ => text.to_owned(),
        }
    }

    /// `text` in red: the red L, the goal corner.
    pub fn red(self, text: &str) -> String {
        self.paint(RED, text)
    }

    /// `text` in blue: the blue L.
    pub fn blue(self, text: &str) -> String {
        self.paint(BLUE, text)
    }

    fn paint(self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[{RESET}m")
        } else {
            text.to_owned()
        }
    }
}

/// `text` in at most `width` columns of the terminal: as it is, or cut with `…` as its last
/// (which a width of 0 still shows). A Japanese character takes two columns.
pub fn shorten(text: &str, width: usize) -> String {
    if visible_width(text) <= width {
        return text.to_owned();
    }
    let room = width.saturating_sub(1);
    let mut used = 0;
    let mut cut = String::new();
    for c in text.chars() {
        used += c.width().unwrap_or(0);
        if used > room {
            break;
        }
        cut.push(c);
    }
    cut.push('…');
    cut
}

/// `text` followed by the spaces that make it `width` columns wide on the terminal (as it
/// is when wider).
pub fn pad(text: &str, width: usize) -> String {
    let spaces = width.saturating_sub(visible_width(text));
    format!("{text}{}", " ".repeat(spaces))
}

/// Columns `text` takes on the terminal: each character's display width (two for a Japanese
/// character, none for a combining mark), less the escape sequences of its styles
/// (`ESC [ … m`).
pub fn visible_width(text: &str) -> usize {
    let mut width = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // The sequence ends at its first letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            width += c.width().unwrap_or(0);
        }
    }
    width
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_style_writes_no_escape_codes() {
        let s = Style { color: false };
        assert_eq!(s.strong("0"), "0");
        assert_eq!(s.outcome("win"), "win");
    }

    #[test]
    fn colour_style_wraps_in_ansi_codes() {
        let s = Style { color: true };
        assert_eq!(s.strong("0"), "\x1b[1;32m0\x1b[0m");
    }

    #[test]
    fn shortened_text_fits_its_width() {
        assert_eq!(shorten("x xor y", 7), "x xor y");
        assert_eq!(shorten("x xor y", 5), "x xo…");
        assert_eq!(shorten("φφφ", 2), "φ…");
        assert_eq!(shorten("abc", 0), "…");
        // Two columns a character: 先手必勝 is 8 wide.
        assert_eq!(shorten("先手必勝", 8), "先手必勝");
        assert_eq!(shorten("先手必勝", 7), "先手必…");
        assert_eq!(shorten("先手必勝", 6), "先手…");
    }

    #[test]
    fn japanese_text_is_measured_and_padded_in_terminal_columns() {
        assert_eq!(visible_width("さくら"), 6);
        assert_eq!(visible_width("\x1b[1;32mさくら\x1b[0m ada"), 10);
        assert_eq!(pad("さくら", 8), "さくら  ");
        assert_eq!(pad("ada", 8), "ada     ");
        assert_eq!(pad("長い名前です", 4), "長い名前です");
    }
}
