//! Stepping through a reviewed game on a terminal, a key at a time: → or `n` (or Enter, or
//! space) the next ply, ← or `p` the previous one, Home and End the start and the end, digits
//! then Enter a ply by number, `q` or Esc to stop. Each step shows the board, the move that
//! led there with its annotation, and the value strip with the step marked.

use anyhow::Result;
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind};
use protocol::{Board, GameSummary, ReviewedMove};

use super::annotation::{annotation_word, best_play, name, plies, strip, this_move, BETTER_SHOWN};
use super::raw::{line_start, show, Raw};
use crate::render::{board, Style};
use client::lang::{said, word};
use protocol::Message;

/// What a key asks for.
enum Step {
    To(usize),
    Digit(char),
    Jump,
    Quit,
    Ignore,
}

fn key(k: KeyEvent, ply: usize, last: usize) -> Step {
    match k.code {
        KeyCode::Right | KeyCode::Char('n' | ' ') => Step::To((ply + 1).min(last)),
        KeyCode::Left | KeyCode::Char('p') | KeyCode::Backspace => Step::To(ply.saturating_sub(1)),
        KeyCode::Home | KeyCode::Char('g') => Step::To(0),
        KeyCode::End | KeyCode::Char('G') => Step::To(last),
        KeyCode::Char(c @ '0'..='9') => Step::Digit(c),
        KeyCode::Enter => Step::Jump,
        KeyCode::Char('q') | KeyCode::Esc => Step::Quit,
        KeyCode::Char('c') if k.modifiers.contains(event::KeyModifiers::CONTROL) => Step::Quit,
        _ => Step::Ignore,
    }
}

/// Steps through the game until `q`.
pub fn step(game: &GameSummary, start: &Board, moves: &[ReviewedMove], style: Style) -> Result<()> {
    let _raw = Raw::on()?;
    let last = moves.len();
    let mut ply = 0usize;
    let mut typed = String::new();
    show(&frame(game, start, moves, ply, style))?;
    loop {
        let Event::Key(k) = event::read()? else {
            continue;
        };
        if k.kind != KeyEventKind::Press {
            continue;
        }
        let next = match key(k, ply, last) {
            Step::To(p) => p,
            Step::Digit(c) => {
                typed.push(c);
                line_start()?;
                show(&said(&Message::new("cli-step-typing").text("ply", &typed)))?;
                continue;
            }
            Step::Jump if typed.is_empty() => (ply + 1).min(last),
            Step::Jump => match std::mem::take(&mut typed).parse::<usize>() {
                Ok(p) if p <= last => p,
                _ => {
                    line_start()?;
                    let told = Message::new("cli-step-past-end").text("plies", plies(last));
                    show(&format!("{}\n", said(&told)))?;
                    continue;
                }
            },
            Step::Quit => {
                show("\n")?;
                return Ok(());
            }
            Step::Ignore => continue,
        };
        typed.clear();
        if next != ply {
            ply = next;
            show(&frame(game, start, moves, ply, style))?;
        }
    }
}

/// The position after `ply` moves, with the move that led there and its annotation, and the
/// value strip marked at this ply.
fn frame(
    game: &GameSummary,
    start: &Board,
    moves: &[ReviewedMove],
    ply: usize,
    style: Style,
) -> String {
    let drawn = match ply {
        0 => start,
        n => &moves[n - 1].board,
    };
    let mut out = format!(
        "\n{}\n",
        style.strong(&said(
            &Message::new("cli-step-ply")
                .text("ply", ply.to_string())
                .text("total", moves.len().to_string())
        ))
    );
    out.push_str(&board(game.params.game, drawn, style));
    if let Some(m) = ply.checked_sub(1).map(|i| &moves[i]) {
        let played = Message::new("cli-step-played")
            .text("who", name(game, m.played.seat))
            .text("move", &m.played.notation)
            .text("annotation", annotation_word(&m.annotation))
            .text("best", best_play(m))
            .text("this", this_move(m));
        out.push_str(&format!("{}\n", said(&played)));
        if !m.better.is_empty() {
            let better: Vec<String> = m
                .better
                .iter()
                .take(BETTER_SHOWN)
                .map(|b| {
                    said(
                        &Message::new("cli-step-better-move")
                            .text("move", &b.notation)
                            .text("outcome", word(&format!("outcome-{}", b.value.outcome))),
                    )
                })
                .collect();
            let told = Message::new("cli-step-better").text("moves", better.join(", "));
            out.push_str(&format!("{}\n", said(&told)));
        }
    }
    let width = crossterm::terminal::size().map_or(80, |(w, _)| usize::from(w).max(20));
    let (marks, at) = window(&strip(moves), ply, width - 1);
    out.push_str(&format!("{marks}\n{}^\n", " ".repeat(at)));
    out.push_str(&style.dim(&word("cli-step-keys")));
    out.push('\n');
    out
}

/// The part of the value strip that fits in `width` columns around `ply` (a long game's strip
/// is longer than a line), with the column of `ply` in it.
fn window(strip: &str, ply: usize, width: usize) -> (String, usize) {
    let marks: Vec<char> = strip.chars().collect();
    if marks.len() <= width {
        return (strip.to_owned(), ply);
    }
    let start = ply.saturating_sub(width / 2).min(marks.len() - width);
    (marks[start..start + width].iter().collect(), ply - start)
}

#[cfg(test)]
mod tests {
    use super::window;

    #[test]
    fn a_long_strip_is_shown_around_the_ply() {
        assert_eq!(window("▲·▼", 2, 10), ("▲·▼".to_owned(), 2));
        let long: String = "▲▼·".repeat(100);
        let (marks, at) = window(&long, 0, 30);
        assert_eq!((marks.chars().count(), at), (30, 0));
        let (marks, at) = window(&long, 150, 30);
        assert_eq!(marks.chars().count(), 30);
        assert_eq!(marks.chars().nth(at), long.chars().nth(150));
        let (marks, at) = window(&long, 299, 30);
        assert_eq!((marks.chars().count(), at), (30, 29));
    }
}
