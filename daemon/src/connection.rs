//! One websocket connection: the handshake, then requests in, replies and match events out.
//! Bad input gets a precise error and the connection stays open; nothing a client sends can
//! take the server down.

use std::collections::HashMap;
use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use protocol::{
    ClientMessage, ErrorBody, ErrorCode, Request, ServerBody, ServerMessage, Welcome,
    PROTOCOL_VERSION, SUPPORTED_VERSIONS,
};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio::task::AbortHandle;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, WebSocketConfig};
use tokio_tungstenite::tungstenite::Message;
use tracing::Instrument;

use crate::auth;
use crate::errors::internal;
use crate::hub::Hub;
use crate::matches::{self, Action, Command, MatchHandle, PlayerRef};
use crate::queries;

/// Largest message or frame a client may send: moves and requests are tiny.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// Messages waiting to be written to one client.
pub const OUT_QUEUE: usize = 256;

/// Something to write to the socket.
#[allow(clippy::large_enum_variant)] // short-lived; see `ServerBody`
enum Outgoing {
    Message(ServerMessage),
    Close(CloseCode, String),
}

/// Serves one client until it leaves.
pub async fn serve(stream: TcpStream, hub: Arc<Hub>) {
    let peer = stream.peer_addr().ok();
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_MESSAGE_BYTES));
    let ws = match tokio_tungstenite::accept_async_with_config(stream, Some(config)).await {
        Ok(ws) => ws,
        Err(e) => {
            tracing::debug!(?peer, error = %e, "websocket handshake failed");
            return;
        }
    };
    let span = tracing::info_span!("conn", ?peer, player = tracing::field::Empty);
    async move {
        let (mut sink, mut source) = ws.split();
        // Events from match forwarders; replies are written directly by this task, in order,
        // so a request costs no hand-off to another task.
        let (out, mut events) = mpsc::channel::<Outgoing>(OUT_QUEUE);
        let mut conn = Connection {
            hub,
            out,
            replies: Vec::new(),
            player: None,
            subscriptions: HashMap::new(),
            pending_ready: Vec::new(),
        };
        loop {
            tokio::select! {
                frame = source.next() => {
                    let Some(frame) = frame else { break };
                    let flow = conn.on_frame(frame).await;
                    let mut stop = flow == Flow::Close;
                    for o in conn.replies.drain(..) {
                        if write(&mut sink, o).await.is_err() {
                            stop = true;
                            break;
                        }
                    }
                    for ready in conn.pending_ready.drain(..) {
                        let _ = ready.send(());
                    }
                    if stop {
                        break;
                    }
                }
                Some(o) = events.recv() => {
                    if write(&mut sink, o).await.is_err() {
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

/// Writes one message; `Err` when the connection is done (closed by us, or gone).
async fn write<S>(sink: &mut S, o: Outgoing) -> Result<(), ()>
where
    S: futures_util::Sink<Message> + Unpin,
{
    match o {
        Outgoing::Message(m) => match serde_json::to_string(&m) {
            // A failed send means the client went away: a quiet close, not an error.
            Ok(json) => sink.send(Message::text(json)).await.map_err(drop),
            Err(e) => {
                tracing::error!(error = %e, "cannot encode a message");
                Ok(())
            }
        },
        Outgoing::Close(code, reason) => {
            let frame = CloseFrame {
                code,
                reason: reason.into(),
            };
            let _ = sink.send(Message::Close(Some(frame))).await;
            Err(())
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Continue,
    Close,
}

struct Connection {
    hub: Arc<Hub>,
    /// Where match forwarders queue their events.
    out: mpsc::Sender<Outgoing>,
    /// Replies to the frame being handled, written once it is done.
    replies: Vec<Outgoing>,
    /// Set by `hello`.
    player: Option<PlayerRef>,
    /// Matches this client follows, with the task forwarding their states.
    subscriptions: HashMap<i64, AbortHandle>,
    /// Forwarders that may start once the current reply is queued.
    pending_ready: Vec<tokio::sync::oneshot::Sender<()>>,
}

impl Connection {
    async fn send(&mut self, m: ServerMessage) {
        self.replies.push(Outgoing::Message(m));
    }

    async fn error(&mut self, id: Option<u64>, e: ErrorBody) {
        self.send(ServerMessage::error(id, e.code, e.message)).await;
    }

    async fn on_frame(
        &mut self,
        frame: Result<Message, tokio_tungstenite::tungstenite::Error>,
    ) -> Flow {
        match frame {
            Ok(Message::Text(text)) => self.on_text(text.as_str()).await,
            Ok(Message::Binary(_)) => {
                self.error(
                    None,
                    ErrorBody::new(
                        ErrorCode::BadMessage,
                        "binary frames are not understood; send JSON text frames",
                    ),
                )
                .await;
                Flow::Continue
            }
            Ok(Message::Close(_)) => Flow::Close,
            Ok(_) => Flow::Continue, // ping and pong are answered by tungstenite
            Err(e) => {
                tracing::debug!(error = %e, "read failed");
                Flow::Close
            }
        }
    }

    async fn on_text(&mut self, text: &str) -> Flow {
        let msg: ClientMessage = match serde_json::from_str(text) {
            Ok(m) => m,
            Err(e) => {
                // Echo the id when the message had one, so the client can match the error.
                let id = serde_json::from_str::<serde_json::Value>(text)
                    .ok()
                    .and_then(|v| v.get("id")?.as_u64());
                let message = format!("cannot read this message: {e}; see docs/PROTOCOL.md");
                self.error(id, ErrorBody::new(ErrorCode::BadMessage, message))
                    .await;
                return Flow::Continue;
            }
        };
        let id = msg.id;
        let flow = match self.dispatch(msg.request).await {
            Ok(Some(body)) => {
                self.send(ServerMessage::reply(id, body)).await;
                Flow::Continue
            }
            Ok(None) => Flow::Continue,
            Err((e, flow)) => {
                self.error(Some(id), e).await;
                flow
            }
        };
        flow
    }

    async fn dispatch(
        &mut self,
        request: Request,
    ) -> Result<Option<ServerBody>, (ErrorBody, Flow)> {
        let keep = |e: ErrorBody| (e, Flow::Continue);
        if let Request::Hello {
            protocol,
            name,
            token,
            ..
        } = request
        {
            return self.hello(protocol, &name, token.as_deref()).await;
        }
        let Some(player) = self.player.clone() else {
            return Err(keep(ErrorBody::new(
                ErrorCode::HelloFirst,
                "say hello first: {\"type\":\"hello\",\"id\":1,\"protocol\":1,\"name\":\"...\"}",
            )));
        };
        let body = match request {
            Request::Hello { .. } => unreachable!("handled above"),
            Request::Ping => ServerBody::Pong,
            Request::Lobby => {
                let (open, playing) = self.hub.lobby();
                ServerBody::Lobby { open, playing }
            }
            Request::CreateMatch {
                params,
                start,
                opponent,
                first,
                clock,
                my_engine,
            } => {
                let req = matches::create::CreateRequest {
                    params,
                    start,
                    opponent,
                    first,
                    clock,
                    my_engine,
                };
                let (handle, state) = matches::create_match(&self.hub, &player, req)
                    .await
                    .map_err(keep)?;
                self.follow_after_reply(&handle);
                ServerBody::Match { state }
            }
            Request::Join { match_id } => {
                let handle = self.live(match_id).map_err(keep)?;
                let state = handle
                    .ask(|reply| Command::Join {
                        player: player.clone(),
                        reply,
                    })
                    .await
                    .map_err(keep)?;
                self.follow_after_reply(&handle);
                ServerBody::Match { state }
            }
            Request::Watch { match_id } => match self.hub.get(match_id) {
                Some(handle) => {
                    let state = (*handle.state()).clone();
                    self.follow_after_reply(&handle);
                    ServerBody::Match { state }
                }
                None => ServerBody::Match {
                    state: self.stored_state(match_id).await.map_err(keep)?,
                },
            },
            Request::Unwatch { match_id } => {
                if let Some(task) = self.subscriptions.remove(&match_id) {
                    task.abort();
                }
                ServerBody::Done { match_id }
            }
            Request::Move { match_id, notation } => {
                let handle = self.live(match_id).map_err(keep)?;
                let a = handle
                    .ask(|reply| Command::Move {
                        player: player.id,
                        text: notation,
                        reply,
                    })
                    .await
                    .map_err(keep)?;
                ServerBody::MoveAccepted {
                    match_id,
                    ply: a.ply,
                    notation: a.notation,
                    position: a.position,
                }
            }
            Request::Resign { match_id } => self.act(match_id, Action::Resign).await?,
            Request::OfferDraw { match_id } => self.act(match_id, Action::OfferDraw).await?,
            Request::AcceptDraw { match_id } => self.act(match_id, Action::AcceptDraw).await?,
            Request::DeclineDraw { match_id } => self.act(match_id, Action::DeclineDraw).await?,
            Request::Abort { match_id } => self.act(match_id, Action::Abort).await?,
            Request::Rematch { match_id } => self.act(match_id, Action::Rematch).await?,
            Request::Query { params, position } => ServerBody::Classification(
                queries::classify(&self.hub, &params, &position)
                    .await
                    .map_err(keep)?,
            ),
            Request::Table { params, rows, cols } => ServerBody::Table(
                queries::table(&self.hub, &params, rows, cols)
                    .await
                    .map_err(keep)?,
            ),
            Request::Games { filter } => ServerBody::Games {
                games: queries::games(&self.hub, filter).await.map_err(keep)?,
            },
            Request::Game { match_id } => {
                let (game, moves) = queries::game(&self.hub, match_id).await.map_err(keep)?;
                ServerBody::Game { game, moves }
            }
            Request::Review { match_id } => ServerBody::Review {
                match_id,
                moves: queries::review(&self.hub, match_id).await.map_err(keep)?,
            },
            Request::Export { match_id, format } => ServerBody::Export {
                match_id,
                format,
                content: queries::export(&self.hub, match_id, format)
                    .await
                    .map_err(keep)?,
            },
            Request::Import { text } => ServerBody::Imported {
                match_id: queries::import(&self.hub, &text).await.map_err(keep)?,
            },
        };
        Ok(Some(body))
    }

    async fn act(&self, match_id: i64, action: Action) -> Result<ServerBody, (ErrorBody, Flow)> {
        let keep = |e: ErrorBody| (e, Flow::Continue);
        let player = self.player.as_ref().map_or(-1, |p| p.id);
        let handle = self.live(match_id).map_err(keep)?;
        handle
            .ask(|reply| Command::Act {
                player,
                action,
                reply,
            })
            .await
            .map_err(keep)?;
        Ok(ServerBody::Done { match_id })
    }

    /// A live match, or the error saying why it cannot be played.
    fn live(&self, match_id: i64) -> Result<MatchHandle, ErrorBody> {
        self.hub.get(match_id).ok_or_else(|| {
            ErrorBody::new(
                ErrorCode::NoSuchMatch,
                format!(
                    "no match {match_id} is open for play; `lobby` lists open matches and \
                     `watch` shows finished ones"
                ),
            )
        })
    }

    /// The state of a match that is no longer live, from the database.
    async fn stored_state(&self, match_id: i64) -> Result<protocol::MatchState, ErrorBody> {
        let stored = self
            .hub
            .db
            .load_match(match_id)
            .await
            .map_err(|e| internal("read the match", e))?
            .ok_or_else(|| {
                ErrorBody::new(
                    ErrorCode::NoSuchMatch,
                    format!("there is no match {match_id}"),
                )
            })?;
        let model = matches::restore::rebuild(stored, self.hub.config.repetition_limit)
            .map_err(|e| internal("replay the stored match", e))?;
        Ok(model.state(crate::clock::now_ms()))
    }

    /// Forwards every future state of `handle` to this client. The watch receiver is taken
    /// now, before the reply is queued, so no change in between is lost; its first event can
    /// only be queued after the reply, because the reply is sent by this task first.
    fn follow_after_reply(&mut self, handle: &MatchHandle) {
        if self.subscriptions.contains_key(&handle.id) {
            return;
        }
        let mut rx = handle.subscribe();
        let out = self.out.clone();
        let (tx_ready, rx_ready) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(
            async move {
                let _ = rx_ready.await;
                while rx.changed().await.is_ok() {
                    let state = (*rx.borrow_and_update().clone()).clone();
                    let event = ServerMessage::event(ServerBody::Match { state });
                    if out.send(Outgoing::Message(event)).await.is_err() {
                        break;
                    }
                }
            }
            .in_current_span(),
        );
        self.subscriptions.insert(handle.id, task.abort_handle());
        self.pending_ready.push(tx_ready);
    }

    async fn hello(
        &mut self,
        version: u32,
        name: &str,
        token: Option<&str>,
    ) -> Result<Option<ServerBody>, (ErrorBody, Flow)> {
        let keep = |e: ErrorBody| (e, Flow::Continue);
        if self.player.is_some() {
            return Err(keep(ErrorBody::new(
                ErrorCode::AlreadyWelcomed,
                "this connection already said hello",
            )));
        }
        if !SUPPORTED_VERSIONS.contains(&version) {
            let message = format!(
                "protocol version {version} is not supported; this server speaks {SUPPORTED_VERSIONS:?}: \
                 update your client"
            );
            let _ = self
                .out
                .send(Outgoing::Message(ServerMessage::error(
                    None,
                    ErrorCode::UnsupportedVersion,
                    message.clone(),
                )))
                .await;
            let _ = self
                .out
                .send(Outgoing::Close(
                    CloseCode::Protocol,
                    "unsupported protocol version".into(),
                ))
                .await;
            return Err((
                ErrorBody::new(ErrorCode::UnsupportedVersion, message),
                Flow::Close,
            ));
        }
        let name = auth::check_name(name).map_err(keep)?;
        let db = &self.hub.db;
        let (id, token) = match token {
            Some(token) => {
                let found = db
                    .player_by_token(&auth::token_hash(token))
                    .await
                    .map_err(|e| keep(internal("look up your token", e)))?;
                let Some(row) = found else {
                    return Err(keep(ErrorBody::new(
                        ErrorCode::BadToken,
                        "this token is not known here; say hello without a token to start afresh",
                    )));
                };
                if row.name != name {
                    db.rename_player(row.id, &name)
                        .await
                        .map_err(|e| keep(internal("rename you", e)))?;
                }
                (row.id, token.trim().to_owned())
            }
            None => {
                let token = auth::new_token().map_err(|e| keep(internal("make a token", e)))?;
                let id = db
                    .create_player(&name, &auth::token_hash(&token))
                    .await
                    .map_err(|e| keep(internal("register you", e)))?;
                (id, token)
            }
        };
        let matches = db
            .open_matches_of(id)
            .await
            .map_err(|e| keep(internal("list your matches", e)))?;
        tracing::Span::current().record("player", id);
        tracing::info!(player = id, %name, "hello");
        self.player = Some(PlayerRef {
            id,
            name: name.clone(),
        });
        for &m in &matches {
            if let Some(handle) = self.hub.get(m) {
                handle.tell(Command::Presence {
                    player: id,
                    connected: true,
                });
            }
        }
        Ok(Some(ServerBody::Welcome(Welcome {
            protocol: PROTOCOL_VERSION,
            player_id: id,
            name,
            token,
            server: format!("grundyd {}", env!("CARGO_PKG_VERSION")),
            matches,
        })))
    }

    /// The client left: stop forwarding, and tell its matches.
    async fn leave(&mut self) {
        for (_, task) in self.subscriptions.drain() {
            task.abort();
        }
        let Some(player) = &self.player else {
            return;
        };
        if let Ok(ids) = self.hub.db.open_matches_of(player.id).await {
            for m in ids {
                if let Some(handle) = self.hub.get(m) {
                    handle.tell(Command::Presence {
                        player: player.id,
                        connected: false,
                    });
                }
            }
        }
        tracing::info!("left");
    }
}
