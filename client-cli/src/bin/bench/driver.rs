//! Drives one match slot of a load run: creates a match, plays random legal moves at the
//! slot's pace, measures each move's round trip, and starts a new match when one ends, until
//! the run is over. The legal moves come from the engine crate, so any game can be mixed in
//! without asking the server.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{anyhow, Result};
use client::{Client, Error as ClientError};
use engine::{AnyPosition, Position as _, Rng, Variant};
use protocol::{
    ErrorCode, First, GameParams, MatchStatus, NewMatch, Opponent, Request, ServerBody,
};
use tokio::sync::{watch, Barrier};
use tokio::time::Instant;

use super::stats::Samples;

/// What every slot shares: when play starts and stops, and the moves acknowledged so far.
#[derive(Debug)]
pub struct Shared {
    /// Every slot and the run wait here once each slot's first match is set up, so that the
    /// burst of creating them all is not part of the measured play.
    pub ready: Barrier,
    /// When play started and when no move is started any more; set by the run when every
    /// slot is ready.
    pub window: watch::Sender<Option<(Instant, Instant)>>,
    /// Every slot waits here when the run is over, before closing its match.
    pub done: Barrier,
    /// Stop once this many moves are acknowledged (all slots together).
    pub max_moves: u64,
    /// Moves acknowledged so far.
    pub moves: AtomicU64,
}

impl Shared {
    /// The play window (start, deadline), once the run has set it.
    async fn window(&self) -> (Instant, Instant) {
        let mut rx = self.window.subscribe();
        let set = rx.wait_for(Option::is_some).await.ok().and_then(|w| *w);
        // The sender lives in `self`, so waiting only ends with a window.
        set.unwrap_or_else(|| (Instant::now(), Instant::now()))
    }
}

/// What one slot plays.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The games to cycle through.
    pub games: Vec<GameParams>,
    /// `None`: the load generator plays both seats; `Some(level)`: against the engine.
    pub engine: Option<String>,
    /// Longest game in plies; then the player to move resigns.
    pub max_plies: u32,
    /// Time between two moves of this slot; `None`: as fast as answered.
    pub interval: Option<Duration>,
    /// When this slot's first move is due after the start, so that slots do not move in step.
    pub first_move: Duration,
    /// The seed of this slot's move choices.
    pub seed: u64,
}

/// What one slot measured.
#[derive(Debug, Default)]
pub struct Tally {
    /// Round trips of acknowledged moves.
    pub samples: Samples,
    /// Matches that ended (or were resigned at the ply limit).
    pub finished: u64,
    /// Errors by kind.
    pub errors: BTreeMap<String, u64>,
}

impl Tally {
    fn error(&mut self, kind: impl Into<String>) {
        *self.errors.entry(kind.into()).or_default() += 1;
    }
}

/// Plays matches on `conns` (two connections: both seats; one: against the engine) until the
/// run is over; gives the connections back, still open, with what was measured.
pub async fn drive(
    mut conns: Vec<Client>,
    plan: Plan,
    shared: Arc<Shared>,
) -> (Vec<Client>, Tally) {
    let mut slot = Slot {
        rng: Rng::new(plan.seed),
        next_at: Instant::now(),
        deadline: Instant::now(),
        tally: Tally::default(),
        at_finish: false,
        plan,
        shared,
    };
    let mut game = 0;
    let mut next_game = |slot: &Slot| {
        game += 1;
        slot.plan.games[(game - 1) % slot.plan.games.len()].clone()
    };
    let params = next_game(&slot);
    let mut current = slot.open_match(&mut conns, params).await;
    slot.shared.ready.wait().await;
    let (start, deadline) = slot.shared.window().await;
    slot.next_at = start + slot.plan.first_move;
    slot.deadline = deadline;
    loop {
        let result = match current {
            Ok(Some(open)) => slot.play_out(&mut conns, open).await,
            Ok(None) => Ok(()),
            Err(e) => Err(e),
        };
        if let Err(e) = result {
            // A connection that failed cannot go on; the slot stops.
            slot.tally.error(format!("connection: {e:#}"));
            break;
        }
        if slot.over() {
            break;
        }
        let params = next_game(&slot);
        current = slot.open_match(&mut conns, params).await;
    }
    // A slot that stopped early (a failed connection) still passes the finish line.
    slot.finish_line().await;
    (conns, slot.tally)
}

/// A match created (and joined), ready for its first move.
struct Open {
    variant: Variant,
    id: i64,
    start: AnyPosition,
}

struct Slot {
    plan: Plan,
    shared: Arc<Shared>,
    rng: Rng,
    next_at: Instant,
    /// No move is started after this (set with the play window).
    deadline: Instant,
    tally: Tally,
    /// Whether this slot has passed the finish line (`Shared::done`).
    at_finish: bool,
}

/// What came of trying a move.
enum Step {
    /// Acknowledged: the position after it.
    Next(AnyPosition),
    /// The server had already ended the match (an L-game drawn by repetition).
    Over,
    /// Given up: the server refused the move (counted as an error).
    GiveUp,
    /// Not played: the run ends before it is due.
    RunOver,
}

impl Slot {
    /// Creates a match (and joins it with the second connection); `None` when the server
    /// refused. `Err` only when a connection failed.
    async fn open_match(
        &mut self,
        conns: &mut [Client],
        params: GameParams,
    ) -> Result<Option<Open>> {
        let variant = variant(&params)?;
        let create = Request::CreateMatch(NewMatch {
            params,
            start: "random".to_owned(),
            opponent: match &self.plan.engine {
                Some(level) => Opponent::Engine(level.clone()),
                None => Opponent::Human,
            },
            first: First::Me,
            clock: None,
            my_engine: None,
        });
        let created = conns[0].request(create).await;
        let state = match self.accepted(created)? {
            Some(ServerBody::Match { state }) => state,
            Some(other) => return Err(ClientError::unexpected("create_match", &other).into()),
            None => return Ok(None),
        };
        let id = state.match_id;
        let start = variant
            .parse_position(&state.position)
            .map_err(|e| anyhow!("the server's start {:?}: {e}", state.position))?;
        if let Some(second) = conns.get_mut(1) {
            let joined = second.request(Request::Join { match_id: id }).await;
            if self.accepted(joined)?.is_none() {
                return Ok(None);
            }
        }
        Ok(Some(Open { variant, id, start }))
    }

    /// Plays a match to its end (or resigns it at the ply limit or the end of the run).
    async fn play_out(&mut self, conns: &mut [Client], open: Open) -> Result<()> {
        let Open {
            variant,
            id,
            start: mut pos,
        } = open;
        let mut ply = 0u32;
        loop {
            if pos.is_terminal() {
                self.tally.finished += 1;
                return Ok(());
            }
            let mover = if conns.len() == 2 {
                ply as usize % 2
            } else {
                0
            };
            if ply >= self.plan.max_plies || self.over() {
                if self.over() {
                    self.finish_line().await;
                }
                let resign = conns[mover].request(Request::Resign { match_id: id }).await;
                if self.accepted(resign)?.is_some() {
                    self.tally.finished += 1;
                }
                return Ok(());
            }
            let next = match self.make_move(&mut conns[mover], id, &pos).await? {
                Step::Next(next) => next,
                Step::Over => {
                    self.tally.finished += 1;
                    return Ok(());
                }
                step @ (Step::GiveUp | Step::RunOver) => {
                    // Refused (the match is in a state the slot did not expect), or the run
                    // ends before the next move is due: give the match up.
                    if matches!(step, Step::RunOver) {
                        self.finish_line().await;
                    }
                    let resign = conns[mover].request(Request::Resign { match_id: id }).await;
                    self.accepted(resign)?;
                    return Ok(());
                }
            };
            pos = next;
            ply += 1;
            if self.plan.engine.is_some() && !pos.is_terminal() {
                match self.engine_reply(&mut conns[0], id, ply).await? {
                    Some((after, engine_ply)) => {
                        pos = variant
                            .parse_position(&after)
                            .map_err(|e| anyhow!("the server's position {after:?}: {e}"))?;
                        ply = engine_ply;
                    }
                    None => {
                        // The engine resigned, or the match ended another way.
                        self.tally.finished += 1;
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Plays one random legal move at this slot's pace; the position after it once the server
    /// acknowledged it. Retries when the server asks to slow down.
    async fn make_move(&mut self, conn: &mut Client, id: i64, pos: &AnyPosition) -> Result<Step> {
        let moves = pos.legal_moves();
        let mv = &moves[self.rng.below(moves.len() as u64) as usize];
        let next = pos.play(mv).map_err(|e| anyhow!("a generated move: {e}"))?;
        let notation = mv.to_string();
        loop {
            if !self.pace().await {
                return Ok(Step::RunOver);
            }
            if ended(conn, id)? {
                return Ok(Step::Over);
            }
            let started = Instant::now();
            let request = Request::Move {
                match_id: id,
                notation: notation.clone(),
            };
            let reply = conn.request(request).await;
            let elapsed = started.elapsed();
            match reply {
                Ok(ServerBody::MoveAccepted { position, .. }) => {
                    self.tally.samples.push(elapsed);
                    self.shared.moves.fetch_add(1, Ordering::Relaxed);
                    if position != next.to_string() {
                        self.tally
                            .error("move_accepted with an unexpected position");
                    }
                    return Ok(Step::Next(next));
                }
                Ok(other) => return Err(ClientError::unexpected("move", &other).into()),
                // Ended by the server meanwhile (repetition): not an error.
                Err(e) if e.code() == Some(ErrorCode::MatchNotActive) => return Ok(Step::Over),
                Err(ClientError::Server(e)) => {
                    self.tally.error(e.code.as_str());
                    if e.code != ErrorCode::RateLimited {
                        return Ok(Step::GiveUp);
                    }
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Waits for the engine's answer to ply `ply`: its position and ply, or `None` when the
    /// match ended without one.
    async fn engine_reply(
        &mut self,
        conn: &mut Client,
        id: i64,
        ply: u32,
    ) -> Result<Option<(String, u32)>> {
        loop {
            let ServerBody::Match { state } = conn.event().await? else {
                continue;
            };
            if state.match_id != id {
                continue;
            }
            if state.ply > ply {
                return Ok(Some((state.position, state.ply)));
            }
            if state.status != MatchStatus::Playing {
                return Ok(None);
            }
        }
    }

    /// A successful reply; a refusal is counted and gives `None`; a failed connection is
    /// an error.
    fn accepted(&mut self, reply: Result<ServerBody, ClientError>) -> Result<Option<ServerBody>> {
        match reply {
            Ok(body) => Ok(Some(body)),
            Err(ClientError::Server(e)) => {
                self.tally.error(e.code.as_str());
                Ok(None)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Whether the run is over: its deadline passed, or its move budget is spent.
    fn over(&self) -> bool {
        let spent = self.shared.moves.load(Ordering::Relaxed) >= self.shared.max_moves;
        Instant::now() >= self.deadline || spent
    }

    /// Once the run is over, waits for every slot to stop playing, so that closing the
    /// matches (a resignation each) does not slow the last timed moves of others.
    async fn finish_line(&mut self) {
        if !std::mem::replace(&mut self.at_finish, true) {
            self.shared.done.wait().await;
        }
    }

    /// Waits until this slot's next move is due; `false` when that is after the end of the
    /// run. A slot that falls behind does not burst to catch up: the measured rate then
    /// shows what the server could take.
    async fn pace(&mut self) -> bool {
        let Some(interval) = self.plan.interval else {
            return true;
        };
        if self.next_at >= self.deadline {
            return false;
        }
        let now = Instant::now();
        if self.next_at > now {
            tokio::time::sleep_until(self.next_at).await;
        } else {
            self.next_at = now;
        }
        self.next_at += interval;
        true
    }
}

/// Reads the messages that have already arrived (events nobody waits for), so that they are
/// not read inside a timed round trip; `true` when one says match `id` is over. Only the rare
/// state of an ended match is decoded: the load generator must stay cheap beside the server
/// it measures.
fn ended(conn: &mut Client, id: i64) -> Result<bool, ClientError> {
    let over = conn.ready(|text| text.contains(r#""status":"finished""#))?;
    Ok(over.into_iter().any(|m| match m.body {
        ServerBody::Match { state } => state.match_id == id && state.status.is_over(),
        _ => false,
    }))
}

/// The engine's variant for a game and its parameters.
pub fn variant(params: &GameParams) -> Result<Variant> {
    let kind = engine::GameKind::parse(params.game.name()).map_err(|e| anyhow!("{e}"))?;
    Variant::new(kind, params.size, params.k).map_err(|e| anyhow!("game {}: {e}", params.game))
}
