//! The statements of every write, run on the writer's connection inside the transaction
//! (and savepoint) the writer owns. Each checks the state it needs (a waiting match to start,
//! a playing match at the previous ply to move in), so a confused caller gets
//! [`DbError::Rejected`] instead of a silently inconsistent file.

use protocol::MatchStatus;
use sqlx::{Row, SqliteConnection};

use super::decode::encode_plies;
use super::error::{to_sql_int, to_sql_opt, DbError};
use super::rows::{Finish, NewMatch, NewMove};
use crate::names::skeleton;

/// `(?, ?), (?, ?)`: `rows` groups of `columns` placeholders, for statements of many rows.
pub(crate) fn placeholders(rows: usize, columns: usize) -> String {
    let mut sql = String::with_capacity(rows * (2 * columns + 3));
    for r in 0..rows {
        sql.push_str(if r == 0 { "(" } else { ", (" });
        for c in 0..columns {
            sql.push_str(if c == 0 { "?" } else { ", ?" });
        }
        sql.push(')');
    }
    sql
}

/// Registers a player, with the skeleton of their name; returns the new id.
pub(crate) async fn create_player(
    conn: &mut SqliteConnection,
    name: String,
    token_hash: Vec<u8>,
    created_at: i64,
) -> Result<i64, DbError> {
    let sql = "INSERT INTO players (name_skeleton, name, token_hash, created_at) \
               VALUES (?, ?, ?, ?)";
    let done = sqlx::query(sql)
        .bind(skeleton(&name))
        .bind(name)
        .bind(token_hash)
        .bind(created_at)
        .execute(&mut *conn)
        .await?;
    Ok(done.last_insert_rowid())
}

/// Changes a player's name, and its skeleton.
pub(crate) async fn rename_player(
    conn: &mut SqliteConnection,
    id: i64,
    name: String,
) -> Result<(), DbError> {
    let sql = "UPDATE players SET name_skeleton = ?, name = ? WHERE id = ?";
    let done = sqlx::query(sql)
        .bind(skeleton(&name))
        .bind(name)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() == 0 {
        return Err(DbError::Rejected(format!("player {id} does not exist")));
    }
    Ok(())
}

/// Seats a player in the free seat of a waiting match, which starts.
pub(crate) async fn start_match(
    conn: &mut SqliteConnection,
    id: i64,
    seat: u8,
    player_id: i64,
    started_at: i64,
) -> Result<(), DbError> {
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
    Ok(())
}

/// Stores a finished game from elsewhere: the match, its seat names, its moves, its result.
pub(crate) async fn import_match(
    conn: &mut SqliteConnection,
    m: NewMatch,
    names: [Option<String>; 2],
    moves: Vec<NewMove>,
    finish: Finish,
    fingerprint: [u8; 32],
) -> Result<i64, DbError> {
    let id = create_match(conn, m).await?;
    let [n0, n1] = names;
    let sql = "UPDATE matches SET seat0_name = ?, seat1_name = ?, imported = 1, \
               import_sha256 = ? WHERE id = ?";
    sqlx::query(sql)
        .bind(n0)
        .bind(n1)
        .bind(fingerprint.as_slice())
        .bind(id)
        .execute(&mut *conn)
        .await?;
    for mut mv in moves {
        mv.match_id = id;
        add_move(conn, mv).await?;
    }
    finish_match(conn, id, finish).await?;
    Ok(id)
}

/// Inserts a match at its start position.
pub(crate) async fn create_match(conn: &mut SqliteConnection, m: NewMatch) -> Result<i64, DbError> {
    if !matches!(m.status, MatchStatus::Waiting | MatchStatus::Playing) {
        let status = m.status.as_str();
        return Err(DbError::Rejected(format!("a new match cannot be {status}")));
    }
    let [seat0, seat1] = m.seats;
    let sql = "INSERT INTO matches (game, size, k, misere, start, position, ply, \
               seat0_player, seat0_engine, seat1_player, seat1_engine, \
               clock_initial_ms, clock_increment_ms, status, rematch_of, created_at, started_at) \
               VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    let done = sqlx::query(sql)
        .bind(m.game.name())
        .bind(to_sql_opt(m.size, "size")?)
        .bind(m.k)
        .bind(m.misere)
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

/// Inserts the move and advances the match to it; the match must be playing at `ply - 1`.
pub(crate) async fn add_move(conn: &mut SqliteConnection, mv: NewMove) -> Result<(), DbError> {
    let sql = "INSERT INTO moves (match_id, ply, seat, notation, position, time_ms, clock_ms, \
               played_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
    sqlx::query(sql)
        .bind(mv.match_id)
        .bind(mv.ply)
        .bind(mv.seat)
        .bind(mv.notation)
        .bind(mv.position.clone())
        .bind(to_sql_int(mv.time_ms, "time_ms")?)
        .bind(to_sql_opt(mv.clock_ms, "clock_ms")?)
        .bind(mv.played_at)
        .execute(&mut *conn)
        .await?;
    let sql = "UPDATE matches SET position = ?, ply = ? \
               WHERE id = ? AND status = 'playing' AND ply = ? - 1";
    let done = sqlx::query(sql)
        .bind(mv.position)
        .bind(mv.ply)
        .bind(mv.match_id)
        .bind(mv.ply)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() == 0 {
        let state = describe(conn, mv.match_id).await?;
        let ply = mv.ply;
        return Err(DbError::Rejected(format!(
            "cannot store ply {ply} in {state}"
        )));
    }
    Ok(())
}

/// Records the result of a waiting or playing match.
pub(crate) async fn finish_match(
    conn: &mut SqliteConnection,
    id: i64,
    f: Finish,
) -> Result<(), DbError> {
    if !f.status.is_over() {
        let status = f.status.as_str();
        return Err(DbError::Rejected(format!("a match cannot end as {status}")));
    }
    if let Some(winner @ 2..) = f.winner {
        return Err(DbError::Rejected(format!("winner {winner} is not 0 or 1")));
    }
    let sql = "UPDATE matches SET status = ?, winner = ?, reason = ?, repetition_plies = ?, \
               finished_at = ? WHERE id = ? AND status IN ('waiting', 'playing')";
    let done = sqlx::query(sql)
        .bind(f.status.as_str())
        .bind(f.winner)
        .bind(f.reason.as_str())
        .bind(encode_plies(&f.repetition_plies))
        .bind(f.finished_at)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() == 0 {
        let state = describe(conn, id).await?;
        return Err(DbError::Rejected(format!("cannot finish {state}")));
    }
    Ok(())
}

/// Says what state a match is in, for the message of a rejected write.
async fn describe(conn: &mut SqliteConnection, id: i64) -> Result<String, DbError> {
    let row = sqlx::query("SELECT status, ply FROM matches WHERE id = ?")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(match row {
        None => format!("match {id}, which does not exist"),
        Some(row) => {
            let status: String = row.try_get("status")?;
            let ply: i64 = row.try_get("ply")?;
            format!("match {id}, which is {status} at ply {ply}")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::placeholders;

    #[test]
    fn placeholders_make_rows_of_parameters() {
        assert_eq!(placeholders(2, 3), "(?, ?, ?), (?, ?, ?)");
        assert_eq!(placeholders(1, 1), "(?)");
        assert_eq!(placeholders(0, 4), "");
    }
}
