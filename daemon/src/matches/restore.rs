//! Bringing matches that were under way back to life after a restart (clean or not): the
//! stored moves are replayed through the rules, so the state is exactly what was acknowledged.
//! A finished match is brought back the same way when a rematch is asked for after its actor
//! stopped.

use std::sync::Arc;

use engine::Level;
use protocol::ClockSpec;

use super::model::Occupant;
use super::Matches;
use super::{MatchHandle, Model};
use crate::clock::now_ms;
use crate::db::{DbError, SeatRow, StoredMatch};

/// Why a stored match could not be brought back: the file cannot be read, or what it holds
/// does not replay through the rules (a damaged or hand-edited file).
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    /// The database could not be read.
    #[error(transparent)]
    Db(#[from] DbError),
    /// The stored game, start or engine level is refused by the rules.
    #[error("the stored game: {}", crate::failure::rules_english(.0))]
    Rules(#[from] engine::Error),
    /// A move stored for the seat not to move.
    #[error("ply {ply}: stored for seat {seat}, out of turn")]
    OutOfTurn {
        /// The ply.
        ply: u32,
        /// The seat it is stored for.
        seat: u8,
    },
    /// A stored move the match refuses.
    #[error("ply {ply}: {error}")]
    Move {
        /// The ply.
        ply: u32,
        /// Why.
        error: super::MatchError,
    },
    /// A finished match stored without the reason it ended.
    #[error("a finished match without a reason")]
    NoReason,
    /// A match whose moves end it while its status says it goes on.
    #[error("the stored moves end the match but its status says otherwise")]
    EndedByMoves,
}

/// Restarts the actor of every stored match that is waiting or playing. A match whose
/// stored moves no longer replay (a corrupted file) is logged and left alone.
pub async fn restore(matches: &Arc<Matches>) -> Result<usize, DbError> {
    let mut n = 0;
    for stored in matches.db.unfinished_matches().await? {
        let id = stored.id;
        match rebuilt(matches, stored) {
            Ok(model) => {
                super::spawn(matches, model);
                n += 1;
            }
            Err(e) => tracing::error!(match_id = id, error = %e, "cannot restore match"),
        }
    }
    Ok(n)
}

/// The live match `id`, brought back from the database when it is over and its actor has
/// stopped (a finished match stays live only a short while): a rematch can be asked for
/// later. `None` when there is no such match.
pub async fn revive(matches: &Arc<Matches>, id: i64) -> Result<Option<MatchHandle>, RestoreError> {
    if let Some(handle) = matches.get(id) {
        return Ok(Some(handle));
    }
    let _once = matches.reviving.lock().await;
    if let Some(handle) = matches.get(id) {
        return Ok(Some(handle));
    }
    let Some(stored) = matches.db.load_match(id).await? else {
        return Ok(None);
    };
    if !stored.status.is_over() {
        // A match under way is always live; one waiting or playing but not live is being
        // torn down, and is not brought back.
        return Ok(None);
    }
    let model = rebuilt(matches, stored)?;
    Ok(Some(super::spawn(matches, model)))
}

/// [`rebuild`] with the server's settings, a sum's components valued as a new match's are.
fn rebuilt(matches: &Matches, stored: StoredMatch) -> Result<Model, RestoreError> {
    // A match waiting since before the restart has what is left of its lifetime.
    let waited = u64::try_from(crate::clock::unix_ms().saturating_sub(stored.created_at))
        .unwrap_or_default();
    let mut model = rebuild(stored, matches.config.repetition_limit)?;
    if model.status == protocol::MatchStatus::Waiting {
        let lifetime = super::create::millis(matches.config.waiting_lifetime);
        model.expires_at = Some(now_ms().saturating_add(lifetime.saturating_sub(waited)));
    }
    matches.value_components(&mut model);
    Ok(model)
}

/// Rebuilds the in-memory model of a stored match by replaying its moves through the rules
/// (any status: finished matches are rebuilt for `watch`).
pub fn rebuild(s: StoredMatch, repetition_limit: u32) -> Result<Model, RestoreError> {
    let game = crate::convert::game(&s.params)?;
    let start = game.variant().parse_position(&s.start)?;
    let occupant = |row: &SeatRow, name: &Option<String>| -> Result<Occupant, RestoreError> {
        Ok(match (row.player_id, &row.engine) {
            (Some(id), _) => Occupant::Player {
                id,
                name: name.clone().unwrap_or_default(),
                connected: false,
            },
            (None, Some(level)) => Occupant::Engine(Level::parse(level)?),
            (None, None) => Occupant::Empty,
        })
    };
    let seats = [
        occupant(&s.seats[0], &s.seat_names[0])?,
        occupant(&s.seats[1], &s.seat_names[1])?,
    ];
    let clock = match (s.clock_initial_ms, s.clock_increment_ms) {
        (Some(initial_ms), Some(increment_ms)) => Some(ClockSpec {
            initial_ms,
            increment_ms,
        }),
        _ => None,
    };
    let now = now_ms();
    let mut model = Model::new(s.id, start, seats, clock, repetition_limit, now);
    model.rematch_of = s.rematch_of;
    model.rematch = s.rematch;
    model.paired = s.paired;
    model.game = game;
    for mv in &s.moves {
        if model.to_move() != Some(mv.seat) {
            return Err(RestoreError::OutOfTurn {
                ply: mv.ply,
                seat: mv.seat,
            });
        }
        let mut pending = model
            .prepare(mv.seat, &mv.notation, now)
            .map_err(|error| RestoreError::Move { ply: mv.ply, error })?;
        pending.time_ms = mv.time_ms;
        pending.clock_ms = mv.clock_ms;
        model.apply(pending, now);
    }
    match (s.status.is_over(), model.status.is_over()) {
        // Ended by a move (corner reached, repetition, ...): the replay says so too.
        (true, true) | (false, false) => {}
        // Ended off the board: resignation, agreed draw, flag fall, abandonment, abort.
        (true, false) => {
            let reason = s.reason.ok_or(RestoreError::NoReason)?;
            model.finish(
                protocol::Outcome {
                    winner: s.winner,
                    reason,
                },
                s.repetition_plies.clone(),
            );
        }
        (false, true) => {
            return Err(RestoreError::EndedByMoves);
        }
    }
    Ok(model)
}
