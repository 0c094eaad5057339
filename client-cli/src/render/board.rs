//! A text picture of a position, drawn from the position string alone: the client knows how
//! each game writes its positions (docs/NOTATION.md) but none of the rules. Anything it
//! cannot read is shown as the text itself.

use protocol::Game;

use super::Style;

/// Largest corner-game board drawn as a grid; beyond it only the square is named.
pub const MAX_DRAWN_SIZE: u64 = 26;

/// Longest Nim pile drawn stone by stone; longer piles are cut with `…`.
const MAX_DRAWN_STONES: u64 = 40;

/// The picture of `position` in a game of one board (with its `size` and `k`), ending in a
/// newline; a sum's is drawn by `sum.rs`.
pub fn board(
    game: Game,
    size: Option<u64>,
    k: Option<u32>,
    position: &str,
    style: Style,
) -> String {
    let drawn = match game {
        Game::Queen | Game::Rook | Game::Horse | Game::Dragon => {
            corner(game, size, position, style)
        }
        Game::Nim => nim(position, style),
        Game::Chocolate => chocolate(k, position),
        Game::LGame => lgame(position, style),
        Game::Sum => None,
    };
    drawn.unwrap_or_else(|| format!("{position}\n"))
}

/// The letter of a corner-game piece.
fn piece_letter(game: Game) -> &'static str {
    match game {
        Game::Rook => "R",
        Game::Horse => "H",
        Game::Dragon => "D",
        _ => "Q",
    }
}

/// Numbers separated by commas (the canonical form of every numeric position).
fn numbers(position: &str) -> Option<Vec<u64>> {
    position.split(',').map(|n| n.trim().parse().ok()).collect()
}

/// An N×N board, row N−1 on top, the piece as its letter and the goal corner `0,0` as `*`.
fn corner(game: Game, size: Option<u64>, position: &str, style: Style) -> Option<String> {
    let [x, y] = numbers(position)?[..] else {
        return None;
    };
    let n = size.unwrap_or(8);
    let letter = piece_letter(game);
    if n > MAX_DRAWN_SIZE || x >= n || y >= n {
        return Some(format!(
            "{} on {x},{y} of a {n}×{n} board (goal 0,0)\n",
            style.strong(letter)
        ));
    }
    let w = (n - 1).to_string().len();
    let mut out = String::new();
    for row in (0..n).rev() {
        out.push_str(&style.dim(&format!("{row:>w$} │")));
        for col in 0..n {
            let cell = if (col, row) == (x, y) {
                style.strong(letter)
            } else if (col, row) == (0, 0) {
                style.red("*")
            } else {
                "·".to_owned()
            };
            out.push_str(&format!(" {:>pad$}{cell}", "", pad = w - 1));
        }
        out.push('\n');
    }
    out.push_str(&style.dim(&format!("{:>w$} └{}", "", "─".repeat((w + 1) * n as usize))));
    out.push('\n');
    let mut labels = format!("{:>w$}  ", "");
    for col in 0..n {
        labels.push_str(&format!(" {col:>w$}"));
    }
    out.push_str(&style.dim(labels.trim_end()));
    out.push('\n');
    Some(out)
}

/// One row per pile: its number, its stones, its size.
fn nim(position: &str, style: Style) -> Option<String> {
    let piles = numbers(position)?;
    let w = piles.len().to_string().len();
    let mut out = String::new();
    for (i, &n) in piles.iter().enumerate() {
        let shown = n.min(MAX_DRAWN_STONES) as usize;
        let mut stones = "●".repeat(shown);
        if n > MAX_DRAWN_STONES {
            stones.push('…');
        }
        let label = style.dim(&format!("pile {:>w$} │", i + 1));
        if stones.is_empty() {
            out.push_str(&format!("{label} {n}\n"));
        } else {
            out.push_str(&format!("{label} {} {n}\n", style.strong(&stones)));
        }
    }
    Some(out)
}

/// `1 row`, `3 rows`.
fn counted(n: u64, what: &str) -> String {
    match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    }
}

/// `{x, y, z}` and a line saying what the strip and the staircase are.
fn chocolate(k: Option<u32>, position: &str) -> Option<String> {
    let [x, y, z] = numbers(position)?[..] else {
        return None;
    };
    let right = match k.unwrap_or(1) {
        0 => format!("a {y}×{z} rectangle"),
        1 => format!(
            "a staircase {} wide, {} high, rising every column",
            counted(z, "column"),
            counted(y, "row")
        ),
        k => format!(
            "a staircase {} wide, {} high, rising every {k} columns",
            counted(z, "column"),
            counted(y, "row")
        ),
    };
    let mut out = format!(
        "{{{x}, {y}, {z}}}\na strip of {} left of the poison; to its right {right}\n",
        counted(x, "square")
    );
    out.push_str(&bar_picture(k.unwrap_or(1), x, y, z).unwrap_or_default());
    Some(out)
}

/// Widest and tallest bar drawn square by square; larger bars are only described.
const MAX_BAR_DRAWN: u64 = 40;

/// The bar itself: the strip (`■`) on the bottom row left of the poison (`P`), and the
/// staircase to its right, column t standing min(y, ⌊t/k⌋) + 1 high (y + 1 when k = 0).
fn bar_picture(k: u32, x: u64, y: u64, z: u64) -> Option<String> {
    if x + z + 1 > MAX_BAR_DRAWN || y + 1 > MAX_BAR_DRAWN {
        return None;
    }
    let height = |t: u64| match k {
        0 => y + 1,
        k => y.min(t / u64::from(k)) + 1,
    };
    let mut out = String::new();
    for row in (0..=y).rev() {
        let mut line = String::new();
        for _ in 0..x {
            line.push_str(if row == 0 { "■ " } else { "  " });
        }
        for t in 0..=z {
            line.push_str(match (t, row) {
                (0, 0) => "P ",
                _ if row < height(t) => "■ ",
                _ => "  ",
            });
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    Some(out)
}

/// The 4×4 board, rank 4 on top, files a to d below, and the side to move.
fn lgame(position: &str, style: Style) -> Option<String> {
    let (board, side) = position.split_once(' ')?;
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 4 || ranks.iter().any(|r| r.chars().count() != 4) {
        return None;
    }
    let mut out = String::new();
    for (i, rank) in ranks.iter().enumerate() {
        out.push_str(&style.dim(&format!("{} ", 4 - i)));
        for c in rank.chars() {
            let cell = match c {
                'R' => style.red("R"),
                'B' => style.blue("B"),
                'N' => style.strong("N"),
                _ => "·".to_owned(),
            };
            out.push(' ');
            out.push_str(&cell);
        }
        out.push('\n');
    }
    out.push_str(&style.dim("   a b c d"));
    out.push('\n');
    let mover = match side.trim() {
        "r" => "red (R) to move",
        "b" => "blue (B) to move",
        _ => "",
    };
    if !mover.is_empty() {
        out.push_str(mover);
        out.push('\n');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: Style = Style { color: false };

    #[test]
    fn a_corner_board_marks_the_piece_and_the_goal() {
        let b = board(Game::Queen, Some(3), None, "2,1", PLAIN);
        assert_eq!(b, "2 │ · · ·\n1 │ · · Q\n0 │ * · ·\n  └──────\n    0 1 2\n");
    }

    #[test]
    fn a_large_corner_board_names_the_square() {
        let b = board(Game::Rook, Some(1000), None, "900,20", PLAIN);
        assert_eq!(b, "R on 900,20 of a 1000×1000 board (goal 0,0)\n");
    }

    #[test]
    fn nim_piles_are_rows_of_stones() {
        let b = board(Game::Nim, None, None, "3,0,2", PLAIN);
        assert_eq!(b, "pile 1 │ ●●● 3\npile 2 │ 0\npile 3 │ ●● 2\n");
    }

    #[test]
    fn chocolate_says_strip_and_staircase() {
        let b = board(Game::Chocolate, None, Some(1), "5,3,7", PLAIN);
        assert!(b.starts_with("{5, 3, 7}\na strip of 5 squares"), "{b}");
        assert!(
            b.contains("staircase 7 columns wide, 3 rows high, rising every column"),
            "{b}"
        );
        let one = board(Game::Chocolate, None, Some(2), "1,1,2", PLAIN);
        assert!(one.contains("a strip of 1 square left"), "{one}");
        assert!(
            one.contains("2 columns wide, 1 row high, rising every 2 columns"),
            "{one}"
        );
        let b = board(Game::Chocolate, None, Some(0), "1,2,3", PLAIN);
        assert!(b.contains("a 2×3 rectangle"), "{b}");
        // {2, 2, 4} with k = 1: strip of 2, poison, then columns 2, 3, 3, 3 high.
        let b = board(Game::Chocolate, None, Some(1), "2,2,4", PLAIN);
        let rows: Vec<&str> = b.lines().skip(2).collect();
        assert_eq!(
            rows,
            ["        ■ ■ ■", "      ■ ■ ■ ■", "■ ■ P ■ ■ ■ ■"],
            "{b}"
        );
    }

    #[test]
    fn the_lgame_has_file_and_rank_labels() {
        let b = board(Game::LGame, None, None, "...N/RRRB/RBBB/N... r", PLAIN);
        assert_eq!(
            b,
            "4  · · · N\n3  R R R B\n2  R B B B\n1  N · · ·\n   a b c d\nred (R) to move\n"
        );
    }

    #[test]
    fn unreadable_positions_are_shown_as_text() {
        assert_eq!(board(Game::Nim, None, None, "x", PLAIN), "x\n");
        assert_eq!(board(Game::LGame, None, None, "RR r", PLAIN), "RR r\n");
    }
}
