//! The wire's games to the engine's and back, in one place: a request's game and parameters
//! become a validated [`Variant`], and a variant is written as the wire's [`GameParams`].

use engine::{GameKind, Variant};
use protocol::{ErrorBody, Game, GameParams};

use crate::errors::engine_error;

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
    }
}

/// The wire name of an engine's game.
pub fn game(kind: GameKind) -> Game {
    match kind {
        GameKind::Queen => Game::Queen,
        GameKind::Rook => Game::Rook,
        GameKind::Horse => Game::Horse,
        GameKind::Dragon => Game::Dragon,
        GameKind::Nim => Game::Nim,
        GameKind::Chocolate => Game::Chocolate,
        GameKind::LGame => Game::LGame,
    }
}

/// The game of a request's parameters, checked (board size, step).
pub fn checked(params: &GameParams) -> Result<Variant, engine::Error> {
    Variant::new(kind(params.game), params.size, params.k)
}

/// [`checked`], refused as the wire says it.
pub fn variant(params: &GameParams) -> Result<Variant, ErrorBody> {
    checked(params).map_err(engine_error)
}

/// The wire form of a game: its name and parameters (the size its board has when none was
/// asked for).
pub fn params(variant: Variant) -> GameParams {
    GameParams {
        game: game(variant.kind()),
        size: variant.size(),
        k: variant.k(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_maps_both_ways_under_the_same_name() {
        for g in Game::ALL {
            assert_eq!(game(kind(g)), g);
            assert_eq!(kind(g).name(), g.name());
        }
        for k in GameKind::ALL {
            assert_eq!(kind(game(k)), k);
        }
    }
}
