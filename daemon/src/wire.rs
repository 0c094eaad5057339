//! Server messages as JSON text. serde_json writes every message but one: the answer to
//! `query`, which lists every move of a position (a queen far from the corner has thousands,
//! some 150 KB of JSON), is written here directly, with the same bytes serde_json would write
//! (the tests compare the two) at under half the cost.

use protocol::{Classification, MoveInfo, ServerBody, ServerMessage, ValueInfo};

/// Answers with fewer moves go through serde_json: the direct writer only pays off on long
/// lists.
const DIRECT_MIN_MOVES: usize = 64;

/// The JSON text of `m`.
pub fn to_json(m: &ServerMessage) -> Result<String, serde_json::Error> {
    match &m.body {
        ServerBody::Classification(c) if c.moves.len() >= DIRECT_MIN_MOVES => {
            Ok(classification(m.id, c))
        }
        _ => serde_json::to_string(m),
    }
}

/// `{"id":…,"type":"classification",…}` exactly as serde_json writes the derived types: the
/// fields in declaration order, flattened ones in place, `size` and `k` only when set.
fn classification(id: Option<u64>, c: &Classification) -> String {
    // Naming every field makes a new one a compile error here rather than a silent omission.
    let Classification {
        params,
        position,
        value,
        source,
        move_count,
        moves,
    } = c;
    let mut out = Json(String::with_capacity(256 + moves.len() * 112));
    out.raw("{");
    if let Some(id) = id {
        out.raw("\"id\":");
        out.number(id);
        out.raw(",");
    }
    out.raw("\"type\":\"classification\",\"game\":");
    out.string(&params.game);
    if let Some(size) = params.size {
        out.raw(",\"size\":");
        out.number(size);
    }
    if let Some(k) = params.k {
        out.raw(",\"k\":");
        out.number(u64::from(k));
    }
    out.raw(",\"position\":");
    out.string(position);
    out.raw(",");
    out.value(value);
    out.raw(",\"source\":");
    out.string(source);
    out.raw(",\"move_count\":");
    out.number(*move_count);
    out.raw(",\"moves\":[");
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            out.raw(",");
        }
        let MoveInfo {
            notation,
            position,
            value,
        } = m;
        out.raw("{\"move\":");
        out.string(notation);
        out.raw(",\"position\":");
        out.string(position);
        out.raw(",");
        out.value(value);
        out.raw("}");
    }
    out.raw("]}");
    out.0
}

/// A JSON text being written.
struct Json(String);

impl Json {
    fn raw(&mut self, s: &str) {
        self.0.push_str(s);
    }

    fn number(&mut self, n: u64) {
        self.0.push_str(itoa::Buffer::new().format(n));
    }

    fn optional(&mut self, n: Option<u64>) {
        match n {
            Some(n) => self.number(n),
            None => self.raw("null"),
        }
    }

    /// A string, escaped as serde_json escapes it (only `"`, `\` and control characters;
    /// notation never has them, so that case just defers to serde_json).
    fn string(&mut self, s: &str) {
        if s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
            match serde_json::to_string(s) {
                Ok(quoted) => self.0.push_str(&quoted),
                // Serializing a string cannot fail; write an empty one rather than nothing.
                Err(_) => self.0.push_str("\"\""),
            }
        } else {
            self.0.push('"');
            self.0.push_str(s);
            self.0.push('"');
        }
    }

    /// The three fields of a value, flattened into the object being written.
    fn value(&mut self, v: &ValueInfo) {
        let ValueInfo {
            outcome,
            grundy,
            remoteness,
        } = v;
        self.raw("\"outcome\":\"");
        self.raw(outcome.as_str());
        self.raw("\",\"grundy\":");
        self.optional(*grundy);
        self.raw(",\"remoteness\":");
        self.optional(*remoteness);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::{GameParams, Verdict};

    fn value(outcome: Verdict, grundy: Option<u64>, remoteness: Option<u64>) -> ValueInfo {
        ValueInfo {
            outcome,
            grundy,
            remoteness,
        }
    }

    fn answer(id: Option<u64>, size: Option<u64>, k: Option<u32>, moves: usize) -> ServerMessage {
        let verdicts = [Verdict::Win, Verdict::Loss, Verdict::Draw];
        let texts = [
            "1,3",
            "2:3",
            "a\"b\\c\u{1}d\ne",
            "...N/RRRB/RBBB/N... r",
            "ü €",
            "",
        ];
        ServerMessage {
            id,
            body: ServerBody::Classification(Classification {
                params: GameParams {
                    game: "que\"en".to_owned(),
                    size,
                    k,
                },
                position: "5,3\t".to_owned(),
                value: value(Verdict::Loss, Some(0), None),
                source: "table".to_owned(),
                move_count: u64::MAX,
                moves: (0..moves)
                    .map(|i| MoveInfo {
                        notation: texts[i % texts.len()].to_owned(),
                        position: texts[(i / 2) % texts.len()].to_owned(),
                        value: value(
                            verdicts[i % 3],
                            (i % 4 != 0).then_some(i as u64 * 7919),
                            (i % 5 != 0).then_some(u64::MAX - i as u64),
                        ),
                    })
                    .collect(),
            }),
        }
    }

    #[test]
    fn the_direct_writer_writes_what_serde_json_writes() {
        for id in [None, Some(0), Some(u64::MAX)] {
            for (size, k) in [
                (None, None),
                (Some(1024), None),
                (None, Some(1)),
                (Some(2), Some(0)),
            ] {
                for moves in [0, 1, 2, 63, 64, 65, 500] {
                    let m = answer(id, size, k, moves);
                    let expected = serde_json::to_string(&m).unwrap();
                    assert_eq!(
                        classification(
                            m.id,
                            match &m.body {
                                ServerBody::Classification(c) => c,
                                _ => unreachable!(),
                            }
                        ),
                        expected
                    );
                    assert_eq!(to_json(&m).unwrap(), expected);
                }
            }
        }
    }

    #[test]
    fn other_messages_are_written_by_serde_json() {
        let m = ServerMessage {
            id: Some(3),
            body: ServerBody::Pong,
        };
        assert_eq!(to_json(&m).unwrap(), serde_json::to_string(&m).unwrap());
    }
}
