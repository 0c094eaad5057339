//! `query`: a position's exact value and every move's, best first, saying where the answer
//! came from — a stored table, a formula, or a bounded computation for this question.

use std::sync::Arc;

use engine::{AnyPosition, Knowledge, Position as _, Source, Value};
use protocol::{Classification, ErrorBody, GameParams, MoveInfo, ValueInfo};

use crate::errors::{engine_error, internal};
use crate::hub::Hub;

/// Most moves listed in one answer; a position with more is counted, not listed.
pub const QUERY_MAX_MOVES: u64 = 4096;

/// Most moves of a table-backed position classified on the async runtime itself (a few
/// microseconds of lookups); larger ones go to a blocking thread.
const INLINE_MAX_MOVES: u64 = 512;

/// Largest corner board on which a remoteness is computed on demand for a question.
pub const QUERY_MAX_BOARD: u64 = crate::analysis::ENGINE_MAX_BOARD;

/// The wire form of a value.
pub fn value_info(v: &Value) -> ValueInfo {
    ValueInfo {
        outcome: v.outcome.as_str().to_owned(),
        grundy: v.grundy,
        remoteness: v.remoteness,
    }
}

/// Classifies `position` of the game in `params`.
pub async fn classify(
    hub: &Arc<Hub>,
    params: &GameParams,
    position: &str,
) -> Result<Classification, ErrorBody> {
    let variant = super::variant(params)?;
    let pos = variant.parse_position(position).map_err(engine_error)?;
    let stored = hub.analysis.current();
    // Beyond the stored tables, build a table for this board when it is small enough, so the
    // answer carries a remoteness; the build is bounded and runs off the async runtime.
    let (knowledge, computed) = if needs_table(&stored, &pos) {
        match hub.analysis.covering(&pos).await {
            Ok(k) => (k, true),
            Err(_) => (stored, false),
        }
    } else {
        (stored, false)
    };
    // Lookups in stored tables for a few hundred moves take microseconds: answer at once.
    // Anything bigger, or a remoteness search, runs on a blocking thread.
    let cheap = pos.move_count() <= INLINE_MAX_MOVES
        && matches!(pos, AnyPosition::Corner(_) | AnyPosition::LGame(_));
    let c = if cheap {
        knowledge.classify(&pos, QUERY_MAX_MOVES)
    } else {
        tokio::task::spawn_blocking(move || knowledge.classify(&pos, QUERY_MAX_MOVES))
            .await
            .map_err(|e| internal("classify the position", e))?
    }
    .map_err(engine_error)?;
    let source = if computed { Source::Computed } else { c.source };
    Ok(Classification {
        params: GameParams {
            game: variant.kind().name().to_owned(),
            size: variant.size(),
            k: variant.k(),
        },
        position: c.position.to_string(),
        value: value_info(&c.value),
        source: source.as_str().to_owned(),
        move_count: c.move_count,
        moves: c
            .moves
            .iter()
            .map(|m| MoveInfo {
                notation: m.mv.to_string(),
                position: m.position.to_string(),
                value: value_info(&m.value),
            })
            .collect(),
    })
}

/// Whether `pos` lies beyond the tables at hand in a game whose formulas leave a field open
/// (queen, horse and dragon remoteness; odd-step chocolate), and a table could be built.
fn needs_table(k: &Knowledge, pos: &AnyPosition) -> bool {
    match pos {
        AnyPosition::Corner(p) => {
            let n = p.x().max(p.y()) + 1;
            p.piece() != engine::corner::Piece::Rook
                && n <= QUERY_MAX_BOARD
                && k.corner_table(p.piece()).is_none_or(|t| t.size() < n)
        }
        AnyPosition::Chocolate(p) => {
            p.k() % 2 == 1
                && p.z() <= crate::analysis::ENGINE_MAX_BAR
                && k.chocolate_table(p.k()).is_none_or(|t| t.z_max() < p.z())
        }
        _ => false,
    }
}
