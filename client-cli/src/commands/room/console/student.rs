//! The student's side of the room's screen: the exercise to answer next, and answers typed
//! for it (or `#N answer` for exercise N).

use anyhow::Result;
use protocol::{ExerciseInfo, Request, ServerBody};

use super::super::print;
use super::Console;
use crate::commands::unexpected;
use client::lang::word;
use client::{Client, Error as ClientError};

impl Console {
    /// The first open exercise this student has not answered.
    pub(super) fn current(&self) -> Option<&ExerciseInfo> {
        let now = crate::commands::now_ms();
        self.view.exercises.iter().find(|e| {
            e.deadline.is_none_or(|d| now <= d)
                && !self.view.answers.iter().any(|a| a.exercise_id == e.id)
        })
    }

    /// Shows the exercise to answer next, when it changed.
    pub(super) fn next_exercise(&mut self) -> Result<()> {
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

    /// Answers the exercise shown (or `#N answer`), or lists every exercise (`list`).
    pub(super) async fn student_line(&mut self, conn: &mut Client, line: &str) -> Result<()> {
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
                    self.say(&format!("{}\n", word("cli-room-no-exercise")))?;
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
}
