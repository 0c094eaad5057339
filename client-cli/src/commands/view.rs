//! How a match is shown as it changes, for players and spectators alike. On a terminal:
//! the board after each move, names, clocks and sentences. Without one: one plain line per
//! event (`move 1 seat 0 5,0`, `result 1 corner_reached`), so that games can be scripted.

use std::cell::Cell;
use std::io::IsTerminal;
use std::rc::Rc;

use protocol::{Game, MatchState, MatchStatus, Outcome, Reason, Seat};

use super::countdown::{self, Countdown};
use super::describe;
use super::screen::Screen;
use crate::render::{board, sum_board, Style, SUM_WIDTH};
use client::lang::{said, word};
use client::ServerError;
use protocol::Message;

/// Boards and sentences for a person, or plain lines for a program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// A person at a terminal (stdin and stdout are both terminals).
    Terminal(Style),
    /// A script: one line per event, no colour, no prompt.
    Plain,
}

impl Mode {
    /// Terminal when both stdin and stdout are terminals, else plain.
    pub fn detect() -> Mode {
        if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
            Mode::Terminal(Style::for_stdout())
        } else {
            Mode::Plain
        }
    }

    /// For a spectator, who types nothing: terminal when stdout is one.
    pub fn detect_output() -> Mode {
        if std::io::stdout().is_terminal() {
            Mode::Terminal(Style::for_stdout())
        } else {
            Mode::Plain
        }
    }
}

/// What has been shown so far, so that each state prints only what is new.
pub struct View {
    mode: Mode,
    /// Our seat, or `None` for a spectator.
    me: Option<Seat>,
    /// Moves printed so far.
    printed: u32,
    /// The status and seats last shown, to announce joins, leaves and returns.
    last: Option<MatchState>,
    /// Whether stdout has stopped taking output (`grundy watch 12 | head`).
    closed: Cell<bool>,
    /// The terminal's last line, kept under what is printed, when a line editor or a status
    /// line holds it.
    screen: Option<Rc<Screen>>,
    /// The clocks of the last state shown, running since it came.
    countdown: Countdown,
}

/// `println!` through [`View::write`]: a closed stdout is noted, not a panic.
macro_rules! say {
    ($view:ident, $($arg:tt)*) => {
        $view.write(&format!("{}\n", format_args!($($arg)*)))
    };
}

impl View {
    /// A view for the player in seat `me` (or a spectator).
    pub fn new(mode: Mode, me: Option<Seat>) -> View {
        View {
            mode,
            me,
            printed: 0,
            last: None,
            closed: Cell::new(false),
            screen: None,
            countdown: Countdown::none(),
        }
    }

    /// Prints above `screen`'s last line from now on.
    pub fn attach(&mut self, screen: Rc<Screen>) {
        self.screen = Some(screen);
    }

    /// Writes `text` to stdout; once a write fails (the reader has gone), writes nothing more
    /// and [`View::closed`] says so.
    fn write(&self, text: &str) {
        if self.closed.get() {
            return;
        }
        let written = match &self.screen {
            Some(screen) => screen.print(text).map_err(anyhow::Error::from),
            None => super::emit(text),
        };
        if written.is_err() {
            self.closed.set(true);
        }
    }

    /// Whether stdout has stopped taking output: time to stop following the match.
    pub fn closed(&self) -> bool {
        self.closed.get()
    }

    fn name(&self, state: &MatchState, seat: Seat) -> String {
        let info = &state.seats[usize::from(seat)];
        let name = super::games::seat_name(info)
            .unwrap_or_else(|| said(&Message::new("seat-number").text("seat", seat.to_string())));
        if self.me == Some(seat) {
            said(&Message::new("seat-you").text("name", name))
        } else {
            name
        }
    }

    /// The first lines: which match, which game, who sits where.
    pub fn header(&mut self, state: &MatchState) {
        let id = state.match_id;
        match (self.mode, self.me) {
            (Mode::Plain, Some(me)) => say!(self, "match {id} {} seat {me}", state.params.game),
            (Mode::Plain, None) => say!(self, "watching {id} {}", state.params.game),
            (Mode::Terminal(style), me) => {
                let title = Message::new("cli-play-title")
                    .text("id", id.to_string())
                    .text("game", describe(&state.params))
                    .text("start", &state.start);
                say!(self, "{}", said(&title));
                if me.is_some() && self.screen.is_some() {
                    say!(self, "{}", style.dim(&word("cli-play-keys")));
                }
            }
        }
        if state.status == MatchStatus::Waiting {
            let told = Message::new("cli-play-waiting-join").text("id", id.to_string());
            say!(self, "{}", said(&told));
        }
    }

    /// Prints what changed since the last state shown.
    pub fn show(&mut self, state: &MatchState) {
        self.countdown = Countdown::of(state);
        let last = self.last.take();
        if let Some(last) = &last {
            self.seat_changes(last, state);
        } else if state.status == MatchStatus::Playing {
            self.players(state);
        }
        if state.history_from > self.printed {
            // Events list only the latest moves; a reader this far behind missed some.
            let told = Message::new("cli-play-missed")
                .text("from", (self.printed + 1).to_string())
                .text("to", state.history_from.to_string())
                .text("id", state.match_id.to_string());
            say!(self, "{}", said(&told));
        }
        let new_moves: Vec<_> = state
            .history
            .iter()
            .filter(|m| m.ply > self.printed)
            .collect();
        for m in &new_moves {
            match self.mode {
                Mode::Plain => say!(self, "move {} seat {} {}", m.ply, m.seat, m.notation),
                Mode::Terminal(_) => {
                    say!(
                        self,
                        "{}. {}: {}",
                        m.ply,
                        self.name(state, m.seat),
                        m.notation
                    )
                }
            }
        }
        self.printed = self.printed.max(state.ply);
        let moved = last.as_ref().is_none_or(|l| l.position != state.position);
        if moved {
            match self.mode {
                Mode::Plain => say!(self, "position {}", state.position),
                Mode::Terminal(style) => {
                    self.write(&self.picture(state, style));
                    self.position(state);
                    if let Some(line) = self.clock_line(state) {
                        say!(self, "{line}");
                    }
                    let waiting = state.to_move.filter(|&s| self.me != Some(s));
                    if let (MatchStatus::Playing, Some(seat)) = (state.status, waiting) {
                        let told =
                            Message::new("cli-play-to-move").text("who", self.name(state, seat));
                        say!(self, "{}", said(&told));
                    }
                }
            }
        }
        if state.draw_offer.is_some() && last.as_ref().is_none_or(|l| l.draw_offer.is_none()) {
            self.draw_offered(state);
        }
        let offer_gone =
            last.as_ref().is_some_and(|l| l.draw_offer.is_some()) && state.draw_offer.is_none();
        if offer_gone && state.result.is_none() {
            self.line("draw_declined", &word("cli-play-draw-off"));
        }
        self.last = Some(state.clone());
    }

    fn players(&self, state: &MatchState) {
        match self.mode {
            Mode::Plain => {
                for seat in 0..2u8 {
                    let name = state.seats[usize::from(seat)]
                        .name
                        .clone()
                        .unwrap_or_default();
                    say!(self, "seat {seat} {name}");
                }
            }
            Mode::Terminal(_) => {
                let told = Message::new("cli-play-first")
                    .text("first", self.name(state, 0))
                    .text("second", self.name(state, 1));
                say!(self, "{}", said(&told))
            }
        }
    }

    fn seat_changes(&self, last: &MatchState, state: &MatchState) {
        if last.status == MatchStatus::Waiting && state.status == MatchStatus::Playing {
            self.players(state);
        }
        for seat in 0..2u8 {
            let (was, is) = (
                &last.seats[usize::from(seat)],
                &state.seats[usize::from(seat)],
            );
            if was.player_id.is_some() && was.connected != is.connected && !state.status.is_over() {
                let name = self.name(state, seat);
                let (tag, text) = if is.connected {
                    ("connected", Message::new("cli-play-back").text("who", name))
                } else {
                    let left = match is.abandon_in_ms {
                        Some(ms) => Message::new("cli-play-left-timed")
                            .text("seconds", ms.div_ceil(1000).to_string()),
                        None => Message::new("cli-play-left"),
                    };
                    ("disconnected", left.text("who", name))
                };
                let text = said(&text);
                self.line(&format!("{tag} {seat}"), &text);
            }
        }
    }

    fn draw_offered(&self, state: &MatchState) {
        let Some(seat) = state.draw_offer else { return };
        let text = if self.me == Some(seat) {
            word("cli-play-you-offer")
        } else {
            let id = match self.me {
                Some(_) => "cli-play-offer-to-you",
                None => "cli-play-offer",
            };
            said(&Message::new(id).text("who", self.name(state, seat)))
        };
        self.line(&format!("draw_offer {seat}"), &text);
    }

    /// `ada 4:58 · bob 5:00` when the match has a clock.
    fn clock_line(&self, state: &MatchState) -> Option<String> {
        let clock = state.clock.as_ref()?;
        let fmt = |ms: u64| countdown::format(std::time::Duration::from_millis(ms));
        let told = Message::new("cli-play-clock")
            .text("first", self.name(state, 0))
            .text("first_left", fmt(clock.remaining_ms[0]))
            .text("second", self.name(state, 1))
            .text("second_left", fmt(clock.remaining_ms[1]));
        Some(said(&told))
    }

    /// The last line's prompt on a terminal: whose turn it is and their clock as it runs —
    /// `your move · 0:27 > `, `bob to move · 1:02 > `, `waiting for an opponent > ` (for a
    /// spectator, without `>`).
    pub fn prompt_line(&self, state: &MatchState) -> String {
        let Mode::Terminal(style) = self.mode else {
            return String::new();
        };
        let seat = state
            .to_move
            .filter(|_| state.status == MatchStatus::Playing);
        let whose = match (state.status, seat) {
            (MatchStatus::Waiting, _) => word("cli-play-prompt-waiting"),
            (_, Some(seat)) if self.me == Some(seat) => word("cli-play-prompt-yours"),
            (_, Some(seat)) => {
                said(&Message::new("cli-play-to-move").text("who", self.name(state, seat)))
            }
            (_, None) => word("cli-play-prompt-over"),
        };
        let clock = match seat.and_then(|s| self.countdown.left(s)) {
            Some(left) if left < countdown::LOW => {
                format!(" · {}", style.red(&countdown::format(left)))
            }
            Some(left) => format!(" · {}", countdown::format(left)),
            None => String::new(),
        };
        // A player types after it; a spectator's is a status line.
        let end = if self.me.is_some() { " > " } else { "" };
        if seat.is_some() && seat == self.me {
            format!("{whose}{clock}{end}")
        } else {
            format!("{}{end}", style.dim(&format!("{whose}{clock}")))
        }
    }

    /// The clocks of the last state shown, as they run.
    pub fn countdown(&self) -> &Countdown {
        &self.countdown
    }

    /// Our clock has less than ten seconds left.
    pub fn clock_low(&self) {
        if let Mode::Terminal(style) = self.mode {
            let text = said(
                &Message::new("cli-play-clock-low")
                    .text("seconds", countdown::LOW.as_secs().to_string()),
            );
            say!(self, "{}", style.red(&text));
        }
    }

    /// The board (on a terminal) and the position, again.
    pub fn board(&self, state: &MatchState) {
        if let Mode::Terminal(style) = self.mode {
            self.write(&self.picture(state, style));
        }
        self.position(state);
    }

    /// The board of `state`: a sum's components side by side with their values, as wide as
    /// the terminal.
    fn picture(&self, state: &MatchState, style: Style) -> String {
        if let protocol::Board::Sum { components } = &state.board {
            let width = self.screen.as_ref().map_or(SUM_WIDTH, |s| s.width());
            let width = if width == 0 { SUM_WIDTH } else { width };
            return sum_board(components, state.components.as_deref(), width, style);
        }
        board(state.params.game, &state.board, style)
    }

    /// The position in the game's notation, as `grundy query` takes it.
    pub fn position(&self, state: &MatchState) {
        match self.mode {
            Mode::Plain => say!(self, "position {}", state.position),
            Mode::Terminal(style) => {
                let told = Message::new("position-line").text("position", &state.position);
                say!(self, "{}", style.dim(&said(&told)))
            }
        }
    }

    /// A move typed before our turn, kept to be played when it comes.
    pub fn premove(&self, state: &MatchState, mv: &str, queued: usize) {
        match self.mode {
            Mode::Plain => say!(self, "premove {mv}"),
            Mode::Terminal(_) => {
                let whose = match state.to_move {
                    Some(seat) => said(
                        &Message::new("cli-play-is-to-move").text("who", self.name(state, seat)),
                    ),
                    None => word("cli-play-not-started"),
                };
                let told = Message::new("cli-play-premove")
                    .text("whose", whose)
                    .text("move", mv)
                    .count("queued", queued as u64);
                say!(self, "{}", said(&told));
            }
        }
    }

    /// A premove, now played.
    pub fn premove_played(&self, mv: &str) {
        match self.mode {
            Mode::Plain => {}
            Mode::Terminal(_) => {
                let told = Message::new("cli-play-premove-played").text("move", mv);
                say!(self, "{}", said(&told))
            }
        }
    }

    /// The connection was lost, and is being taken up again.
    pub fn reconnecting(&self, why: &str) {
        let told = Message::new("cli-play-reconnecting").text("why", why);
        self.line("reconnecting", &said(&told));
    }

    /// Back in the match after a lost connection.
    pub fn reconnected(&self, id: i64) {
        let told = Message::new("cli-play-reconnected").text("id", id.to_string());
        self.line("reconnected", &said(&told));
    }

    /// `cancel`: how many premoves were taken back.
    pub fn premoves_cancelled(&self, n: usize) {
        let text = said(&Message::new("cli-play-cancelled").count("count", n as u64));
        self.line(&format!("cancelled {n}"), &text);
    }

    /// Asks for our move.
    pub fn prompt(&self, state: &MatchState) {
        match (self.mode, &self.screen) {
            (Mode::Plain, _) => say!(self, "your_move {}", state.ply + 1),
            // The line editor's prompt says it.
            (Mode::Terminal(_), Some(_)) => {}
            (Mode::Terminal(_), None) => self.write(&format!("{} ", word("cli-play-prompt-plain"))),
        }
    }

    /// The legal moves, or how many there are when they are not listed.
    pub fn moves(&self, listed: Option<&[String]>, count: u64) {
        match (self.mode, listed) {
            (Mode::Plain, Some(moves)) => say!(self, "moves {}", moves.join(" | ")),
            (Mode::Plain, None) => say!(self, "moves {count} not listed"),
            (Mode::Terminal(_), Some(moves)) => {
                let told = Message::new("cli-play-moves").count("count", moves.len() as u64);
                say!(self, "{}", said(&told));
                self.write(&move_lines(moves));
            }
            (Mode::Terminal(_), None) => {
                let told = Message::new("cli-play-moves-many").count("count", count);
                say!(self, "{}", said(&told))
            }
        }
    }

    /// A refused action: the server's reason, and the game goes on.
    pub fn refused(&self, e: &ServerError) {
        match self.mode {
            Mode::Plain => say!(self, "error {}: {}", e.code.as_str(), e.message),
            Mode::Terminal(style) => say!(self, "{}", style.red(&e.to_string())),
        }
    }

    /// Free text (help): as is in both modes.
    pub fn note(&self, text: &str) {
        say!(self, "{text}");
    }

    /// A tagged plain line, or a sentence on a terminal.
    fn line(&self, tag: &str, sentence: &str) {
        match self.mode {
            Mode::Plain => say!(self, "{tag}"),
            Mode::Terminal(_) => say!(self, "{sentence}"),
        }
    }

    /// The result, why, and where to look at the game again.
    pub fn finish(&mut self, state: &MatchState) {
        let id = state.match_id;
        if let Some(outcome) = state.result {
            if self.mode == Mode::Plain {
                let winner = outcome
                    .winner
                    .map_or_else(|| "draw".to_owned(), |w| w.to_string());
                say!(self, "result {winner} {}", outcome.reason.as_str());
            }
            say!(self, "{}", self.verdict(state, outcome));
        } else {
            let told = Message::new("cli-play-over").text("id", id.to_string());
            say!(self, "{}", said(&told));
        }
        if state.status == MatchStatus::Finished {
            let told = Message::new("cli-play-see-again").text("id", id.to_string());
            say!(self, "{}", said(&told));
            if self.me.is_some() {
                let told = Message::new("cli-play-rematch").text("id", id.to_string());
                say!(self, "{}", said(&told));
            }
        }
    }

    /// `bob wins: the queen reached the corner`.
    fn verdict(&self, state: &MatchState, outcome: Outcome) -> String {
        let Some(winner) = outcome.winner else {
            return match outcome.reason {
                Reason::Repetition => word("cli-verdict-repetition"),
                Reason::AgreedDraw => word("cli-verdict-agreed"),
                Reason::Aborted => word("reason-aborted"),
                Reason::Adjudication => word("cli-verdict-adjudicated"),
                other => {
                    said(&Message::new("cli-verdict-no-winner").text("reason", other.as_str()))
                }
            };
        };
        let loser = self.name(state, 1 - winner);
        // The loser named as this screen names them (`ada (you)`).
        let reason = |id: &str| {
            said(
                &Message::new(id)
                    .text("who", loser.as_str())
                    .text("you", "no"),
            )
        };
        let why = match outcome.reason {
            Reason::CornerReached => {
                let piece = match state.params.game {
                    Game::Rook => "rook",
                    Game::Horse => "horse",
                    Game::Dragon => "dragon",
                    _ => "queen",
                };
                let piece = word(&format!("cli-piece-{piece}"));
                said(&Message::new("cli-why-corner").text("piece", piece))
            }
            Reason::LastStone => word("reason-last_stone"),
            Reason::PoisonLeft => word("reason-poison_left"),
            Reason::LBlocked => reason("reason-l_blocked"),
            Reason::NoMoveLeft => word("reason-no_move_left"),
            Reason::Resignation => reason("reason-resignation"),
            Reason::FlagFall => reason("reason-flag_fall"),
            Reason::Abandonment => reason("reason-abandonment"),
            other => other.as_str().to_owned(),
        };
        let wins = if self.me == Some(winner) {
            word("cli-you-win")
        } else {
            said(&Message::new("cli-wins").text("who", self.name(state, winner)))
        };
        let on_board = matches!(
            outcome.reason,
            Reason::CornerReached | Reason::LastStone | Reason::PoisonLeft | Reason::NoMoveLeft
        );
        let id = match state.params.misere && on_board {
            true => "cli-verdict-misere",
            false => "cli-verdict",
        };
        said(&Message::new(id).text("wins", wins).text("why", why))
    }
}

/// Width of a line of listed moves: fits an 80-column terminal.
const MOVES_WIDTH: usize = 78;

/// Moves as indented lines for a person. An L-game move is its L's new squares, then maybe a
/// neutral piece's move: each L placement gets a line with the neutral moves that go with it.
fn move_lines(moves: &[String]) -> String {
    let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
    for m in moves {
        let (head, tail) = m.split_once(' ').unwrap_or((m, ""));
        match groups.last_mut() {
            Some((h, tails)) if *h == head => tails.push(tail),
            _ => groups.push((head, vec![tail])),
        }
    }
    if groups.iter().all(|(_, tails)| tails == &[""]) {
        let heads: Vec<&str> = groups.iter().map(|(h, _)| *h).collect();
        return wrap(" ", &heads);
    }
    let mut out = String::new();
    for (head, tails) in groups {
        let neutral: Vec<&str> = tails.iter().copied().filter(|t| !t.is_empty()).collect();
        let lead = match (tails.contains(&""), neutral.is_empty()) {
            (true, true) => format!("  {head}"),
            (true, false) => format!(
                "  {}",
                said(&Message::new("cli-lgame-alone-or-with").text("move", head))
            ),
            (false, _) => format!(
                "  {}",
                said(&Message::new("cli-lgame-with").text("move", head))
            ),
        };
        out.push_str(&wrap(&lead, &neutral));
    }
    out
}

/// `lead` and then `words`, each after a space, in lines of at most [`MOVES_WIDTH`]
/// characters (a line holds one word at least); later lines are indented like the first word.
fn wrap(lead: &str, words: &[&str]) -> String {
    let indent = " ".repeat(lead.chars().count());
    let mut out = String::new();
    let mut line = lead.to_owned();
    for (i, w) in words.iter().enumerate() {
        if i > 0 && line.chars().count() + 1 + w.chars().count() > MOVES_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clone_from(&indent);
        }
        line.push(' ');
        line.push_str(w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owned(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| (*m).to_owned()).collect()
    }

    #[test]
    fn moves_wrap_under_the_first_one() {
        let moves: Vec<String> = (0..30).map(|i| format!("{i},{i}")).collect();
        let text = move_lines(&moves);
        assert!(text.lines().all(|l| l.len() <= MOVES_WIDTH), "{text}");
        assert!(text
            .lines()
            .all(|l| l.starts_with("  ") && !l.starts_with("   ")));
        assert_eq!(text.split_whitespace().count(), 30, "{text}");
    }

    #[test]
    fn lgame_moves_are_grouped_by_placement() {
        let moves = owned(&[
            "a2a3a4b4",
            "a2a3a4b4 a1-b1",
            "a2a3a4b4 d4-b1",
            "a3a4b3c3 a1-a2",
        ]);
        assert_eq!(
            move_lines(&moves),
            "  a2a3a4b4 alone, or with a1-b1 d4-b1\n  a3a4b3c3 with a1-a2\n"
        );
        assert_eq!(move_lines(&owned(&["a2a3a4b4"])), "  a2a3a4b4\n");
    }
}
