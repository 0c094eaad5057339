//! A sum's picture: its components' boards side by side, each under its number, its game
//! and — when the server gave them — its Grundy number, then the nim-sum that decides the
//! sum: the Sprague–Grundy theorem on the screen.

use protocol::{ComponentInfo, Game};

use super::board::board;
use super::style::visible_width;
use super::Style;

/// Spaces between two components' pictures.
const GAP: usize = 4;

/// The picture of the sum `position`, laid out within `width` columns (components wrap onto
/// further rows), or `None` when the text is not a sum the client can read.
pub fn sum_board(
    position: &str,
    components: Option<&[ComponentInfo]>,
    width: usize,
    style: Style,
) -> Option<String> {
    let parts = position
        .split(" + ")
        .map(read_component)
        .collect::<Option<Vec<_>>>()?;
    let values = components.filter(|c| c.len() == parts.len());
    let blocks: Vec<Vec<String>> = parts
        .iter()
        .enumerate()
        .map(|(i, (game, size, k, pos))| {
            let name = component_name(*game, *size, *k);
            let mut lines = vec![format!(
                "{} {name}: {pos}",
                style.strong(&(i + 1).to_string())
            )];
            if let Some(v) = values.map(|v| &v[i].value) {
                let grundy = v.grundy.map_or("?".to_owned(), |g| g.to_string());
                lines.push(style.dim(&format!("Grundy {grundy} ({})", v.outcome)));
            }
            lines.extend(
                board(*game, *size, *k, pos, style)
                    .lines()
                    .map(str::to_owned),
            );
            lines
        })
        .collect();
    let mut out = side_by_side(&blocks, width);
    if let Some(values) = values {
        let grundies: Option<Vec<u64>> = values.iter().map(|c| c.value.grundy).collect();
        if let Some(g) = grundies {
            let x = g.iter().fold(0, |x, g| x ^ g);
            let terms: Vec<String> = g.iter().map(u64::to_string).collect();
            let verdict = if x == 0 {
                "lost for the player to move"
            } else {
                "not 0, won for the player to move"
            };
            out.push_str(&format!("nim-sum {} = {x}: {verdict}\n", terms.join(" ⊕ ")));
        }
    }
    Some(out)
}

/// A component's game as a sum writes it: `queen(11)`, `chocolate(1)`, `nim`.
pub fn component_name(game: Game, size: Option<u64>, k: Option<u32>) -> String {
    match (size, k) {
        (Some(size), _) => format!("{game}({size})"),
        (_, Some(k)) => format!("{game}({k})"),
        _ => game.to_string(),
    }
}

/// `queen(11):5,3` → the game, its size or k, and the position.
fn read_component(text: &str) -> Option<(Game, Option<u64>, Option<u32>, &str)> {
    let (head, pos) = text.trim().split_once(':')?;
    let (name, param) = match head.split_once('(') {
        Some((name, rest)) => (name, Some(rest.strip_suffix(')')?.parse::<u64>().ok()?)),
        None => (head, None),
    };
    let game: Game = name.parse().ok()?;
    let (size, k) = match game {
        g if g.is_corner() => (param, None),
        Game::Chocolate => (None, Some(u32::try_from(param?).ok()?)),
        _ => (None, None),
    };
    Some((game, size, k, pos))
}

/// Blocks of lines placed left to right, as many to a row as fit in `width`.
fn side_by_side(blocks: &[Vec<String>], width: usize) -> String {
    let widths: Vec<usize> = blocks
        .iter()
        .map(|b| b.iter().map(|l| visible_width(l)).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    let mut start = 0;
    while start < blocks.len() {
        let mut end = start + 1;
        let mut used = widths[start];
        while end < blocks.len() && used + GAP + widths[end] <= width {
            used += GAP + widths[end];
            end += 1;
        }
        let height = blocks[start..end].iter().map(Vec::len).max().unwrap_or(0);
        for row in 0..height {
            let mut line = String::new();
            for i in start..end {
                let cell = blocks[i].get(row).map_or("", String::as_str);
                line.push_str(cell);
                if i + 1 < end {
                    let pad = widths[i] - visible_width(cell) + GAP;
                    line.push_str(&" ".repeat(pad));
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        if end < blocks.len() {
            out.push('\n');
        }
        start = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::{GameParams, ValueInfo, Verdict};

    fn component(game: Game, size: Option<u64>, position: &str, grundy: u64) -> ComponentInfo {
        ComponentInfo {
            params: GameParams {
                game,
                size,
                k: None,
                misere: false,
            },
            position: position.to_owned(),
            value: ValueInfo {
                outcome: if grundy == 0 {
                    Verdict::Loss
                } else {
                    Verdict::Win
                },
                grundy: Some(grundy),
                remoteness: None,
            },
        }
    }

    #[test]
    fn components_stand_side_by_side_with_their_values_and_the_nim_sum() {
        let values = [
            component(Game::Queen, Some(4), "3,1", 3),
            component(Game::Nim, None, "1,2", 3),
        ];
        let text = sum_board(
            "queen(4):3,1 + nim:1,2",
            Some(&values),
            80,
            Style { color: false },
        )
        .unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("1 queen(4): 3,1"), "{text}");
        assert!(lines[0].contains("2 nim: 1,2"), "{text}");
        assert!(lines[1].starts_with("Grundy 3 (win)"), "{text}");
        assert!(lines[1].contains("Grundy 3 (win)    "), "{text}");
        assert_eq!(
            lines.last().unwrap(),
            &"nim-sum 3 ⊕ 3 = 0: lost for the player to move"
        );
        // Too narrow for both: the second goes below the first.
        let narrow = sum_board("queen(4):3,1 + nim:1,2", None, 20, Style { color: false }).unwrap();
        assert!(
            narrow.lines().any(|l| l.starts_with("2 nim: 1,2")),
            "{narrow}"
        );
        assert!(sum_board("queen(4):3,1 + chess:1", None, 80, Style { color: false }).is_none());
    }
}
