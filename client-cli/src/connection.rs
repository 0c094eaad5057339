//! One websocket connection to `grundyd`: the `hello` handshake, then requests answered by
//! id. Events the server pushes on its own (no id) that arrive while a reply is awaited are
//! kept, in order, for [`Connection::event`]; the one-question commands simply never ask.

use std::collections::VecDeque;
use std::fmt;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use futures_util::{SinkExt, StreamExt};
use protocol::{
    ClientMessage, ErrorCode, Request, ServerBody, ServerMessage, Welcome, PROTOCOL_VERSION,
};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::identity::Identity;

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

/// The server's error code, when `e` is a server error.
fn server_code(e: &anyhow::Error) -> Option<ErrorCode> {
    e.downcast_ref::<ServerError>().map(|s| s.code)
}

/// `url` with `ws://` in front when it names no scheme, so that `--server host:7878` works.
pub fn with_scheme(url: &str) -> String {
    if url.contains("://") {
        url.to_owned()
    } else {
        format!("ws://{url}")
    }
}

/// Most pushed events kept while waiting for a reply. Every `match` event carries the full
/// state, so when a slow reader falls this far behind the oldest are dropped: the newest
/// state still holds every move.
const MAX_KEPT_EVENTS: usize = 64;

/// A connection that has been welcomed.
pub struct Connection {
    ws: Ws,
    next_id: u64,
    /// Events that arrived while a reply was awaited, oldest first.
    events: VecDeque<ServerBody>,
    /// This player's id, from `welcome`: it tells which seat of a match is ours.
    player_id: i64,
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
        let mut conn = Connection {
            ws,
            next_id: 1,
            events: VecDeque::new(),
            player_id: 0,
        };
        // The same player as last time on this server under this name, when we were here.
        let identity = Identity::new(&url, name);
        let mut kept = identity.token();
        let welcome = match conn.hello(name, kept.clone(), &access_code).await {
            Err(e) if server_code(&e) == Some(ErrorCode::BadToken) => {
                // The server does not know us (a new database): start afresh.
                identity.forget();
                kept = None;
                conn.hello(name, None, &access_code).await
            }
            other => other,
        };
        let welcome = match welcome {
            Ok(welcome) => welcome,
            Err(e) if server_code(&e) == Some(ErrorCode::BadAccessCode) => {
                return Err(e.context("the server wants an access code: pass --access-code"));
            }
            Err(e) => return Err(e),
        };
        if kept.as_deref() != Some(welcome.token.as_str()) {
            identity.keep(&welcome.token);
        }
        conn.player_id = welcome.player_id;
        Ok(conn)
    }

    async fn hello(
        &mut self,
        name: &str,
        token: Option<String>,
        access_code: &Option<String>,
    ) -> Result<Welcome> {
        let hello = Request::Hello {
            protocol: PROTOCOL_VERSION,
            name: name.to_owned(),
            token,
            access_code: access_code.clone(),
        };
        match self.request(hello).await? {
            ServerBody::Welcome(welcome) => Ok(welcome),
            other => bail!("the server answered hello with {other:?}, not welcome"),
        }
    }

    /// Sends `request` and waits for the reply with its id. An `error` reply becomes a
    /// [`ServerError`].
    pub async fn request(&mut self, request: Request) -> Result<ServerBody> {
        let id = self.next_id;
        self.next_id += 1;
        send_request(&mut self.ws, id, request).await?;
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
                None => match message.body {
                    ServerBody::Error { code, message } => {
                        return Err(ServerError { code, message }.into());
                    }
                    body => self.keep(body),
                },
                Some(_) => {}
            }
        }
    }

    /// This player's id on the server.
    pub fn player_id(&self) -> i64 {
        self.player_id
    }

    /// The next pushed event: a kept one first, else the next from the server, waiting as
    /// long as it takes (a match may be quiet for a long time). Cancel-safe, so it can race
    /// the keyboard in `select!`. An error event (the server is closing) becomes an error.
    pub async fn event(&mut self) -> Result<ServerBody> {
        if let Some(body) = self.events.pop_front() {
            return Ok(body);
        }
        loop {
            let message = self.read_frame().await?;
            match (message.id, message.body) {
                (None, ServerBody::Error { code, message }) => {
                    return Err(ServerError { code, message }.into());
                }
                (None, body) => return Ok(body),
                // A late reply to a request that gave up waiting: nobody wants it.
                (Some(_), _) => {}
            }
        }
    }

    fn keep(&mut self, body: ServerBody) {
        if self.events.len() == MAX_KEPT_EVENTS {
            self.events.pop_front();
        }
        self.events.push_back(body);
    }

    /// The next JSON message from the server, within [`REPLY_TIMEOUT`].
    async fn receive(&mut self) -> Result<ServerMessage> {
        tokio::time::timeout(REPLY_TIMEOUT, self.read_frame())
            .await
            .map_err(|_| anyhow!("the server did not answer within {REPLY_TIMEOUT:?}"))?
    }

    /// The next JSON message from the server, however long it takes.
    async fn read_frame(&mut self) -> Result<ServerMessage> {
        next_json(&mut self.ws).await
    }

    /// Closes the connection politely; failures do not matter any more.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// A websocket to the server.
pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Sends `request` with `id` on `ws`.
pub async fn send_request(ws: &mut Ws, id: u64, request: Request) -> Result<()> {
    let text = serde_json::to_string(&ClientMessage { id, request })?;
    ws.send(Message::text(text))
        .await
        .context("the server closed the connection")
}

/// The next text message on `ws`, decoded as `T`; pings and pongs are skipped, a close is an
/// error saying why the server closed.
pub async fn next_json<T: serde::de::DeserializeOwned>(ws: &mut Ws) -> Result<T> {
    loop {
        let frame = ws
            .next()
            .await
            .ok_or_else(|| anyhow!("the server closed the connection"))?
            .context("the connection to the server failed")?;
        match frame {
            Message::Text(text) => {
                return serde_json::from_str(text.as_str())
                    .context("the server sent a message this client cannot read");
            }
            Message::Close(frame) => {
                let why = frame.map(|f| f.reason.to_string()).unwrap_or_default();
                bail!("the server closed the connection: {why}")
            }
            _ => {}
        }
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
