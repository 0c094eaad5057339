//! The characters a name may not hold, and how an error names them: `U+200B ZERO WIDTH
//! SPACE`. Unicode's own properties decide (the general category of `unicode-properties`, the
//! Default_Ignorable_Code_Point list of DerivedCoreProperties.txt); names are given for the
//! characters refused most, the code point alone for the rest.

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Why a character is refused in a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// A control character (C0, DEL, C1): a terminal obeys it instead of showing it.
    Control,
    /// A bidirectional control: it reorders the text around it.
    Direction,
    /// Invisible: a format character (Cf), a variation selector, a Hangul filler, any other
    /// default-ignorable code point, or the braille blank. Two names differing by one look
    /// the same.
    Invisible,
    /// A line or paragraph separator.
    LineBreak,
    /// A private-use character: no agreed look.
    PrivateUse,
    /// A code point Unicode has not assigned (or a noncharacter).
    Unassigned,
}

impl Refusal {
    /// What the refused character is, for an error message.
    pub fn what(self) -> &'static str {
        match self {
            Refusal::Control => "a control character, which a terminal obeys instead of showing",
            Refusal::Direction => "a direction control, which reorders the text around it",
            Refusal::Invisible => "invisible, so two different names would look the same",
            Refusal::LineBreak => "a line break",
            Refusal::PrivateUse => "a private-use character, which has no agreed look",
            Refusal::Unassigned => "not a character Unicode has assigned",
        }
    }
}

/// The bidirectional controls (UAX #9): marks, embeddings, overrides and isolates.
pub fn is_direction_control(c: char) -> bool {
    matches!(c, '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 18.0): characters a
/// renderer shows as nothing when it has no glyph for them.
const DEFAULT_IGNORABLE: [(char, char); 17] = [
    ('\u{ad}', '\u{ad}'),
    ('\u{34f}', '\u{34f}'),
    ('\u{61c}', '\u{61c}'),
    ('\u{115f}', '\u{1160}'),
    ('\u{17b4}', '\u{17b5}'),
    ('\u{180b}', '\u{180f}'),
    ('\u{200b}', '\u{200f}'),
    ('\u{202a}', '\u{202e}'),
    ('\u{2060}', '\u{206f}'),
    ('\u{3164}', '\u{3164}'),
    ('\u{fe00}', '\u{fe0f}'),
    ('\u{feff}', '\u{feff}'),
    ('\u{ffa0}', '\u{ffa0}'),
    ('\u{fff0}', '\u{fff8}'),
    ('\u{1bca0}', '\u{1bca3}'),
    ('\u{1d173}', '\u{1d17a}'),
    ('\u{e0000}', '\u{e0fff}'),
];

/// Whether `c` is a default-ignorable code point, or BRAILLE PATTERN BLANK: a symbol that
/// every font draws as nothing, the usual stand-in for an invisible name.
pub fn is_invisible(c: char) -> bool {
    c == '\u{2800}'
        || DEFAULT_IGNORABLE
            .iter()
            .any(|&(lo, hi)| (lo..=hi).contains(&c))
}

/// Why `c` may not stand in a name, or `None` when it may.
pub fn refusal(c: char) -> Option<Refusal> {
    if is_direction_control(c) {
        return Some(Refusal::Direction);
    }
    if is_invisible(c) {
        return Some(Refusal::Invisible);
    }
    match c.general_category() {
        GeneralCategory::Control => Some(Refusal::Control),
        GeneralCategory::Format => Some(Refusal::Invisible),
        GeneralCategory::LineSeparator | GeneralCategory::ParagraphSeparator => {
            Some(Refusal::LineBreak)
        }
        GeneralCategory::PrivateUse => Some(Refusal::PrivateUse),
        GeneralCategory::Unassigned | GeneralCategory::Surrogate => Some(Refusal::Unassigned),
        _ => None,
    }
}

/// `U+200B ZERO WIDTH SPACE`: the code point, and the character's name when it is one of
/// those refused most often.
pub fn describe(c: char) -> String {
    let code = format!("U+{:04X}", u32::from(c));
    match name(c) {
        Some(name) => format!("{code} {name}"),
        None => code,
    }
}

/// The Unicode name (or, for a control character, its alias) of the characters a name
/// refuses most often.
fn name(c: char) -> Option<String> {
    let fixed = match c {
        '\0' => "NULL",
        '\u{7}' => "BELL",
        '\u{8}' => "BACKSPACE",
        '\t' => "CHARACTER TABULATION",
        '\n' => "LINE FEED",
        '\r' => "CARRIAGE RETURN",
        '\u{1b}' => "ESCAPE",
        '\u{7f}' => "DELETE",
        '\u{85}' => "NEXT LINE",
        '\u{9b}' => "CONTROL SEQUENCE INTRODUCER",
        '\u{9d}' => "OPERATING SYSTEM COMMAND",
        '\u{ad}' => "SOFT HYPHEN",
        '\u{34f}' => "COMBINING GRAPHEME JOINER",
        '\u{61c}' => "ARABIC LETTER MARK",
        '\u{115f}' => "HANGUL CHOSEONG FILLER",
        '\u{1160}' => "HANGUL JUNGSEONG FILLER",
        '\u{180e}' => "MONGOLIAN VOWEL SEPARATOR",
        '\u{200b}' => "ZERO WIDTH SPACE",
        '\u{200c}' => "ZERO WIDTH NON-JOINER",
        '\u{200d}' => "ZERO WIDTH JOINER",
        '\u{200e}' => "LEFT-TO-RIGHT MARK",
        '\u{200f}' => "RIGHT-TO-LEFT MARK",
        '\u{2028}' => "LINE SEPARATOR",
        '\u{2029}' => "PARAGRAPH SEPARATOR",
        '\u{202a}' => "LEFT-TO-RIGHT EMBEDDING",
        '\u{202b}' => "RIGHT-TO-LEFT EMBEDDING",
        '\u{202c}' => "POP DIRECTIONAL FORMATTING",
        '\u{202d}' => "LEFT-TO-RIGHT OVERRIDE",
        '\u{202e}' => "RIGHT-TO-LEFT OVERRIDE",
        '\u{2060}' => "WORD JOINER",
        '\u{2061}' => "FUNCTION APPLICATION",
        '\u{2062}' => "INVISIBLE TIMES",
        '\u{2063}' => "INVISIBLE SEPARATOR",
        '\u{2064}' => "INVISIBLE PLUS",
        '\u{2066}' => "LEFT-TO-RIGHT ISOLATE",
        '\u{2067}' => "RIGHT-TO-LEFT ISOLATE",
        '\u{2068}' => "FIRST STRONG ISOLATE",
        '\u{2069}' => "POP DIRECTIONAL ISOLATE",
        '\u{2800}' => "BRAILLE PATTERN BLANK",
        '\u{3164}' => "HANGUL FILLER",
        '\u{feff}' => "ZERO WIDTH NO-BREAK SPACE (BYTE ORDER MARK)",
        '\u{ffa0}' => "HALFWIDTH HANGUL FILLER",
        '\u{e0001}' => "LANGUAGE TAG",
        '\u{e007f}' => "CANCEL TAG",
        '\u{fe00}'..='\u{fe0f}' => {
            return Some(format!("VARIATION SELECTOR-{}", u32::from(c) - 0xfe00 + 1))
        }
        '\u{e0100}'..='\u{e01ef}' => {
            return Some(format!(
                "VARIATION SELECTOR-{}",
                u32::from(c) - 0xe0100 + 17
            ))
        }
        _ => return None,
    };
    Some(fixed.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refused_characters_are_told_apart() {
        for (c, why) in [
            ('\u{1b}', Refusal::Control),
            ('\0', Refusal::Control),
            ('\u{7f}', Refusal::Control),
            ('\u{9b}', Refusal::Control),
            ('\u{202e}', Refusal::Direction),
            ('\u{2067}', Refusal::Direction),
            ('\u{61c}', Refusal::Direction),
            ('\u{200b}', Refusal::Invisible),
            ('\u{feff}', Refusal::Invisible),
            ('\u{fe0f}', Refusal::Invisible),
            ('\u{e0101}', Refusal::Invisible),
            ('\u{3164}', Refusal::Invisible),
            ('\u{ffa0}', Refusal::Invisible),
            ('\u{115f}', Refusal::Invisible),
            ('\u{ad}', Refusal::Invisible),
            ('\u{e0041}', Refusal::Invisible),
            ('\u{600}', Refusal::Invisible),
            ('\u{2800}', Refusal::Invisible),
            ('\u{2028}', Refusal::LineBreak),
            ('\u{e000}', Refusal::PrivateUse),
            ('\u{f0000}', Refusal::PrivateUse),
            ('\u{fffe}', Refusal::Unassigned),
            ('\u{50000}', Refusal::Unassigned),
        ] {
            assert_eq!(refusal(c), Some(why), "{}", describe(c));
        }
        for c in "ada 田中さん サクラ-2 é Ωmega 김민준 😀 ー々〆".chars() {
            assert_eq!(refusal(c), None, "{}", describe(c));
        }
    }

    #[test]
    fn a_character_is_named_by_its_code_point_and_name() {
        assert_eq!(describe('\u{200b}'), "U+200B ZERO WIDTH SPACE");
        assert_eq!(describe('\u{1b}'), "U+001B ESCAPE");
        assert_eq!(describe('\u{fe0f}'), "U+FE0F VARIATION SELECTOR-16");
        assert_eq!(describe('\u{e0100}'), "U+E0100 VARIATION SELECTOR-17");
        assert_eq!(describe('\u{e000}'), "U+E000");
    }
}
