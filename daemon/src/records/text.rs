//! Writing the text form: tag lines, then the numbered moves with the review's annotations
//! as `{...}` comments, then the result token (`docs/EXPORT.md`).

use engine::review::{Annotation, MoveReview};
use engine::{Outcome, Value};

use super::{format_date, format_time, result_token, GameRecord};

/// Longest line of movetext written (PGN's export format keeps lines under 80 characters).
pub const LINE_WIDTH: usize = 79;
/// Better moves named in a comment; the rest are summarised by `…` (JSON lists them all).
pub const BETTER_SHOWN: usize = 5;

/// The tags this format defines, in the order they are written. Any other tag is kept in
/// [`GameRecord::extra_tags`].
pub const KNOWN_TAGS: [&str; 16] = [
    "Event",
    "Game",
    "Piece",
    "Rule",
    "Size",
    "K",
    "Edge",
    "Play",
    "Start",
    "Seat0",
    "Seat1",
    "Date",
    "Time",
    "Result",
    "Termination",
    "Clock",
];

/// The event of a match played on this server.
pub(crate) const EVENT_PREFIX: &str = "grundy match ";

impl GameRecord {
    /// The record as text: tags, a blank line, the moves and the result. With a review (one
    /// entry per move, as [`engine::review::review`] returns), each move is followed by its
    /// annotation in a `{...}` comment.
    pub fn to_text(&self, review: Option<&[MoveReview]>) -> String {
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        };
        if let Some(id) = self.match_id {
            tag("Event", &format!("{EVENT_PREFIX}{id}"));
        }
        tag("Game", self.params.game.name());
        if let Some(piece) = &self.params.piece {
            tag("Piece", piece);
        }
        if let Some(rule) = &self.params.rule {
            tag("Rule", rule);
        }
        if let Some(size) = self.params.size {
            tag("Size", &size.to_string());
        }
        if let Some(k) = self.params.k {
            tag("K", &k.to_string());
        }
        if let Some(edge) = &self.params.edge {
            tag("Edge", edge);
        }
        if self.params.misere {
            tag("Play", "misere");
        }
        tag("Start", &self.start);
        tag("Seat0", &self.seats[0]);
        tag("Seat1", &self.seats[1]);
        if let Some(ms) = self.date {
            tag("Date", &format_date(ms));
            tag("Time", &format_time(ms));
        }
        tag("Result", result_token(self.result.as_ref()));
        if let Some(o) = &self.result {
            tag("Termination", o.reason.as_str());
        }
        if let Some(clock) = &self.clock {
            tag("Clock", &clock.to_string());
        }
        for (name, value) in &self.extra_tags {
            if self.writes_extra(name) {
                tag(name, value);
            }
        }
        out.push('\n');
        out.push_str(&wrap(&self.movetext_words(review)));
        out
    }

    /// Whether an extra tag can be written without clashing with a tag of the format.
    fn writes_extra(&self, name: &str) -> bool {
        let valid = !name.is_empty() && name.chars().all(is_tag_char);
        let clashes = if name == "Event" {
            self.match_id.is_some()
        } else {
            KNOWN_TAGS.contains(&name)
        };
        valid && !clashes
    }

    /// Move numbers, moves, comments and the result, as words to be wrapped into lines.
    fn movetext_words(&self, review: Option<&[MoveReview]>) -> Vec<String> {
        let mut words = Vec::new();
        let mut commented = false;
        for (i, mv) in self.moves.iter().enumerate() {
            // A move number stays on the line of its move.
            let number = i / 2 + 1;
            let mv = move_token(mv);
            words.push(if i % 2 == 0 {
                format!("{number}. {mv}")
            } else if commented {
                // After a comment, say whose move this is (PGN's `1...`).
                format!("{number}... {mv}")
            } else {
                mv
            });
            let r = review.and_then(|r| r.get(i));
            commented = r.is_some();
            if let Some(r) = r {
                words.extend(comment(r).split(' ').map(str::to_owned));
            }
        }
        words.push(result_token(self.result.as_ref()).to_owned());
        words
    }
}

/// A character allowed in a tag name.
pub(crate) fn is_tag_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// A move as one token: its spaces (the L-game's neutral move) become `_`.
pub fn move_token(notation: &str) -> String {
    notation.replace(' ', "_")
}

/// A tag value between double quotes: `\` and `"` escaped, control characters (which would
/// break the line) written as spaces.
fn escape(value: &str) -> String {
    let mut s = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                s.push('\\');
                s.push(c);
            }
            c if c.is_control() => s.push(' '),
            c => s.push(c),
        }
    }
    s
}

/// The comment of a reviewed move: `{best}`, or for instance
/// `{blunder: loss in 1 instead of win in 3; better 1,2 3,1}`.
pub fn comment(r: &MoveReview) -> String {
    if r.annotation == Annotation::Best {
        return "{best}".to_owned();
    }
    let achieved = describe(&r.after);
    let mut s = format!("{{{}: {achieved}", r.annotation);
    if let Some(best) = r.better.first() {
        let best = describe(&best.value);
        if best != achieved {
            s.push_str(&format!(" instead of {best}"));
        }
    }
    s.push_str("; better");
    for m in r.better.iter().take(BETTER_SHOWN) {
        s.push(' ');
        s.push_str(&move_token(&m.mv.to_string()));
    }
    if r.better.len() > BETTER_SHOWN {
        s.push_str(" …");
    }
    s.push('}');
    s
}

/// What a move achieves for its mover, from the value after it (the opponent's): `win in 3`,
/// `loss in 2`, `draw`; without a known remoteness just `win` or `loss`. The number counts
/// plies from the position before the move, the move included, as remoteness does: a move
/// that wins at once is `win in 1`, and one after which the opponent wins at once is
/// `loss in 2`.
pub fn describe(after: &Value) -> String {
    match (after.outcome.flip(), after.remoteness) {
        (Outcome::Draw, _) => "draw".to_owned(),
        (o, Some(r)) => format!("{o} in {}", r + 1),
        (o, None) => o.to_string(),
    }
}

/// Words joined by spaces into lines of at most [`LINE_WIDTH`] characters (a longer word
/// gets a line of its own), ending with a newline.
fn wrap(words: &[String]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.chars().count() + 1 + w.chars().count() > LINE_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}
