//! The loop of a seated player, shared by `grundy play` and `grundy join`: show each new
//! state, and answer every line typed at once. A move typed on our turn is sent; one typed
//! before it is a premove, shown as such, played when the turn comes, and taken back with
//! `cancel` (a script may type a whole game ahead). The other commands work at any time. The
//! server judges every move; a refused one prints the server's reason and the game goes on.

use std::collections::VecDeque;
use std::time::Duration;

use anyhow::{bail, Result};
use protocol::{MatchState, MatchStatus, Request, Seat, ServerBody};

use super::annotation::result;
use super::countdown;
use super::editor::Typed;
use super::typing::Typing;
use super::view::{Mode, View};
use super::OutputClosed;
use client::lang::{said, word};
use client::{Client, Error as ClientError};
use protocol::Message;

/// `help`'s text, in the process's language: how to type a move, then each command
/// (message `cli-help-COMMAND`).
fn typed_help() -> String {
    let mut out = word("cli-help-intro");
    for command in COMMANDS {
        let what = word(&format!("cli-help-{command}"));
        out.push_str(&format!("\n  {command:<9} {what}"));
    }
    out
}

/// Best moves a `hint` shows.
const HINTED_MOVES: u64 = 3;

/// `hint`'s words: the position's value for the player to move and the best moves with what
/// each leaves the opponent.
fn hint(c: &protocol::Classification) -> String {
    let told = Message::new("cli-hint").text("value", result(c.value.outcome, c.value.remoteness));
    let mut out = said(&told);
    for m in &c.moves {
        let leaves = Message::new("cli-hint-leaves")
            .text("value", result(m.value.outcome, m.value.remoteness));
        out.push_str(&format!("\n  {:<12} {}", m.notation, said(&leaves)));
    }
    out
}

/// Most legal moves `moves` lists when the match's state does not (it lists at most
/// `protocol::limits::LEGAL_MOVES_LISTED`): an L-game position has a few hundred at most; a
/// large queen board's thousands are no help.
const MOVES_FETCHED: u64 = 1000;

/// The legal moves of the match's position: those its state lists, else (when there are at
/// most [`MOVES_FETCHED`]) [`all_moves`]; `None` when they are too many or not answered.
async fn legal_moves(conn: &mut Client, state: &MatchState) -> Result<Option<Vec<String>>> {
    match &state.legal_moves {
        Some(moves) => Ok(Some(moves.clone())),
        None if state.legal_move_count <= MOVES_FETCHED => all_moves(conn, state).await,
        None => Ok(None),
    }
}

/// Every legal move of the match's position, asked of the server as a `query`, in notation
/// order — not best first, which would give the answer away. `None` if the server refuses.
async fn all_moves(conn: &mut Client, state: &MatchState) -> Result<Option<Vec<String>>> {
    let query = Request::Query {
        params: state.params.clone(),
        position: state.position.clone(),
        limit: None,
    };
    match conn.request(query).await {
        Ok(ServerBody::Classification(c)) => {
            let mut moves: Vec<String> = c.moves.into_iter().map(|m| m.notation).collect();
            moves.sort();
            Ok(Some(moves))
        }
        Ok(_) | Err(ClientError::Server(_)) => Ok(None),
        Err(other) => Err(other.into()),
    }
}

/// What a player may type besides a move: for `help`, and for completion.
const COMMANDS: [&str; 9] = [
    "moves", "hint", "board", "position", "cancel", "resign", "draw", "decline", "help",
];

/// What Tab completes to: the commands, and on our turn the legal moves when they are few
/// enough to be listed.
async fn completions(conn: &mut Client, state: &MatchState, my_turn: bool) -> Result<Vec<String>> {
    let mut words: Vec<String> = COMMANDS.iter().map(|&c| c.to_owned()).collect();
    if my_turn {
        words.extend(legal_moves(conn, state).await?.unwrap_or_default());
    }
    Ok(words)
}

/// The seat of `player_id` in `state`.
pub fn seat_of(state: &MatchState, player_id: i64) -> Option<Seat> {
    (0..2u8).find(|&s| state.seats[usize::from(s)].player_id == Some(player_id))
}

/// The state of `match_id`, which the server pushes from now on (`watch`).
pub async fn watch(conn: &mut Client, match_id: i64) -> Result<MatchState> {
    match conn.request(Request::Watch { match_id }).await? {
        ServerBody::Match { state } => Ok(state),
        other => Err(super::unexpected(&other)),
    }
}

/// The next state of `match_id` pushed by the server.
pub async fn next_state(conn: &mut Client, match_id: i64) -> Result<MatchState> {
    loop {
        if let ServerBody::Match { state } = conn.event().await? {
            if state.match_id == match_id {
                return Ok(state);
            }
        }
    }
}

/// Plays the match whose current state is `state` from our seat until it is over.
pub async fn play(conn: &mut Client, state: MatchState, mode: Mode) -> Result<()> {
    let mut typing = Typing::start(mode);
    let played = play_typed(conn, state, mode, &mut typing).await;
    // The prompt is of no use any more: the result was the last thing said.
    typing.close()?;
    played
}

/// [`play`] with lines typed into `typing`, which stays open for what comes next (the room's
/// screen, between two tournament games).
pub async fn play_typed(
    conn: &mut Client,
    mut state: MatchState,
    mode: Mode,
    typing: &mut Typing,
) -> Result<()> {
    let Some(me) = seat_of(&state, conn.player_id()) else {
        return Err(super::told_with("cli-err-no-seat", "id", state.match_id));
    };
    let mut view = View::new(mode, Some(me));
    if let Some(screen) = typing.screen() {
        view.attach(screen);
    }
    view.header(&state);
    view.show(&state);
    // Moves typed before our turn, oldest first.
    let mut premoves: VecDeque<String> = VecDeque::new();
    // After an action the server answers with a new state; until it arrives, nothing else is
    // sent, so that a script's next move is not judged against the old position.
    let mut awaiting_state = false;
    let mut prompted: Option<u32> = None;
    // The ply (and turn) Tab completes for, and the ply our low clock was last said at.
    let mut completing: Option<(u32, bool)> = None;
    let mut warned: Option<u32> = None;
    let id = state.match_id;
    // A lost connection is taken up again by itself, as the same player; anything else ends
    // the session.
    macro_rules! online {
        ($result:expr) => {
            match $result {
                Ok(value) => value,
                Err(e) if is_lost(&e) => {
                    state = recover(conn, id, &view, e).await.map_err(|e| lost(e, id))?;
                    view.show(&state);
                    awaiting_state = false;
                    prompted = None;
                    completing = None;
                    continue;
                }
                Err(e) => return Err(e),
            }
        };
    }
    while !state.status.is_over() {
        if view.closed() {
            return Err(OutputClosed.into());
        }
        let my_turn = state.status == MatchStatus::Playing && state.to_move == Some(me);
        if awaiting_state {
            state = online!(next_state(conn, id).await);
            awaiting_state = false;
            view.show(&state);
            continue;
        }
        if my_turn {
            if let Some(mv) = premoves.pop_front() {
                view.premove_played(&mv);
                awaiting_state = online!(send(conn, &state, me, &mv, &mut view).await);
                continue;
            }
            if typing.ended() {
                bail!(
                    "input ended before match {} was over; the match stays on the server",
                    state.match_id
                );
            }
            if prompted != Some(state.ply) {
                view.prompt(&state);
                prompted = Some(state.ply);
            }
            let low = view
                .countdown()
                .left(me)
                .is_some_and(|left| left < countdown::LOW);
            if low && warned != Some(state.ply) && typing.is_editor() {
                view.clock_low();
                warned = Some(state.ply);
            }
        }
        if typing.is_editor() && completing != Some((state.ply, my_turn)) {
            typing.complete_from(online!(completions(conn, &state, my_turn).await));
            completing = Some((state.ply, my_turn));
        }
        typing.set_prompt(view.prompt_line(&state))?;
        let counting = typing.is_editor() && view.countdown().running().is_some();
        tokio::select! {
            biased;
            next = next_state(conn, id) => {
                state = online!(next);
                view.show(&state);
            }
            typed = typing.next() => {
                let line = match typed? {
                    Some(Typed::Line(line)) => line,
                    Some(Typed::Leave) => bail!(
                        "you left match {id}; it stays on the server: `grundy resume {id}` \
                         takes your seat back"
                    ),
                    // A script's lines are all read: its premoves are still played.
                    None => continue,
                };
                let line = line.trim();
                if line == "cancel" {
                    view.premoves_cancelled(std::mem::take(&mut premoves).len());
                } else if is_command(line) || my_turn {
                    awaiting_state = online!(send(conn, &state, me, line, &mut view).await);
                    if !awaiting_state && my_turn {
                        view.prompt(&state);
                    }
                } else if !line.is_empty() {
                    premoves.push_back(line.to_owned());
                    view.premove(&state, line, premoves.len());
                }
            }
            () = countdown::tick(counting) => {}
        }
    }
    view.finish(&state);
    Ok(())
}

/// How long a lost connection is tried again: as long as the server keeps the seat of an
/// absent player by default (`grundyd --abandon-after-s`).
const RECONNECT_FOR: Duration = Duration::from_secs(120);

/// Whether `e` is the connection's loss (rather than a refusal or a broken message).
pub fn is_lost(e: &anyhow::Error) -> bool {
    matches!(
        e.downcast_ref::<ClientError>(),
        Some(ClientError::Closed { .. } | ClientError::Connection(_) | ClientError::Timeout(_))
    )
}

/// Takes the lost connection up again as the same player, with growing pauses, for
/// [`RECONNECT_FOR`]: the match's state once back, or the loss that could not be undone.
pub async fn recover(
    conn: &mut Client,
    id: i64,
    view: &View,
    cause: anyhow::Error,
) -> Result<MatchState> {
    view.reconnecting(&format!("{cause:#}"));
    let state = reconnected(conn, cause, async |c: &mut Client| watch(c, id).await).await?;
    view.reconnected(id);
    Ok(state)
}

/// Takes the lost connection up again as the same player, with growing pauses, for
/// [`RECONNECT_FOR`], and once back asks `again` (to follow the match, to join the room) what
/// it was doing: its answer, or the loss that could not be undone (`cause`). Refused once
/// back (another database, the match gone), it says so at once.
pub async fn reconnected<T>(
    conn: &mut Client,
    cause: anyhow::Error,
    mut again: impl AsyncFnMut(&mut Client) -> Result<T>,
) -> Result<T> {
    let started = tokio::time::Instant::now();
    let mut pause = Duration::from_millis(250);
    loop {
        tokio::time::sleep(pause).await;
        let back = match conn.reconnect().await {
            Ok(client) => {
                *conn = client;
                again(conn).await
            }
            Err(e) => Err(e.into()),
        };
        match back {
            Ok(answer) => return Ok(answer),
            // Still down (or down again): tried again, for a while.
            Err(e) if is_lost(&e) || is_unreachable(&e) => {
                if started.elapsed() >= RECONNECT_FOR {
                    return Err(cause);
                }
                pause = (pause * 2).min(Duration::from_secs(5));
            }
            // Back, but it will not have us (another database, the match gone): said at once.
            Err(e) => return Err(e),
        }
    }
}

/// Whether `e` says that no connection could be opened (for now: a server refusing one
/// more connection from this address may take it once another closes).
fn is_unreachable(e: &anyhow::Error) -> bool {
    matches!(
        e.downcast_ref::<ClientError>(),
        Some(ClientError::Connect { .. } | ClientError::Refused { .. })
    )
}

/// The connection is gone: what became of the match, and how to get back to it.
fn lost(e: anyhow::Error, id: i64) -> anyhow::Error {
    let stopping = matches!(
        e.downcast_ref::<ClientError>(),
        Some(ClientError::Closed {
            code: Some(client::CloseCode::Away),
            ..
        })
    );
    // What happened first, then what to do: said once.
    if stopping {
        anyhow::anyhow!(
            "{e:#} — match {id} stays on the server: `grundy resume {id}` once it is back"
        )
    } else {
        anyhow::anyhow!(
            "{e:#} — match {id} goes on without you: `grundy resume {id}` takes your seat back"
        )
    }
}

/// Whether `line` is a command that works at any time (rather than a move).
fn is_command(line: &str) -> bool {
    matches!(
        line,
        "help" | "?" | "moves" | "hint" | "board" | "position" | "resign" | "draw" | "decline"
    )
}

/// Carries out one typed line; true when the server accepted an action (a new state is on
/// its way). Refusals are printed, not returned: the game goes on.
async fn send(
    conn: &mut Client,
    state: &MatchState,
    me: Seat,
    line: &str,
    view: &mut View,
) -> Result<bool> {
    let match_id = state.match_id;
    let request = match line {
        "" => return Ok(false),
        "help" | "?" => {
            view.note(&typed_help());
            return Ok(false);
        }
        "board" => {
            view.board(state);
            return Ok(false);
        }
        "position" => {
            view.position(state);
            return Ok(false);
        }
        "moves" => {
            let listed = legal_moves(conn, state).await?;
            view.moves(listed.as_deref(), state.legal_move_count);
            return Ok(false);
        }
        // The learning mode: the exact value of the best moves, as `query` gives them.
        "hint" => Request::Query {
            params: state.params.clone(),
            position: state.position.clone(),
            limit: Some(HINTED_MOVES),
        },
        "resign" => Request::Resign { match_id },
        "draw" if state.draw_offer == Some(me) => {
            view.note(&word("cli-play-offered-already"));
            return Ok(false);
        }
        "draw" if state.draw_offer == Some(1 - me) => Request::AcceptDraw { match_id },
        "draw" => Request::OfferDraw { match_id },
        "decline" => Request::DeclineDraw { match_id },
        notation => Request::Move {
            match_id,
            notation: notation.to_owned(),
        },
    };
    match conn.request(request).await {
        Ok(ServerBody::Classification(c)) => {
            view.note(&hint(&c));
            Ok(false)
        }
        Ok(_) => Ok(true),
        Err(ClientError::Server(refused)) => {
            view.refused(&refused);
            Ok(false)
        }
        Err(other) => Err(other.into()),
    }
}
