//! The language the client speaks, for the whole process: English (`en`) or Japanese
//! (`ja`). `grundy` chooses it from `--lang`, else from the locale (`LC_ALL`, `LC_MESSAGES`,
//! `LANG`, in the order POSIX gives them), else English. What the server refuses is said in
//! it from the catalogs (`protocol::i18n`), as the browser's page says it.

use std::sync::atomic::{AtomicUsize, Ordering};

use protocol::i18n::LANGUAGES;

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
