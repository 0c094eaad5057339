//! Running a tournament: its creation, each round paired and its matches started, every game
//! followed to its end, the next round when the last game of one ends (or when the teacher
//! says so: the games still under way are then adjudicated by their exact value), late
//! entrants and withdrawals. Every change is stored, then announced to the whole room.

use std::sync::Arc;

use engine::{AnyPosition, Rng, Start};
use protocol::{Format, NewTournament, Role, ServerBody, TournamentView};

use super::room::Room;
use super::tournament::{outcome_of, Game, LiveTournament};
use super::{Deps, RoomError, Rooms};
use crate::clock::unix_ms;
use crate::db::TournamentRow;
use crate::failure::{Context as _, Internal};
use crate::matches::create::{create_with, seated};
use crate::matches::{Action, Command, MatchHandle, PlayerRef};
use crate::tournaments::{round_robin, swiss, Bye, Entrant, PairingError};

/// Swiss rounds when the teacher does not say: enough to separate a class of 30 or so.
pub const DEFAULT_SWISS_ROUNDS: u32 = 5;

/// Most rounds a tournament may have.
pub const MAX_ROUNDS: u32 = 100;

impl Rooms {
    /// Starts a tournament of `new` among the room's students here now; its first round begins.
    pub async fn create_tournament(
        &self,
        room: &Arc<Room>,
        player: i64,
        new: NewTournament,
    ) -> Result<TournamentView, RoomError> {
        let deps = &self.deps;
        room.teacher(player)?;
        let game = crate::convert::game(&new.params)?;
        // The start is checked now: every round would refuse it.
        start_position(game, &new.start, 0, 1)?;
        let changing = room.changing.lock().await;
        let entrants: Vec<i64> = {
            let s = room.state();
            s.members
                .iter()
                .filter(|m| m.row.role == Role::Student && m.connections > 0)
                .map(|m| m.row.player_id)
                .collect()
        };
        if entrants.len() < 2 {
            return Err(RoomError::TooFewStudents {
                room: room.code.clone(),
                here: entrants.len(),
            });
        }
        let rounds = match (new.format, new.rounds) {
            (Format::RoundRobin, _) => {
                u32::try_from(round_robin(&entrants).len()).unwrap_or(MAX_ROUNDS)
            }
            (Format::Swiss, Some(r)) => r,
            (Format::Swiss, None) => DEFAULT_SWISS_ROUNDS,
        };
        if rounds == 0 || rounds > MAX_ROUNDS {
            return Err(RoomError::RoundCount {
                rounds,
                most: MAX_ROUNDS,
            });
        }
        let params = crate::convert::params(game);
        let row = TournamentRow {
            id: 0,
            format: new.format,
            params: params.clone(),
            start: new.start.trim().to_owned(),
            rounds,
            round: 0,
            clock_initial_ms: new.clock.map(|c| c.initial_ms),
            clock_increment_ms: new.clock.map(|c| c.increment_ms),
            finished: false,
        };
        let id = deps
            .db
            .create_tournament(room.id, row.clone(), entrants.clone(), unix_ms())
            .await
            .context("store the tournament")?;
        room.state().tournaments.push(LiveTournament {
            row: TournamentRow { id, ..row },
            entrants: entrants
                .iter()
                .map(|&id| Entrant {
                    id,
                    withdrawn: false,
                })
                .collect(),
            games: Vec::new(),
            byes: Vec::new(),
        });
        tracing::info!(room = %room.code, tournament = id, players = entrants.len(), "tournament created");
        advance(deps, room, id).await?;
        drop(changing);
        view(room, id)
    }
}

/// The start of round `round` of tournament `id`: the standard start, one drawn at random
/// for the round (the same on every board), or the position given.
fn start_position(
    game: engine::Game,
    start: &str,
    id: i64,
    round: u32,
) -> Result<AnyPosition, RoomError> {
    let seed = (id as u64)
        .wrapping_mul(0x9E37_79B9)
        .wrapping_add(u64::from(round));
    Ok(game.start(&Start::parse(start), &mut Rng::new(seed))?)
}

/// Pairs and starts the next round of tournament `id`, or ends it after its last round (or
/// when fewer than two players are left). The caller holds `room.changing`.
async fn advance(deps: &Deps, room: &Arc<Room>, id: i64) -> Result<(), RoomError> {
    let Some(t) = room.tournament(id) else {
        return Ok(());
    };
    if t.row.finished {
        return Ok(());
    }
    let round = t.row.round + 1;
    let pairing = match t.row.format {
        _ if round > t.row.rounds => None,
        Format::RoundRobin => {
            let seeds: Vec<i64> = t.entrants.iter().map(|e| e.id).collect();
            round_robin(&seeds)
                .into_iter()
                .nth(round as usize - 1)
                .map(|mut r| {
                    // A withdrawn player's games are not played; nobody gets their bye.
                    let out = |p: i64| t.entrants.iter().any(|e| e.id == p && e.withdrawn);
                    r.games.retain(|g| !out(g.first) && !out(g.second));
                    r.bye = r.bye.filter(|&p| !out(p));
                    r
                })
        }
        Format::Swiss => match swiss(&t.entrants, &t.played(), &t.byes, round) {
            Ok(r) => Some(r),
            Err(PairingError::TooFewPlayers { .. }) => None,
            Err(e) => return Err(Internal::new("pair the round", e).into()),
        },
    };
    let Some(pairing) = pairing else {
        deps.db
            .finish_tournament(id, unix_ms())
            .await
            .context("end the tournament")?;
        if let Some(t) = room.state().tournaments.iter_mut().find(|t| t.row.id == id) {
            t.row.finished = true;
        }
        tracing::info!(room = %room.code, tournament = id, "tournament over");
        announce(room, id);
        return Ok(());
    };
    let game = crate::convert::game(&t.row.params)?;
    let start = start_position(game, &t.row.start, id, round)?;
    let player = |id: i64| PlayerRef {
        id,
        name: room.state().name_of(id),
    };
    let games = pairing.games.iter().map(|g| {
        let (first, second) = (player(g.first), player(g.second));
        let start = start.clone();
        let clock = t.clock();
        let seats = [
            seated(&deps.matches, &first),
            seated(&deps.matches, &second),
        ];
        async move { create_with(&deps.matches, game, start, seats, clock).await }
    });
    let handles: Vec<MatchHandle> = futures_util::future::try_join_all(games)
        .await
        .context("start the round's matches")?;
    let ids: Vec<i64> = handles.iter().map(|h| h.id).collect();
    deps.db
        .start_round(id, round, ids.clone(), pairing.bye)
        .await
        .context("store the round")?;
    if let Some(t) = room.state().tournaments.iter_mut().find(|t| t.row.id == id) {
        t.row.round = round;
        t.games
            .extend(pairing.games.iter().zip(&ids).map(|(g, &match_id)| Game {
                round,
                match_id,
                first: g.first,
                second: g.second,
                outcome: None,
                reason: None,
            }));
        t.byes
            .extend(pairing.bye.map(|player| Bye { round, player }));
    }
    tracing::info!(room = %room.code, tournament = id, round, games = ids.len(), "round started");
    for handle in handles {
        follow(deps.clone(), Arc::clone(room), id, handle);
    }
    announce(room, id);
    Ok(())
}

/// Tells the whole room how tournament `id` stands.
fn announce(room: &Room, id: i64) {
    if let Some(tournament) = room.tournament_view(id) {
        let body = ServerBody::Tournament {
            code: room.code.clone(),
            tournament,
        };
        room.publish(body.clone(), Some(body));
    }
}

/// Tournament `id` as it stands now, for a reply.
fn view(room: &Room, id: i64) -> Result<TournamentView, RoomError> {
    room.tournament_view(id)
        .ok_or_else(|| no_tournament(room, id))
}

/// Follows a tournament game until it ends, then records its result.
pub(super) fn follow(deps: Deps, room: Arc<Room>, id: i64, handle: MatchHandle) {
    tokio::spawn(async move {
        handle.ended().await;
        if let Err(e) = game_over(&deps, &room, id, handle.id).await {
            tracing::error!(room = %room.code, tournament = id, match_id = handle.id, error = %e, "a tournament game's end was not recorded");
        }
    });
}

/// Records the result of match `match_id` (from the database, where it is stored before it
/// is announced) and starts the next round when it was the last game of its round.
async fn game_over(deps: &Deps, room: &Arc<Room>, id: i64, match_id: i64) -> Result<(), RoomError> {
    let stored = deps
        .db
        .load_match(match_id)
        .await
        .context("read the game")?;
    let Some((outcome, reason)) =
        stored.and_then(|m| Some((outcome_of(m.status, m.winner)?, m.reason)))
    else {
        return Ok(()); // not over: the server is stopping
    };
    let _changing = room.changing.lock().await;
    let advance_now = {
        let mut s = room.state();
        let Some(t) = s.tournaments.iter_mut().find(|t| t.row.id == id) else {
            return Ok(());
        };
        match t.games.iter_mut().find(|g| g.match_id == match_id) {
            Some(g) if g.outcome.is_none() => {
                g.outcome = Some(outcome);
                g.reason = reason;
            }
            _ => return Ok(()), // recorded already (adjudicated by the teacher)
        }
        t.round_over()
    };
    if advance_now {
        advance(deps, room, id).await
    } else {
        announce(room, id);
        Ok(())
    }
}

impl Rooms {
    /// Ends the round now (teachers): every game under way is adjudicated by the exact value of
    /// its position, then the next round is paired.
    pub async fn next_round(
        &self,
        room: &Arc<Room>,
        player: i64,
        id: i64,
    ) -> Result<TournamentView, RoomError> {
        let deps = &self.deps;
        room.teacher(player)?;
        let _changing = room.changing.lock().await;
        let t = room.tournament(id).ok_or_else(|| no_tournament(room, id))?;
        if t.row.finished {
            return Err(over(id));
        }
        // Every game at once, so that their endings are stored together (one after the other,
        // 500 games took over a second).
        let adjudicated = t.unfinished().into_iter().map(|match_id| async move {
            if let Some(handle) = deps.matches.get(match_id) {
                handle
                    .ask(|reply| Command::Adjudicate { reply })
                    .await
                    .context("adjudicate a game")?;
            }
            let stored = deps
                .db
                .load_match(match_id)
                .await
                .context("read the game")?;
            Ok::<_, RoomError>((
                match_id,
                stored.as_ref().and_then(|m| outcome_of(m.status, m.winner)),
                stored.and_then(|m| m.reason),
            ))
        });
        let adjudicated = futures_util::future::join_all(adjudicated).await;
        if let Some(t) = room.state().tournaments.iter_mut().find(|t| t.row.id == id) {
            for &(match_id, outcome, reason) in adjudicated.iter().flatten() {
                if let Some(g) = t.games.iter_mut().find(|g| g.match_id == match_id) {
                    g.outcome = outcome;
                    g.reason = reason;
                }
            }
        }
        if let Some(Err(e)) = adjudicated.into_iter().find(Result::is_err) {
            return Err(e);
        }
        advance(deps, room, id).await?;
        view(room, id)
    }

    /// Adds a student who came late to a Swiss tournament: paired from the next round.
    pub async fn enter_tournament(
        &self,
        room: &Arc<Room>,
        player: i64,
        id: i64,
    ) -> Result<TournamentView, RoomError> {
        let deps = &self.deps;
        if room.role_of(player) != Some(Role::Student) {
            return Err(RoomError::StudentsOnly {
                room: room.code.clone(),
            });
        }
        let _changing = room.changing.lock().await;
        let t = room.tournament(id).ok_or_else(|| no_tournament(room, id))?;
        if t.row.finished {
            return Err(over(id));
        }
        if t.entrants.iter().any(|e| e.id == player) {
            return view(room, id);
        }
        if t.row.format == Format::RoundRobin {
            return Err(RoomError::RoundRobinFixed);
        }
        deps.db
            .enter_tournament(id, player)
            .await
            .context("store the entrant")?;
        if let Some(t) = room.state().tournaments.iter_mut().find(|t| t.row.id == id) {
            t.entrants.push(Entrant {
                id: player,
                withdrawn: false,
            });
        }
        announce(room, id);
        view(room, id)
    }

    /// Withdraws `who` (default: the sender; someone else: teachers only). A game of theirs under
    /// way is resigned; their games count.
    pub async fn withdraw(
        &self,
        room: &Arc<Room>,
        player: i64,
        id: i64,
        who: Option<i64>,
    ) -> Result<TournamentView, RoomError> {
        let deps = &self.deps;
        let who = who.unwrap_or(player);
        if who != player {
            room.teacher(player)?;
        }
        let t = room.tournament(id).ok_or_else(|| no_tournament(room, id))?;
        if !t.entrants.iter().any(|e| e.id == who) {
            return Err(RoomError::NotEntrant {
                player: who,
                tournament: id,
            });
        }
        let changing = room.changing.lock().await;
        deps.db
            .withdraw_from_tournament(id, who)
            .await
            .context("store the withdrawal")?;
        if let Some(t) = room.state().tournaments.iter_mut().find(|t| t.row.id == id) {
            for e in t.entrants.iter_mut().filter(|e| e.id == who) {
                e.withdrawn = true;
            }
        }
        drop(changing);
        // Withdrawn first, so that the round the resignation may end pairs them no more.
        for g in t
            .games
            .iter()
            .filter(|g| g.outcome.is_none() && (g.first == who || g.second == who))
        {
            if let Some(handle) = deps.matches.get(g.match_id) {
                let _ = handle
                    .ask(|reply| Command::Act {
                        player: who,
                        action: Action::Resign,
                        reply,
                    })
                    .await;
            }
        }
        announce(room, id);
        view(room, id)
    }
}

/// After a restart: follows the games of each tournament's round under way again, and
/// starts the next round of one whose round ended while the server was down.
pub async fn resume(deps: &Deps, room: &Arc<Room>) -> Result<(), RoomError> {
    let _changing = room.changing.lock().await;
    let playing: Vec<LiveTournament> = room
        .state()
        .tournaments
        .iter()
        .filter(|t| !t.row.finished)
        .cloned()
        .collect();
    for t in playing {
        if t.row.round == 0 || t.round_over() {
            advance(deps, room, t.row.id).await?;
            continue;
        }
        for match_id in t.unfinished() {
            match deps.matches.get(match_id) {
                Some(handle) => follow(deps.clone(), Arc::clone(room), t.row.id, handle),
                None => {
                    tracing::error!(room = %room.code, match_id, "a tournament game under way is not live")
                }
            }
        }
    }
    Ok(())
}

fn no_tournament(room: &Room, id: i64) -> RoomError {
    RoomError::NoSuchTournament {
        room: room.code.clone(),
        tournament: id,
    }
}

fn over(id: i64) -> RoomError {
    RoomError::TournamentOver { tournament: id }
}

impl Room {
    /// A copy of tournament `id`.
    pub(super) fn tournament(&self, id: i64) -> Option<LiveTournament> {
        self.state()
            .tournaments
            .iter()
            .find(|t| t.row.id == id)
            .cloned()
    }

    /// Tournament `id` as the room sees it.
    pub fn tournament_view(&self, id: i64) -> Option<TournamentView> {
        let s = self.state();
        let t = s.tournaments.iter().find(|t| t.row.id == id)?;
        Some(t.view(|p| s.name_of(p)))
    }
}
