//! One load-generator connection: a websocket that says hello, then sends requests and reads
//! only the few fields of the answers the load generator needs (no full decoding: the load
//! generator shares the machine with the server it measures).

use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use futures_util::{FutureExt, StreamExt};
use protocol::{Request, PROTOCOL_VERSION};
use serde::Deserialize;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

use crate::connection::{next_json, send_request, Ws};

/// How long one request may wait for its reply before the connection counts as failed.
const REPLY_TIMEOUT: Duration = Duration::from_secs(30);

/// How long to wait for the server to accept a connection.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

/// Read buffer per connection: thousands of connections must stay small.
const READ_BUFFER: usize = 4 * 1024;

/// The parts of a server message the load generator looks at; everything else is skipped.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Frame {
    /// The request this answers; `None` for an event.
    pub id: Option<u64>,
    /// The message type.
    #[serde(rename = "type")]
    pub kind: String,
    /// Error code, for `error`.
    pub code: Option<String>,
    /// Error text, for `error`.
    pub message: Option<String>,
    /// The position after the move, for `move_accepted`.
    pub position: Option<String>,
    /// The match, for `match`.
    pub state: Option<State>,
}

/// The parts of a match state the load generator follows.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct State {
    /// The match id.
    pub match_id: i64,
    /// The current position.
    pub position: String,
    /// Moves played.
    pub ply: u32,
    /// `waiting`, `playing`, `finished`, `aborted`.
    pub status: String,
}

impl Frame {
    /// The server's error as `code: message`, when this is an error.
    pub fn error(&self) -> Option<String> {
        (self.kind == "error").then(|| {
            format!(
                "{}: {}",
                self.code.as_deref().unwrap_or("?"),
                self.message.as_deref().unwrap_or_default()
            )
        })
    }
}

/// A welcomed connection.
pub struct BenchConn {
    ws: Ws,
    next_id: u64,
}

impl BenchConn {
    /// Connects to `url` and says hello as `name`.
    pub async fn open(url: &str, name: &str, access_code: Option<String>) -> Result<BenchConn> {
        let config = WebSocketConfig::default().read_buffer_size(READ_BUFFER);
        let connect = tokio_tungstenite::connect_async_with_config(url, Some(config), true);
        let (ws, _) = tokio::time::timeout(CONNECT_TIMEOUT, connect)
            .await
            .map_err(|_| anyhow!("no answer from {url} within {CONNECT_TIMEOUT:?}"))?
            .with_context(|| format!("cannot connect to {url}"))?;
        let mut conn = BenchConn { ws, next_id: 1 };
        let hello = Request::Hello {
            protocol: PROTOCOL_VERSION,
            name: name.to_owned(),
            token: None,
            access_code,
        };
        let reply = conn.request(hello).await?;
        match reply.error() {
            Some(e) => bail!("hello refused: {e}"),
            None => Ok(conn),
        }
    }

    /// Sends `request` without waiting; returns its id.
    pub async fn send(&mut self, request: Request) -> Result<u64> {
        let id = self.next_id;
        self.next_id += 1;
        send_request(&mut self.ws, id, request).await?;
        Ok(id)
    }

    /// Sends `request` and waits for its reply (an error reply included); events that come
    /// first are skipped.
    pub async fn request(&mut self, request: Request) -> Result<Frame> {
        let id = self.send(request).await?;
        self.reply(id).await
    }

    /// Waits for the reply to request `id`.
    pub async fn reply(&mut self, id: u64) -> Result<Frame> {
        loop {
            let frame = self.next().await?;
            match frame.id {
                Some(got) if got == id => return Ok(frame),
                None if frame.kind == "error" => {
                    bail!(
                        "the server is closing the connection: {}",
                        frame.error().unwrap_or_default()
                    )
                }
                _ => {}
            }
        }
    }

    /// The next message, within [`REPLY_TIMEOUT`].
    pub async fn next(&mut self) -> Result<Frame> {
        tokio::time::timeout(REPLY_TIMEOUT, next_json(&mut self.ws))
            .await
            .map_err(|_| anyhow!("no message from the server within {REPLY_TIMEOUT:?}"))?
    }

    /// Reads the messages that have already arrived (events nobody waits for), so that they
    /// are not read inside a timed round trip; `true` when one says match `id` is over.
    pub fn drain(&mut self, id: i64) -> Result<bool> {
        let mut over = false;
        while let Some(frame) = self.ws.next().now_or_never() {
            match frame {
                None => bail!("the server closed the connection"),
                Some(Err(e)) => return Err(e).context("the connection failed"),
                // Only the rare state of an ended match is decoded: the load generator must
                // stay cheap beside the server it measures.
                Some(Ok(Message::Text(text)))
                    if text.as_str().contains(r#""status":"finished""#) =>
                {
                    let frame: Frame = serde_json::from_str(text.as_str())
                        .context("the server sent a message the load generator cannot read")?;
                    if let Some(s) = frame.state.filter(|s| s.match_id == id) {
                        over |= s.status != "playing";
                    }
                }
                Some(Ok(_)) => {}
            }
        }
        Ok(over)
    }

    /// Closes politely; failures no longer matter.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}
