//! Helpers for the end-to-end tests: a real `grundyd` server on a real port with a database
//! file in a temporary directory, and a websocket client speaking the real protocol.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use daemon::{db::Db, Config, Hub};
use futures_util::{SinkExt, StreamExt};
use protocol::{MatchState, ServerBody, ServerMessage};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for any single reply or event before failing.
pub const WAIT: Duration = Duration::from_secs(20);

/// A running daemon, stopped on `stop` (or when dropped, less cleanly).
pub struct Server {
    /// Where it listens.
    pub addr: SocketAddr,
    /// The database file.
    pub db_path: PathBuf,
    /// The server's shared state, for benchmarks that time its work without the socket.
    pub hub: Arc<Hub>,
    db: Db,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
}

/// Settings for a test daemon: the engine answers at once, and the analysis tables (boards
/// and bars up to 64) are precomputed quickly on the first start. Tests change what they test.
pub fn test_config() -> Config {
    Config {
        engine_delay: Duration::ZERO,
        board: 64,
        bar: 64,
        ..Config::default()
    }
}

impl Server {
    /// Starts a daemon with a fresh database in `dir`, engine delay 0, and small analysis
    /// tables (boards and bars up to 64), so that the first start precomputes them quickly.
    pub async fn start(dir: &tempfile::TempDir) -> Result<Server> {
        Server::start_with(dir, test_config()).await
    }

    /// Starts a daemon on `dir/grundy.db` (created or reused) with `config`.
    pub async fn start_with(dir: &tempfile::TempDir, config: Config) -> Result<Server> {
        let db_path = dir.path().join("grundy.db");
        let db = Db::open(&db_path).await?;
        let hub: Arc<Hub> = Hub::start(db.clone(), config).await?;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(daemon::run(listener, hub.clone(), async {
            let _ = stopped.await;
        }));
        Ok(Server {
            addr,
            db_path,
            hub,
            db,
            stop: Some(stop),
            task,
        })
    }

    /// The websocket URL.
    pub fn url(&self) -> String {
        format!("ws://{}", self.addr)
    }

    /// Stops accepting, waits for the accept loop, commits and checkpoints the database.
    pub async fn stop(mut self) -> Result<()> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        (&mut self.task).await?;
        self.db.checkpoint().await?;
        Ok(())
    }
}

/// A websocket client that keeps pushed events aside while it waits for replies.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_id: u64,
    events: VecDeque<ServerMessage>,
    /// The player id from `welcome`.
    pub player_id: i64,
    /// The token from `welcome`.
    pub token: String,
}

impl Client {
    /// Connects without saying hello.
    pub async fn raw(server: &Server) -> Result<Client> {
        let (ws, _) = tokio_tungstenite::connect_async(server.url()).await?;
        Ok(Client {
            ws,
            next_id: 1,
            events: VecDeque::new(),
            player_id: 0,
            token: String::new(),
        })
    }

    /// Connects and says hello as `name`.
    pub async fn connect(server: &Server, name: &str) -> Result<Client> {
        let mut c = Client::raw(server).await?;
        let welcome = c
            .request(json!({"type": "hello", "protocol": 1, "name": name}))
            .await?;
        match welcome.body {
            ServerBody::Welcome(w) => {
                c.player_id = w.player_id;
                c.token = w.token;
            }
            other => bail!("expected welcome, got {other:?}"),
        }
        Ok(c)
    }

    /// Sends raw text.
    pub async fn send_text(&mut self, text: &str) -> Result<()> {
        self.ws.send(Message::text(text.to_owned())).await?;
        Ok(())
    }

    /// Sends a binary frame.
    pub async fn send_binary(&mut self, bytes: Vec<u8>) -> Result<()> {
        self.ws.send(Message::binary(bytes)).await?;
        Ok(())
    }

    /// Sends `request` (an `id` is added) and returns the reply with that id.
    pub async fn request(&mut self, mut request: Value) -> Result<ServerMessage> {
        let id = self.next_id;
        self.next_id += 1;
        request["id"] = json!(id);
        self.send_text(&request.to_string()).await?;
        loop {
            let m = self.receive().await?;
            if m.id == Some(id) {
                return Ok(m);
            }
            if m.id.is_some() {
                bail!("reply to another request: {m:?}");
            }
            self.events.push_back(m);
        }
    }

    /// Like `request`, but fails unless the reply is not an error.
    pub async fn ok(&mut self, request: Value) -> Result<ServerBody> {
        let m = self.request(request.clone()).await?;
        if let ServerBody::Error { code, message } = &m.body {
            bail!("{request} failed: {code:?}: {message}");
        }
        Ok(m.body)
    }

    /// Asks `ping` and fails unless the answer is `pong`: this client is still served.
    pub async fn ping(&mut self) -> Result<()> {
        match self.ok(json!({"type": "ping"})).await? {
            ServerBody::Pong => Ok(()),
            other => bail!("pong expected, got {other:?}"),
        }
    }

    /// The next message from the server.
    pub async fn receive(&mut self) -> Result<ServerMessage> {
        loop {
            let frame = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .context("timed out waiting for the server")?
                .ok_or_else(|| anyhow!("connection closed"))??;
            match frame {
                Message::Text(t) => return Ok(serde_json::from_str(t.as_str())?),
                Message::Close(f) => bail!("closed by server: {f:?}"),
                _ => continue,
            }
        }
    }

    /// The next pushed event (buffered ones first).
    pub async fn event(&mut self) -> Result<ServerMessage> {
        if let Some(e) = self.events.pop_front() {
            return Ok(e);
        }
        self.receive().await
    }

    /// Waits for a `match` event of `match_id` satisfying `done`, and returns its state.
    pub async fn state_until(
        &mut self,
        match_id: i64,
        mut done: impl FnMut(&MatchState) -> bool,
    ) -> Result<MatchState> {
        loop {
            if let ServerBody::Match { state } = self.event().await?.body {
                if state.match_id == match_id && done(&state) {
                    return Ok(state);
                }
            }
        }
    }

    /// Reads until the connection ends: the JSON messages the server sent first, and its
    /// close code (`None` when the connection ended without a close frame).
    pub async fn until_closed(&mut self) -> (Vec<Value>, Option<CloseCode>) {
        let mut texts = Vec::new();
        while let Some(frame) = self.next_frame().await {
            match frame {
                Message::Text(t) => texts.extend(serde_json::from_str(t.as_str()).ok()),
                Message::Close(f) => return (texts, f.map(|f| f.code)),
                _ => {}
            }
        }
        (texts, None)
    }

    /// The raw next frame, for tests of closes.
    pub async fn next_frame(&mut self) -> Option<Message> {
        tokio::time::timeout(WAIT, self.ws.next())
            .await
            .ok()
            .flatten()
            .and_then(|r| r.ok())
    }
}

/// A Nim match between two people from the standard start: `a` creates it, `b` joins.
pub async fn nim_between(a: &mut Client, b: &mut Client) -> Result<MatchState> {
    nim_from(a, b, "standard").await
}

/// A Nim match between two people from `start`: `a` creates it, `b` joins.
pub async fn nim_from(a: &mut Client, b: &mut Client, start: &str) -> Result<MatchState> {
    let created = a
        .ok(json!({"type": "create_match", "game": "nim", "start": start, "opponent": "human"}))
        .await?;
    let s = state_of(created)?;
    state_of(
        b.ok(json!({"type": "join", "match_id": s.match_id}))
            .await?,
    )
}

/// The match state in a reply, or an error.
pub fn state_of(body: ServerBody) -> Result<MatchState> {
    match body {
        ServerBody::Match { state } => Ok(state),
        other => bail!("expected a match state, got {other:?}"),
    }
}

/// Local tables for choosing test moves (the client side holds no rules; the tests use the
/// engine crate to play sensible moves).
pub fn knowledge() -> engine::Knowledge {
    use engine::corner::{Piece, Table};
    let mut k = engine::Knowledge::new(engine::DEFAULT_BUDGET);
    for piece in Piece::ALL {
        k.add_corner(Arc::new(Table::solve(piece, 64).expect("small table")));
    }
    k.add_chocolate(Arc::new(
        engine::chocolate::Table::solve(1, 256).expect("small table"),
    ));
    k
}

/// The perfect move from `position` of the match described by `state`.
pub fn best_move(k: &engine::Knowledge, state: &MatchState, seed: u64) -> Result<String> {
    let kind = engine::GameKind::parse(state.params.game.name())?;
    let variant = engine::Variant::new(kind, state.params.size, state.params.k)?;
    let pos = variant.parse_position(&state.position)?;
    let m = engine::choose(k, &pos, engine::Level::Perfect, &mut engine::Rng::new(seed))?;
    Ok(m.to_string())
}

/// This machine's processor ticks so far and those the hypervisor stole (the 8th number of
/// /proc/stat's `cpu` line), or `None` off Linux. On a shared virtual machine the tail of
/// the round trips follows the steal: runs are compared at similar steal.
pub fn host_ticks() -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let ticks: Vec<u64> = stat
        .lines()
        .next()?
        .split_whitespace()
        .skip(1)
        .take(8)
        .filter_map(|n| n.parse().ok())
        .collect();
    Some((ticks.iter().sum(), *ticks.get(7)?))
}

/// The share of the processors' time (%) the hypervisor stole since `before`
/// ([`host_ticks`]), or `None` off Linux.
pub fn steal_since(before: Option<(u64, u64)>) -> Option<f64> {
    let ((total0, steal0), (total, steal)) = (before?, host_ticks()?);
    Some(100.0 * steal.saturating_sub(steal0) as f64 / total.saturating_sub(total0).max(1) as f64)
}

/// p50, p90, p99 and max of `times` (sorted here; nearest rank), for the benchmarks. `times`
/// must not be empty.
pub fn figures(times: &mut [Duration]) -> [Duration; 4] {
    times.sort();
    let at = |p: f64| times[((times.len() as f64 - 1.0) * p).round() as usize];
    [at(0.5), at(0.9), at(0.99), times[times.len() - 1]]
}
