//! How a room is shown: an exercise with its board, a grade, an answer arriving on the
//! teacher's screen, and the results as a grid of students by exercises.

use client::lang::{code_word, said, word};
use protocol::{AnswerInfo, ExerciseInfo, Message, Role, RoomView, Tally};

use crate::commands::describe;
use crate::render::{board, format_millis, Columns, Style};

/// The number students see: an exercise's place in the room, from 1.
pub fn number_of(view: &RoomView, exercise_id: i64) -> usize {
    view.exercises
        .iter()
        .position(|e| e.id == exercise_id)
        .map_or(0, |i| i + 1)
}

/// The room's first line.
pub fn heading(view: &RoomView, me: &str, style: Style) -> String {
    let role = match view.role {
        Role::Teacher => "cli-room-you-teacher",
        Role::Student => "cli-room-you-student",
    };
    let room = Message::new("cli-room").text("code", &view.code);
    format!(
        "{} · {} · {} · {}\n",
        style.strong(&said(&room)),
        view.name,
        said(&Message::new(role).text("name", me)),
        settings(&view.settings)
    )
}

/// `hints are off; students may play the engine up to easy`.
pub fn settings(s: &protocol::RoomSettings) -> String {
    let hints = word(if s.hints {
        "cli-room-hints-on"
    } else {
        "cli-room-hints-off"
    });
    let engine = match s.engine.as_deref() {
        None => word("cli-room-any-engine"),
        Some("none") => word("cli-room-no-engine"),
        Some(level) => {
            let level = code_word("level", level);
            said(&Message::new("cli-room-engine-up-to").text("level", level))
        }
    };
    let id = if s.exam {
        "cli-room-settings-exam"
    } else {
        "cli-room-settings"
    };
    let settings = said(&Message::new(id).text("hints", hints).text("engine", engine));
    match s.language.as_deref() {
        Some(lang) => {
            let language = code_word("language", lang);
            let m = Message::new("cli-room-settings-language")
                .text("settings", settings)
                .text("language", language);
            said(&m)
        }
        None => settings,
    }
}

/// An exercise: its number, game, position and deadline, the board, and the question (and,
/// for a teacher or after the deadline, the solution).
pub fn exercise(number: usize, e: &ExerciseInfo, drawn: bool, style: Style) -> String {
    let title = Message::new("cli-exercise").text("number", number.to_string());
    let set = Message::new("cli-exercise-set").text("set", e.set.to_string());
    let mut out = format!(
        "{} · {} · {} · {}",
        style.strong(&said(&title)),
        said(&set),
        describe(&e.params),
        e.position
    );
    if let Some(d) = e.deadline {
        let until = Message::new("cli-exercise-until").text("time", format_millis(d as i64));
        out.push_str(&format!(" · {}", said(&until)));
    }
    out.push('\n');
    if drawn {
        out.push_str(&board(e.params.game, &e.board, style));
    }
    // The question in the process's language (`prompt-grundy`, …), else as the server said it.
    let prompt = Message::new(format!("prompt-{}", e.question));
    let asked = match protocol::i18n::knows(&prompt) {
        true => said(&prompt),
        false => e.prompt.clone(),
    };
    out.push_str(&format!("  {asked}\n"));
    if let Some(s) = &e.solution {
        out.push_str(&format!("  {} {s}\n", style.dim(&word("cli-solution"))));
    }
    out
}

/// A grade, as its student reads it (during an exam: that the answer is kept).
pub fn grade(number: usize, a: &AnswerInfo, style: Style) -> String {
    let mark = if a.withheld {
        style.dim(&word("grade-kept"))
    } else if a.correct {
        style.strong(&word("grade-right"))
    } else {
        style.red(&word("grade-wrong"))
    };
    // The reason in the process's language, when the server sent it as a message.
    let why = match &a.explanation_message {
        Some(m) if protocol::i18n::knows(m) => said(m),
        _ => a.explanation.clone(),
    };
    let line = Message::new("grade-line")
        .text("mark", mark)
        .text("number", number.to_string())
        .text("answer", &a.answer);
    format!("{}: {why}\n", said(&line))
}

/// An answer arriving on a teacher's screen, with the tally so far.
pub fn answered(number: usize, a: &AnswerInfo, t: &Tally, style: Style) -> String {
    let mark = if a.correct {
        style.strong("✓")
    } else {
        style.red("✗")
    };
    let exercise = Message::new("cli-room-answer")
        .text("number", number.to_string())
        .text("answer", &a.answer)
        .text("mark", mark);
    let tally = Message::new("exercise-tally")
        .text("answered", t.answered.to_string())
        .text("students", t.students.to_string())
        .text("correct", t.correct.to_string());
    format!("{} · {} · {}\n", a.name, said(&exercise), said(&tally))
}

/// The results: one row per student, one column per exercise (✓ right, ✗ wrong, · not
/// answered), the score; then each exercise's answers, commonest first.
pub fn results(view: &RoomView, style: Style) -> String {
    let numbers: Vec<String> = (1..=view.exercises.len()).map(|n| n.to_string()).collect();
    let (student, score) = (word("students-head"), word("students-score"));
    let mut header = vec![student.as_str()];
    header.extend(numbers.iter().map(String::as_str));
    header.push(score.as_str());
    let mut grid = Columns::new(&header);
    for m in view.members.iter().filter(|m| m.role == Role::Student) {
        let mut row = vec![m.name.clone()];
        let mut right = 0;
        for e in &view.exercises {
            let a = view
                .answers
                .iter()
                .find(|a| a.exercise_id == e.id && a.player_id == m.player_id);
            right += usize::from(a.is_some_and(|a| a.correct));
            row.push(match a {
                Some(a) if a.correct => "✓".to_owned(),
                Some(_) => "✗".to_owned(),
                None => "·".to_owned(),
            });
        }
        row.push(format!("{right}/{}", view.exercises.len()));
        grid.push(row);
    }
    let mut out = grid.render(2, &|h| style.dim(h), &|_, _, cell| match cell.trim() {
        "✓" => style.strong(cell),
        "✗" => style.red(cell),
        _ => cell.to_owned(),
    });
    for (i, e) in view.exercises.iter().enumerate() {
        let Some(t) = view.tallies.iter().find(|t| t.exercise_id == e.id) else {
            continue;
        };
        let bars: Vec<String> = t
            .histogram
            .iter()
            .map(|h| {
                let text = format!("{} ×{}", h.answer, h.count);
                if h.correct {
                    style.strong(&text)
                } else {
                    text
                }
            })
            .collect();
        let tally = Message::new("cli-results-tally")
            .text("answered", t.answered.to_string())
            .text("students", t.students.to_string())
            .text("correct", t.correct.to_string());
        out.push_str(&format!(
            "  {}: {} {} {} = {} · {}{}{}\n",
            i + 1,
            describe(&e.params),
            e.position,
            e.question,
            e.solution.as_deref().unwrap_or("?"),
            said(&tally),
            if bars.is_empty() { "" } else { " · " },
            bars.join(", ")
        ));
    }
    out
}

/// A tournament's standings as a table, leader first.
pub fn standings(t: &protocol::TournamentView, style: Style) -> String {
    let caption = Message::new(if t.finished {
        "tournament-caption-over"
    } else {
        "tournament-caption"
    })
    .text("id", t.id.to_string())
    .text(
        "format",
        word(match t.format {
            protocol::Format::Swiss => "format-swiss",
            protocol::Format::RoundRobin => "format-round_robin",
        }),
    )
    .text("game", describe(&t.params))
    .text("round", t.round.to_string())
    .text("rounds", t.rounds.to_string());
    let mut out = format!("{}\n", style.strong(&said(&caption)));
    let mut table = Columns::said(&[
        "standings-rank",
        "standings-player",
        "standings-points",
        "standings-buchholz",
        "standings-sb",
        "cli-standings-won",
        "cli-standings-games",
    ]);
    for s in &t.standings {
        let withdrawn = t
            .entrants
            .iter()
            .any(|e| e.player_id == s.player_id && e.withdrawn);
        table.push(vec![
            s.rank.to_string(),
            if withdrawn {
                said(&Message::new("cli-standings-withdrawn").text("name", &s.name))
            } else {
                s.name.clone()
            },
            s.points.clone(),
            s.buchholz.clone(),
            s.sonneborn_berger.clone(),
            s.wins.to_string(),
            s.games.to_string(),
        ]);
    }
    out.push_str(&table.render(2, &|h| style.dim(h), &|_, _, cell| cell.to_owned()));
    out
}

/// `ada 1-0 bob`: a game and its result, with the players' names.
pub fn game(t: &protocol::TournamentView, g: &protocol::TournamentGame) -> String {
    let name = |id: i64| {
        t.entrants
            .iter()
            .find(|e| e.player_id == id)
            .map_or_else(|| id.to_string(), |e| e.name.clone())
    };
    // How it ended, where that is not the board's own ending: a resignation, a flag...
    let loser = match g.result.as_deref() {
        Some("1-0") => name(g.second),
        Some("0-1") => name(g.first),
        _ => String::new(),
    };
    let played = match g.reason {
        Some(r) => Message::new("cli-tournament-game-how")
            .text("how", crate::commands::reason_words(r, &loser)),
        None => Message::new("cli-tournament-game"),
    };
    let played = played
        .text("round", g.round.to_string())
        .text("match", g.match_id.to_string());
    format!(
        "{} {} {} ({})",
        name(g.first),
        g.result.as_deref().unwrap_or("–"),
        name(g.second),
        said(&played)
    )
}
