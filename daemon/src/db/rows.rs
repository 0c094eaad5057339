//! The values that go into and come out of the database: plain data, no SQL.
//!
//! Times are Unix epoch milliseconds (UTC). Seat 0 moves first (red in the L-game), seat 1
//! second. `docs/DATABASE.md` documents the columns these fields map to.

use protocol::limits::DEFAULT_PAGE;
use protocol::{Game, MatchStatus, Outcome, Reason};

/// A match to create: what is known before anyone has moved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMatch {
    /// Which game.
    pub game: Game,
    /// Board side (queen family).
    pub size: Option<u64>,
    /// Staircase step (chocolate).
    pub k: Option<u32>,
    /// Misère play: the player who makes the last move loses.
    pub misere: bool,
    /// The start position, in the game's notation; also the current position until a move.
    pub start: String,
    /// Who sits in seat 0 and seat 1; an empty seat waits for a player.
    pub seats: [SeatRow; 2],
    /// Initial clock time; `None` for a match without clock.
    pub clock_initial_ms: Option<u64>,
    /// Time added after each move.
    pub clock_increment_ms: Option<u64>,
    /// `Waiting` for an open seat, `Playing` when both seats are taken (against the engine).
    pub status: MatchStatus,
    /// The match this one is a rematch of; a match has at most one rematch.
    pub rematch_of: Option<i64>,
    /// When the match was created.
    pub created_at: i64,
    /// When play began (set when created as `Playing`).
    pub started_at: Option<i64>,
}

/// Who holds a seat: a player, the engine (by level), or nobody yet. Never both.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SeatRow {
    /// The seated player's id.
    pub player_id: Option<i64>,
    /// The engine level when the engine holds the seat.
    pub engine: Option<String>,
}

/// One move to append to a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMove {
    /// The match moved in.
    pub match_id: i64,
    /// 1 for the first move; must be the match's stored ply plus one.
    pub ply: u32,
    /// The seat that moved (0 or 1).
    pub seat: u8,
    /// The move in canonical notation.
    pub notation: String,
    /// The position after the move; becomes the match's current position.
    pub position: String,
    /// Thinking time used.
    pub time_ms: u64,
    /// The mover's remaining clock after the move; `None` without clock.
    pub clock_ms: Option<u64>,
    /// When the move was played.
    pub played_at: i64,
}

/// How a match ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finish {
    /// `Finished`, or `Aborted` for a match called off.
    pub status: MatchStatus,
    /// The winning seat; `None` for a draw or an abort.
    pub winner: Option<u8>,
    /// Why it ended.
    pub reason: Reason,
    /// For a draw by repetition, the plies (0 = the start) at which the repeated position
    /// occurred; empty otherwise.
    pub repetition_plies: Vec<u32>,
    /// When it ended.
    pub finished_at: i64,
}

impl Finish {
    /// The row of a match that ended with `outcome` at `finished_at`.
    pub fn new(outcome: Outcome, repetition_plies: Vec<u32>, finished_at: i64) -> Finish {
        Finish {
            status: outcome.status(),
            winner: outcome.winner,
            reason: outcome.reason,
            repetition_plies,
            finished_at,
        }
    }
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRow {
    /// The player's id.
    pub id: i64,
    /// The display name (not unique).
    pub name: String,
}

/// A match as stored, with its moves when loaded one by one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMatch {
    /// The match id.
    pub id: i64,
    /// The game.
    pub game: Game,
    /// Board side (queen family).
    pub size: Option<u64>,
    /// Staircase step (chocolate).
    pub k: Option<u32>,
    /// Misère play: the player who makes the last move loses.
    pub misere: bool,
    /// The start position.
    pub start: String,
    /// The current position (the final one once over).
    pub position: String,
    /// Moves played.
    pub ply: u32,
    /// Who holds seat 0 and seat 1.
    pub seats: [SeatRow; 2],
    /// The names of the seated players (`None` for an empty or engine seat).
    pub seat_names: [Option<String>; 2],
    /// Initial clock time; `None` without clock.
    pub clock_initial_ms: Option<u64>,
    /// Time added after each move.
    pub clock_increment_ms: Option<u64>,
    /// Waiting, playing, finished or aborted.
    pub status: MatchStatus,
    /// The winning seat; `None` for a draw or while not over.
    pub winner: Option<u8>,
    /// Why it ended, once over.
    pub reason: Option<Reason>,
    /// For a draw by repetition, the plies at which the repeated position occurred.
    pub repetition_plies: Vec<u32>,
    /// The match this one is a rematch of.
    pub rematch_of: Option<i64>,
    /// The match whose `rematch_of` is this one.
    pub rematch: Option<i64>,
    /// When the match was created.
    pub created_at: i64,
    /// When play began.
    pub started_at: Option<i64>,
    /// When it ended.
    pub finished_at: Option<i64>,
    /// Imported from a record rather than played here: its names are as the record wrote
    /// them, not registered players.
    pub imported: bool,
    /// A game a room paired (a tournament's or an exhibition's): it cannot be aborted.
    pub paired: bool,
    /// The moves in ply order (left empty by `Db::list_matches`).
    pub moves: Vec<StoredMove>,
}

/// One stored move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMove {
    /// 1 for the first move.
    pub ply: u32,
    /// The seat that moved.
    pub seat: u8,
    /// The move in canonical notation.
    pub notation: String,
    /// The position after it.
    pub position: String,
    /// Thinking time used.
    pub time_ms: u64,
    /// The mover's remaining clock after the move.
    pub clock_ms: Option<u64>,
    /// When it was played.
    pub played_at: i64,
}

/// Which matches `Db::list_matches` returns; every `Some` narrows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFilter {
    /// Only matches in which a player of this name holds a seat.
    pub player: Option<String>,
    /// Only this game.
    pub game: Option<Game>,
    /// Only matches in this state.
    pub status: Option<MatchStatus>,
    /// Only matches created at or after this time.
    pub since: Option<i64>,
    /// Only matches created before this time.
    pub until: Option<i64>,
    /// Only finished matches with this result (`Won`/`Lost` are from `player`'s side).
    pub result: Option<ResultFilter>,
    /// At most this many matches.
    pub limit: u32,
    /// Skip this many (newest) matches first.
    pub offset: u32,
}

/// A result to filter finished matches by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultFilter {
    /// Drawn (by repetition or agreement).
    Draw,
    /// Won by the filter's player.
    Won,
    /// Lost by the filter's player.
    Lost,
}

impl Default for GameFilter {
    /// Every match, the first [`DEFAULT_PAGE`] of them.
    fn default() -> GameFilter {
        GameFilter {
            player: None,
            game: None,
            status: None,
            since: None,
            until: None,
            result: None,
            limit: DEFAULT_PAGE,
            offset: 0,
        }
    }
}
