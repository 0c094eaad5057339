//! `query`: a position's exact value and every move's, best first, saying where the answer
//! came from — a stored table, a formula, or a bounded computation for this question.

use std::sync::Arc;

use engine::{AnyPosition, Convention, ErrorKind, Position as _, Source, Start, Variant};
use protocol::limits::QUERY_MAX_MOVES;
use protocol::{ComponentInfo, GameParams, SumInfo, UnknownComponent, WinningComponent};

use super::QueryError;
use crate::convert::value_info;
use crate::failure::Context as _;
use crate::hub::Hub;
use crate::solver::Solver;

/// Most moves of a corner or L-game position classified on the async runtime itself when no
/// stored table covers it (formulas or a table built on demand: a few microseconds); larger
/// ones go to a blocking thread. A stored corner table answers every listed move with one
/// read each (about 0.1 ms for 4096 moves), on the runtime: a hand-off would cost more.
const INLINE_MAX_MOVES: u64 = 512;

/// How many moves an answer lists for a `query`'s `limit` (all: none given).
pub fn listed(limit: Option<u64>) -> usize {
    usize::try_from(limit.unwrap_or(u64::MAX)).unwrap_or(usize::MAX)
}

/// The board a corner question is about: the one asked for, else the default board when the
/// square is on it, else the smallest board holding the square — a corner position's value
/// does not depend on the board, since every move goes towards the corner.
fn board_for(variant: Variant, params: &GameParams, position: &str) -> Variant {
    if params.size.is_some() {
        return variant;
    }
    let Variant::Corner { piece, size } = variant else {
        return variant;
    };
    let widest = Variant::Corner {
        piece,
        size: engine::corner::MAX_SIZE,
    };
    match widest.parse_position(position) {
        Ok(AnyPosition::Corner(p)) => Variant::Corner {
            piece,
            size: size.max(p.x().max(p.y()) + 1),
        },
        // Not a square of any board: the largest one says why.
        _ => widest,
    }
}

/// Classifies `position` of the game in `params`, listing at most `limit` moves, best first.
pub async fn classify(
    hub: &Arc<Hub>,
    params: &GameParams,
    position: &str,
    limit: Option<u64>,
) -> Result<Answer, QueryError> {
    let asked = crate::convert::game(params)?;
    let convention = asked.convention();
    let (variant, pos) = match Start::parse(position) {
        // As in `create_match`: the game's standard start.
        Start::Standard => (asked.variant(), asked.variant().start()),
        _ => {
            let variant = board_for(asked.variant(), params, position);
            (variant, variant.parse_position(position)?)
        }
    };
    let game = engine::Game::of(variant, convention)?;
    // Beyond the stored tables a table is built for this board when it is small enough, so
    // the answer carries a remoteness; the build is bounded and runs off the async runtime.
    let knowledge = hub.solver.for_question(&pos).await;
    let stored = hub.solver.stored_covers(&pos);
    // Lookups in tables take microseconds: answer at once. Anything bigger, or a remoteness
    // search, runs on a blocking thread.
    let cheap = (stored || pos.move_count() <= INLINE_MAX_MOVES)
        && matches!(pos, AnyPosition::Corner(_) | AnyPosition::LGame(_));
    // Only the moves asked for are ordered and written (a corner square has thousands).
    let best = listed(limit);
    // What a table the question lacks would have needed, to say so if it is refused.
    let beyond = Solver::engine_can_play(&pos, convention).err();
    // A sum's explanation weighs its components' moves: with the classification, off the
    // runtime.
    let answer = move || {
        let c = knowledge.classify_in(&pos, QUERY_MAX_MOVES, best, convention)?;
        // The Sprague–Grundy explanation holds in normal play only.
        let sum = match (&pos, convention) {
            (AnyPosition::Sum(p), Convention::Normal) => Some(engine::sum::analyse(&knowledge, p)?),
            _ => None,
        };
        Ok::<_, engine::Error>((c, sum))
    };
    let (mut c, analysis) = if cheap {
        answer()
    } else {
        tokio::task::spawn_blocking(answer)
            .await
            .context("doing-classify-the-position")?
    }
    .map_err(|e| match beyond {
        Some(limit) if e.kind() == ErrorKind::TooLarge => QueryError::EngineLimit(limit),
        _ => e.into(),
    })?;
    // A table answer from a table built on demand (now or by an earlier question) is computed.
    if c.source == Source::Table && !stored {
        c.source = Source::Computed;
    }
    Ok(Answer::new(game, c, analysis))
}

/// A sum's explanation: its components' values, the nim-sum, where the winning moves are and
/// how each number was found.
fn sum_info(
    p: &engine::sum::Position,
    c: &engine::Classification,
    a: engine::sum::Analysis,
) -> SumInfo {
    let parts = p
        .components()
        .iter()
        .zip(&a.components)
        .map(|(part, answer)| ComponentInfo {
            params: crate::convert::normal(part.variant()),
            position: part.to_string(),
            value: value_info(&answer.value),
        })
        .collect();
    let winning = a
        .explanation
        .targets
        .iter()
        .map(|t| WinningComponent {
            component: t.component as u64 + 1,
            from: t.from,
            to: t.to,
            moves: t.moves as u64,
        })
        .collect();
    let unknown = a
        .explanation
        .unknown
        .iter()
        .map(|t| UnknownComponent {
            component: t.component as u64 + 1,
            from: t.from,
            to: t.to,
        })
        .collect();
    SumInfo {
        components: parts,
        nim_sum: a.explanation.nim_sum,
        winning,
        method: "sprague-grundy".to_owned(),
        remoteness_method: c.value.remoteness.map(|_| "search".to_owned()),
        unknown,
    }
}

/// The answer to a `query`: the engine's classification of the position on the board asked
/// about, its moves cut to the number asked for, its source as the question saw it. The reply
/// is written as JSON straight from it (see [`super::classification`]): an answer can list thousands of
/// moves, and making the protocol's strings for each first, then dropping them, cost twice
/// what writing the JSON did (~0.16 against ~0.07 ms for 1 500 moves).
#[derive(Debug)]
pub struct Answer {
    /// The game, with the board the answer is about.
    pub game: engine::Game,
    /// The classification.
    pub classification: engine::Classification,
    /// Why the remoteness is unknown, when the reason is worth saying (a sum too large to
    /// search).
    pub remoteness_unknown: Option<protocol::Message>,
    /// A sum's explanation (game `sum` only).
    pub sum: Option<SumInfo>,
}

impl Answer {
    /// The answer of `c` on `game`'s board, with a sum's `analysis` when it is one.
    pub fn new(
        game: engine::Game,
        c: engine::Classification,
        analysis: Option<engine::sum::Analysis>,
    ) -> Answer {
        // Said only when the search was not made: then its bound says why, known at once.
        let remoteness_unknown = match &c.position {
            AnyPosition::Sum(p) if c.value.remoteness.is_none() => engine::sum::search::size(p)
                .err()
                .map(|e| crate::convert::message(&e.reason())),
            _ => None,
        };
        let sum = match (&c.position, analysis) {
            (AnyPosition::Sum(p), Some(a)) => Some(sum_info(p, &c, a)),
            _ => None,
        };
        Answer {
            game,
            classification: c,
            remoteness_unknown,
            sum,
        }
    }
}
