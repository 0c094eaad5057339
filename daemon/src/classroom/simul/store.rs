//! Simultaneous exhibitions: the row, its boards (each an ordinary match), stored together
//! through the writer task, and read back with each board's result from `matches`.

use protocol::{GameParams, MatchStatus};
use sqlx::SqliteConnection;

use crate::db::{Db, DbError};

use crate::db::sql::{bind_game_params, GameColumns, Named};

/// An exhibition as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SimulRow {
    /// Its id (ignored when adding one).
    pub id: i64,
    /// The game and its parameters.
    #[sqlx(flatten, try_from = "GameColumns")]
    pub params: GameParams,
    /// The start every board had.
    pub start: String,
    /// The teacher who plays every board, or…
    pub host_player: Option<i64>,
    /// …the engine's level.
    pub host_engine: Option<String>,
    /// Whether the students moved first.
    pub students_first: bool,
}

/// A board of an exhibition, with its match's status and result.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SimulGameRow {
    /// The match.
    pub match_id: i64,
    /// The student.
    pub player_id: i64,
    /// The match's status.
    #[sqlx(try_from = "Named<MatchStatus>")]
    pub status: MatchStatus,
    /// The winning seat.
    pub winner: Option<u8>,
}

/// An exhibition with its boards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredSimul {
    /// The exhibition.
    pub row: SimulRow,
    /// Its boards.
    pub games: Vec<SimulGameRow>,
}

impl Db {
    /// Stores an exhibition of `room_id` with its boards, (match, student) each, whose
    /// matches exist already; its id.
    pub async fn create_simul(
        &self,
        room_id: i64,
        row: SimulRow,
        games: Vec<(i64, i64)>,
        at: i64,
    ) -> Result<i64, DbError> {
        self.writer
            .several(move |conn| Box::pin(create_simul(conn, room_id, row, games, at)))
            .await
    }

    /// Every exhibition of a room, oldest first.
    pub async fn load_simuls(&self, room_id: i64) -> Result<Vec<StoredSimul>, DbError> {
        let mut tx = self.pool.begin().await?;
        let rows: Vec<SimulRow> = sqlx::query_as(
            "SELECT id, game, size, k, misere, piece, rule, edge, start, host_player, host_engine, students_first \
             FROM simuls WHERE room_id = ? ORDER BY id",
        )
        .bind(room_id)
        .fetch_all(&mut *tx)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let games = sqlx::query_as(
                "SELECT g.match_id, g.player_id, m.status, m.winner FROM simul_games g \
                 JOIN matches m ON m.id = g.match_id WHERE g.simul_id = ? ORDER BY g.match_id",
            )
            .bind(row.id)
            .fetch_all(&mut *tx)
            .await?;
            out.push(StoredSimul { row, games });
        }
        tx.commit().await?;
        Ok(out)
    }
}

/// Inserts an exhibition and its boards; returns its id.
async fn create_simul(
    conn: &mut SqliteConnection,
    room_id: i64,
    row: SimulRow,
    games: Vec<(i64, i64)>,
    at: i64,
) -> Result<i64, DbError> {
    let query = sqlx::query(
        "INSERT INTO simuls (room_id, game, size, k, misere, piece, rule, edge, start, \
         host_player, host_engine, students_first, created_at) \
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(room_id);
    let id = bind_game_params(query, &row.params)?
        .bind(&row.start)
        .bind(row.host_player)
        .bind(&row.host_engine)
        .bind(row.students_first)
        .bind(at)
        .execute(&mut *conn)
        .await?
        .last_insert_rowid();
    for (match_id, player_id) in games {
        sqlx::query("INSERT INTO simul_games (simul_id, match_id, player_id) VALUES (?, ?, ?)")
            .bind(id)
            .bind(match_id)
            .bind(player_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(id)
}
