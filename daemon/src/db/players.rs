//! Players: the row, the writes (register, rename; each name stored with its skeleton) and
//! the reads (by token, the namesakes of a name).

use sqlx::SqliteConnection;

use super::database::Db;
use super::error::DbError;
use super::matches::NOT_OVER;
use crate::clock::unix_ms;
use crate::names::skeleton;

/// Most rows [`Db::namesakes_of`] reads: a name taken by many players (each run of a client
/// that keeps no token is a new player) is said to be taken all the same.
pub const NAMESAKES_READ: i64 = 1000;

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PlayerRow {
    /// The player's id.
    pub id: i64,
    /// The display name (not unique).
    pub name: String,
}

/// A player with one of the matches not over in which they hold a seat, if any.
#[derive(sqlx::FromRow)]
struct NamesakeRow {
    /// The player.
    #[sqlx(flatten)]
    player: PlayerRow,
    /// A match of theirs.
    match_id: Option<i64>,
}

impl Db {
    /// Registers a player; `token_hash` is the SHA-256 of their secret token (unique).
    /// Returns the new player id.
    pub async fn create_player(&self, name: &str, token_hash: &[u8]) -> Result<i64, DbError> {
        let (name, token_hash, created_at) = (name.to_owned(), token_hash.to_vec(), unix_ms());
        self.writer
            .one(move |conn| Box::pin(create_player(conn, name, token_hash, created_at)))
            .await
    }

    /// Changes a player's display name.
    pub async fn rename_player(&self, id: i64, name: &str) -> Result<(), DbError> {
        let name = name.to_owned();
        self.writer
            .one(move |conn| Box::pin(rename_player(conn, id, name)))
            .await
            .map(drop)
    }

    /// The player whose token hashes to `token_hash`, if any.
    pub async fn player_by_token(&self, token_hash: &[u8]) -> Result<Option<PlayerRow>, DbError> {
        Ok(
            sqlx::query_as("SELECT id, name FROM players WHERE token_hash = ?")
                .bind(token_hash)
                .fetch_optional(&self.pool)
                .await?,
        )
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
        let rows: Vec<NamesakeRow> = sqlx::query_as(&sql)
            .bind(skeleton(name))
            .bind(player_id)
            .bind(NAMESAKES_READ)
            .fetch_all(&self.pool)
            .await?;
        let mut found: Vec<(PlayerRow, Vec<i64>)> = Vec::new();
        for NamesakeRow { player, match_id } in rows {
            if found.last().is_none_or(|(p, _)| p.id != player.id) {
                found.push((player, Vec::new()));
            }
            if let (Some(m), Some((_, matches))) = (match_id, found.last_mut()) {
                matches.push(m);
            }
        }
        Ok(found)
    }
}

/// Registers a player, with the skeleton of their name; returns the new id.
async fn create_player(
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

/// Changes a player's name, and its skeleton; returns the player's id.
async fn rename_player(conn: &mut SqliteConnection, id: i64, name: String) -> Result<i64, DbError> {
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
    Ok(id)
}
