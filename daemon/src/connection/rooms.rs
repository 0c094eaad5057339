//! Room requests, and the room events a connection follows: each room it joined sends its
//! events in the form for the member's role; one that falls behind gets the whole room again.

use axum::extract::ws::Utf8Bytes;
use bytes::Bytes;
use protocol::{Request, ServerBody, ServerMessage, TournamentView};
use tokio_stream::wrappers::errors::BroadcastStreamRecvError;
use tokio_stream::wrappers::BroadcastStream;

use super::refusal::Refusal;
use super::{Connection, Outgoing};
use crate::classroom::{normalize_code, Command, Joined, Reply, RoomError, RoomHandle};
use crate::guard::Guess;
use crate::matches::PlayerRef;

impl Connection {
    /// Handles a room request.
    pub(super) async fn room_request(
        &mut self,
        player: &PlayerRef,
        request: Request,
    ) -> Result<ServerBody, Refusal> {
        let rooms = &self.hub.rooms;
        Ok(match request {
            Request::CreateRoom { name, settings } => {
                let joined = rooms.create(player, &name, settings).await?;
                self.enter(joined)
            }
            Request::JoinRoom {
                code,
                name,
                owner_token,
            } => {
                let here = self.in_room.contains_key(&normalize_code(&code)?);
                // An address past its wrong guesses may not try a code for a while.
                self.hub.failures.check(self.peer)?;
                let joined = rooms
                    .join(player, &code, name.as_deref(), owner_token.as_deref(), here)
                    .await
                    .inspect_err(|e| {
                        let guess = match e {
                            RoomError::NoSuchRoom { .. } | RoomError::NotACode { .. } => {
                                Guess::RoomCode
                            }
                            RoomError::NotOwnerToken { .. } => Guess::OwnerToken,
                            _ => return,
                        };
                        self.hub.failures.failed(self.peer, guess);
                    })?;
                self.enter(joined)
            }
            Request::LeaveRoom { code } => {
                let room = self.room(&code)?;
                let player_id = player.id;
                room.ask(|reply| Command::Leave {
                    player: player_id,
                    reply,
                })
                .await?;
                // No longer a member: this connection follows the room no more.
                let code = normalize_code(&code)?;
                self.room_events.remove(&code);
                self.in_room.remove(&code);
                ServerBody::RoomLeft { code, player_id }
            }
            Request::ConfigureRoom {
                code,
                hints,
                engine,
                exam,
                language,
            } => {
                let room = self.room(&code)?;
                let settings = room
                    .ask(|reply| Command::Configure {
                        player: player.id,
                        hints,
                        engine,
                        exam,
                        language,
                        reply,
                    })
                    .await?;
                ServerBody::RoomSettings {
                    code: room.code,
                    settings,
                }
            }
            Request::ReleaseAnswers { code } => {
                let room = self.room(&code)?;
                room.ask(|reply| Command::ReleaseAnswers {
                    player: player.id,
                    reply,
                })
                .await?;
                ServerBody::AnswersReleased { code: room.code }
            }
            Request::SetExercises {
                code,
                exercises,
                deadline_s,
            } => {
                let room = self.room(&code)?;
                let exercises = room
                    .ask(|reply| Command::SetExercises {
                        player: player.id,
                        specs: exercises,
                        deadline_s,
                        reply,
                    })
                    .await?;
                ServerBody::ExercisesSet {
                    code: room.code,
                    exercises,
                }
            }
            Request::Answer {
                code,
                exercise_id,
                answer,
            } => {
                let room = self.room(&code)?;
                let answer = room
                    .ask(|reply| Command::Answer {
                        player: player.id,
                        exercise_id,
                        answer,
                        reply,
                    })
                    .await?;
                ServerBody::Graded {
                    code: room.code,
                    answer,
                }
            }
            Request::CreateTournament(new) => {
                tournament(self.room(&new.code)?, |reply| Command::CreateTournament {
                    player: player.id,
                    new,
                    reply,
                })
                .await?
            }
            Request::StartSimul(new) => {
                let room = self.room(&new.code)?;
                let simul = room
                    .ask(|reply| Command::StartSimul {
                        player: player.clone(),
                        new,
                        reply,
                    })
                    .await?;
                ServerBody::Simul {
                    code: room.code,
                    simul,
                }
            }
            Request::NextRound {
                code,
                tournament_id,
            } => {
                tournament(self.room(&code)?, |reply| Command::NextRound {
                    player: player.id,
                    tournament: tournament_id,
                    reply,
                })
                .await?
            }
            Request::EnterTournament {
                code,
                tournament_id,
            } => {
                tournament(self.room(&code)?, |reply| Command::EnterTournament {
                    player: player.id,
                    tournament: tournament_id,
                    reply,
                })
                .await?
            }
            Request::WithdrawTournament {
                code,
                tournament_id,
                player_id,
            } => {
                tournament(self.room(&code)?, |reply| Command::Withdraw {
                    player: player.id,
                    tournament: tournament_id,
                    who: player_id,
                    reply,
                })
                .await?
            }
            Request::ExportRoom { code } => {
                let room = self.room(&code)?;
                let content = room
                    .ask(|reply| Command::Export {
                        player: player.id,
                        reply,
                    })
                    .await?;
                ServerBody::RoomExport {
                    code: room.code,
                    content,
                }
            }
            _ => unreachable!("only room requests come here"),
        })
    }

    /// Follows the room's events from now on; the reply is the view.
    fn enter(&mut self, joined: Joined) -> ServerBody {
        let code = joined.room.code.clone();
        self.room_events
            .insert(code.clone(), BroadcastStream::new(joined.events));
        self.in_room.insert(code, joined.room);
        ServerBody::Room { room: joined.view }
    }

    /// A room this connection joined.
    fn room(&self, code: &str) -> Result<RoomHandle, RoomError> {
        let code = normalize_code(code)?;
        self.in_room
            .get(&code)
            .cloned()
            .ok_or(RoomError::NotJoinedHere { room: code })
    }

    /// Queues a room event; after a lag, the whole room as this member sees it.
    pub(super) async fn push_room_event(
        &mut self,
        code: &str,
        event: Result<Bytes, BroadcastStreamRecvError>,
    ) {
        let text = match event {
            Ok(bytes) => Utf8Bytes::try_from(bytes).ok(),
            Err(BroadcastStreamRecvError::Lagged(missed)) => {
                tracing::info!(
                    room = code,
                    missed,
                    "room events missed: the room sent again"
                );
                let player = self.player.as_ref().map_or(-1, |p| p.id);
                match self.in_room.get(code) {
                    Some(room) => room
                        .ask(|reply| Command::View { player, reply })
                        .await
                        .ok()
                        .and_then(|room| {
                            let message = ServerMessage::event(ServerBody::Room { room });
                            serde_json::to_string(&message).ok().map(Utf8Bytes::from)
                        }),
                    None => None,
                }
            }
        };
        if let Some(text) = text {
            self.replies.push(Outgoing::Text(text));
        }
    }

    /// Leaves every room this connection is in (it is closing).
    pub(super) async fn leave_rooms(&mut self) {
        let player = self.player.as_ref().map_or(-1, |p| p.id);
        self.room_events.clear();
        for (_, room) in self.in_room.drain() {
            room.depart(player).await;
        }
    }
}

/// The reply to a tournament request: the tournament as it stands after it.
async fn tournament(
    room: RoomHandle,
    make: impl FnOnce(Reply<TournamentView>) -> Command,
) -> Result<ServerBody, RoomError> {
    let tournament = room.ask(make).await?;
    Ok(ServerBody::Tournament {
        code: room.code,
        tournament,
    })
}
