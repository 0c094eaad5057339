//! The skeletons of names (`crate::names::skeleton`), stored beside them so that the players
//! whose names read the same are found with an index. SQLite cannot compute one, so the
//! migration that made the columns (20261126000000) left them NULL: [`fill`] gives every
//! row without one its skeleton, once, right after the migrations; every write of a name
//! writes its skeleton from then on.

use sqlx::{Row, SqliteConnection};

use super::error::DbError;
use crate::names::skeleton;

/// The tables whose names have a skeleton, and the column that tells a row apart.
const TABLES: [(&str, &str); 2] = [("players", "id"), ("room_members", "rowid")];

/// Fills every NULL `name_skeleton`, in one transaction; returns the rows filled. A file
/// whose rows all have one (any start after the first) costs one indexed look-up a table.
pub(crate) async fn fill(conn: &mut SqliteConnection) -> Result<u64, DbError> {
    let mut filled = 0;
    sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
    let done = async {
        for (table, key) in TABLES {
            filled += fill_table(conn, table, key).await?;
        }
        Ok::<_, DbError>(())
    }
    .await;
    match done {
        Ok(()) => {
            sqlx::query("COMMIT").execute(&mut *conn).await?;
            if filled > 0 {
                tracing::info!(rows = filled, "name skeletons filled");
            }
            Ok(filled)
        }
        Err(e) => {
            if let Err(undo) = sqlx::query("ROLLBACK").execute(&mut *conn).await {
                tracing::warn!(error = %undo, "rollback of the name skeletons failed");
            }
            Err(e)
        }
    }
}

async fn fill_table(conn: &mut SqliteConnection, table: &str, key: &str) -> Result<u64, DbError> {
    let rows = sqlx::query(&format!(
        "SELECT {key} AS key, name FROM {table} WHERE name_skeleton IS NULL"
    ))
    .fetch_all(&mut *conn)
    .await?;
    let update = format!("UPDATE {table} SET name_skeleton = ? WHERE {key} = ?");
    for row in &rows {
        let id: i64 = row.try_get("key")?;
        let name: String = row.try_get("name")?;
        sqlx::query(&update)
            .bind(skeleton(&name))
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(rows.len() as u64)
}
