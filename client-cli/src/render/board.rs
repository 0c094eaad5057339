//! A text picture of a position, drawn from its `board` as the server sends it: the client
//! reads no notation and knows none of the rules.

use protocol::{Board, Game, LColor, LSquare};

use super::Style;

/// Largest corner-game board drawn as a grid; beyond it only the square is named.
pub const MAX_DRAWN_SIZE: u64 = 26;

/// Longest Nim pile drawn stone by stone; longer piles are cut with `…`.
const MAX_DRAWN_STONES: u64 = 40;

/// The picture of a board of `game` (a corner game's piece is its letter), ending in a
/// newline; a sum's is drawn by `sum.rs`, and here only named.
pub fn board(game: Game, board: &Board, style: Style) -> String {
    match board {
        Board::Corner { size, x, y } => corner(game, *size, *x, *y, style),
        Board::Nim { piles } => nim(piles, "nim-pile", style),
        Board::Heap { heaps, rule } => {
            format!("{}{}\n", nim(heaps, "heap-pile", style), style.dim(rule))
        }
        Board::Chocolate {
            x,
            y,
            z,
            k,
            edge,
            tops,
        } => chocolate(*k, edge.as_deref(), tops.as_deref(), [*x, *y, *z]),
        Board::Lgame { ranks, to_move } => lgame(ranks, *to_move, style),
        Board::Sum { components } => format!("a sum of {} games\n", components.len()),
    }
}

/// The letter of a corner-game piece (`P` for a defined piece: its moves are its name).
fn piece_letter(game: Game) -> &'static str {
    match game {
        Game::Rook => "R",
        Game::Horse => "H",
        Game::Dragon => "D",
        Game::Corner => "P",
        _ => "Q",
    }
}

/// An N×N board, row N−1 on top, the piece as its letter and the goal corner `0,0` as `*`.
fn corner(game: Game, n: u64, x: u64, y: u64, style: Style) -> String {
    let letter = piece_letter(game);
    if n > MAX_DRAWN_SIZE || x >= n || y >= n {
        return format!(
            "{} on {x},{y} of a {n}×{n} board (goal 0,0)\n",
            style.strong(letter)
        );
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
    out
}

/// One row per pile: its number (called as message `name` says: `pile 1`, `heap 1`), its
/// stones, its size.
fn nim(piles: &[u64], name: &str, style: Style) -> String {
    let w = piles.len().to_string().len();
    let mut out = String::new();
    for (i, &n) in piles.iter().enumerate() {
        let shown = n.min(MAX_DRAWN_STONES) as usize;
        let mut stones = "●".repeat(shown);
        if n > MAX_DRAWN_STONES {
            stones.push('…');
        }
        // `pile 1`, `山 1`: the number right-aligned among the piles'.
        let number = format!("{:>w$}", i + 1);
        let pile = protocol::Message::new(name).text("pile", number);
        let label = style.dim(&format!("{} │", client::lang::said(&pile)));
        if stones.is_empty() {
            out.push_str(&format!("{label} {n}\n"));
        } else {
            out.push_str(&format!("{label} {} {n}\n", style.strong(&stones)));
        }
    }
    out
}

/// `1 row`, `3 rows`.
fn counted(n: u64, what: &str) -> String {
    match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    }
}

/// `{x, y, z}` and a line saying what the strip and the staircase are.
fn chocolate(k: Option<u32>, edge: Option<&str>, tops: Option<&[u64]>, bar: [u64; 3]) -> String {
    let [x, y, z] = bar;
    let (wide, high) = (counted(z, "column"), counted(y, "row"));
    let right = match (k, edge) {
        (Some(0), _) => format!("a {y}×{z} rectangle"),
        (Some(1), _) => format!("a staircase {wide} wide, {high} high, rising every column"),
        (Some(k), _) => format!("a staircase {wide} wide, {high} high, rising every {k} columns"),
        (None, edge) => format!(
            "a staircase {wide} wide, {high} high, whose edge is f(z) = {}",
            edge.unwrap_or("?")
        ),
    };
    let mut out = format!(
        "{{{x}, {y}, {z}}}\na strip of {} left of the poison; to its right {right}\n",
        counted(x, "square")
    );
    // Column t stands min(y, f(t)) + 1 high: ⌊t/k⌋ for a step (y + 1 when k = 0), the
    // board's own heights for a formula edge.
    let height = |t: u64| match (k, tops) {
        (Some(0), _) => Some(y + 1),
        (Some(k), _) => Some(y.min(t / u64::from(k)) + 1),
        (None, Some(tops)) => usize::try_from(t)
            .ok()
            .and_then(|t| tops.get(t))
            .map(|h| h + 1),
        (None, None) => None,
    };
    out.push_str(&bar_picture(height, x, y, z).unwrap_or_default());
    out
}

/// Widest and tallest bar drawn square by square; larger bars are only described.
const MAX_BAR_DRAWN: u64 = 40;

/// The bar itself: the strip (`■`) on the bottom row left of the poison (`P`), and the
/// staircase to its right, column t standing `height(t)` high (none drawn when a height is
/// not known).
fn bar_picture(height: impl Fn(u64) -> Option<u64>, x: u64, y: u64, z: u64) -> Option<String> {
    if x + z + 1 > MAX_BAR_DRAWN || y + 1 > MAX_BAR_DRAWN {
        return None;
    }
    let heights = (0..=z).map(&height).collect::<Option<Vec<u64>>>()?;
    let mut out = String::new();
    for row in (0..=y).rev() {
        let mut line = String::new();
        for _ in 0..x {
            line.push_str(if row == 0 { "■ " } else { "  " });
        }
        for (t, h) in heights.iter().enumerate() {
            line.push_str(match (t, row) {
                (0, 0) => "P ",
                _ if row < *h => "■ ",
                _ => "  ",
            });
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    Some(out)
}

/// The 4×4 board, rank 4 on top, files a to d below, and the side to move.
fn lgame(ranks: &[[LSquare; 4]; 4], to_move: LColor, style: Style) -> String {
    let mut out = String::new();
    for (i, rank) in ranks.iter().enumerate() {
        out.push_str(&style.dim(&format!("{} ", 4 - i)));
        for square in rank {
            let cell = match square {
                LSquare::Red => style.red("R"),
                LSquare::Blue => style.blue("B"),
                LSquare::Neutral => style.strong("N"),
                LSquare::Empty => "·".to_owned(),
            };
            out.push(' ');
            out.push_str(&cell);
        }
        out.push('\n');
    }
    out.push_str(&style.dim("   a b c d"));
    out.push('\n');
    out.push_str(&client::lang::word(match to_move {
        LColor::Red => "lgame-red-to-move",
        LColor::Blue => "lgame-blue-to-move",
    }));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: Style = Style { color: false };

    fn corner_at(size: u64, x: u64, y: u64) -> Board {
        Board::Corner { size, x, y }
    }

    fn bar(x: u64, y: u64, z: u64, k: u32) -> Board {
        Board::Chocolate {
            x,
            y,
            z,
            k: Some(k),
            edge: None,
            tops: None,
        }
    }

    #[test]
    fn a_corner_board_marks_the_piece_and_the_goal() {
        let b = board(Game::Queen, &corner_at(3, 2, 1), PLAIN);
        assert_eq!(b, "2 │ · · ·\n1 │ · · Q\n0 │ * · ·\n  └──────\n    0 1 2\n");
    }

    #[test]
    fn a_large_corner_board_names_the_square() {
        let b = board(Game::Rook, &corner_at(1000, 900, 20), PLAIN);
        assert_eq!(b, "R on 900,20 of a 1000×1000 board (goal 0,0)\n");
    }

    #[test]
    fn nim_piles_are_rows_of_stones() {
        let piles = Board::Nim {
            piles: vec![3, 0, 2],
        };
        let b = board(Game::Nim, &piles, PLAIN);
        assert_eq!(b, "pile 1 │ ●●● 3\npile 2 │ 0\npile 3 │ ●● 2\n");
    }

    #[test]
    fn chocolate_says_strip_and_staircase() {
        let b = board(Game::Chocolate, &bar(5, 3, 7, 1), PLAIN);
        assert!(b.starts_with("{5, 3, 7}\na strip of 5 squares"), "{b}");
        assert!(
            b.contains("staircase 7 columns wide, 3 rows high, rising every column"),
            "{b}"
        );
        let one = board(Game::Chocolate, &bar(1, 1, 2, 2), PLAIN);
        assert!(one.contains("a strip of 1 square left"), "{one}");
        assert!(
            one.contains("2 columns wide, 1 row high, rising every 2 columns"),
            "{one}"
        );
        let b = board(Game::Chocolate, &bar(1, 2, 3, 0), PLAIN);
        assert!(b.contains("a 2×3 rectangle"), "{b}");
        // {2, 2, 4} with k = 1: strip of 2, poison, then columns 2, 3, 3, 3 high.
        let b = board(Game::Chocolate, &bar(2, 2, 4, 1), PLAIN);
        let rows: Vec<&str> = b.lines().skip(2).collect();
        assert_eq!(
            rows,
            ["        ■ ■ ■", "      ■ ■ ■ ■", "■ ■ P ■ ■ ■ ■"],
            "{b}"
        );
        // {1, 3, 3} with the edge z * z: columns 0, 1, 3, 3 above the poison's row.
        let square = Board::Chocolate {
            x: 1,
            y: 3,
            z: 3,
            k: None,
            edge: Some("z * z".into()),
            tops: Some(vec![0, 1, 3, 3]),
        };
        let b = board(Game::Chocolate, &square, PLAIN);
        assert!(b.contains("whose edge is f(z) = z * z"), "{b}");
        let rows: Vec<&str> = b.lines().skip(2).collect();
        assert_eq!(
            rows,
            ["      ■ ■", "      ■ ■", "    ■ ■ ■", "■ P ■ ■ ■"],
            "{b}"
        );
    }

    #[test]
    fn the_lgame_has_file_and_rank_labels() {
        use LSquare::{Blue as B, Empty as E, Neutral as N, Red as R};
        let start = Board::Lgame {
            ranks: [[E, E, E, N], [R, R, R, B], [R, B, B, B], [N, E, E, E]],
            to_move: LColor::Red,
        };
        let b = board(Game::LGame, &start, PLAIN);
        assert_eq!(
            b,
            "4  · · · N\n3  R R R B\n2  R B B B\n1  N · · ·\n   a b c d\nred (R) to move\n"
        );
    }
}
