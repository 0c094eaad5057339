//! The room's screen: what the server announces printed as it comes, and lines typed at the
//! prompt. A student answers the exercise shown (or `#N answer` for exercise N); a teacher
//! sets exercises, switches hints and asks for the results. A dropped connection is taken up
//! again by itself.

use std::collections::HashSet;

use anyhow::Result;
use protocol::{AnswerInfo, Member, Role, RoomView, ServerBody};

mod games;
mod student;
mod teacher;

use super::{print, spec};
use crate::commands::editor::Typed;
use crate::commands::emit;
use crate::commands::session::{self, is_lost};
use crate::commands::typing::Typing;
use crate::commands::view::Mode;
use crate::render::Style;
use client::lang::{said, word};
use client::Client;
use protocol::Message;
use teacher::TEACHER_WORDS;

/// The room as this screen knows it.
struct Console {
    view: RoomView,
    me: String,
    style: Style,
    drawn: bool,
    /// The exercise last shown as the one to answer.
    shown: Option<i64>,
    /// How the person sees and types: a tournament game is played in the same way.
    mode: Mode,
    /// The name asked for in the room, to join again under it.
    as_name: Option<String>,
    /// Tournament games taken up already.
    played: HashSet<i64>,
    /// The boards of an exhibition this teacher hosts, as they stand.
    hosting: std::collections::BTreeMap<i64, protocol::MatchState>,
    printer: Option<std::rc::Rc<crate::commands::screen::Screen>>,
    /// Our player id on this server.
    player_id: Option<i64>,
}

/// Follows the room until the person leaves or the input ends.
pub async fn run(
    conn: &mut Client,
    view: RoomView,
    me: &str,
    as_name: Option<String>,
    mode: Mode,
) -> Result<()> {
    let style = match mode {
        Mode::Terminal(style) => style,
        Mode::Plain => Style { color: false },
    };
    let mut typing = Typing::start(mode);
    let mut c = Console {
        view,
        me: as_name.clone().unwrap_or_else(|| me.to_owned()),
        style,
        drawn: matches!(mode, Mode::Terminal(_)),
        shown: None,
        mode,
        as_name,
        played: HashSet::new(),
        hosting: std::collections::BTreeMap::new(),
        printer: typing.screen(),
        player_id: Some(conn.player_id()),
    };
    c.say(&print::heading(&c.view, &c.me, style))?;
    if c.teacher() {
        c.say(&format!("{}\n", word("cli-room-teacher-help")))?;
        typing.complete_from(
            TEACHER_WORDS
                .iter()
                .chain(spec::QUESTIONS.iter())
                .map(|s| (*s).to_owned())
                .collect(),
        );
    } else {
        typing.complete_from(
            ["win", "loss", "draw", "none", "list", "help", "quit"]
                .iter()
                .map(|s| (*s).to_owned())
                .collect(),
        );
    }
    c.next_exercise()?;
    if let Some(id) = c.my_game() {
        c.play(conn, id, &mut typing).await?;
    }
    loop {
        typing.set_prompt(c.prompt())?;
        tokio::select! {
            typed = typing.next() => match typed? {
                None | Some(Typed::Leave) => break,
                Some(Typed::Line(line)) => {
                    match c.line(conn, line.trim()).await {
                        Ok(true) => break,
                        Ok(false) => {}
                        Err(e) if is_lost(&e) => c.recover(conn, e).await?,
                        Err(e) => c.say(&format!("{e:#}\n"))?,
                    }
                }
            },
            event = conn.event() => match event {
                Ok(ServerBody::AnswersReleased { code }) if code == c.view.code => {
                    c.released(conn).await?;
                }
                Ok(body) => {
                    if let Some(id) = c.event(body)? {
                        c.play(conn, id, &mut typing).await?;
                    }
                }
                Err(e) => {
                    let e = anyhow::Error::from(e);
                    if !is_lost(&e) {
                        return Err(e);
                    }
                    c.recover(conn, e).await?;
                }
            },
        }
    }
    typing.close()?;
    Ok(())
}

impl Console {
    fn teacher(&self) -> bool {
        self.view.role == Role::Teacher
    }

    fn say(&self, text: &str) -> Result<()> {
        match &self.printer {
            Some(screen) => Ok(screen.print(text)?),
            None => emit(text),
        }
    }

    fn prompt(&self) -> String {
        if let Some(b) = self.board_to_play() {
            let student = b
                .seats
                .iter()
                .find(|s| s.player_id != self.player_id)
                .and_then(|s| s.name.clone())
                .unwrap_or_default();
            return format!("board {} ({student}) {}> ", b.match_id, b.position);
        }
        match (self.teacher(), self.current()) {
            (true, _) => format!("{}> ", self.view.code),
            (false, Some(e)) => {
                let number = print::number_of(&self.view, e.id).to_string();
                let told = Message::new("cli-room-exercise-prompt").text("number", number);
                format!("{} ", said(&told))
            }
            (false, None) => format!("{} ", word("cli-room-waiting-prompt")),
        }
    }

    /// Handles a typed line; `true` to leave.
    async fn line(&mut self, conn: &mut Client, line: &str) -> Result<bool> {
        match line {
            "" => return Ok(false),
            "quit" | "q" | "exit" => return Ok(true),
            "help" | "?" => {
                let help = match self.teacher() {
                    true => "cli-room-teacher-help",
                    false => "cli-room-student-help",
                };
                self.say(&format!("{}\n", word(help)))?;
                return Ok(false);
            }
            _ => {}
        }
        if self.teacher() {
            self.teacher_line(conn, line).await?;
        } else {
            self.student_line(conn, line).await?;
        }
        Ok(false)
    }

    /// Shows what the server announces, and keeps the view up to date; a tournament game of
    /// ours to play now, if one was just paired.
    fn event(&mut self, body: ServerBody) -> Result<Option<i64>> {
        match body {
            ServerBody::ExercisesSet { code, exercises } if code == self.view.code => {
                let mut added = Vec::new();
                for e in exercises {
                    if self.view.exercises.iter().any(|x| x.id == e.id) {
                        continue;
                    }
                    self.view.exercises.push(e.clone());
                    added.push(self.view.exercises.len().to_string());
                    if self.teacher() {
                        let n = self.view.exercises.len();
                        self.say(&print::exercise(n, &e, false, self.style))?;
                    }
                }
                let before = self.shown;
                self.next_exercise()?;
                if !self.teacher() && before.is_some() && self.shown == before && !added.is_empty()
                {
                    let told =
                        Message::new("cli-room-new-exercises").text("numbers", added.join(", "));
                    self.say(&format!("{}\n", said(&told)))?;
                }
            }
            ServerBody::Answered {
                code,
                answer,
                tally,
            } if code == self.view.code => {
                let n = print::number_of(&self.view, answer.exercise_id);
                self.say(&print::answered(n, &answer, &tally, self.style))?;
                self.keep_answer(answer);
                self.view
                    .tallies
                    .retain(|t| t.exercise_id != tally.exercise_id);
                self.view.tallies.push(tally);
            }
            ServerBody::RoomMember { code, member } if code == self.view.code => {
                self.member(member)?;
            }
            ServerBody::RoomLeft { code, player_id } if code == self.view.code => {
                if let Some(i) = self
                    .view
                    .members
                    .iter()
                    .position(|m| m.player_id == player_id)
                {
                    let gone = self.view.members.remove(i);
                    let told = Message::new("cli-room-member-gone").text("name", &gone.name);
                    self.say(&format!("{}\n", said(&told)))?;
                }
            }
            ServerBody::RoomSettings { code, settings } if code == self.view.code => {
                self.say(&format!("{}\n", print::settings(&settings)))?;
                self.view.settings = settings;
            }
            // Fell behind: the whole room again.
            ServerBody::Room { room } if room.code == self.view.code => {
                self.view = room;
                self.next_exercise()?;
                return Ok(self.my_game());
            }
            ServerBody::Simul { code, simul } if code == self.view.code => {
                let known = self.view.simuls.iter().position(|s| s.id == simul.id);
                self.simul_news(known.map(|i| &self.view.simuls[i]), &simul)?;
                match known {
                    Some(i) => self.view.simuls[i] = simul,
                    None => self.view.simuls.push(simul),
                }
                return Ok(self.my_game());
            }
            ServerBody::Match { state } if self.hosting.contains_key(&state.match_id) => {
                let newer = self.hosting[&state.match_id].ply < state.ply;
                if newer {
                    self.hosting.insert(state.match_id, state);
                }
            }
            ServerBody::Tournament { code, tournament } if code == self.view.code => {
                let known = self
                    .view
                    .tournaments
                    .iter()
                    .position(|t| t.id == tournament.id);
                let old = known.map(|i| self.view.tournaments[i].clone());
                self.news(old.as_ref(), &tournament)?;
                match known {
                    Some(i) => self.view.tournaments[i] = tournament,
                    None => self.view.tournaments.push(tournament),
                }
                return Ok(self.my_game());
            }
            _ => {}
        }
        Ok(None)
    }

    fn keep_answer(&mut self, answer: AnswerInfo) {
        self.view
            .answers
            .retain(|a| !(a.exercise_id == answer.exercise_id && a.player_id == answer.player_id));
        self.view.answers.push(answer);
    }

    fn member(&mut self, member: Member) -> Result<()> {
        let known = self
            .view
            .members
            .iter()
            .position(|m| m.player_id == member.player_id);
        let id = match (known, member.connected) {
            (None, _) => "cli-room-member-joined",
            (Some(_), true) => "cli-room-member-back",
            (Some(_), false) => "cli-room-member-left",
        };
        if member.role == Role::Student {
            let told = Message::new(id).text("name", &member.name);
            self.say(&format!("{}\n", said(&told)))?;
        }
        match known {
            Some(i) => self.view.members[i] = member,
            None => self.view.members.push(member),
        }
        Ok(())
    }

    /// Takes a lost connection up again and joins the room again.
    /// The teacher released the grades: the room read again, a student's grades shown.
    async fn released(&mut self, conn: &mut Client) -> Result<()> {
        let me = self.me.clone();
        let name = (me != conn.welcome().map_or("", |w| w.name.as_str())).then_some(me.as_str());
        self.view = super::join(conn, &self.view.code.clone(), name, None).await?;
        if self.teacher() {
            return self.say("the students see their grades and the solutions now\n");
        }
        self.say("your teacher released the answers:\n")?;
        for a in &self.view.answers {
            let n = print::number_of(&self.view, a.exercise_id);
            self.say(&print::grade(n, a, self.style))?;
        }
        Ok(())
    }

    async fn recover(&mut self, conn: &mut Client, cause: anyhow::Error) -> Result<()> {
        self.say(&format!("connection lost ({cause:#}); trying again…\n"))?;
        let (code, me) = (self.view.code.clone(), self.me.clone());
        let rejoin = async |c: &mut Client| {
            // Under the name asked for in the room, when it is not the player's.
            let name = (me != c.welcome().map_or("", |w| w.name.as_str())).then_some(me.as_str());
            super::join(c, &code, name, None).await
        };
        self.view = session::reconnected(conn, cause, rejoin).await?;
        self.say(&format!("back in room {}\n", self.view.code))?;
        self.shown = None;
        self.next_exercise()
    }
}
