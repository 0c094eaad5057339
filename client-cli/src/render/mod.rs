//! Text output: colour decisions, game boards, aligned columns, the grid of a 2-D table, dates,
//! and text made safe for the terminal (`safe`).

mod board;
mod columns;
mod date;
mod grid;
pub mod picture;
pub mod progress;
pub mod safe;
mod style;
mod sum;

pub use columns::Columns;
pub use date::{format_millis, parse_day, parse_day_end};
pub use grid::grid;
pub use style::{pad, shorten, visible_width, Style};
pub use sum::{component_name, sum_board};

/// Columns a sum's components are laid out in when the terminal's width is not known.
pub const SUM_WIDTH: usize = 100;

/// The picture of `drawn`, a board of `game`, ending in a newline; a sum's components side
/// by side, [`SUM_WIDTH`] columns wide.
pub fn board(game: protocol::Game, drawn: &protocol::Board, style: Style) -> String {
    match drawn {
        protocol::Board::Sum { components } => sum_board(components, None, SUM_WIDTH, style),
        _ => board::board(game, drawn, style),
    }
}

/// An optional number as text, `-` when absent.
pub fn opt(n: Option<u64>) -> String {
    n.map_or_else(|| "-".to_owned(), |n| n.to_string())
}
