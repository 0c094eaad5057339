//! The catalogs: every sentence a client shows, as a message of Project Fluent's format
//! (`protocol/i18n/LANG.ftl`), one catalog per language with the same messages. The page in
//! the browser renders them (`grundyd` serves them at `/assets/i18n/LANG.ftl`); Rust says
//! them with [`say`] (the server's English beside each [`Message`] it sends). Notation is
//! never translated.

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

use serde_json::{Map, Value};

use crate::{Message, MessageArg};

/// Each language's catalog: its tag and its text. English comes first.
pub const CATALOGS: [(&str, &str); 2] = [
    ("en", include_str!("../i18n/en.ftl")),
    ("ja", include_str!("../i18n/ja.ftl")),
];

/// Each catalog read once, by language.
static BUNDLES: LazyLock<Vec<(&str, FluentBundle<FluentResource>)>> = LazyLock::new(|| {
    CATALOGS
        .iter()
        .map(|(lang, text)| {
            let tag = lang.parse().unwrap_or_default();
            let mut bundle = FluentBundle::new_concurrent(vec![tag]);
            // No invisible marks around arguments: the text is shown as it is.
            bundle.set_use_isolating(false);
            // A catalog with a syntax error fails its test; what parses is used meanwhile.
            let resource =
                FluentResource::try_new((*text).to_owned()).unwrap_or_else(|(partial, _)| partial);
            let _ = bundle.add_resource(resource);
            (*lang, bundle)
        })
        .collect()
});

/// Message `m` said in language `lang` (English when the catalogs lack `lang`; the id itself
/// when they lack the message).
pub fn say(lang: &str, m: &Message) -> String {
    let bundles = &*BUNDLES;
    let bundle = bundles
        .iter()
        .find(|(l, _)| *l == lang)
        .or(bundles.first())
        .map(|(_, b)| b);
    match bundle {
        Some(b) => say_in(b, m),
        None => m.id.clone(),
    }
}

/// The languages the catalogs have, as their tags: `en`, `ja`.
pub const LANGUAGES: [&str; CATALOGS.len()] = {
    let mut tags = [""; CATALOGS.len()];
    let mut i = 0;
    while i < CATALOGS.len() {
        tags[i] = CATALOGS[i].0;
        i += 1;
    }
    tags
};

/// Language `name` when the catalogs have it (`en`, `ja`), as their own tag.
pub fn language(name: &str) -> Option<&'static str> {
    LANGUAGES.into_iter().find(|l| *l == name)
}

/// Whether language `lang`'s catalog has message `id` (a `grundy --help` text, which only the
/// languages other than English have: English is the program's own).
pub fn has(lang: &str, id: &str) -> bool {
    BUNDLES.iter().any(|(l, b)| *l == lang && b.has_message(id))
}

/// Message `m` in English: what the server sends beside it for clients without catalogs.
pub fn english(m: &Message) -> String {
    say("en", m)
}

/// A refusal's details (an error's `kind` and its fields) as a message of the catalogs:
/// `error-KIND`, the other fields as arguments. Text and numbers are said as they are, a list
/// as its items between commas, a nested refusal (with a `kind`) as its own message, a nested
/// message (`{"id", "args"}`: the rules' `reason`) as itself, and the fields of another nested
/// value as `field_sub` (`result_reason`). None without a `kind`.
pub fn refusal(details: &Map<String, Value>) -> Option<Message> {
    let kind = details.get("kind")?.as_str()?;
    let mut m = Message::new(format!("error-{kind}"));
    add_args(&mut m, "", details);
    Some(m)
}

fn add_args(m: &mut Message, prefix: &str, fields: &Map<String, Value>) {
    for (name, value) in fields {
        if prefix.is_empty() && name == "kind" {
            continue;
        }
        let name = format!("{prefix}{name}");
        match value {
            Value::Null => {}
            Value::Object(inner) => match refusal(inner).or_else(|| message(inner)) {
                Some(nested) => {
                    m.args.insert(name, MessageArg::Message(nested));
                }
                None => add_args(m, &format!("{name}_"), inner),
            },
            Value::Array(items) => {
                let items: Vec<String> = items.iter().map(text).collect();
                m.args.insert(name, MessageArg::Text(items.join(", ")));
            }
            other => {
                m.args.insert(name, MessageArg::Text(text(other)));
            }
        }
    }
}

/// A message as the wire writes it, `{"id": …, "args": {…}}` (an engine error's `reason`).
fn message(fields: &Map<String, Value>) -> Option<Message> {
    let only_message = fields.keys().all(|k| k == "id" || k == "args");
    if !only_message || !fields.get("id").is_some_and(Value::is_string) {
        return None;
    }
    serde_json::from_value(Value::Object(fields.clone())).ok()
}

/// A value of the details as text: a string as it is, anything else as JSON.
fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// What a refusal says in `lang`: the message its details make, or `english` (the server's
/// text) when the catalogs cannot say all of it (the engine's own words, a newer server).
pub fn refusal_text(lang: &str, details: &Map<String, Value>, english: &str) -> String {
    match refusal(details) {
        Some(m) if knows(&m) => say(lang, &m),
        _ => english.to_owned(),
    }
}

/// Whether the catalogs have message `m` and every message nested in its arguments.
pub fn knows(m: &Message) -> bool {
    let english = BUNDLES.first().map(|(_, b)| b);
    english.is_some_and(|b| b.has_message(&m.id))
        && m.args.values().all(|a| match a {
            MessageArg::Message(inner) => knows(inner),
            _ => true,
        })
}

fn say_in(bundle: &FluentBundle<FluentResource>, m: &Message) -> String {
    let Some(pattern) = bundle.get_message(&m.id).and_then(|found| found.value()) else {
        // A message the catalogs lack: a bug, caught by the tests.
        debug_assert!(false, "no message {}", m.id);
        return m.id.clone();
    };
    let mut args = FluentArgs::new();
    for (name, arg) in &m.args {
        match arg {
            MessageArg::Text(text) => args.set(name.as_str(), text.as_str()),
            MessageArg::Count(n) => args.set(name.as_str(), *n),
            MessageArg::Message(inner) => args.set(name.as_str(), say_in(bundle, inner)),
        }
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
    // An argument the message names but was not given: a bug, caught by the tests.
    debug_assert!(errors.is_empty(), "{}: {errors:?}", m.id);
    text.into_owned()
}

/// The language the locale in the environment asks for (`LC_ALL`, `LC_MESSAGES`, `LANG`,
/// in the order POSIX gives them), or English.
pub fn from_env() -> &'static str {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|var| std::env::var(var).ok())
        .find(|value| !value.is_empty());
    locale.as_deref().map_or("en", of_locale)
}

/// The language of a locale: `ja` for `ja_JP.UTF-8` (or `ja`), else `en`.
pub fn of_locale(locale: &str) -> &'static str {
    let language = locale
        .split(['_', '.', '@', '-'])
        .next()
        .unwrap_or_default();
    if language.eq_ignore_ascii_case("ja") {
        "ja"
    } else {
        "en"
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::{Path, PathBuf};

    use fluent_syntax::ast;

    use super::CATALOGS;

    /// Whether `id` is a text of `grundy --help` (`help`, `help-room-open--hints`), which
    /// only the languages other than English have: English is the program's own.
    fn is_help(id: &str) -> bool {
        id == "help" || id.starts_with("help-")
    }

    /// A message's variables: those of its value, and of each attribute (`.title`).
    type Variables = BTreeMap<String, BTreeSet<String>>;

    /// A catalog's messages, each with its variables; fails on any syntax error.
    fn messages(lang: &str, text: &str) -> BTreeMap<String, Variables> {
        let resource = match fluent_syntax::parser::parse(text) {
            Ok(r) => r,
            Err((_, errors)) => panic!("{lang}.ftl does not parse: {errors:?}"),
        };
        let mut found = BTreeMap::new();
        for entry in resource.body {
            if let ast::Entry::Message(m) = entry {
                let mut vars = Variables::new();
                if let Some(value) = &m.value {
                    pattern(value, vars.entry(String::new()).or_default());
                }
                for a in &m.attributes {
                    pattern(&a.value, vars.entry(format!(".{}", a.id.name)).or_default());
                }
                let id = m.id.name.to_owned();
                assert!(
                    found.insert(id.clone(), vars).is_none(),
                    "{lang}.ftl: {id} twice"
                );
            }
        }
        found
    }

    fn pattern(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
        for element in &p.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                self::expression(expression, vars);
            }
        }
    }

    fn expression(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
        match e {
            ast::Expression::Select { selector, variants } => {
                inline(selector, vars);
                for v in variants {
                    pattern(&v.value, vars);
                }
            }
            ast::Expression::Inline(i) => inline(i, vars),
        }
    }

    fn inline(e: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
        match e {
            ast::InlineExpression::VariableReference { id } => {
                vars.insert(id.name.to_owned());
            }
            ast::InlineExpression::Placeable { expression } => self::expression(expression, vars),
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline(a, vars);
                }
                for a in &arguments.named {
                    inline(&a.value, vars);
                }
            }
            _ => {}
        }
    }

    /// A grade's reason, nested three deep, said in English as the server always said it,
    /// and in Japanese.
    #[test]
    fn a_message_is_said_with_its_arguments_in_each_language() {
        use crate::{Message, MessageArg as A};
        let reply = Message::new("grade-answered")
            .with("move", A::Text("3,3".into()))
            .with("reply", A::Text("0,0".into()));
        let wrong = Message::new("grade-not-winning")
            .with("move", A::Text("3,3".into()))
            .with("reply", A::Message(reply));
        let m = Message::new("grade-no-win-none")
            .with("wrong", A::Message(wrong))
            .with("position", A::Text("5,3".into()));
        assert_eq!(
            super::english(&m),
            "3,3 does not win: after 3,3 your opponent answers 0,0 — no move wins from 5,3, a \
             P-position: the answer is none"
        );
        assert_eq!(
            super::say("ja", &m),
            "3,3では勝てません。3,3には相手が 0,0と応じます。5,3は後手必勝なので勝てる手はなく、\
             答えは「ない」です"
        );
        // A count in the plural, and a language the catalogs lack (English instead).
        let many = Message::new("boards-count").with("count", A::Count(3));
        assert_eq!(super::say("fr", &many), "3 boards under way");
        let one = Message::new("boards-count").with("count", A::Count(1));
        assert_eq!(super::english(&one), "1 board under way");
    }

    #[test]
    fn every_language_has_every_message_with_the_same_arguments() {
        let (_, english) = CATALOGS[0];
        let english = messages("en", english);
        assert!(!english.is_empty());
        for (lang, text) in &CATALOGS[1..] {
            let other = messages(lang, text);
            let missing: Vec<_> = english
                .keys()
                .filter(|id| !other.contains_key(*id))
                .collect();
            assert!(missing.is_empty(), "{lang}.ftl lacks {missing:?}");
            // `grundy --help` in another language: its English is the program's own (the
            // client's test checks each names a real command or argument).
            let unknown: Vec<_> = other
                .keys()
                .filter(|id| !english.contains_key(*id) && !is_help(id))
                .collect();
            assert!(
                unknown.is_empty(),
                "{lang}.ftl has {unknown:?}, which en.ftl has not"
            );
            for (id, vars) in &english {
                assert_eq!(
                    &other[id], vars,
                    "{lang}.ftl: {id} takes other arguments (or attributes) than in en.ftl"
                );
            }
        }
    }

    /// The files that name messages: the page's modules and its HTML, and the Rust sources
    /// of the engine (its reasons), the server and the terminal client.
    fn sources() -> Vec<(PathBuf, String)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut found = Vec::new();
        let mut folders = vec![
            root.join("daemon/web"),
            root.join("engine/src"),
            root.join("daemon/src"),
            root.join("client-cli/src"),
        ];
        // The command lines' help, in this crate.
        let help = root.join("protocol/src/help.rs");
        found.push((
            help.clone(),
            std::fs::read_to_string(&help).expect("a source"),
        ));
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).expect("a source folder") {
                let path = entry.expect("an entry").path();
                let ext = path.extension().and_then(|e| e.to_str());
                let page = folder.ends_with("daemon/web");
                if path.is_dir() && !page {
                    folders.push(path);
                } else if matches!(ext, Some("rs")) || (page && matches!(ext, Some("js" | "html")))
                {
                    let text = std::fs::read_to_string(&path).expect("a source");
                    found.push((path, text));
                }
            }
        }
        found
    }

    /// Every message is used somewhere (its id quoted, or a family's prefix that makes it),
    /// and every id a source asks for (`t("…")`, `ta("…", …)`, `data-l10n-id="…"` in the
    /// page; `word("…")`, `Message::new("…")` in Rust) is in the catalog.
    #[test]
    fn every_message_is_used_and_every_one_used_exists() {
        let english = messages("en", CATALOGS[0].1);
        let sources = sources();
        let mut prefixes = Vec::new();
        // A family of messages named by a template: `prefix-${…}` in the page,
        // `"prefix-{…}"` in Rust's `format!`, or a code said in words (`codeWord("prefix", …)`
        // in the page, `code_word("prefix", …)` in Rust).
        for (_, text) in &sources {
            for call in ["codeWord(\"", "code_word(\""] {
                for (i, _) in text.match_indices(call) {
                    let rest = &text[i + call.len()..];
                    if let Some(end) = rest.find('"') {
                        prefixes.push(format!("{}-", &rest[..end]));
                    }
                }
            }
            for (hole, quote) in [("-${", '`'), ("-{", '"')] {
                for (i, _) in text.match_indices(hole) {
                    let start = text[..i].rfind(quote).map_or(i, |s| s + 1);
                    let prefix = &text[start..=i];
                    let word = |c: char| c.is_ascii_lowercase() || c == '-' || c == '_';
                    if prefix.len() > 1 && prefix.chars().all(word) {
                        prefixes.push(prefix.to_owned());
                    }
                }
            }
        }
        // Every word quoted in a source ("…", '…' or `…`), found in one pass.
        let mut quoted = BTreeSet::new();
        for (_, text) in &sources {
            let bytes = text.as_bytes();
            for (i, &open) in bytes.iter().enumerate() {
                if !matches!(open, b'"' | b'\'' | b'`') {
                    continue;
                }
                let word = bytes[i + 1..]
                    .iter()
                    .take_while(|b| b.is_ascii_alphanumeric() || **b == b'-' || **b == b'_')
                    .count();
                if word > 0 && bytes.get(i + 1 + word) == Some(&open) {
                    quoted.insert(&text[i + 1..i + 1 + word]);
                }
            }
        }
        let unused: Vec<_> = english
            .keys()
            .filter(|id| {
                !quoted.contains(id.as_str())
                    && !prefixes.iter().any(|p| id.starts_with(p.as_str()))
            })
            .collect();
        assert!(unused.is_empty(), "messages no source uses: {unused:?}");
        for (path, text) in &sources {
            for call in [
                "t(\"",
                "ta(\"",
                "word(\"",
                "Message::new(\"",
                "data-l10n-id=\"",
            ] {
                for (i, _) in text.match_indices(call) {
                    let rest = &text[i + call.len()..];
                    let Some(end) = rest.find('"') else { continue };
                    let id = &rest[..end];
                    // `split("…")` is not `t("…")`, nor `code_word("…")` `word("…")`.
                    let call_of_t = !call.starts_with("data");
                    let longer = |c: char| c.is_alphanumeric() || c == '_';
                    if call_of_t && text[..i].ends_with(longer) {
                        continue;
                    }
                    // A `--help` text is in the other languages' catalogs only.
                    let elsewhere = || {
                        CATALOGS
                            .iter()
                            .any(|(_, t)| t.lines().any(|l| l.starts_with(&format!("{id} ="))))
                    };
                    assert!(
                        english.contains_key(id) || (is_help(id) && elsewhere()),
                        "{}: {id} is not in the catalogs",
                        path.display()
                    );
                }
            }
        }
    }

    #[test]
    fn a_locale_names_its_language() {
        for (locale, lang) in [
            ("ja_JP.UTF-8", "ja"),
            ("ja", "ja"),
            ("ja_JP.eucJP", "ja"),
            ("en_US.UTF-8", "en"),
            ("C", "en"),
            ("C.UTF-8", "en"),
            ("POSIX", "en"),
            ("fr_FR@euro", "en"),
        ] {
            assert_eq!(super::of_locale(locale), lang, "{locale}");
        }
    }
}
