//! Many matches' moves stored in one statement round trip: `BEGIN IMMEDIATE`, one multi-row
//! `INSERT` into `moves` and one `UPDATE … FROM (VALUES …)` advancing every match, sent to
//! SQLite together; then the few results, one statement each. A batch of nothing but moves
//! that do not end their match (the commonest batch) sends its `COMMIT` in the same round
//! trip too.
//!
//! This is the writer's fast path for its most common job, and it opens the batch's
//! transaction. When anything is refused (a ply already stored, a match not at the previous
//! ply, a result that cannot be recorded) the transaction is rolled back and the writer
//! stores the moves one savepoint each instead, which names the offending write. Statements
//! are cached per row count, so a steady load prepares each shape once.
//!
//! Each round trip is a hand-off to sqlx's worker thread and back (0.01–0.25 ms on the VM
//! grundy is measured on, more than the SQL of a few moves), and each row a statement returns
//! comes back as a message of its own. So the matches' step is checked inside the `INSERT`
//! rather than by returning every advanced match's id, and a batch of moves alone commits in
//! the same round trip: the writer alone stores 10 000 moves of 100 matches at ~32 500
//! moves/s instead of ~26 400 (`docs/PERFORMANCE.md`).

use sqlx::SqliteConnection;

use super::error::{to_sql_int, to_sql_opt, DbError};
use super::moves::{finish_match, MoveWrite};
use super::sql::placeholders;

/// Most moves stored by one statement: 11 parameters a row stays far below SQLite's 32766.
pub const MAX_MOVES: usize = 256;

/// Opens the batch's transaction with `moves` (each of a different match, at most
/// [`MAX_MOVES`]) stored in it, and with `commit` (no move ends its match, nothing else is in
/// the batch) commits it in the same round trip. `false`: something was refused, or the
/// transaction could not start or commit, and no transaction is open: store them one by one.
pub(crate) async fn begin_with_moves(
    conn: &mut SqliteConnection,
    moves: &[&MoveWrite],
    commit: bool,
) -> bool {
    debug_assert!(!commit || moves.iter().all(|w| w.finish.is_none()));
    match try_begin(conn, moves, commit).await {
        Ok(()) => true,
        Err(e) => {
            tracing::debug!(error = %e, moves = moves.len(), "group of moves refused; one by one");
            // "No transaction is active" (BEGIN itself failed) is fine.
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
            false
        }
    }
}

/// [`begin_with_moves`], with the error that stopped it.
async fn try_begin(
    conn: &mut SqliteConnection,
    moves: &[&MoveWrite],
    commit: bool,
) -> Result<(), DbError> {
    // Every match must be playing and at the ply before its move. The check is in the INSERT
    // so that a failure stops the statements before the UPDATE and any COMMIT: SQL has no
    // way to raise an error outside a trigger, so a move failing it gets a NULL `played_at`,
    // which its NOT NULL constraint refuses. (The one-by-one path then names the reason.)
    let sql = format!(
        "BEGIN IMMEDIATE; \
         INSERT INTO moves (match_id, ply, seat, notation, position, time_ms, clock_ms, played_at) \
         SELECT v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7, \
         CASE WHEN m.status = 'playing' AND m.ply = v.column2 - 1 THEN v.column8 END \
         FROM (VALUES {}) AS v LEFT JOIN matches AS m ON m.id = v.column1; \
         UPDATE matches SET position = v.column2, ply = v.column3 FROM (VALUES {}) AS v \
         WHERE matches.id = v.column1{}",
        placeholders(moves.len(), 8),
        placeholders(moves.len(), 3),
        if commit { "; COMMIT" } else { "" },
    );
    let mut query = sqlx::query(&sql);
    for MoveWrite { mv, .. } in moves {
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
    for MoveWrite { mv, .. } in moves {
        query = query
            .bind(mv.match_id)
            .bind(mv.position.as_str())
            .bind(mv.ply);
    }
    // The statements run in order and stop at the first refused one.
    query.execute(&mut *conn).await?;
    for MoveWrite { mv, finish } in moves {
        if let Some(f) = finish {
            finish_match(conn, mv.match_id, f.clone()).await?;
        }
    }
    Ok(())
}
