//! The wire's games to the engine's and back, in one place: a request's game and parameters
//! become a validated [`Variant`], and a variant is written as the wire's [`GameParams`].

use engine::{Convention, GameKind, Variant};
use protocol::limits::{DEFAULT_BOARD_SIZE, DEFAULT_STEP};
use protocol::{Game, GameParams};

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
pub fn game(kind: GameKind) -> Game {
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

/// The game of a request's parameters, checked (board size, step); a parameter the game
/// takes and the request leaves out is the protocol's default.
pub fn variant(params: &GameParams) -> Result<Variant, engine::Error> {
    let size = params
        .size
        .or(params.game.is_corner().then_some(DEFAULT_BOARD_SIZE));
    let k = params
        .k
        .or((params.game == Game::Chocolate).then_some(DEFAULT_STEP));
    Variant::new(kind(params.game), size, k)
}

/// The wire form of a game in normal play: its name and parameters (the size its board has
/// when none was asked for).
pub fn params(variant: Variant) -> GameParams {
    params_in(variant, Convention::Normal)
}

/// The wire form of a game played under `convention`.
pub fn params_in(variant: Variant, convention: Convention) -> GameParams {
    GameParams {
        game: game(variant.kind()),
        size: variant.size(),
        k: variant.k(),
        misere: convention == Convention::Misere,
    }
}

/// How the game of `params` is played: misère when asked (every game but the L-game, which
/// is not impartial), else normal play.
pub fn convention(params: &GameParams) -> Result<Convention, engine::Error> {
    if params.misere && params.game == Game::LGame {
        return Err(engine::Error::new(
            engine::ErrorKind::Params,
            "misere",
            "the L-game has no misère form: it is not an impartial game; play it without misere",
        ));
    }
    Ok(Convention::misere_if(params.misere))
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

    #[test]
    fn the_protocols_defaults_are_the_engines() {
        assert_eq!(DEFAULT_BOARD_SIZE, engine::variant::DEFAULT_SIZE);
        assert_eq!(DEFAULT_STEP, engine::variant::DEFAULT_K);
        let queen = variant(&GameParams::of(Game::Queen)).unwrap();
        assert_eq!(queen.size(), Some(DEFAULT_BOARD_SIZE));
        let bar = variant(&GameParams::of(Game::Chocolate)).unwrap();
        assert_eq!(bar.k(), Some(DEFAULT_STEP));
        assert_eq!(variant(&GameParams::of(Game::Nim)).unwrap().size(), None);
    }
}
