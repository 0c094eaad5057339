//! The room's screen: what the server announces printed as it comes, and lines typed at the
//! prompt. A student answers the exercise shown (or `#N answer` for exercise N); a teacher
//! sets exercises, switches hints and asks for the results. A dropped connection is taken up
//! again by itself.

use std::time::Duration;

use anyhow::Result;
use protocol::{AnswerInfo, ExerciseInfo, Member, Request, Role, RoomView, ServerBody};

use super::{print, spec};
use crate::commands::editor::Typed;
use crate::commands::session::is_lost;
use crate::commands::typing::Typing;
use crate::commands::view::Mode;
use crate::commands::{emit, unexpected};
use crate::render::Style;
use client::{Client, Error as ClientError};

/// How long a lost connection is tried again before giving up.
const RECONNECT_FOR: Duration = Duration::from_secs(120);

const STUDENT_HELP: &str = "\
Type the answer to the exercise shown: win, loss or draw; a number; a move; moves separated
by ; (or none). `#N answer` answers exercise N. list: every exercise and your answers.
quit: leave (your answers are kept).";

const TEACHER_HELP: &str = "\
ask SPEC [| SPEC …]          set exercises: GAME [size=N] [k=K] [misere] POSITION QUESTION
homework DURATION SPEC [| …] the same with a deadline (10m, 2h, 3d)
hints on|off                 whether students may ask for values meanwhile
results                      who answered what; students: the class list
export FILE                  the results as CSV
quit                         leave (the room goes on)";

/// The room as this screen knows it.
struct Console {
    view: RoomView,
    me: String,
    style: Style,
    drawn: bool,
    /// The exercise last shown as the one to answer.
    shown: Option<i64>,
    printer: Option<std::rc::Rc<crate::commands::screen::Screen>>,
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
        me: as_name.unwrap_or_else(|| me.to_owned()),
        style,
        drawn: matches!(mode, Mode::Terminal(_)),
        shown: None,
        printer: typing.screen(),
    };
    c.say(&print::heading(&c.view, &c.me, style))?;
    if c.teacher() {
        c.say(&format!("{TEACHER_HELP}\n"))?;
        typing.complete_from(
            [
                "ask", "homework", "hints", "results", "export", "quit", "help",
            ]
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
                Ok(body) => c.event(body)?,
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
        match (self.teacher(), self.current()) {
            (true, _) => format!("{}> ", self.view.code),
            (false, Some(e)) => format!("exercise {}> ", print::number_of(&self.view, e.id)),
            (false, None) => "waiting for an exercise> ".to_owned(),
        }
    }

    /// The first open exercise this student has not answered.
    fn current(&self) -> Option<&ExerciseInfo> {
        let now = crate::commands::now_ms();
        self.view.exercises.iter().find(|e| {
            e.deadline.is_none_or(|d| now <= d)
                && !self.view.answers.iter().any(|a| a.exercise_id == e.id)
        })
    }

    /// Shows the exercise to answer next, when it changed.
    fn next_exercise(&mut self) -> Result<()> {
        if self.teacher() {
            return Ok(());
        }
        let next = self.current().cloned();
        if next.as_ref().map(|e| e.id) != self.shown {
            self.shown = next.as_ref().map(|e| e.id);
            if let Some(e) = next {
                let n = print::number_of(&self.view, e.id);
                self.say(&print::exercise(n, &e, self.drawn, self.style))?;
            }
        }
        Ok(())
    }

    /// Handles a typed line; `true` to leave.
    async fn line(&mut self, conn: &mut Client, line: &str) -> Result<bool> {
        match line {
            "" => return Ok(false),
            "quit" | "q" | "exit" => return Ok(true),
            "help" | "?" => {
                let help = if self.teacher() {
                    TEACHER_HELP
                } else {
                    STUDENT_HELP
                };
                self.say(&format!("{help}\n"))?;
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

    async fn student_line(&mut self, conn: &mut Client, line: &str) -> Result<()> {
        if line == "list" {
            for (i, e) in self.view.exercises.iter().enumerate() {
                self.say(&print::exercise(i + 1, e, false, self.style))?;
                if let Some(a) = self.view.answers.iter().find(|a| a.exercise_id == e.id) {
                    self.say(&format!("  {}", print::grade(i + 1, a, self.style)))?;
                }
            }
            return Ok(());
        }
        // `#3 loss` answers exercise 3; anything else answers the one shown.
        let numbered = line.strip_prefix('#').and_then(|rest| {
            let (n, rest) = rest.split_once(' ').unwrap_or((rest, ""));
            let n: usize = n.trim().parse().ok()?;
            Some((self.view.exercises.get(n.checked_sub(1)?)?.id, rest.trim()))
        });
        let (id, answer) = match numbered {
            Some(pair) => pair,
            None => match self.current() {
                Some(e) => (e.id, line),
                None => {
                    self.say("no exercise is open: wait for your teacher to set one\n")?;
                    return Ok(());
                }
            },
        };
        let request = Request::Answer {
            code: self.view.code.clone(),
            exercise_id: id,
            answer: answer.to_owned(),
        };
        match conn.request(request).await {
            Ok(ServerBody::Graded { answer, .. }) => {
                let n = print::number_of(&self.view, id);
                self.say(&print::grade(n, &answer, self.style))?;
                self.view.answers.push(answer);
                self.next_exercise()?;
            }
            Ok(other) => return Err(unexpected(&other)),
            Err(ClientError::Server(e)) => self.say(&format!("{}\n", e.message))?,
            Err(e) => return Err(e.into()),
        }
        Ok(())
    }

    async fn teacher_line(&mut self, conn: &mut Client, line: &str) -> Result<()> {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let code = self.view.code.clone();
        let request = match word {
            "ask" | "homework" => {
                let (deadline, specs) = if word == "homework" {
                    let (d, specs) = rest.trim().split_once(' ').unwrap_or((rest, ""));
                    (Some(spec::duration(d).map_err(anyhow::Error::msg)?), specs)
                } else {
                    (None, rest)
                };
                let exercises = specs
                    .split('|')
                    .map(spec::parse)
                    .collect::<Result<Vec<_>>>()?;
                Request::SetExercises {
                    code,
                    exercises,
                    deadline_s: deadline,
                }
            }
            "hints" => Request::ConfigureRoom {
                code,
                settings: protocol::RoomSettings {
                    hints: match rest.trim() {
                        "on" => true,
                        "off" => false,
                        _ => anyhow::bail!("hints on, or hints off"),
                    },
                },
            },
            "results" | "students" | "export" => {
                // The view is up to date with every answer: the results need no request,
                // except the CSV, which the server writes.
                if word == "export" {
                    return self.export(conn, rest.trim()).await;
                }
                return self.say(&print::results(&self.view, self.style));
            }
            _ => anyhow::bail!("\"{word}\" is not a command here; type help"),
        };
        match conn.request(request).await {
            // Shown as the event that every teacher's screen receives.
            Ok(ServerBody::ExercisesSet { .. } | ServerBody::RoomSettings { .. }) => Ok(()),
            Ok(other) => Err(unexpected(&other)),
            Err(ClientError::Server(e)) => self.say(&format!("{}\n", e.message)),
            Err(e) => Err(e.into()),
        }
    }

    async fn export(&mut self, conn: &mut Client, file: &str) -> Result<()> {
        if file.is_empty() {
            anyhow::bail!("export FILE: name the CSV file to write");
        }
        let request = Request::ExportRoom {
            code: self.view.code.clone(),
        };
        match conn.request(request).await? {
            ServerBody::RoomExport { content, .. } => {
                std::fs::write(file, &content)?;
                let rows = content.lines().count().saturating_sub(1);
                self.say(&format!("{rows} rows written to {file}\n"))
            }
            other => Err(unexpected(&other)),
        }
    }

    /// Shows what the server announces, and keeps the view up to date.
    fn event(&mut self, body: ServerBody) -> Result<()> {
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
                    self.say(&format!(
                        "new: exercise {} (after this one; list shows every exercise)\n",
                        added.join(", ")
                    ))?;
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
            ServerBody::RoomSettings { code, settings } if code == self.view.code => {
                let state = if settings.hints { "on" } else { "off" };
                self.say(&format!("hints are now {state}\n"))?;
                self.view.settings = settings;
            }
            // Fell behind: the whole room again.
            ServerBody::Room { room } if room.code == self.view.code => {
                self.view = room;
                self.next_exercise()?;
            }
            _ => {}
        }
        Ok(())
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
        let what = match (known, member.connected) {
            (None, _) => "joined",
            (Some(_), true) => "is back",
            (Some(_), false) => "left",
        };
        if member.role == Role::Student {
            self.say(&format!("{} {what}\n", member.name))?;
        }
        match known {
            Some(i) => self.view.members[i] = member,
            None => self.view.members.push(member),
        }
        Ok(())
    }

    /// Takes a lost connection up again and joins the room again.
    async fn recover(&mut self, conn: &mut Client, cause: anyhow::Error) -> Result<()> {
        self.say(&format!("connection lost ({cause:#}); trying again…\n"))?;
        let started = tokio::time::Instant::now();
        let mut pause = Duration::from_millis(250);
        loop {
            tokio::time::sleep(pause).await;
            let back = match conn.reconnect().await {
                Ok(again) => {
                    *conn = again;
                    let name = (self.me != conn.welcome().map_or("", |w| w.name.as_str()))
                        .then(|| self.me.clone());
                    super::join(conn, &self.view.code, name.as_deref(), None).await
                }
                Err(e) => Err(e.into()),
            };
            match back {
                Ok(view) => {
                    self.view = view;
                    self.say(&format!("back in room {}\n", self.view.code))?;
                    self.shown = None;
                    return self.next_exercise();
                }
                Err(_) if started.elapsed() < RECONNECT_FOR => {
                    pause = (pause * 2).min(Duration::from_secs(5));
                }
                Err(e) => return Err(e),
            }
        }
    }
}
