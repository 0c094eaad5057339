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
use crate::Error;

const POSITION_EXAMPLE: &str = "...N/RRRB/RBBB/N... r";

impl Position {
    /// Reads position notation: ranks 4 to 1 separated by `/`, each four of `R` (red L),
    /// `B` (blue L), `N` (neutral), `.` (empty) from file a to d, a space, then `r` or `b`.
    pub fn parse(text: &str) -> Result<Position, Error> {
        let mut parts = text.split_whitespace();
        let Some(board) = parts.next() else {
            return Err(position(
                text,
                format!("the position is empty; write it like {POSITION_EXAMPLE}"),
            ));
        };
        let Some(side) = parts.next() else {
            return Err(position(
                text,
                format!(
                    "'{board}' has no side to move; add a space and r or b, as in \
                     {POSITION_EXAMPLE}"
                ),
            ));
        };
        if let Some(extra) = parts.next() {
            return Err(position(
                text,
                format!("unexpected '{extra}' after the side to move; a position ends with r or b"),
            ));
        }
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 4 {
            let there = match ranks.len() {
                1 => format!("'{board}' is one rank"),
                n => format!("there are {n} ranks"),
            };
            return Err(position(
                text,
                format!("{there}; the board has 4, separated by /"),
            ));
        }
        let (mut red, mut blue, mut neutrals) = (0u16, 0u16, Vec::new());
        for (row, rank_text) in ranks.iter().enumerate() {
            let rank = 3 - row as u8;
            let len = rank_text.chars().count();
            if len != 4 {
                return Err(position(
                    text,
                    format!(
                        "rank {} has {len} square{}; each rank has 4",
                        rank + 1,
                        if len == 1 { "" } else { "s" }
                    ),
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
                            format!("'{other}' on {square} is not a piece; use R, B, N or ."),
                        ))
                    }
                }
            }
        }
        let to_move = match side {
            "r" | "R" => Color::Red,
            "b" | "B" => Color::Blue,
            other => {
                return Err(position(
                    text,
                    format!("side to move must be r or b, not {other}"),
                ))
            }
        };
        let red = l_of(text, red, Color::Red)?;
        let blue = l_of(text, blue, Color::Blue)?;
        let [a, b] = neutrals[..] else {
            return Err(position(
                text,
                format!("there are {} neutrals; there must be 2", neutrals.len()),
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
            format!("the {color} L covers {n} squares; an L covers 4"),
        ));
    }
    Placement::from_mask(mask).ok_or_else(|| {
        position(
            text,
            format!("the {color} L on {} is not an L shape", mask_names(mask)),
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
        return Err(notation(
            text,
            "the move is empty; write the L's new squares such as a2a3b3c3, \
             optionally followed by a neutral move such as d4-b1",
        ));
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
                format!(
                    "the neutral move in '{text}' names only {}; write it as from-to, such as \
                     d4-b1",
                    squares[4]
                ),
            ))
        }
        n => {
            return Err(notation(
                text,
                format!(
                    "'{text}' names {n} squares; a move is the L's 4 squares, \
                 then optionally the neutral's 2 squares"
                ),
            ))
        }
    }
    if let Some(t) = tokens.iter().enumerate().find(|(i, t)| t.dash && *i != 5) {
        return Err(notation(
            text,
            format!(
                "a '-' belongs only inside the neutral move, before its target; found before {}",
                t.1.square
            ),
        ));
    }
    if squares.len() == 6 && !tokens[4].separated {
        return Err(notation(
            text,
            format!(
                "separate the neutral move from the L's squares with a space or comma, as in \
             {}{}{}{} {}-{}",
                squares[0], squares[1], squares[2], squares[3], squares[4], squares[5]
            ),
        ));
    }
    let l = &squares[..4];
    if let Some(twice) = l.iter().enumerate().find(|(i, s)| l[..*i].contains(s)) {
        return Err(notation(
            text,
            format!(
                "the L's squares name {} twice; an L covers 4 different squares",
                twice.1
            ),
        ));
    }
    let Some(to) = Placement::from_squares(l) else {
        return Err(illegal(
            text,
            format!("{} {} {} {} is not an L placement", l[0], l[1], l[2], l[3]),
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
                        format!(
                            "{name} in '{text}' is not a square; files are a to d and ranks 1 to 4"
                        ),
                    ),
                    None => notation(
                        text,
                        format!("'{f}' in '{text}' has no rank after it; a square is like b3"),
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
                    format!(
                        "unexpected '{c}' in move '{text}'; write squares such as a2a3b3c3 d4-b1"
                    ),
                ))
            }
        }
    }
    if dash {
        return Err(notation(
            text,
            format!("'{text}' ends with '-'; a neutral move is from-to, such as d4-b1"),
        ));
    }
    Ok(tokens)
}

/// The move that turns `pos` into the position written in `text`, if one turn can.
fn move_to_position(pos: &Position, text: &str) -> Result<Move, Error> {
    let after = Position::parse(text).map_err(|e| notation(text, e.reason()))?;
    let me = pos.to_move();
    let opp = me.other();
    if after.to_move() != opp {
        return Err(illegal(
            text,
            format!(
                "after {me}'s move it is {opp}'s turn, but the position has {} to move",
                after.to_move()
            ),
        ));
    }
    if after.l(opp) != pos.l(opp) {
        return Err(illegal(
            text,
            format!(
                "the {opp} L moved from {} to {}; on {me}'s turn only the {me} L moves",
                pos.l(opp),
                after.l(opp)
            ),
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
                format!(
                    "both neutrals moved, from {} {} to {} {}; at most one may move",
                    before[0], before[1], now[0], now[1]
                ),
            ))
        }
    };
    Ok(Move {
        to: after.l(me),
        neutral,
    })
}
