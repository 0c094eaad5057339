//! The line editor of a player at a terminal: keys read one by one in raw mode, the line
//! kept on the [`Screen`]'s last line under everything printed, with editing keys, history
//! and completion of the legal moves and commands.
//!
//! Built on crossterm rather than taken from rustyline or reedline: their `read_line` blocks
//! until Enter and cannot be interrupted from outside, yet a match must redraw the prompt
//! when the turn changes, count a clock down in it, print an opponent's move above the line
//! and stop when the match ends — all while a line is half typed.
//!
//! Keys: ←/→ (Ctrl-B/F), Home/End (Ctrl-A/E), Backspace, Delete, Ctrl-U (erase before the
//! cursor), Ctrl-K (after), Ctrl-W (the word before), ↑/↓ (history), Tab (complete; again
//! lists what fits), Enter, Ctrl-L (clear the screen), Ctrl-C or Ctrl-D on an empty line
//! (leave).

use std::rc::Rc;

use crossterm::event::{Event, EventStream, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use futures_util::StreamExt as _;

use super::raw::Raw;
use super::screen::Screen;

/// What the player did.
#[derive(Debug, PartialEq, Eq)]
pub enum Typed {
    /// Entered a line.
    Line(String),
    /// Asked to leave (Ctrl-C, or Ctrl-D on an empty line).
    Leave,
}

/// Most completions listed at once.
const LISTED: usize = 60;

/// The line being typed, with its history: pure state, keys in and what to do out.
#[derive(Default)]
pub struct Line {
    text: Vec<char>,
    cursor: usize,
    /// Lines entered, oldest first.
    history: Vec<String>,
    /// The entry of `history` shown, while browsing it.
    browsing: Option<usize>,
    /// What was typed before browsing began, given back past the newest entry.
    draft: Vec<char>,
    /// The text whose completions were just listed: Tab again does not list them twice.
    listed: Option<Vec<char>>,
}

/// What a key leads to, besides the line's own change.
#[derive(Debug, PartialEq, Eq)]
pub enum Edit {
    /// The line changed (or the cursor moved): draw it again.
    Redraw,
    /// Nothing to do.
    Nothing,
    /// A line was entered.
    Enter(String),
    /// The player asked to leave.
    Leave,
    /// Clear the screen.
    Clear,
    /// These completions fit what is typed: list them.
    List(Vec<String>),
}

impl Line {
    /// Applies `key`, completing from `words`.
    pub fn key(&mut self, key: KeyEvent, words: &[String]) -> Edit {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            // In raw mode a line feed is Ctrl-J (and a carriage return may come as Ctrl-M).
            KeyCode::Enter => self.enter(),
            KeyCode::Char('j' | 'm') if ctrl => self.enter(),
            KeyCode::Char('c') if ctrl => Edit::Leave,
            KeyCode::Char('d') if ctrl && self.text.is_empty() => Edit::Leave,
            KeyCode::Char('d') if ctrl => self.delete(),
            KeyCode::Char('l') if ctrl => Edit::Clear,
            KeyCode::Char('a') if ctrl => self.go(0),
            KeyCode::Char('e') if ctrl => self.go(self.text.len()),
            KeyCode::Char('b') if ctrl => self.go(self.cursor.saturating_sub(1)),
            KeyCode::Char('f') if ctrl => self.go(self.cursor + 1),
            KeyCode::Char('u') if ctrl => {
                self.text.drain(..self.cursor);
                self.go(0)
            }
            KeyCode::Char('k') if ctrl => {
                self.text.truncate(self.cursor);
                Edit::Redraw
            }
            KeyCode::Char('w') if ctrl => {
                let mut start = self.cursor;
                while start > 0 && self.text[start - 1] == ' ' {
                    start -= 1;
                }
                while start > 0 && self.text[start - 1] != ' ' {
                    start -= 1;
                }
                self.text.drain(start..self.cursor);
                self.go(start)
            }
            KeyCode::Char(_) if ctrl || key.modifiers.contains(KeyModifiers::ALT) => Edit::Nothing,
            KeyCode::Char(c) => {
                self.text.insert(self.cursor, c);
                self.go(self.cursor + 1)
            }
            KeyCode::Left => self.go(self.cursor.saturating_sub(1)),
            KeyCode::Right => self.go(self.cursor + 1),
            KeyCode::Home => self.go(0),
            KeyCode::End => self.go(self.text.len()),
            KeyCode::Backspace if self.cursor > 0 => {
                self.text.remove(self.cursor - 1);
                self.go(self.cursor - 1)
            }
            KeyCode::Delete => self.delete(),
            KeyCode::Up => self.browse_back(),
            KeyCode::Down => self.browse_forward(),
            KeyCode::Tab => self.complete(words),
            _ => Edit::Nothing,
        }
    }

    /// What is typed.
    pub fn text(&self) -> &[char] {
        &self.text
    }

    /// Where the cursor is in [`Line::text`].
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    fn go(&mut self, cursor: usize) -> Edit {
        self.cursor = cursor.min(self.text.len());
        Edit::Redraw
    }

    fn delete(&mut self) -> Edit {
        if self.cursor < self.text.len() {
            self.text.remove(self.cursor);
        }
        Edit::Redraw
    }

    fn enter(&mut self) -> Edit {
        let line: String = self.text.iter().collect();
        let line = line.trim().to_owned();
        if !line.is_empty() && self.history.last() != Some(&line) {
            self.history.push(line.clone());
        }
        self.text.clear();
        self.cursor = 0;
        self.browsing = None;
        Edit::Enter(line)
    }

    fn browse_back(&mut self) -> Edit {
        let shown = match self.browsing {
            None if self.history.is_empty() => return Edit::Nothing,
            None => {
                self.draft = std::mem::take(&mut self.text);
                self.history.len() - 1
            }
            Some(i) => i.saturating_sub(1),
        };
        self.browsing = Some(shown);
        self.text = self.history[shown].chars().collect();
        self.go(self.text.len())
    }

    fn browse_forward(&mut self) -> Edit {
        let Some(i) = self.browsing else {
            return Edit::Nothing;
        };
        if i + 1 < self.history.len() {
            self.browsing = Some(i + 1);
            self.text = self.history[i + 1].chars().collect();
        } else {
            self.browsing = None;
            self.text = std::mem::take(&mut self.draft);
        }
        self.go(self.text.len())
    }

    /// Completes the word before the cursor (an L-game move has two: the L, then the neutral
    /// piece's move) to the longest start shared by the words that continue what is typed;
    /// when it cannot be taken further, lists them.
    fn complete(&mut self, words: &[String]) -> Edit {
        let typed: String = self.text[..self.cursor].iter().collect();
        // Each fitting word up to the end of the word being typed, once each.
        let mut fits: Vec<&str> = Vec::new();
        for w in words.iter().filter(|w| w.starts_with(&typed)) {
            let end = w[typed.len()..]
                .find(' ')
                .map_or(w.len(), |i| typed.len() + i);
            if !fits.contains(&&w[..end]) {
                fits.push(&w[..end]);
            }
        }
        let Some(first) = fits.first() else {
            return Edit::Nothing;
        };
        let mut shared: Vec<char> = first.chars().collect();
        for w in &fits[1..] {
            let same = shared.iter().zip(w.chars()).take_while(|(a, b)| **a == *b);
            shared.truncate(same.count());
        }
        if fits.len() == 1 && shared.len() == self.cursor {
            // A whole word typed that more may follow: on to the next one.
            let more = format!("{typed} ");
            if words.iter().any(|w| w.starts_with(&more)) {
                shared.push(' ');
            }
        }
        if shared.len() > self.cursor {
            let rest = self.text.split_off(self.cursor);
            self.text = shared;
            let cursor = self.text.len();
            self.text.extend(rest);
            return self.go(cursor);
        }
        if fits.len() == 1 {
            return Edit::Nothing;
        }
        if self.listed.as_ref() == Some(&self.text) {
            return Edit::Nothing;
        }
        self.listed = Some(self.text.clone());
        // Listed from the word being typed.
        let word_start = typed.rfind(' ').map_or(0, |i| i + 1);
        Edit::List(fits.iter().map(|w| w[word_start..].to_owned()).collect())
    }
}

/// Completions listed above the line, in lines of at most `width` columns: at most
/// [`LISTED`], then how many more.
pub fn listing(words: &[String], width: usize) -> String {
    let mut shown: Vec<String> = words.iter().take(LISTED).cloned().collect();
    if words.len() > LISTED {
        shown.push(format!("… and {} more", words.len() - LISTED));
    }
    let mut out = String::new();
    let mut line = String::new();
    for w in shown {
        if !line.is_empty() && line.chars().count() + 2 + w.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push_str("  ");
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out
}

/// The editor: raw mode, the keys, the line and the screen it is drawn on.
pub struct Editor {
    line: Line,
    screen: Rc<Screen>,
    keys: EventStream,
    /// What Tab completes to.
    words: Vec<String>,
    /// Dropped last: raw mode ends after the last line is erased.
    _raw: Raw,
}

impl Editor {
    /// Turns raw mode on, with an empty last line until a prompt is set.
    pub fn start() -> std::io::Result<Editor> {
        let raw = Raw::on()?;
        let screen = Rc::new(Screen::new());
        Ok(Editor {
            line: Line::default(),
            screen,
            keys: EventStream::new(),
            words: Vec::new(),
            _raw: raw,
        })
    }

    /// The screen, to print above the line and change the prompt.
    pub fn screen(&self) -> Rc<Screen> {
        Rc::clone(&self.screen)
    }

    /// What Tab completes to from now on.
    pub fn complete_from(&mut self, words: Vec<String>) {
        self.words = words;
    }

    /// The next line entered, or the wish to leave. Cancel-safe: the only wait is for a key,
    /// and what is typed so far stays in the editor.
    pub async fn next(&mut self) -> std::io::Result<Typed> {
        loop {
            let event = match self.keys.next().await {
                Some(event) => event?,
                // The terminal is gone: as good as leaving.
                None => return Ok(Typed::Leave),
            };
            let key = match event {
                Event::Key(key) if key.kind != KeyEventKind::Release => key,
                Event::Resize(width, _) => {
                    self.screen.resized(width)?;
                    continue;
                }
                _ => continue,
            };
            match self.line.key(key, &self.words) {
                Edit::Redraw => self.screen.set_text(self.line.text(), self.line.cursor())?,
                Edit::Nothing => {}
                Edit::Enter(line) => {
                    self.screen.enter()?;
                    return Ok(Typed::Line(line));
                }
                Edit::Leave => {
                    self.screen.enter()?;
                    return Ok(Typed::Leave);
                }
                Edit::Clear => self.screen.clear_all()?,
                Edit::List(words) => {
                    let width = self.screen.width().clamp(20, 100) - 1;
                    self.screen.print(&listing(&words, width))?;
                }
            }
        }
    }
}

impl Drop for Editor {
    fn drop(&mut self) {
        let _ = self.screen.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(line: &mut Line, keys: &[KeyEvent], words: &[&str]) -> Vec<Edit> {
        let words: Vec<String> = words.iter().map(|w| (*w).to_owned()).collect();
        keys.iter().map(|&k| line.key(k, &words)).collect()
    }

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn ctrl(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
    }

    fn chars(text: &str) -> Vec<KeyEvent> {
        text.chars().map(|c| key(KeyCode::Char(c))).collect()
    }

    fn shown(line: &Line) -> String {
        line.text().iter().collect()
    }

    #[test]
    fn keys_edit_the_line_where_the_cursor_is() {
        let mut line = Line::default();
        typed(&mut line, &chars("3:1"), &[]);
        typed(&mut line, &[key(KeyCode::Home), key(KeyCode::Delete)], &[]);
        typed(&mut line, &chars("2"), &[]);
        assert_eq!(shown(&line), "2:1");
        assert_eq!(line.cursor(), 1);
        typed(&mut line, &[ctrl('e'), key(KeyCode::Backspace)], &[]);
        assert_eq!(shown(&line), "2:");
        typed(&mut line, &[ctrl('b'), ctrl('k')], &[]);
        assert_eq!(shown(&line), "2");
        typed(&mut line, &chars(" a3a4b3c3 d4"), &[]);
        typed(&mut line, &[ctrl('w')], &[]);
        assert_eq!(shown(&line), "2 a3a4b3c3 ");
        typed(&mut line, &[ctrl('u')], &[]);
        assert_eq!((shown(&line), line.cursor()), (String::new(), 0));
    }

    #[test]
    fn enter_gives_the_line_trimmed_and_keeps_it_in_the_history() {
        let mut line = Line::default();
        typed(&mut line, &chars(" 3:1 "), &[]);
        assert_eq!(
            line.key(ctrl('j'), &[]),
            Edit::Enter("3:1".to_owned()),
            "a line feed is Ctrl-J in raw mode"
        );
        typed(&mut line, &chars("moves"), &[]);
        assert_eq!(
            line.key(key(KeyCode::Enter), &[]),
            Edit::Enter("moves".into())
        );
        typed(&mut line, &chars("dra"), &[]);
        typed(&mut line, &[key(KeyCode::Up)], &[]);
        assert_eq!(shown(&line), "moves");
        typed(&mut line, &[key(KeyCode::Up), key(KeyCode::Up)], &[]);
        assert_eq!(shown(&line), "3:1");
        typed(&mut line, &[key(KeyCode::Down)], &[]);
        assert_eq!(shown(&line), "moves");
        typed(&mut line, &[key(KeyCode::Down)], &[]);
        assert_eq!(shown(&line), "dra", "what was being typed comes back");
    }

    #[test]
    fn leaving_is_ctrl_c_or_ctrl_d_on_an_empty_line() {
        let mut line = Line::default();
        assert_eq!(line.key(ctrl('d'), &[]), Edit::Leave);
        typed(&mut line, &chars("ab"), &[]);
        typed(&mut line, &[key(KeyCode::Left), ctrl('d')], &[]);
        assert_eq!(shown(&line), "a", "Ctrl-D deletes under the cursor");
        assert_eq!(line.key(ctrl('c'), &[]), Edit::Leave);
    }

    #[test]
    fn tab_completes_a_word_at_a_time_then_lists() {
        let words = [
            "a2a3a4b4",
            "a2a3a4b4 a1-b1",
            "a2a3a4b4 d4-b1",
            "a3a4b3c3 a1-a2",
            "board",
        ];
        let mut line = Line::default();
        typed(&mut line, &chars("a"), &words);
        assert_eq!(line.key(key(KeyCode::Tab), &[]), Edit::Nothing);
        assert_eq!(
            typed(&mut line, &[key(KeyCode::Tab), key(KeyCode::Tab)], &words),
            [
                Edit::List(vec!["a2a3a4b4".into(), "a3a4b3c3".into()]),
                Edit::Nothing
            ],
            "the L's placements, not every move, listed once"
        );
        typed(&mut line, &chars("2"), &words);
        typed(&mut line, &[key(KeyCode::Tab)], &words);
        assert_eq!(shown(&line), "a2a3a4b4");
        typed(&mut line, &[key(KeyCode::Tab)], &words);
        assert_eq!(shown(&line), "a2a3a4b4 ", "on to the neutral piece");
        assert_eq!(
            typed(&mut line, &[key(KeyCode::Tab)], &words),
            [Edit::List(vec!["a1-b1".into(), "d4-b1".into()])]
        );
        typed(&mut line, &chars("d"), &words);
        typed(&mut line, &[key(KeyCode::Tab)], &words);
        assert_eq!(shown(&line), "a2a3a4b4 d4-b1");
        let mut line = Line::default();
        typed(&mut line, &chars("b"), &words);
        typed(&mut line, &[key(KeyCode::Tab)], &words);
        assert_eq!(shown(&line), "board");
    }

    #[test]
    fn listings_wrap_and_say_how_many_are_left_out() {
        let words: Vec<String> = (0..100).map(|i| i.to_string()).collect();
        let text = listing(&words, 20);
        assert!(text.starts_with("0  1  2"), "{text}");
        assert!(text.lines().all(|l| l.chars().count() <= 20), "{text}");
        assert!(text.ends_with("… and 40 more"), "{text}");
    }
}
