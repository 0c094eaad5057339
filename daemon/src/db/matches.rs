//! Matches: their rows, the reads (a match with its moves, the matches to resume; the
//! filtered lists are in `match_lists.rs`) and the writes (create, seat, move, finish), each
//! declared once here and run by the writer task (`writer.rs`). A move's statements, and a result's, are in
//! `moves.rs`, where the writer can group them.
//!
//! Times are Unix epoch milliseconds (UTC). Seat 0 moves first (red in the L-game), seat 1
//! second. `docs/DATABASE.md` documents the columns these fields map to. A read that needs
//! several statements (a match and its moves) runs them in one read transaction, so it sees a
//! single committed state even while the writer commits.

use std::collections::HashMap;

use protocol::{GameParams, MatchStatus, Reason};
use sqlx::SqliteConnection;

use super::database::Db;
use super::error::{to_sql_opt, DbError};
use super::moves::{self, describe, Finish, MoveOf, MoveWrite, NewMove, StoredMove, MOVE_COLUMNS};
use super::sql::{bind_game_params, GameColumns, MaybeNamed, Named, Plies};
use super::writer::Write;

/// The columns of [`StoredMatch`], aliased `m` (matches), `p0`/`p1` (the seated players).
/// `rematch` is unique because `matches.rematch_of` has a UNIQUE index.
pub(crate) const MATCH_SELECT: &str =
    "SELECT m.id, m.game, m.size, m.k, m.misere, m.piece, m.rule, m.edge, m.start, m.position, \
     m.ply, m.seat0_player, m.seat0_engine, m.seat1_player, m.seat1_engine, \
     COALESCE(p0.name, m.seat0_name) AS seat0_name, \
     COALESCE(p1.name, m.seat1_name) AS seat1_name, m.clock_initial_ms, m.clock_increment_ms, \
     m.status, m.winner, m.reason, m.repetition_plies, m.rematch_of, \
     (SELECT r.id FROM matches r WHERE r.rematch_of = m.id) AS rematch, \
     m.created_at, m.started_at, m.finished_at, m.imported, \
     (EXISTS (SELECT 1 FROM tournament_games t WHERE t.match_id = m.id) \
      OR EXISTS (SELECT 1 FROM simul_games s WHERE s.match_id = m.id)) AS paired \
     FROM matches m \
     LEFT JOIN players p0 ON p0.id = m.seat0_player \
     LEFT JOIN players p1 ON p1.id = m.seat1_player";

/// The statuses of a match that is not over.
pub(crate) const NOT_OVER: &str = "('waiting', 'playing')";

/// A match to create: what is known before anyone has moved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMatch {
    /// Which game, with its parameters.
    pub params: GameParams,
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

/// The four seat columns of a match, read into its two [`SeatRow`]s.
#[derive(sqlx::FromRow)]
struct SeatColumns {
    /// Seat 0's player.
    seat0_player: Option<i64>,
    /// Seat 0's engine level.
    seat0_engine: Option<String>,
    /// Seat 1's player.
    seat1_player: Option<i64>,
    /// Seat 1's engine level.
    seat1_engine: Option<String>,
}

impl From<SeatColumns> for [SeatRow; 2] {
    fn from(c: SeatColumns) -> [SeatRow; 2] {
        [
            SeatRow {
                player_id: c.seat0_player,
                engine: c.seat0_engine,
            },
            SeatRow {
                player_id: c.seat1_player,
                engine: c.seat1_engine,
            },
        ]
    }
}

/// The names of a match's seated players (registered, or as an imported record wrote them).
#[derive(sqlx::FromRow)]
struct SeatNames {
    /// Seat 0's.
    seat0_name: Option<String>,
    /// Seat 1's.
    seat1_name: Option<String>,
}

impl From<SeatNames> for [Option<String>; 2] {
    fn from(n: SeatNames) -> [Option<String>; 2] {
        [n.seat0_name, n.seat1_name]
    }
}

/// A match as stored, with its moves when loaded one by one.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredMatch {
    /// The match id.
    pub id: i64,
    /// The game, with its parameters.
    #[sqlx(flatten, try_from = "GameColumns")]
    pub params: GameParams,
    /// The start position.
    pub start: String,
    /// The current position (the final one once over).
    pub position: String,
    /// Moves played.
    pub ply: u32,
    /// Who holds seat 0 and seat 1.
    #[sqlx(flatten, try_from = "SeatColumns")]
    pub seats: [SeatRow; 2],
    /// The names of the seated players (`None` for an empty or engine seat).
    #[sqlx(flatten, try_from = "SeatNames")]
    pub seat_names: [Option<String>; 2],
    /// Initial clock time; `None` without clock.
    pub clock_initial_ms: Option<u64>,
    /// Time added after each move.
    pub clock_increment_ms: Option<u64>,
    /// Waiting, playing, finished or aborted.
    #[sqlx(try_from = "Named<MatchStatus>")]
    pub status: MatchStatus,
    /// The winning seat; `None` for a draw or while not over.
    pub winner: Option<u8>,
    /// Why it ended, once over.
    #[sqlx(try_from = "MaybeNamed<Reason>")]
    pub reason: Option<Reason>,
    /// For a draw by repetition, the plies at which the repeated position occurred.
    #[sqlx(try_from = "Plies")]
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
    #[sqlx(skip)]
    pub moves: Vec<StoredMove>,
}

impl Db {
    /// Stores a new match (current position = start, ply 0). Returns its id.
    pub async fn create_match(&self, m: NewMatch) -> Result<i64, DbError> {
        self.writer
            .one(move |conn| Box::pin(create_match(conn, m)))
            .await
    }

    /// Seats a player (joining a waiting match) and marks it playing with started_at.
    pub async fn start_match(
        &self,
        id: i64,
        seat: u8,
        player_id: i64,
        started_at: i64,
    ) -> Result<(), DbError> {
        self.writer
            .one(move |conn| Box::pin(start_match(conn, id, seat, player_id, started_at)))
            .await
            .map(drop)
    }

    /// Appends one move and updates matches.position/ply, and, when `finish` is given, ends
    /// the match — all in one transaction. The move must be the next ply of a playing match.
    pub async fn add_move(&self, mv: NewMove, finish: Option<Finish>) -> Result<(), DbError> {
        let write = Write::Move(Box::new(MoveWrite { mv, finish }));
        self.writer.write(write).await.map(drop)
    }

    /// Ends a waiting or playing match without a move (resignation, flag fall, abort, ...).
    pub async fn finish_match(&self, id: i64, finish: Finish) -> Result<(), DbError> {
        self.writer
            .one(move |conn| {
                Box::pin(async move { moves::finish_match(conn, id, finish).await.map(|()| id) })
            })
            .await
            .map(drop)
    }

    /// One match with its moves in ply order and the seated players' names.
    pub async fn load_match(&self, id: i64) -> Result<Option<StoredMatch>, DbError> {
        self.load_match_plies(id, 0, u32::MAX).await
    }

    /// Match `id` with only its moves of plies `first..=last` (`ply` still counts them all):
    /// a page of a long game, read without the rest.
    pub async fn load_match_plies(
        &self,
        id: i64,
        first: u32,
        last: u32,
    ) -> Result<Option<StoredMatch>, DbError> {
        let mut tx = self.pool.begin().await?;
        let m = sqlx::query_as::<_, StoredMatch>(&format!("{MATCH_SELECT} WHERE m.id = ?"))
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(mut m) = m else {
            return Ok(None);
        };
        let sql = format!(
            "SELECT {MOVE_COLUMNS} FROM moves WHERE match_id = ? AND ply BETWEEN ? AND ? \
             ORDER BY ply"
        );
        m.moves = sqlx::query_as(&sql)
            .bind(id)
            .bind(first)
            .bind(last)
            .fetch_all(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Some(m))
    }

    /// Every match that is waiting or playing, with its moves, oldest first: what the daemon
    /// resumes after a restart.
    pub async fn unfinished_matches(&self) -> Result<Vec<StoredMatch>, DbError> {
        let mut tx = self.pool.begin().await?;
        let sql = format!("{MATCH_SELECT} WHERE m.status IN {NOT_OVER} ORDER BY m.id");
        let mut matches: Vec<StoredMatch> = sqlx::query_as(&sql).fetch_all(&mut *tx).await?;
        let sql = format!(
            "SELECT {MOVE_COLUMNS} FROM moves WHERE match_id IN \
             (SELECT id FROM matches WHERE status IN {NOT_OVER}) ORDER BY match_id, ply"
        );
        let moves: Vec<MoveOf> = sqlx::query_as(&sql).fetch_all(&mut *tx).await?;
        tx.commit().await?;
        let index: HashMap<i64, usize> =
            matches.iter().enumerate().map(|(i, m)| (m.id, i)).collect();
        for MoveOf { match_id, mv } in moves {
            let m = index
                .get(&match_id)
                .and_then(|&i| matches.get_mut(i))
                .ok_or_else(|| {
                    DbError::Corrupt(format!("move of match {match_id}, which is not listed"))
                })?;
            m.moves.push(mv);
        }
        Ok(matches)
    }

    /// Matches (not over) in which the player holds a seat, by id.
    pub async fn open_matches_of(&self, player_id: i64) -> Result<Vec<i64>, DbError> {
        let sql = format!(
            "SELECT id FROM matches WHERE status IN {NOT_OVER} \
             AND (seat0_player = ? OR seat1_player = ?) ORDER BY id"
        );
        Ok(sqlx::query_scalar(&sql)
            .bind(player_id)
            .bind(player_id)
            .fetch_all(&self.pool)
            .await?)
    }
}

/// Inserts a match at its start position; returns its id.
pub(crate) async fn create_match(conn: &mut SqliteConnection, m: NewMatch) -> Result<i64, DbError> {
    if !matches!(m.status, MatchStatus::Waiting | MatchStatus::Playing) {
        let status = m.status.as_str();
        return Err(DbError::Rejected(format!("a new match cannot be {status}")));
    }
    let [seat0, seat1] = m.seats;
    let sql =
        "INSERT INTO matches (game, size, k, misere, piece, rule, edge, start, position, ply, \
               seat0_player, seat0_engine, seat1_player, seat1_engine, \
               clock_initial_ms, clock_increment_ms, status, rematch_of, created_at, started_at) \
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    let done = bind_game_params(sqlx::query(sql), &m.params)?
        .bind(m.start.clone())
        .bind(m.start)
        .bind(seat0.player_id)
        .bind(seat0.engine)
        .bind(seat1.player_id)
        .bind(seat1.engine)
        .bind(to_sql_opt(m.clock_initial_ms, "clock_initial_ms")?)
        .bind(to_sql_opt(m.clock_increment_ms, "clock_increment_ms")?)
        .bind(m.status.as_str())
        .bind(m.rematch_of)
        .bind(m.created_at)
        .bind(m.started_at)
        .execute(&mut *conn)
        .await?;
    Ok(done.last_insert_rowid())
}

/// Seats a player in the free seat of a waiting match, which starts; returns the match id.
async fn start_match(
    conn: &mut SqliteConnection,
    id: i64,
    seat: u8,
    player_id: i64,
    started_at: i64,
) -> Result<i64, DbError> {
    let sql = match seat {
        0 => {
            "UPDATE matches SET seat0_player = ?, status = 'playing', started_at = ? \
              WHERE id = ? AND status = 'waiting' \
              AND seat0_player IS NULL AND seat0_engine IS NULL"
        }
        1 => {
            "UPDATE matches SET seat1_player = ?, status = 'playing', started_at = ? \
              WHERE id = ? AND status = 'waiting' \
              AND seat1_player IS NULL AND seat1_engine IS NULL"
        }
        _ => return Err(DbError::Rejected(format!("seat {seat} is not 0 or 1"))),
    };
    let done = sqlx::query(sql)
        .bind(player_id)
        .bind(started_at)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() == 0 {
        let state = describe(conn, id).await?;
        return Err(DbError::Rejected(format!(
            "cannot seat a player in seat {seat} of {state}"
        )));
    }
    Ok(id)
}
