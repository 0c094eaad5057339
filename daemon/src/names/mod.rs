//! Display names, so that nobody passes for someone else: which characters a name may not
//! hold ([`chars`]), the form a name is stored in (NFKC, one space between words), and the
//! key under which two names read the same (its [`skeleton`]: letter case aside, then
//! Unicode TR39's confusable skeleton), by which a player's namesakes are found, two members
//! of a room told apart and the engine's name kept for the engine.
//!
//! ```
//! use daemon::names::{check_name, skeleton};
//!
//! assert_eq!(check_name(" ａｄａ  lovelace ")?, "ada lovelace");
//! assert_eq!(check_name("田中さん")?, "田中さん");
//! let e = check_name("ada\u{200b}").unwrap_err();
//! assert!(e.to_string().contains("U+200B ZERO WIDTH SPACE"), "{e}");
//! // Cyrillic а reads as Latin a.
//! assert_eq!(skeleton("\u{430}da"), skeleton("Ada"));
//! # Ok::<(), daemon::names::NameError>(())
//! ```

pub mod chars;

use unicode_normalization::UnicodeNormalization;

pub use chars::Refusal;

/// Longest display name accepted, in characters (after normalisation).
pub const MAX_NAME_CHARS: usize = 40;

/// How the engine's seats are shown: `engine (perfect)`. No name may read as it.
pub const ENGINE_NAME: &str = "engine";

/// Why a name is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[error("{}", crate::failure::english(self))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NameError {
    /// Nothing left once trimmed.
    #[serde(rename = "empty_name")]
    Empty,
    /// Longer than [`MAX_NAME_CHARS`].
    #[serde(rename = "long_name")]
    TooLong {
        /// Most characters: [`MAX_NAME_CHARS`].
        most: usize,
    },
    /// A character no name may hold.
    #[serde(rename = "name_character")]
    Character {
        /// 1 for the first character of the name as given.
        position: usize,
        /// The character.
        character: char,
        /// Its code point and Unicode name: `U+200B ZERO WIDTH SPACE`.
        character_name: String,
        /// What is wrong with it.
        why: Refusal,
    },
    /// The name reads as the engine's.
    #[serde(rename = "engine_name")]
    Engine {
        /// The name, normalised.
        name: String,
    },
}

/// A display name in the form it is stored and shown in, or why it is refused: no control,
/// direction, invisible, private-use or unassigned character (the first is named); then
/// NFKC, every run of spaces one space, trimmed; 1 to [`MAX_NAME_CHARS`] characters; not
/// reading as the engine's.
pub fn check_name(name: &str) -> Result<String, NameError> {
    refuse_characters(name)?;
    let normal = normalize(name);
    // NFKC of an accepted character is accepted; checked again all the same.
    refuse_characters(&normal)?;
    if normal.is_empty() {
        return Err(NameError::Empty);
    }
    if normal.chars().count() > MAX_NAME_CHARS {
        return Err(NameError::TooLong {
            most: MAX_NAME_CHARS,
        });
    }
    if reads_as_engine(&normal) {
        return Err(NameError::Engine { name: normal });
    }
    Ok(normal)
}

/// The first character of `text` that no name may hold.
fn refuse_characters(text: &str) -> Result<(), NameError> {
    match text
        .chars()
        .enumerate()
        .find_map(|(i, c)| chars::refusal(c).map(|why| (i, c, why)))
    {
        Some((i, character, why)) => Err(NameError::Character {
            position: i + 1,
            character,
            character_name: chars::describe(character),
            why,
        }),
        None => Ok(()),
    }
}

/// NFKC (full-width letters become plain ones, `ｶ` becomes `カ`, ligatures come apart), then
/// every run of white space one space, trimmed.
fn normalize(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.nfkc() {
        if c.is_whitespace() {
            if !out.is_empty() && !out.ends_with(' ') {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
    }
    if out.ends_with(' ') {
        out.pop();
    }
    out
}

/// The key under which two names read the same: the TR39 skeleton (confusable characters
/// mapped to one prototype, default-ignorable ones dropped) of the name's NFKC form in
/// lower case. `ada`, `ADA`, `ａｄａ` and Cyrillic `аda` share it; `田中さん` and `Sakura-2`
/// have their own. Stored beside every player's and room member's name.
pub fn skeleton(name: &str) -> String {
    let folded: String = name.nfkc().flat_map(char::to_lowercase).collect();
    unicode_security::skeleton(&folded).collect()
}

/// Whether `name` (normalised) reads as the engine's `engine` or `engine (…)`, spaces aside.
fn reads_as_engine(name: &str) -> bool {
    let key: String = skeleton(name).chars().filter(|c| *c != ' ').collect();
    let engine = skeleton(ENGINE_NAME);
    key == engine || key.starts_with(&format!("{engine}{}", skeleton("(")))
}

#[cfg(test)]
mod tests;
