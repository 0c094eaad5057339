//! The JSON form of a record: the same fields as the text form, and with a review each move's
//! annotation, values and every better move (the text form names only the first few).

use engine::review::MoveReview;
use engine::Value;
use protocol::{ClockSpec, GameParams, Message, Outcome};
use serde::{Deserialize, Serialize};

use super::{GameRecord, RecordError};

/// A record as JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonRecord {
    /// The match it was played as, on this server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_id: Option<i64>,
    /// The game and its parameters: `game`, `size`, `k`, `misere` (absent: normal play).
    #[serde(flatten)]
    pub params: GameParams,
    /// The start position.
    pub start: String,
    /// Seat 0 (the first mover) and seat 1.
    pub seats: [String; 2],
    /// When the match was created, Unix epoch milliseconds.
    #[serde(default)]
    pub date: Option<i64>,
    /// The result, `null` while not over.
    #[serde(default)]
    pub result: Option<Outcome>,
    /// The clock setting, `"5+3"`.
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    /// The moves, ply 1 first.
    pub moves: Vec<JsonMove>,
    /// Tags the text form does not define, as `[name, value]` pairs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra_tags: Vec<(String, String)>,
}

/// One move, with its review when one was given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonMove {
    /// 1 for the first move.
    pub ply: u32,
    /// The move in canonical notation (spaces kept).
    #[serde(rename = "move")]
    pub notation: String,
    /// How the move compares with the best one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<JsonReview>,
}

/// A move's review.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonReview {
    /// `best`, `inaccuracy`, `mistake` or `blunder`.
    pub annotation: String,
    /// The position before the move, for the mover.
    pub before: JsonValue,
    /// The position after the move, for the opponent.
    pub after: JsonValue,
    /// Every strictly better move, best first.
    pub better: Vec<JsonBetter>,
}

/// A value as the protocol writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonValue {
    /// `win`, `loss` or `draw`.
    pub outcome: String,
    /// Plies to the end under best play, when known.
    pub remoteness: Option<u64>,
    /// The Grundy number, when known.
    pub grundy: Option<u64>,
}

/// A better move and the value after it, for the opponent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonBetter {
    /// The move in canonical notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// The value after it, for the opponent.
    pub after: JsonValue,
}

impl From<Value> for JsonValue {
    fn from(v: Value) -> JsonValue {
        JsonValue {
            outcome: v.outcome.as_str().to_owned(),
            remoteness: v.remoteness,
            grundy: v.grundy,
        }
    }
}

impl From<&MoveReview> for JsonReview {
    fn from(r: &MoveReview) -> JsonReview {
        JsonReview {
            annotation: r.annotation.as_str().to_owned(),
            before: r.before.into(),
            after: r.after.into(),
            better: r
                .better
                .iter()
                .map(|m| JsonBetter {
                    notation: m.mv.to_string(),
                    after: m.value.into(),
                })
                .collect(),
        }
    }
}

impl GameRecord {
    /// The JSON form, with each move's review when `review` is given.
    pub fn to_json_record(&self, review: Option<&[MoveReview]>) -> JsonRecord {
        let moves = self
            .moves
            .iter()
            .enumerate()
            .map(|(i, notation)| JsonMove {
                ply: i as u32 + 1,
                notation: notation.clone(),
                review: review.and_then(|r| r.get(i)).map(JsonReview::from),
            })
            .collect();
        JsonRecord {
            match_id: self.match_id,
            params: self.params.clone(),
            start: self.start.clone(),
            seats: self.seats.clone(),
            date: self.date,
            result: self.result,
            clock: self.clock,
            moves,
            extra_tags: self.extra_tags.clone(),
        }
    }

    /// The JSON form as pretty-printed text.
    pub fn to_json(&self, review: Option<&[MoveReview]>) -> String {
        serde_json::to_string_pretty(&self.to_json_record(review))
            .expect("a record always serialises")
    }

    /// Reads the JSON form; reviews are ignored. The moves must be numbered 1, 2, 3, ...
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        let j: JsonRecord =
            serde_json::from_str(text).map_err(|e| RecordError::Json(unreadable(&e)))?;
        for (i, m) in j.moves.iter().enumerate() {
            if m.ply as usize != i + 1 {
                return Err(RecordError::Json(
                    Message::new("record-json-ply")
                        .text("move", (i + 1).to_string())
                        .text("ply", m.ply.to_string()),
                ));
            }
        }
        Ok(GameRecord {
            match_id: j.match_id,
            params: j.params,
            start: j.start,
            seats: j.seats,
            date: j.date,
            result: j.result,
            clock: j.clock,
            moves: j.moves.into_iter().map(|m| m.notation).collect(),
            extra_tags: j.extra_tags,
        })
    }
}

/// Why the JSON could not be read, and where: not well formed, cut short, a field missing,
/// or a value of the wrong kind (serde's own words for that one, which name the field).
fn unreadable(e: &serde_json::Error) -> Message {
    use serde_json::error::Category;
    let at = |m: Message| {
        m.text("line", e.line().to_string())
            .text("column", e.column().to_string())
    };
    let said = e.to_string();
    // serde's sentence without its " at line L column C".
    let said = said
        .rsplit_once(" at line ")
        .map_or(said.as_str(), |(s, _)| s);
    match e.classify() {
        Category::Eof => at(Message::new("record-json-cut")),
        Category::Syntax | Category::Io => at(Message::new("record-json-syntax")),
        Category::Data => match said
            .strip_prefix("missing field `")
            .and_then(|f| f.strip_suffix('`'))
        {
            Some(field) => Message::new("record-json-missing").text("field", field),
            None => at(Message::new("record-json-value")).text("error", said),
        },
    }
}
