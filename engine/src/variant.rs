//! The eight game names and a game with its parameters: the uniform entry point for the
//! daemon and the client, which know games only by name.

use std::fmt;

use crate::any::AnyPosition;
use crate::corner::{self, Piece};
use crate::error::params;
use crate::{chocolate, heap, lgame, nim, sum, Error, Position as _, Rng, Said};

/// A game name as typed on every interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    /// Corner the Queen (Wythoff's game).
    Queen,
    /// The rook variant (two-pile Nim).
    Rook,
    /// The dragon horse (promoted bishop).
    Horse,
    /// The dragon king (promoted rook).
    Dragon,
    /// A corner game with a piece defined by its moves in Betza's notation (`RN`).
    Corner,
    /// Nim with 1 to 16 piles.
    Nim,
    /// A heap game defined by its rule (`subtraction 1,3,4`, `octal 0.77`, `grundy`).
    Heap,
    /// Poisoned chocolate bars {x, y, z} with step k.
    Chocolate,
    /// De Bono's L-game.
    LGame,
    /// A sum of impartial games side by side.
    Sum,
}

impl GameKind {
    /// All ten, in the order of the docs.
    pub const ALL: [GameKind; 10] = [
        GameKind::Queen,
        GameKind::Rook,
        GameKind::Horse,
        GameKind::Dragon,
        GameKind::Corner,
        GameKind::Nim,
        GameKind::Heap,
        GameKind::Chocolate,
        GameKind::LGame,
        GameKind::Sum,
    ];

    /// `queen`, `rook`, `horse`, `dragon`, `corner`, `nim`, `heap`, `chocolate`, `lgame`,
    /// `sum`.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Queen => "queen",
            GameKind::Rook => "rook",
            GameKind::Horse => "horse",
            GameKind::Dragon => "dragon",
            GameKind::Corner => "corner",
            GameKind::Nim => "nim",
            GameKind::Heap => "heap",
            GameKind::Chocolate => "chocolate",
            GameKind::LGame => "lgame",
            GameKind::Sum => "sum",
        }
    }

    /// The game's name, as a message (`game-queen`).
    pub fn said(self) -> Said {
        Said::new(match self {
            GameKind::Queen => "game-queen",
            GameKind::Rook => "game-rook",
            GameKind::Horse => "game-horse",
            GameKind::Dragon => "game-dragon",
            GameKind::Corner => "game-corner",
            GameKind::Nim => "game-nim",
            GameKind::Heap => "game-heap",
            GameKind::Chocolate => "game-chocolate",
            GameKind::LGame => "game-lgame",
            GameKind::Sum => "game-sum",
        })
    }

    /// Reads a game name, or says which names exist.
    pub fn parse(name: &str) -> Result<GameKind, Error> {
        let lower = name.trim().to_ascii_lowercase();
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == lower)
            .ok_or_else(|| {
                params(
                    name,
                    Said::new("rule-unknown-game").text("quoted", format!("{name:?}")),
                )
            })
    }

    /// The corner piece, for the four named corner games (`corner` takes its piece as a
    /// parameter: [`Variant::corner`]).
    pub fn piece(self) -> Option<Piece> {
        Piece::from_name(self.name())
    }

    /// Whether the game is a piece walking to the corner: the four named ones and `corner`.
    pub fn is_corner(self) -> bool {
        self == GameKind::Corner || self.piece().is_some()
    }

    /// Whether the game is impartial (both players share the moves; Grundy numbers apply).
    pub fn is_impartial(self) -> bool {
        self != GameKind::LGame
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Board side when none is given: a chessboard.
pub const DEFAULT_SIZE: u64 = 8;
/// Chocolate step when none is given: the staircase of the papers' main table.
pub const DEFAULT_K: u32 = 1;

/// A game with validated parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// A corner game on a `size`×`size` board.
    Corner {
        /// Which piece.
        piece: Piece,
        /// Board side.
        size: u64,
    },
    /// Nim (the number of piles is part of the position).
    Nim,
    /// A heap game with its rule (the heaps are part of the position).
    Heap {
        /// What a move may do to one heap.
        rule: heap::Rule,
    },
    /// Chocolate bars whose staircase has this edge.
    Chocolate {
        /// A step k (0: a plain rectangle) or a formula f(z).
        edge: chocolate::Edge,
    },
    /// The L-game.
    LGame,
    /// A sum (its components, with their parameters, are part of the position).
    Sum,
}

impl Variant {
    /// Validates parameters: `size` for the corner games, `k` for chocolate; a parameter the
    /// game does not take is an error rather than silently ignored.
    pub fn new(kind: GameKind, size: Option<u64>, k: Option<u32>) -> Result<Variant, Error> {
        if let (Some(piece), None) = (kind.piece(), k) {
            return Variant::corner(piece, size);
        }
        match (kind, size, k) {
            (GameKind::Corner, _, None) => {
                Err(params("corner", Said::new("rule-corner-needs-piece")))
            }
            (GameKind::Heap, None, None) => Err(params("heap", Said::new("rule-heap-needs-rule"))),
            (GameKind::Chocolate, None, k) => {
                let edge = chocolate::Edge::step(k.unwrap_or(DEFAULT_K))?;
                Ok(Variant::Chocolate { edge })
            }
            (GameKind::Nim, None, None) => Ok(Variant::Nim),
            (GameKind::LGame, None, None) => Ok(Variant::LGame),
            (GameKind::Sum, None, None) => Ok(Variant::Sum),
            (kind, _, Some(k)) if kind.is_corner() => Err(params(
                format!("k {k}"),
                Said::new("rule-no-step").with("game", kind.said()),
            )),
            (_, Some(size), _) => Err(params(
                format!("size {size}"),
                Said::new("rule-no-size").with("game", kind.said()),
            )),
            (_, None, k) => Err(params(
                k.map(|k| format!("k {k}")).unwrap_or_default(),
                Said::new("rule-no-step").with("game", kind.said()),
            )),
        }
    }

    /// A corner game with `piece` (a defined one is the named piece when it moves as one
    /// does: [`Piece::defined`]) on a board of side `size` ([`DEFAULT_SIZE`] if none).
    pub fn corner(piece: Piece, size: Option<u64>) -> Result<Variant, Error> {
        let size = corner::check_size(piece, size.unwrap_or(DEFAULT_SIZE))?;
        Ok(Variant::Corner { piece, size })
    }

    /// The heap game of `rule`.
    pub fn heap(rule: heap::Rule) -> Variant {
        Variant::Heap { rule }
    }

    /// Chocolate bars with this edge.
    pub fn chocolate(edge: chocolate::Edge) -> Variant {
        Variant::Chocolate { edge }
    }

    /// The game name.
    pub fn kind(&self) -> GameKind {
        match self {
            Variant::Corner { piece, .. } => match piece {
                Piece::Queen => GameKind::Queen,
                Piece::Rook => GameKind::Rook,
                Piece::Horse => GameKind::Horse,
                Piece::Dragon => GameKind::Dragon,
                Piece::Defined(_) => GameKind::Corner,
            },
            Variant::Nim => GameKind::Nim,
            Variant::Heap { .. } => GameKind::Heap,
            Variant::Chocolate { .. } => GameKind::Chocolate,
            Variant::LGame => GameKind::LGame,
            Variant::Sum => GameKind::Sum,
        }
    }

    /// The piece (corner games).
    pub fn piece(&self) -> Option<Piece> {
        match self {
            Variant::Corner { piece, .. } => Some(*piece),
            _ => None,
        }
    }

    /// A defined piece's moves (`corner`), in Betza's notation: `None` for the four named
    /// pieces, whose name says them.
    pub fn defined_piece(&self) -> Option<corner::Betza> {
        match self {
            Variant::Corner {
                piece: Piece::Defined(moves),
                ..
            } => Some(*moves),
            _ => None,
        }
    }

    /// The rule (heap games).
    pub fn rule(&self) -> Option<heap::Rule> {
        match self {
            Variant::Heap { rule } => Some(*rule),
            _ => None,
        }
    }

    /// Board side (corner games).
    pub fn size(&self) -> Option<u64> {
        match self {
            Variant::Corner { size, .. } => Some(*size),
            _ => None,
        }
    }

    /// Staircase step (chocolate with a step edge).
    pub fn k(&self) -> Option<u32> {
        self.edge().and_then(chocolate::Edge::k)
    }

    /// The staircase's edge (chocolate).
    pub fn edge(&self) -> Option<chocolate::Edge> {
        match self {
            Variant::Chocolate { edge } => Some(*edge),
            _ => None,
        }
    }

    /// A formula edge's text (chocolate whose edge is not a step).
    pub fn edge_formula(&self) -> Option<String> {
        self.edge()?.formula_text().map(str::to_owned)
    }

    /// Reads a position of this game in the notation of `docs/NOTATION.md`.
    pub fn parse_position(&self, text: &str) -> Result<AnyPosition, Error> {
        Ok(match *self {
            Variant::Corner { piece, size } => {
                AnyPosition::Corner(corner::Position::parse(piece, size, text)?)
            }
            Variant::Nim => AnyPosition::Nim(nim::Position::parse(text)?),
            Variant::Heap { rule } => AnyPosition::Heap(heap::Position::parse(rule, text)?),
            Variant::Chocolate { edge } => {
                AnyPosition::Chocolate(chocolate::Position::parse(edge, text)?)
            }
            Variant::LGame => AnyPosition::LGame(lgame::Position::parse(text)?),
            Variant::Sum => AnyPosition::Sum(sum::Position::parse(text)?),
        })
    }

    /// The standard start: the corner games at (N−1, ⌊(N−1)/2⌋) — the right edge, halfway
    /// up, where no piece can reach the corner at once (from the far corner the queen would
    /// win in one move); Nim 3,4,5, and a heap game too (t, t + 1, t + 2 when its least count
    /// t is above 3); chocolate {5, 3, 3k + 4} ({5, 3, 7} for k = 0; with a formula edge,
    /// {5, y, s + 4} where s is the first column of height y = 3, or of the edge's greatest
    /// height below 3); the
    /// L-game's `...N/RRRB/RBBB/N... r`; the sum `queen(8):7,3 + nim:3,4,5 + chocolate(1):5,3,7`
    /// of three of those starts.
    pub fn start(&self) -> AnyPosition {
        match *self {
            Variant::Corner { piece, size } => AnyPosition::Corner(
                corner::Position::new(piece, size, size - 1, (size - 1) / 2)
                    .expect("the right edge is on the board"),
            ),
            Variant::Nim => {
                AnyPosition::Nim(nim::Position::new(vec![3, 4, 5]).expect("3,4,5 is valid"))
            }
            Variant::Heap { rule } => {
                let least = rule.least_count().max(3);
                let heaps = vec![least, least + 1, least + 2];
                AnyPosition::Heap(heap::Position::new(rule, heaps).expect("small heaps"))
            }
            Variant::Chocolate { edge } => {
                let heights = edge.heights();
                let y = heights.at(edge.max_z()).min(3);
                let z = match edge.k() {
                    Some(0) => 7,
                    _ => heights.start(y).unwrap_or(0).saturating_add(4),
                };
                AnyPosition::Chocolate(
                    chocolate::Position::new(edge, 5, y, z.min(edge.max_z())).expect("y ≤ f(z)"),
                )
            }
            Variant::LGame => AnyPosition::LGame(lgame::Position::start()),
            Variant::Sum => {
                let parts = [
                    Variant::Corner {
                        piece: corner::Piece::Queen,
                        size: DEFAULT_SIZE,
                    },
                    Variant::Nim,
                    Variant::Chocolate {
                        edge: chocolate::Edge::Step(DEFAULT_K),
                    },
                ];
                let components = parts.iter().map(Variant::start).collect();
                AnyPosition::Sum(sum::Position::new(components).expect("three components"))
            }
        }
    }

    /// A random start that is not trivially decided: the game is not over and the player to
    /// move cannot end it with a single move (on a board too small for that, the standard
    /// start). Deterministic for a given generator state.
    pub fn random_start(&self, rng: &mut Rng) -> AnyPosition {
        (0..1000)
            .map(|_| self.random_position(rng))
            .find(AnyPosition::is_open)
            .unwrap_or_else(|| self.start())
    }

    fn random_position(&self, rng: &mut Rng) -> AnyPosition {
        let mut pick = |lo: u64, hi: u64| lo + rng.below(hi - lo + 1);
        match *self {
            Variant::Corner { piece, size } => {
                let hi = size - 1;
                let (x, y) = (pick(1, hi), pick(1, hi));
                AnyPosition::Corner(corner::Position::new(piece, size, x, y).expect("on board"))
            }
            Variant::Nim => {
                let piles = (0..3).map(|_| pick(1, 9)).collect();
                AnyPosition::Nim(nim::Position::new(piles).expect("3 small piles"))
            }
            Variant::Heap { rule } => {
                let least = rule.least_count();
                let heaps = (0..pick(1, 3)).map(|_| pick(1, 12 + 2 * least)).collect();
                AnyPosition::Heap(heap::Position::new(rule, heaps).expect("small heaps"))
            }
            Variant::Chocolate { edge } => {
                let heights = edge.heights();
                // The first column of height 1 (k, or 1 for k = 0), so that the staircase
                // has room for y ≥ 1 (y = 0 where the edge never rises).
                let first = match edge.k() {
                    Some(0) => 1,
                    _ => heights.start(1).unwrap_or(0),
                };
                let z = pick(first.max(2), (6 * first + 6).min(edge.max_z()));
                let y = pick(1.min(heights.at(z)), heights.at(z).min(6));
                let x = pick(1, 8);
                AnyPosition::Chocolate(chocolate::Position::new(edge, x, y, z).expect("y ≤ f(z)"))
            }
            Variant::LGame => loop {
                let placement = |i: u64| lgame::Placement::from_index(i as usize);
                let (Some(red), Some(blue)) = (
                    placement(pick(0, lgame::PLACEMENTS as u64 - 1)),
                    placement(pick(0, lgame::PLACEMENTS as u64 - 1)),
                ) else {
                    continue;
                };
                let square = |i: u64| lgame::Square::from_index(i as usize);
                let (Some(a), Some(b)) = (square(pick(0, 15)), square(pick(0, 15))) else {
                    continue;
                };
                if let Ok(p) = lgame::Position::new(red, blue, [a, b], lgame::Color::Red) {
                    break AnyPosition::LGame(p);
                }
            },
            Variant::Sum => random_sum(&mut pick),
        }
    }
}

/// Two to four small components — boards up to 6×6, one or two Nim piles up to 5, short
/// chocolate bars — so that a class can play the sum out and its remoteness is searched.
/// `pick(lo, hi)` draws from `lo..=hi`.
fn random_sum(pick: &mut impl FnMut(u64, u64) -> u64) -> AnyPosition {
    let count = pick(2, 4);
    let components = (0..count)
        .map(|_| match pick(0, 5) {
            0..=3 => {
                let piece = corner::Piece::ALL[pick(0, 3) as usize];
                let size = pick(4, 6);
                let (x, y) = (pick(1, size - 1), pick(1, size - 1));
                AnyPosition::Corner(corner::Position::new(piece, size, x, y).expect("on board"))
            }
            4 => {
                let piles = (0..pick(1, 2)).map(|_| pick(1, 5)).collect();
                AnyPosition::Nim(nim::Position::new(piles).expect("small piles"))
            }
            _ => {
                let k = pick(0, 2) as u32;
                let z = pick(2, 6);
                let y = pick(1, if k == 0 { 3 } else { z / u64::from(k) }.min(3));
                let x = pick(1, 3);
                AnyPosition::Chocolate(chocolate::Position::new(k, x, y, z).expect("y ≤ z / k"))
            }
        })
        .collect();
    AnyPosition::Sum(sum::Position::new(components).expect("2 to 4 components"))
}

impl AnyPosition {
    /// Not over, and no single move ends the game.
    fn is_open(&self) -> bool {
        !self.is_terminal()
            && self.move_count() <= 100_000
            && self.successors().iter().all(|q| !q.is_terminal())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::said::english::english;

    #[test]
    fn names_round_trip_and_parameters_are_checked() {
        for g in GameKind::ALL {
            assert_eq!(GameKind::parse(g.name()), Ok(g));
        }
        assert!(GameKind::parse("chess").is_err());
        assert!(Variant::new(GameKind::Nim, Some(8), None).is_err());
        assert!(Variant::new(GameKind::Queen, None, Some(1)).is_err());
        assert!(Variant::new(GameKind::Queen, Some(1_000_000_000_000_000_000), None).is_err());
        assert!(Variant::new(GameKind::Chocolate, None, Some(1001)).is_err());
        assert_eq!(
            Variant::new(GameKind::Rook, None, None),
            Ok(Variant::Corner {
                piece: Piece::Rook,
                size: DEFAULT_SIZE
            })
        );
    }

    #[test]
    fn a_parameter_the_game_does_not_take_is_named() {
        let e = Variant::new(GameKind::Queen, Some(8), Some(1)).unwrap_err();
        assert_eq!(
            english(&e.said()),
            "queen has no step k; only chocolate takes --k"
        );
        let e = Variant::new(GameKind::Nim, Some(8), None).unwrap_err();
        assert_eq!(
            english(&e.said()),
            "nim has no board size; only queen, rook, horse and dragon take --size"
        );
    }

    #[test]
    fn random_chocolate_starts_exist_for_every_step() {
        // Steps above 2 once drew a width z < k, leaving no height y ≥ 1 to pick: a panic.
        let mut rng = Rng::new(3);
        for k in (0..=12).chain([999, chocolate::MAX_K]) {
            let v = Variant::new(GameKind::Chocolate, None, Some(k)).unwrap();
            for _ in 0..50 {
                let p = v.random_start(&mut rng);
                assert_eq!(v.parse_position(&p.to_string()).unwrap(), p, "k = {k}");
            }
        }
    }

    #[test]
    fn starts_are_valid_and_random_starts_are_open() {
        let mut rng = Rng::new(7);
        for g in GameKind::ALL {
            let v = match g {
                GameKind::Corner => Variant::corner(Piece::parse_betza("RN").unwrap(), None),
                GameKind::Heap => Ok(Variant::heap(heap::Rule::parse("kayles").unwrap())),
                g => Variant::new(g, None, None),
            }
            .unwrap();
            let s = v.start();
            assert_eq!(v.parse_position(&s.to_string()).unwrap(), s);
            for _ in 0..20 {
                let p = v.random_start(&mut rng);
                assert!(p.is_open(), "{g} {p}");
                assert_eq!(v.parse_position(&p.to_string()).unwrap(), p);
            }
        }
    }
}
