//! Turning stored rows into [`StoredMatch`] and [`StoredMove`], and two things both ways: the
//! one encoded column (`repetition_plies`) and a game's four columns (`game, size, k,
//! misere`), which matches, exercises, tournaments and exhibitions share.
//!
//! Nothing read from the file is trusted: a value this code would never write becomes
//! [`DbError::Corrupt`] naming the column, never a panic.

use protocol::{MatchStatus, Reason};
use sqlx::query::Query;
use sqlx::sqlite::{SqliteArguments, SqliteRow};
use sqlx::{Decode, Row, Sqlite, Type};

use super::error::{from_sql_int, from_sql_opt, to_sql_opt, DbError};
use super::rows::{SeatRow, StoredMatch, StoredMove};

/// The columns [`stored_match`] reads, aliased `m` (matches), `p0`/`p1` (the seated players).
/// `rematch` is unique because `matches.rematch_of` has a UNIQUE index.
pub(crate) const MATCH_SELECT: &str =
    "SELECT m.id, m.game, m.size, m.k, m.misere, m.start, m.position, \
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

/// The columns [`stored_move`] reads, plus `match_id` for grouping.
pub(crate) const MOVE_COLUMNS: &str =
    "match_id, ply, seat, notation, position, time_ms, clock_ms, played_at";

/// Reads one column, reporting a value of the wrong type as corruption.
pub(crate) fn get<'r, T>(row: &'r SqliteRow, column: &str) -> Result<T, DbError>
where
    T: Decode<'r, Sqlite> + Type<Sqlite>,
{
    row.try_get(column).map_err(|e| match e {
        sqlx::Error::ColumnDecode { .. } => DbError::Corrupt(format!("{column}: {e}")),
        e => DbError::Sqlx(e),
    })
}

/// A game and its parameters from the columns `game`, `size`, `k` and `misere` (matches,
/// exercises, tournaments, exhibitions).
pub(crate) fn game_params(row: &SqliteRow) -> Result<protocol::GameParams, DbError> {
    let game: String = get(row, "game")?;
    Ok(protocol::GameParams {
        game: game
            .parse()
            .map_err(|_| DbError::Corrupt(format!("game {game:?} is unknown")))?,
        size: from_sql_opt(get(row, "size")?, "size")?,
        k: from_sql_opt(get(row, "k")?, "k")?,
        misere: get::<i64>(row, "misere")? != 0,
    })
}

/// Binds a game's four columns (`game, size, k, misere`, in that order) to the next four
/// placeholders of `query`: the other way of [`game_params`].
pub(crate) fn bind_game_params<'q>(
    query: Query<'q, Sqlite, SqliteArguments<'q>>,
    params: &protocol::GameParams,
) -> Result<Query<'q, Sqlite, SqliteArguments<'q>>, DbError> {
    Ok(query
        .bind(params.game.name())
        .bind(to_sql_opt(params.size, "size")?)
        .bind(params.k.map(i64::from))
        .bind(i64::from(params.misere)))
}

/// Builds a match (without moves) from a row selected with [`MATCH_SELECT`].
pub(crate) fn stored_match(row: &SqliteRow) -> Result<StoredMatch, DbError> {
    let status: String = get(row, "status")?;
    let status = MatchStatus::parse(&status)
        .ok_or_else(|| DbError::Corrupt(format!("status {status:?} is unknown")))?;
    let reason: Option<String> = get(row, "reason")?;
    let reason = reason
        .map(|r| {
            Reason::parse(&r).ok_or_else(|| DbError::Corrupt(format!("reason {r:?} is unknown")))
        })
        .transpose()?;
    let plies: Option<String> = get(row, "repetition_plies")?;
    let game: String = get(row, "game")?;
    let game = game
        .parse()
        .map_err(|_| DbError::Corrupt(format!("game {game:?} is unknown")))?;
    Ok(StoredMatch {
        id: get(row, "id")?,
        game,
        size: from_sql_opt(get(row, "size")?, "size")?,
        k: from_sql_opt(get(row, "k")?, "k")?,
        misere: get::<i64>(row, "misere")? != 0,
        start: get(row, "start")?,
        position: get(row, "position")?,
        ply: from_sql_int(get(row, "ply")?, "ply")?,
        seats: [
            SeatRow {
                player_id: get(row, "seat0_player")?,
                engine: get(row, "seat0_engine")?,
            },
            SeatRow {
                player_id: get(row, "seat1_player")?,
                engine: get(row, "seat1_engine")?,
            },
        ],
        seat_names: [get(row, "seat0_name")?, get(row, "seat1_name")?],
        clock_initial_ms: from_sql_opt(get(row, "clock_initial_ms")?, "clock_initial_ms")?,
        clock_increment_ms: from_sql_opt(get(row, "clock_increment_ms")?, "clock_increment_ms")?,
        status,
        winner: from_sql_opt(get(row, "winner")?, "winner")?,
        reason,
        repetition_plies: decode_plies(plies.as_deref())?,
        rematch_of: get(row, "rematch_of")?,
        rematch: get(row, "rematch")?,
        created_at: get(row, "created_at")?,
        started_at: get(row, "started_at")?,
        finished_at: get(row, "finished_at")?,
        imported: get::<i64>(row, "imported")? != 0,
        paired: get::<i64>(row, "paired")? != 0,
        moves: Vec::new(),
    })
}

/// The match id of a row selected with [`MOVE_COLUMNS`].
pub(crate) fn move_match_id(row: &SqliteRow) -> Result<i64, DbError> {
    get(row, "match_id")
}

/// Builds a move from a row selected with [`MOVE_COLUMNS`].
pub(crate) fn stored_move(row: &SqliteRow) -> Result<StoredMove, DbError> {
    Ok(StoredMove {
        ply: from_sql_int(get(row, "ply")?, "moves.ply")?,
        seat: from_sql_int(get(row, "seat")?, "moves.seat")?,
        notation: get(row, "notation")?,
        position: get(row, "position")?,
        time_ms: from_sql_int(get(row, "time_ms")?, "moves.time_ms")?,
        clock_ms: from_sql_opt(get(row, "clock_ms")?, "moves.clock_ms")?,
        played_at: get(row, "played_at")?,
    })
}

/// Stores repetition plies as `0,4,8`; no plies is NULL.
pub(crate) fn encode_plies(plies: &[u32]) -> Option<String> {
    if plies.is_empty() {
        return None;
    }
    let text: Vec<String> = plies.iter().map(u32::to_string).collect();
    Some(text.join(","))
}

/// Reads `0,4,8` back; NULL or an empty string is no plies.
pub(crate) fn decode_plies(text: Option<&str>) -> Result<Vec<u32>, DbError> {
    match text {
        None | Some("") => Ok(Vec::new()),
        Some(text) => text
            .split(',')
            .map(|p| {
                p.trim()
                    .parse()
                    .map_err(|_| DbError::Corrupt(format!("repetition_plies {text:?}")))
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_round_trip() {
        assert_eq!(encode_plies(&[]), None);
        assert_eq!(encode_plies(&[0, 4, 8]).as_deref(), Some("0,4,8"));
        assert_eq!(decode_plies(Some("0,4,8")).ok(), Some(vec![0, 4, 8]));
        assert_eq!(decode_plies(None).ok(), Some(vec![]));
        assert!(matches!(
            decode_plies(Some("0,x")),
            Err(DbError::Corrupt(_))
        ));
        assert!(matches!(decode_plies(Some("-1")), Err(DbError::Corrupt(_))));
    }
}
