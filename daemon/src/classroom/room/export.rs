//! A room's results as CSV (RFC 4180): one row per student and exercise, unanswered ones
//! included, so that a spreadsheet's pivot table gives each student's score. In the room's
//! language (English when it has none): the header, the games and the questions; the times
//! in the server's time zone, as a spreadsheet reads them.

use jiff::tz::TimeZone;
use protocol::{i18n, Message, Role};

use super::State;

impl State {
    /// The results as CSV, exercises in the order they were set, students in the order
    /// they joined.
    pub(crate) fn results_csv(&self) -> String {
        let s = self;
        let lang = s.settings.language.as_deref().unwrap_or("en");
        let word = |id: String| i18n::say(lang, &Message::new(id));
        let zone = TimeZone::system();
        // The header row; docs/CLASSROOM.md explains each column.
        let mut out = word("csv-header".to_owned());
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
                    word(format!("game-{}", r.params.game.name())),
                    r.params.size.map(|n| n.to_string()).unwrap_or_default(),
                    r.params.k.map(|k| k.to_string()).unwrap_or_default(),
                    u8::from(r.params.misere).to_string(),
                    r.position.clone(),
                    word(format!("csv-question-{}", r.question)),
                    r.solution.clone(),
                    m.row.name.clone(),
                    a.map(|a| a.answer.clone()).unwrap_or_default(),
                    a.map(|a| u8::from(a.correct).to_string())
                        .unwrap_or_default(),
                    a.map(|a| timestamp(a.answered_at, &zone))
                        .unwrap_or_default(),
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

/// `2026-11-24 18:15:02`: the time in `zone`, as a spreadsheet reads it.
fn timestamp(ms: i64, zone: &TimeZone) -> String {
    jiff::Timestamp::from_millisecond(ms)
        .map(|t| {
            t.to_zoned(zone.clone())
                .strftime("%Y-%m-%d %H:%M:%S")
                .to_string()
        })
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
        assert_eq!(timestamp(0, &TimeZone::UTC), "1970-01-01 00:00:00");
        let japan = TimeZone::fixed(jiff::tz::offset(9));
        assert_eq!(timestamp(0, &japan), "1970-01-01 09:00:00");
    }
}
