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

pub use board::{board, SUM_WIDTH};
pub use columns::Columns;
pub use date::{format_millis, parse_day, MS_PER_DAY};
pub use grid::grid;
pub use style::{shorten, visible_width, Style};
pub use sum::{component_name, sum_board};

/// An optional number as text, `-` when absent.
pub fn opt(n: Option<u64>) -> String {
    n.map_or_else(|| "-".to_owned(), |n| n.to_string())
}
