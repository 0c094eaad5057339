//! `grundyd`, the grundy server: matches of seven combinatorial games over websockets, every
//! move stored in SQLite before it is acknowledged, and an engine that plays perfectly.
//!
//! Start it in-process (as the tests do) with a listener on port 0:
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! let db = daemon::db::Db::open(std::path::Path::new("grundy.db")).await?;
//! let hub = daemon::Hub::start(db, daemon::Config::default()).await?;
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! daemon::run(listener, hub, std::future::pending()).await;
//! # Ok(()) }
//! ```

pub mod auth;
pub mod classroom;
pub mod clock;
pub mod config;
pub mod connection;
pub mod convert;
pub mod db;
pub mod exam;
pub mod failure;
pub mod guard;
pub mod hub;
pub mod matches;
pub mod names;
pub mod pool;
pub mod presence;
pub mod queries;
pub mod records;
pub mod server;
pub mod solver;
pub mod tables;
pub mod web;

pub use config::Config;
pub use hub::Hub;
pub use server::run;
