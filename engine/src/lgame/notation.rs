//! L-game notation (docs/NOTATION.md): positions as four ranks of `R`, `B`, `N`, `.`
//! and a side to move (`...N/RRRB/RBBB/N... r`), moves as the L's squares and an optional
//! neutral move (`a2a3b3c3 d4-b1`).

use std::fmt;
use std::str::FromStr;

use super::board::{mask_names, Placement, Square};
use super::position::Position;
use super::rules::Move;
use super::Color;
use crate::error::{illegal, notation, position};
use crate::{Error, Said};

const POSITION_EXAMPLE: &str = "...N/RRRB/RBBB/N... r";

impl Position {
    /// Reads position notation: ranks 4 to 1 separated by `/`, each four of `R` (red L),
    /// `B` (blue L), `N` (neutral), `.` (empty) from file a to d, a space, then `r` or `b`.
    pub fn parse(text: &str) -> Result<Position, Error> {
        let mut parts = text.split_whitespace();
        let Some(board) = parts.next() else {
            return Err(position(
                text,
                Said::new("rule-l-empty-position").text("example", POSITION_EXAMPLE),
            ));
        };
        let Some(side) = parts.next() else {
            return Err(position(
                text,
                Said::new("rule-l-no-side")
                    .text("board", board)
                    .text("example", POSITION_EXAMPLE),
            ));
        };
        if let Some(extra) = parts.next() {
            return Err(position(
                text,
                Said::new("rule-l-after-side").text("extra", extra),
            ));
        }
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 4 {
            let reason = match ranks.len() {
                1 => Said::new("rule-l-one-rank").text("board", board),
                n => Said::new("rule-l-ranks").text("ranks", n),
            };
            return Err(position(text, reason));
        }
        let (mut red, mut blue, mut neutrals) = (0u16, 0u16, Vec::new());
        for (row, rank_text) in ranks.iter().enumerate() {
            let rank = 3 - row as u8;
            let len = rank_text.chars().count();
            if len != 4 {
                return Err(position(
                    text,
                    Said::new("rule-l-rank-length")
                        .text("rank", rank + 1)
                        .with("length", crate::Arg::Count(len as u64)),
                ));
            }
            for (file, c) in (0u8..).zip(rank_text.chars()) {
                let Some(square) = Square::new(file, rank) else {
                    continue;
                };
                match c {
                    'R' => red |= square.bit(),
                    'B' => blue |= square.bit(),
                    'N' => neutrals.push(square),
                    '.' => {}
                    other => {
                        return Err(position(
                            text,
                            Said::new("rule-l-not-a-piece")
                                .text("character", other)
                                .text("square", square),
                        ))
                    }
                }
            }
        }
        let to_move = match side {
            "r" | "R" => Color::Red,
            "b" | "B" => Color::Blue,
            other => return Err(position(text, Said::new("rule-l-side").text("side", other))),
        };
        let red = l_of(text, red, Color::Red)?;
        let blue = l_of(text, blue, Color::Blue)?;
        let [a, b] = neutrals[..] else {
            return Err(position(
                text,
                Said::new("rule-l-neutral-count").text("count", neutrals.len()),
            ));
        };
        Position::new(red, blue, [a, b], to_move).map_err(|e| e.with_input(text))
    }
}

/// The placement of `color`'s L from the squares marked with its letter in `text`.
fn l_of(text: &str, mask: u16, color: Color) -> Result<Placement, Error> {
    let n = mask.count_ones();
    if n != 4 {
        return Err(position(
            text,
            Said::new("rule-l-covers")
                .with("color", color.said())
                .text("count", n),
        ));
    }
    Placement::from_mask(mask).ok_or_else(|| {
        position(
            text,
            Said::new("rule-l-shape")
                .with("color", color.said())
                .text("squares", mask_names(mask)),
        )
    })
}

impl FromStr for Position {
    type Err = Error;

    fn from_str(text: &str) -> Result<Position, Error> {
        Position::parse(text)
    }
}

impl fmt::Display for Position {
    /// The canonical notation, such as `...N/RRRB/RBBB/N... r`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::with_capacity(21);
        for rank in (0..4).rev() {
            for file in 0..4 {
                let c = match Square::new(file, rank).and_then(|s| self.piece_at(s)) {
                    Some(Some(color)) => color.piece(),
                    Some(None) => 'N',
                    None => '.',
                };
                out.push(c);
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.to_move().letter());
        f.write_str(&out)
    }
}

/// Reads a move: the L's four squares in any order, separated by nothing, spaces or commas,
/// case-insensitive, then optionally a space or comma and a neutral move `d4-b1` or `d4b1`;
/// or the notation of the resulting position.
pub(super) fn parse_move(pos: &Position, text: &str) -> Result<Move, Error> {
    let text = text.trim();
    if text.is_empty() {
        return Err(notation(text, Said::new("rule-l-empty-move")));
    }
    if text.contains('/') {
        return move_to_position(pos, text);
    }
    let tokens = tokenize(text)?;
    let squares: Vec<Square> = tokens.iter().map(|t| t.square).collect();
    match squares.len() {
        4 | 6 => {}
        5 => {
            return Err(notation(
                text,
                Said::new("rule-l-neutral-half")
                    .text("move", text)
                    .text("square", squares[4]),
            ))
        }
        n => {
            return Err(notation(
                text,
                Said::new("rule-l-square-count")
                    .text("move", text)
                    .text("count", n),
            ))
        }
    }
    if let Some(t) = tokens.iter().enumerate().find(|(i, t)| t.dash && *i != 5) {
        return Err(notation(
            text,
            Said::new("rule-l-dash").text("square", t.1.square),
        ));
    }
    if squares.len() == 6 && !tokens[4].separated {
        return Err(notation(
            text,
            Said::new("rule-l-separate").text(
                "example",
                format_args!(
                    "{}{}{}{} {}-{}",
                    squares[0], squares[1], squares[2], squares[3], squares[4], squares[5]
                ),
            ),
        ));
    }
    let l = &squares[..4];
    if let Some(twice) = l.iter().enumerate().find(|(i, s)| l[..*i].contains(s)) {
        return Err(notation(
            text,
            Said::new("rule-l-twice").text("square", twice.1),
        ));
    }
    let Some(to) = Placement::from_squares(l) else {
        return Err(illegal(
            text,
            Said::new("rule-l-not-placement").text(
                "squares",
                format_args!("{} {} {} {}", l[0], l[1], l[2], l[3]),
            ),
        ));
    };
    let neutral = (squares.len() == 6).then(|| (squares[4], squares[5]));
    Ok(Move { to, neutral })
}

/// One square of a typed move, with what stood before it.
struct Token {
    square: Square,
    /// A space or comma came before it.
    separated: bool,
    /// A `-` came before it.
    dash: bool,
}

/// Splits a typed move into squares, remembering separators and dashes.
fn tokenize(text: &str) -> Result<Vec<Token>, Error> {
    let mut tokens = Vec::new();
    let (mut separated, mut dash) = (false, false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c.to_ascii_lowercase() {
            ' ' | ',' | '\t' => separated = true,
            '-' => dash = true,
            f @ 'a'..='z' => {
                let r = chars.next_if(char::is_ascii_digit);
                let name: String = [Some(f), r].into_iter().flatten().collect();
                let square = Square::parse(&name).map_err(|_| match r {
                    Some(_) => notation(
                        text,
                        Said::new("rule-l-not-square")
                            .text("square", &name)
                            .text("move", text),
                    ),
                    None => notation(
                        text,
                        Said::new("rule-l-no-rank")
                            .text("file", f)
                            .text("move", text),
                    ),
                })?;
                tokens.push(Token {
                    square,
                    separated,
                    dash,
                });
                (separated, dash) = (false, false);
            }
            _ => {
                return Err(notation(
                    text,
                    Said::new("rule-l-unexpected")
                        .text("character", c)
                        .text("move", text),
                ))
            }
        }
    }
    if dash {
        return Err(notation(
            text,
            Said::new("rule-l-ends-with-dash").text("move", text),
        ));
    }
    Ok(tokens)
}

/// The move that turns `pos` into the position written in `text`, if one turn can.
fn move_to_position(pos: &Position, text: &str) -> Result<Move, Error> {
    let after = Position::parse(text).map_err(|e| notation(text, e.reason().clone()))?;
    let me = pos.to_move();
    let opp = me.other();
    if after.to_move() != opp {
        return Err(illegal(
            text,
            Said::new("rule-l-turn")
                .with("me", me.said())
                .with("opponent", opp.said())
                .with("to_move", after.to_move().said()),
        ));
    }
    if after.l(opp) != pos.l(opp) {
        return Err(illegal(
            text,
            Said::new("rule-l-wrong-l")
                .with("opponent", opp.said())
                .text("from", pos.l(opp))
                .text("to", after.l(opp))
                .with("me", me.said()),
        ));
    }
    let (before, now) = (pos.neutrals(), after.neutrals());
    let gone: Vec<Square> = before.into_iter().filter(|s| !now.contains(s)).collect();
    let came: Vec<Square> = now.into_iter().filter(|s| !before.contains(s)).collect();
    let neutral = match (&gone[..], &came[..]) {
        ([], []) => None,
        ([from], [to]) => Some((*from, *to)),
        _ => {
            return Err(illegal(
                text,
                Said::new("rule-l-both-neutrals")
                    .text("from", format_args!("{} {}", before[0], before[1]))
                    .text("to", format_args!("{} {}", now[0], now[1])),
            ))
        }
    };
    Ok(Move {
        to: after.l(me),
        neutral,
    })
}
