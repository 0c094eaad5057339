//! A room's actor: the one task that changes its state. It takes requests in the order they
//! come; the slow work a request starts (drawing and solving exercises, grading an answer, a
//! game being played) runs beside it as futures it owns, and their results come back to it
//! as [`Done`]. Every change is stored before it is applied, then announced. A room nobody is
//! in, with nothing under way, stops after `room_linger` and is read back from the database
//! when asked for.

use std::sync::Arc;

use bytes::Bytes;
use futures_util::future::BoxFuture;
use futures_util::stream::{FuturesUnordered, StreamExt as _};
use protocol::{ServerBody, ServerMessage};
use tokio::sync::{broadcast, mpsc, watch};
use tracing::Instrument as _;

use super::{Command, Policy, Reply, RoomHandle, State, COMMAND_QUEUE, EVENT_BACKLOG};
use crate::classroom::exercises::{Graded, Made};
use crate::classroom::{Deps, Live, RoomError};
use crate::clock::unix_ms;
use crate::db::{DbError, StoredMatch};
use crate::matches::MatchHandle;

/// What came back of the work a room started.
pub(crate) enum Done {
    /// A set of exercises was drawn and solved.
    Made(Made),
    /// An answer was graded and stored.
    Graded(Graded),
    /// A game of a tournament or an exhibition ended (or its match stopped: the server is
    /// stopping); the stored match says how.
    GameOver {
        match_id: i64,
        stored: Result<Option<Box<StoredMatch>>, DbError>,
    },
}

/// The actor of a live room.
pub(crate) struct Actor {
    pub(crate) deps: Deps,
    pub(crate) state: State,
    /// Events in the form teachers see.
    teachers: broadcast::Sender<Bytes>,
    /// Events in the form students see.
    students: broadcast::Sender<Bytes>,
    policy: watch::Sender<Arc<Policy>>,
    /// The work under way, owned here: no task outlives the room.
    work: FuturesUnordered<BoxFuture<'static, Done>>,
}

/// Starts the actor of `state` and registers it in `live`; with `resume`, it first takes up
/// the tournaments and exhibitions under way (a room read back from the database).
pub(crate) fn spawn(deps: Deps, live: Arc<Live>, state: State, resume: bool) -> RoomHandle {
    let (tx, rx) = mpsc::channel(COMMAND_QUEUE);
    let policy = watch::Sender::new(Arc::new(state.policy()));
    let handle = RoomHandle {
        code: state.code.clone(),
        tx,
        policy: policy.subscribe(),
    };
    let actor = Actor {
        deps,
        state,
        teachers: broadcast::Sender::new(EVENT_BACKLOG),
        students: broadcast::Sender::new(EVENT_BACKLOG),
        policy,
        work: FuturesUnordered::new(),
    };
    live.insert(handle.clone());
    let span = tracing::info_span!(parent: None, "room", code = %handle.code);
    tokio::spawn(actor.run(rx, live, handle.clone(), resume).instrument(span));
    handle
}

impl Actor {
    async fn run(
        mut self,
        mut rx: mpsc::Receiver<Command>,
        live: Arc<Live>,
        me: RoomHandle,
        resume: bool,
    ) {
        if resume {
            self.resume().await;
            self.publish_policy();
        }
        let linger = self.deps.config.room_linger;
        loop {
            let idle = !self.state.anyone_here() && self.work.is_empty();
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    // Boxed: handling a request is a large future, needed only meanwhile.
                    Some(cmd) => Box::pin(self.handle(cmd)).await,
                    None => break,
                },
                Some(done) = self.work.next(), if !self.work.is_empty() => {
                    Box::pin(self.finish(done)).await
                }
                _ = tokio::time::sleep(linger), if idle => {
                    live.remove(&me);
                    tracing::info!("room nobody is in let go (back from the database when asked for)");
                    break;
                }
            }
        }
    }

    async fn handle(&mut self, cmd: Command) {
        match cmd {
            Command::Join {
                player,
                name,
                owner_token,
                here,
                reply,
            } => {
                // A join publishes what the server knows of the room when it changed it.
                let _ = reply.send(self.join(&player, name, owner_token, here).await);
            }
            // Readers and comings and goings change nothing the rest of the server knows.
            Command::Depart { player } => self.depart(player),
            Command::Leave { player, reply } => {
                let result = self.leave(player).await;
                self.reply(reply, result);
            }
            Command::View { player, reply } => {
                let _ = reply.send(Ok(self.state.view(player, unix_ms())));
            }
            Command::Configure {
                player,
                hints,
                engine,
                exam,
                language,
                reply,
            } => {
                let result = self.configure(player, hints, engine, exam, language).await;
                self.reply(reply, result);
            }
            Command::ReleaseAnswers { player, reply } => {
                let result = self.release_answers(player).await;
                self.reply(reply, result);
            }
            Command::SetExercises {
                player,
                specs,
                deadline_s,
                reply,
            } => self.set_exercises(player, specs, deadline_s, reply),
            Command::Answer {
                player,
                exercise_id,
                answer,
                reply,
            } => self.answer(player, exercise_id, answer, reply),
            Command::Export { player, reply } => {
                let csv = self
                    .state
                    .teacher(player)
                    .map(|()| self.state.results_csv());
                let _ = reply.send(csv);
            }
            Command::CreateTournament { player, new, reply } => {
                let result = self.create_tournament(player, new).await;
                self.reply(reply, result);
            }
            Command::NextRound {
                player,
                tournament,
                reply,
            } => {
                let result = self.next_round(player, tournament).await;
                self.reply(reply, result);
            }
            Command::EnterTournament {
                player,
                tournament,
                reply,
            } => {
                let result = self.enter_tournament(player, tournament).await;
                self.reply(reply, result);
            }
            Command::Withdraw {
                player,
                tournament,
                who,
                reply,
            } => {
                let result = self.withdraw(player, tournament, who).await;
                self.reply(reply, result);
            }
            Command::StartSimul { player, new, reply } => {
                let result = self.start_simul(&player, new).await;
                self.reply(reply, result);
            }
        }
    }

    async fn finish(&mut self, done: Done) {
        match done {
            Done::Made(made) => self.exercises_made(made).await,
            Done::Graded(graded) => self.graded(graded),
            Done::GameOver { match_id, stored } => {
                let stored = match stored {
                    Ok(Some(m)) => m,
                    Ok(None) => return,
                    Err(e) => {
                        tracing::error!(match_id, error = %e, "a room's game could not be read");
                        return;
                    }
                };
                if let Err(e) = self.game_over(&stored).await {
                    tracing::error!(match_id, error = %e, "a room's game's end was not recorded");
                }
                self.publish_policy();
            }
        }
    }

    /// Answers a request, once what the rest of the server knows of the room is up to date:
    /// a student told their answer is graded may ask for values at once.
    pub(crate) fn reply<T>(&self, reply: Reply<T>, result: Result<T, RoomError>) {
        self.publish_policy();
        let _ = reply.send(result);
    }

    /// Starts `work` beside the actor; its result comes back to [`Actor::finish`].
    pub(crate) fn start(&mut self, work: impl std::future::Future<Output = Done> + Send + 'static) {
        self.work.push(Box::pin(work));
    }

    /// Follows a match of a tournament or an exhibition until it ends.
    pub(crate) fn follow(&mut self, handle: MatchHandle) {
        let db = self.deps.db.clone();
        self.start(async move {
            handle.ended().await;
            Done::GameOver {
                match_id: handle.id,
                stored: db.load_match(handle.id).await.map(|m| m.map(Box::new)),
            }
        });
    }

    /// Records the end of a followed game in the tournament or the exhibition it is part of.
    async fn game_over(&mut self, m: &StoredMatch) -> Result<(), RoomError> {
        if self.state.tournaments.iter().any(|t| t.has_game(m.id)) {
            return self.tournament_game_over(m).await;
        }
        self.board_over(m);
        Ok(())
    }

    /// After a restart: the tournaments and exhibitions under way go on.
    async fn resume(&mut self) {
        if let Err(e) = self.resume_tournaments().await {
            tracing::error!(error = %e, "a room's tournaments could not be taken up again");
        }
        self.resume_simuls();
    }

    /// Sends an event to teachers and, when `students` gives their form of it, to students.
    pub(crate) fn publish(&self, teachers: ServerBody, students: Option<ServerBody>) {
        let write = |body| {
            Bytes::from(serde_json::to_string(&ServerMessage::event(body)).unwrap_or_default())
        };
        // Nobody listening is not an error: the state is kept, and sent on the next join.
        let _ = self.teachers.send(write(teachers));
        if let Some(body) = students {
            let _ = self.students.send(write(body));
        }
    }

    /// Sends the same event to everyone in the room.
    pub(crate) fn publish_all(&self, body: ServerBody) {
        self.publish(body.clone(), Some(body));
    }

    /// The events of `role`, from now on.
    pub(crate) fn subscribe(&self, role: protocol::Role) -> broadcast::Receiver<Bytes> {
        match role {
            protocol::Role::Teacher => self.teachers.subscribe(),
            protocol::Role::Student => self.students.subscribe(),
        }
    }

    /// Tells the rest of the server what the room keeps from its students, when it changed.
    pub(super) fn publish_policy(&self) {
        let now = self.state.policy();
        self.policy.send_if_modified(|p| {
            let changed = **p != now;
            if changed {
                *p = Arc::new(now);
            }
            changed
        });
    }
}
