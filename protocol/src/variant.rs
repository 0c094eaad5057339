//! Which game: its name, the same on every interface, and its parameters.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A game's name, as every interface writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Game {
    /// Corner the Queen (Wythoff's game).
    Queen,
    /// The rook: two-pile Nim on a board.
    Rook,
    /// The dragon horse (shogi's promoted bishop).
    Horse,
    /// The dragon king (shogi's promoted rook).
    Dragon,
    /// A piece of one's own, defined by its moves (`piece`, in Betza's notation).
    Corner,
    /// Nim.
    Nim,
    /// A heap game defined by its rule (`rule`: `subtraction 1,3,4`, `octal 0.77`, `kayles`,
    /// `grundy`).
    Heap,
    /// Poisoned chocolate bars.
    Chocolate,
    /// De Bono's L-game.
    #[serde(rename = "lgame")]
    LGame,
    /// A sum of impartial games side by side (its components are part of the position).
    Sum,
}

impl Game {
    /// Every game, in the order the documentation lists them.
    pub const ALL: [Game; 10] = [
        Game::Queen,
        Game::Rook,
        Game::Horse,
        Game::Dragon,
        Game::Corner,
        Game::Nim,
        Game::Heap,
        Game::Chocolate,
        Game::LGame,
        Game::Sum,
    ];

    /// The name: `queen`, `rook`, `horse`, `dragon`, `corner`, `nim`, `heap`, `chocolate`,
    /// `lgame`, `sum`.
    pub fn name(self) -> &'static str {
        match self {
            Game::Queen => "queen",
            Game::Rook => "rook",
            Game::Horse => "horse",
            Game::Dragon => "dragon",
            Game::Corner => "corner",
            Game::Nim => "nim",
            Game::Heap => "heap",
            Game::Chocolate => "chocolate",
            Game::LGame => "lgame",
            Game::Sum => "sum",
        }
    }

    /// Whether the game is played on an N×N board (and takes `size`).
    pub fn is_corner(self) -> bool {
        matches!(
            self,
            Game::Queen | Game::Rook | Game::Horse | Game::Dragon | Game::Corner
        )
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a game's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game {:?}; the games are queen, rook, horse, dragon, corner, nim, heap, \
             chocolate, lgame and sum",
            self.0
        )
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for Game {
    type Err = UnknownGame;

    /// Reads a name as a person types it: case and surrounding spaces do not matter.
    fn from_str(s: &str) -> Result<Game, UnknownGame> {
        let lower = s.trim().to_ascii_lowercase();
        Game::ALL
            .into_iter()
            .find(|g| g.name() == lower)
            .ok_or_else(|| UnknownGame(s.to_owned()))
    }
}

/// A game with its parameters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct GameParams {
    /// Which game.
    pub game: Game,
    /// Board side (corner games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u64>,
    /// Staircase step (chocolate).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k: Option<u32>,
    /// The piece of `corner`, in Betza's notation (`RN`); written back canonically.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// The rule of `heap` (`subtraction 1,3,4`, `octal 0.77`, `kayles`, `grundy`); written
    /// back canonically (`octal 0.77` for `kayles`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The staircase's edge of `chocolate` as a formula in z (`z * z`, `floor(z / phi)`),
    /// instead of the step `k`; written back as it was read, spaces folded, or as `k` when
    /// it is a step (`z // 2`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge: Option<String>,
    /// Misère play: the player who makes the last move loses (every game but the L-game).
    /// Absent (false) for normal play.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub misere: bool,
}

impl GameParams {
    /// `game` with the server's default parameters.
    pub fn of(game: Game) -> GameParams {
        GameParams {
            game,
            size: None,
            k: None,
            misere: false,
            piece: None,
            rule: None,
            edge: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_the_wire_and_typed() {
        for g in Game::ALL {
            assert_eq!(g.name().parse(), Ok(g));
            assert_eq!(format!(" {} ", g.name().to_uppercase()).parse(), Ok(g));
            let json = serde_json::to_string(&g).unwrap();
            assert_eq!(json, format!("\"{g}\""));
            assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), g);
        }
        let e = "chess".parse::<Game>().unwrap_err();
        assert!(e.to_string().contains("the games are queen"), "{e}");
        assert!(serde_json::from_str::<Game>("\"chess\"").is_err());
    }
}
