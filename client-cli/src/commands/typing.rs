//! Where typed lines come from: the line editor on a terminal, stdin's lines otherwise, so
//! that a session can be played by a person or driven by a script alike.

use std::rc::Rc;

use anyhow::Result;
use tokio::sync::mpsc;

use super::editor::{Editor, Typed};
use super::screen::Screen;
use super::view::Mode;

/// Lines typed on stdin, read by a thread so that waiting for them can race server events.
pub struct Input {
    lines: mpsc::Receiver<String>,
}

impl Input {
    /// Starts the reader. The thread ends at end of input; at exit it is simply dropped.
    fn spawn() -> Input {
        let (tx, lines) = mpsc::channel(16);
        std::thread::spawn(move || {
            for line in std::io::stdin().lines() {
                let Ok(line) = line else { break };
                if tx.blocking_send(line).is_err() {
                    break;
                }
            }
        });
        Input { lines }
    }
}

/// The line editor, or stdin's lines (`None` once they are all read).
pub enum Typing {
    /// A person at a terminal.
    Keys(Editor),
    /// A script.
    Lines(Option<Input>),
}

impl Typing {
    /// The line editor in terminal mode, else stdin's lines.
    pub fn start(mode: Mode) -> Typing {
        if let Mode::Terminal(_) = mode {
            if let Ok(editor) = Editor::start() {
                return Typing::Keys(editor);
            }
        }
        Typing::Lines(Some(Input::spawn()))
    }

    /// The editor's screen, to print above the line being typed.
    pub fn screen(&self) -> Option<Rc<Screen>> {
        match self {
            Typing::Keys(editor) => Some(editor.screen()),
            Typing::Lines(_) => None,
        }
    }

    /// Whether a person types in the line editor.
    pub fn is_editor(&self) -> bool {
        matches!(self, Typing::Keys(_))
    }

    /// Whether every line has been read (a script's end).
    pub fn ended(&self) -> bool {
        matches!(self, Typing::Lines(None))
    }

    /// The next thing typed; `None` when the input has just ended. Cancel-safe.
    pub async fn next(&mut self) -> Result<Option<Typed>> {
        match self {
            Typing::Keys(editor) => Ok(Some(editor.next().await?)),
            Typing::Lines(Some(input)) => match input.lines.recv().await {
                Some(line) => Ok(Some(Typed::Line(line))),
                None => {
                    *self = Typing::Lines(None);
                    Ok(None)
                }
            },
            Typing::Lines(None) => std::future::pending().await,
        }
    }

    /// On a terminal: the prompt.
    pub fn set_prompt(&self, prompt: String) -> Result<()> {
        if let Typing::Keys(editor) = self {
            editor.screen().set_prompt(prompt)?;
        }
        Ok(())
    }

    /// On a terminal: what Tab completes to.
    pub fn complete_from(&mut self, words: Vec<String>) {
        if let Typing::Keys(editor) = self {
            editor.complete_from(words);
        }
    }

    /// On a terminal: erases the prompt for good.
    pub fn close(&self) -> Result<()> {
        if let Typing::Keys(editor) = self {
            editor.screen().close()?;
        }
        Ok(())
    }
}
