//! The name rules on the examples of issue 31, and on the names of a Japanese class.

use proptest::prelude::*;

use super::*;

/// The refusal of `name`: which character, at which position, and why.
fn refused(name: &str) -> (usize, char, Refusal) {
    match check_name(name) {
        Err(NameError::Character {
            position,
            character,
            why,
            ..
        }) => (position, character, why),
        other => panic!("{name:?}: {other:?}"),
    }
}

#[test]
fn invisible_characters_are_refused_and_named() {
    assert_eq!(refused("ada\u{200b}"), (4, '\u{200b}', Refusal::Invisible));
    assert_eq!(refused("\u{feff}ada"), (1, '\u{feff}', Refusal::Invisible));
    assert_eq!(refused("ada\u{fe0f}"), (4, '\u{fe0f}', Refusal::Invisible));
    assert_eq!(refused("\u{3164}"), (1, '\u{3164}', Refusal::Invisible));
    assert_eq!(refused("ada\u{3164}"), (4, '\u{3164}', Refusal::Invisible));
    assert_eq!(refused("a\u{200d}da"), (2, '\u{200d}', Refusal::Invisible));
    assert_eq!(refused("ada\u{2800}"), (4, '\u{2800}', Refusal::Invisible));
    assert_eq!(
        refused("engine\u{200b} (perfect)"),
        (7, '\u{200b}', Refusal::Invisible)
    );
    assert_eq!(
        refused("teacher\u{200b}"),
        (8, '\u{200b}', Refusal::Invisible)
    );
    let e = check_name("ada\u{200b}").unwrap_err().to_string();
    assert_eq!(
        e,
        "name: character 4 is U+200B ZERO WIDTH SPACE, invisible, so two different names \
         would look the same; type the name again without it"
    );
    let e = check_name("\u{feff}ada").unwrap_err().to_string();
    assert!(e.contains("U+FEFF ZERO WIDTH NO-BREAK SPACE"), "{e}");
    let e = check_name("ada\u{fe0f}").unwrap_err().to_string();
    assert!(e.contains("U+FE0F VARIATION SELECTOR-16"), "{e}");
    let e = check_name("\u{3164}").unwrap_err().to_string();
    assert!(e.contains("U+3164 HANGUL FILLER"), "{e}");
}

#[test]
fn direction_controls_and_control_characters_are_refused() {
    assert_eq!(refused("\u{202e}ada"), (1, '\u{202e}', Refusal::Direction));
    assert_eq!(
        refused("ada\u{2067}x\u{2069}"),
        (4, '\u{2067}', Refusal::Direction)
    );
    assert_eq!(refused("ad\u{200f}a"), (3, '\u{200f}', Refusal::Direction));
    assert_eq!(refused("a\u{7}b"), (2, '\u{7}', Refusal::Control));
    assert_eq!(
        refused("a\u{1b}]52;c;eA==\u{7}"),
        (2, '\u{1b}', Refusal::Control)
    );
    assert_eq!(refused("a\0"), (2, '\0', Refusal::Control));
    assert_eq!(refused("a\u{9b}2J"), (2, '\u{9b}', Refusal::Control));
    assert_eq!(refused("ada\nbob"), (4, '\n', Refusal::Control));
    assert_eq!(refused("ada\u{2028}"), (4, '\u{2028}', Refusal::LineBreak));
    assert_eq!(refused("ada\u{e000}"), (4, '\u{e000}', Refusal::PrivateUse));
    assert_eq!(
        refused("ada\u{50000}"),
        (4, '\u{50000}', Refusal::Unassigned)
    );
    let e = check_name("\u{202e}ada").unwrap_err().to_string();
    assert!(
        e.contains("U+202E RIGHT-TO-LEFT OVERRIDE, a direction control"),
        "{e}"
    );
    let e = check_name("a\u{1b}[2J").unwrap_err().to_string();
    assert!(e.contains("U+001B ESCAPE, a control character"), "{e}");
}

#[test]
fn names_are_normalised() {
    assert_eq!(check_name("  ada ").unwrap(), "ada");
    assert_eq!(check_name("ａｄａ").unwrap(), "ada");
    assert_eq!(check_name("ada   lovelace").unwrap(), "ada lovelace");
    assert_eq!(check_name("田中\u{3000}花子").unwrap(), "田中 花子");
    assert_eq!(check_name("ｻｸﾗ").unwrap(), "サクラ");
    // é as one character or as e and a combining accent: the same name.
    assert_eq!(check_name("Zoe\u{301}").unwrap(), "Zoé");
    assert!(matches!(check_name(""), Err(NameError::Empty)));
    assert!(matches!(check_name(" \u{3000} "), Err(NameError::Empty)));
    assert!(matches!(
        check_name(&"x".repeat(41)),
        Err(NameError::TooLong { .. })
    ));
    assert_eq!(check_name(&"名".repeat(40)).unwrap(), "名".repeat(40));
}

#[test]
fn a_japanese_class_keeps_its_names() {
    for name in [
        "田中さん",
        "Sakura-2",
        "さくら",
        "サクラ",
        "佐藤 ハナ",
        "山田たろう",
        "ゆうき (2年B組)",
        "Tanaka 太郎",
        "ケン・ワタナベ",
        "こうじ😀",
        "김민준",
        "Zoë",
        "O'Brien",
        "engineer",
        "teacher",
    ] {
        assert_eq!(check_name(name).as_deref(), Ok(name), "{name}");
    }
    // Names that differ stay apart.
    for (a, b) in [
        ("田中さん", "田中くん"),
        ("さくら", "サクラ"),
        ("Sakura-2", "Sakura-3"),
        ("Kai", "Kal"),
        ("ada", "ida"),
    ] {
        assert_ne!(skeleton(a), skeleton(b), "{a} and {b}");
    }
}

#[test]
fn names_that_read_the_same_share_a_skeleton() {
    let ada = skeleton("ada");
    for same in [
        "ADA",
        "Ada",
        "ａｄａ",
        "\u{430}da",
        "\u{410}DA",
        "ad\u{251}",
    ] {
        assert_eq!(skeleton(same), ada, "{same}");
    }
    // What an older server let in reads as what it hides.
    assert_eq!(skeleton("ada\u{200b}"), ada);
    assert_eq!(skeleton("\u{feff}ada"), ada);
    assert_eq!(skeleton("ada\u{fe0f}"), ada);
    assert_eq!(skeleton("teacher\u{200b}"), skeleton("teacher"));
    assert_eq!(skeleton("t\u{435}acher"), skeleton("teacher"));
    assert_eq!(
        skeleton("paypal"),
        skeleton("\u{440}\u{430}y\u{440}\u{430}l")
    );
}

#[test]
fn nobody_passes_for_the_engine() {
    for name in [
        "engine",
        "engine (perfect)",
        "Engine (easy)",
        "ENGINE",
        " engine ",
        "engine(perfect)",
        "\u{435}ngine (perfect)",
        "ｅｎｇｉｎｅ (perfect)",
        "engine  (medium)",
    ] {
        let e = check_name(name).unwrap_err();
        assert!(matches!(e, NameError::Engine { .. }), "{name}: {e:?}");
        assert!(e.to_string().contains("how the engine is shown"), "{e}");
    }
    for name in ["engineer", "engine2", "my engine", "Engineering (3B)"] {
        assert_eq!(check_name(name).as_deref(), Ok(name));
    }
}

proptest! {
    /// Any text in: a name or a typed error out, never a panic; an accepted name is
    /// accepted again as it is, and holds no refused character.
    #[test]
    fn any_text_is_a_name_or_an_error(text in "\\PC{0,60}|.{0,60}|[\\u{0}-\\u{3000}]{0,20}") {
        if let Ok(name) = check_name(&text) {
            let again = check_name(&name);
            prop_assert_eq!(again.as_deref(), Ok(name.as_str()));
            prop_assert!(name.chars().all(|c| chars::refusal(c).is_none()));
            prop_assert!(!name.is_empty() && name.chars().count() <= MAX_NAME_CHARS);
        }
    }
}
