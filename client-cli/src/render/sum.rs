//! A sum's picture: its components' boards side by side, each under its number, its game
//! and — when the server gave them — its Grundy number, then the nim-sum that decides the
//! sum: the Sprague–Grundy theorem on the screen.

use protocol::{ComponentInfo, GameParams, SumPart};

use super::board::board;
use super::style::visible_width;
use super::Style;

/// Spaces between two components' pictures.
const GAP: usize = 4;

/// The picture of a sum of `parts` (with their values when the server gave them), laid out
/// within `width` columns (components wrap onto further rows).
pub fn sum_board(
    parts: &[SumPart],
    components: Option<&[ComponentInfo]>,
    width: usize,
    style: Style,
) -> String {
    let values = components.filter(|c| c.len() == parts.len());
    let blocks: Vec<Vec<String>> = parts
        .iter()
        .enumerate()
        .map(|(i, part)| {
            let p = &part.params;
            let name = component_name(p);
            let mut lines = vec![format!(
                "{} {name}: {}",
                style.strong(&(i + 1).to_string()),
                part.position
            )];
            if let Some(v) = values.map(|v| &v[i].value) {
                let grundy = v.grundy.map_or("?".to_owned(), |g| g.to_string());
                lines.push(style.dim(&format!("Grundy {grundy} ({})", v.outcome)));
            }
            lines.extend(board(p.game, &part.board, style).lines().map(str::to_owned));
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
    out
}

/// A component's game as a sum writes it: `queen(11)`, `chocolate(1)`, `nim`, `corner RN(8)`,
/// `heap octal 0.77`.
pub fn component_name(p: &GameParams) -> String {
    let game = match p.piece.as_ref().or(p.rule.as_ref()) {
        Some(def) => format!("{} {def}", p.game),
        None => p.game.to_string(),
    };
    match (p.size, p.k, &p.edge) {
        (Some(size), ..) => format!("{game}({size})"),
        (_, Some(k), _) => format!("{game}({k})"),
        (_, _, Some(edge)) => format!("{game}({edge})"),
        _ => game,
    }
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
    use protocol::{Board, Game, ValueInfo, Verdict};

    fn component(game: Game, size: Option<u64>, position: &str, grundy: u64) -> ComponentInfo {
        ComponentInfo {
            params: GameParams {
                game,
                size,
                k: None,
                misere: false,
                piece: None,
                rule: None,
                edge: None,
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
        let parts = [
            SumPart {
                params: values[0].params.clone(),
                position: "3,1".into(),
                board: Board::Corner {
                    size: 4,
                    x: 3,
                    y: 1,
                },
            },
            SumPart {
                params: values[1].params.clone(),
                position: "1,2".into(),
                board: Board::Nim { piles: vec![1, 2] },
            },
        ];
        let text = sum_board(&parts, Some(&values), 80, Style { color: false });
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
        let narrow = sum_board(&parts, None, 20, Style { color: false });
        assert!(
            narrow.lines().any(|l| l.starts_with("2 nim: 1,2")),
            "{narrow}"
        );
    }
}
