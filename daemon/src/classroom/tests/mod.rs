//! Tests of the classroom's SQL against real SQLite files.

mod store;
