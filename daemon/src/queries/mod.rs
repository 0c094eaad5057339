//! Answers to analysis requests: classifications, tables, saved games, reviews, exports.

mod check;
mod classify;
mod error;
mod games;
mod lines;
mod pages;
mod periodicity;
mod review;
mod scan;
mod sequence;
mod stored;
mod table;

pub use check::{check, check_named, named_checks};
pub use classify::{classify, components, listed, value_info, Answer};
pub use error::QueryError;
pub use games::{game, games, summary};
pub use pages::Page;
pub use periodicity::periodicity;
pub use review::{export, import, review};
pub use sequence::sequence;
pub use table::table;
