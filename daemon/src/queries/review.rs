//! `review`, `export` and `import`: games annotated exactly from the classification, written
//! in the text format of docs/EXPORT.md or as JSON, and read back.

use std::sync::Arc;

use engine::review::MoveReview;
use protocol::{
    ErrorBody, ErrorCode, ExportFormat, MatchStatus, MoveInfo, MoveRecord, Reason, ReviewedMove,
};

use super::{games::load, value_info};
use crate::clock::unix_ms;
use crate::db::{Finish, NewMatch, NewMove, SeatRow, StoredMatch};
use crate::errors::{engine_error, internal};
use crate::hub::Hub;
use crate::records::{engine_seat, GameRecord, RecordError, Replay, EMPTY_SEAT};

/// Every move of stored match `match_id`, annotated.
pub async fn review(hub: &Arc<Hub>, match_id: i64) -> Result<Vec<ReviewedMove>, ErrorBody> {
    let m = load(hub, match_id).await?;
    let reviews = annotate(hub, &m).await?;
    Ok(m.moves
        .iter()
        .zip(reviews)
        .map(|(mv, r)| ReviewedMove {
            played: MoveRecord {
                ply: mv.ply,
                seat: mv.seat,
                notation: mv.notation.clone(),
                position: mv.position.clone(),
                time_ms: mv.time_ms,
            },
            before: value_info(&r.before),
            after: value_info(&r.after),
            annotation: r.annotation.as_str().to_owned(),
            better: r
                .better
                .iter()
                .map(|b| MoveInfo {
                    notation: b.mv.to_string(),
                    position: b.position.to_string(),
                    value: value_info(&b.value),
                })
                .collect(),
        })
        .collect())
}

/// The review of a stored match, computed off the async runtime with tables that cover its
/// start (and so every later position).
async fn annotate(hub: &Arc<Hub>, m: &StoredMatch) -> Result<Vec<MoveReview>, ErrorBody> {
    let variant = crate::variants::variant(&protocol::GameParams {
        game: m.game,
        size: m.size,
        k: m.k,
        misere: m.misere,
    })?;
    let convention = engine::Convention::misere_if(m.misere);
    let start = variant.parse_position(&m.start).map_err(engine_error)?;
    let knowledge = hub.analysis.covering(&start).await?;
    let moves: Vec<String> = m.moves.iter().map(|mv| mv.notation.clone()).collect();
    tokio::task::spawn_blocking(move || {
        engine::review::review_in(&knowledge, &start, &moves, convention)
    })
    .await
    .map_err(|e| internal("review the game", e))?
    .map_err(engine_error)
}

/// Stored match `match_id` as text or JSON, annotated when the review is possible.
pub async fn export(
    hub: &Arc<Hub>,
    match_id: i64,
    format: ExportFormat,
) -> Result<String, ErrorBody> {
    let m = load(hub, match_id).await?;
    let record = GameRecord::from_stored(&m);
    // A game too large to review is still exported, without annotations.
    let review = annotate(hub, &m).await.ok();
    Ok(match format {
        ExportFormat::Text => record.to_text(review.as_deref()),
        ExportFormat::Json => record.to_json(review.as_deref()),
    })
}

/// Stores a finished game given as text, after replaying it through the rules; returns the
/// new match id.
pub async fn import(hub: &Arc<Hub>, text: &str) -> Result<i64, ErrorBody> {
    let record = GameRecord::parse_text(text).map_err(record_error)?;
    let replay = record.replay().map_err(record_error)?;
    let Some(result) = record.result else {
        return Err(ErrorBody::new(
            ErrorCode::InvalidState,
            "only finished games can be imported: this one's result is *",
        ));
    };
    let start = replay.positions[0].clone();
    let at = record.date.unwrap_or_else(unix_ms);
    let moves: Vec<NewMove> = replay
        .moves
        .iter()
        .zip(&replay.positions[1..])
        .enumerate()
        .map(|(i, (notation, position))| NewMove {
            match_id: 0,
            ply: i as u32 + 1,
            seat: (i % 2) as u8,
            notation: notation.clone(),
            position: position.to_string(),
            time_ms: 0,
            clock_ms: None,
            played_at: at,
        })
        .collect();
    // For a repetition: the plies at which the final position stood with the same side to move.
    let repetition_plies = if result.reason == Reason::Repetition {
        let n = replay.positions.len() - 1;
        (0..=n)
            .filter(|&ply| ply % 2 == n % 2 && replay.positions[ply] == replay.positions[n])
            .map(|ply| ply as u32)
            .collect()
    } else {
        Vec::new()
    };
    // Names stand in the match; an engine seat is recognised by its name.
    let seat = |name: &str| SeatRow {
        player_id: None,
        engine: engine_seat(name).map(|l| l.name().to_owned()),
    };
    let variant = start.variant();
    let m = NewMatch {
        game: crate::variants::game(variant.kind()),
        size: variant.size(),
        k: variant.k(),
        misere: record.misere,
        start: start.to_string(),
        seats: [seat(&replay.seats[0]), seat(&replay.seats[1])],
        clock_initial_ms: record.clock.map(|c| c.initial_ms),
        clock_increment_ms: record.clock.map(|c| c.increment_ms),
        status: MatchStatus::Playing,
        rematch_of: None,
        created_at: at,
        started_at: Some(at),
    };
    let names = replay.seats.clone().map(|n| (n != EMPTY_SEAT).then_some(n));
    let finish = Finish::new(result, repetition_plies, at);
    let fingerprint = fingerprint(&record, &replay);
    let stored_as = |id: i64| {
        ErrorBody::new(
            ErrorCode::InvalidState,
            format!("this game is stored already, as game {id}: `grundy review {id}` shows it"),
        )
    };
    let look_up = |e| internal("look the game up", e);
    if let Some(id) = hub.db.imported_as(&fingerprint).await.map_err(look_up)? {
        return Err(stored_as(id));
    }
    match hub
        .db
        .import_match(m, names, moves, finish, fingerprint)
        .await
    {
        Ok(id) => Ok(id),
        // The same game imported at the same moment by someone else.
        Err(e) if e.is_constraint_violation() => {
            match hub.db.imported_as(&fingerprint).await.map_err(look_up)? {
                Some(id) => Err(stored_as(id)),
                None => Err(internal("store the imported game", e)),
            }
        }
        Err(e) => Err(internal("store the imported game", e)),
    }
}

/// What makes two imported records the same game: the game and its parameters, the start,
/// the seats' names as stored (normalised), the date, the result and every move in canonical
/// notation (however the record wrote them).
fn fingerprint(record: &GameRecord, replay: &Replay) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    let fields = [
        record.game.name().to_owned(),
        format!("{:?} {:?}", record.size, record.k),
        replay.positions[0].to_string(),
        replay.seats.join("\n"),
        format!("{:?}", record.date),
        format!("{:?}", record.result),
        replay.moves.join("\n"),
    ];
    for f in fields {
        h.update(f.as_bytes());
        h.update([0]);
    }
    h.finalize().into()
}

/// A record error as the client sees it, keeping the record's own precise message.
fn record_error(e: RecordError) -> ErrorBody {
    let code = match &e {
        RecordError::Move { error, .. } => crate::errors::engine_error(error.clone()).code,
        RecordError::Result(_) => ErrorCode::InvalidState,
        _ => ErrorCode::BadNotation,
    };
    ErrorBody::new(code, format!("cannot import this game: {e}"))
}
