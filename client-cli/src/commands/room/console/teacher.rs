//! The teacher's side of the room's screen: the commands typed at the prompt (exercises,
//! switches, tournaments, exhibitions, results), and the boards of an exhibition the teacher
//! hosts, answered one after another.

use anyhow::Result;
use protocol::{ClockSpec, Format, GameParams, Message, NewTournament, Request, ServerBody};

use super::super::{print, spec, Switch};
use super::Console;
use crate::commands::{told, told_with, unexpected};
use client::{Client, Error as ClientError};

impl Console {
    /// Carries out a teacher's command (or, on an exhibition's board that waits, a move).
    pub(super) async fn teacher_line(&mut self, conn: &mut Client, line: &str) -> Result<()> {
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
            "hints" => Switch::Hints(on_off(rest, "cli-room-hints-usage")?).request(code),
            "engine" => Switch::Engine(rest.trim().to_owned()).request(code),
            "exam" => Switch::Exam(on_off(rest, "cli-room-exam-usage")?).request(code),
            "language" => Switch::Language(rest.trim().to_owned()).request(code),
            "release" => Request::ReleaseAnswers { code },
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
                            let nobody = Message::new("cli-err-nobody-called")
                                .text("who", who)
                                .text("id", t.id.to_string());
                            return Err(told(nobody));
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
            _ => return Err(told_with("cli-err-not-a-command", "word", word)),
        };
        match conn.request(request).await {
            // The teacher plays every board: followed from now on.
            Ok(ServerBody::Simul { simul, .. }) => {
                if simul.host_engine.is_none() {
                    self.host(conn, &simul).await?;
                }
                Ok(())
            }
            // Shown as the event that every teacher's screen receives.
            Ok(
                ServerBody::ExercisesSet { .. }
                | ServerBody::RoomSettings { .. }
                | ServerBody::AnswersReleased { .. }
                | ServerBody::Tournament { .. },
            ) => Ok(()),
            Ok(other) => Err(unexpected(&other)),
            Err(ClientError::Server(e)) => self.say(&format!("{}\n", e.message)),
            Err(e) => Err(e.into()),
        }
    }

    /// Writes the room's results as CSV to `file`.
    pub(super) async fn export(&mut self, conn: &mut Client, file: &str) -> Result<()> {
        if file.is_empty() {
            return Err(told(Message::new("cli-err-export-file")));
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

    /// The first board of an exhibition this teacher hosts that waits for their move.
    pub(super) fn board_to_play(&self) -> Option<&protocol::MatchState> {
        let me = self.player_id?;
        self.hosting.values().find(|s| {
            s.status == protocol::MatchStatus::Playing
                && s.to_move
                    .is_some_and(|seat| s.seats[usize::from(seat)].player_id == Some(me))
        })
    }

    /// Follows the boards of an exhibition this teacher hosts.
    pub(super) async fn host(&mut self, conn: &mut Client, s: &protocol::SimulView) -> Result<()> {
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
}

/// `on` or `off`, or the usage `usage` (a message) as the refusal.
fn on_off(text: &str, usage: &str) -> Result<bool> {
    match text.trim() {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => anyhow::bail!(client::lang::word(usage)),
    }
}

/// A tournament as the teacher types it: `GAME [size=N] [k=K] [misere] [START] [rounds=N]
/// [clock=5+3]`.
fn tournament_spec(code: &str, format: Format, text: &str) -> Result<NewTournament> {
    let mut words = text.split_whitespace();
    let game = words
        .next()
        .ok_or_else(|| told(Message::new("cli-err-name-the-game")))?;
    let game = game
        .parse()
        .map_err(|_| told_with("cli-err-unknown-game", "name", game))?;
    let mut params = GameParams::of(game);
    let (mut rounds, mut clock, mut start) = (None, None, Vec::new());
    for w in words {
        if let Some(n) = w.strip_prefix("size=") {
            params.size = Some(n.parse().map_err(|_| spec::not_a_number(w))?);
        } else if let Some(k) = w.strip_prefix("k=") {
            params.k = Some(k.parse().map_err(|_| spec::not_a_number(w))?);
        } else if w == "misere" || w == "misère" {
            params.misere = true;
        } else if let Some(r) = w.strip_prefix("rounds=") {
            rounds = Some(r.parse().map_err(|_| spec::not_a_number(w))?);
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
pub(super) const TEACHER_WORDS: [&str; 18] = [
    "ask",
    "homework",
    "hints",
    "engine",
    "exam",
    "release",
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
