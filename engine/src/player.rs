//! The engine's move choice: perfect play as docs/RULES.md defines it, and weaker levels that
//! sometimes play a random legal move, all deterministic under a seed.

use std::fmt;

use crate::any::{AnyMove, AnyPosition};
use crate::error::{params, too_large};
use crate::knowledge::{Knowledge, MoveValue};
use crate::{nim, Convention, Error, Outcome, Position, Rng, Said};

/// Most moves the engine weighs one by one; beyond it Nim and (in normal play) sums have
/// direct strategies.
pub const MAX_ENGINE_MOVES: u64 = 100_000;

/// How well the engine plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// Half of its moves are random legal moves: a beginner's opponent.
    Easy,
    /// One move in five is random.
    Medium,
    /// Always the best move: fastest win, slowest loss, keep the draw and set traps.
    Perfect,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Perfect];

    /// `easy`, `medium`, `perfect`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Perfect => "perfect",
        }
    }

    /// Reads a level name.
    pub fn parse(name: &str) -> Result<Level, Error> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == name.trim())
            .ok_or_else(|| {
                params(
                    name,
                    Said::new("rule-unknown-level").text("quoted", format!("{name:?}")),
                )
            })
    }

    /// Chance, in percent, that a move is a uniformly random legal move.
    pub fn random_percent(self) -> u8 {
        match self {
            Level::Easy => 50,
            Level::Medium => 20,
            Level::Perfect => 0,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Picks the engine's move in `pos` (which must not be over). Equally good moves are chosen
/// among at random, so games vary; the same seed gives the same game.
pub fn choose(
    knowledge: &Knowledge,
    pos: &AnyPosition,
    level: Level,
    rng: &mut Rng,
) -> Result<AnyMove, Error> {
    choose_in(knowledge, pos, level, rng, Convention::Normal)
}

/// [`choose`] under `convention`: in misère play, by misère values. Where a remoteness is
/// unknown (a sum too large to search), equally good moves are chosen among at random: any
/// move to a lost position from a won one, any move from a lost one.
pub fn choose_in(
    knowledge: &Knowledge,
    pos: &AnyPosition,
    level: Level,
    rng: &mut Rng,
    convention: Convention,
) -> Result<AnyMove, Error> {
    let count = pos.move_count();
    if count == 0 {
        return Err(params(
            pos.to_string(),
            Said::new("rule-over-no-move").text("position", pos),
        ));
    }
    // A sum is played from its components' winning moves, however many moves it has.
    if let (AnyPosition::Sum(p), Convention::Normal) = (pos, convention) {
        return crate::sum::play::choose(knowledge, p, level, rng);
    }
    if count > MAX_ENGINE_MOVES {
        return match pos {
            AnyPosition::Nim(p) if convention == Convention::Normal => {
                Ok(AnyMove::Nim(big_nim_move(p, level, rng)))
            }
            AnyPosition::Nim(p) => Ok(AnyMove::Nim(big_misere_nim_move(p, rng))),
            // A move to a position of value 0 if there is one, else any move.
            AnyPosition::Heap(p) if convention == Convention::Normal => {
                let winning = crate::heap::moves_to(p, 0)?;
                let moves = if winning.is_empty() {
                    p.legal_moves()
                } else {
                    winning
                };
                Ok(AnyMove::Heap(moves[rng.below(moves.len() as u64) as usize]))
            }
            _ => Err(too_large(
                pos.to_string(),
                Said::new("rule-engine-moves")
                    .text("position", pos)
                    .text("moves", count)
                    .text("most", MAX_ENGINE_MOVES),
            )),
        };
    }
    let random = rng.chance(level.random_percent());
    let classification = knowledge.classify_in(pos, MAX_ENGINE_MOVES, usize::MAX, convention)?;
    let moves = classification.moves;
    if random {
        return Ok(moves[rng.below(moves.len() as u64) as usize].mv.clone());
    }
    let best = match classification.value.outcome {
        Outcome::Draw => keep_the_draw(knowledge, &moves),
        // Sorted best first: the quickest win, or from a lost position the slowest loss.
        _ => moves
            .iter()
            .take_while(|m| m.value.cmp_as_move(&moves[0].value).is_eq())
            .collect(),
    };
    Ok(best[rng.below(best.len() as u64) as usize].mv.clone())
}

/// From a drawn position: the moves that keep the draw, preferring those after which the
/// opponent has the most replies that lose (docs/RULES.md). Never a move into a lost position.
fn keep_the_draw<'a>(knowledge: &Knowledge, moves: &'a [MoveValue]) -> Vec<&'a MoveValue> {
    let mut scored = Vec::new();
    for m in moves.iter().filter(|m| m.value.outcome == Outcome::Draw) {
        // Only the L-game has draws; its solution counts the losing moves of every class.
        let traps = match &m.position {
            AnyPosition::LGame(p) => knowledge.lgame().losing_moves(p),
            _ => 0,
        };
        scored.push((traps, m));
    }
    let most = scored.iter().map(|(t, _)| *t).max().unwrap_or(0);
    scored
        .into_iter()
        .filter(|(t, _)| *t == most)
        .map(|(_, m)| m)
        .collect()
}

/// Nim with too many moves to weigh one by one, played by Nim's closed forms (docs/RULES.md).
///
/// From an N-position the quickest win is the winning move that takes the most stones: it
/// leaves a P-position, whose remoteness is its number of stones. From a P-position no
/// successor lasts longer than its own stones (every ply takes one), so the slowest loss takes
/// a single stone, from a pile after which no winning reply takes more than one; the proof
/// in `nim::remoteness` shows such a pile exists. Weaker levels sometimes play a uniformly
/// random legal move, found without listing the moves.
fn big_nim_move(p: &nim::Position, level: Level, rng: &mut Rng) -> nim::Move {
    let piles = p.piles();
    if rng.chance(level.random_percent()) {
        let mut index = rng.below(p.total());
        for (pile, &stones) in piles.iter().enumerate() {
            if index < stones {
                return nim::Move {
                    pile,
                    take: index + 1,
                };
            }
            index -= stones;
        }
    }
    let winning = nim::winning_moves(p);
    let best: Vec<nim::Move> = if winning.is_empty() {
        let take_one: Vec<(nim::Move, u64)> = (0..piles.len())
            .filter(|&pile| piles[pile] > 0)
            .map(|pile| {
                let mut after = piles.to_vec();
                after[pile] -= 1;
                (
                    nim::Move { pile, take: 1 },
                    nim::remoteness_of_piles(&after),
                )
            })
            .collect();
        let longest = take_one.iter().map(|&(_, r)| r).max().unwrap_or(0);
        take_one
            .into_iter()
            .filter(|&(_, r)| r == longest)
            .map(|(m, _)| m)
            .collect()
    } else {
        let most = winning.iter().map(|m| m.take).max().unwrap_or(0);
        winning.into_iter().filter(|m| m.take == most).collect()
    };
    best[rng.below(best.len() as u64) as usize]
}

/// Misère Nim with too many moves to weigh: a winning move by Bouton's misère rule (at random
/// among them), else one stone from the largest pile, which leaves the most play.
fn big_misere_nim_move(p: &nim::Position, rng: &mut Rng) -> nim::Move {
    let winning = nim::misere::winning_moves(p);
    if !winning.is_empty() {
        return winning[rng.below(winning.len() as u64) as usize];
    }
    let piles = p.piles();
    let pile = (0..piles.len()).max_by_key(|&i| piles[i]).unwrap_or(0);
    nim::Move { pile, take: 1 }
}
