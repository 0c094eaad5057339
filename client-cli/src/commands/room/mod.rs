//! `grundy room`: a class on the server. A teacher opens a room and sets exercises; students
//! join with its code and answer; the server grades every answer exactly, at once.

mod boards;
mod console;
mod print;
mod spec;

use std::io::IsTerminal;

use anyhow::{bail, Context, Result};
use protocol::{Message, Request, RoomSettings, RoomView, ServerBody};

use super::view::Mode;
use super::{emit, print_json, unexpected};
use crate::render::Style;
use client::lang::{said, word};
use client::Client;

/// Examples shown by `grundy room --help`.
pub const HELP: &str = "\
A teacher opens a room and reads its code out; students join with it. The teacher's screen
shows every answer as it arrives; a student's shows each exercise and its grade.

Exercises are written GAME [piece=P] [rule=R|set=S|code=C] [size=N] [k=K|edge=F] [misere] POSITION QUESTION [remoteness=A..B],
the question being outcome, grundy, winning_move, winning_moves or remoteness; POSITION may
be `random` (drawn by the server; remoteness=A..B sets how long the game lasts).

Examples:
  grundy room open \"3B maths\"                 open a room and follow it (the teacher's screen)
  grundy room join K7Q2                        join as a student and answer the exercises
  grundy room join K7Q2 --as ada2              under another name in the room
  grundy room leave K7Q2                       leave a room joined by mistake
  grundy room ask K7Q2 'queen 5,3 outcome' 'nim 3,4,5 winning_moves' --deadline 10m
  grundy room ask K7Q2 'queen size=20 random remoteness=3..6 remoteness'
  grundy room answer K7Q2 1 loss               answer exercise 1 without the interactive screen
  grundy room view K7Q2 --analysis             every board under way, with its exact value
  grundy room results K7Q2                     who answered what, and each exercise's answers
  grundy room results K7Q2 --csv > 3b.csv      one row per student and exercise
  grundy room results K7Q2 --csv --bom > 3b.csv   the same for Excel (UTF-8 with a BOM)
  grundy room hints K7Q2 on                    let students ask for values again
  grundy room engine K7Q2 easy                 students may play the engine at easy only
  grundy room language K7Q2 ja                 the projector and the CSV in Japanese";

/// Arguments of `grundy room`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: RoomCommand,
    /// The room's owner token (from `room open`), to act as its teacher under another
    /// identity or on another machine.
    #[arg(
        long,
        global = true,
        env = "GRUNDY_OWNER_TOKEN",
        hide_env_values = true
    )]
    owner_token: Option<String>,
}

#[derive(Debug, clap::Subcommand)]
enum RoomCommand {
    /// Open a room (you are its teacher) and follow it.
    Open {
        /// The room's name, such as "3B maths".
        #[arg(value_name = "NAME")]
        title: String,
        /// Let students ask for values while they have an exercise open.
        #[arg(long)]
        hints: bool,
        /// The strongest engine students may play: easy, medium, perfect, or none.
        #[arg(long, value_name = "LEVEL", value_parser = ["easy", "medium", "perfect", "none"])]
        engine: Option<String>,
        /// Hold an exam: while it lasts nobody but this room's teachers gets analysis, plays
        /// the engine or sees values on a board, anywhere on the server, and students see
        /// their grades once released (docs/CLASSROOM.md).
        #[arg(long)]
        exam: bool,
        /// The room's language for the projector's boards and the results' CSV: en or ja
        /// (default: each reader's own; the CSV in English).
        #[arg(long, value_name = "LANG", value_parser = ["en", "ja"])]
        language: Option<String>,
        /// Print the room as JSON and exit (the owner token included).
        #[arg(long)]
        json: bool,
    },
    /// Join a room: students answer its exercises, teachers follow the answers.
    Join {
        /// The room's code, such as K7Q2.
        code: String,
        /// The name to go by in the room (default: your name).
        #[arg(long = "as", value_name = "NAME")]
        as_name: Option<String>,
    },
    /// Set exercises (teachers): one or several, answered as a set.
    Ask {
        /// The room's code.
        code: String,
        /// Exercises: 'GAME [piece=P] [rule=R|set=S|code=C] [size=N] [k=K|edge=F] [misere] POSITION QUESTION [remoteness=A..B]'.
        #[arg(required = true)]
        exercises: Vec<String>,
        /// Answers are taken for this long (90s, 10m, 2h, 3d); for ever by default.
        #[arg(long, value_parser = spec::duration)]
        deadline: Option<u64>,
        /// Print the exercises as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Answer exercise N (students), without the interactive screen.
    Answer {
        /// The room's code.
        code: String,
        /// The exercise's number in the room, from 1.
        number: usize,
        /// The answer: win/loss/draw, a number, a move, moves separated by `;`, or none.
        answer: String,
        /// Print the grade as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Who answered what (teachers), or the results as CSV.
    Results {
        /// The room's code.
        code: String,
        /// One CSV row per student and exercise.
        #[arg(long, conflicts_with = "json")]
        csv: bool,
        /// Start the CSV with a byte-order mark, so that Excel (a Japanese one too) reads it
        /// as UTF-8.
        #[arg(long, requires = "csv")]
        bom: bool,
        /// The room as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Every board under way at once, the standings and the exercises' progress (teachers):
    /// full screen, redrawn as the boards change.
    View {
        /// The room's code.
        code: String,
        /// Show each board's exact value for the player to move (`a` switches it).
        #[arg(long)]
        analysis: bool,
        /// Print the view once and exit.
        #[arg(long)]
        once: bool,
    },
    /// Switch hints on or off (teachers).
    Hints {
        /// The room's code.
        code: String,
        /// on or off.
        #[arg(value_parser = ["on", "off"])]
        state: String,
    },
    /// Exam mode on or off (teachers): see `room open --exam`.
    Exam {
        /// The room's code.
        code: String,
        /// on or off.
        #[arg(value_parser = ["on", "off"])]
        state: String,
    },
    /// Leave a room joined by mistake (students who have not answered or played there).
    Leave {
        /// The room's code.
        code: String,
    },
    /// Tell the room's students their grades and the solutions (teachers).
    Release {
        /// The room's code.
        code: String,
    },
    /// The strongest engine the room's students may play (teachers).
    Engine {
        /// The room's code.
        code: String,
        /// easy, medium, perfect, none (only each other) or any (no limit).
        #[arg(value_parser = ["easy", "medium", "perfect", "none", "any"])]
        level: String,
    },
    /// The room's language for the projector's boards and the results' CSV (teachers).
    Language {
        /// The room's code.
        code: String,
        /// en, ja, or reader (each reader's own again).
        #[arg(value_parser = ["en", "ja", "reader"])]
        language: String,
    },
}

/// Runs a `grundy room` command.
pub async fn run(conn: &mut Client, args: Args, name: &str) -> Result<()> {
    let style = Style::for_stdout();
    let token = args.owner_token.as_deref();
    match args.command {
        RoomCommand::Open {
            title,
            hints,
            engine,
            exam,
            language,
            json,
        } => {
            let view = room(
                conn.request(Request::CreateRoom {
                    name: title,
                    settings: RoomSettings {
                        hints,
                        engine,
                        exam,
                        language,
                    },
                })
                .await?,
            )?;
            if json {
                return print_json(&view);
            }
            let token = view.owner_token.clone().unwrap_or_default();
            let open = Message::new("cli-room-opened").text("room", style.strong(&view.code));
            emit(&format!(
                "{}\n\n    grundy room join {}\n\n{}\n    {token}\n",
                said(&open),
                view.code,
                word("cli-room-owner-token")
            ))?;
            if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
                console::run(conn, view, name, None, Mode::detect()).await?;
            }
            Ok(())
        }
        RoomCommand::Join { code, as_name } => {
            let view = join(conn, &code, as_name.as_deref(), token).await?;
            console::run(conn, view, name, as_name, Mode::detect()).await
        }
        RoomCommand::Ask {
            code,
            exercises,
            deadline,
            json,
        } => {
            let view = join(conn, &code, None, token).await?;
            let specs = exercises
                .iter()
                .map(|e| spec::parse(e))
                .collect::<Result<Vec<_>>>()?;
            let set = match conn
                .request(Request::SetExercises {
                    code: view.code.clone(),
                    exercises: specs,
                    deadline_s: deadline,
                })
                .await?
            {
                ServerBody::ExercisesSet { exercises, .. } => exercises,
                other => return Err(unexpected(&other)),
            };
            if json {
                return print_json(&set);
            }
            let before = view.exercises.len();
            for (i, e) in set.iter().enumerate() {
                emit(&print::exercise(before + i + 1, e, false, style))?;
            }
            Ok(())
        }
        RoomCommand::Answer {
            code,
            number,
            answer,
            json,
        } => {
            let view = join(conn, &code, None, token).await?;
            let e = number
                .checked_sub(1)
                .and_then(|i| view.exercises.get(i))
                .with_context(|| {
                    format!(
                        "room {} has {} exercises; answer one of 1 to {}",
                        view.code,
                        view.exercises.len(),
                        view.exercises.len()
                    )
                })?;
            let graded = match conn
                .request(Request::Answer {
                    code: view.code.clone(),
                    exercise_id: e.id,
                    answer,
                })
                .await?
            {
                ServerBody::Graded { answer, .. } => answer,
                other => return Err(unexpected(&other)),
            };
            if json {
                return print_json(&graded);
            }
            emit(&print::grade(number, &graded, style))
        }
        RoomCommand::Results {
            code,
            csv,
            bom,
            json,
        } => {
            let view = join(conn, &code, None, token).await?;
            if json {
                return print_json(&view);
            }
            if csv {
                return match conn
                    .request(Request::ExportRoom {
                        code: view.code.clone(),
                    })
                    .await?
                {
                    ServerBody::RoomExport { content, .. } if bom => {
                        emit(&format!("\u{feff}{content}"))
                    }
                    ServerBody::RoomExport { content, .. } => emit(&content),
                    other => Err(unexpected(&other)),
                };
            }
            if view.members.is_empty() {
                let only = Message::new("cli-err-results-teachers").text("room", &view.code);
                bail!(said(&only));
            }
            emit(&print::heading(&view, name, style))?;
            emit(&print::results(&view, style))
        }
        RoomCommand::View {
            code,
            analysis,
            once,
        } => {
            let view = join(conn, &code, None, token).await?;
            if view.members.is_empty() {
                let only = Message::new("cli-room-view-teachers").text("room", &view.code);
                bail!(said(&only));
            }
            // What the whole class reads is in the room's language, when it has one.
            if let Some(lang) = &view.settings.language {
                client::lang::set(lang);
            }
            let tty = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
            if once || !tty {
                boards::once(conn, view, analysis, style).await
            } else {
                boards::full_screen(conn, view, analysis, style, token).await
            }
        }
        RoomCommand::Hints { code, state } => {
            configure(conn, &code, token, Switch::Hints(state == "on")).await
        }
        RoomCommand::Engine { code, level } => {
            configure(conn, &code, token, Switch::Engine(level)).await
        }
        RoomCommand::Exam { code, state } => {
            configure(conn, &code, token, Switch::Exam(state == "on")).await
        }
        RoomCommand::Language { code, language } => {
            configure(conn, &code, token, Switch::Language(language)).await
        }
        RoomCommand::Leave { code } => {
            let view = join(conn, &code, None, token).await?;
            let request = Request::LeaveRoom {
                code: view.code.clone(),
            };
            match conn.request(request).await? {
                ServerBody::RoomLeft { code, .. } => {
                    let left = Message::new("cli-room-left").text("room", code);
                    emit(&format!("{}\n", said(&left)))
                }
                other => Err(unexpected(&other)),
            }
        }
        RoomCommand::Release { code } => {
            let view = join(conn, &code, None, token).await?;
            let request = Request::ReleaseAnswers {
                code: view.code.clone(),
            };
            match conn.request(request).await? {
                ServerBody::AnswersReleased { code } => {
                    let released = Message::new("cli-room-released").text("room", code);
                    emit(&format!("{}\n", said(&released)))
                }
                other => Err(unexpected(&other)),
            }
        }
    }
}

/// One of a room's switches, set to a value: what [`configure`] changes.
pub enum Switch {
    Hints(bool),
    Engine(String),
    Exam(bool),
    Language(String),
}

impl Switch {
    /// The request that sets it in room `code`, the other switches left as they are.
    pub fn request(self, code: String) -> Request {
        let (mut hints, mut engine, mut exam, mut language) = (None, None, None, None);
        match self {
            Switch::Hints(on) => hints = Some(on),
            Switch::Engine(level) => engine = Some(level),
            Switch::Exam(on) => exam = Some(on),
            Switch::Language(lang) => language = Some(lang),
        }
        Request::ConfigureRoom {
            code,
            hints,
            engine,
            exam,
            language,
        }
    }
}

/// Changes a room's switches and says how they stand.
async fn configure(
    conn: &mut Client,
    code: &str,
    token: Option<&str>,
    switch: Switch,
) -> Result<()> {
    let view = join(conn, code, None, token).await?;
    match conn.request(switch.request(view.code.clone())).await? {
        ServerBody::RoomSettings { settings, .. } => {
            let line = Message::new("cli-room-switches")
                .text("room", &view.code)
                .text("settings", print::settings(&settings));
            emit(&format!("{}\n", said(&line)))
        }
        other => Err(unexpected(&other)),
    }
}

/// Joins the room with `code` on this connection.
pub async fn join(
    conn: &mut Client,
    code: &str,
    name: Option<&str>,
    owner_token: Option<&str>,
) -> Result<RoomView> {
    room(
        conn.request(Request::JoinRoom {
            code: code.to_owned(),
            name: name.map(str::to_owned),
            owner_token: owner_token.map(str::to_owned),
        })
        .await?,
    )
}

fn room(body: ServerBody) -> Result<RoomView> {
    match body {
        ServerBody::Room { room } => Ok(room),
        other => Err(unexpected(&other)),
    }
}
