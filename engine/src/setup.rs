//! A game as it is set up to be played: its validated parameters and convention ([`Game`]),
//! and where it starts ([`Start`]). Every interface builds one from what a person asked for,
//! here and only here.

use std::fmt;

use crate::error::params;
use crate::{
    AnyPosition, Convention, Error, ErrorKind, GameKind, Position as _, Rng, Said, Variant,
};

/// A game with validated parameters, played in normal or misère play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Game {
    variant: Variant,
    convention: Convention,
}

impl Game {
    /// Validates a game as asked for: `size` for the corner games (default 8), `k` for
    /// chocolate (default 1), `piece` for `corner` (in Betza's notation), `rule` for `heap`
    /// (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`), `edge` for chocolate instead
    /// of `k` (a formula in z: [`crate::chocolate::Edge::formula`]), a parameter the game
    /// does not take refused, and misère play for every game but the L-game, which is not
    /// impartial.
    pub fn new(
        kind: GameKind,
        size: Option<u64>,
        k: Option<u32>,
        piece: Option<&str>,
        rule: Option<&str>,
        edge: Option<&str>,
        misere: bool,
    ) -> Result<Game, Error> {
        if let Some(edge) = edge {
            let refuse = |id| Err(params(edge, Said::new(id).with("game", kind.said())));
            return match (kind, size, k, piece, rule) {
                (GameKind::Chocolate, None, None, None, None) => Game::of(
                    Variant::chocolate(crate::chocolate::Edge::formula(edge)?),
                    Convention::misere_if(misere),
                ),
                (GameKind::Chocolate, _, Some(_), ..) => refuse("rule-edge-and-step"),
                (GameKind::Chocolate, ..) => Game::new(kind, size, k, piece, rule, None, misere),
                _ => refuse("rule-no-edge"),
            };
        }
        let variant = match (kind, rule, size, k, piece) {
            (GameKind::Heap, Some(rule), None, None, None) => {
                Variant::heap(crate::heap::Rule::parse(rule)?)
            }
            (GameKind::Heap, Some(_), None, None, Some(piece)) => {
                return Err(params(
                    piece,
                    Said::new("rule-no-piece").with("game", kind.said()),
                ))
            }
            (GameKind::Heap, Some(_), ..) => Variant::new(kind, size, k)?,
            (_, Some(rule), ..) => {
                return Err(params(
                    rule,
                    Said::new("rule-no-rule").with("game", kind.said()),
                ))
            }
            _ => Game::defined_piece(kind, size, k, piece)?,
        };
        Game::of(variant, Convention::misere_if(misere))
    }

    /// The variant of a game other than `heap`: `piece` for `corner` only.
    fn defined_piece(
        kind: GameKind,
        size: Option<u64>,
        k: Option<u32>,
        piece: Option<&str>,
    ) -> Result<Variant, Error> {
        Ok(match (kind, piece, k) {
            (GameKind::Corner, Some(piece), None) => {
                Variant::corner(crate::corner::Piece::parse_betza(piece)?, size)?
            }
            (GameKind::Corner, _, _) | (_, None, _) => Variant::new(kind, size, k)?,
            (_, Some(piece), _) => {
                return Err(params(
                    piece,
                    Said::new("rule-no-piece").with("game", kind.said()),
                ))
            }
        })
    }

    /// `variant` in `convention`, refused for misère play of the L-game.
    pub fn of(variant: Variant, convention: Convention) -> Result<Game, Error> {
        if convention == Convention::Misere && !variant.kind().is_impartial() {
            return Err(params("misere", Said::new("rule-lgame-no-misere")));
        }
        Ok(Game {
            variant,
            convention,
        })
    }

    /// `variant` in normal play.
    pub fn normal(variant: Variant) -> Game {
        Game {
            variant,
            convention: Convention::Normal,
        }
    }

    /// The game and its parameters.
    pub fn variant(self) -> Variant {
        self.variant
    }

    /// Normal or misère play.
    pub fn convention(self) -> Convention {
        self.convention
    }

    /// The game's name.
    pub fn kind(self) -> GameKind {
        self.variant.kind()
    }

    /// Whether the last player to move loses.
    pub fn misere(self) -> bool {
        self.convention == Convention::Misere
    }

    /// The position `start` gives: the standard start, one drawn with `rng` (not trivially
    /// decided), or the position written, which may be over already.
    pub fn position(self, start: &Start, rng: &mut Rng) -> Result<AnyPosition, Error> {
        match start {
            Start::Standard => Ok(self.variant.start()),
            Start::Random => Ok(self.variant.random_start(rng)),
            Start::Position(text) => self.variant.parse_position(text),
        }
    }

    /// [`Game::position`], refused when the player to move has no move: where a game to
    /// play starts.
    pub fn start(self, start: &Start, rng: &mut Rng) -> Result<AnyPosition, Error> {
        let position = self.position(start, rng)?;
        if position.is_terminal() {
            return Err(Error::new(
                ErrorKind::Position,
                position.to_string(),
                Said::new("rule-start-over").text("position", &position),
            ));
        }
        Ok(position)
    }
}

impl fmt::Display for Game {
    /// `queen 8×8`, `misère nim`, `chocolate k=1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.misere() {
            f.write_str("misère ")?;
        }
        match self.variant {
            Variant::Corner { piece, size } => write!(f, "{piece} {size}×{size}"),
            Variant::Chocolate { edge } => write!(f, "chocolate {edge}"),
            Variant::Heap { rule } => write!(f, "heap {rule}"),
            v => write!(f, "{}", v.kind()),
        }
    }
}

/// Where a game starts, as asked for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Start {
    /// The game's standard start.
    Standard,
    /// A start drawn at random, not trivially decided.
    Random,
    /// A position, in the notation of `docs/NOTATION.md`.
    Position(String),
}

impl Start {
    /// Reads a start as every interface writes it: empty or `standard`, `random`, or a
    /// position (read when the game is known, by [`Game::start`]).
    pub fn parse(text: &str) -> Start {
        match text.trim() {
            "" | "standard" => Start::Standard,
            "random" => Start::Random,
            position => Start::Position(position.to_owned()),
        }
    }
}

impl fmt::Display for Start {
    /// `standard`, `random`, or the position as written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Start::Standard => f.write_str("standard"),
            Start::Random => f.write_str("random"),
            Start::Position(text) => f.write_str(text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_validated_once_misere_included() {
        let queen = Game::new(GameKind::Queen, Some(11), None, None, None, None, true).unwrap();
        assert_eq!((queen.kind(), queen.misere()), (GameKind::Queen, true));
        assert_eq!(queen.to_string(), "misère queen 11×11");
        let e = Game::new(GameKind::LGame, None, None, None, None, None, true).unwrap_err();
        assert_eq!((e.kind(), e.input()), (ErrorKind::Params, "misere"));
        assert!(Game::new(GameKind::LGame, None, None, None, None, None, false).is_ok());
        assert!(Game::new(GameKind::Nim, Some(8), None, None, None, None, false).is_err());
        // The corner game's piece, only there.
        let rn = Game::new(
            GameKind::Corner,
            Some(9),
            None,
            Some("NR"),
            None,
            None,
            true,
        )
        .unwrap();
        assert_eq!(rn.to_string(), "misère RN 9×9");
        assert!(Game::new(GameKind::Corner, None, None, None, None, None, false).is_err());
        assert!(Game::new(
            GameKind::Corner,
            None,
            Some(1),
            Some("RN"),
            None,
            None,
            false
        )
        .is_err());
        assert!(Game::new(GameKind::Nim, None, None, Some("RN"), None, None, false).is_err());
        assert!(Game::new(GameKind::Corner, None, None, Some("x"), None, None, false).is_err());
        // The heap game's rule, only there.
        let kayles =
            Game::new(GameKind::Heap, None, None, None, Some("kayles"), None, true).unwrap();
        assert_eq!(kayles.to_string(), "misère heap octal 0.77");
        for (size, k, piece, rule, id) in [
            (None, None, None, None, "rule-heap-needs-rule"),
            (Some(8), None, None, Some("grundy"), "rule-no-size"),
            (None, Some(1), None, Some("grundy"), "rule-no-step"),
            (None, None, Some("RN"), Some("grundy"), "rule-no-piece"),
            (None, None, None, Some("octal 0.8"), "rule-octal-digit"),
        ] {
            let e = Game::new(GameKind::Heap, size, k, piece, rule, None, false).unwrap_err();
            assert_eq!(e.reason().id, id, "{e}");
        }
        let e =
            Game::new(GameKind::Nim, None, None, None, Some("kayles"), None, false).unwrap_err();
        assert_eq!(e.reason().id, "rule-no-rule");
        // A piece that moves as a named one is that game.
        let queen = Game::new(GameKind::Corner, None, None, Some("Q"), None, None, false).unwrap();
        assert_eq!(queen.kind(), GameKind::Queen);
        assert_eq!(
            Game::new(GameKind::Chocolate, None, None, None, None, None, false)
                .unwrap()
                .to_string(),
            "chocolate k=1"
        );
    }

    #[test]
    fn a_start_is_read_once_and_has_moves() {
        let nim = Game::new(GameKind::Nim, None, None, None, None, None, false).unwrap();
        let mut rng = Rng::new(7);
        for (text, start) in [
            ("", Start::Standard),
            (" standard ", Start::Standard),
            ("random", Start::Random),
            ("1,2", Start::Position("1,2".into())),
        ] {
            assert_eq!(Start::parse(text), start);
            assert!(!nim.start(&start, &mut rng).unwrap().is_terminal());
        }
        assert_eq!(Start::parse(" 1,2 ").to_string(), "1,2");
        let over = nim.start(&Start::parse("0,0"), &mut rng).unwrap_err();
        assert_eq!(over.kind(), ErrorKind::Position);
        assert_eq!(over.reason().id, "rule-start-over", "{over}");
        let unreadable = nim.start(&Start::parse("x"), &mut rng).unwrap_err();
        assert_eq!(unreadable.kind(), ErrorKind::Position);
    }

    #[test]
    fn the_same_seed_draws_the_same_start() {
        let queen = Game::new(GameKind::Queen, None, None, None, None, None, false).unwrap();
        let draw = |seed| queen.start(&Start::Random, &mut Rng::new(seed)).unwrap();
        assert_eq!(draw(3), draw(3));
    }
}
