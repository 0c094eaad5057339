//! Running a tournament, by the room's actor: its creation, each round paired and its
//! matches started and followed, the next round when the last game of one ends (or when the
//! teacher says so: the games still under way are then adjudicated by their exact value),
//! late entrants and withdrawals. Every change is stored, then applied, then announced to
//! the whole room.

use engine::{AnyPosition, Rng, Start};
use protocol::{Format, NewTournament, Role, ServerBody, TournamentView};

use super::pairing::round_robin;
use super::state::{outcome_of, LiveTournament, Next};
use super::store::TournamentRow;
use crate::classroom::room::actor::Actor;
use crate::classroom::RoomError;
use crate::clock::unix_ms;
use crate::db::StoredMatch;
use crate::failure::{Context as _, Internal};
use crate::matches::create::{create_with, seated};
use crate::matches::{Action, Command, MatchHandle, PlayerRef};

/// Swiss rounds when the teacher does not say: enough to separate a class of 30 or so.
pub const DEFAULT_SWISS_ROUNDS: u32 = 5;

/// Most rounds a tournament may have.
pub const MAX_ROUNDS: u32 = 100;

impl Actor {
    /// Starts a tournament of `new` among the room's students here now; its first round
    /// begins.
    pub(crate) async fn create_tournament(
        &mut self,
        player: i64,
        new: NewTournament,
    ) -> Result<TournamentView, RoomError> {
        self.state.teacher(player)?;
        let game = crate::convert::game(&new.params)?;
        // The start is checked now: every round would refuse it.
        start_position(game, &new.start, 0, 1)?;
        let entrants: Vec<i64> = self.state.students_here().map(|m| m.player_id).collect();
        if entrants.len() < 2 {
            return Err(RoomError::TooFewStudents {
                room: self.state.code.clone(),
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
        let row = TournamentRow {
            id: 0,
            format: new.format,
            params: crate::convert::params(game),
            start: new.start.trim().to_owned(),
            rounds,
            round: 0,
            clock_initial_ms: new.clock.map(|c| c.initial_ms),
            clock_increment_ms: new.clock.map(|c| c.increment_ms),
            finished: false,
        };
        let id = self
            .deps
            .db
            .create_tournament(self.state.id, row.clone(), entrants.clone(), unix_ms())
            .await
            .context("doing-store-the-tournament")?;
        let t = LiveTournament::new(TournamentRow { id, ..row }, &entrants);
        self.state.tournaments.push(t);
        tracing::info!(
            tournament = id,
            players = entrants.len(),
            "tournament created"
        );
        self.advance(id).await?;
        self.tournament_view(id)
    }

    /// Pairs and starts the next round of tournament `id`, or ends it after its last round
    /// (or when fewer than two players are left).
    async fn advance(&mut self, id: i64) -> Result<(), RoomError> {
        let t = self.tournament(id)?;
        if t.row.finished {
            return Ok(());
        }
        let (round, pairing) = match t.next() {
            Ok(Next::Round(round, pairing)) => (round, pairing),
            Ok(Next::Over) => return self.finish_tournament(id).await,
            Err(e) => return Err(Internal::new("doing-pair-the-round", e).into()),
        };
        let game = crate::convert::game(&t.row.params)?;
        let start = start_position(game, &t.row.start, id, round)?;
        let clock = t.clock();
        let matches = &self.deps.matches;
        let games = pairing.games.iter().map(|g| {
            let seats = [g.first, g.second].map(|id| {
                let name = self.state.name_of(id);
                seated(matches, &PlayerRef { id, name })
            });
            create_with(matches, game, start.clone(), seats, clock)
        });
        let handles: Vec<MatchHandle> = futures_util::future::try_join_all(games)
            .await
            .context("doing-start-the-round-s-matches")?;
        let ids: Vec<i64> = handles.iter().map(|h| h.id).collect();
        self.deps
            .db
            .start_round(id, round, ids.clone(), pairing.bye)
            .await
            .context("doing-store-the-round")?;
        self.tournament_mut(id)?.begin(round, &pairing, &ids);
        tracing::info!(tournament = id, round, games = ids.len(), "round started");
        for handle in handles {
            self.follow(handle);
        }
        self.announce(id);
        Ok(())
    }

    async fn finish_tournament(&mut self, id: i64) -> Result<(), RoomError> {
        self.deps
            .db
            .finish_tournament(id, unix_ms())
            .await
            .context("doing-end-the-tournament")?;
        self.tournament_mut(id)?.row.finished = true;
        tracing::info!(tournament = id, "tournament over");
        self.announce(id);
        Ok(())
    }

    /// Records the result of a game that ended (as stored: a result is stored before it is
    /// announced) and starts the next round when it was the last game of its round.
    pub(crate) async fn tournament_game_over(&mut self, m: &StoredMatch) -> Result<(), RoomError> {
        let Some(outcome) = outcome_of(m.status, m.winner) else {
            return Ok(()); // not over: the server is stopping
        };
        let Some(t) = self.state.tournaments.iter_mut().find(|t| t.has_game(m.id)) else {
            return Ok(());
        };
        let id = t.row.id;
        match t.record(m.id, outcome, m.reason) {
            Some(true) => self.advance(id).await,
            Some(false) => {
                self.announce(id);
                Ok(())
            }
            None => Ok(()), // recorded already (adjudicated by the teacher)
        }
    }

    /// Ends the round now (teachers): every game under way is adjudicated by the exact value
    /// of its position, then the next round is paired.
    pub(crate) async fn next_round(
        &mut self,
        player: i64,
        id: i64,
    ) -> Result<TournamentView, RoomError> {
        self.state.teacher(player)?;
        let t = self.tournament(id)?;
        if t.row.finished {
            return Err(over(id));
        }
        // Every game at once, so that their endings are stored together (one after the other,
        // 500 games took over a second).
        let deps = &self.deps;
        let adjudicated = t.unfinished().into_iter().map(|match_id| async move {
            if let Some(handle) = deps.matches.get(match_id) {
                handle
                    .ask(|reply| Command::Adjudicate { reply })
                    .await
                    .context("doing-adjudicate-a-game")?;
            }
            let stored = deps
                .db
                .load_match(match_id)
                .await
                .context("doing-read-the-game")?;
            Ok::<_, RoomError>(stored)
        });
        let adjudicated = futures_util::future::join_all(adjudicated).await;
        let t = self.tournament_mut(id)?;
        for m in adjudicated.iter().flatten().flatten() {
            if let Some(outcome) = outcome_of(m.status, m.winner) {
                t.record(m.id, outcome, m.reason);
            }
        }
        if let Some(Err(e)) = adjudicated.into_iter().find(Result::is_err) {
            return Err(e);
        }
        self.advance(id).await?;
        self.tournament_view(id)
    }

    /// Adds a student who came late to a Swiss tournament: paired from the next round.
    pub(crate) async fn enter_tournament(
        &mut self,
        player: i64,
        id: i64,
    ) -> Result<TournamentView, RoomError> {
        if self.state.role_of(player) != Some(Role::Student) {
            return Err(RoomError::StudentsOnly {
                room: self.state.code.clone(),
            });
        }
        let t = self.tournament(id)?;
        if t.row.finished {
            return Err(over(id));
        }
        if t.entrants.iter().any(|e| e.id == player) {
            return self.tournament_view(id);
        }
        if t.row.format == Format::RoundRobin {
            return Err(RoomError::RoundRobinFixed);
        }
        self.deps
            .db
            .enter_tournament(id, player)
            .await
            .context("doing-store-the-entrant")?;
        self.tournament_mut(id)?.enter(player);
        self.announce(id);
        self.tournament_view(id)
    }

    /// Withdraws `who` (default: the sender; someone else: teachers only). A game of theirs
    /// under way is resigned; their games count.
    pub(crate) async fn withdraw(
        &mut self,
        player: i64,
        id: i64,
        who: Option<i64>,
    ) -> Result<TournamentView, RoomError> {
        let who = who.unwrap_or(player);
        if who != player {
            self.state.teacher(player)?;
        }
        if !self.tournament(id)?.entrants.iter().any(|e| e.id == who) {
            return Err(RoomError::NotEntrant {
                player: who,
                tournament: id,
            });
        }
        self.deps
            .db
            .withdraw_from_tournament(id, who)
            .await
            .context("doing-store-the-withdrawal")?;
        // Withdrawn first, so that the round the resignation may end pairs them no more.
        for match_id in self.tournament_mut(id)?.withdraw(who) {
            if let Some(handle) = self.deps.matches.get(match_id) {
                let _ = handle
                    .ask(|reply| Command::Act {
                        player: who,
                        action: Action::Resign,
                        reply,
                    })
                    .await;
            }
        }
        self.announce(id);
        self.tournament_view(id)
    }

    /// After a restart: follows the games of each tournament's round under way again, and
    /// starts the next round of one whose round ended while the server was down.
    pub(crate) async fn resume_tournaments(&mut self) -> Result<(), RoomError> {
        let playing: Vec<LiveTournament> = self
            .state
            .tournaments
            .iter()
            .filter(|t| !t.row.finished)
            .cloned()
            .collect();
        for t in playing {
            if t.row.round == 0 || t.round_over() {
                self.advance(t.row.id).await?;
                continue;
            }
            for match_id in t.unfinished() {
                match self.deps.matches.get(match_id) {
                    Some(handle) => self.follow(handle),
                    None => tracing::error!(match_id, "a tournament game under way is not live"),
                }
            }
        }
        Ok(())
    }

    /// Tells the whole room how tournament `id` stands.
    fn announce(&self, id: i64) {
        if let Ok(tournament) = self.tournament_view(id) {
            self.publish_all(ServerBody::Tournament {
                code: self.state.code.clone(),
                tournament,
            });
        }
    }

    /// Tournament `id` as the room sees it.
    fn tournament_view(&self, id: i64) -> Result<TournamentView, RoomError> {
        let s = &self.state;
        Ok(self.tournament(id)?.view(|p| s.name_of(p)))
    }

    fn tournament(&self, id: i64) -> Result<&LiveTournament, RoomError> {
        self.state
            .tournaments
            .iter()
            .find(|t| t.row.id == id)
            .ok_or_else(|| self.no_tournament(id))
    }

    fn tournament_mut(&mut self, id: i64) -> Result<&mut LiveTournament, RoomError> {
        let missing = self.no_tournament(id);
        self.state
            .tournaments
            .iter_mut()
            .find(|t| t.row.id == id)
            .ok_or(missing)
    }

    fn no_tournament(&self, id: i64) -> RoomError {
        RoomError::NoSuchTournament {
            room: self.state.code.clone(),
            tournament: id,
        }
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

fn over(id: i64) -> RoomError {
    RoomError::TournamentOver { tournament: id }
}
