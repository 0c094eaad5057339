//! Tournaments: the rows, the writes (through the writer task, like every write) and the read
//! of a room's tournaments with each game's result from `matches`.

use protocol::{Format, GameParams, MatchStatus, Reason};
use sqlx::sqlite::SqliteRow;
use sqlx::SqliteConnection;

use super::decode::{bind_game_params, game_params, get};
use super::error::{from_sql_int, from_sql_opt, to_sql_opt, DbError};
use super::writer::{OnConnection, Write};
use super::Db;

/// A tournament as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRow {
    /// Its id (ignored when adding one).
    pub id: i64,
    /// Round robin or Swiss.
    pub format: Format,
    /// The game and its parameters.
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
    pub finished: bool,
}

/// A tournament game: its match's seats and result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentGameRow {
    /// The round.
    pub round: u32,
    /// The match.
    pub match_id: i64,
    /// Seat 0's player.
    pub first: i64,
    /// Seat 1's player.
    pub second: i64,
    /// The match's status.
    pub status: MatchStatus,
    /// The winning seat, when over and not drawn.
    pub winner: Option<u8>,
    /// Why it ended, once over.
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

#[derive(Debug)]
enum Op {
    Create {
        room_id: i64,
        row: TournamentRow,
        entrants: Vec<i64>,
        at: i64,
    },
    Enter {
        id: i64,
        player: i64,
    },
    Withdraw {
        id: i64,
        player: i64,
    },
    Round {
        id: i64,
        round: u32,
        matches: Vec<i64>,
        bye: Option<i64>,
    },
    Finish {
        id: i64,
        at: i64,
    },
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
        let op = Op::Create {
            room_id,
            row,
            entrants,
            at,
        };
        self.writer.write(op).await
    }

    /// Adds a late entrant, seeded after the others.
    pub async fn enter_tournament(&self, id: i64, player: i64) -> Result<(), DbError> {
        self.writer.write(Op::Enter { id, player }).await.map(drop)
    }

    /// Withdraws an entrant.
    pub async fn withdraw_from_tournament(&self, id: i64, player: i64) -> Result<(), DbError> {
        self.writer
            .write(Op::Withdraw { id, player })
            .await
            .map(drop)
    }

    /// Records round `round` as started: its matches and bye, together.
    pub async fn start_round(
        &self,
        id: i64,
        round: u32,
        matches: Vec<i64>,
        bye: Option<i64>,
    ) -> Result<(), DbError> {
        let op = Op::Round {
            id,
            round,
            matches,
            bye,
        };
        self.writer.write(op).await.map(drop)
    }

    /// Marks a tournament over.
    pub async fn finish_tournament(&self, id: i64, at: i64) -> Result<(), DbError> {
        self.writer.write(Op::Finish { id, at }).await.map(drop)
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
        let rows = sqlx::query(
            "SELECT id, format, game, size, k, misere, start, rounds, round, clock_initial_ms, \
             clock_increment_ms, status FROM tournaments WHERE room_id = ? ORDER BY id",
        )
        .bind(room_id)
        .fetch_all(&mut *tx)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let row = tournament(r)?;
            let entrants = sqlx::query(
                "SELECT player_id, withdrawn FROM tournament_entrants WHERE tournament_id = ? \
                 ORDER BY seed",
            )
            .bind(row.id)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| Ok((get(r, "player_id")?, get::<i64>(r, "withdrawn")? != 0)))
            .collect::<Result<_, DbError>>()?;
            let games = sqlx::query(
                "SELECT g.round, g.match_id, m.seat0_player, m.seat1_player, m.status, m.winner, \
                 m.reason \
                 FROM tournament_games g JOIN matches m ON m.id = g.match_id \
                 WHERE g.tournament_id = ? ORDER BY g.round, g.match_id",
            )
            .bind(row.id)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(game)
            .collect::<Result<_, DbError>>()?;
            let byes = sqlx::query(
                "SELECT round, player_id FROM tournament_byes WHERE tournament_id = ? ORDER BY round",
            )
            .bind(row.id)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| Ok((from_sql_int(get(r, "round")?, "round")?, get(r, "player_id")?)))
            .collect::<Result<_, DbError>>()?;
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

fn tournament(r: &SqliteRow) -> Result<TournamentRow, DbError> {
    let format: String = get(r, "format")?;
    Ok(TournamentRow {
        id: get(r, "id")?,
        format: match format.as_str() {
            "round_robin" => Format::RoundRobin,
            "swiss" => Format::Swiss,
            _ => return Err(DbError::Corrupt(format!("format {format:?} is unknown"))),
        },
        params: game_params(r)?,
        start: get(r, "start")?,
        rounds: from_sql_int(get(r, "rounds")?, "rounds")?,
        round: from_sql_int(get(r, "round")?, "round")?,
        clock_initial_ms: from_sql_opt(get(r, "clock_initial_ms")?, "clock_initial_ms")?,
        clock_increment_ms: from_sql_opt(get(r, "clock_increment_ms")?, "clock_increment_ms")?,
        finished: get::<String>(r, "status")? == "finished",
    })
}

fn game(r: &SqliteRow) -> Result<TournamentGameRow, DbError> {
    let status: String = get(r, "status")?;
    let seat = |column: &str| -> Result<i64, DbError> {
        get::<Option<i64>>(r, column)?
            .ok_or_else(|| DbError::Corrupt(format!("a tournament game without {column}")))
    };
    Ok(TournamentGameRow {
        round: from_sql_int(get(r, "round")?, "round")?,
        match_id: get(r, "match_id")?,
        first: seat("seat0_player")?,
        second: seat("seat1_player")?,
        status: MatchStatus::parse(&status)
            .ok_or_else(|| DbError::Corrupt(format!("status {status:?} is unknown")))?,
        winner: from_sql_opt(get(r, "winner")?, "winner")?,
        reason: get::<Option<String>>(r, "reason")?
            .map(|r| {
                Reason::parse(&r)
                    .ok_or_else(|| DbError::Corrupt(format!("reason {r:?} is unknown")))
            })
            .transpose()?,
    })
}

impl Write for Op {
    fn is_one_statement(&self) -> bool {
        matches!(
            self,
            Op::Enter { .. } | Op::Withdraw { .. } | Op::Finish { .. }
        )
    }

    fn apply(
        self: Box<Self>,
        conn: &mut SqliteConnection,
    ) -> OnConnection<'_, Result<i64, DbError>> {
        Box::pin(async move {
            match *self {
                Op::Create {
                    room_id,
                    row,
                    entrants,
                    at,
                } => {
                    let query = sqlx::query(
                        "INSERT INTO tournaments (room_id, format, game, size, k, misere, start, \
                         rounds, round, clock_initial_ms, clock_increment_ms, status, created_at) \
                         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, 'playing', ?)",
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
                            "INSERT INTO tournament_entrants (tournament_id, player_id, seed) \
                             VALUES (?, ?, ?)",
                        )
                        .bind(id)
                        .bind(player)
                        .bind(seed as i64)
                        .execute(&mut *conn)
                        .await?;
                    }
                    Ok(id)
                }
                Op::Enter { id, player } => {
                    sqlx::query(
                        "INSERT INTO tournament_entrants (tournament_id, player_id, seed) \
                         SELECT ?, ?, coalesce(max(seed), -1) + 1 FROM tournament_entrants \
                         WHERE tournament_id = ?",
                    )
                    .bind(id)
                    .bind(player)
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
                    Ok(id)
                }
                Op::Withdraw { id, player } => {
                    sqlx::query(
                        "UPDATE tournament_entrants SET withdrawn = 1 \
                         WHERE tournament_id = ? AND player_id = ?",
                    )
                    .bind(id)
                    .bind(player)
                    .execute(&mut *conn)
                    .await?;
                    Ok(id)
                }
                Op::Round {
                    id,
                    round,
                    matches,
                    bye,
                } => {
                    sqlx::query("UPDATE tournaments SET round = ? WHERE id = ?")
                        .bind(i64::from(round))
                        .bind(id)
                        .execute(&mut *conn)
                        .await?;
                    for m in matches {
                        sqlx::query(
                            "INSERT INTO tournament_games (tournament_id, round, match_id) \
                             VALUES (?, ?, ?)",
                        )
                        .bind(id)
                        .bind(i64::from(round))
                        .bind(m)
                        .execute(&mut *conn)
                        .await?;
                    }
                    if let Some(player) = bye {
                        sqlx::query(
                            "INSERT INTO tournament_byes (tournament_id, round, player_id) \
                             VALUES (?, ?, ?)",
                        )
                        .bind(id)
                        .bind(i64::from(round))
                        .bind(player)
                        .execute(&mut *conn)
                        .await?;
                    }
                    Ok(id)
                }
                Op::Finish { id, at } => {
                    sqlx::query(
                        "UPDATE tournaments SET status = 'finished', finished_at = ? WHERE id = ?",
                    )
                    .bind(at)
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
                    Ok(id)
                }
            }
        })
    }
}
