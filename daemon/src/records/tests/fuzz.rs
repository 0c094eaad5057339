//! Records come from people and programs over the network: arbitrary text, text shaped like a
//! record, the examples of `docs/EXPORT.md` with random bytes replaced, inserted or deleted,
//! and arbitrary or mutated JSON all read as a record or are refused with a [`RecordError`] that
//! says where, never a panic. A record that reads replays through the rules or is refused the
//! same way; one that replays is exported as text that reads back to the same game, and every
//! record read survives a trip through JSON unchanged.

use std::sync::OnceLock;

use proptest::prelude::*;

use super::docs::examples;
use super::*;

/// The `grundy` examples of `docs/EXPORT.md`.
fn text_examples() -> &'static [String] {
    static EXAMPLES: OnceLock<Vec<String>> = OnceLock::new();
    EXAMPLES.get_or_init(|| examples("grundy"))
}

/// The same examples as JSON, reviewed (so with every field the format has).
fn json_examples() -> &'static [String] {
    static EXAMPLES: OnceLock<Vec<String>> = OnceLock::new();
    EXAMPLES.get_or_init(|| {
        text_examples()
            .iter()
            .map(|t| {
                let r = GameRecord::parse_text(t).expect("an example reads");
                r.to_json(Some(&review_of(&r)))
            })
            .collect()
    })
}

/// A tag line, usually of a tag the format knows with a value of the right shape.
fn tag() -> impl Strategy<Value = String> {
    let known =
        |name: &'static str, value: &'static str| value.prop_map(move |v| (name.to_owned(), v));
    let any_name = prop_oneof![
        prop::sample::select(KNOWN_TAGS.to_vec()).prop_map(str::to_owned),
        "[A-Za-z0-9_ ]{0,6}",
    ];
    let pair = prop_oneof![
        known("Game", "queen|rook|horse|dragon|nim|chocolate|lgame|chess"),
        known("Size", "[0-9]{1,2}|[0-9]{19,21}|-1| 8"),
        known("K", "[0-9]|[0-9]{4,11}"),
        known(
            "Start",
            "[0-9]{1,2}(,[0-9]{1,2}){0,3}|[.NRB]{4}(/[.NRB]{4}){3} [rb]"
        ),
        known("Seat0", "[ -~]{0,10}"),
        known("Seat1", "[ -~]{0,10}"),
        known("Date", "[0-9?]{4}\\.[0-9?]{2}\\.[0-9?]{2}"),
        known("Time", "[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,3})?"),
        known("Result", "1-0|0-1|1/2-1/2|\\*|2-0"),
        known(
            "Termination",
            "corner_reached|last_stone|poison_left|l_blocked|no_move_left|resignation|repetition|\
             agreed_draw|flag_fall|abandonment|aborted|won"
        ),
        known(
            "Clock",
            "[0-9.]{1,4}\\+[0-9]{1,3}|0\\.0{3,7}[1-9]\\+[0-9]|[1-9]e-?[0-9]\\+[0-9]"
        ),
        known("Event", "grundy match [0-9+-]{1,3}|[ -~]{0,10}"),
        known("Round", "[ -~]{0,10}"),
        (any_name, "[ -~]{0,10}"),
    ];
    let end = prop::option::weighted(0.1, "[ \\]\"]{1,2}");
    (pair, end).prop_map(|((n, v), end)| {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        format!("[{n} \"{v}\"{}]", end.unwrap_or_default())
    })
}

/// A move of one of the games, or a comment between moves.
fn move_word() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]{1,2}[,:][0-9]{1,2}(,[0-9]{1,2})?",
        "[xyz]=[0-9]{1,2}|l[0-9]|d[0-9]|ld[0-9]",
        "[a-d][1-4][a-d][1-4][a-d][1-4][a-d][1-4](_[a-d][1-4]-[a-d][1-4])?",
        "\\{[ -|~\n]{0,12}\\}",
    ]
}

/// Anything that may stand in movetext: move numbers, moves, comments, results, stray
/// characters.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]{1,2}\\.{1,3}",
        move_word(),
        "[0-9a-dxyz.,:;=_{}%*/\\[\\]-]{1,10}",
        "1-0|0-1|1/2-1/2|\\*",
        ";[ -~]{0,6}\n|\n%[ -~]{0,6}\n|\n",
    ]
}

/// Text shaped like a record: tag lines, a blank line, moves (numbered or not) and a result,
/// sometimes with stray words.
fn record_text() -> impl Strategy<Value = String> {
    let game =
        "queen|rook|horse|dragon|nim|chocolate|lgame".prop_map(|g| format!("[Game \"{g}\"]"));
    (
        prop::option::weighted(0.9, game),
        prop::collection::vec(tag(), 0..6),
        "\n{0,2}",
        prop::collection::vec(move_word(), 0..10),
        any::<bool>(),
        "1-0|0-1|1/2-1/2|\\*|",
        prop::collection::vec((any::<prop::sample::Index>(), word()), 0..3),
        "\u{feff}?",
    )
        .prop_map(
            |(game, mut tags, blank, moves, numbered, result, noise, bom)| {
                if let Some(game) = game {
                    tags.insert(0, game);
                }
                let mut words: Vec<String> = moves
                    .into_iter()
                    .enumerate()
                    .map(|(i, m)| match (numbered, i % 2) {
                        (true, 0) => format!("{}. {m}", i / 2 + 1),
                        _ => m,
                    })
                    .collect();
                words.push(result);
                for (at, w) in noise {
                    words.insert(at.index(words.len() + 1), w);
                }
                format!("{bom}{}\n{blank}{}", tags.join("\n"), words.join(" "))
            },
        )
}

/// One edit of a text's bytes.
#[derive(Debug, Clone)]
enum Edit {
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
}

/// Bytes the text form and JSON give a meaning to, and some that are never valid UTF-8 alone.
const SYNTAX_BYTES: &[u8] = b"[]\"\\{};%\n\r .,:_-*/01239abdxNRB+?eE:";

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let byte = prop_oneof![
        3 => prop::sample::select(SYNTAX_BYTES),
        1 => any::<u8>(),
    ];
    let edit = prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(i, b)| Edit::Replace(i, b)),
        (any::<usize>(), byte).prop_map(|(i, b)| Edit::Insert(i, b)),
        any::<usize>().prop_map(Edit::Delete),
    ];
    prop::collection::vec(edit, 1..6)
}

/// `text` with the edits applied, invalid UTF-8 replaced (readers take `&str`).
fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for e in edits {
        match *e {
            Edit::Replace(i, b) if !bytes.is_empty() => {
                let i = i % bytes.len();
                bytes[i] = b;
            }
            Edit::Insert(i, b) => bytes.insert(i % (bytes.len() + 1), b),
            Edit::Delete(i) if !bytes.is_empty() => {
                bytes.remove(i % bytes.len());
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A refusal is typed and says where: a syntax error points into `text` (when it came from
/// text), a move error names the move as written and an engine error about that move.
fn check_error(e: &RecordError, text: Option<&str>) -> Result<(), TestCaseError> {
    prop_assert!(!e.to_string().is_empty());
    match e {
        RecordError::Syntax {
            line,
            column,
            message,
        } => {
            prop_assert!(!protocol::i18n::english(message).is_empty());
            let text = text.expect("only text has syntax");
            let text = text.strip_prefix('\u{feff}').unwrap_or(text);
            let lines: Vec<&str> = text.lines().collect();
            prop_assert!((1..=lines.len().max(1)).contains(line), "{e}");
            let width = lines.get(line - 1).map_or(0, |l| l.chars().count());
            prop_assert!((1..=width + 1).contains(column), "{e}");
        }
        RecordError::Tag { tag, message, .. } => {
            prop_assert!(KNOWN_TAGS.contains(&tag.as_str()), "{e}");
            prop_assert!(!protocol::i18n::english(message).is_empty());
        }
        RecordError::Move {
            ply,
            notation,
            error,
        } => {
            prop_assert!(*ply >= 1);
            prop_assert!(
                matches!(
                    error.kind(),
                    engine::ErrorKind::Notation | engine::ErrorKind::Illegal
                ),
                "{e}"
            );
            prop_assert_eq!(error.input(), notation.as_str());
        }
        RecordError::Result(message) | RecordError::Json(message) => {
            prop_assert!(!protocol::i18n::english(message).is_empty());
        }
    }
    Ok(())
}

/// Where a record was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    Text,
    Json,
}

/// A record read from text or JSON: JSON keeps it exactly; it replays or is refused. Read from
/// text and replayed, its text reads back to the same moves and result, replaying to the same
/// end. Read from JSON, its text is only read again under the same checks: JSON keeps moves as
/// given (`1-0` is a Nim move from 1,1; `{3,0,5}` and `3<tab>0,5` are Nim moves) and dates
/// the text form cannot write, so that text need not read back.
fn check_record(r: &GameRecord, source: Source) -> Result<(), TestCaseError> {
    prop_assert_eq!(&GameRecord::from_json(&r.to_json(None)), &Ok(r.clone()));
    let replayed = r.validate();
    if let Err(e) = &replayed {
        check_error(e, None)?;
    }
    let text = r.to_text(None);
    match (source, replayed) {
        (Source::Text, Ok(last)) => {
            let back = GameRecord::parse_text(&text);
            prop_assert!(back.is_ok(), "{:?}\n{}", back, text);
            let back = back.expect("checked");
            prop_assert_eq!(back.validate(), Ok(last), "{}", text);
            prop_assert_eq!(&back.moves, &r.moves);
            prop_assert_eq!(back.result, r.result);
        }
        (Source::Text, Err(_)) => {}
        (Source::Json, _) => check_text(&text)?,
    }
    Ok(())
}

fn check_text(text: &str) -> Result<(), TestCaseError> {
    match GameRecord::parse_text(text) {
        Ok(r) => check_record(&r, Source::Text),
        Err(e) => check_error(&e, Some(text)),
    }
}

fn check_json(json: &str) -> Result<(), TestCaseError> {
    match GameRecord::from_json(json) {
        Ok(r) => check_record(&r, Source::Json),
        Err(e) => {
            prop_assert!(matches!(e, RecordError::Json(_)), "{e}");
            check_error(&e, None)
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn arbitrary_text_reads_or_is_refused(
        text in prop_oneof![any::<String>(), "\\PC{0,200}", "[\\[\\]\"\\\\{};%\n .0-9a-z*/_-]{0,80}"],
    ) {
        check_text(&text)?;
    }

    #[test]
    fn record_shaped_text_reads_or_is_refused(text in record_text()) {
        check_text(&text)?;
    }

    #[test]
    fn mutated_examples_read_or_are_refused(
        example in any::<prop::sample::Index>(),
        edits in edits(),
    ) {
        check_text(&mutate(example.get::<String>(text_examples()), &edits))?;
    }

    #[test]
    fn arbitrary_json_reads_or_is_refused(
        json in prop_oneof![any::<String>(), "[{}\\[\\]\":, 0-9a-z_.-]{0,60}"],
    ) {
        check_json(&json)?;
    }

    #[test]
    fn mutated_json_reads_or_is_refused(
        example in any::<prop::sample::Index>(),
        edits in edits(),
    ) {
        check_json(&mutate(example.get::<String>(json_examples()), &edits))?;
    }

    #[test]
    fn json_with_arbitrary_fields_reads_or_is_refused(
        example in any::<prop::sample::Index>(),
        game in prop::sample::select(GameKind::ALL.to_vec()),
        size in prop::option::of(prop_oneof![0u64..=30, any::<u64>()]),
        k in prop::option::of(prop_oneof![0u32..=5, any::<u32>()]),
        start in prop_oneof![
            Just(None),
            "[0-9]{1,2}(,[0-9]{1,2}){0,3}".prop_map(Some),
            "[.NRB]{4}(/[.NRB]{4}){3} [rb]".prop_map(Some),
            "\\PC{0,20}".prop_map(Some),
        ],
        moves in prop::option::of(prop::collection::vec(word(), 0..8)),
        date in prop::option::of(any::<i64>()),
    ) {
        let json = example.get::<String>(json_examples());
        let mut value: serde_json::Value = serde_json::from_str(json).expect("an example");
        let variant = Variant::new(game, size, k);
        value["game"] = game.name().into();
        value["size"] = size.into();
        value["k"] = k.into();
        value["date"] = date.into();
        match (start, &variant) {
            (Some(start), _) => value["start"] = start.into(),
            (None, Ok(v)) => value["start"] = v.start().to_string().into(),
            (None, Err(_)) => {}
        }
        if let Some(moves) = moves {
            value["moves"] = moves
                .iter()
                .enumerate()
                .map(|(i, m)| serde_json::json!({ "ply": i + 1, "move": m }))
                .collect();
        }
        check_json(&value.to_string())?;
    }
}
