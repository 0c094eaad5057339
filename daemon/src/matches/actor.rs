//! The match actor: one task per live match, the only writer of its state. Every change is
//! committed to the database before it is acknowledged or published.

use std::sync::Arc;
use std::time::Duration;

use engine::{Level, Outcome as Value, Rng};
use protocol::{Outcome, Reason, Seat};
use tokio::sync::{mpsc, watch};
use tracing::Instrument;

use super::error::{EngineView, MatchError};
use super::model::{Decision, Occupant, Pending};
use super::Matches;
use super::{Accepted, Action, Command, MatchHandle, Model, Snapshot, COMMAND_QUEUE};
use crate::clock::{instant_at, now_ms, unix_ms};
use crate::db::{Finish, NewMove};
use crate::presence::{Seen, Watch};
use crate::solver::Solver;

/// How long a finished match with a rematch offer waiting for an answer stays in memory.
const OFFER_LINGER: Duration = Duration::from_secs(600);

/// Starts the actor of `model` and registers it as live.
pub fn spawn(matches: &Arc<Matches>, model: Model) -> MatchHandle {
    let (tx, rx) = mpsc::channel(COMMAND_QUEUE);
    let started = now_ms();
    let presence = [0, 1].map(|s: usize| {
        let id = model.seats[s].player_id()?;
        Some(matches.presence.watch(id))
    });
    let first = Snapshot::new(&model.event_view(started));
    let mut actor = Actor {
        matches: matches.clone(),
        model,
        tx: tx.clone(),
        state: watch::Sender::new(Arc::new(first)),
        engine_for: None,
        presence,
        started,
    };
    // A player not connected at the start (a match restored after a restart) has the grace
    // period to come back.
    let changed = actor.sync_presence(0) | actor.sync_presence(1);
    actor.publish_if(changed);
    let handle = MatchHandle {
        id: actor.model.id,
        tx,
        state: actor.state.subscribe(),
    };
    matches.insert(handle.clone());
    // A root span: the match outlives the connection whose request created it.
    let (id, game) = (actor.model.id, actor.model.game.kind());
    let span = tracing::info_span!(parent: None, "match", id, game = %game);
    tokio::spawn(actor.run(rx).instrument(span));
    handle
}

struct Actor {
    matches: Arc<Matches>,
    model: Model,
    /// For the engine task to send its move back.
    tx: mpsc::Sender<Command>,
    state: watch::Sender<Arc<Snapshot>>,
    /// The ply the engine is thinking about, so it is asked once per turn.
    engine_for: Option<u32>,
    /// Each seated person's presence: here while they have a connection open.
    presence: [Option<Watch>; 2],
    /// When this actor started (monotonic ms): a player away since before then has the
    /// whole grace period from then.
    started: u64,
}

impl Actor {
    async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        loop {
            self.schedule_engine();
            let deadline = self.model.clocks.as_ref().and_then(|c| c.deadline());
            let abandon = self.model.abandonment();
            let expiry = self.model.expiry();
            let over = self.model.status.is_over();
            let changed = tokio::select! {
                cmd = rx.recv() => match cmd {
                    // Boxed: handling a command is a large future, needed only meanwhile.
                    Some(cmd) => Box::pin(self.handle(cmd)).await,
                    None => break,
                },
                _ = tokio::time::sleep_until(instant_at(deadline.unwrap_or(0))), if deadline.is_some() => {
                    self.flag_fall().await
                }
                _ = tokio::time::sleep_until(instant_at(abandon.map_or(0, |(_, t)| t))), if abandon.is_some() => {
                    self.abandon().await
                }
                _ = tokio::time::sleep_until(instant_at(expiry.unwrap_or(0))), if expiry.is_some() => {
                    self.expire().await
                }
                seat = presence_changed(&self.presence) => self.sync_presence(seat),
                _ = tokio::time::sleep(self.linger()), if over => break,
            };
            if changed {
                self.publish();
            }
        }
        self.matches.remove(self.model.id);
        tracing::debug!("match actor stopped");
    }

    /// How long this finished match stays in memory without a request: a rematch asked for
    /// later brings it back from the database (`restore::revive`), so a busy server does not
    /// keep every game of the last minutes; an offer not yet answered is kept longer.
    fn linger(&self) -> Duration {
        match self.model.rematch_offer {
            Some(_) => OFFER_LINGER.max(self.matches.config.linger),
            None => self.matches.config.linger,
        }
    }

    fn publish_if(&self, changed: bool) {
        if changed {
            self.publish();
        }
    }

    fn publish(&self) {
        let snapshot = Snapshot::new(&self.model.event_view(now_ms()));
        self.state.send_replace(Arc::new(snapshot));
    }

    /// Handles one command; returns whether the state changed and is not published yet. A
    /// change asked for is published before it is answered: the asker's connection then
    /// writes its reply and the event together.
    async fn handle(&mut self, cmd: Command) -> bool {
        match cmd {
            Command::Join { player, reply } => {
                let result = self.join(player).await;
                self.publish_if(result.is_ok());
                let state = result.map(|()| (self.model.state(now_ms()), self.state.subscribe()));
                let _ = reply.send(state);
                false
            }
            Command::Move {
                player,
                text,
                reply,
            } => {
                let result = self.play(Some(player), &text).await;
                self.publish_if(result.is_ok());
                let _ = reply.send(result);
                false
            }
            Command::Act {
                player,
                action,
                reply,
            } => {
                let result = self.act(player, action).await;
                self.publish_if(result.is_ok());
                let _ = reply.send(result);
                false
            }
            Command::State { reply } => {
                let _ = reply.send(Ok(self.model.state(now_ms())));
                false
            }
            Command::Revalue => {
                self.matches.value_components(&mut self.model);
                true
            }
            Command::Adjudicate { reply } => {
                let result = self.adjudicate().await;
                self.publish_if(result.is_ok());
                let _ = reply.send(result);
                false
            }
            Command::EngineMove { ply, result } => {
                if self.engine_for != Some(ply) || self.model.ply() + 1 != ply {
                    return false; // stale: the match moved on (resignation, flag)
                }
                self.engine_for = None;
                match result {
                    Ok(text) => match self.play(None, &text).await {
                        Ok(_) => true,
                        Err(e) => {
                            tracing::error!(error = ?e, "engine move refused");
                            self.engine_resigns().await
                        }
                    },
                    Err(e) => {
                        tracing::error!(error = ?e, "engine could not move");
                        self.engine_resigns().await
                    }
                }
            }
        }
    }

    async fn join(&mut self, player: super::PlayerRef) -> Result<(), MatchError> {
        let seat = self.model.free_seat_for(player.id)?;
        self.matches
            .db
            .start_match(self.model.id, seat, player.id, unix_ms())
            .await
            .map_err(|e| MatchError::internal("doing-seat-you", e))?;
        self.model
            .seat_player(seat, player.id, player.name, now_ms());
        self.presence[usize::from(seat)] = Some(self.matches.presence.watch(player.id));
        self.sync_presence(usize::from(seat));
        tracing::info!(seat, player = player.id, "joined");
        Ok(())
    }

    /// Reads the presence of the player in `seat`; returns whether their seat's `connected`
    /// changed.
    fn sync_presence(&mut self, seat: usize) -> bool {
        let Some(watch) = self.presence[seat].as_mut() else {
            return false;
        };
        let seen = watch.now();
        let grace = self.matches.config.abandon_after.as_millis() as u64;
        self.model.abandon_at[seat] = match seen {
            Seen::Here => None,
            Seen::AwaySince(since) => Some(since.max(self.started) + grace),
        };
        match &mut self.model.seats[seat] {
            Occupant::Player { connected, .. } if *connected != (seen == Seen::Here) => {
                *connected = seen == Seen::Here;
                tracing::info!(seat, connected = *connected, "presence");
                true
            }
            _ => false,
        }
    }

    /// Checks, stores, then applies a move by player `id` (or the engine, `None`).
    async fn play(&mut self, id: Option<i64>, text: &str) -> Result<Accepted, MatchError> {
        let now = now_ms();
        if let Some(seat) = self.model.flag_fallen(now) {
            self.flag(seat, now).await?;
            return Err(self.model.not_active());
        }
        let pending = self.model.check_move(id, text, now)?;
        self.store(&pending).await?;
        let accepted = Accepted {
            ply: pending.ply,
            notation: pending.notation.clone(),
            position: pending.position.to_string(),
        };
        tracing::debug!(ply = pending.ply, mv = %pending.notation, "move");
        if let Some(o) = pending.finish {
            tracing::info!(reason = o.reason.as_str(), winner = ?o.winner, "match over");
        }
        self.model.apply(pending, now);
        self.matches.value_components(&mut self.model);
        Ok(accepted)
    }

    async fn store(&self, p: &Pending) -> Result<(), MatchError> {
        let mv = NewMove {
            match_id: self.model.id,
            ply: p.ply,
            seat: p.seat,
            notation: p.notation.clone(),
            position: p.position.to_string(),
            time_ms: p.time_ms,
            clock_ms: p.clock_ms,
            played_at: unix_ms(),
        };
        let finish = p
            .finish
            .map(|o| Finish::new(o, p.repetition_plies.clone(), unix_ms()));
        self.matches
            .db
            .add_move(mv, finish)
            .await
            .map_err(|e| MatchError::internal("doing-store-your-move", e))
    }

    /// Ends the match with `outcome`, stored first.
    async fn end(&mut self, outcome: Outcome, now: u64) -> Result<(), MatchError> {
        self.matches
            .db
            .finish_match(self.model.id, Finish::new(outcome, Vec::new(), unix_ms()))
            .await
            .map_err(|e| MatchError::internal("doing-end-the-match", e))?;
        tracing::info!(reason = outcome.reason.as_str(), winner = ?outcome.winner, "match over");
        self.model.end(outcome, now);
        self.engine_for = None;
        Ok(())
    }

    async fn flag(&mut self, seat: Seat, now: u64) -> Result<(), MatchError> {
        let outcome = Outcome {
            winner: Some(1 - seat),
            reason: Reason::FlagFall,
        };
        self.end(outcome, now).await
    }

    async fn flag_fall(&mut self) -> bool {
        let now = now_ms();
        match self.model.flag_fallen(now) {
            Some(seat) => self.flag(seat, now).await.is_ok(),
            None => false,
        }
    }

    /// Calls off a match nobody joined in time (see `Config::waiting_lifetime`).
    async fn expire(&mut self) -> bool {
        if self.model.expiry().is_none() {
            return false;
        }
        let outcome = Outcome {
            winner: None,
            reason: Reason::Aborted,
        };
        tracing::info!("nobody joined: called off");
        match self.end(outcome, now_ms()).await {
            Ok(()) => true,
            Err(e) => {
                // Tried again later rather than at once, over and over.
                tracing::error!(error = %e, "cannot call off the match; trying again in a minute");
                self.model.expires_at = Some(now_ms().saturating_add(60_000));
                false
            }
        }
    }

    /// Ends the match: the player away too long loses.
    async fn abandon(&mut self) -> bool {
        let Some((seat, _)) = self.model.abandonment() else {
            return false;
        };
        let outcome = Outcome {
            winner: Some(1 - seat),
            reason: Reason::Abandonment,
        };
        self.end(outcome, now_ms()).await.is_ok()
    }

    /// Ends a match under way by the exact value of its position: the player to move wins a
    /// won position and loses a lost one; a drawn one (or one whose value is out of reach) is
    /// a draw. A match that is over already is left as it is.
    async fn adjudicate(&mut self) -> Result<(), MatchError> {
        if self.model.status.is_over() {
            return Ok(());
        }
        let winner = match self.model.to_move() {
            Some(seat) => {
                let knowledge = self.matches.solver.for_question(&self.model.position).await;
                match knowledge.value_in(&self.model.position, self.model.game.convention()) {
                    Ok(a) if a.value.outcome == Value::Win => Some(seat),
                    Ok(a) if a.value.outcome == Value::Loss => Some(1 - seat),
                    _ => None,
                }
            }
            // Nobody to move: a match still waiting for its second player.
            None => None,
        };
        let outcome = Outcome {
            winner,
            reason: Reason::Adjudication,
        };
        self.end(outcome, now_ms()).await
    }

    async fn engine_resigns(&mut self) -> bool {
        let Some(seat) = self.model.to_move() else {
            return false;
        };
        let outcome = Outcome {
            winner: Some(1 - seat),
            reason: Reason::Resignation,
        };
        self.end(outcome, now_ms()).await.is_ok()
    }

    /// Carries out `action` by `player` as the rules of the match decide: an ending is
    /// stored first, a rematch created first.
    async fn act(&mut self, player: i64, action: Action) -> Result<(), MatchError> {
        let decision = self.model.decide(player, action, || self.engine_view())?;
        match decision {
            Decision::End(outcome) => self.end(outcome, now_ms()).await,
            Decision::StartRematch => {
                let id = super::create::create_rematch(&self.matches, &self.model).await?;
                self.model.rematch_started(id);
                Ok(())
            }
            other => {
                self.model.note(other);
                Ok(())
            }
        }
    }

    /// How the engine sees the position, for a draw offer: the value for the player to move,
    /// turned to the engine's side.
    fn engine_view(&self) -> EngineView {
        let knowledge = self.matches.solver.current();
        let Ok(answer) = knowledge.value_in(&self.model.position, self.model.game.convention())
        else {
            return EngineView::Unknown;
        };
        let engine_to_move = self
            .model
            .to_move()
            .is_some_and(|s| matches!(self.model.seats[usize::from(s)], Occupant::Engine(_)));
        match (answer.value.outcome, engine_to_move) {
            (Value::Draw, _) => EngineView::Draw,
            (Value::Win, true) | (Value::Loss, false) => EngineView::Wins,
            (Value::Win, false) | (Value::Loss, true) => EngineView::Loses,
        }
    }

    /// Starts the engine thinking when it is its turn (once per turn).
    fn schedule_engine(&mut self) {
        let Some(seat) = self.model.to_move() else {
            return;
        };
        let Occupant::Engine(level) = self.model.seats[usize::from(seat)] else {
            return;
        };
        let ply = self.model.ply() + 1;
        if self.engine_for == Some(ply) {
            return;
        }
        self.engine_for = Some(ply);
        let (matches, tx, pos, convention) = (
            self.matches.clone(),
            self.tx.clone(),
            self.model.position.clone(),
            self.model.game.convention(),
        );
        // The same match and ply always give the same move: games replay exactly.
        let seed = (self.model.id as u64)
            .wrapping_mul(0x9E37_79B9)
            .wrapping_add(u64::from(ply));
        tokio::spawn(
            async move {
                tokio::time::sleep(matches.config.engine_delay).await;
                let result = think(&matches.solver, pos, convention, level, seed).await;
                let _ = tx.send(Command::EngineMove { ply, result }).await;
            }
            .in_current_span(),
        );
    }
}

/// Completes when the presence of a seated player changes, with the seat.
fn presence_changed(watches: &[Option<Watch>; 2]) -> impl std::future::Future<Output = usize> {
    let [a, b] = watches.each_ref().map(|w| w.as_ref().map(Watch::changed));
    async move {
        let wait = |w: Option<_>| async move {
            match w {
                Some(changed) => changed.await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            () = wait(a) => 0,
            () = wait(b) => 1,
        }
    }
}

/// The engine's move, computed on a blocking thread so no match waits for another's engine;
/// or why it has none, for the log.
async fn think(
    solver: &Solver,
    pos: engine::AnyPosition,
    convention: engine::Convention,
    level: Level,
    seed: u64,
) -> Result<String, String> {
    let knowledge = solver.covering(&pos).await.map_err(|e| e.to_string())?;
    tokio::task::spawn_blocking(move || {
        engine::choose_in(&knowledge, &pos, level, &mut Rng::new(seed), convention)
            .map(|m| m.to_string())
            .map_err(|e| crate::failure::rules_english(&e))
    })
    .await
    .map_err(|e| format!("the engine's task failed: {e}"))?
}
