//! Tournaments: the rows, the writes (through the writer task, like every write) and the read
//! of a room's tournaments with each game's result from `matches`.

use protocol::{Format, GameParams, MatchStatus, Reason};
use sqlx::SqliteConnection;

use crate::db::{Db, DbError};

use crate::db::error::to_sql_opt;
use crate::db::sql::{bind_game_params, GameColumns, MaybeNamed, Name, Named};

/// A tournament as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentRow {
    /// Its id (ignored when adding one).
    pub id: i64,
    /// Round robin or Swiss.
    #[sqlx(try_from = "Named<Format>")]
    pub format: Format,
    /// The game and its parameters.
    #[sqlx(flatten, try_from = "GameColumns")]
    pub params: GameParams,
    /// `standard`, `random` or a position.
    pub start: String,
    /// Rounds planned.
    pub rounds: u32,
    /// The round being played.
    pub round: u32,
    /// Clock: initial time.
    pub clock_initial_ms: Option<u64>,
    /// Clock: increment.
    pub clock_increment_ms: Option<u64>,
    /// Whether it is over.
    #[sqlx(rename = "status", try_from = "Named<Progress>")]
    pub finished: bool,
}

/// A tournament game: its match's seats and result.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentGameRow {
    /// The round.
    pub round: u32,
    /// The match.
    pub match_id: i64,
    /// Seat 0's player.
    #[sqlx(rename = "seat0_player")]
    pub first: i64,
    /// Seat 1's player.
    #[sqlx(rename = "seat1_player")]
    pub second: i64,
    /// The match's status.
    #[sqlx(try_from = "Named<MatchStatus>")]
    pub status: MatchStatus,
    /// The winning seat, when over and not drawn.
    pub winner: Option<u8>,
    /// Why it ended, once over.
    #[sqlx(try_from = "MaybeNamed<Reason>")]
    pub reason: Option<Reason>,
}

/// A tournament with everything in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredTournament {
    /// The tournament.
    pub row: TournamentRow,
    /// (player, withdrawn), in seed order.
    pub entrants: Vec<(i64, bool)>,
    /// Its games, by round.
    pub games: Vec<TournamentGameRow>,
    /// (round, player) of every bye.
    pub byes: Vec<(u32, i64)>,
}

/// Where a tournament is, as `tournaments.status` stores it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Progress {
    /// Its rounds go on.
    Playing,
    /// Over.
    Finished,
}

impl Name for Progress {
    const KIND: &'static str = "tournament status";

    fn name(&self) -> &'static str {
        match self {
            Progress::Playing => "playing",
            Progress::Finished => "finished",
        }
    }

    fn from_name(name: &str) -> Option<Progress> {
        [Progress::Playing, Progress::Finished]
            .into_iter()
            .find(|p| p.name() == name)
    }
}

impl From<Named<Progress>> for bool {
    fn from(progress: Named<Progress>) -> bool {
        progress.0 == Progress::Finished
    }
}

impl Db {
    /// Stores a new tournament of `room_id` with its entrants (in seed order); its id.
    pub async fn create_tournament(
        &self,
        room_id: i64,
        row: TournamentRow,
        entrants: Vec<i64>,
        at: i64,
    ) -> Result<i64, DbError> {
        self.writer
            .several(move |conn| Box::pin(create(conn, room_id, row, entrants, at)))
            .await
    }

    /// Adds a late entrant, seeded after the others.
    pub async fn enter_tournament(&self, id: i64, player: i64) -> Result<(), DbError> {
        let statement = sqlx::query(
            "INSERT INTO tournament_entrants (tournament_id, player_id, seed) \
                         SELECT ?, ?, coalesce(max(seed), -1) + 1 FROM tournament_entrants \
                         WHERE tournament_id = ?",
        )
        .bind(id)
        .bind(player)
        .bind(id);
        self.writer.statement(id, statement).await
    }

    /// Withdraws an entrant.
    pub async fn withdraw_from_tournament(&self, id: i64, player: i64) -> Result<(), DbError> {
        let statement = sqlx::query(
            "UPDATE tournament_entrants SET withdrawn = 1 \
                         WHERE tournament_id = ? AND player_id = ?",
        )
        .bind(id)
        .bind(player);
        self.writer.statement(id, statement).await
    }

    /// Records round `round` as started: its matches and bye, together.
    pub async fn start_round(
        &self,
        id: i64,
        round: u32,
        matches: Vec<i64>,
        bye: Option<i64>,
    ) -> Result<(), DbError> {
        self.writer
            .several(move |conn| Box::pin(start_round(conn, id, round, matches, bye)))
            .await
            .map(drop)
    }

    /// Marks a tournament over.
    pub async fn finish_tournament(&self, id: i64, at: i64) -> Result<(), DbError> {
        let statement =
            sqlx::query("UPDATE tournaments SET status = 'finished', finished_at = ? WHERE id = ?")
                .bind(at)
                .bind(id);
        self.writer.statement(id, statement).await
    }

    /// The codes of the rooms with a tournament under way: brought back at start, so that
    /// their rounds go on.
    pub async fn rooms_with_tournaments(&self) -> Result<Vec<String>, DbError> {
        let codes = sqlx::query_scalar(
            "SELECT DISTINCT r.code FROM rooms r JOIN tournaments t ON t.room_id = r.id \
             WHERE t.status = 'playing' ORDER BY r.code",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(codes)
    }

    /// Every tournament of a room, oldest first.
    pub async fn load_tournaments(&self, room_id: i64) -> Result<Vec<StoredTournament>, DbError> {
        let mut tx = self.pool.begin().await?;
        let rows: Vec<TournamentRow> = sqlx::query_as(
            "SELECT id, format, game, size, k, misere, piece, rule, edge, start, rounds, round, clock_initial_ms, \
             clock_increment_ms, status FROM tournaments WHERE room_id = ? ORDER BY id",
        )
        .bind(room_id)
        .fetch_all(&mut *tx)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let entrants = sqlx::query_as(
                "SELECT player_id, withdrawn FROM tournament_entrants WHERE tournament_id = ? \
                 ORDER BY seed",
            )
            .bind(row.id)
            .fetch_all(&mut *tx)
            .await?;
            let games = sqlx::query_as(
                "SELECT g.round, g.match_id, m.seat0_player, m.seat1_player, m.status, m.winner, \
                 m.reason \
                 FROM tournament_games g JOIN matches m ON m.id = g.match_id \
                 WHERE g.tournament_id = ? ORDER BY g.round, g.match_id",
            )
            .bind(row.id)
            .fetch_all(&mut *tx)
            .await?;
            let byes = sqlx::query_as(
                "SELECT round, player_id FROM tournament_byes WHERE tournament_id = ? ORDER BY round",
            )
            .bind(row.id)
            .fetch_all(&mut *tx)
            .await?;
            out.push(StoredTournament {
                row,
                entrants,
                games,
                byes,
            });
        }
        tx.commit().await?;
        Ok(out)
    }
}

/// Inserts a tournament and its entrants in seed order; returns its id.
async fn create(
    conn: &mut SqliteConnection,
    room_id: i64,
    row: TournamentRow,
    entrants: Vec<i64>,
    at: i64,
) -> Result<i64, DbError> {
    let query = sqlx::query(
        "INSERT INTO tournaments (room_id, format, game, size, k, misere, piece, rule, edge, \
         start, rounds, round, clock_initial_ms, clock_increment_ms, status, created_at) \
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, 'playing', ?)",
    )
    .bind(room_id)
    .bind(row.format.as_str());
    let id = bind_game_params(query, &row.params)?
        .bind(&row.start)
        .bind(i64::from(row.rounds))
        .bind(to_sql_opt(row.clock_initial_ms, "clock")?)
        .bind(to_sql_opt(row.clock_increment_ms, "clock")?)
        .bind(at)
        .execute(&mut *conn)
        .await?
        .last_insert_rowid();
    for (seed, player) in entrants.into_iter().enumerate() {
        sqlx::query(
            "INSERT INTO tournament_entrants (tournament_id, player_id, seed) VALUES (?, ?, ?)",
        )
        .bind(id)
        .bind(player)
        .bind(seed as i64)
        .execute(&mut *conn)
        .await?;
    }
    Ok(id)
}

/// Records a round's start: the tournament's round, its games and its bye; returns the
/// tournament's id.
async fn start_round(
    conn: &mut SqliteConnection,
    id: i64,
    round: u32,
    matches: Vec<i64>,
    bye: Option<i64>,
) -> Result<i64, DbError> {
    sqlx::query("UPDATE tournaments SET round = ? WHERE id = ?")
        .bind(i64::from(round))
        .bind(id)
        .execute(&mut *conn)
        .await?;
    for m in matches {
        sqlx::query(
            "INSERT INTO tournament_games (tournament_id, round, match_id) VALUES (?, ?, ?)",
        )
        .bind(id)
        .bind(i64::from(round))
        .bind(m)
        .execute(&mut *conn)
        .await?;
    }
    if let Some(player) = bye {
        sqlx::query(
            "INSERT INTO tournament_byes (tournament_id, round, player_id) VALUES (?, ?, ?)",
        )
        .bind(id)
        .bind(i64::from(round))
        .bind(player)
        .execute(&mut *conn)
        .await?;
    }
    Ok(id)
}
