//! Many matches' moves stored in one statement round trip: `BEGIN IMMEDIATE`, one multi-row
//! `INSERT` into `moves` and one `UPDATE … FROM (VALUES …)` advancing every match, sent to
//! SQLite together; then the few results, one statement each.
//!
//! This is the writer's fast path for its most common job, and it opens the batch's
//! transaction. When anything is refused (a ply already stored, a match not at the previous
//! ply, a result that cannot be recorded) the transaction is rolled back and the writer
//! stores the moves one savepoint each instead, which names the offending write. Statements
//! are cached per row count, so a steady load prepares each shape once.

use sqlx::SqliteConnection;

use super::error::{to_sql_int, to_sql_opt, DbError};
use super::rows::{Finish, NewMove};
use super::writes::finish_match;

/// Most moves stored by one statement: 11 parameters a row stays far below SQLite's 32766.
pub const MAX_MOVES: usize = 256;

/// A move and, when it ends the match, the result.
pub(crate) type MoveWrite<'a> = (&'a NewMove, Option<&'a Finish>);

/// Opens the batch's transaction with `moves` (each of a different match, at most
/// [`MAX_MOVES`]) stored in it. `false`: something was refused, or the transaction could not
/// start, and no transaction is open: store them one by one.
pub(crate) async fn begin_with_moves(conn: &mut SqliteConnection, moves: &[MoveWrite<'_>]) -> bool {
    match try_begin(conn, moves).await {
        Ok(()) => true,
        Err(e) => {
            tracing::debug!(error = %e, moves = moves.len(), "group of moves refused; one by one");
            // "No transaction is active" (BEGIN itself failed) is fine.
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
            false
        }
    }
}

async fn try_begin(conn: &mut SqliteConnection, moves: &[MoveWrite<'_>]) -> Result<(), DbError> {
    let sql = format!(
        "BEGIN IMMEDIATE; \
         INSERT INTO moves (match_id, ply, seat, notation, position, time_ms, clock_ms, played_at) \
         VALUES {}; \
         UPDATE matches SET position = v.column2, ply = v.column3 FROM (VALUES {}) AS v \
         WHERE matches.id = v.column1 AND matches.status = 'playing' \
         AND matches.ply = v.column3 - 1 RETURNING matches.id",
        placeholders(moves.len(), 8),
        placeholders(moves.len(), 3),
    );
    let mut query = sqlx::query(&sql);
    for (mv, _) in moves {
        query = query
            .bind(mv.match_id)
            .bind(mv.ply)
            .bind(mv.seat)
            .bind(mv.notation.as_str())
            .bind(mv.position.as_str())
            .bind(to_sql_int(mv.time_ms, "time_ms")?)
            .bind(to_sql_opt(mv.clock_ms, "clock_ms")?)
            .bind(mv.played_at);
    }
    for (mv, _) in moves {
        query = query
            .bind(mv.match_id)
            .bind(mv.position.as_str())
            .bind(mv.ply);
    }
    // A refused insert is an error; the matches advanced are counted by their ids (the
    // change count of a compound statement would include an older statement's).
    let advanced = query.fetch_all(&mut *conn).await?.len();
    if advanced != moves.len() {
        return Err(DbError::Rejected(format!(
            "{} of {} matches were not at the ply before their move",
            moves.len() - advanced,
            moves.len()
        )));
    }
    for (mv, finish) in moves {
        if let Some(f) = finish {
            finish_match(conn, mv.match_id, (*f).clone()).await?;
        }
    }
    Ok(())
}

/// `(?, ?, …), (?, ?, …), …`: `rows` groups of `columns` parameters.
fn placeholders(rows: usize, columns: usize) -> String {
    let row = format!("({})", vec!["?"; columns].join(", "));
    vec![row; rows].join(", ")
}

#[cfg(test)]
mod tests {
    use super::placeholders;

    #[test]
    fn placeholders_make_rows_of_parameters() {
        assert_eq!(placeholders(2, 3), "(?, ?, ?), (?, ?, ?)");
        assert_eq!(placeholders(1, 1), "(?)");
    }
}
