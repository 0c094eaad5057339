//! Checking a record against the rules: the game and start exist, every move is legal, the
//! result agrees with the board wherever the board decides it, and each seat is nobody, the
//! engine, or a name `hello` would take.

use engine::{AnyPosition, GameKind, Position as _};
use protocol::{Message, MessageArg, Outcome, Reason};

use super::{engine_seat, result_token, GameRecord, RecordError, EMPTY_SEAT};
use crate::matches::model::terminal_reason;
use crate::names::{check_name, NameError};

/// A record replayed through the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The start, then the position after each move.
    pub positions: Vec<AnyPosition>,
    /// Each move in canonical notation.
    pub moves: Vec<String>,
    /// Each seat's name as it is stored: `?`, `engine (level)`, or a name normalised as
    /// `hello` normalises it.
    pub seats: [String; 2],
}

impl GameRecord {
    /// The game's variant and start position, or the tag that is wrong.
    pub fn start_position(&self) -> Result<AnyPosition, RecordError> {
        let p = &self.params;
        let game = crate::convert::game(p).map_err(|e| {
            let tag = match (e.input(), p.size, p.k) {
                ("misere", _, _) => "Play",
                (input, _, _) if p.piece.as_deref() == Some(input) => "Piece",
                (input, _, _) if p.rule.as_deref() == Some(input) => "Rule",
                (input, _, _) if p.edge.as_deref() == Some(input) => "Edge",
                (_, Some(_), _) => "Size",
                (_, None, Some(_)) => "K",
                _ => "Game",
            };
            RecordError::tag(None, tag, crate::convert::message(&e.said()))
        })?;
        game.variant()
            .parse_position(&self.start)
            .map_err(|e| RecordError::tag(None, "Start", crate::convert::message(&e.said())))
    }

    /// Replays every move through the rules and checks the result against the board; returns
    /// the final position.
    ///
    /// A game whose final position has no move must carry the game's own ending
    /// (`corner_reached`, `last_stone`, `poison_left`, `l_blocked`) with the last mover as
    /// winner, and such an ending needs such a position. A draw by repetition needs the final
    /// position (with the same side to move) to have stood before; an agreed draw or a
    /// repetition has no winner; resignation, flag fall and abandonment have one; an aborted
    /// game has no moves.
    pub fn validate(&self) -> Result<AnyPosition, RecordError> {
        let replay = self.replay()?;
        Ok(replay.positions[replay.positions.len() - 1].clone())
    }

    /// Like [`GameRecord::validate`], but returns the whole replay: every position from the
    /// start, every move in canonical notation, and the seats' names as stored.
    pub fn replay(&self) -> Result<Replay, RecordError> {
        let seats = [seat_name(0, &self.seats[0])?, seat_name(1, &self.seats[1])?];
        let start = self.start_position()?;
        let mut positions = vec![start];
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let last = &positions[positions.len() - 1];
            let (mv, next) = last.play_text(text).map_err(|error| RecordError::Move {
                ply: i as u32 + 1,
                notation: text.clone(),
                error: Box::new(error),
            })?;
            moves.push(mv.to_string());
            positions.push(next);
        }
        self.check_result(&positions)?;
        Ok(Replay {
            positions,
            moves,
            seats,
        })
    }

    fn check_result(&self, seen: &[AnyPosition]) -> Result<(), RecordError> {
        let last = &seen[seen.len() - 1];
        let kind = last.kind();
        let ply = self.moves.len();
        let on_board = terminal_reason(kind);
        let said = MessageArg::Message(match self.result {
            Some(o) => describe(&o),
            None => Message::new("record-not-over"),
        });
        let wrong = |m: Message| Err(RecordError::Result(m));
        let named = |id: &str, reason: Reason| {
            Message::new(id)
                .text("reason", reason.as_str())
                .with("said", said.clone())
        };
        if last.is_terminal() {
            if ply == 0 {
                return wrong(Message::new("record-start-over").text("start", last.to_string()));
            }
            let mover = ((ply - 1) % 2) as u8;
            // Normal play: the last mover won; misère play: the last mover lost.
            let winner = if self.params.misere { 1 - mover } else { mover };
            let expected = Outcome {
                winner: Some(winner),
                reason: on_board,
            };
            if self.result != Some(expected) {
                let id = if self.params.misere {
                    "record-ended-misere"
                } else {
                    "record-ended"
                };
                return wrong(
                    Message::new(id)
                        .text("ply", ply.to_string())
                        .text("position", last.to_string())
                        .text("seat", winner.to_string())
                        .with("expected", MessageArg::Message(describe(&expected)))
                        .with("said", said),
                );
            }
            return Ok(());
        }
        let Some(outcome) = self.result else {
            return Ok(());
        };
        if let Some(w) = outcome.winner.filter(|&w| w > 1) {
            return wrong(Message::new("record-no-seat").text("seat", w.to_string()));
        }
        let reason = outcome.reason;
        match reason {
            Reason::CornerReached
            | Reason::LastStone
            | Reason::PoisonLeft
            | Reason::LBlocked
            | Reason::NoMoveLeft => {
                if reason != on_board {
                    return wrong(
                        Message::new("record-not-how")
                            .text("reason", reason.as_str())
                            .text("game", kind.name()),
                    );
                }
                wrong(
                    Message::new("record-needs-end")
                        .text("reason", reason.as_str())
                        .text("position", last.to_string())
                        .text("moves", last.move_count().to_string()),
                )
            }
            Reason::Repetition | Reason::AgreedDraw if outcome.winner.is_some() => {
                wrong(named("record-is-a-draw", reason))
            }
            Reason::Repetition => {
                let earlier = seen[..ply]
                    .iter()
                    .enumerate()
                    .filter(|&(i, p)| i % 2 == ply % 2 && p == last)
                    .count();
                if earlier == 0 {
                    return wrong(
                        Message::new("record-no-repetition").text("position", last.to_string()),
                    );
                }
                Ok(())
            }
            Reason::AgreedDraw if kind != GameKind::LGame => {
                wrong(Message::new("record-agreed-draw").text("game", kind.name()))
            }
            Reason::Resignation | Reason::FlagFall | Reason::Abandonment
                if outcome.winner.is_none() =>
            {
                wrong(named("record-needs-winner", reason))
            }
            Reason::Aborted if outcome.winner.is_some() || ply > 0 => wrong(
                Message::new("record-aborted")
                    .text("moves", ply.to_string())
                    .with("said", said.clone()),
            ),
            _ => Ok(()),
        }
    }
}

/// Seat `seat`'s name as stored: nobody (`?`), the engine (`engine (perfect)`), or a name
/// checked and normalised as `hello` checks it, so that no record brings in a name nobody
/// could say hello with: an escape sequence, an invisible character, the engine's name.
fn seat_name(seat: u8, name: &str) -> Result<String, RecordError> {
    if name == EMPTY_SEAT || engine_seat(name).is_some() {
        return Ok(name.to_owned());
    }
    check_name(name).map_err(|e| {
        let message = match e {
            NameError::Empty => Message::new("record-seat-empty"),
            e => crate::failure::message(&e),
        };
        RecordError::tag(None, &format!("Seat{seat}"), message)
    })
}

/// `0-1 (corner_reached)`.
fn describe(o: &Outcome) -> Message {
    Message::new("record-outcome")
        .text("result", result_token(Some(o)))
        .text("reason", o.reason.as_str())
}
