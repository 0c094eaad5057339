//! Answers to analysis requests: classifications, tables, saved games, reviews, exports.

mod classify;
mod games;
mod review;
mod table;

pub use classify::{classify, listed, value_info, Answer, QUERY_MAX_MOVES};
pub use games::{game, games, summary};
pub use review::{export, import, review};
pub use table::table;

use engine::{GameKind, Variant};
use protocol::{ErrorBody, GameParams};

use crate::errors::engine_error;

/// The game of a request's parameters.
pub fn variant(params: &GameParams) -> Result<Variant, ErrorBody> {
    let kind = GameKind::parse(&params.game).map_err(engine_error)?;
    Variant::new(kind, params.size, params.k).map_err(engine_error)
}

/// The wire form of a game: its name and parameters (the size its board has when none was
/// asked for).
pub fn params(variant: Variant) -> GameParams {
    GameParams {
        game: variant.kind().name().to_owned(),
        size: variant.size(),
        k: variant.k(),
    }
}
