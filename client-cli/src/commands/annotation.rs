//! How a reviewed move is told, in `grundy review`'s listing and in its move-by-move
//! stepper alike: best play, the move played, the value strip, counts in words.

use client::lang::{code_word, said, word};
use protocol::{GameSummary, Message, ReviewedMove, Seat, Verdict};

/// Better moves shown per move in the text listing (the JSON has all).
pub(super) const BETTER_SHOWN: usize = 3;

/// What the mover could get with best play from the position before the move: `win in 11`,
/// `loss in 10`, `draw`; just `win` or `loss` when the remoteness is not known.
pub(super) fn best_play(m: &ReviewedMove) -> String {
    result(m.before.outcome, m.before.remoteness)
}

/// What the move played gets its mover, counted like [`best_play`] from the position before
/// it, the move included (the export's comments count the same way): a best move shows the
/// same as best play, a blunder `loss in 12` where best play was `win in 11`.
pub(super) fn this_move(m: &ReviewedMove) -> String {
    result(m.after.outcome.flip(), m.after.remoteness.map(|r| r + 1))
}

/// `win in 5`, `loss in 2`, `draw`; just `win` or `loss` without a remoteness (in the
/// process's language).
pub(super) fn result(outcome: Verdict, remoteness: Option<u64>) -> String {
    let said_outcome = word(&format!("outcome-{outcome}"));
    match (outcome, remoteness) {
        (Verdict::Draw, _) | (_, None) => said_outcome,
        (_, Some(r)) => said(
            &Message::new("cli-result-in")
                .text("outcome", said_outcome)
                .text("plies", r.to_string()),
        ),
    }
}

/// `ada`, `engine (perfect)`, or `seat 1` when nobody's name is known.
pub(super) fn name(game: &GameSummary, seat: Seat) -> String {
    super::games::seat_name(&game.seats[usize::from(seat)])
        .unwrap_or_else(|| said(&Message::new("seat-number").text("seat", seat.to_string())))
}

/// A move's annotation in words (`blunder`, `大悪手`).
pub(super) fn annotation_word(annotation: &str) -> String {
    code_word("annotation", annotation)
}

/// Who wins with best play after each ply (0 is the start): the seat, `None` for a draw.
pub(super) fn winners(moves: &[ReviewedMove]) -> Vec<Option<Seat>> {
    let mut out: Vec<Option<Seat>> = moves
        .iter()
        .map(|m| match m.before.outcome {
            Verdict::Win => Some(m.played.seat),
            Verdict::Loss => Some(1 - m.played.seat),
            Verdict::Draw => None,
        })
        .collect();
    if let Some(last) = moves.last() {
        out.push(match last.after.outcome {
            Verdict::Win => Some(1 - last.played.seat),
            Verdict::Loss => Some(last.played.seat),
            Verdict::Draw => None,
        });
    }
    out
}

/// The value strip: one mark per position from the start, `▲` while seat 0 wins with best
/// play, `▼` while seat 1 does, `·` for a draw: a mistake shows as the marks changing.
pub(super) fn strip(moves: &[ReviewedMove]) -> String {
    winners(moves)
        .into_iter()
        .map(|w| match w {
            Some(0) => '▲',
            Some(_) => '▼',
            None => '·',
        })
        .collect()
}

/// `1 ply`, `12 plies` (in the process's language).
pub(super) fn plies(n: usize) -> String {
    said(&Message::new("cli-plies").count("plies", n as u64))
}
