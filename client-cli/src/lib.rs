//! The protocol client of `grundyd`: one websocket connection speaking protocol v1 with
//! `protocol`'s own message types — connect, `hello` (with an access code, or a token to come
//! back as the same player), requests answered by id, the events the server pushes, typed
//! server errors — and the identity a person's client keeps per server. The `grundy` and
//! `grundy-bench` binaries and the end-to-end tests all speak through it.
//!
//! ```no_run
//! # async fn demo() -> Result<(), client::Error> {
//! use client::{Client, Hello};
//! use protocol::{Game, GameParams, Request, ServerBody};
//!
//! let mut c = Client::connect("ws://127.0.0.1:7878", Hello::new("ada")).await?;
//! let asked = Request::Query {
//!     params: GameParams { size: Some(11), ..GameParams::of(Game::Queen) },
//!     position: "5,3".into(),
//!     limit: None,
//! };
//! if let ServerBody::Classification(c) = c.request(asked).await? {
//!     println!("{:?}", c.value.outcome);
//! }
//! # Ok(()) }
//! ```

mod client;
mod error;
pub mod identity;
pub mod lang;

pub use client::{with_scheme, Client, Hello, CONNECT_TIMEOUT, REPLY_TIMEOUT};
pub use error::{Error, ServerError};
pub use identity::Identity;
pub use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
