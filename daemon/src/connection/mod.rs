//! One websocket connection: the handshake, then requests in, replies and match events out.
//! Bad input gets a precise error and the connection stays open; nothing a client sends can
//! take the server down.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{close_code, CloseCode, CloseFrame, Message, Utf8Bytes};
use futures_util::{FutureExt, Sink, SinkExt, Stream, StreamExt};
use protocol::limits::MAX_MESSAGE_BYTES;
use protocol::{ClientMessage, ServerMessage};
use tokio_stream::wrappers::{BroadcastStream, WatchStream};
use tokio_stream::StreamMap;
use tokio_tungstenite::tungstenite::Error as WsError;
use tracing::Instrument;

mod dispatch;
mod progress;
mod rate;
mod refusal;
mod rooms;
mod session;

pub use refusal::{Refusal, SessionError};

use crate::hub::Hub;
use crate::matches::{PlayerRef, Snapshot};
use crate::presence::Arrival;

/// The close code of a connection closed for sitting idle in no match or room
/// ([`crate::Config::unseated_idle`]): a client reconnects when its user comes back.
pub const IDLE_CLOSE: u16 = 4000;

/// Something to write to the socket.
enum Outgoing {
    /// A reply.
    Message(Box<ServerMessage>),
    /// A message already written as JSON: an event, shared by every follower, or the answer
    /// to a query (see `wire`).
    Text(Utf8Bytes),
    Close(CloseCode, String),
    Ping,
}

/// Serves one websocket client until it leaves: requests in, replies and match events out.
/// `socket` is the upgraded connection's frames (axum's `WebSocket`, set up by the `web`
/// module) or anything else that reads and writes them the same way.
pub async fn serve<S>(socket: S, hub: Arc<Hub>, peer: Option<SocketAddr>)
where
    S: Stream<Item = Result<Message, axum::Error>> + Sink<Message> + Unpin,
{
    let span = tracing::info_span!("conn", ?peer, player = tracing::field::Empty);
    async move {
        let (mut sink, mut source) = socket.split();
        let bucket = rate::Bucket::new(hub.config.message_rate, hub.config.message_burst);
        let (progress, mut progress_events) = tokio::sync::mpsc::channel(progress::QUEUED);
        let mut conn = Connection {
            peer: peer.map(|p| p.ip()),
            asked_at: tokio::time::Instant::now(),
            progress,
            hub,
            replies: Vec::new(),
            player: None,
            arrival: None,
            following: StreamMap::new(),
            room_events: StreamMap::new(),
            in_room: HashMap::new(),
            bucket,
        };
        let hello_by = tokio::time::Instant::now() + conn.hub.config.hello_timeout;
        // It only ever turns true (or its sender goes away): either way, time to close.
        let mut stopping = conn.hub.stopping();
        let already = *stopping.borrow_and_update();
        // Anything the client sends (a pong too) shows it is alive; silence past the idle
        // timeout closes the connection. Pings go out at a third of it.
        let idle = conn.hub.config.idle_timeout;
        let mut last_heard = tokio::time::Instant::now();
        let mut ping = tokio::time::interval(idle / 3);
        let limit = conn.hub.config.write_timeout;
        ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            if already {
                let reason = "the server is shutting down; reconnect when it is back".to_owned();
                let _ = write(&mut sink, limit, [Outgoing::Close(close_code::AWAY, reason)]).await;
                break;
            }
            tokio::select! {
                _ = stopping.changed() => {
                    let reason = "the server is shutting down; reconnect when it is back".to_owned();
                    let _ = write(&mut sink, limit, [Outgoing::Close(close_code::AWAY, reason)]).await;
                    break;
                }
                () = tokio::time::sleep_until(hello_by), if conn.player.is_none() => {
                    let reason = "say hello first: no hello within the time allowed".to_owned();
                    let _ = write(&mut sink, limit, [Outgoing::Close(close_code::POLICY, reason)]).await;
                    break;
                }
                _ = ping.tick() => {
                    let unseated = conn.hub.config.unseated_idle;
                    if conn.seated_nowhere() && conn.asked_at.elapsed() > unseated {
                        let reason = format!(
                            "closed after {} min in no match or room with nothing asked; \
                             reconnect to go on",
                            unseated.as_secs() / 60
                        );
                        tracing::info!("idle connection seated nowhere: closed");
                        let close = Outgoing::Close(IDLE_CLOSE, reason);
                        let _ = write(&mut sink, limit, [close]).await;
                        break;
                    }
                    if last_heard.elapsed() > idle {
                        let reason = format!("nothing heard for {} s", idle.as_secs());
                        let _ = write(&mut sink, limit, [Outgoing::Close(close_code::AWAY, reason)]).await;
                        break;
                    }
                    if write(&mut sink, limit, [Outgoing::Ping]).await.is_err() {
                        break;
                    }
                }
                frame = source.next() => {
                    let Some(frame) = frame else { break };
                    // Boxed: a request's future is large and lives only while it is handled, so an
                    // idle connection's task stays small. A long one reports its progress
                    // meanwhile.
                    let mut handling = Box::pin(conn.on_frame(frame));
                    let flow = loop {
                        tokio::select! {
                            flow = &mut handling => break flow,
                            Some(event) = progress_events.recv() => {
                                let event = Outgoing::Message(Box::new(event));
                                if write(&mut sink, limit, [event]).await.is_err() {
                                    break Flow::Close;
                                }
                            }
                        }
                    };
                    drop(handling);
                    // Heard now, once handled: a client waiting for a long request (a check of
                    // a minute) is not idle.
                    last_heard = tokio::time::Instant::now();
                    // Reports sent as the request ended come before its reply.
                    let mut late = Vec::new();
                    while let Ok(event) = progress_events.try_recv() {
                        late.push(Outgoing::Message(Box::new(event)));
                    }
                    conn.replies.splice(0..0, late);
                    // A match publishes a change before it answers, so the mover's reply and
                    // the event of the move leave together.
                    conn.take_ready_events().await;
                    let written = write(&mut sink, limit, conn.replies.drain(..)).await;
                    if flow == Flow::Close || written.is_err() {
                        break;
                    }
                }
                // A followed match changed (an empty map disables the branch). Replies and
                // events are written by this task, in order: a match followed while handling a
                // request sends its first event after the reply, and nothing is handed to
                // another task. A client slower than its matches skips to the latest state.
                Some((_, snapshot)) = conn.following.next() => {
                    conn.push_event(&snapshot);
                    conn.take_ready_events().await;
                    if write(&mut sink, limit, conn.replies.drain(..)).await.is_err() {
                        break;
                    }
                }
                // A joined room has an event (every one is sent: a room's events are few).
                Some((code, event)) = conn.room_events.next() => {
                    conn.push_room_event(&code, event).await;
                    conn.take_ready_events().await;
                    if write(&mut sink, limit, conn.replies.drain(..)).await.is_err() {
                        break;
                    }
                }
            }
        }
        conn.leave().await;
    }
    .instrument(span)
    .await;
}

/// Writes `batch` and flushes once (one system call for a reply and its event); `Err` when
/// the connection is done: closed by us, gone, or not taking data for `limit` (a client
/// that does not read is dropped rather than buffered for).
async fn write<S>(
    sink: &mut S,
    limit: Duration,
    batch: impl IntoIterator<Item = Outgoing>,
) -> Result<(), ()>
where
    S: Sink<Message> + Unpin,
{
    match tokio::time::timeout(limit, write_now(sink, batch)).await {
        Ok(result) => result,
        Err(_) => {
            tracing::info!("client not reading for {limit:?}: dropped");
            Err(())
        }
    }
}

async fn write_now<S>(sink: &mut S, batch: impl IntoIterator<Item = Outgoing>) -> Result<(), ()>
where
    S: Sink<Message> + Unpin,
{
    for o in batch {
        let message = match o {
            Outgoing::Ping => Message::Ping(bytes::Bytes::new()),
            Outgoing::Text(json) => Message::Text(json),
            Outgoing::Message(m) => match serde_json::to_string(&m) {
                Ok(json) => Message::text(json),
                Err(e) => {
                    tracing::error!(error = %e, "cannot encode a message");
                    continue;
                }
            },
            Outgoing::Close(code, reason) => {
                let frame = CloseFrame {
                    code,
                    reason: reason.into(),
                };
                let _ = sink.send(Message::Close(Some(frame))).await;
                return Err(());
            }
        };
        // A failed write means the client went away: a quiet close, not an error.
        sink.feed(message).await.map_err(drop)?;
    }
    sink.flush().await.map_err(drop)
}

/// The close code and the reason for a frame that could not be read because of what the
/// client sent (too big, not UTF-8, against the protocol); `None` when the client went away.
fn closing_for(e: axum::Error) -> Option<(CloseCode, String)> {
    // axum's `WebSocket` wraps tungstenite's error.
    let e = e.into_inner();
    match e.downcast_ref::<WsError>()? {
        WsError::Capacity(_) => Some((
            close_code::SIZE,
            format!("a message may be at most {MAX_MESSAGE_BYTES} bytes"),
        )),
        WsError::Utf8(_) => Some((close_code::INVALID, "text frames must be UTF-8".to_owned())),
        WsError::Protocol(_) => Some((close_code::PROTOCOL, "websocket protocol error".to_owned())),
        _ => None,
    }
}

/// The `id` of a message that was not taken, when it has one, so that the error can echo it
/// and the client match it to its request.
fn request_id(text: &str) -> Option<u64> {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| v.get("id")?.as_u64())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Continue,
    Close,
}

struct Connection {
    hub: Arc<Hub>,
    /// The client's address, whose wrong guesses of codes are counted (see `guard`).
    peer: Option<std::net::IpAddr>,
    /// When the client last asked for something other than a `ping`.
    asked_at: tokio::time::Instant,
    /// What to write next: the replies to the frame being handled (written once it is
    /// done), then the events ready by then.
    replies: Vec<Outgoing>,
    /// Set by `hello`.
    player: Option<PlayerRef>,
    /// Counts this connection as one of the player's open ones, from `hello` until it
    /// closes.
    arrival: Option<Arrival>,
    /// The matches this client follows: each yields the match's latest published change.
    following: StreamMap<i64, WatchStream<Arc<Snapshot>>>,
    /// The events of the rooms joined on this connection, by code.
    room_events: StreamMap<String, BroadcastStream<bytes::Bytes>>,
    /// The rooms joined on this connection, by code; left when it closes.
    in_room: HashMap<String, crate::classroom::RoomHandle>,
    /// Limits how fast this client's messages are taken.
    bucket: rate::Bucket,
    /// Where a long request reports its progress (see [`progress`]).
    progress: tokio::sync::mpsc::Sender<ServerMessage>,
}

impl Connection {
    /// Whether this connection is in no match and no room: nothing would be lost by
    /// closing it.
    fn seated_nowhere(&self) -> bool {
        self.following.is_empty() && self.in_room.is_empty()
    }

    /// Queues a followed match's event: its JSON, shared by every follower.
    fn push_event(&mut self, snapshot: &Snapshot) {
        match Utf8Bytes::try_from(snapshot.event.clone()) {
            Ok(text) => self.replies.push(Outgoing::Text(text)),
            // A snapshot is written by serde_json, which writes UTF-8 only.
            Err(e) => tracing::error!(error = %e, "a match event is not UTF-8"),
        }
    }

    /// Queues the events the followed matches and rooms have ready now, without waiting for
    /// more (a room this connection fell behind in is asked for its whole view).
    async fn take_ready_events(&mut self) {
        while let Some(Some((_, snapshot))) = self.following.next().now_or_never() {
            self.push_event(&snapshot);
        }
        while let Some(Some((code, event))) = self.room_events.next().now_or_never() {
            self.push_room_event(&code, event).await;
        }
    }

    /// Where the request `id` reports its progress: `progress` events to this client.
    fn reporter(&self, id: u64) -> crate::solver::Report {
        let reporter = progress::Reporter::new(id, self.progress.clone());
        Arc::new(move |what: &protocol::Message, done, total| reporter.report(what, done, total))
    }

    async fn send(&mut self, m: ServerMessage) {
        self.replies.push(Outgoing::Message(Box::new(m)));
    }

    async fn error(&mut self, id: Option<u64>, e: Refusal) {
        self.send(ServerMessage::error(id, e.body())).await;
    }

    async fn on_frame(&mut self, frame: Result<Message, axum::Error>) -> Flow {
        match frame {
            Ok(Message::Text(text)) => self.on_text(text.as_str()).await,
            Ok(Message::Binary(_)) => {
                self.error(None, SessionError::BinaryFrame.into()).await;
                Flow::Continue
            }
            Ok(Message::Close(_)) => Flow::Close,
            Ok(_) => Flow::Continue, // ping and pong are answered by tungstenite
            Err(e) => {
                tracing::debug!(error = %e, "read failed");
                // Say why before closing, with the close code the websocket standard gives.
                let Some((code, reason)) = closing_for(e) else {
                    return Flow::Close; // the client went away
                };
                let refused = SessionError::BadFrame {
                    reason: reason.clone(),
                };
                self.error(None, refused.into()).await;
                self.replies.push(Outgoing::Close(code, reason));
                Flow::Close
            }
        }
    }

    async fn on_text(&mut self, text: &str) -> Flow {
        if !self.bucket.take() {
            let id = request_id(text);
            let rate = self.hub.config.message_rate;
            self.error(id, SessionError::TooFast { rate }.into()).await;
            return Flow::Continue;
        }
        let msg: ClientMessage = match protocol::decode::client_message(text) {
            Ok(m) => m,
            Err(e) => {
                let refused = SessionError::Unreadable { reason: e.message };
                self.error(e.id, refused.into()).await;
                return Flow::Continue;
            }
        };
        let id = msg.id;
        if !matches!(msg.request, protocol::Request::Ping {}) {
            self.asked_at = tokio::time::Instant::now();
        }
        let flow = match self.dispatch(id, msg.request).await {
            Ok(Some(body)) => {
                self.send(ServerMessage::reply(id, body)).await;
                Flow::Continue
            }
            Ok(None) => Flow::Continue,
            Err(e) => {
                self.error(Some(id), e).await;
                Flow::Continue
            }
        };
        flow
    }
}
