//! One websocket connection to `grundyd`: the `hello` handshake, then requests answered by
//! id. Events the server pushes on its own (no id) are skipped, since every command of this
//! client is a single question and its answer.

use std::fmt;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use futures_util::{SinkExt, StreamExt};
use protocol::{ClientMessage, ErrorCode, Request, ServerBody, ServerMessage, PROTOCOL_VERSION};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long to wait for the server to accept the connection.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How long to wait for one answer: a large table or a computed query may take a while,
/// but a silent server should not hang a script forever.
const REPLY_TIMEOUT: Duration = Duration::from_secs(300);

/// An `error` reply from the server, printed as `error (code): message`.
#[derive(Debug)]
pub struct ServerError {
    /// The stable code.
    pub code: ErrorCode,
    /// What went wrong and what to do.
    pub message: String,
}

impl fmt::Display for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error ({}): {}", self.code.as_str(), self.message)
    }
}

impl std::error::Error for ServerError {}

/// `url` with `ws://` in front when it names no scheme, so that `--server host:7878` works.
fn with_scheme(url: &str) -> String {
    if url.contains("://") {
        url.to_owned()
    } else {
        format!("ws://{url}")
    }
}

/// A connection that has been welcomed.
pub struct Connection {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_id: u64,
}

impl Connection {
    /// Connects to `url` and says hello as `name`.
    pub async fn open(url: &str, name: &str, access_code: Option<String>) -> Result<Connection> {
        let url = with_scheme(url);
        let advice = |cause: &dyn fmt::Display| {
            anyhow!(
                "cannot connect to {url} ({cause}): is grundyd running? start it with \
                 `cargo run --release --bin grundyd`, or pass --server"
            )
        };
        let (ws, _) = tokio::time::timeout(CONNECT_TIMEOUT, tokio_tungstenite::connect_async(&url))
            .await
            .map_err(|_| advice(&"no answer"))?
            .map_err(|e| advice(&e))?;
        let mut conn = Connection { ws, next_id: 1 };
        let hello = Request::Hello {
            protocol: PROTOCOL_VERSION,
            name: name.to_owned(),
            token: None,
            access_code,
        };
        match conn.request(hello).await {
            Ok(ServerBody::Welcome(_)) => Ok(conn),
            Ok(other) => bail!("the server answered hello with {other:?}, not welcome"),
            Err(e) => match e.downcast_ref::<ServerError>() {
                Some(ServerError {
                    code: ErrorCode::BadAccessCode,
                    ..
                }) => Err(e.context("the server wants an access code: pass --access-code")),
                _ => Err(e),
            },
        }
    }

    /// Sends `request` and waits for the reply with its id. An `error` reply becomes a
    /// [`ServerError`].
    pub async fn request(&mut self, request: Request) -> Result<ServerBody> {
        let id = self.next_id;
        self.next_id += 1;
        let text = serde_json::to_string(&ClientMessage { id, request })?;
        self.ws
            .send(Message::text(text))
            .await
            .context("the server closed the connection")?;
        loop {
            let message = self.receive().await?;
            match message.id {
                Some(got) if got == id => {
                    return match message.body {
                        ServerBody::Error { code, message } => {
                            Err(ServerError { code, message }.into())
                        }
                        body => Ok(body),
                    };
                }
                // An error without id comes right before the server closes the connection.
                None => {
                    if let ServerBody::Error { code, message } = message.body {
                        return Err(ServerError { code, message }.into());
                    }
                }
                Some(_) => {}
            }
        }
    }

    /// The next JSON message from the server.
    async fn receive(&mut self) -> Result<ServerMessage> {
        loop {
            let frame = tokio::time::timeout(REPLY_TIMEOUT, self.ws.next())
                .await
                .map_err(|_| anyhow!("the server did not answer within {REPLY_TIMEOUT:?}"))?
                .ok_or_else(|| anyhow!("the server closed the connection"))?
                .context("the connection to the server failed")?;
            match frame {
                Message::Text(text) => {
                    return serde_json::from_str(text.as_str())
                        .context("the server sent a message this client cannot read");
                }
                Message::Close(_) => bail!("the server closed the connection"),
                _ => continue,
            }
        }
    }

    /// Closes the connection politely; failures do not matter any more.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_address_gets_the_websocket_scheme() {
        assert_eq!(with_scheme("127.0.0.1:7878"), "ws://127.0.0.1:7878");
        assert_eq!(with_scheme("wss://example.org"), "wss://example.org");
    }
}
