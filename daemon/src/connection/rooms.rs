//! Room requests, and the room events a connection follows: each room it joined sends its
//! events in the form for the member's role; one that falls behind gets the whole room again.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use bytes::Bytes;
use protocol::{Request, ServerBody, ServerMessage};
use tokio_stream::wrappers::errors::BroadcastStreamRecvError;
use tokio_stream::wrappers::BroadcastStream;

use super::refusal::Refusal;
use super::{Connection, Outgoing};
use crate::guard::Guess;
use crate::matches::PlayerRef;
use crate::rooms::{normalize_code, Joined, Room, RoomError};

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
            Request::ConfigureRoom {
                code,
                hints,
                engine,
                exam,
            } => {
                let room = self.room(&code)?;
                ServerBody::RoomSettings {
                    code: room.code.clone(),
                    settings: rooms
                        .configure(&room, player.id, hints, engine, exam)
                        .await?,
                }
            }
            Request::ReleaseAnswers { code } => {
                let room = self.room(&code)?;
                rooms.release_answers(&room, player.id).await?;
                ServerBody::AnswersReleased {
                    code: room.code.clone(),
                }
            }
            Request::SetExercises {
                code,
                exercises,
                deadline_s,
            } => {
                let room = self.room(&code)?;
                ServerBody::ExercisesSet {
                    code: room.code.clone(),
                    exercises: rooms
                        .set_exercises(&room, player.id, exercises, deadline_s)
                        .await?,
                }
            }
            Request::Answer {
                code,
                exercise_id,
                answer,
            } => {
                let room = self.room(&code)?;
                ServerBody::Graded {
                    code: room.code.clone(),
                    answer: rooms.answer(&room, player.id, exercise_id, &answer).await?,
                }
            }
            Request::CreateTournament(new) => {
                let room = self.room(&new.code)?;
                ServerBody::Tournament {
                    code: room.code.clone(),
                    tournament: rooms.create_tournament(&room, player.id, new).await?,
                }
            }
            Request::StartSimul(new) => {
                let room = self.room(&new.code)?;
                ServerBody::Simul {
                    code: room.code.clone(),
                    simul: rooms.start_simul(&room, player, new).await?,
                }
            }
            Request::NextRound {
                code,
                tournament_id,
            } => {
                let room = self.room(&code)?;
                ServerBody::Tournament {
                    code: room.code.clone(),
                    tournament: rooms.next_round(&room, player.id, tournament_id).await?,
                }
            }
            Request::EnterTournament {
                code,
                tournament_id,
            } => {
                let room = self.room(&code)?;
                ServerBody::Tournament {
                    code: room.code.clone(),
                    tournament: rooms
                        .enter_tournament(&room, player.id, tournament_id)
                        .await?,
                }
            }
            Request::WithdrawTournament {
                code,
                tournament_id,
                player_id,
            } => {
                let room = self.room(&code)?;
                ServerBody::Tournament {
                    code: room.code.clone(),
                    tournament: rooms
                        .withdraw(&room, player.id, tournament_id, player_id)
                        .await?,
                }
            }
            Request::ExportRoom { code } => {
                let room = self.room(&code)?;
                room.teacher(player.id)?;
                ServerBody::RoomExport {
                    code: room.code.clone(),
                    content: room.results_csv(),
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
    fn room(&self, code: &str) -> Result<Arc<Room>, RoomError> {
        let code = normalize_code(code)?;
        self.in_room
            .get(&code)
            .cloned()
            .ok_or(RoomError::NotJoinedHere { room: code })
    }

    /// Queues a room event; after a lag, the whole room as this member sees it.
    pub(super) fn push_room_event(
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
                self.in_room.get(code).and_then(|room| {
                    let message = ServerMessage::event(ServerBody::Room {
                        room: room.view(player),
                    });
                    serde_json::to_string(&message).ok().map(Utf8Bytes::from)
                })
            }
        };
        if let Some(text) = text {
            self.replies.push(Outgoing::Text(text));
        }
    }

    /// Leaves every room this connection is in (it is closing).
    pub(super) fn leave_rooms(&mut self) {
        let player = self.player.as_ref().map_or(-1, |p| p.id);
        self.room_events.clear();
        for (_, room) in self.in_room.drain() {
            room.depart(player);
        }
    }
}
