//! Keeps `docs/NOTATION.md` true: every example marked with a check comment is replayed
//! against the engine. A check is one line,
//!
//! ```text
//! <!-- check: game=queen | size=11 | position=5,3 | move=l2 | after=3,3 -->
//! ```
//!
//! with ` | `-separated `key=value` fields. Setup: `game`, `piece` (`corner`'s, in Betza's
//! notation), `rule` (`heap`'s), `size`, `k`, `misere` (`yes`: the
//! values are misère play's), `position`, `move`.
//! Expectations: `error` (the exact message of the first step that fails: parameters,
//! position, move) and `code` (its error code); `start` (the standard start), `canonical`
//! (the position as the engine writes it), `after` and `as` (the position after the move and
//! the move's canonical notation); `outcome`, `grundy`, `remoteness` (`none` when unknown),
//! `moves` (the move count), `wins` (every winning move, separated by `; `), `best` (a move
//! the perfect engine may play) and `value-error`, all about the position after the move if
//! there is one; for the L-game `counts` (won/lost/drawn classes), `blocked` and
//! `longest-win`.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, OnceLock};

use engine::corner::{Piece, Table};
use engine::{
    chocolate, AnyPosition, Convention, Error, ErrorKind, GameKind, Knowledge, Outcome,
    Position as _, Variant,
};

mod english;
use english::english;

const DOC: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/NOTATION.md"));

/// The tables the document's values assume: corner tables of side 64 (normal and misère) and
/// the step-1 chocolate table up to z = 64.
fn knowledge() -> &'static Knowledge {
    static KNOWLEDGE: OnceLock<Knowledge> = OnceLock::new();
    KNOWLEDGE.get_or_init(|| {
        let mut k = Knowledge::new(engine::DEFAULT_BUDGET);
        for piece in Piece::ALL {
            k.add_corner(Arc::new(Table::solve(piece, 64).expect("a small table")));
            let misere = engine::corner::misere::MisereTable::solve(piece, 64);
            k.add_corner_misere(Arc::new(misere.expect("a small table")));
        }
        k.add_chocolate(Arc::new(
            chocolate::Table::solve(1, 64).expect("a small table"),
        ));
        // The edges the document's examples use.
        for edge in ["z * z", "z // 2 + z // 3"] {
            let edge = chocolate::Edge::formula(edge).expect("an edge");
            k.add_chocolate(Arc::new(
                chocolate::Table::solve(edge, 24).expect("a small table"),
            ));
        }
        k
    })
}

/// One check comment: its line number and fields in order.
struct Check {
    line: usize,
    fields: BTreeMap<String, String>,
}

impl Check {
    fn get(&self, key: &str) -> Option<&str> {
        self.fields.get(key).map(String::as_str)
    }
}

const KNOWN_KEYS: [&str; 25] = [
    "game",
    "piece",
    "rule",
    "edge",
    "misere",
    "size",
    "k",
    "position",
    "move",
    "error",
    "code",
    "start",
    "canonical",
    "after",
    "as",
    "outcome",
    "grundy",
    "remoteness",
    "moves",
    "wins",
    "best",
    "value-error",
    "counts",
    "blocked",
    "longest-win",
];

fn checks() -> Vec<Check> {
    let mut out = Vec::new();
    for (i, line) in DOC.lines().enumerate() {
        let line_no = i + 1;
        let Some(rest) = line.trim().strip_prefix("<!-- check:") else {
            assert!(
                !line.contains("<!-- check"),
                "line {line_no}: a check must be a line of its own"
            );
            continue;
        };
        let body = rest
            .strip_suffix("-->")
            .unwrap_or_else(|| panic!("line {line_no}: a check ends with --> on its line"));
        let mut fields = BTreeMap::new();
        for part in body.split(" | ") {
            let (key, value) = part
                .trim()
                .split_once('=')
                .unwrap_or_else(|| panic!("line {line_no}: {part:?} is not key=value"));
            assert!(
                KNOWN_KEYS.contains(&key),
                "line {line_no}: unknown key {key}"
            );
            let old = fields.insert(key.to_string(), value.to_string());
            assert!(old.is_none(), "line {line_no}: {key} given twice");
        }
        out.push(Check {
            line: line_no,
            fields,
        });
    }
    out
}

fn optional(v: Option<u64>) -> String {
    v.map_or_else(|| "none".to_string(), |v| v.to_string())
}

/// Compares the error `e` with the check's `error` and `code`, or fails if none was expected.
fn expect_error(c: &Check, e: Error, step: &str) {
    let line = c.line;
    let Some(message) = c.get("error") else {
        panic!("line {line}: {step} failed: {e}");
    };
    assert_eq!(english(&e.said()), message, "line {line}: {step}");
    if let Some(code) = c.get("code") {
        assert_eq!(wire_code(e.kind()), code, "line {line}");
    }
}

/// The code the server's error carries for an error of `kind` (the document names those).
fn wire_code(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Params => "bad_parameters",
        ErrorKind::Position => "bad_position",
        ErrorKind::Notation => "bad_notation",
        ErrorKind::Illegal => "illegal_move",
        ErrorKind::TooLarge => "too_large",
    }
}

fn run(c: &Check) {
    let line = c.line;
    let game = c
        .get("game")
        .unwrap_or_else(|| panic!("line {line}: no game"));
    let kind = GameKind::parse(game).unwrap_or_else(|e| panic!("line {line}: {e}"));
    let size = c.get("size").map(|s| s.parse().expect("size is a number"));
    let k = c.get("k").map(|s| s.parse().expect("k is a number"));
    let variant = match (c.get("piece"), c.get("rule"), c.get("edge")) {
        (Some(piece), ..) => Piece::parse_betza(piece).and_then(|p| Variant::corner(p, size)),
        (None, Some(rule), _) => engine::heap::Rule::parse(rule).map(Variant::heap),
        (None, None, Some(edge)) => chocolate::Edge::formula(edge).map(Variant::chocolate),
        (None, None, None) => Variant::new(kind, size, k),
    };
    let variant = match variant {
        Ok(v) => v,
        Err(e) => return expect_error(c, e, "the parameters"),
    };
    if let Some(start) = c.get("start") {
        assert_eq!(variant.start().to_string(), start, "line {line}: start");
    }
    if kind == GameKind::LGame {
        check_lgame_totals(c);
    }
    let Some(text) = c.get("position") else {
        assert!(c.get("error").is_none(), "line {line}: nothing failed");
        return;
    };
    let pos = match variant.parse_position(text) {
        Ok(p) => p,
        Err(e) => return expect_error(c, e, "the position"),
    };
    if let Some(canonical) = c.get("canonical") {
        assert_eq!(pos.to_string(), canonical, "line {line}: canonical form");
    }
    let pos = match c.get("move") {
        None => pos,
        Some(mv) => match pos.play_text(mv) {
            Ok((m, after)) => {
                if let Some(canonical) = c.get("as") {
                    assert_eq!(m.to_string(), canonical, "line {line}: move notation");
                }
                if let Some(expected) = c.get("after") {
                    assert_eq!(after.to_string(), expected, "line {line}: after {mv}");
                }
                after
            }
            Err(e) => return expect_error(c, e, "the move"),
        },
    };
    assert!(c.get("error").is_none(), "line {line}: nothing failed");
    check_values(c, &pos);
}

fn check_values(c: &Check, pos: &AnyPosition) {
    let line = c.line;
    let wanted = ["outcome", "grundy", "remoteness", "wins", "best", "moves"];
    if let Some(count) = c.get("moves") {
        assert_eq!(pos.move_count().to_string(), count, "line {line}: moves");
    }
    let convention = match c.get("misere") {
        Some("yes") => Convention::Misere,
        Some(other) => panic!("line {line}: misere={other}: write misere=yes"),
        None => Convention::Normal,
    };
    let answer = match knowledge().value_in(pos, convention) {
        Ok(a) => a,
        Err(e) => {
            let message = c.get("value-error");
            assert_eq!(Some(english(&e.said()).as_str()), message, "line {line}");
            return;
        }
    };
    assert!(c.get("value-error").is_none(), "line {line}: no error");
    if !wanted.iter().any(|k| c.get(k).is_some()) {
        return;
    }
    let v = answer.value;
    if let Some(outcome) = c.get("outcome") {
        assert_eq!(v.outcome.as_str(), outcome, "line {line}: outcome of {pos}");
    }
    if let Some(grundy) = c.get("grundy") {
        assert_eq!(optional(v.grundy), grundy, "line {line}: grundy of {pos}");
    }
    if let Some(remoteness) = c.get("remoteness") {
        assert_eq!(
            optional(v.remoteness),
            remoteness,
            "line {line}: remoteness"
        );
    }
    if c.get("wins").is_none() && c.get("best").is_none() {
        return;
    }
    let classified = knowledge()
        .classify_in(pos, 100_000, usize::MAX, convention)
        .unwrap_or_else(|e| panic!("line {line}: {e}"));
    if let Some(wins) = c.get("wins") {
        let expected: BTreeSet<&str> = wins.split("; ").collect();
        let actual: Vec<String> = classified
            .moves
            .iter()
            .filter(|m| m.value.outcome == Outcome::Loss)
            .map(|m| m.mv.to_string())
            .collect();
        let actual: BTreeSet<&str> = actual.iter().map(String::as_str).collect();
        assert_eq!(actual, expected, "line {line}: winning moves from {pos}");
    }
    if let Some(best) = c.get("best") {
        let m = pos
            .parse_move(best)
            .unwrap_or_else(|e| panic!("line {line}: {e}"));
        let top = classified.moves.first().expect("a move");
        let mine = classified
            .moves
            .iter()
            .find(|x| x.mv == m)
            .unwrap_or_else(|| panic!("line {line}: {best} is not legal"));
        assert!(
            mine.value.cmp_as_move(&top.value).is_eq(),
            "line {line}: {best} is not among the best moves from {pos}"
        );
    }
}

fn check_lgame_totals(c: &Check) {
    let line = c.line;
    let solution = knowledge().lgame();
    if let Some(counts) = c.get("counts") {
        let n = solution.counts();
        let actual = format!("{}/{}/{}", n.won, n.lost, n.drawn);
        assert_eq!(actual, counts, "line {line}: won/lost/drawn classes");
    }
    if let Some(blocked) = c.get("blocked") {
        let actual = solution.classes().filter(|(p, _)| p.is_terminal()).count();
        assert_eq!(actual.to_string(), blocked, "line {line}: blocked classes");
    }
    if let Some(longest) = c.get("longest-win") {
        let actual = solution
            .classes()
            .filter(|(_, v)| v.outcome == Outcome::Win)
            .filter_map(|(_, v)| v.remoteness)
            .max();
        assert_eq!(optional(actual), longest, "line {line}: longest forced win");
    }
}

#[test]
fn every_checked_example_holds() {
    let checks = checks();
    // A guard against check comments silently vanishing (the document holds 139).
    assert!(checks.len() >= 100, "only {} checks", checks.len());
    for c in &checks {
        run(c);
    }
    // Each game has examples under check, so no section can drift unnoticed.
    for g in GameKind::ALL {
        let n = checks
            .iter()
            .filter(|c| c.get("game") == Some(g.name()))
            .count();
        assert!(n >= 3, "only {n} checks for {g}");
    }
}

#[test]
fn the_document_names_every_game_and_parameter() {
    for g in GameKind::ALL {
        assert!(DOC.contains(&format!("`{g}`")), "{g} is not named");
    }
    for flag in ["--size N", "--k K", "--piece P", "--rule R"] {
        assert!(DOC.contains(flag), "{flag} is not explained");
    }
}
