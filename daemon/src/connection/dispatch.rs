//! Requests after the handshake: matches, moves, analysis.

use std::sync::Arc;

use protocol::{Request, ServerBody};
use tokio::sync::watch;
use tokio_stream::wrappers::WatchStream;

use super::refusal::{Refusal, SessionError};
use super::{Connection, Outgoing};
use crate::failure::Context as _;
use crate::matches::{self, Action, Command, MatchHandle, Snapshot};
use crate::queries;

impl Connection {
    /// Handles request `id`: the body of its reply, or `None` when what to send is queued
    /// already (a query's answer, written as JSON at once; a refused `hello` and its close).
    pub(super) async fn dispatch(
        &mut self,
        id: u64,
        request: Request,
    ) -> Result<Option<ServerBody>, Refusal> {
        if let Request::Hello {
            protocol,
            name,
            token,
            access_code,
        } = request
        {
            return self
                .hello(protocol, &name, token.as_deref(), access_code.as_deref())
                .await;
        }
        let Some(player) = self.player.clone() else {
            return Err(SessionError::HelloFirst.into());
        };
        if let Some(what) = exam_keeps(&request) {
            self.hub.exam.allows(player.id, what).await?;
        }
        if let Some((room, why)) = withheld(&request)
            .then(|| self.hub.rooms.hints_withheld(player.id))
            .flatten()
        {
            return Err(SessionError::HintsWithheld { room, why }.into());
        }
        // Research takes turns, a fair share per player; the turn is held until the answer.
        let _turn = match researching(&request) {
            true => Some(self.hub.research.turn(player.id).await?),
            false => None,
        };
        let body = match request {
            Request::Hello { .. } => unreachable!("handled above"),
            Request::CreateRoom { .. }
            | Request::JoinRoom { .. }
            | Request::LeaveRoom { .. }
            | Request::ConfigureRoom { .. }
            | Request::ReleaseAnswers { .. }
            | Request::SetExercises { .. }
            | Request::Answer { .. }
            | Request::ExportRoom { .. }
            | Request::CreateTournament(_)
            | Request::StartSimul(_)
            | Request::NextRound { .. }
            | Request::EnterTournament { .. }
            | Request::WithdrawTournament { .. } => self.room_request(&player, request).await?,
            Request::Ping {} => ServerBody::Pong,
            Request::Lobby { offset, limit } => {
                let page = protocol::limits::LOBBY_PAGE;
                let limit = limit.unwrap_or(page).min(page) as usize;
                let offset = offset.unwrap_or(0) as usize;
                let lobby = self.hub.matches.lobby(offset, limit);
                // The totals are said when the page does not show everything.
                let total =
                    |shown: usize, all: usize| (offset > 0 || shown < all).then_some(all as u64);
                ServerBody::Lobby {
                    open_total: total(lobby.open.len(), lobby.open_total),
                    playing_total: total(lobby.playing.len(), lobby.playing_total),
                    open: lobby.open,
                    playing: lobby.playing,
                }
            }
            Request::CreateMatch(req) => {
                let levels = [req.my_engine.as_deref(), engine_level(&req.opponent)];
                if let Some(e) = levels
                    .into_iter()
                    .flatten()
                    .find_map(|l| self.hub.rooms.engine_refused(player.id, l))
                {
                    return Err(e.into());
                }
                let (handle, state) =
                    matches::create_match(&self.hub.matches, &player, req).await?;
                self.follow(handle.id, handle.changes_since_made());
                ServerBody::Match { state }
            }
            Request::Join { match_id } => {
                let handle = self.live(match_id)?;
                let (state, changes) = handle
                    .ask(|reply| Command::Join {
                        player: player.clone(),
                        reply,
                    })
                    .await?;
                self.follow(handle.id, changes);
                ServerBody::Match { state }
            }
            Request::Watch { match_id } => match self.hub.matches.get(match_id) {
                Some(handle) => {
                    // Following first: a change after the state was read is then sent too.
                    self.follow(handle.id, handle.subscribe());
                    let state = handle.state().await?;
                    ServerBody::Match { state }
                }
                None => ServerBody::Match {
                    state: self.stored_state(match_id).await?,
                },
            },
            Request::Unwatch { match_id } => {
                self.following.remove(&match_id);
                ServerBody::Done { match_id }
            }
            Request::Move { match_id, notation } => {
                let handle = self.live(match_id)?;
                let a = handle
                    .ask(|reply| Command::Move {
                        player: player.id,
                        text: notation,
                        reply,
                    })
                    .await?;
                ServerBody::MoveAccepted {
                    match_id,
                    ply: a.ply,
                    notation: a.notation,
                    position: a.position,
                }
            }
            Request::Resign { match_id } => self.act(match_id, Action::Resign).await?,
            Request::OfferDraw { match_id } => self.act(match_id, Action::OfferDraw).await?,
            Request::AcceptDraw { match_id } => self.act(match_id, Action::AcceptDraw).await?,
            Request::DeclineDraw { match_id } => self.act(match_id, Action::DeclineDraw).await?,
            Request::Abort { match_id } => self.act(match_id, Action::Abort).await?,
            Request::Rematch { match_id } => self.act(match_id, Action::Rematch).await?,
            Request::Query {
                params,
                position,
                limit,
            } => {
                let answer = queries::classify(&self.hub, &params, &position, limit).await?;
                // Written as JSON straight from the engine's values: see `wire`.
                let json = queries::classification(Some(id), &answer);
                self.replies.push(Outgoing::Text(json.into()));
                return Ok(None);
            }
            Request::Table {
                params,
                rows,
                cols,
                layer,
            } => ServerBody::Table(
                queries::table(&self.hub, &params, rows, cols, layer, self.reporter(id)).await?,
            ),
            Request::Check(q) => {
                ServerBody::Check(queries::check(&self.hub, q, self.reporter(id)).await?)
            }
            Request::CheckNamed(q) => {
                ServerBody::CheckNamed(queries::check_named(&self.hub, q, self.reporter(id)).await?)
            }
            Request::Guess(q) => {
                ServerBody::Guess(queries::guess(&self.hub, q, self.reporter(id)).await?)
            }
            Request::NamedChecks {} => ServerBody::NamedChecks {
                checks: queries::named_checks(),
            },
            Request::Periodicity(q) => ServerBody::Periodicity(
                queries::periodicity(&self.hub, q, self.reporter(id)).await?,
            ),
            Request::Sequence(q) => {
                ServerBody::Sequence(queries::sequence(&self.hub, q, self.reporter(id)).await?)
            }
            Request::Games { filter } => ServerBody::Games {
                games: queries::games(&self.hub, filter).await?,
            },
            Request::Game {
                match_id,
                from,
                limit,
            } => {
                let (game, page) = queries::game(&self.hub, match_id, from, limit).await?;
                ServerBody::Game {
                    game,
                    from: page.from,
                    next: page.next,
                    moves: page.moves,
                }
            }
            Request::Review {
                match_id,
                from,
                limit,
            } => {
                let (page, total, board_before) =
                    queries::review(&self.hub, match_id, from, limit).await?;
                ServerBody::Review {
                    match_id,
                    from: page.from,
                    total,
                    next: page.next,
                    board_before,
                    moves: page.moves,
                }
            }
            Request::Export { match_id, format } => {
                let (content, unannotated) = queries::export(&self.hub, match_id, format).await?;
                ServerBody::Export {
                    match_id,
                    format,
                    content,
                    unannotated,
                }
            }
            Request::Import { text } => ServerBody::Imported {
                match_id: queries::import(&self.hub, &text).await?,
            },
        };
        Ok(Some(body))
    }

    async fn act(&self, match_id: i64, action: Action) -> Result<ServerBody, Refusal> {
        let player = self.player.as_ref().map_or(-1, |p| p.id);
        let handle = match action {
            // A finished match may have left memory: a rematch brings it back.
            Action::Rematch => matches::restore::revive(&self.hub.matches, match_id)
                .await
                .context("doing-bring-the-match-back")?
                .ok_or(SessionError::NoLiveMatch { match_id })?,
            _ => self.live(match_id)?,
        };
        handle
            .ask(|reply| Command::Act {
                player,
                action,
                reply,
            })
            .await?;
        Ok(ServerBody::Done { match_id })
    }

    /// A live match, or the error saying why it cannot be played.
    fn live(&self, match_id: i64) -> Result<MatchHandle, SessionError> {
        self.hub
            .matches
            .get(match_id)
            .ok_or(SessionError::NoLiveMatch { match_id })
    }

    /// The state of a match that is no longer live, from the database.
    async fn stored_state(&self, match_id: i64) -> Result<protocol::MatchState, Refusal> {
        let stored = self
            .hub
            .db
            .load_match(match_id)
            .await
            .context("doing-read-the-match")?
            .ok_or(SessionError::NoMatch { match_id })?;
        let model = matches::restore::rebuild(stored, self.hub.config.repetition_limit)
            .context("doing-replay-the-stored-match")?;
        Ok(model.state(crate::clock::now_ms()))
    }

    /// Sends the states `changes` announces to this client. The receiver must be taken no
    /// later than the state in the reply was read, so that no change in between is lost; the
    /// connection's loop writes the reply before it looks at the followed matches again.
    fn follow(&mut self, match_id: i64, changes: watch::Receiver<Arc<Snapshot>>) {
        if !self.following.contains_key(&match_id) {
            self.following
                .insert(match_id, WatchStream::from_changes(changes));
        }
    }
}

/// Whether a request asks the server for values, which a room with hints off withholds
/// from its students while they have an exercise to answer.
fn withheld(request: &Request) -> bool {
    matches!(
        request,
        Request::Query { .. }
            | Request::Table { .. }
            | Request::Review { .. }
            | Request::Periodicity(_)
            | Request::Sequence(_)
            | Request::Check(_)
            | Request::CheckNamed(_)
            | Request::Guess(_)
    )
}

/// What an exam keeps from everyone but its teachers, if `request` asks for it: values
/// (`analysis`), the engine (`engine`: it plays the solution), a rematch (`rematch`, of a
/// game against it), an exhibition against the engine (`simul`).
fn exam_keeps(request: &Request) -> Option<&'static str> {
    match request {
        r if withheld(r) => Some("analysis"),
        Request::CreateMatch(new)
            if new.my_engine.is_some() || engine_level(&new.opponent).is_some() =>
        {
            Some("engine")
        }
        Request::Rematch { .. } => Some("rematch"),
        Request::StartSimul(new) if matches!(new.host, protocol::Opponent::Engine(_)) => {
            Some("simul")
        }
        _ => None,
    }
}

/// Whether a request is research: work over whole tables, which takes turns (see `pool`).
/// A `table` is too when it reaches beyond the stored tables, which may mean solving one.
fn researching(request: &Request) -> bool {
    match request {
        Request::Check(_)
        | Request::CheckNamed(_)
        | Request::Guess(_)
        | Request::Periodicity(_)
        | Request::Sequence(_)
        | Request::Export { .. } => true,
        Request::Table { rows, cols, .. } => {
            let far = |s: &Option<protocol::Span>| s.is_some_and(|s| s.to > RESEARCH_FROM);
            far(rows) || far(cols)
        }
        _ => false,
    }
}

/// Tables reaching past this are research (the engine's boards are up to 4096 wide).
const RESEARCH_FROM: u64 = crate::solver::ENGINE_MAX_BOARD;

/// The engine level a match's opponent plays at, if the engine.
fn engine_level(opponent: &protocol::Opponent) -> Option<&str> {
    match opponent {
        protocol::Opponent::Engine(level) => Some(level),
        protocol::Opponent::Human => None,
    }
}
