//! The engine's words and the wire's, both ways, in one place: a request's game and
//! parameters become a validated [`engine::Game`], a game is written as the wire's
//! [`GameParams`], and a value as the wire's [`ValueInfo`].

use engine::{AnyPosition, Convention, GameKind, Outcome, Value, Variant};
use protocol::limits::{DEFAULT_BOARD_SIZE, DEFAULT_STEP};
use protocol::{ComponentInfo, Game, GameParams, ValueInfo, Verdict};

/// The engine's game of a wire name.
pub fn kind(game: Game) -> GameKind {
    match game {
        Game::Queen => GameKind::Queen,
        Game::Rook => GameKind::Rook,
        Game::Horse => GameKind::Horse,
        Game::Dragon => GameKind::Dragon,
        Game::Nim => GameKind::Nim,
        Game::Chocolate => GameKind::Chocolate,
        Game::LGame => GameKind::LGame,
        Game::Sum => GameKind::Sum,
    }
}

/// The wire name of an engine's game.
pub fn wire(kind: GameKind) -> Game {
    match kind {
        GameKind::Queen => Game::Queen,
        GameKind::Rook => Game::Rook,
        GameKind::Horse => Game::Horse,
        GameKind::Dragon => Game::Dragon,
        GameKind::Nim => Game::Nim,
        GameKind::Chocolate => Game::Chocolate,
        GameKind::LGame => Game::LGame,
        GameKind::Sum => Game::Sum,
    }
}

/// The game a request's parameters ask for, validated by the engine (board size, step, misère
/// play); a parameter the game takes and the request leaves out is the protocol's default.
pub fn game(params: &GameParams) -> Result<engine::Game, engine::Error> {
    let size = params
        .size
        .or(params.game.is_corner().then_some(DEFAULT_BOARD_SIZE));
    let k = params
        .k
        .or((params.game == Game::Chocolate).then_some(DEFAULT_STEP));
    engine::Game::new(kind(params.game), size, k, params.misere)
}

/// The wire form of a game: its name and parameters (the size its board has when none was
/// asked for).
pub fn params(game: engine::Game) -> GameParams {
    let variant = game.variant();
    GameParams {
        game: wire(variant.kind()),
        size: variant.size(),
        k: variant.k(),
        misere: game.misere(),
    }
}

/// The wire form of a game in normal play.
pub fn normal(variant: Variant) -> GameParams {
    params(engine::Game::normal(variant))
}

/// The engine's kind of line of a wire's.
pub fn line_kind(kind: protocol::LineKind) -> engine::research::LineKind {
    match kind {
        protocol::LineKind::Row => engine::research::LineKind::Row,
        protocol::LineKind::Column => engine::research::LineKind::Column,
        protocol::LineKind::Diagonal => engine::research::LineKind::Diagonal,
    }
}

/// The wire form of a counterexample.
pub fn counterexample(c: &engine::research::Counterexample) -> protocol::Counterexample {
    protocol::Counterexample {
        cell: format!("{},{}", c.cell.0, c.cell.1),
        formula: c.formula.map(|v| v.to_string()),
        grundy: c.grundy,
    }
}

/// The wire form of where a formula fails.
pub fn failure_map(m: engine::research::FailureMap) -> protocol::DisagreementMap {
    protocol::DisagreementMap {
        across: m.across.to_owned(),
        up: m.up.to_owned(),
        bin: m.bin,
        width: m.width,
        height: m.height,
        cells: m.cells,
        failed: m.failed,
    }
}

/// The wire form of a value.
pub fn value_info(v: &Value) -> ValueInfo {
    ValueInfo {
        outcome: verdict(v.outcome),
        grundy: v.grundy,
        remoteness: v.remoteness,
    }
}

/// The wire form of an outcome.
fn verdict(o: Outcome) -> Verdict {
    match o {
        Outcome::Win => Verdict::Win,
        Outcome::Loss => Verdict::Loss,
        Outcome::Draw => Verdict::Draw,
    }
}

/// A sum's components, each with its own value, as a match's state shows them; `None` for
/// other games, or when a component has no value at hand.
pub fn components(
    knowledge: &engine::Knowledge,
    pos: &AnyPosition,
    convention: Convention,
) -> Option<Vec<ComponentInfo>> {
    let AnyPosition::Sum(p) = pos else {
        return None;
    };
    p.components()
        .iter()
        .map(|c| {
            let answer = knowledge.value_in(c, convention).ok()?;
            Some(ComponentInfo {
                params: params(engine::Game::of(c.variant(), convention).ok()?),
                position: c.to_string(),
                value: value_info(&answer.value),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_maps_both_ways_under_the_same_name() {
        for g in Game::ALL {
            assert_eq!(wire(kind(g)), g);
            assert_eq!(kind(g).name(), g.name());
        }
        for k in GameKind::ALL {
            assert_eq!(kind(wire(k)), k);
        }
    }

    #[test]
    fn the_protocols_limits_are_the_engines() {
        assert_eq!(protocol::MAX_MAP_SIDE, engine::research::MAX_MAP_SIDE);
        for kind in protocol::LineKind::ALL {
            assert_eq!(line_kind(kind).to_string(), kind.name());
        }
    }

    #[test]
    fn the_protocols_defaults_are_the_engines() {
        assert_eq!(DEFAULT_BOARD_SIZE, engine::variant::DEFAULT_SIZE);
        assert_eq!(DEFAULT_STEP, engine::variant::DEFAULT_K);
        let variant = |g| game(&GameParams::of(g)).unwrap().variant();
        assert_eq!(variant(Game::Queen).size(), Some(DEFAULT_BOARD_SIZE));
        assert_eq!(variant(Game::Chocolate).k(), Some(DEFAULT_STEP));
        assert_eq!(variant(Game::Nim).size(), None);
        for g in Game::ALL {
            let asked = GameParams::of(g);
            assert_eq!(params(game(&asked).unwrap()).game, g);
        }
    }
}
