//! The room's screen: what the server announces printed as it comes, and lines typed at the
//! prompt. A student answers the exercise shown (or `#N answer` for exercise N); a teacher
//! sets exercises, switches hints and asks for the results. A dropped connection is taken up
//! again by itself.

use std::collections::HashSet;
use std::time::Duration;

use anyhow::Result;
use protocol::{
    AnswerInfo, ClockSpec, ExerciseInfo, Format, GameParams, Member, NewTournament, Request, Role,
    RoomView, ServerBody, TournamentView,
};

use super::{print, spec};
use crate::commands::editor::Typed;
use crate::commands::session::{self, is_lost};
use crate::commands::typing::Typing;
use crate::commands::view::Mode;
use crate::commands::{describe, emit, unexpected};
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
engine LEVEL                 the strongest engine students may play: easy, medium, perfect,
                             none (only each other) or any
results                      who answered what; students: the class list
export FILE                  the results as CSV
swiss GAME [size=N] [k=K] [misere] [START] [rounds=N] [clock=5+3]
                             a Swiss tournament between the students here (START: standard,
                             random — one position a round — or a position)
roundrobin GAME [...]        everyone plays everyone once
next                         end the round now (games under way are adjudicated) and pair
standings                    the tournament's standings
withdraw NAME                take a student out of the tournament
simul GAME [...] [engine=LEVEL] [first=students]
                             play every student at once, one board each (or let the engine):
                             the prompt then shows the board waiting for your move
simul GAME [...] [engine=LEVEL] [first=students]
                             play every student at once, one board each (or let the engine):
                             the prompt then shows the board waiting for your move
                             (every board at once: grundy room view CODE in another terminal)
quit                         leave (the room goes on)";

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
        c.say(&format!("{TEACHER_HELP}\n"))?;
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
        // On an exhibition's board that waits: anything but a command is a move there.
        if let Some(board) = self.board_to_play().map(|b| b.match_id) {
            if !TEACHER_WORDS.contains(&word) {
                return match conn.request(Request::play(board, line)).await {
                    Ok(_) => Ok(()),
                    Err(ClientError::Server(e)) => self.say(&format!("{}\n", e.message)),
                    Err(e) => Err(e.into()),
                };
            }
        }
        let request = match word {
            "simul" => Request::StartSimul(simul_spec(&code, rest)?),
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
                hints: Some(match rest.trim() {
                    "on" => true,
                    "off" => false,
                    _ => anyhow::bail!("hints on, or hints off"),
                }),
                engine: None,
            },
            "engine" => Request::ConfigureRoom {
                code,
                hints: None,
                engine: Some(rest.trim().to_owned()),
            },
            "swiss" | "roundrobin" | "round-robin" => {
                let format = if word == "swiss" {
                    Format::Swiss
                } else {
                    Format::RoundRobin
                };
                Request::CreateTournament(tournament_spec(&code, format, rest)?)
            }
            "next" | "standings" | "withdraw" => {
                let Some(t) = self
                    .view
                    .tournaments
                    .iter()
                    .rev()
                    .find(|t| !t.finished)
                    .cloned()
                else {
                    return self
                        .say("no tournament is under way: start one with swiss or roundrobin\n");
                };
                match word {
                    "standings" => return self.say(&print::standings(&t, self.style)),
                    "next" => Request::NextRound {
                        code,
                        tournament_id: t.id,
                    },
                    _ => {
                        let who = rest.trim();
                        let Some(e) = t.entrants.iter().find(|e| e.name == who) else {
                            anyhow::bail!("nobody called {who:?} plays in tournament {}", t.id);
                        };
                        Request::WithdrawTournament {
                            code,
                            tournament_id: t.id,
                            player_id: Some(e.player_id),
                        }
                    }
                }
            }
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
            // The teacher plays every board: followed from now on.
            Ok(ServerBody::Simul { simul, .. }) => {
                if simul.host != "engine" && !simul.host.starts_with("engine (") {
                    self.host(conn, &simul).await?;
                }
                Ok(())
            }
            // Shown as the event that every teacher's screen receives.
            Ok(
                ServerBody::ExercisesSet { .. }
                | ServerBody::RoomSettings { .. }
                | ServerBody::Tournament { .. },
            ) => Ok(()),
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

    /// What changed in a tournament, as this member cares: for a teacher every result and
    /// round; for a student their byes; for both the standings at the end.
    fn news(&self, old: Option<&TournamentView>, t: &TournamentView) -> Result<()> {
        let me = self.view_player();
        if old.is_none() && self.teacher() {
            self.say(&format!(
                "tournament {} started: {} players, {} rounds\n",
                t.id,
                t.entrants.len(),
                t.rounds
            ))?;
        }
        if self.teacher() {
            for g in &t.games {
                let before = old.and_then(|o| o.games.iter().find(|x| x.match_id == g.match_id));
                if g.result.is_some() && before.is_some_and(|b| b.result.is_none()) {
                    let over = t
                        .games
                        .iter()
                        .filter(|x| x.round == g.round && x.result.is_some())
                        .count();
                    let all = t.games.iter().filter(|x| x.round == g.round).count();
                    self.say(&format!("{} · {over}/{all} over\n", print::game(t, g)))?;
                }
            }
        }
        if old.is_none_or(|o| o.round != t.round) && !t.finished {
            let games = t.games.iter().filter(|g| g.round == t.round).count();
            if self.teacher() {
                let plural = if games == 1 { "" } else { "s" };
                self.say(&format!(
                    "round {} of {} paired: {games} game{plural}\n",
                    t.round, t.rounds
                ))?;
            } else if t
                .byes
                .iter()
                .any(|b| b.round == t.round && Some(b.player_id) == me)
            {
                self.say(&format!(
                    "round {} of {}: you have the bye, which counts as a win\n",
                    t.round, t.rounds
                ))?;
            }
        }
        if t.finished && !old.is_some_and(|o| o.finished) {
            self.say(&print::standings(t, self.style))?;
        }
        Ok(())
    }

    /// An exhibition's news: its start, and for a teacher each board's end.
    fn simul_news(&self, old: Option<&protocol::SimulView>, s: &protocol::SimulView) -> Result<()> {
        if old.is_none() {
            self.say(&format!(
                "exhibition {}: {} plays {} boards of {} from {}\n",
                s.id,
                s.host,
                s.games.len(),
                describe(&s.params),
                s.start
            ))?;
        }
        if self.teacher() {
            for g in &s.games {
                let before = old.and_then(|o| o.games.iter().find(|x| x.match_id == g.match_id));
                if let (Some(r), true) = (&g.result, before.is_none_or(|b| b.result.is_none())) {
                    let over = s.games.iter().filter(|x| x.result.is_some()).count();
                    self.say(&format!(
                        "board {} · {}: {r} for {} · {over}/{} over\n",
                        g.match_id,
                        g.name,
                        g.name,
                        s.games.len()
                    ))?;
                }
            }
        }
        Ok(())
    }

    /// The first board of an exhibition this teacher hosts that waits for their move.
    fn board_to_play(&self) -> Option<&protocol::MatchState> {
        let me = self.player_id?;
        self.hosting.values().find(|s| {
            s.status == protocol::MatchStatus::Playing
                && s.to_move
                    .is_some_and(|seat| s.seats[usize::from(seat)].player_id == Some(me))
        })
    }

    /// Follows the boards of an exhibition this teacher hosts.
    async fn host(&mut self, conn: &mut Client, s: &protocol::SimulView) -> Result<()> {
        for g in &s.games {
            if let ServerBody::Match { state } = conn
                .request(Request::Watch {
                    match_id: g.match_id,
                })
                .await?
            {
                self.hosting.insert(g.match_id, state);
            }
        }
        Ok(())
    }

    /// Our player id, as the room's answers and tournaments name us.
    fn view_player(&self) -> Option<i64> {
        self.player_id
    }

    /// A tournament game of ours not over and not taken up yet.
    fn my_game(&mut self) -> Option<i64> {
        let me = self.player_id?;
        let tournament = self
            .view
            .tournaments
            .iter()
            .filter(|t| !t.finished)
            .flat_map(|t| t.games.iter())
            .find(|g| {
                g.result.is_none()
                    && (g.first == me || g.second == me)
                    && !self.played.contains(&g.match_id)
            })
            .map(|g| g.match_id);
        let simul = || {
            self.view
                .simuls
                .iter()
                .flat_map(|s| s.games.iter())
                .find(|g| {
                    g.result.is_none() && g.player_id == me && !self.played.contains(&g.match_id)
                })
                .map(|g| g.match_id)
        };
        let id = tournament.or_else(simul)?;
        self.played.insert(id);
        Some(id)
    }

    /// Plays tournament game `id` on this screen, then any other paired meanwhile.
    async fn play(&mut self, conn: &mut Client, mut id: i64, typing: &mut Typing) -> Result<()> {
        loop {
            if let Some((t, g)) = self
                .view
                .tournaments
                .iter()
                .find_map(|t| Some((t, t.games.iter().find(|g| g.match_id == id)?)))
            {
                let me = self.player_id.unwrap_or_default();
                let (other, side) = if g.first == me {
                    (g.second, "you move first")
                } else {
                    (g.first, "you move second")
                };
                let name = t
                    .entrants
                    .iter()
                    .find(|e| e.player_id == other)
                    .map_or_else(|| other.to_string(), |e| e.name.clone());
                self.say(&format!(
                    "{} · round {} of {}: you play {name}, {side}\n",
                    self.style.strong(&format!("Tournament {}", t.id)),
                    g.round,
                    t.rounds
                ))?;
            }
            let played = match session::watch(conn, id).await {
                Ok(state) => session::play_typed(conn, state, self.mode, typing).await,
                Err(e) => Err(e),
            };
            match played {
                Ok(()) => {}
                Err(e) if is_lost(&e) => self.recover(conn, e).await?,
                Err(e) => self.say(&format!("{e:#}\n"))?,
            }
            // What happened meanwhile (the next round may be paired already).
            self.view = super::join(conn, &self.view.code, self.as_name.as_deref(), None).await?;
            match self.my_game() {
                Some(next) => id = next,
                None => break,
            }
        }
        self.shown = None;
        self.next_exercise()
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

/// A tournament as the teacher types it: `GAME [size=N] [k=K] [misere] [START] [rounds=N]
/// [clock=5+3]`.
fn tournament_spec(code: &str, format: Format, text: &str) -> Result<NewTournament> {
    let mut words = text.split_whitespace();
    let game = words
        .next()
        .ok_or_else(|| anyhow::anyhow!("name the game: swiss nim rounds=5"))?
        .parse()?;
    let mut params = GameParams::of(game);
    let (mut rounds, mut clock, mut start) = (None, None, Vec::new());
    for w in words {
        if let Some(n) = w.strip_prefix("size=") {
            params.size = Some(
                n.parse()
                    .map_err(|_| anyhow::anyhow!("size={n}: not a number"))?,
            );
        } else if let Some(k) = w.strip_prefix("k=") {
            params.k = Some(
                k.parse()
                    .map_err(|_| anyhow::anyhow!("k={k}: not a number"))?,
            );
        } else if w == "misere" || w == "misère" {
            params.misere = true;
        } else if let Some(r) = w.strip_prefix("rounds=") {
            rounds = Some(
                r.parse()
                    .map_err(|_| anyhow::anyhow!("rounds={r}: not a number"))?,
            );
        } else if let Some(c) = w.strip_prefix("clock=") {
            clock = Some(c.parse::<ClockSpec>().map_err(anyhow::Error::msg)?);
        } else {
            start.push(w);
        }
    }
    Ok(NewTournament {
        code: code.to_owned(),
        params,
        start: if start.is_empty() {
            "standard".to_owned()
        } else {
            start.join(" ")
        },
        format,
        rounds,
        clock,
    })
}

/// The teacher's commands: on an exhibition's board, anything else is a move.
const TEACHER_WORDS: [&str; 16] = [
    "ask",
    "homework",
    "hints",
    "engine",
    "results",
    "students",
    "export",
    "swiss",
    "roundrobin",
    "round-robin",
    "next",
    "standings",
    "withdraw",
    "simul",
    "help",
    "quit",
];

/// An exhibition as the teacher types it: `GAME [size=N] [k=K] [misere] [START]
/// [engine=LEVEL] [first=students] [clock=5+3]`.
fn simul_spec(code: &str, text: &str) -> Result<protocol::NewSimul> {
    let mut host = protocol::Opponent::Human;
    let mut students_first = false;
    let mut rest = Vec::new();
    for w in text.split_whitespace() {
        if let Some(level) = w.strip_prefix("engine=") {
            host = protocol::Opponent::engine(level);
        } else if w == "first=students" {
            students_first = true;
        } else if w == "first=host" || w == "first=me" {
            students_first = false;
        } else {
            rest.push(w);
        }
    }
    let t = tournament_spec(code, Format::Swiss, &rest.join(" "))?;
    Ok(protocol::NewSimul {
        code: code.to_owned(),
        params: t.params,
        start: t.start,
        host,
        students_first,
        clock: t.clock,
    })
}
