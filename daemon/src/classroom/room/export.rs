//! A room's results as CSV (RFC 4180): one row per student and exercise, unanswered ones
//! included, so that a spreadsheet's pivot table gives each student's score.

use protocol::Role;

use super::State;

/// The header row; docs/CLASSROOM.md explains each column.
pub const CSV_HEADER: &str = "room,set,exercise,game,size,k,misere,position,question,solution,\
                              student,answer,correct,answered_at,seconds";

impl State {
    /// The results as CSV, exercises in the order they were set, students in the order
    /// they joined.
    pub(crate) fn results_csv(&self) -> String {
        let s = self;
        let mut out = String::from(CSV_HEADER);
        out.push_str("\r\n");
        for e in &s.exercises {
            let r = &e.row;
            for m in s.members.iter().filter(|m| m.row.role == Role::Student) {
                let a = s
                    .answers
                    .iter()
                    .find(|a| a.exercise_id == r.id && a.player_id == m.row.player_id);
                let fields = [
                    self.code.clone(),
                    r.set_no.to_string(),
                    r.id.to_string(),
                    r.params.game.name().to_owned(),
                    r.params.size.map(|n| n.to_string()).unwrap_or_default(),
                    r.params.k.map(|k| k.to_string()).unwrap_or_default(),
                    u8::from(r.params.misere).to_string(),
                    r.position.clone(),
                    r.question.clone(),
                    r.solution.clone(),
                    m.row.name.clone(),
                    a.map(|a| a.answer.clone()).unwrap_or_default(),
                    a.map(|a| u8::from(a.correct).to_string())
                        .unwrap_or_default(),
                    a.map(|a| timestamp(a.answered_at)).unwrap_or_default(),
                    a.map(|a| format!("{:.1}", (a.answered_at - r.set_at) as f64 / 1000.0))
                        .unwrap_or_default(),
                ];
                let line: Vec<String> = fields.iter().map(|f| field(f)).collect();
                out.push_str(&line.join(","));
                out.push_str("\r\n");
            }
        }
        out
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break (and, so that a
/// spreadsheet never runs it as a formula, when it starts with `=`, `+`, `-` or `@`).
fn field(text: &str) -> String {
    let risky = text.starts_with(['=', '+', '-', '@']);
    if risky || text.contains([',', '"', '\n', '\r']) {
        let quoted = text.replace('"', "\"\"");
        if risky {
            format!("\"'{quoted}\"")
        } else {
            format!("\"{quoted}\"")
        }
    } else {
        text.to_owned()
    }
}

/// `2026-11-24T09:15:02Z`.
fn timestamp(ms: i64) -> String {
    jiff::Timestamp::from_millisecond(ms)
        .map(|t| t.strftime("%Y-%m-%dT%H:%M:%SZ").to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_when_they_must_be() {
        assert_eq!(field("5,3"), "\"5,3\"");
        assert_eq!(field("ada"), "ada");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("=1+1"), "\"'=1+1\"");
        assert_eq!(timestamp(0), "1970-01-01T00:00:00Z");
    }
}
