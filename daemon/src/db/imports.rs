//! Games imported from elsewhere (the text format of `docs/EXPORT.md`): stored whole in one
//! write, and found again by their fingerprint so that the same record is stored once.

use sqlx::SqliteConnection;

use super::database::Db;
use super::error::DbError;
use super::matches::{create_match, NewMatch};
use super::moves::{add_move, finish_match, Finish, NewMove};

impl Db {
    /// Stores a finished game from elsewhere in one transaction: the match (status playing
    /// while its moves go in), the seat names, every move, and the result. Nothing is stored
    /// if any part is refused. Returns the new match id.
    pub async fn import_match(
        &self,
        m: NewMatch,
        names: [Option<String>; 2],
        moves: Vec<NewMove>,
        finish: Finish,
        fingerprint: [u8; 32],
    ) -> Result<i64, DbError> {
        self.writer
            .several(move |conn| Box::pin(import_match(conn, m, names, moves, finish, fingerprint)))
            .await
    }

    /// The match imported with this fingerprint, if any.
    pub async fn imported_as(&self, fingerprint: &[u8; 32]) -> Result<Option<i64>, DbError> {
        let id = sqlx::query_scalar("SELECT id FROM matches WHERE import_sha256 = ?")
            .bind(fingerprint.as_slice())
            .fetch_optional(&self.pool)
            .await?;
        Ok(id)
    }
}

/// Stores a finished game from elsewhere: the match, its seat names, its moves, its result.
async fn import_match(
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
