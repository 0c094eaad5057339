//! The engine's words and the wire's, both ways, in one place: a request's game and
//! parameters become a validated [`engine::Game`], a game is written as the wire's
//! [`GameParams`], and a value as the wire's [`ValueInfo`].

use engine::{AnyPosition, Convention, GameKind, Outcome, Value, Variant};
use protocol::limits::{DEFAULT_BOARD_SIZE, DEFAULT_STEP};
use protocol::{
    Board, ComponentInfo, Game, GameParams, LColor, LSquare, SumPart, ValueInfo, Verdict,
};

/// The engine's game of a wire name.
/// A message of the engine's (a grade's reason) as the wire carries it.
pub fn message(said: &engine::Said) -> protocol::Message {
    let mut m = protocol::Message::new(said.id);
    for (name, arg) in &said.args {
        let arg = match arg {
            engine::Arg::Text(text) => protocol::MessageArg::Text(text.clone()),
            engine::Arg::Count(n) => protocol::MessageArg::Count(*n),
            engine::Arg::Said(inner) => protocol::MessageArg::Message(message(inner)),
        };
        m = m.with(*name, arg);
    }
    m
}

pub fn kind(game: Game) -> GameKind {
    match game {
        Game::Queen => GameKind::Queen,
        Game::Rook => GameKind::Rook,
        Game::Horse => GameKind::Horse,
        Game::Dragon => GameKind::Dragon,
        Game::Corner => GameKind::Corner,
        Game::Nim => GameKind::Nim,
        Game::Heap => GameKind::Heap,
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
        GameKind::Corner => Game::Corner,
        GameKind::Nim => Game::Nim,
        GameKind::Heap => Game::Heap,
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
        .or((params.game == Game::Chocolate && params.edge.is_none()).then_some(DEFAULT_STEP));
    engine::Game::new(
        kind(params.game),
        size,
        k,
        params.piece.as_deref(),
        params.rule.as_deref(),
        params.edge.as_deref(),
        params.misere,
    )
}

/// The wire form of a game: its name and parameters (the size its board has when none was
/// asked for).
pub fn params(game: engine::Game) -> GameParams {
    let variant = game.variant();
    GameParams {
        game: wire(variant.kind()),
        size: variant.size(),
        k: variant.k(),
        piece: variant.defined_piece().map(|p| p.to_string()),
        rule: variant.rule().map(|r| r.to_string()),
        edge: variant.edge_formula(),
        misere: game.misere(),
    }
}

/// The wire form of the corner game of `piece`, with no size: `queen`, or `corner` with its
/// piece.
pub fn corner(piece: engine::corner::Piece) -> GameParams {
    let variant = Variant::Corner { piece, size: 2 };
    GameParams {
        piece: variant.defined_piece().map(|p| p.to_string()),
        ..GameParams::of(wire(variant.kind()))
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

/// A position as clients draw it.
pub fn board(pos: &AnyPosition) -> Board {
    use engine::lgame::{Color, Square};
    match pos {
        AnyPosition::Corner(p) => Board::Corner {
            size: p.size(),
            x: p.x(),
            y: p.y(),
        },
        AnyPosition::Nim(p) => Board::Nim {
            piles: p.piles().to_vec(),
        },
        AnyPosition::Heap(p) => Board::Heap {
            heaps: p.heaps().to_vec(),
            rule: p.rule().to_string(),
        },
        AnyPosition::Chocolate(p) => {
            let edge = p.edge();
            let heights = edge.heights();
            let tops = (edge.k().is_none() && p.z() <= protocol::MAX_DRAWN_TOPS)
                .then(|| (0..=p.z()).map(|w| p.y().min(heights.at(w))).collect());
            Board::Chocolate {
                x: p.x(),
                y: p.y(),
                z: p.z(),
                k: edge.k(),
                edge: edge.formula_text().map(str::to_owned),
                tops,
            }
        }
        AnyPosition::LGame(p) => {
            let mut ranks = [[LSquare::Empty; 4]; 4];
            for (row, rank) in ranks.iter_mut().zip((0..4u8).rev()) {
                for (square, file) in row.iter_mut().zip(0..4u8) {
                    let at = Square::new(file, rank).map(|s| p.piece_at(s));
                    *square = match at {
                        Some(Some(Some(Color::Red))) => LSquare::Red,
                        Some(Some(Some(Color::Blue))) => LSquare::Blue,
                        Some(Some(None)) => LSquare::Neutral,
                        _ => LSquare::Empty,
                    };
                }
            }
            let to_move = match p.to_move() {
                Color::Red => LColor::Red,
                Color::Blue => LColor::Blue,
            };
            Board::Lgame { ranks, to_move }
        }
        AnyPosition::Sum(p) => Board::Sum {
            components: p
                .components()
                .iter()
                .map(|c| SumPart {
                    params: normal(c.variant()),
                    position: c.to_string(),
                    board: board(c),
                })
                .collect(),
        },
    }
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
        let variant = |g| game(&asked(g)).unwrap().variant();
        assert_eq!(variant(Game::Queen).size(), Some(DEFAULT_BOARD_SIZE));
        assert_eq!(variant(Game::Chocolate).k(), Some(DEFAULT_STEP));
        assert_eq!(variant(Game::Nim).size(), None);
        for g in Game::ALL {
            let asked = asked(g);
            let back = params(game(&asked).unwrap());
            assert_eq!((back.game, &back.piece), (g, &asked.piece));
        }
    }

    /// Game `g` as a request asks for it with its defaults (`corner` with the piece `RN`).
    fn asked(g: Game) -> GameParams {
        GameParams {
            piece: (g == Game::Corner).then(|| "RN".to_owned()),
            rule: (g == Game::Heap).then(|| "kayles".to_owned()),
            ..GameParams::of(g)
        }
    }

    /// The notation a board shows, written back: what a client would otherwise have read.
    fn written(board: &Board) -> String {
        let join = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        match board {
            Board::Corner { x, y, .. } => format!("{x},{y}"),
            Board::Nim { piles } => join(piles),
            Board::Heap { heaps, .. } => join(heaps),
            Board::Chocolate { x, y, z, .. } => format!("{x},{y},{z}"),
            Board::Lgame { ranks, to_move } => {
                let ranks: Vec<String> = ranks
                    .iter()
                    .map(|rank| {
                        rank.iter()
                            .map(|s| match s {
                                LSquare::Empty => '.',
                                LSquare::Red => 'R',
                                LSquare::Blue => 'B',
                                LSquare::Neutral => 'N',
                            })
                            .collect()
                    })
                    .collect();
                let side = if *to_move == LColor::Red { 'r' } else { 'b' };
                format!("{} {side}", ranks.join("/"))
            }
            Board::Sum { components } => components
                .iter()
                .map(|c| written(&c.board))
                .collect::<Vec<_>>()
                .join(" + "),
        }
    }

    #[test]
    fn a_board_shows_exactly_its_position() {
        let mut rng = engine::Rng::new(7);
        for g in Game::ALL.into_iter().filter(|g| *g != Game::Sum) {
            let game = game(&asked(g)).expect("a game");
            for _ in 0..50 {
                let p = game
                    .position(&engine::Start::Random, &mut rng)
                    .expect("a position");
                let b = board(&p);
                assert_eq!(written(&b), p.to_string(), "{g:?}");
                if let Board::Corner { size, .. } = b {
                    assert_eq!(Some(size), game.variant().size());
                }
                if let Board::Chocolate { k, .. } = b {
                    assert_eq!(k, game.variant().k());
                }
            }
        }
        let sum = game(&GameParams::of(Game::Sum))
            .expect("sums")
            .position(
                &engine::Start::Position("queen(6):5,2 + nim:3,4 + chocolate(2):3,2,4".into()),
                &mut rng,
            )
            .expect("a sum");
        let Board::Sum { components } = board(&sum) else {
            panic!("a sum's board");
        };
        let parts: Vec<String> = components
            .iter()
            .map(|c| {
                assert_eq!(written(&c.board), c.position);
                c.position.clone()
            })
            .collect();
        assert_eq!(parts, ["5,2", "3,4", "3,2,4"]);
        assert_eq!(components[0].params.size, Some(6));
        assert_eq!(components[2].params.k, Some(2));
    }
}
