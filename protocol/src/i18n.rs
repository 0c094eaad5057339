//! The catalogs: every sentence a client shows, as a message of Project Fluent's format
//! (`protocol/i18n/LANG.ftl`), one catalog per language with the same messages. The page in
//! the browser renders them (`grundyd` serves them at `/assets/i18n/LANG.ftl`); the terminal
//! client will too. Notation is never translated.

/// Each language's catalog: its tag and its text. English comes first.
pub const CATALOGS: [(&str, &str); 2] = [
    ("en", include_str!("../i18n/en.ftl")),
    ("ja", include_str!("../i18n/ja.ftl")),
];

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::{Path, PathBuf};

    use fluent_syntax::ast;

    use super::CATALOGS;

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
            let unknown: Vec<_> = other
                .keys()
                .filter(|id| !english.contains_key(*id))
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

    /// The files the clients render messages in: the page's modules and its HTML.
    fn sources() -> Vec<(PathBuf, String)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let web = root.join("daemon/web");
        let mut found = Vec::new();
        for entry in std::fs::read_dir(&web).expect("daemon/web") {
            let path = entry.expect("an entry").path();
            let ext = path.extension().and_then(|e| e.to_str());
            if matches!(ext, Some("js" | "html")) {
                let text = std::fs::read_to_string(&path).expect("a source");
                found.push((path, text));
            }
        }
        found
    }

    /// Every message is used somewhere (its id quoted, or a template's prefix
    /// `` `prefix-${…}` `` that makes it), and every id a source asks for (`t("…")`,
    /// `ta("…", …)`, `data-l10n-id="…"`) is in the catalog.
    #[test]
    fn every_message_is_used_and_every_one_used_exists() {
        let english = messages("en", CATALOGS[0].1);
        let sources = sources();
        let mut prefixes = Vec::new();
        for (_, text) in &sources {
            for (i, _) in text.match_indices("-${") {
                let start = text[..i].rfind('`').map_or(i, |s| s + 1);
                let prefix = &text[start..=i];
                if prefix
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-' || c == '_')
                {
                    prefixes.push(prefix.to_owned());
                }
            }
        }
        let unused: Vec<_> = english
            .keys()
            .filter(|id| {
                let quoted = [format!("\"{id}\""), format!("'{id}'"), format!("`{id}`")];
                !sources
                    .iter()
                    .any(|(_, text)| quoted.iter().any(|q| text.contains(q)))
                    && !prefixes.iter().any(|p| id.starts_with(p.as_str()))
            })
            .collect();
        assert!(unused.is_empty(), "messages no source uses: {unused:?}");
        for (path, text) in &sources {
            for call in ["t(\"", "ta(\"", "data-l10n-id=\""] {
                for (i, _) in text.match_indices(call) {
                    let rest = &text[i + call.len()..];
                    let Some(end) = rest.find('"') else { continue };
                    let id = &rest[..end];
                    // `split("…")` is not `t("…")`.
                    let call_of_t = !call.starts_with("data");
                    if call_of_t && text[..i].ends_with(|c: char| c.is_alphanumeric()) {
                        continue;
                    }
                    assert!(
                        english.contains_key(id),
                        "{}: {id} is not in the catalogs",
                        path.display()
                    );
                }
            }
        }
    }
}
