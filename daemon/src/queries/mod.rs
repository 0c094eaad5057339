//! Answers to analysis requests: classifications, tables, saved games, reviews, exports.

mod check;
mod classify;
mod error;
mod games;
mod guess;
mod json;
mod pages;
mod periodicity;
mod review;
mod sequence;
mod stored;
mod table;

pub use check::{check, check_named, named_checks};
pub use classify::{classify, listed, Answer};
pub use error::QueryError;
pub use games::{game, games, summary};
pub use guess::guess;
pub use json::classification;
pub use pages::Page;
pub use periodicity::periodicity;
pub use review::{export, import, review};
pub use sequence::sequence;
pub use table::table;
