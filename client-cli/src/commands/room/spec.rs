//! Exercises as a teacher types them — `queen 5,3 outcome`, `nim 3,4,5 winning_moves`,
//! `queen size=11 random remoteness=3..6 remoteness` — and deadlines such as `10m`.

use anyhow::Result;
use protocol::{ExerciseSpec, Game, GameParams, Message, Span};

use crate::commands::{told, told_with};

/// How an exercise is written, for errors and help.
pub const SPEC_FORM: &str =
    "GAME [piece=P] [rule=R|set=S|code=C] [size=N] [k=K|edge=F] [misere] POSITION QUESTION [remoteness=A..B]";

/// The questions, for errors and completion.
pub const QUESTIONS: [&str; 5] = [
    "outcome",
    "grundy",
    "winning_move",
    "winning_moves",
    "remoteness",
];

/// Reads one exercise: the game first, the question last, the position between them (a sum's
/// position has spaces), options anywhere after the game.
pub fn parse(text: &str) -> Result<ExerciseSpec> {
    let mut words = text.split_whitespace();
    let game = words
        .next()
        .ok_or_else(|| told_with("cli-err-empty-exercise", "form", SPEC_FORM))?;
    let game: Game = game
        .parse()
        .map_err(|_| told_with("cli-err-unknown-game", "name", game))?;
    let mut params = GameParams::of(game);
    let mut remoteness = None;
    let mut rest = Vec::new();
    for w in words {
        if let Some(piece) = w.strip_prefix("piece=") {
            params.piece = Some(piece.to_owned());
        } else if let Some(rule) = w.strip_prefix("rule=") {
            params.rule = Some(rule.to_owned());
        } else if let Some(set) = w.strip_prefix("set=") {
            params.rule = Some(format!("subtraction {set}"));
        } else if let Some(code) = w.strip_prefix("code=") {
            params.rule = Some(format!("octal {code}"));
        } else if let Some(n) = w.strip_prefix("size=") {
            params.size = Some(n.parse().map_err(|_| not_a_number(w))?);
        } else if let Some(k) = w.strip_prefix("k=") {
            params.k = Some(k.parse().map_err(|_| not_a_number(w))?);
        } else if let Some(edge) = w.strip_prefix("edge=") {
            // Chocolate's edge, a formula in z written without spaces (`z*z`).
            params.edge = Some(edge.to_owned());
        } else if w == "misere" || w == "misère" {
            params.misere = true;
        } else if let Some(r) = w.strip_prefix("remoteness=") {
            remoteness = Some(range(r)?);
        } else {
            rest.push(w);
        }
    }
    let lacking = |id: &str| told(Message::new(id).text("text", text).text("form", SPEC_FORM));
    let Some((question, position)) = rest.split_last() else {
        return Err(lacking("cli-err-no-position-question"));
    };
    if position.is_empty() {
        return Err(lacking("cli-err-no-position"));
    }
    let question = question.replace('-', "_");
    if !QUESTIONS.contains(&question.as_str()) {
        return Err(told(
            Message::new("cli-err-not-a-question")
                .text("question", &question)
                .text("questions", QUESTIONS.join(", "))
                .text("form", SPEC_FORM),
        ));
    }
    Ok(ExerciseSpec {
        params,
        position: position.join(" "),
        question,
        remoteness,
    })
}

/// The refusal of `option=value` whose value is no number (`size=x`).
pub fn not_a_number(option: &str) -> anyhow::Error {
    told_with("cli-err-not-a-number", "option", option)
}

/// `3..6` (6 excluded) or `3..=6`.
fn range(text: &str) -> Result<Span> {
    let bad = || told_with("cli-err-remoteness-range", "text", text);
    let (from, to) = text.split_once("..").ok_or_else(bad)?;
    let from: u64 = from.parse().map_err(|_| bad())?;
    let to: u64 = match to.strip_prefix('=') {
        Some(last) => last.parse::<u64>().map_err(|_| bad())? + 1,
        None => to.parse().map_err(|_| bad())?,
    };
    if from >= to {
        return Err(bad());
    }
    Ok(Span { from, to })
}

/// A duration such as `90s`, `10m`, `2h`, `3d`, or plain seconds, in seconds.
pub fn duration(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (number, unit) = t.split_at(t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len()));
    let n: u64 = number
        .parse()
        .map_err(|_| format!("{text:?} is not a duration: write 90s, 10m, 2h or 3d"))?;
    let scale = match unit {
        "" | "s" => 1,
        "m" | "min" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => return Err(format!("{text:?}: the unit is s, m, h or d")),
    };
    n.checked_mul(scale)
        .ok_or_else(|| format!("{text:?} is too long"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exercises_are_read_with_their_options() {
        let e = parse("heap set=1,3,4 7,2 winning-move").unwrap();
        assert_eq!(e.params.rule.as_deref(), Some("subtraction 1,3,4"));
        let e = parse("chocolate edge=z*z 3,4,5 grundy").unwrap();
        assert_eq!(
            (e.params.edge.as_deref(), e.position.as_str()),
            (Some("z*z"), "3,4,5")
        );
        let e = parse("corner piece=RN size=16 5,3 winning-move").unwrap();
        assert_eq!(
            (e.params.game, e.params.piece.as_deref(), e.params.size),
            (Game::Corner, Some("RN"), Some(16))
        );
        let e = parse("queen size=11 5,3 outcome").unwrap();
        assert_eq!((e.params.game, e.params.size), (Game::Queen, Some(11)));
        assert_eq!(
            (e.position.as_str(), e.question.as_str()),
            ("5,3", "outcome")
        );
        let e = parse("sum queen(6):5,2 + nim:3,4 winning-moves").unwrap();
        assert_eq!(e.position, "queen(6):5,2 + nim:3,4");
        assert_eq!(e.question, "winning_moves");
        let e = parse("queen random remoteness=3..=5 remoteness").unwrap();
        assert_eq!(e.remoteness, Some(Span { from: 3, to: 6 }));
        assert!(parse("nim misere 1,1 outcome").unwrap().params.misere);
        assert!(parse("nim 3,4,5").is_err());
        assert!(parse("nim outcome").is_err());
        assert!(parse("chess e4 outcome").is_err());
        assert!(parse("queen 5,3 why").is_err());
        assert!(parse("queen random remoteness=5..3 outcome").is_err());
    }

    #[test]
    fn durations_take_units() {
        assert_eq!(duration("90"), Ok(90));
        assert_eq!(duration("10m"), Ok(600));
        assert_eq!(duration("2h"), Ok(7200));
        assert_eq!(duration("3d"), Ok(259_200));
        assert!(duration("soon").is_err());
        assert!(duration("5y").is_err());
    }
}
