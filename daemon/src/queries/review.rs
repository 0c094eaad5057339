//! `review`, `export` and `import`: games annotated exactly from the classification, written
//! in the text format of docs/EXPORT.md or as JSON, and read back.

use std::sync::Arc;

use engine::review::MoveReview;
use protocol::limits::{BETTER_LISTED, MAX_REPLY_BYTES, REVIEW_PAGE};
use protocol::{Board, ExportFormat, MatchStatus, MoveInfo, MoveRecord, Reason, ReviewedMove};

use super::games::{load, load_plies};
use super::pages::{json_len, listed_better, span, Budget, Page};
use super::QueryError;
use crate::clock::unix_ms;
use crate::convert::value_info;
use crate::db::{Finish, NewMatch, NewMove, SeatRow, StoredMatch, StoredMove};
use crate::failure::{Context as _, Internal};
use crate::hub::Hub;
use crate::records::{
    comment, engine_seat, GameRecord, JsonReview, Replay, BETTER_SHOWN, EMPTY_SEAT,
};

/// A page of stored match `match_id`'s moves annotated: after ply `from`, at most `limit` of
/// them (default and most [`REVIEW_PAGE`]), in at most [`protocol::limits::PAGE_BYTES`] of
/// JSON. Returns the page, the game's length in plies, and the board before the page.
///
/// A page is reviewed from the position before its first move, which is stored with the move
/// before it: only the page's moves are read, and the work and memory are a page's whatever
/// the game's length.
pub async fn review(
    hub: &Arc<Hub>,
    match_id: i64,
    from: Option<u32>,
    limit: Option<u32>,
) -> Result<(Page<ReviewedMove>, u32, Board), QueryError> {
    let m = load_plies(hub, match_id, 1, 0).await?;
    let (from, count) = span(match_id, m.ply, from, limit, REVIEW_PAGE)?;
    // The move before the page, for its position, and the page's.
    let m = load_plies(hub, match_id, from, from.saturating_add(count)).await?;
    let (variant, convention) = rules(&m)?;
    let mut moves = m.moves;
    let before = match from {
        0 => variant.parse_position(&m.start),
        _ if moves.first().is_some_and(|mv| mv.ply == from) => {
            variant.parse_position(&moves.remove(0).position)
        }
        _ => {
            return Err(
                Internal::new("doing-read-the-game", format!("ply {from} is missing")).into(),
            )
        }
    }?;
    let board_before = crate::convert::board(&before);
    let knowledge = hub.solver.covering(&before).await?;
    let _turn = hub.reviews.acquire().await;
    let reviewed = tokio::task::spawn_blocking(move || {
        let mut pos = before;
        let mut budget = Budget::page();
        let mut page = Vec::new();
        for mv in moves {
            let (r, next) =
                engine::review_move(&knowledge, &pos, mv.ply, &mv.notation, convention)?;
            let reviewed = reviewed_move(mv, r, crate::convert::board(&next));
            if !budget.take(&reviewed) {
                break;
            }
            page.push(reviewed);
            pos = next;
        }
        Ok::<_, engine::Error>(page)
    })
    .await
    .context("doing-review-the-game")??;
    let end = from + reviewed.len() as u32;
    let page = Page {
        from,
        next: (end < m.ply).then_some(end),
        moves: reviewed,
    };
    Ok((page, m.ply, board_before))
}

/// A stored move with its review, as the protocol sends it.
fn reviewed_move(mv: StoredMove, r: MoveReview, board: Board) -> ReviewedMove {
    let better = r
        .better
        .iter()
        .map(|b| MoveInfo {
            notation: b.mv.to_string(),
            position: b.position.to_string(),
            value: value_info(&b.value),
        })
        .collect();
    let (better, better_count) = listed_better(better);
    ReviewedMove {
        played: MoveRecord {
            ply: mv.ply,
            seat: mv.seat,
            notation: mv.notation,
            position: mv.position,
            time_ms: mv.time_ms,
        },
        before: value_info(&r.before),
        after: value_info(&r.after),
        board,
        annotation: r.annotation.as_str().to_owned(),
        better,
        better_count,
    }
}

/// The variant and convention a stored match is played under.
fn rules(m: &StoredMatch) -> Result<(engine::Variant, engine::Convention), QueryError> {
    let game = crate::convert::game(&m.params)?;
    Ok((game.variant(), game.convention()))
}

/// Stored match `match_id` as text or JSON, annotated when the review is possible and fits
/// in a reply; with why not when it is not annotated. A record larger than
/// [`MAX_REPLY_BYTES`] even without annotations is refused.
pub async fn export(
    hub: &Arc<Hub>,
    match_id: i64,
    format: ExportFormat,
) -> Result<(String, Option<String>), QueryError> {
    let m = load(hub, match_id).await?;
    let record = GameRecord::from_stored(&m);
    let write = |review: Option<&[MoveReview]>| match format {
        ExportFormat::Text => record.to_text(review),
        ExportFormat::Json => record.to_json(review),
    };
    let plain = write(None);
    if plain.len() > MAX_REPLY_BYTES {
        return Err(QueryError::LargeExport {
            match_id,
            kib: plain.len() / 1024,
            most_kib: MAX_REPLY_BYTES / 1024,
        });
    }
    if m.moves.is_empty() {
        return Ok((plain, None));
    }
    let room = MAX_REPLY_BYTES - plain.len();
    let review = match annotate(hub, &m, format, room).await {
        Ok(review) => review,
        Err(why) => return Ok((plain, Some(why))),
    };
    let annotated = write(Some(&review));
    if annotated.len() > MAX_REPLY_BYTES {
        let why = too_long_annotated(annotated.len());
        return Ok((plain, Some(why)));
    }
    Ok((annotated, None))
}

/// Why an export is not annotated when its annotations would not fit.
fn too_long_annotated(bytes: usize) -> String {
    format!(
        "with its annotations the record would take more than {} KiB ({} KiB at least); \
         `grundy review` annotates it page by page",
        MAX_REPLY_BYTES / 1024,
        bytes / 1024
    )
}

/// The review of a whole stored match for its export, computed off the async runtime, each
/// move keeping the better moves the format writes, and given up as soon as the annotations
/// would take more than `room` bytes. `Err` says why there are none.
async fn annotate(
    hub: &Arc<Hub>,
    m: &StoredMatch,
    format: ExportFormat,
    room: usize,
) -> Result<Vec<MoveReview>, String> {
    let (variant, convention) = rules(m).map_err(|e| e.to_string())?;
    let start = variant
        .parse_position(&m.start)
        .map_err(|e| crate::failure::rules_english(&e))?;
    let knowledge = hub
        .solver
        .covering(&start)
        .await
        .map_err(|e| e.to_string())?;
    let moves: Vec<String> = m.moves.iter().map(|mv| mv.notation.clone()).collect();
    let _turn = hub.reviews.acquire().await;
    tokio::task::spawn_blocking(move || {
        let mut pos = start;
        let mut reviews = Vec::with_capacity(moves.len());
        let mut bytes = 0;
        for (i, text) in moves.iter().enumerate() {
            let (mut r, next) =
                engine::review_move(&knowledge, &pos, i as u32 + 1, text, convention).map_err(
                    |e| {
                        let why = crate::failure::rules_english(&e);
                        format!("it cannot be reviewed: {why}")
                    },
                )?;
            // The text writes the first few better moves (and `…` after them); the JSON the
            // best ones, as a review page lists them.
            r.better.truncate(match format {
                ExportFormat::Text => BETTER_SHOWN + 1,
                ExportFormat::Json => BETTER_LISTED,
            });
            bytes += match format {
                ExportFormat::Text => comment(&r).len() + 1,
                ExportFormat::Json => json_len(&JsonReview::from(&r)),
            };
            if bytes > room {
                return Err(too_long_annotated(bytes));
            }
            reviews.push(r);
            pos = next;
        }
        Ok(reviews)
    })
    .await
    .context("doing-review-the-game")
    .map_err(|e| e.to_string())?
}

/// Stores a finished game given as text, after replaying it through the rules; returns the
/// new match id.
pub async fn import(hub: &Arc<Hub>, text: &str) -> Result<i64, QueryError> {
    let import = |e| QueryError::Import(Box::new(e));
    let record = GameRecord::parse_text(text).map_err(import)?;
    let replay = record.replay().map_err(import)?;
    let Some(result) = record.result else {
        return Err(QueryError::Unfinished);
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
    let convention = engine::Convention::misere_if(record.params.misere);
    let m = NewMatch {
        params: crate::convert::params(engine::Game::of(start.variant(), convention)?),
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
    let stored_as = |match_id: i64| QueryError::Imported { match_id };
    if let Some(id) = hub
        .db
        .imported_as(&fingerprint)
        .await
        .context("doing-look-the-game-up")?
    {
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
            match hub
                .db
                .imported_as(&fingerprint)
                .await
                .context("doing-look-the-game-up")?
            {
                Some(id) => Err(stored_as(id)),
                None => Err(Internal::new("doing-store-the-imported-game", e).into()),
            }
        }
        Err(e) => Err(Internal::new("doing-store-the-imported-game", e).into()),
    }
}

/// What makes two imported records the same game: the game and its parameters, the start,
/// the seats' names as stored (normalised), the date, the result and every move in canonical
/// notation (however the record wrote them).
fn fingerprint(record: &GameRecord, replay: &Replay) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    let fields = [
        record.params.game.name().to_owned(),
        format!("{:?} {:?}", record.params.size, record.params.k),
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
