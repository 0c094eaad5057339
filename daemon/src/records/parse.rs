//! Reading the text form: tag lines, then movetext (move numbers, moves, `{...}` and `;`
//! comments, the result token). Every error names its line and column, or its tag.

use std::collections::HashMap;

use engine::Variant;
use protocol::{ClockSpec, Game, GameParams, Message, MessageArg, Outcome, Reason, UnknownGame};

use super::text::{is_tag_char, EVENT_PREFIX, KNOWN_TAGS};
use super::{parse_date_time, GameRecord, RecordError, EMPTY_SEAT};

/// The result tokens, one of which ends the movetext.
pub const RESULT_TOKENS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// A word of movetext and where it starts.
#[derive(Debug)]
struct Token {
    line: usize,
    column: usize,
    text: String,
}

/// A tag as read: its line and value.
type TagValue = (usize, String);

impl GameRecord {
    /// Reads the text form. Unknown tags are kept, in order, in
    /// [`extra_tags`](GameRecord::extra_tags); comments are ignored. Moves are not checked
    /// against the rules here: [`GameRecord::validate`] does that.
    pub fn parse_text(text: &str) -> Result<GameRecord, RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lines: Vec<&str> = text.lines().collect();
        let mut known: HashMap<&'static str, TagValue> = HashMap::new();
        let mut match_id = None;
        let mut extra_tags = Vec::new();
        let mut first_move_line = lines.len();
        for (i, raw) in lines.iter().enumerate() {
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('%') {
                continue;
            }
            if !trimmed.starts_with('[') {
                first_move_line = i;
                break;
            }
            let (name, value) = tag_line(i + 1, raw)?;
            let event_id = (name == "Event")
                .then(|| value.strip_prefix(EVENT_PREFIX)?.parse::<i64>().ok())
                .flatten();
            if let Some(id) = event_id {
                if match_id.replace(id).is_some() {
                    let twice = Message::new("record-twice");
                    return Err(RecordError::tag(Some(i + 1), "Event", twice));
                }
            } else if let Some(&tag) = KNOWN_TAGS.iter().find(|&&t| t == name && t != "Event") {
                if let Some((first, _)) = known.insert(tag, (i + 1, value)) {
                    let message =
                        Message::new("record-twice-first").text("first", first.to_string());
                    return Err(RecordError::tag(Some(i + 1), tag, message));
                }
            } else {
                extra_tags.push((name, value));
            }
        }
        let tokens = tokenize(&lines, first_move_line)?;
        let (moves, result_at) = movetext(tokens, &lines)?;
        let fields = Fields { known };
        let (game, variant) = fields.game()?;
        let result = fields.result(result_at)?;
        Ok(GameRecord {
            match_id,
            params: GameParams {
                game,
                size: fields.number("Size")?,
                k: fields.number("K")?,
                piece: variant.defined_piece().map(|p| p.to_string()),
                rule: variant.rule().map(|r| r.to_string()),
                edge: variant.edge_formula(),
                misere: fields.play()?,
            },
            start: fields
                .text("Start")
                .unwrap_or_else(|| variant.start().to_string()),
            seats: [
                fields
                    .text("Seat0")
                    .unwrap_or_else(|| EMPTY_SEAT.to_owned()),
                fields
                    .text("Seat1")
                    .unwrap_or_else(|| EMPTY_SEAT.to_owned()),
            ],
            date: fields.date()?,
            result,
            clock: fields.clock()?,
            moves,
            extra_tags,
        })
    }
}

/// Reads `[Name "value"]` (spaces allowed around the parts; `\"` and `\\` escaped).
fn tag_line(line: usize, raw: &str) -> Result<(String, String), RecordError> {
    let chars: Vec<char> = raw.chars().collect();
    let err = |col: usize, problem: Message| {
        let message = Message::new("record-tag-form").with("problem", MessageArg::Message(problem));
        RecordError::syntax(line, col + 1, message)
    };
    let mut i = chars.iter().position(|&c| c == '[').unwrap_or(0) + 1;
    let skip_spaces = |mut i: usize| {
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        i
    };
    i = skip_spaces(i);
    let name_start = i;
    while i < chars.len() && is_tag_char(chars[i]) {
        i += 1;
    }
    if i == name_start {
        return Err(err(i, Message::new("record-tag-name")));
    }
    let name: String = chars[name_start..i].iter().collect();
    i = skip_spaces(i);
    if chars.get(i) != Some(&'"') {
        return Err(err(
            i,
            Message::new("record-tag-quotes").text("name", &name),
        ));
    }
    i += 1;
    let mut value = String::new();
    loop {
        match chars.get(i) {
            None => {
                return Err(err(
                    i,
                    Message::new("record-tag-unclosed").text("name", &name),
                ))
            }
            Some('"') => break,
            Some('\\') if matches!(chars.get(i + 1), Some('"' | '\\')) => {
                value.push(chars[i + 1]);
                i += 2;
            }
            Some(&c) => {
                value.push(c);
                i += 1;
            }
        }
    }
    i = skip_spaces(i + 1);
    if chars.get(i) != Some(&']') {
        return Err(err(
            i,
            Message::new("record-tag-bracket").text("name", &name),
        ));
    }
    i = skip_spaces(i + 1);
    if i < chars.len() {
        return Err(err(i, Message::new("record-tag-trailing")));
    }
    Ok((name, value))
}

/// The words of the movetext from line index `first` on, comments left out.
fn tokenize(lines: &[&str], first: usize) -> Result<Vec<Token>, RecordError> {
    let mut tokens = Vec::new();
    let mut open_comment: Option<(usize, usize)> = None;
    for (index, raw) in lines.iter().enumerate().skip(first) {
        let line = index + 1;
        if open_comment.is_none() && raw.starts_with('%') {
            continue;
        }
        let chars: Vec<char> = raw.chars().collect();
        let mut j = 0;
        while j < chars.len() {
            let c = chars[j];
            if open_comment.is_some() {
                if c == '}' {
                    open_comment = None;
                }
                j += 1;
            } else if c.is_whitespace() {
                j += 1;
            } else if c == '{' {
                open_comment = Some((line, j + 1));
                j += 1;
            } else if c == '}' {
                let stray = Message::new("record-comment-stray");
                return Err(RecordError::syntax(line, j + 1, stray));
            } else if c == ';' {
                break;
            } else {
                let start = j;
                while j < chars.len() && !chars[j].is_whitespace() && !matches!(chars[j], '{' | '}')
                {
                    j += 1;
                }
                tokens.push(Token {
                    line,
                    column: start + 1,
                    text: chars[start..j].iter().collect(),
                });
            }
        }
    }
    if let Some((line, column)) = open_comment {
        return Err(RecordError::syntax(
            line,
            column,
            Message::new("record-comment-open"),
        ));
    }
    Ok(tokens)
}

/// The moves (with `_` read back as spaces) and the result token with its place.
fn movetext(tokens: Vec<Token>, lines: &[&str]) -> Result<(Vec<String>, Token), RecordError> {
    let mut moves: Vec<String> = Vec::new();
    let mut result: Option<Token> = None;
    for mut t in tokens {
        if let Some(r) = &result {
            let message = Message::new("record-after-result")
                .text("token", &t.text)
                .text("result", &r.text);
            return Err(RecordError::syntax(t.line, t.column, message));
        }
        if RESULT_TOKENS.contains(&t.text.as_str()) {
            result = Some(t);
            continue;
        }
        if t.text.starts_with('[') {
            let message = Message::new("record-late-tag");
            return Err(RecordError::syntax(t.line, t.column, message));
        }
        let digits = t.text.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && t.text[digits..].starts_with('.') {
            let expected = moves.len() / 2 + 1;
            let number = t.text[..digits].parse::<usize>().ok();
            if number != Some(expected) {
                let message = Message::new("record-move-number")
                    .text("number", &t.text[..digits])
                    .text("expected", expected.to_string())
                    .text("ply", (moves.len() + 1).to_string());
                return Err(RecordError::syntax(t.line, t.column, message));
            }
            let dots = t.text[digits..].bytes().take_while(|&b| b == b'.').count();
            let rest = t.text[digits + dots..].to_owned();
            if rest.is_empty() {
                continue;
            }
            t.column += digits + dots;
            t.text = rest;
        }
        moves.push(t.text.replace('_', " "));
    }
    result.map(|r| (moves, r)).ok_or_else(|| {
        let line = lines.len().max(1);
        let column = lines.last().map_or(0, |l| l.chars().count()) + 1;
        RecordError::syntax(line, column, Message::new("record-no-result"))
    })
}

/// The known tags as read, turned into record fields with errors that name the tag.
struct Fields {
    known: HashMap<&'static str, TagValue>,
}

impl Fields {
    fn get(&self, tag: &str) -> Option<&TagValue> {
        self.known.get(tag)
    }

    fn text(&self, tag: &str) -> Option<String> {
        self.get(tag).map(|(_, v)| v.clone())
    }

    fn error(&self, tag: &str, message: Message) -> RecordError {
        RecordError::tag(self.get(tag).map(|(l, _)| *l), tag, message)
    }

    fn number<T: std::str::FromStr>(&self, tag: &str) -> Result<Option<T>, RecordError> {
        self.get(tag)
            .map(|(_, v)| {
                v.trim()
                    .parse::<T>()
                    .map_err(|_| self.error(tag, quoted("record-not-a-number", v)))
            })
            .transpose()
    }

    /// Whether the game was played misère: `[Play "misere"]` (or `misère`); `normal` or no
    /// tag is normal play.
    fn play(&self) -> Result<bool, RecordError> {
        match self.get("Play").map(|(_, v)| v.trim().to_ascii_lowercase()) {
            None => Ok(false),
            Some(v) if v == "normal" => Ok(false),
            Some(v) if v == "misere" || v == "misère" => Ok(true),
            Some(v) => Err(self.error("Play", quoted("record-play", &v))),
        }
    }

    /// The game name (canonical) and its variant, whose parameters are checked here so that
    /// the error names the offending tag.
    fn game(&self) -> Result<(Game, Variant), RecordError> {
        let Some((_, name)) = self.get("Game") else {
            return Err(self.error("Game", Message::new("record-no-game")));
        };
        let game: Game = name
            .parse()
            .map_err(|_: UnknownGame| self.error("Game", quoted("rule-unknown-game", name)))?;
        let kind = crate::convert::kind(game);
        let (size, k) = (self.number("Size")?, self.number("K")?);
        let (piece, rule, edge) = (self.text("Piece"), self.text("Rule"), self.text("Edge"));
        let variant = engine::Game::new(
            kind,
            size,
            k,
            piece.as_deref(),
            rule.as_deref(),
            edge.as_deref(),
            false,
        )
        .map_err(|e| {
            let tag = match (e.input(), size, k) {
                (input, _, _) if piece.as_deref() == Some(input) => "Piece",
                (input, _, _) if rule.as_deref() == Some(input) => "Rule",
                (input, _, _) if edge.as_deref() == Some(input) => "Edge",
                (_, Some(_), _) => "Size",
                (_, None, Some(_)) => "K",
                _ => "Game",
            };
            self.error(tag, crate::convert::message(&e.said()))
        })?;
        // A piece that moves as a named one is that game (`queen` for `RB`).
        let game = crate::convert::wire(variant.kind());
        Ok((game, variant.variant()))
    }

    /// The result from the result token, the `[Result]` tag (which must agree) and the
    /// `[Termination]` tag (required once the game is over).
    fn result(&self, token: Token) -> Result<Option<Outcome>, RecordError> {
        if let Some((line, tag)) = self.get("Result") {
            if !RESULT_TOKENS.contains(&tag.as_str()) {
                let message = quoted("record-bad-result", tag);
                return Err(RecordError::tag(Some(*line), "Result", message));
            }
            if *tag != token.text {
                let message = Message::new("record-result-differs")
                    .text("token", &token.text)
                    .text("line", line.to_string())
                    .text("tag", tag);
                return Err(RecordError::syntax(token.line, token.column, message));
            }
        }
        let reason =
            match self.get("Termination") {
                None => None,
                Some((_, v)) => Some(Reason::parse(v).ok_or_else(|| {
                    self.error("Termination", quoted("record-bad-termination", v))
                })?),
            };
        let winner = match token.text.as_str() {
            "1-0" => Some(0),
            "0-1" => Some(1),
            "1/2-1/2" => None,
            _ => {
                return match reason {
                    None => Ok(None),
                    Some(Reason::Aborted) => Ok(Some(Outcome {
                        winner: None,
                        reason: Reason::Aborted,
                    })),
                    Some(r) => Err(self.error(
                        "Termination",
                        Message::new("record-termination-not-over").text("reason", r.as_str()),
                    )),
                }
            }
        };
        let reason = reason.ok_or_else(|| {
            self.error(
                "Termination",
                Message::new("record-no-termination").text("result", &token.text),
            )
        })?;
        Ok(Some(Outcome { winner, reason }))
    }

    fn date(&self) -> Result<Option<i64>, RecordError> {
        let Some((_, date)) = self.get("Date").filter(|(_, d)| !d.contains('?')) else {
            return Ok(None);
        };
        parse_date_time(date, None).map_err(|e| self.error("Date", e))?;
        let time = self.get("Time").map(|(_, t)| t.as_str());
        parse_date_time(date, time)
            .map(Some)
            .map_err(|e| self.error("Time", e))
    }

    fn clock(&self) -> Result<Option<ClockSpec>, RecordError> {
        self.get("Clock")
            .map(|(_, v)| {
                let bad = || {
                    Message::new("record-clock")
                        .text("quoted", format!("{v:?}"))
                        .text("minutes", protocol::MAX_CLOCK_MINUTES.to_string())
                        .text("seconds", protocol::MAX_INCREMENT_SECONDS.to_string())
                };
                v.parse::<ClockSpec>()
                    .map_err(|_| self.error("Clock", bad()))
            })
            .transpose()
    }
}

/// Message `id` naming `value` as the record wrote it, in quotes (`"x" is not a number`).
fn quoted(id: &str, value: &str) -> Message {
    Message::new(id).text("quoted", format!("{value:?}"))
}
