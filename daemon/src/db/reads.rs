//! The read queries, served by the read pool so they never wait behind the writer.
//!
//! A read that needs several statements (a match and its moves) runs them in one read
//! transaction, so it sees a single committed state even while the writer commits.

use std::collections::HashMap;

use sqlx::{QueryBuilder, Row, Sqlite};

use super::decode::{move_match_id, stored_match, stored_move, MATCH_SELECT, MOVE_COLUMNS};
use super::error::DbError;
use super::rows::{GameFilter, PlayerRow, ResultFilter, StoredMatch, StoredMove};
use super::Db;

/// The statuses of a match that is not over.
const NOT_OVER: &str = "('waiting', 'playing')";

/// Most rows [`Db::namesakes_of`] reads: a name taken by many players (each run of a client
/// that keeps no token is a new player) is said to be taken all the same.
pub const NAMESAKES_READ: i64 = 1000;

impl Db {
    /// The player whose token hashes to `token_hash`, if any.
    pub async fn player_by_token(&self, token_hash: &[u8]) -> Result<Option<PlayerRow>, DbError> {
        let row = sqlx::query("SELECT id, name FROM players WHERE token_hash = ?")
            .bind(token_hash)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| {
            Ok(PlayerRow {
                id: row.try_get("id")?,
                name: row.try_get("name")?,
            })
        })
        .transpose()
    }

    /// This server's id, made when the database was created.
    pub async fn server_id(&self) -> Result<String, DbError> {
        let id = sqlx::query_scalar("SELECT id FROM server_identity LIMIT 1")
            .fetch_one(&self.pool)
            .await?;
        Ok(id)
    }

    /// The match imported with this fingerprint, if any.
    pub async fn imported_as(&self, fingerprint: &[u8; 32]) -> Result<Option<i64>, DbError> {
        let id = sqlx::query_scalar("SELECT id FROM matches WHERE import_sha256 = ?")
            .bind(fingerprint.as_slice())
            .fetch_optional(&self.pool)
            .await?;
        Ok(id)
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
        let row = sqlx::query(&format!("{MATCH_SELECT} WHERE m.id = ?"))
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let mut m = stored_match(&row)?;
        let sql = format!(
            "SELECT {MOVE_COLUMNS} FROM moves WHERE match_id = ? AND ply BETWEEN ? AND ? \
             ORDER BY ply"
        );
        let rows = sqlx::query(&sql)
            .bind(id)
            .bind(first)
            .bind(last)
            .fetch_all(&mut *tx)
            .await?;
        m.moves = rows.iter().map(stored_move).collect::<Result<_, _>>()?;
        tx.commit().await?;
        Ok(Some(m))
    }

    /// Every match that is waiting or playing, with its moves, oldest first: what the daemon
    /// resumes after a restart.
    pub async fn unfinished_matches(&self) -> Result<Vec<StoredMatch>, DbError> {
        let mut tx = self.pool.begin().await?;
        let sql = format!("{MATCH_SELECT} WHERE m.status IN {NOT_OVER} ORDER BY m.id");
        let rows = sqlx::query(&sql).fetch_all(&mut *tx).await?;
        let mut matches: Vec<StoredMatch> =
            rows.iter().map(stored_match).collect::<Result<_, _>>()?;
        let sql = format!(
            "SELECT {MOVE_COLUMNS} FROM moves WHERE match_id IN \
             (SELECT id FROM matches WHERE status IN {NOT_OVER}) ORDER BY match_id, ply"
        );
        let rows = sqlx::query(&sql).fetch_all(&mut *tx).await?;
        tx.commit().await?;
        let index: HashMap<i64, usize> =
            matches.iter().enumerate().map(|(i, m)| (m.id, i)).collect();
        for row in &rows {
            let id = move_match_id(row)?;
            let mv: StoredMove = stored_move(row)?;
            let m = index
                .get(&id)
                .and_then(|&i| matches.get_mut(i))
                .ok_or_else(|| {
                    DbError::Corrupt(format!("move of match {id}, which is not listed"))
                })?;
            m.moves.push(mv);
        }
        Ok(matches)
    }

    /// The matches `f` selects, newest first (by creation time, then id), without moves.
    /// `since` is inclusive, `until` exclusive; a player is matched by name in either seat.
    pub async fn list_matches(&self, f: &GameFilter) -> Result<Vec<StoredMatch>, DbError> {
        let mut q = QueryBuilder::<Sqlite>::new(MATCH_SELECT);
        q.push(" WHERE 1 = 1");
        if let Some(name) = &f.player {
            q.push(" AND (");
            push_seat_is(&mut q, 0, name);
            q.push(" OR ");
            push_seat_is(&mut q, 1, name);
            q.push(")");
        }
        if let Some(game) = &f.game {
            q.push(" AND m.game = ").push_bind(game.name());
        }
        if let Some(status) = f.status {
            q.push(" AND m.status = ").push_bind(status.as_str());
        }
        match (f.result, &f.player) {
            (Some(ResultFilter::Draw), _) => {
                q.push(" AND m.status = 'finished' AND m.winner IS NULL");
            }
            (Some(r @ (ResultFilter::Won | ResultFilter::Lost)), Some(name)) => {
                // The player's seat is the winner's (won) or the other one (lost).
                let (a, b) = if r == ResultFilter::Won {
                    (0, 1)
                } else {
                    (1, 0)
                };
                q.push(" AND m.status = 'finished' AND ((m.winner = ")
                    .push_bind(a)
                    .push(" AND ");
                push_seat_is(&mut q, 0, name);
                q.push(") OR (m.winner = ").push_bind(b).push(" AND ");
                push_seat_is(&mut q, 1, name);
                q.push("))");
            }
            // Won or lost by whom? Without a player, any decided game.
            (Some(_), None) => {
                q.push(" AND m.status = 'finished' AND m.winner IS NOT NULL");
            }
            (None, _) => {}
        }
        if let Some(since) = f.since {
            q.push(" AND m.created_at >= ").push_bind(since);
        }
        if let Some(until) = f.until {
            q.push(" AND m.created_at < ").push_bind(until);
        }
        q.push(" ORDER BY m.created_at DESC, m.id DESC LIMIT ")
            .push_bind(f.limit)
            .push(" OFFSET ")
            .push_bind(f.offset);
        let rows = q.build().fetch_all(&self.pool).await?;
        rows.iter().map(stored_match).collect()
    }

    /// SQLite's own check of the whole file: `ok`, or the problems it found.
    pub async fn integrity_check(&self) -> Result<String, DbError> {
        let rows = sqlx::query("PRAGMA integrity_check")
            .fetch_all(&self.pool)
            .await?;
        let lines: Result<Vec<String>, _> =
            rows.iter().map(|r| r.try_get::<String, _>(0)).collect();
        Ok(lines?.join("\n"))
    }

    /// Matches (not over) in which the player holds a seat, by id.
    pub async fn open_matches_of(&self, player_id: i64) -> Result<Vec<i64>, DbError> {
        let sql = format!(
            "SELECT id FROM matches WHERE status IN {NOT_OVER} \
             AND (seat0_player = ? OR seat1_player = ?) ORDER BY id"
        );
        let rows = sqlx::query(&sql)
            .bind(player_id)
            .bind(player_id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| row.try_get("id").map_err(DbError::from))
            .collect()
    }

    /// The players other than `player_id` whose names read as `name` (the same skeleton,
    /// [`crate::names::skeleton`]: letter case aside, and `ada` as Cyrillic `аda`), each with
    /// the matches not over in which they have a seat (the first [`NAMESAKES_READ`] rows).
    pub async fn namesakes_of(
        &self,
        player_id: i64,
        name: &str,
    ) -> Result<Vec<(PlayerRow, Vec<i64>)>, DbError> {
        let sql = format!(
            "SELECT p.id, p.name, m.id AS match_id FROM players p \
             LEFT JOIN matches m ON m.status IN {NOT_OVER} \
             AND (m.seat0_player = p.id OR m.seat1_player = p.id) \
             WHERE p.name_skeleton = ? AND p.id <> ? ORDER BY p.id, m.id LIMIT ?"
        );
        let rows = sqlx::query(&sql)
            .bind(crate::names::skeleton(name))
            .bind(player_id)
            .bind(NAMESAKES_READ)
            .fetch_all(&self.pool)
            .await?;
        let mut found: Vec<(PlayerRow, Vec<i64>)> = Vec::new();
        for row in rows {
            let id: i64 = row.try_get("id")?;
            let match_id: Option<i64> = row.try_get("match_id")?;
            if found.last().is_none_or(|(p, _)| p.id != id) {
                let player = PlayerRow {
                    id,
                    name: row.try_get("name")?,
                };
                found.push((player, Vec::new()));
            }
            if let (Some(m), Some((_, matches))) = (match_id, found.last_mut()) {
                matches.push(m);
            }
        }
        Ok(found)
    }
}

/// `seat` is held by the player named `name`: registered, or named in an imported game.
fn push_seat_is(q: &mut QueryBuilder<'_, Sqlite>, seat: u8, name: &str) {
    q.push(format!(
        " (m.seat{seat}_player IN (SELECT id FROM players WHERE name = "
    ))
    .push_bind(name.to_owned())
    .push(format!(") OR m.seat{seat}_name = "))
    .push_bind(name.to_owned())
    .push(")");
}
