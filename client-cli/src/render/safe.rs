//! Text made safe for the terminal it is printed on. Whatever the server sends (a name, a
//! message, a move, a room's name, an exercise, an error) may hold characters a terminal
//! obeys rather than shows: an escape sequence that clears the screen, retitles the window
//! or writes the clipboard (OSC 52), a carriage return that writes over a line, a direction
//! override that reorders what follows. Every path that prints goes through [`terminal`]
//! (`commands::emit`, the session's screen, the boards, errors on stderr), which shows each
//! such character instead; `--json` output goes through [`json`].

use std::borrow::Cow;

use super::style::SGR_CODES;

/// `text` with every character a terminal would obey shown instead: C0 controls as `^[`
/// (ESC), `^M` (carriage return)… and DEL as `^?`, the way `cat -v` shows them; C1
/// controls and the bidirectional controls as `\u{9b}`, `\u{202e}`. Line feeds and tabs
/// stay; so do Japanese and every other printable character. With `colours`, the client's
/// own colour sequences ([`super::Style`]) stay too.
pub fn terminal(text: &str, colours: bool) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if colours && c == '\u{1b}' {
            if let Some(sgr) = own_colour(rest) {
                out.push_str(sgr);
                rest = &rest[sgr.len()..];
                continue;
            }
        }
        match c {
            '\u{0}'..='\u{1f}' | '\u{7f}' if needs_escape(c) => {
                out.push('^');
                out.push(char::from((c as u8) ^ 0x40));
            }
            c if needs_escape(c) => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
        rest = &rest[c.len_utf8()..];
    }
    Cow::Owned(out)
}

/// One line of JSON with the characters a terminal would obey, which JSON may hold raw in
/// its strings (DEL, C1 controls, bidirectional controls), written as `\u` escapes: the same
/// JSON value, nothing for the terminal to obey. (serde_json escapes C0 controls itself.)
pub fn json(line: &str) -> Cow<'_, str> {
    if !line.chars().any(needs_escape) {
        return Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len() + 8);
    for c in line.chars() {
        match c {
            '\n' | '\t' => out.push(c),
            c if needs_escape(c) => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Whether `c` is shown escaped: a control character (C0 but line feed and tab, DEL, C1) or
/// a bidirectional control (marks, embeddings, overrides, isolates).
fn needs_escape(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// The colour sequence of [`super::Style`] that `text` starts with, if any.
fn own_colour(text: &str) -> Option<&str> {
    let code = text.strip_prefix("\u{1b}[")?;
    let end = code.find('m')?;
    SGR_CODES.contains(&&code[..end]).then(|| &text[..end + 3])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Style;

    #[test]
    fn controls_are_shown_not_obeyed() {
        let osc52 = "eve\u{1b}]52;c;cm0gLXJmIH4=\u{7}";
        assert_eq!(terminal(osc52, false), "eve^[]52;c;cm0gLXJmIH4=^G");
        assert_eq!(terminal("a\u{1b}[2J\rb\0", false), "a^[[2J^Mb^@");
        assert_eq!(terminal("a\u{7f}b\u{9b}2J", false), "a^?b\\u{9b}2J");
        assert_eq!(
            terminal("\u{202e}evil\u{2066}x\u{200f}", false),
            "\\u{202e}evil\\u{2066}x\\u{200f}"
        );
        assert_eq!(terminal("line\n\tnext", false), "line\n\tnext");
    }

    #[test]
    fn japanese_and_other_text_is_left_alone() {
        for text in [
            "田中さん",
            "サクラ-2 (2年B組)",
            "Zoë → 5,3 · …",
            "김민준 😀",
        ] {
            assert!(matches!(terminal(text, true), Cow::Borrowed(_)), "{text}");
            assert!(matches!(json(text), Cow::Borrowed(_)), "{text}");
        }
    }

    #[test]
    fn the_clients_own_colours_stay_when_it_colours() {
        let style = Style { color: true };
        let painted = format!(
            "{} {} {}",
            style.strong("0"),
            style.outcome("win"),
            style.dim("ada\u{1b}]0;pwned\u{7}")
        );
        let shown = terminal(&painted, true);
        assert_eq!(
            shown,
            "\u{1b}[1;32m0\u{1b}[0m \u{1b}[32mwin\u{1b}[0m \u{1b}[2mada^[]0;pwned^G\u{1b}[0m"
        );
        // Without colours, every escape is shown: nothing the client writes holds one.
        assert!(!terminal(&painted, false).contains('\u{1b}'));
        // A sequence that is not one of the client's colours is shown, colours or not.
        assert_eq!(terminal("\u{1b}[8mhidden", true), "^[[8mhidden");
        assert_eq!(terminal("\u{1b}[1;32", true), "^[[1;32");
    }

    #[test]
    fn json_keeps_its_value_and_loses_its_controls() {
        let value = serde_json::json!({ "name": "eve\u{1b}]52;c;x\u{7}\u{9b}\u{202e}\u{7f}" });
        let line = serde_json::to_string(&value).unwrap();
        let safe = json(&line);
        assert!(!safe.chars().any(needs_escape), "{safe}");
        assert!(!safe.contains('\u{1b}'), "{safe}");
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back, value);
    }
}
