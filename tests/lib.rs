//! Helpers for the end-to-end tests: a real `grundyd` server on a real port with a database
//! file in a temporary directory, and clients of it: the protocol client library the `grundy`
//! binary speaks through (`client::Client`), typed by `protocol`'s own messages.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Result};
pub use client::{Client, CloseCode, Error as ClientError, Hello, ServerError};
use daemon::{db::Db, Config, Hub};
use protocol::{
    ErrorCode, Game, GameParams, MatchState, NewMatch, Opponent, Request, RoomSettings, RoomView,
    ServerBody,
};

pub mod bench_server;
pub mod process;

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

/// The room a reply carries.
pub fn room_of(body: ServerBody) -> Result<RoomView> {
    match body {
        ServerBody::Room { room } => Ok(room),
        other => bail!("expected a room, got {other:?}"),
    }
}

/// Opens a room named `name` with the default settings, `teacher` its teacher.
pub async fn open_room(teacher: &mut Client, name: &str) -> Result<RoomView> {
    open_room_with(teacher, name, RoomSettings::default()).await
}

/// Opens a room named `name` with `settings`, `teacher` its teacher.
pub async fn open_room_with(
    teacher: &mut Client,
    name: &str,
    settings: RoomSettings,
) -> Result<RoomView> {
    let reply = teacher
        .request(Request::CreateRoom {
            name: name.to_owned(),
            settings,
        })
        .await?;
    room_of(reply)
}

/// An exercise of `game` (default parameters) at `position` asking `question`.
pub fn exercise(game: protocol::Game, position: &str, question: &str) -> protocol::ExerciseSpec {
    protocol::ExerciseSpec {
        params: protocol::GameParams::of(game),
        position: position.to_owned(),
        question: question.to_owned(),
        remoteness: None,
    }
}

/// `join_room` of room `code` under the player's own name; as its teacher with `owner_token`.
pub fn join_room(code: &str, owner_token: Option<String>) -> Request {
    Request::JoinRoom {
        code: code.to_owned(),
        name: None,
        owner_token,
    }
}

/// The bytes of an analysis file holding the test tables (boards and bars up to 64),
/// computed by a real start of the daemon once per test process and checkpointed: tests
/// write a copy instead of computing them again.
pub async fn analysis_template() -> Result<&'static [u8]> {
    static TEMPLATE: tokio::sync::OnceCell<Vec<u8>> = tokio::sync::OnceCell::const_new();
    let bytes = TEMPLATE
        .get_or_try_init(|| async {
            let dir = tempfile::tempdir()?;
            let db_path = dir.path().join("grundy.db");
            let db = Db::open(&db_path).await?;
            drop(Hub::start(db.clone(), test_config()).await?);
            db.checkpoint().await?;
            Ok::<_, anyhow::Error>(std::fs::read(daemon::db::default_analysis_path(&db_path))?)
        })
        .await?;
    Ok(bytes)
}

impl Server {
    /// Starts a daemon with a fresh database in `dir`, engine delay 0, and small analysis
    /// tables (boards and bars up to 64), so that the first start precomputes them quickly.
    pub async fn start(dir: &tempfile::TempDir) -> Result<Server> {
        Server::start_with(dir, test_config()).await
    }

    /// Starts a daemon on `dir/grundy.db` (created or reused) with `config`. In a fresh
    /// directory, the test tables are a copy of [`analysis_template`] instead of being
    /// computed again (which took most of a test server's start).
    pub async fn start_with(dir: &tempfile::TempDir, config: Config) -> Result<Server> {
        let db = dir.path().join("grundy.db");
        let analysis = daemon::db::default_analysis_path(&db);
        if !db.exists() && !analysis.exists() && config.sizes() == test_config().sizes() {
            std::fs::write(&analysis, analysis_template().await?)?;
        }
        Server::start_on(dir, config, "127.0.0.1:0").await
    }

    /// Stops this daemon and starts another on the same database and address: a restart,
    /// as clients see it.
    pub async fn restart(self, dir: &tempfile::TempDir, config: Config) -> Result<Server> {
        let addr = self.addr;
        self.stop().await?;
        Server::start_on(dir, config, &addr.to_string()).await
    }

    /// Starts a daemon on `dir/grundy.db` with `config`, listening on `addr`.
    async fn start_on(dir: &tempfile::TempDir, config: Config, addr: &str) -> Result<Server> {
        let db_path = dir.path().join("grundy.db");
        let db = Db::open(&db_path).await?;
        let hub: Arc<Hub> = Hub::start(db.clone(), config).await?;
        let listener = tokio::net::TcpListener::bind(addr).await?;
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

impl Server {
    /// A connection that has not said hello, waiting at most [`WAIT`] for anything.
    pub async fn raw(&self) -> Result<Client> {
        let mut c = Client::open(&self.url()).await?;
        c.set_timeouts(WAIT, Some(WAIT));
        Ok(c)
    }

    /// A connection that said hello as a new player named `name`.
    pub async fn connect(&self, name: &str) -> Result<Client> {
        self.connect_as(Hello::new(name)).await
    }

    /// A connection that said `hello`.
    pub async fn connect_as(&self, hello: Hello) -> Result<Client> {
        let mut c = self.raw().await?;
        c.hello(hello).await?;
        Ok(c)
    }
}

/// The server's refusal of a request that had to be refused (a test failure otherwise).
pub fn refusal(reply: Result<ServerBody, ClientError>) -> Result<ServerError> {
    match reply {
        Err(ClientError::Server(e)) => Ok(e),
        Err(e) => bail!("refused without a server error: {e}"),
        Ok(body) => bail!("accepted, though it had to be refused: {body:?}"),
    }
}

/// The code of the server's refusal of a request that had to be refused.
pub fn refused(reply: Result<ServerBody, ClientError>) -> Result<ErrorCode> {
    refusal(reply).map(|e| e.code)
}

/// Sends `text`, a message the protocol's types cannot say, and returns the server's refusal
/// of it, which must carry `id` (`None`: the text has no id the server can read). Events of
/// matches `c` follows that come first are skipped.
pub async fn refusal_of_text(c: &mut Client, text: &str, id: Option<u64>) -> Result<ServerError> {
    c.send_text(text).await?;
    loop {
        let m = c.next_message().await?;
        match (m.id, m.body) {
            (got, ServerBody::Error(e)) if got == id => return Ok(ServerError::from(e)),
            (None, body) if id.is_some() && !matches!(body, ServerBody::Error(_)) => {}
            (got, body) => bail!("{text} answered with id {got:?}: {body:?}"),
        }
    }
}

/// Asks `ping` and fails unless the answer is `pong`: `c` is still served.
pub async fn ping(c: &mut Client) -> Result<()> {
    match c.request(Request::Ping {}).await? {
        ServerBody::Pong => Ok(()),
        other => bail!("pong expected, got {other:?}"),
    }
}

/// A Nim match between two people from the standard start: `a` creates it, `b` joins.
pub async fn nim_between(a: &mut Client, b: &mut Client) -> Result<MatchState> {
    nim_from(a, b, "standard").await
}

/// A Nim match between two people from `start`: `a` creates it, `b` joins.
pub async fn nim_from(a: &mut Client, b: &mut Client, start: &str) -> Result<MatchState> {
    let nim = NewMatch::new(GameParams::of(Game::Nim), Opponent::Human).start(start);
    let s = state_of(a.request(Request::create(nim)).await?)?;
    state_of(
        b.request(Request::Join {
            match_id: s.match_id,
        })
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
    let variant = daemon::convert::game(&state.params)?.variant();
    let pos = variant.parse_position(&state.position)?;
    let convention = engine::Convention::misere_if(state.params.misere);
    let mut rng = engine::Rng::new(seed);
    let m = engine::choose_in(k, &pos, engine::Level::Perfect, &mut rng, convention)?;
    Ok(m.to_string())
}

/// Plays `state`'s match to its end with perfect moves, `players[s]` moving for seat `s`;
/// the final state.
pub async fn play_out(
    players: [&mut Client; 2],
    mut state: MatchState,
    k: &engine::Knowledge,
) -> Result<MatchState> {
    let id = state.match_id;
    while state.status == protocol::MatchStatus::Playing {
        let seat = usize::from(state.to_move.expect("someone is to move"));
        let mv = best_move(k, &state, state.ply.into())?;
        let client = &mut *players[seat];
        let reply = client.request(Request::play(id, &mv)).await?;
        let ServerBody::MoveAccepted { ply, .. } = reply else {
            bail!("expected move_accepted, got {reply:?}")
        };
        state = client.state_until(id, |s| s.ply >= ply).await?;
    }
    Ok(state)
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

/// The record (the text of docs/EXPORT.md) of an L-game of `plies` plies from the standard
/// start between `ada` and `bob`, ended by a resignation, in which no position stands three
/// times with the same side to move (a match would end there as a draw by repetition) and no
/// move leaves an L blocked: a walk that goes where it has been least (ties broken by a
/// seeded generator). The L-game has 18 368 positions a side, so walks of tens of thousands
/// of plies are found at once. Imported with [`daemon::queries::import`] (no websocket frame
/// holds such a record), it is the long game of issue 31.
pub fn long_lgame(plies: usize, seed: u64) -> Result<String> {
    use engine::Position as _;
    use std::collections::HashMap;
    let variant = engine::Variant::new(engine::GameKind::LGame, None, None)?;
    let start = variant.start();
    let mut seen: HashMap<engine::AnyPosition, u8> = HashMap::from([(start.clone(), 1)]);
    let mut rng = engine::Rng::new(seed);
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(plies);
    while moves.len() < plies {
        let mut next: Vec<(u8, u64, engine::AnyMove, engine::AnyPosition)> = pos
            .legal_moves()
            .into_iter()
            .filter_map(|m| {
                let after = pos.play(&m).ok()?;
                let times = seen.get(&after).copied().unwrap_or(0);
                (times < 2).then(|| (times, rng.next_u64(), m, after))
            })
            .collect();
        next.sort_by_key(|(times, key, ..)| (*times, *key));
        let Some((_, _, m, after)) = next
            .into_iter()
            .find(|(.., after)| !after.legal_moves().is_empty())
        else {
            bail!("the walk is stuck after {} plies", moves.len());
        };
        *seen.entry(after.clone()).or_insert(0) += 1;
        moves.push(m.to_string());
        pos = after;
    }
    let record = daemon::records::GameRecord {
        match_id: None,
        params: GameParams::of(Game::LGame),
        start: start.to_string(),
        seats: ["ada".to_owned(), "bob".to_owned()],
        date: Some(1_795_281_600_000),
        // The side to move resigns.
        result: Some(protocol::Outcome {
            winner: Some(u8::from(plies.is_multiple_of(2))),
            reason: protocol::Reason::Resignation,
        }),
        clock: None,
        moves,
        extra_tags: Vec::new(),
    };
    Ok(record.to_text(None))
}
