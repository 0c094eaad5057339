//! A sum's moves — a move in one component — with their notation `2/1:3`: the component's
//! number (from 1), a slash, and the component's own move.

use std::fmt;

use crate::any::AnyMove;
use crate::error::{illegal, notation, one_based, Error};
use crate::sum::Position;
use crate::{Position as _, Said};

/// A move in one component of a sum.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    /// The component, counted from 0 (people see it numbered from 1).
    pub component: usize,
    /// The move in that component.
    pub mv: Box<AnyMove>,
}

impl fmt::Display for Move {
    /// Canonical notation `C/M`: move M in component C, counted from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.component.saturating_add(1), self.mv)
    }
}

/// Reads `C/M` (or `C M`), or the whole sum after the move, in which exactly one component
/// has changed.
pub(super) fn parse(p: &Position, text: &str) -> Result<Move, Error> {
    let t = text.trim();
    if t.contains(':') && t.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return parse_result(p, t).map_err(|e| e.with_input(text));
    }
    let count = p.components().len();
    let unreadable = || notation(text, Said::new("rule-sum-move-unread").text("move", t));
    let (head, rest) = t
        .split_once(|c: char| c == '/' || c.is_whitespace())
        .ok_or_else(unreadable)?;
    let number: u64 = head.trim().parse().map_err(|_| unreadable())?;
    let index = one_based(text, "rule-no-component", u128::from(number), count)?;
    let component = &p.components()[index];
    let mv = component
        .parse_move(rest.trim())
        .and_then(|m| component.play(&m).map(|_| m))
        .map_err(|e| in_component(e, number, text))?;
    Ok(Move {
        component: index,
        mv: Box::new(mv),
    })
}

/// The move that leads to the sum written in `text`.
fn parse_result(p: &Position, text: &str) -> Result<Move, Error> {
    let after = Position::parse(text)?;
    let (before, now) = (p.components(), after.components());
    if before.len() != now.len() {
        return Err(illegal(
            text,
            Said::new("rule-sum-keeps-components")
                .text("count", before.len())
                .text("after", &after)
                .text("has", now.len()),
        ));
    }
    if let Some(i) = (0..before.len()).find(|&i| before[i].variant() != now[i].variant()) {
        return Err(illegal(
            text,
            Said::new("rule-sum-component-game")
                .text("component", i + 1)
                .text("game", super::component_name(&before[i]))
                .text("other", super::component_name(&now[i])),
        ));
    }
    let changed: Vec<usize> = (0..before.len()).filter(|&i| before[i] != now[i]).collect();
    let &[i] = changed.as_slice() else {
        return Err(illegal(
            text,
            Said::new("rule-sum-one-component")
                .text("from", p)
                .text("to", &after)
                .text("changed", changed.len()),
        ));
    };
    let number = i as u64 + 1;
    let mv = before[i]
        .parse_move(&now[i].to_string())
        .map_err(|e| in_component(e, number, text))?;
    Ok(Move {
        component: i,
        mv: Box::new(mv),
    })
}

/// A component's error, said of the sum's component `number`.
fn in_component(e: Error, number: u64, text: &str) -> Error {
    let reason = Said::new("rule-in-component")
        .text("component", number)
        .with("reason", e.reason().clone());
    Error::new(e.kind(), text, reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::said::english::english;

    #[test]
    fn moves_read_as_component_and_move_or_as_the_sum_after() {
        let p = Position::parse("queen(11):5,3 + nim:3,4,5").unwrap();
        for text in ["2/1:1", "2 1:1", " 2/2,4,5", "queen(11):5,3 + nim:2,4,5"] {
            assert_eq!(p.parse_move(text).unwrap().to_string(), "2/1:1", "{text}");
        }
        assert_eq!(p.parse_move("1/l2").unwrap().to_string(), "1/3,3");
        let e = p.parse_move("3/1:1").unwrap_err();
        assert_eq!(
            english(e.reason()),
            "there is no component 3: the components are numbered 1 to 2"
        );
        let e = p.parse_move("2/1:9").unwrap_err();
        assert_eq!(
            english(e.reason()),
            "component 2: pile 1 has 3 stones; you cannot take 9"
        );
        let e = p.parse_move("queen(11):3,3 + nim:2,4,5").unwrap_err();
        assert!(english(e.reason()).contains("changes 2"), "{e}");
        let e = p.parse_move("rook(11):5,3 + nim:2,4,5").unwrap_err();
        assert!(
            english(e.reason()).contains("component 1 is queen(11), not rook(11)"),
            "{e}"
        );
        assert!(p.parse_move("take one").is_err());
    }
}
