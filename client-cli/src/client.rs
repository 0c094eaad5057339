//! One websocket connection to `grundyd`, speaking protocol v1 with `protocol`'s own types:
//! `hello`, then requests answered by id, and the events the server pushes meanwhile.
//!
//! Replies are matched to requests by id. Events (messages without an id) that arrive while a
//! reply is awaited are kept, in order, for [`Client::event`]; an error without an id means
//! the server is about to close the connection, and becomes [`Error::Server`] wherever it is
//! read.

use std::collections::VecDeque;
use std::time::Duration;

use futures_util::{FutureExt, SinkExt, StreamExt};
use protocol::{
    ClientMessage, MatchState, Request, ServerBody, ServerMessage, Welcome, PROTOCOL_VERSION,
};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::error::{Error, ServerError};

/// How long to wait for the server to accept the connection.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a reply is waited for unless told otherwise: a large table or a computed query
/// may take a while, but a silent server should not hang a script forever.
pub const REPLY_TIMEOUT: Duration = Duration::from_secs(300);

/// Most pushed events kept while waiting for a reply. Every `match` event carries the full
/// state, so when a slow reader falls this far behind the oldest are dropped: the newest
/// state still holds every move.
const MAX_KEPT_EVENTS: usize = 64;

/// Who says hello: a name, and the token of an earlier `welcome` to come back as the same
/// player; the server's access code when it asks for one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Hello {
    /// The name others see.
    pub name: String,
    /// The token from an earlier `welcome`.
    pub token: Option<String>,
    /// The server's access code.
    pub access_code: Option<String>,
}

impl Hello {
    /// A new player named `name`.
    pub fn new(name: impl Into<String>) -> Hello {
        Hello {
            name: name.into(),
            ..Hello::default()
        }
    }

    /// The player holding `token`.
    pub fn with_token(mut self, token: Option<String>) -> Hello {
        self.token = token;
        self
    }

    /// With the server's access code.
    pub fn with_access_code(mut self, code: Option<String>) -> Hello {
        self.access_code = code;
        self
    }
}

/// `url` with `ws://` in front when it names no scheme, so that `--server host:7878` works.
pub fn with_scheme(url: &str) -> String {
    if url.contains("://") {
        url.to_owned()
    } else {
        format!("ws://{url}")
    }
}

/// A connection to a server.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The address, as connected to.
    url: String,
    /// The server's id, from the handshake's answer (older servers send none).
    server_id: Option<String>,
    next_id: u64,
    /// Events that arrived while a reply was awaited, oldest first.
    events: VecDeque<ServerMessage>,
    /// The server's `welcome`, once said.
    welcome: Option<Welcome>,
    /// The access code the welcome was had with, to say hello again on a new connection.
    access_code: Option<String>,
    /// How long a reply is waited for.
    reply_timeout: Duration,
    /// How long an event is waited for; `None`: as long as it takes (a match may be quiet
    /// for a long time).
    event_timeout: Option<Duration>,
}

impl Client {
    /// Opens a websocket to `url` without saying hello.
    pub async fn open(url: &str) -> Result<Client, Error> {
        Client::open_with(url, WebSocketConfig::default()).await
    }

    /// Opens a websocket with `config` (a load generator keeps its read buffers small).
    pub async fn open_with(url: &str, config: WebSocketConfig) -> Result<Client, Error> {
        let url = with_scheme(url);
        let failed = |reason: String| Error::Connect {
            url: url.clone(),
            reason,
        };
        if let Some(rest) = url.strip_prefix("http") {
            let ws = format!("ws{rest}");
            return Err(Error::NotWebsocket { url, ws });
        }
        let connect = tokio_tungstenite::connect_async_with_config(&url, Some(config), true);
        let (ws, response) = tokio::time::timeout(CONNECT_TIMEOUT, connect)
            .await
            .map_err(|_| failed("no answer".to_owned()))?
            .map_err(|e| match e {
                // An answer with a status other than 101: the server is there and refuses.
                tokio_tungstenite::tungstenite::Error::Http(response) => {
                    let said = response
                        .body()
                        .as_deref()
                        .map(|b| String::from_utf8_lossy(b).trim().to_owned())
                        .filter(|b| !b.is_empty());
                    Error::Refused {
                        url: url.clone(),
                        reason: said.unwrap_or_else(|| response.status().to_string()),
                    }
                }
                e => failed(e.to_string()),
            })?;
        let server_id = response
            .headers()
            .get(protocol::SERVER_ID_HEADER)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        Ok(Client {
            ws,
            url,
            server_id,
            next_id: 1,
            events: VecDeque::new(),
            welcome: None,
            access_code: None,
            reply_timeout: REPLY_TIMEOUT,
            event_timeout: None,
        })
    }

    /// Opens a websocket to `url` and says `hello`.
    pub async fn connect(url: &str, hello: Hello) -> Result<Client, Error> {
        let mut client = Client::open(url).await?;
        client.hello(hello).await?;
        Ok(client)
    }

    /// Says hello; the server's welcome is kept ([`Client::welcome`]).
    pub async fn hello(&mut self, hello: Hello) -> Result<&Welcome, Error> {
        let request = Request::Hello {
            protocol: PROTOCOL_VERSION,
            name: hello.name,
            token: hello.token,
            access_code: hello.access_code.clone(),
        };
        match self.request(request).await? {
            ServerBody::Welcome(welcome) => {
                self.access_code = hello.access_code;
                Ok(self.welcome.insert(welcome))
            }
            other => Err(Error::unexpected("hello", &other)),
        }
    }

    /// A new connection to the same server as the same player (the token of this one's
    /// welcome): for coming back after the connection was lost or the server restarted.
    pub async fn reconnect(&self) -> Result<Client, Error> {
        let mut again = Client::open(&self.url).await?;
        again.set_timeouts(self.reply_timeout, self.event_timeout);
        if let Some(w) = &self.welcome {
            let hello = Hello::new(w.name.clone())
                .with_token(Some(w.token.clone()))
                .with_access_code(self.access_code.clone());
            again.hello(hello).await?;
        }
        Ok(again)
    }

    /// Sets how long replies and events are waited for (`None` for events: as long as it
    /// takes).
    pub fn set_timeouts(&mut self, reply: Duration, event: Option<Duration>) {
        self.reply_timeout = reply;
        self.event_timeout = event;
    }

    /// The address connected to, with its scheme.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The server's id, announced before hello: the same however the address is written.
    pub fn server_id(&self) -> Option<&str> {
        self.server_id.as_deref()
    }

    /// The server's welcome, once said.
    pub fn welcome(&self) -> Option<&Welcome> {
        self.welcome.as_ref()
    }

    /// This player's id on the server (0 before hello): it tells which seat of a match is
    /// ours.
    pub fn player_id(&self) -> i64 {
        self.welcome.as_ref().map_or(0, |w| w.player_id)
    }

    /// The secret that makes this player on a new connection (empty before hello).
    pub fn token(&self) -> &str {
        self.welcome.as_ref().map_or("", |w| w.token.as_str())
    }

    /// Sends `request` without waiting for its reply; returns its id.
    pub async fn send(&mut self, request: Request) -> Result<u64, Error> {
        let id = self.next_id;
        self.next_id += 1;
        let text = serde_json::to_string(&ClientMessage { id, request })?;
        self.send_text(&text).await?;
        Ok(id)
    }

    /// Waits for the reply to request `id`, keeping the events that come first. An `error`
    /// reply becomes [`Error::Server`].
    pub async fn reply(&mut self, id: u64) -> Result<ServerBody, Error> {
        self.reply_reporting(id, &mut |_, _, _| {}).await
    }

    /// [`Client::reply`], handing the request's `progress` events to `progress`.
    async fn reply_reporting(
        &mut self,
        id: u64,
        progress: &mut (dyn FnMut(&str, u64, u64) + Send),
    ) -> Result<ServerBody, Error> {
        let limit = self.reply_timeout;
        tokio::time::timeout(limit, self.reply_now(id, progress))
            .await
            .map_err(|_| Error::Timeout(limit))?
    }

    async fn reply_now(
        &mut self,
        id: u64,
        progress: &mut (dyn FnMut(&str, u64, u64) + Send),
    ) -> Result<ServerBody, Error> {
        loop {
            let message = self.read().await?;
            match (message.id, message.body) {
                (Some(got), body) if got == id => return answer(body),
                (
                    None,
                    ServerBody::Progress {
                        request,
                        what_message,
                        done,
                        total,
                        ..
                    },
                ) => {
                    if request == id {
                        progress(&crate::lang::said(&what_message), done, total);
                    }
                }
                (None, ServerBody::Error(e)) => return Err(ServerError::from(e).into()),
                (None, body) => self.keep(ServerMessage::event(body)),
                // A late reply to a request whose caller stopped waiting: nobody wants it.
                (Some(_), _) => {}
            }
        }
    }

    /// Sends `request` and waits for its reply.
    pub async fn request(&mut self, request: Request) -> Result<ServerBody, Error> {
        let id = self.send(request).await?;
        self.reply(id).await
    }

    /// Sends `request` and waits for its reply, handing the `progress` events the server
    /// sends meanwhile (a table solved on demand) to `progress` as `(what, done, total)`.
    pub async fn request_reporting(
        &mut self,
        request: Request,
        progress: &mut (dyn FnMut(&str, u64, u64) + Send),
    ) -> Result<ServerBody, Error> {
        let id = self.send(request).await?;
        self.reply_reporting(id, progress).await
    }

    /// The next pushed event: a kept one first, else the next from the server. Cancel-safe,
    /// so it can race the keyboard in `select!`. An error event (the server is closing)
    /// becomes [`Error::Server`].
    pub async fn event(&mut self) -> Result<ServerBody, Error> {
        if let Some(m) = self.events.pop_front() {
            return Ok(m.body);
        }
        match self.event_timeout {
            Some(limit) => tokio::time::timeout(limit, self.event_now())
                .await
                .map_err(|_| Error::Timeout(limit))?,
            None => self.event_now().await,
        }
    }

    async fn event_now(&mut self) -> Result<ServerBody, Error> {
        loop {
            let message = self.read().await?;
            match (message.id, message.body) {
                (None, ServerBody::Error(e)) => {
                    return Err(ServerError::from(e).into());
                }
                (None, body) => return Ok(body),
                (Some(_), _) => {}
            }
        }
    }

    /// Waits for a `match` event of `match_id` whose state satisfies `done`.
    pub async fn state_until(
        &mut self,
        match_id: i64,
        mut done: impl FnMut(&MatchState) -> bool,
    ) -> Result<MatchState, Error> {
        loop {
            if let ServerBody::Match { state } = self.event().await? {
                if state.match_id == match_id && done(&state) {
                    return Ok(state);
                }
            }
        }
    }

    /// The messages that have already arrived, without waiting: what a load generator reads
    /// between two timed round trips. Only those whose text passes `wanted` are decoded (and
    /// returned); the rest are skipped unread, so following a busy match stays cheap.
    /// Events kept while a reply was awaited come first.
    pub fn ready(&mut self, wanted: impl Fn(&str) -> bool) -> Result<Vec<ServerMessage>, Error> {
        let mut taken: Vec<_> = self.events.drain(..).collect();
        while let Some(frame) = self.ws.next().now_or_never() {
            match frame {
                None => return Err(closed(None)),
                Some(Err(e)) => return Err(e.into()),
                Some(Ok(Message::Text(text))) if wanted(text.as_str()) => {
                    taken.push(serde_json::from_str(text.as_str())?);
                }
                Some(Ok(Message::Close(frame))) => return Err(closed(frame)),
                Some(Ok(_)) => {}
            }
        }
        Ok(taken)
    }

    /// The next message from the server, reply or event, within the reply timeout: for
    /// tests that look at everything the server says.
    pub async fn next_message(&mut self) -> Result<ServerMessage, Error> {
        if let Some(m) = self.events.pop_front() {
            return Ok(m);
        }
        let limit = self.reply_timeout;
        tokio::time::timeout(limit, self.read())
            .await
            .map_err(|_| Error::Timeout(limit))?
    }

    /// The next text frame from the server, undecoded, within the reply timeout: for a
    /// benchmark that times the server's answer apart from the client's decoding of it.
    pub async fn next_text(&mut self) -> Result<String, Error> {
        let limit = self.reply_timeout;
        let read = async {
            loop {
                match self.ws.next().await {
                    None => return Err(closed(None)),
                    Some(Err(e)) => return Err(e.into()),
                    Some(Ok(Message::Text(text))) => return Ok(text.as_str().to_owned()),
                    Some(Ok(Message::Close(frame))) => return Err(closed(frame)),
                    Some(Ok(_)) => {}
                }
            }
        };
        tokio::time::timeout(limit, read)
            .await
            .map_err(|_| Error::Timeout(limit))?
    }

    /// Reads until the server closes the connection (or the reply timeout passes): the
    /// messages it sent first, and its close code.
    pub async fn until_closed(&mut self) -> (Vec<ServerMessage>, Option<CloseCode>) {
        let mut messages: Vec<_> = self.events.drain(..).collect();
        loop {
            match self.next_message().await {
                Ok(m) => messages.push(m),
                Err(Error::Closed { code, .. }) => return (messages, code),
                Err(_) => return (messages, None),
            }
        }
    }

    /// Sends raw text: a frame that may not be a request at all (tests of bad input).
    pub async fn send_text(&mut self, text: &str) -> Result<(), Error> {
        self.ws.send(Message::text(text.to_owned())).await?;
        Ok(())
    }

    /// Sends a binary frame (tests of bad input).
    pub async fn send_binary(&mut self, bytes: Vec<u8>) -> Result<(), Error> {
        self.ws.send(Message::binary(bytes)).await?;
        Ok(())
    }

    /// Closes the connection politely; failures do not matter any more.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }

    fn keep(&mut self, m: ServerMessage) {
        if self.events.len() == MAX_KEPT_EVENTS {
            self.events.pop_front();
        }
        self.events.push_back(m);
    }

    /// The next JSON message, however long it takes; pings and pongs are skipped, a close
    /// is [`Error::Closed`].
    async fn read(&mut self) -> Result<ServerMessage, Error> {
        loop {
            match self.ws.next().await {
                None => return Err(closed(None)),
                Some(Err(e)) => return Err(e.into()),
                Some(Ok(Message::Text(text))) => return Ok(serde_json::from_str(text.as_str())?),
                Some(Ok(Message::Close(frame))) => return Err(closed(frame)),
                Some(Ok(_)) => {}
            }
        }
    }
}

/// A reply's body, or the server's refusal.
fn answer(body: ServerBody) -> Result<ServerBody, Error> {
    match body {
        ServerBody::Error(e) => Err(ServerError::from(e).into()),
        body => Ok(body),
    }
}

fn closed(frame: Option<tokio_tungstenite::tungstenite::protocol::CloseFrame>) -> Error {
    Error::Closed {
        code: frame.as_ref().map(|f| f.code),
        reason: frame.map(|f| f.reason.to_string()).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn an_http_address_is_answered_with_the_websocket_one() {
        let Err(e) = Client::open("http://192.168.1.20:7878").await else {
            panic!("an http address connected");
        };
        let said = e.to_string();
        assert!(said.contains("use ws://192.168.1.20:7878"), "{said}");
    }

    #[test]
    fn a_bare_address_gets_the_websocket_scheme() {
        assert_eq!(with_scheme("127.0.0.1:7878"), "ws://127.0.0.1:7878");
        assert_eq!(with_scheme("wss://example.org"), "wss://example.org");
    }
}
