//! The language the client speaks, for the whole process: English (`en`) or Japanese
//! (`ja`). `grundy` chooses it from `--lang`, else from the locale (`LC_ALL`, `LC_MESSAGES`,
//! `LANG`, in the order POSIX gives them), else English. What the server refuses is said in
//! it from the catalogs (`protocol::i18n`), as the browser's page says it.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The languages the catalogs have.
pub const LANGUAGES: [&str; 2] = ["en", "ja"];

/// The process's language, as its index in [`LANGUAGES`].
static CHOSEN: AtomicUsize = AtomicUsize::new(0);

/// Makes `lang` the process's language (one the catalogs have; another changes nothing).
/// `grundy` sets it at start; a room's projector view sets the room's own.
pub fn set(lang: &str) {
    if let Some(index) = LANGUAGES.iter().position(|l| *l == lang) {
        CHOSEN.store(index, Ordering::Relaxed);
    }
}

/// The process's language: English until [`set`].
pub fn get() -> &'static str {
    LANGUAGES[CHOSEN.load(Ordering::Relaxed) % LANGUAGES.len()]
}

/// Message `m` of the catalogs in the process's language.
pub fn said(m: &protocol::Message) -> String {
    protocol::i18n::say(get(), m)
}

/// Message `id`, with no arguments, in the process's language.
pub fn word(id: &str) -> String {
    said(&protocol::Message::new(id))
}

/// A code the server sends (a source, a method, a level, an outcome, an annotation) in
/// words: the message `prefix-code`, or the code itself when the catalogs have none (a newer
/// server's code).
pub fn code_word(prefix: &str, code: &str) -> String {
    let m = protocol::Message::new(format!("{prefix}-{code}"));
    match protocol::i18n::knows(&m) {
        true => said(&m),
        false => code.to_owned(),
    }
}

/// The language the locale in the environment asks for.
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
    use super::of_locale;

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
            assert_eq!(of_locale(locale), lang, "{locale}");
        }
    }
}
