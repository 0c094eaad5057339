//! `games` and `game`: saved games from the database.

use std::sync::Arc;

use protocol::limits::{DEFAULT_PAGE, GAME_PAGE, MAX_PAGE};
use protocol::{GameQuery, GameSummary, MoveRecord, Outcome, SeatInfo};

use super::pages::{span, Budget, Page};
use super::QueryError;
use crate::db::{GameFilter, ResultFilter, StoredMatch};
use crate::failure::Context as _;
use crate::hub::Hub;

/// The list line of a stored match.
pub fn summary(m: &StoredMatch) -> GameSummary {
    let seat = |i: usize| SeatInfo {
        player_id: m.seats[i].player_id,
        name: m.seat_names[i]
            .clone()
            .or_else(|| m.seats[i].engine.as_ref().map(|l| format!("engine ({l})"))),
        engine: m.seats[i].engine.clone(),
        connected: false,
        abandon_in_ms: None,
    };
    GameSummary {
        match_id: m.id,
        params: m.params.clone(),
        start: m.start.clone(),
        status: m.status,
        seats: [seat(0), seat(1)],
        ply: m.ply,
        result: m.reason.map(|reason| Outcome {
            winner: m.winner,
            reason,
        }),
        created_at: m.created_at,
        finished_at: m.finished_at,
        imported: m.imported,
    }
}

/// A page of saved games matching `q`, newest first.
pub async fn games(hub: &Arc<Hub>, q: GameQuery) -> Result<Vec<GameSummary>, QueryError> {
    let result = match q.result.as_deref() {
        None => None,
        Some("draw") => Some(ResultFilter::Draw),
        Some(r @ ("win" | "loss")) if q.player.is_some() => Some(if r == "win" {
            ResultFilter::Won
        } else {
            ResultFilter::Lost
        }),
        Some("win" | "loss") => return Err(QueryError::ResultNeedsPlayer),
        Some(other) => {
            return Err(QueryError::UnknownResult {
                result: other.to_owned(),
            })
        }
    };
    let filter = GameFilter {
        result,
        player: q.player,
        game: q.game,
        status: q.status,
        since: q.since,
        until: q.until,
        limit: q.limit.unwrap_or(DEFAULT_PAGE).clamp(1, MAX_PAGE),
        offset: q.offset.unwrap_or(0),
    };
    let rows = hub
        .db
        .list_matches(&filter)
        .await
        .context("doing-list-the-games")?;
    Ok(rows.iter().map(summary).collect())
}

/// One stored match, or `no_such_match`.
pub async fn load(hub: &Arc<Hub>, match_id: i64) -> Result<StoredMatch, QueryError> {
    load_plies(hub, match_id, 0, u32::MAX).await
}

/// Stored match `match_id` with its moves of plies `first..=last` only.
pub async fn load_plies(
    hub: &Arc<Hub>,
    match_id: i64,
    first: u32,
    last: u32,
) -> Result<StoredMatch, QueryError> {
    hub.db
        .load_match_plies(match_id, first, last)
        .await
        .context("doing-read-the-game")?
        .ok_or(QueryError::NoSuchGame { match_id })
}

/// A saved game with a page of its moves: after ply `from`, at most `limit` of them (default
/// and most [`GAME_PAGE`]), in at most [`protocol::limits::PAGE_BYTES`] of JSON.
pub async fn game(
    hub: &Arc<Hub>,
    match_id: i64,
    from: Option<u32>,
    limit: Option<u32>,
) -> Result<(GameSummary, Page<MoveRecord>), QueryError> {
    // The game's length first, to read only the page's moves.
    let m = load_plies(hub, match_id, 1, 0).await?;
    let (from, count) = span(match_id, m.ply, from, limit, GAME_PAGE)?;
    let m = load_plies(
        hub,
        match_id,
        from.saturating_add(1),
        from.saturating_add(count),
    )
    .await?;
    let mut budget = Budget::page();
    let moves: Vec<MoveRecord> = m
        .moves
        .iter()
        .map(|mv| MoveRecord {
            ply: mv.ply,
            seat: mv.seat,
            notation: mv.notation.clone(),
            position: mv.position.clone(),
            time_ms: mv.time_ms,
        })
        .take_while(|mv| budget.take(mv))
        .collect();
    let end = from + moves.len() as u32;
    let page = Page {
        from,
        next: (end < m.ply).then_some(end),
        moves,
    };
    Ok((summary(&m), page))
}
