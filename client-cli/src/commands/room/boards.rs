//! The teacher's view of a room: every board under way at once, as compact cards — the two
//! players, the position, whose turn, the clocks and, with analysis on, the exact value for
//! the player to move — with the tournament's standings and the exercises' progress below.
//! Full screen on a terminal (redrawn as the boards change; `a` switches analysis, `q`
//! leaves); `--once` prints it once, for a script or a projector's snapshot.

use std::collections::{BTreeMap, HashMap};
use std::io::Write as _;
use std::time::Duration;

use anyhow::Result;
use crossterm::event::{Event, EventStream, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, terminal};
use futures_util::StreamExt;
use protocol::{MatchState, MatchStatus, Message, Request, RoomView, ServerBody};
use tokio::time::Instant;

use super::print;
use crate::commands::{countdown, describe, emit, session, unexpected};
use crate::render::{pad, safe, shorten, Style};
use client::lang::{code_word, said, word};
use client::Client;

/// Width of one board's card, in columns.
const CARD: usize = 30;
/// Most redraws a second.
const REDRAW: Duration = Duration::from_millis(150);

/// What the view holds: the room, each live board's latest state, and the values asked for.
pub struct Boards {
    view: RoomView,
    /// Each board's latest state and when it came (a running clock counts down from it).
    states: BTreeMap<i64, (MatchState, Instant)>,
    /// (match, ply) → the value's words, for the player to move.
    values: HashMap<(i64, u32), String>,
    analysis: bool,
    style: Style,
}

impl Boards {
    /// The boards of `view`'s tournaments and exhibitions under way (followed once
    /// [`Boards::follow`] ran).
    pub fn new(view: RoomView, analysis: bool, style: Style) -> Boards {
        Boards {
            view,
            states: BTreeMap::new(),
            values: HashMap::new(),
            analysis,
            style,
        }
    }

    /// The games under way that the view does not follow yet.
    fn unfollowed(&self) -> Vec<i64> {
        let tournaments = self.view.tournaments.iter().flat_map(|t| t.games.iter());
        let simuls = self.view.simuls.iter().flat_map(|s| s.games.iter());
        let open = tournaments
            .filter(|g| g.result.is_none())
            .map(|g| g.match_id)
            .chain(simuls.filter(|g| g.result.is_none()).map(|g| g.match_id));
        open.filter(|id| !self.states.contains_key(id)).collect()
    }

    /// Follows every board under way not followed yet; values them when analysis is on.
    pub async fn follow(&mut self, conn: &mut Client) -> Result<()> {
        for id in self.unfollowed() {
            match conn.request(Request::Watch { match_id: id }).await? {
                ServerBody::Match { state } => {
                    self.states.insert(id, (state, Instant::now()));
                }
                other => return Err(unexpected(&other)),
            }
        }
        self.value_all(conn).await
    }

    /// Asks the value of every board shown whose value is not known (analysis on).
    async fn value_all(&mut self, conn: &mut Client) -> Result<()> {
        if !self.analysis {
            return Ok(());
        }
        let wanted: Vec<MatchState> = self
            .states
            .values()
            .map(|(s, _)| s)
            .filter(|s| s.status == MatchStatus::Playing)
            .filter(|s| !self.values.contains_key(&(s.match_id, s.ply)))
            .cloned()
            .collect();
        for s in wanted {
            let request = Request::Query {
                params: s.params.clone(),
                position: s.position.clone(),
                limit: Some(0),
            };
            let words = match conn.request(request).await {
                Ok(ServerBody::Classification(c)) => {
                    let who = s
                        .to_move
                        .map_or_else(String::new, |seat| name(&s, seat).to_owned());
                    let outcome = code_word("outcome", c.value.outcome.as_str());
                    let value = match c.value.remoteness {
                        Some(r) => Message::new("cli-boards-value-in").text("plies", r.to_string()),
                        None => Message::new("cli-boards-value"),
                    };
                    said(&value.text("outcome", outcome).text("who", who))
                }
                Ok(other) => return Err(unexpected(&other)),
                Err(client::Error::Server(e)) => {
                    said(&Message::new("cli-boards-value-unknown").text("code", e.code.as_str()))
                }
                Err(e) => return Err(e.into()),
            };
            self.values.insert((s.match_id, s.ply), words);
        }
        Ok(())
    }

    /// Takes in what the server announces; whether the picture changed.
    pub fn event(&mut self, body: ServerBody) -> bool {
        match body {
            ServerBody::Match { state } => match self.states.get_mut(&state.match_id) {
                Some(known) => {
                    *known = (state, Instant::now());
                    true
                }
                None => false,
            },
            ServerBody::Tournament { code, tournament } if code == self.view.code => {
                // A round over: its boards make room for the next round's.
                let live: Vec<i64> = tournament
                    .games
                    .iter()
                    .filter(|g| g.result.is_none())
                    .map(|g| g.match_id)
                    .collect();
                self.states
                    .retain(|id, (s, _)| live.contains(id) || s.status == MatchStatus::Playing);
                match self
                    .view
                    .tournaments
                    .iter_mut()
                    .find(|t| t.id == tournament.id)
                {
                    Some(t) => *t = tournament,
                    None => self.view.tournaments.push(tournament),
                }
                true
            }
            ServerBody::Simul { code, simul } if code == self.view.code => {
                match self.view.simuls.iter_mut().find(|s| s.id == simul.id) {
                    Some(s) => *s = simul,
                    None => self.view.simuls.push(simul),
                }
                true
            }
            ServerBody::Answered { tally, answer, .. } => {
                self.view
                    .tallies
                    .retain(|t| t.exercise_id != tally.exercise_id);
                self.view.tallies.push(tally);
                self.view.answers.push(answer);
                true
            }
            ServerBody::ExercisesSet { exercises, .. } => {
                self.view.exercises.extend(exercises);
                true
            }
            ServerBody::Room { room } => {
                self.view = room;
                true
            }
            ServerBody::RoomSettings { code, settings } if code == self.view.code => {
                // The room's language changed: the projector speaks it from now on.
                if let Some(lang) = &settings.language {
                    client::lang::set(lang);
                }
                self.view.settings = settings;
                true
            }
            _ => false,
        }
    }

    /// Whether a board's clock is running.
    fn clocks_running(&self) -> bool {
        self.states
            .values()
            .any(|(s, _)| s.clock.as_ref().is_some_and(|c| c.running.is_some()))
    }

    /// The whole picture, `width` columns wide.
    pub fn render(&self, width: usize) -> String {
        let st = self.style;
        let room = Message::new("cli-boards-room").text("room", &self.view.code);
        let mut out = format!(
            "{} · {} · {}\n",
            st.strong(&said(&room)),
            self.view.name,
            word("cli-boards-every")
        );
        let live: Vec<&(MatchState, Instant)> = self
            .states
            .values()
            .filter(|(s, _)| s.status == MatchStatus::Playing)
            .collect();
        let over = self.states.len() - live.len();
        let under_way = Message::new(if over > 0 {
            "cli-boards-under-way-over"
        } else {
            "cli-boards-under-way"
        })
        .count("live", live.len() as u64)
        .text("over", over.to_string());
        let analysis = word(if self.analysis {
            "cli-boards-analysis-on"
        } else {
            "cli-boards-analysis-off"
        });
        out.push_str(&format!(
            "{} · {analysis} · {}\n\n",
            said(&under_way),
            word("cli-boards-keys")
        ));
        let per_row = (width / (CARD + 2)).max(1);
        for row in live.chunks(per_row) {
            let cards: Vec<Vec<String>> = row.iter().map(|(s, at)| self.card(s, *at)).collect();
            let height = cards.iter().map(Vec::len).max().unwrap_or(0);
            for line in 0..height {
                let cells: Vec<String> = cards
                    .iter()
                    .map(|c| pad(c.get(line).map_or("", String::as_str), CARD))
                    .collect();
                out.push_str(cells.join("  ").trim_end());
                out.push('\n');
            }
            out.push('\n');
        }
        if let Some(t) = self.view.tournaments.iter().rev().find(|t| !t.finished) {
            out.push_str(&print::standings(t, st));
        }
        if let Some(last) = self.view.exercises.last() {
            let set: Vec<_> = self
                .view
                .exercises
                .iter()
                .enumerate()
                .filter(|(_, e)| e.set == last.set)
                .collect();
            let head = Message::new("cli-boards-set").text("set", last.set.to_string());
            out.push_str(&format!("\n{}", said(&head)));
            for (i, e) in set {
                let t = self.view.tallies.iter().find(|t| t.exercise_id == e.id);
                let tally = Message::new("cli-boards-tally")
                    .text("number", (i + 1).to_string())
                    .text("answered", t.map_or(0, |t| t.answered).to_string())
                    .text("students", t.map_or(0, |t| t.students).to_string())
                    .text("correct", t.map_or(0, |t| t.correct).to_string());
                out.push_str(&format!("  {}", said(&tally)));
            }
            out.push('\n');
        }
        out
    }

    /// One board: `17 · ada – bob`, the game and position, whose turn with the clocks, and
    /// the value.
    fn card(&self, s: &MatchState, at: Instant) -> Vec<String> {
        let st = self.style;
        let mut lines = vec![
            st.strong(&shorten(
                &format!("{} · {} – {}", s.match_id, name(s, 0), name(s, 1)),
                CARD,
            )),
            shorten(&format!("{} · {}", describe(&s.params), s.position), CARD),
        ];
        let turn = match s.to_move {
            Some(seat) => said(&Message::new("cli-boards-to-move").text("name", name(s, seat))),
            None => word("cli-boards-waiting"),
        };
        let ply = Message::new("cli-boards-ply")
            .text("ply", s.ply.to_string())
            .text("turn", turn);
        lines.push(shorten(&said(&ply), CARD));
        if let Some(c) = &s.clock {
            // The running clock counts down from when the state came.
            let left = |seat: u8| {
                let ms = Duration::from_millis(c.remaining_ms[usize::from(seat)]);
                match c.running == Some(seat) {
                    true => ms.saturating_sub(at.elapsed()),
                    false => ms,
                }
            };
            let clock = Message::new("cli-boards-clock")
                .text("first", countdown::format(left(0)))
                .text("second", countdown::format(left(1)));
            lines.push(said(&clock));
        }
        if self.analysis {
            let v = self
                .values
                .get(&(s.match_id, s.ply))
                .map_or("…", String::as_str);
            lines.push(st.dim(&shorten(v, CARD)));
        }
        lines
    }
}

fn name(s: &MatchState, seat: u8) -> &str {
    s.seats[usize::from(seat)].name.as_deref().unwrap_or("?")
}

/// Prints the boards once.
pub async fn once(conn: &mut Client, view: RoomView, analysis: bool, style: Style) -> Result<()> {
    let mut b = Boards::new(view, analysis, style);
    b.follow(conn).await?;
    let width = terminal::size().map_or(100, |(w, _)| usize::from(w));
    emit(&b.render(width))
}

/// The full-screen view, until `q` (or Esc, or Ctrl-C). A lost connection (the server
/// restarting) is taken up again, the room joined again with `owner_token`.
pub async fn full_screen(
    conn: &mut Client,
    view: RoomView,
    analysis: bool,
    style: Style,
    owner_token: Option<&str>,
) -> Result<()> {
    let mut b = Boards::new(view, analysis, style);
    b.follow(conn).await?;
    let mut out = std::io::stdout();
    terminal::enable_raw_mode()?;
    execute!(out, terminal::EnterAlternateScreen, cursor::Hide)?;
    let shown = run(conn, &mut b, owner_token).await;
    execute!(out, cursor::Show, terminal::LeaveAlternateScreen)?;
    terminal::disable_raw_mode()?;
    shown
}

async fn run(conn: &mut Client, b: &mut Boards, owner_token: Option<&str>) -> Result<()> {
    let mut keys = EventStream::new();
    let mut tick = tokio::time::interval(REDRAW);
    let mut dirty = true;
    let mut last_second = Instant::now();
    loop {
        tokio::select! {
            _ = tick.tick() => {
                // Running clocks are redrawn every second.
                if last_second.elapsed() >= Duration::from_secs(1) && b.clocks_running() {
                    last_second = Instant::now();
                    dirty = true;
                }
                if dirty {
                    draw(b)?;
                    dirty = false;
                }
            }
            key = keys.next() => match key {
                Some(Ok(Event::Key(k))) if quits(&k) => return Ok(()),
                Some(Ok(Event::Key(k)))
                    if k.kind != KeyEventKind::Release && k.code == KeyCode::Char('a') =>
                {
                    b.analysis = !b.analysis;
                    b.value_all(conn).await?;
                    dirty = true;
                }
                Some(Ok(Event::Resize(..))) => dirty = true,
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e.into()),
                None => return Ok(()),
            },
            event = conn.event() => match event {
                Ok(event) => {
                    if b.event(event) {
                        b.follow(conn).await?;
                        dirty = true;
                    }
                }
                Err(e) => {
                    let cause = anyhow::Error::from(e);
                    if !session::is_lost(&cause) {
                        return Err(cause);
                    }
                    if !take_up_again(conn, b, owner_token, cause, &mut keys).await? {
                        return Ok(());
                    }
                    dirty = true;
                }
            }
        }
    }
}

/// Takes a lost connection up again (the server restarting), shown on the screen: the room
/// joined again and every board followed again. `false` when left meanwhile with `q`.
async fn take_up_again(
    conn: &mut Client,
    b: &mut Boards,
    owner_token: Option<&str>,
    cause: anyhow::Error,
    keys: &mut EventStream,
) -> Result<bool> {
    let lost = Message::new("cli-boards-lost").text("cause", format!("{cause:#}"));
    let lost = said(&lost);
    show(&lost, false)?;
    let code = b.view.code.clone();
    let rejoin = async |c: &mut Client| super::join(c, &code, None, owner_token).await;
    let view = {
        let back = session::reconnected(conn, cause, rejoin);
        tokio::pin!(back);
        loop {
            tokio::select! {
                view = &mut back => break view?,
                key = keys.next() => match key {
                    Some(Ok(Event::Key(k))) if quits(&k) => return Ok(false),
                    Some(Err(e)) => return Err(e.into()),
                    None => return Ok(false),
                    _ => {}
                },
            }
        }
    };
    b.view = view;
    b.states.clear();
    b.follow(conn).await?;
    Ok(true)
}

/// Whether `k` leaves the view: `q`, Esc or Ctrl-C.
fn quits(k: &crossterm::event::KeyEvent) -> bool {
    k.kind != KeyEventKind::Release
        && match k.code {
            KeyCode::Char('q') | KeyCode::Esc => true,
            KeyCode::Char('c') => k.modifiers.contains(KeyModifiers::CONTROL),
            _ => false,
        }
}

fn draw(b: &Boards) -> Result<()> {
    let (w, _) = terminal::size()?;
    show(&b.render(usize::from(w)), b.style.color)
}

/// `text` alone on the cleared screen, made safe for the terminal.
fn show(text: &str, color: bool) -> Result<()> {
    let text = safe::terminal(text, color);
    let mut out = std::io::stdout().lock();
    execute!(
        out,
        cursor::MoveTo(0, 0),
        terminal::Clear(terminal::ClearType::All)
    )?;
    // Raw mode: every line starts at the left edge.
    out.write_all(text.replace('\n', "\r\n").as_bytes())?;
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(simuls: &str) -> RoomView {
        let json = format!(
            r#"{{"code":"U7DK","name":"class","role":"teacher","settings":{{"hints":false}},
                "members":[],"exercises":[],"answers":[],"simuls":[{simuls}]}}"#
        );
        serde_json::from_str(&json).expect("a room view")
    }

    const SIMUL: &str = r#"{"id":1,"game":"chocolate","k":3,"start":"5,3,13",
        "host":"engine (easy)","students_first":false,"finished":false,
        "games":[{"match_id":7,"player_id":2,"name":"ada"},
                 {"match_id":8,"player_id":3,"name":"bob","result":"win"}]}"#;

    #[test]
    fn an_exhibition_s_boards_under_way_are_followed() {
        let b = Boards::new(view(SIMUL), false, Style { color: false });
        assert_eq!(b.unfollowed(), [7]);
        // One started later is picked up from its event.
        let mut b = Boards::new(view(""), false, Style { color: false });
        assert!(b.unfollowed().is_empty());
        let simul = serde_json::from_str(SIMUL).expect("an exhibition");
        let code = "U7DK".to_owned();
        assert!(b.event(ServerBody::Simul { code, simul }));
        assert_eq!(b.unfollowed(), [7]);
    }
}
