//! Server settings, with the defaults a classroom server wants.

use std::time::Duration;

use crate::tables::{Sizes, DEFAULT_BAR, DEFAULT_BOARD};

/// How the daemon behaves; built from the command line, or by tests.
#[derive(Debug, Clone)]
pub struct Config {
    /// Pause before the engine answers, so a person sees their own move land first.
    pub engine_delay: Duration,
    /// The occurrence of a position (with the side to move) that ends an L-game as a draw.
    pub repetition_limit: u32,
    /// Side of the corner tables loaded (and precomputed if missing) at start.
    pub board: u64,
    /// Width z_max of the chocolate staircase tables loaded (and precomputed) at start.
    pub bar: u64,
    /// A connection that has not said `hello` this long after connecting is closed (1008).
    pub hello_timeout: Duration,
    /// Open connections at most; `accept` waits for a free place when reached.
    pub max_connections: usize,
    /// Open connections one address may hold at once (a class behind one NAT is one address);
    /// more are refused with a `503` saying why.
    pub max_per_address: usize,
    /// Wrong codes (access code, room code, owner token, player token) one address may send
    /// at once before its guesses are refused for a while.
    pub guess_burst: u32,
    /// The time one address takes to earn back a wrong guess.
    pub guess_every: Duration,
    /// A connection that is in no match and no room, and has asked for nothing but pings
    /// this long, is closed (4000: idle); a page opens it again when used.
    pub unseated_idle: Duration,
    /// Messages a second one client may send on average; more are refused (`rate_limited`).
    pub message_rate: u32,
    /// Messages one client may send in a burst above the rate.
    pub message_burst: u32,
    /// A connection silent this long (no message, no pong to our pings) is closed (1001).
    pub idle_timeout: Duration,
    /// A client that takes none of what is written to it for this long is dropped: its
    /// replies are not buffered for ever.
    pub write_timeout: Duration,
    /// A player away (disconnected) this long during a match loses it by abandonment.
    pub abandon_after: Duration,
    /// A match waiting this long for an opponent is called off (aborted), so that the lobby
    /// does not fill with matches nobody will join.
    pub waiting_lifetime: Duration,
    /// A finished match stays in memory this long after its last request (for a rematch
    /// asked for at once); afterwards it is read back from the database when needed.
    pub linger: Duration,
    /// A room nobody is in, with nothing under way, stays in memory this long; afterwards it
    /// is read back from the database when asked for.
    pub room_linger: Duration,
    /// When set, `hello` must carry this code (a classroom's password); otherwise the
    /// connection is refused with `bad_access_code` and closed (1008).
    pub access_code: Option<String>,
    /// The longest a formula's check (`check`, `check_named`) may run before it is stopped
    /// and refused: a formula of hundreds of operators over a table of 268 million cells
    /// would otherwise keep the server's cores for minutes.
    pub check_time_limit: Duration,
    /// Memory the tables built on demand (beyond the stored ones) may take; the least
    /// recently used are dropped past it.
    pub table_budget: u64,
    /// Research requests (`check`, `periodicity`, `sequence`, large tables) running at once;
    /// the others wait their turn, one player's after another's.
    pub research_turns: usize,
    /// Web pages of other sites whose scripts may open a websocket here (`--allow-origin`),
    /// beside this server's own page and clients that are not browsers.
    pub allowed_origins: Vec<String>,
    /// The language of the server's own terminal (`en` or `ja`): the progress bar of the
    /// tables it computes at start.
    pub language: &'static str,
}

/// How long a room nobody is in stays in memory.
pub const DEFAULT_ROOM_LINGER: Duration = Duration::from_secs(60);

/// Default time to say `hello`: generous for a person's client, short for a stray socket.
pub const DEFAULT_HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// Default idle timeout: a laptop lid closed for a minute counts as gone.
pub const DEFAULT_IDLE_TIMEOUT: Duration = Duration::from_secs(60);

/// Default write timeout: a client stalled this long is not coming back.
pub const DEFAULT_WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// Default grace period for a player who left: time to reopen a laptop or rejoin the Wi-Fi.
pub const DEFAULT_ABANDON_AFTER: Duration = Duration::from_secs(120);

/// Default time a finished match stays in memory: a rematch asked for later brings it back
/// from the database, so there is no need to keep it.
pub const DEFAULT_LINGER: Duration = Duration::from_secs(5);

/// Default message rate per client: far above any person, well below a flood.
pub const DEFAULT_MESSAGE_RATE: u32 = 200;

/// Default burst: a script may send a game's worth of moves at once.
pub const DEFAULT_MESSAGE_BURST: u32 = 400;

/// Default connection limit: far more than a classroom, far less than the file descriptors.
pub const DEFAULT_MAX_CONNECTIONS: usize = 10_000;

/// Default time a connection seated nowhere may stay without asking for anything: a
/// lesson's pause, not a tab forgotten overnight.
pub const DEFAULT_UNSEATED_IDLE: Duration = Duration::from_secs(15 * 60);

/// Default time an open match waits for an opponent: a lesson.
pub const DEFAULT_WAITING_LIFETIME: Duration = Duration::from_secs(60 * 60);

/// Default engine delay: long enough to see one's own move, short enough not to bore.
pub const DEFAULT_ENGINE_DELAY: Duration = Duration::from_millis(500);

/// Default time limit of a check: a simple formula over the largest table solved on demand
/// (16384², 268 million cells) takes a few seconds.
pub const DEFAULT_CHECK_TIME_LIMIT: Duration = Duration::from_secs(60);

/// Default repetition limit: the third occurrence, as in chess.
pub const DEFAULT_REPETITIONS: u32 = 3;

impl Default for Config {
    fn default() -> Config {
        Config {
            engine_delay: DEFAULT_ENGINE_DELAY,
            repetition_limit: DEFAULT_REPETITIONS,
            board: DEFAULT_BOARD,
            bar: DEFAULT_BAR,
            hello_timeout: DEFAULT_HELLO_TIMEOUT,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            max_per_address: crate::guard::DEFAULT_PER_ADDRESS,
            guess_burst: crate::guard::DEFAULT_GUESS_BURST,
            guess_every: crate::guard::DEFAULT_GUESS_EVERY,
            unseated_idle: DEFAULT_UNSEATED_IDLE,
            access_code: None,
            message_rate: DEFAULT_MESSAGE_RATE,
            abandon_after: DEFAULT_ABANDON_AFTER,
            linger: DEFAULT_LINGER,
            room_linger: DEFAULT_ROOM_LINGER,
            waiting_lifetime: DEFAULT_WAITING_LIFETIME,
            idle_timeout: DEFAULT_IDLE_TIMEOUT,
            write_timeout: DEFAULT_WRITE_TIMEOUT,
            message_burst: DEFAULT_MESSAGE_BURST,
            check_time_limit: DEFAULT_CHECK_TIME_LIMIT,
            allowed_origins: Vec::new(),
            language: "en",
            table_budget: crate::solver::DEFAULT_TABLE_BUDGET,
            research_turns: crate::pool::default_turns(),
        }
    }
}

/// The port `grundyd` listens on when `--listen` names a host alone.
pub const DEFAULT_PORT: u16 = 7878;

/// The address to bind for `--listen TEXT`: `HOST:PORT` as given, a host (`0.0.0.0`,
/// `localhost`, `::1`) on [`DEFAULT_PORT`].
pub fn listen_address(text: &str) -> String {
    let text = text.trim();
    if text.parse::<std::net::SocketAddr>().is_ok() {
        return text.to_owned();
    }
    if let Ok(ip) = text.parse::<std::net::IpAddr>() {
        return std::net::SocketAddr::new(ip, DEFAULT_PORT).to_string();
    }
    match text.rsplit_once(':') {
        Some((_, port)) if port.parse::<u16>().is_ok() => text.to_owned(),
        _ => format!("{text}:{DEFAULT_PORT}"),
    }
}

impl Config {
    /// The analysis table sizes.
    pub fn sizes(&self) -> Sizes {
        Sizes {
            board: self.board,
            bar: self.bar,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_alone_listens_on_the_default_port() {
        assert_eq!(listen_address("0.0.0.0:9000"), "0.0.0.0:9000");
        assert_eq!(listen_address("0.0.0.0"), "0.0.0.0:7878");
        assert_eq!(listen_address("::1"), "[::1]:7878");
        assert_eq!(listen_address("[::1]:80"), "[::1]:80");
        assert_eq!(listen_address("localhost"), "localhost:7878");
        assert_eq!(listen_address("localhost:7979"), "localhost:7979");
    }
}
