//! Creating matches from a request (validating every parameter), and rematches.

use std::sync::Arc;

use engine::{Convention, Game, Level, Rng, Start};
use protocol::{ClockSpec, First, MatchState, MatchStatus, Opponent};

use super::error::MatchError;
use super::model::Occupant;
use super::Matches;
use super::{MatchHandle, Model, PlayerRef};
use crate::clock::{now_ms, unix_ms};
use crate::db::{NewMatch, SeatRow};
use crate::solver::Solver;

/// Validates `req`, stores the match and starts its actor. The creator sits in their seat
/// unless `my_engine` gives it to the engine.
pub async fn create_match(
    matches: &Arc<Matches>,
    creator: &PlayerRef,
    req: protocol::NewMatch,
) -> Result<(MatchHandle, MatchState), MatchError> {
    let game = crate::convert::game(&req.params)?;
    let convention = game.convention();
    let mut rng = Rng::new(unix_ms() as u64 ^ (creator.id as u64).rotate_left(32));
    let start = game.start(&Start::parse(&req.start), &mut rng)?;
    let engine_plays = req.my_engine.is_some() || matches!(req.opponent, Opponent::Engine(_));
    // What the engine will know of the start (its table built where one is needed), for
    // the misère check below, off this thread's hot path.
    let knowledge = match (engine_plays, convention) {
        (true, Convention::Misere) => Some(matches.solver.for_question(&start).await),
        _ => None,
    };
    let engine_level = |name: &str| -> Result<Occupant, MatchError> {
        let level = Level::parse(name)?;
        Solver::engine_can_play(&start, convention)?;
        if let Some(knowledge) = &knowledge {
            // A misère value the engine cannot know (a large sum) is refused now, not at
            // the engine's first turn.
            knowledge.value_in(&start, convention)?;
        }
        Ok(Occupant::Engine(level))
    };
    let me = match &req.my_engine {
        Some(level) => engine_level(level)?,
        None => Occupant::Player {
            id: creator.id,
            name: creator.name.clone(),
            connected: true,
        },
    };
    let them = match &req.opponent {
        Opponent::Human => Occupant::Empty,
        Opponent::Engine(level) => engine_level(level)?,
    };
    let creator_first = match req.first {
        First::Me => true,
        First::Them => false,
        First::Random => rng.chance(50),
    };
    let seats = if creator_first {
        [me, them]
    } else {
        [them, me]
    };
    create(matches, game, start, seats, req.clock, None, false).await
}

/// A match with both seats taken at once (a tournament's game, an exhibition's board):
/// seat 0 moves first. A room paired it, so it cannot be aborted.
pub async fn create_with(
    matches: &Arc<Matches>,
    game: Game,
    start: engine::AnyPosition,
    seats: [Occupant; 2],
    clock: Option<ClockSpec>,
) -> Result<MatchHandle, MatchError> {
    let (handle, _) = create(matches, game, start, seats, clock, None, true).await?;
    Ok(handle)
}

/// A duration in milliseconds, saturated.
pub(super) fn millis(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// How `player` sits in a match made for them: connected as they are now.
pub fn seated(matches: &Matches, player: &PlayerRef) -> Occupant {
    Occupant::Player {
        id: player.id,
        name: player.name.clone(),
        connected: matches.presence.is_here(player.id),
    }
}

/// The rematch of a finished match: same game, start and clock; the seats swap, so the other
/// player moves first.
pub async fn create_rematch(matches: &Arc<Matches>, old: &Model) -> Result<i64, MatchError> {
    let seats = [old.seats[1].clone(), old.seats[0].clone()];
    let spec = old.clocks.as_ref().map(|c| c.spec);
    let (handle, _) = create(
        matches,
        old.game,
        old.start.clone(),
        seats,
        spec,
        Some(old.id),
        false,
    )
    .await?;
    Ok(handle.id)
}

async fn create(
    matches: &Arc<Matches>,
    game: Game,
    start: engine::AnyPosition,
    seats: [Occupant; 2],
    clock: Option<ClockSpec>,
    rematch_of: Option<i64>,
    paired: bool,
) -> Result<(MatchHandle, MatchState), MatchError> {
    let full = !seats.contains(&Occupant::Empty);
    let row = |o: &Occupant| SeatRow {
        player_id: o.player_id(),
        engine: match o {
            Occupant::Engine(l) => Some(l.name().to_owned()),
            _ => None,
        },
    };
    let now = unix_ms();
    let id = matches
        .db
        .create_match(NewMatch {
            params: crate::convert::params(game),
            start: start.to_string(),
            seats: [row(&seats[0]), row(&seats[1])],
            clock_initial_ms: clock.map(|c| c.initial_ms),
            clock_increment_ms: clock.map(|c| c.increment_ms),
            status: if full {
                MatchStatus::Playing
            } else {
                MatchStatus::Waiting
            },
            rematch_of,
            created_at: now,
            started_at: full.then_some(now),
        })
        .await
        .map_err(|e| MatchError::internal("doing-create-the-match", e))?;
    let mut model = Model::new(
        id,
        start,
        seats,
        clock,
        matches.config.repetition_limit,
        now_ms(),
    );
    model.rematch_of = rematch_of;
    model.paired = paired;
    if !full {
        model.expires_at = Some(now_ms().saturating_add(millis(matches.config.waiting_lifetime)));
    }
    model.game = game;
    matches.value_components(&mut model);
    tracing::info!(match_id = id, %game, "match created");
    let state = model.state(now_ms());
    let handle = super::spawn(matches, model);
    Ok((handle, state))
}
