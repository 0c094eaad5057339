//! The answer to `query` as JSON text. It lists every move of a position (a queen far from
//! the corner has thousands, some 150 KB of JSON), so it is written here straight from the
//! engine's values, with the same bytes serde_json writes for the protocol's
//! `ServerMessage` (the tests compare the two). Every other message goes through serde_json.

use std::fmt::Write as _;

use engine::{AnyMove, AnyPosition, Classification};
use protocol::ValueInfo;

use super::Answer;
use crate::convert::value_info;

/// `{"id":…,"type":"classification",…}` exactly as serde_json writes the protocol's types: the
/// fields in declaration order, flattened ones in place, `size`, `k`, `piece`, `rule` and `edge`
/// only when set.
pub fn classification(id: Option<u64>, answer: &Answer) -> String {
    // Naming every field makes a new one a compile error here rather than a silent omission.
    let Classification {
        position,
        value,
        source,
        moves,
        move_count,
    } = &answer.classification;
    let params = crate::convert::params(answer.game);
    let mut out = Json {
        text: String::with_capacity(256 + moves.len() * 112),
        scratch: String::new(),
    };
    out.raw("{");
    if let Some(id) = id {
        out.raw("\"id\":");
        out.number(id);
        out.raw(",");
    }
    out.raw("\"type\":\"classification\",\"game\":");
    out.string(params.game.name());
    if let Some(size) = params.size {
        out.raw(",\"size\":");
        out.number(size);
    }
    if let Some(k) = params.k {
        out.raw(",\"k\":");
        out.number(u64::from(k));
    }
    if let Some(piece) = &params.piece {
        out.raw(",\"piece\":");
        out.string(piece);
    }
    if let Some(rule) = &params.rule {
        out.raw(",\"rule\":");
        out.string(rule);
    }
    if let Some(edge) = &params.edge {
        out.raw(",\"edge\":");
        out.string(edge);
    }
    if params.misere {
        out.raw(",\"misere\":true");
    }
    out.raw(",\"position\":");
    out.display(position);
    out.raw(",\"board\":");
    // A board is a few numbers (a sum's, a few per component): serde writes it.
    match serde_json::to_string(&crate::convert::board(position)) {
        Ok(board) => out.raw(&board),
        Err(_) => out.raw("null"),
    }
    out.raw(",");
    out.value(&value_info(value));
    out.raw(",\"source\":");
    out.string(source.as_str());
    out.raw(",\"move_count\":");
    out.number(*move_count);
    out.raw(",\"moves\":[");
    // A sum's position after a move differs from its own in one component: each component is
    // written once here, and only the changed one again for each move.
    let parts: Vec<String> = match position {
        AnyPosition::Sum(p) => p.components().iter().map(component_text).collect(),
        _ => Vec::new(),
    };
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            out.raw(",");
        }
        out.raw("{\"move\":");
        match &m.position {
            // A corner move is written as the square it goes to (NOTATION.md).
            AnyPosition::Corner(p) => {
                debug_assert_eq!(m.mv.to_string(), format!("{},{}", p.x(), p.y()));
                out.square(p.x(), p.y());
                out.raw(",\"position\":");
                out.square(p.x(), p.y());
            }
            AnyPosition::Sum(after) if !parts.is_empty() => {
                out.display(&m.mv);
                out.raw(",\"position\":");
                let mut text = std::mem::take(&mut out.scratch);
                text.clear();
                for (j, (mine, now)) in parts.iter().zip(after.components()).enumerate() {
                    if j > 0 {
                        text.push_str(" + ");
                    }
                    let AnyMove::Sum(mv) = &m.mv else {
                        text.push_str(&component_text(now));
                        continue;
                    };
                    if j == mv.component {
                        text.push_str(&component_text(now));
                    } else {
                        text.push_str(mine);
                    }
                }
                debug_assert_eq!(text, after.to_string());
                out.string(&text);
                out.scratch = text;
            }
            position => {
                out.display(&m.mv);
                out.raw(",\"position\":");
                out.display(position);
            }
        }
        out.raw(",");
        out.value(&value_info(&m.value));
        out.raw("}");
    }
    out.raw("]");
    // A sum's few extra fields: serde_json writes them, in the protocol's field order.
    if let Some(why) = &answer.remoteness_unknown {
        out.raw(",\"remoteness_unknown\":");
        out.string(&protocol::i18n::english(why));
        out.raw(",\"remoteness_unknown_message\":");
        match serde_json::to_string(why) {
            Ok(json) => out.raw(&json),
            Err(_) => out.raw("null"),
        }
    }
    if let Some(sum) = &answer.sum {
        out.raw(",\"sum\":");
        match serde_json::to_string(sum) {
            Ok(json) => out.raw(&json),
            Err(_) => out.raw("null"),
        }
    }
    out.raw("}");
    out.text
}

/// One component of a sum as its notation writes it: `queen(11):5,3`.
fn component_text(c: &AnyPosition) -> String {
    format!("{}:{c}", engine::sum::component_name(c))
}

/// A JSON text being written.
struct Json {
    text: String,
    /// Room for one notation at a time, reused.
    scratch: String,
}

impl Json {
    fn raw(&mut self, s: &str) {
        self.text.push_str(s);
    }

    fn number(&mut self, n: u64) {
        self.text.push_str(itoa::Buffer::new().format(n));
    }

    /// The square (x, y) as a string: `"x,y"`, digits and a comma, nothing to escape.
    fn square(&mut self, x: u64, y: u64) {
        self.raw("\"");
        self.number(x);
        self.raw(",");
        self.number(y);
        self.raw("\"");
    }

    /// The notation of a move or position, as a string.
    fn display(&mut self, d: &impl std::fmt::Display) {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        // Writing into a String cannot fail.
        let _ = write!(scratch, "{d}");
        self.string(&scratch);
        self.scratch = scratch;
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
                Ok(quoted) => self.text.push_str(&quoted),
                // Serializing a string cannot fail; write an empty one rather than nothing.
                Err(_) => self.text.push_str("\"\""),
            }
        } else {
            self.text.push('"');
            self.text.push_str(s);
            self.text.push('"');
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
    use std::sync::Arc;

    use super::*;
    use engine::{corner, GameKind, Knowledge, Variant};
    use protocol::{ServerBody, ServerMessage};

    /// The protocol's form of `a`, which the reply's JSON spells out.
    fn protocol_form(a: &Answer) -> protocol::Classification {
        let c = &a.classification;
        protocol::Classification {
            params: crate::convert::params(a.game),
            position: c.position.to_string(),
            board: crate::convert::board(&c.position),
            value: value_info(&c.value),
            source: c.source.as_str().to_owned(),
            move_count: c.move_count,
            moves: c
                .moves
                .iter()
                .map(|m| protocol::MoveInfo {
                    notation: m.mv.to_string(),
                    position: m.position.to_string(),
                    value: value_info(&m.value),
                })
                .collect(),
            remoteness_unknown: a.remoteness_unknown.as_ref().map(protocol::i18n::english),
            remoteness_unknown_message: a.remoteness_unknown.clone(),
            sum: a.sum.clone(),
        }
    }

    /// The answers to `positions` of `variant`, every move listed, one
    /// and none, from `knowledge`, as the server makes them.
    fn answers(knowledge: &Knowledge, variant: Variant, positions: &[&str]) -> Vec<Answer> {
        let mut out = Vec::new();
        for text in positions {
            let pos = variant.parse_position(text).unwrap();
            for best in [usize::MAX, 1, 0] {
                let c = knowledge
                    .classify_best(&pos, protocol::limits::QUERY_MAX_MOVES, best)
                    .unwrap();
                let analysis = match &pos {
                    AnyPosition::Sum(p) => Some(engine::sum::analyse(knowledge, p).unwrap()),
                    _ => None,
                };
                out.push(Answer::new(engine::Game::normal(variant), c, analysis));
            }
        }
        out
    }

    #[test]
    fn the_direct_writer_writes_what_serde_json_writes() {
        let mut knowledge = Knowledge::new(engine::DEFAULT_BUDGET);
        for piece in [corner::Piece::Queen, corner::Piece::Horse] {
            knowledge.add_corner(Arc::new(corner::Table::solve(piece, 64).unwrap()));
        }
        knowledge.add_chocolate(Arc::new(engine::chocolate::Table::solve(1, 64).unwrap()));
        let mut all = Vec::new();
        // Inside the tables, on their edge, at the corner, and beyond (by formula).
        let squares = ["0,0", "5,3", "63,63", "40,17", "300,200"];
        all.extend(answers(
            &knowledge,
            Variant::new(GameKind::Queen, Some(1024), None).unwrap(),
            &squares,
        ));
        all.extend(answers(
            &knowledge,
            Variant::new(GameKind::Horse, Some(64), None).unwrap(),
            &squares[..4],
        ));
        all.extend(answers(
            &knowledge,
            Variant::new(GameKind::Rook, Some(512), None).unwrap(),
            &squares,
        ));
        all.extend(answers(
            &knowledge,
            Variant::new(GameKind::Nim, None, None).unwrap(),
            &["3,4,5", "0,0", "7"],
        ));
        // A defined piece, solved on the spot: its piece is written back.
        let rn = corner::Piece::parse_betza("RN").unwrap();
        all.extend(answers(
            &knowledge,
            Variant::corner(rn, Some(64)).unwrap(),
            &squares[..4],
        ));
        let bars = ["3,2,5", "0,0,0", "10,4,9"];
        all.extend(answers(
            &knowledge,
            Variant::new(GameKind::Chocolate, None, Some(1)).unwrap(),
            &bars,
        ));
        all.extend(answers(
            &knowledge,
            Variant::new(GameKind::Chocolate, None, Some(0)).unwrap(),
            &bars,
        ));
        // A formula edge: its edge is written back, its board lists the heights.
        let square = engine::chocolate::Edge::formula("z * z").unwrap();
        knowledge.add_chocolate(Arc::new(
            engine::chocolate::Table::solve(square, 16).unwrap(),
        ));
        all.extend(answers(
            &knowledge,
            Variant::chocolate(square),
            &["3,4,5", "0,0,0", "2,9,3"],
        ));
        let lgame = ["...N/RRRB/RBBB/N... r", "...N/RRRB/RBBB/N... b"];
        all.extend(answers(
            &knowledge,
            Variant::new(GameKind::LGame, None, None).unwrap(),
            &lgame,
        ));
        // Sums: searched, too large to search, over.
        let sums = [
            "queen(11):5,3 + nim:3,4,5 + chocolate(1):5,3,7",
            "nim:40,40,40 + nim:40,40 + horse(64):7,7",
            "queen(8):0,0 + nim:0",
        ];
        all.extend(answers(
            &knowledge,
            Variant::new(GameKind::Sum, None, None).unwrap(),
            &sums,
        ));
        // Misère play: `misere` is written, values have no Grundy number.
        for (game, text) in [(GameKind::Nim, "1,1,1"), (GameKind::Sum, sums[0])] {
            let variant = Variant::new(game, None, None).unwrap();
            let pos = variant.parse_position(text).unwrap();
            let c = knowledge
                .classify_in(&pos, u64::MAX, usize::MAX, engine::Convention::Misere)
                .unwrap();
            let game = engine::Game::of(variant, engine::Convention::Misere).unwrap();
            all.push(Answer::new(game, c, None));
        }
        for answer in &all {
            for id in [None, Some(0), Some(u64::MAX)] {
                let message = ServerMessage {
                    id,
                    body: ServerBody::Classification(protocol_form(answer)),
                };
                let expected = serde_json::to_string(&message).unwrap();
                assert_eq!(classification(id, answer), expected);
            }
        }
        // Some answers list many moves, some none, some have no Grundy number or remoteness.
        let listed = |a: &Answer| a.classification.moves.len();
        assert!(all.iter().any(|a| listed(a) > 100) && all.iter().any(|a| listed(a) == 0));
        assert!(all.iter().any(|a| a.classification.value.grundy.is_none()));
        assert!(all.iter().any(|a| a.remoteness_unknown.is_some()));
    }

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        for s in ["1,3", "a\"b\\c\u{1}d\ne", "ü €", "", "\u{7f}\t"] {
            let mut out = Json {
                text: String::new(),
                scratch: String::new(),
            };
            out.string(s);
            assert_eq!(out.text, serde_json::to_string(s).unwrap());
        }
    }
}
