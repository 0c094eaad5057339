//! One match as plain data, and the rules of a match: seats and turns, moves and repetitions,
//! clocks, draw offers, aborts and rematches. No IO and no async: the actor asks here what a
//! request would do (or why it is refused, a [`MatchError`]), stores that, and only then
//! applies it.

use std::collections::HashMap;

use engine::{AnyPosition, Convention, Game, GameKind, Level, Position as _};
use protocol::{ClockSpec, ComponentInfo, MatchStatus, MoveRecord, Outcome, Reason, Seat};

use super::clocks::Clocks;
use super::error::{EngineView, MatchError};
use super::Action;

/// Who sits in a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Occupant {
    /// Nobody yet: the match waits for a second player.
    Empty,
    /// A person.
    Player {
        /// Their id.
        id: i64,
        /// Their name.
        name: String,
        /// Connected now.
        connected: bool,
    },
    /// The engine at a level.
    Engine(Level),
}

impl Occupant {
    /// The player id, when a person sits here.
    pub fn player_id(&self) -> Option<i64> {
        match self {
            Occupant::Player { id, .. } => Some(*id),
            _ => None,
        }
    }
}

/// What a request other than a move comes to, once the rules of the match allow it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// The match ends so: a resignation, an abort, a draw agreed.
    End(Outcome),
    /// The seat offers a draw.
    OfferDraw(Seat),
    /// The offer to the seat is declined.
    DeclineDraw,
    /// The seat asks for a rematch; the other has not asked yet.
    OfferRematch(Seat),
    /// Both asked (or the other seat is the engine): the rematch starts.
    StartRematch,
}

/// A move that passed the rules but is not stored yet.
#[derive(Debug, Clone)]
pub struct Pending {
    /// Its ply (1 = first move).
    pub ply: u32,
    /// Who plays it.
    pub seat: Seat,
    /// Canonical notation.
    pub notation: String,
    /// The position after it.
    pub position: AnyPosition,
    /// Thinking time used.
    pub time_ms: u64,
    /// The mover's clock after the move (with increment).
    pub clock_ms: Option<u64>,
    /// The result, when this move ends the match.
    pub finish: Option<Outcome>,
    /// For a draw by repetition: the plies at which the position occurred.
    pub repetition_plies: Vec<u32>,
}

/// A match in memory.
#[derive(Debug, Clone)]
pub struct Model {
    /// Its id in the database.
    pub id: i64,
    /// Game, parameters and convention.
    pub game: Game,
    /// Where it started.
    pub start: AnyPosition,
    /// Where it stands.
    pub position: AnyPosition,
    /// Seat 0 moves first.
    pub seats: [Occupant; 2],
    /// Every move so far.
    pub history: Vec<MoveRecord>,
    /// Waiting, playing, finished or aborted.
    pub status: MatchStatus,
    /// Set once over.
    pub result: Option<Outcome>,
    /// For a draw by repetition: the plies at which the repeated position occurred.
    pub repetition_plies: Vec<u32>,
    /// The clocks, if the match has them.
    pub clocks: Option<Clocks>,
    /// A pending draw offer.
    pub draw_offer: Option<Seat>,
    /// A pending rematch request.
    pub rematch_offer: Option<Seat>,
    /// A game a room paired (a tournament's, an exhibition's): it cannot be aborted.
    pub paired: bool,
    /// When a match still waiting for an opponent is called off (monotonic ms): an open
    /// match nobody takes does not stay in the lobby for ever.
    pub expires_at: Option<u64>,
    /// The match this is a rematch of.
    pub rematch_of: Option<i64>,
    /// The rematch of this match, once created.
    pub rematch: Option<i64>,
    /// The third (configurable) occurrence of a position ends the match as a draw.
    pub repetition_limit: u32,
    /// Where the current turn began (monotonic ms), for thinking time.
    pub turn_started: u64,
    /// When each seat's player, away, loses by abandonment (monotonic ms), unless one of
    /// their connections opens first. Only people can be away.
    pub abandon_at: [Option<u64>; 2],
    /// Position (with side to move) → the plies at which it occurred. Kept for the L-game
    /// only: in the other games every move makes the position smaller, so none repeats.
    occurrences: HashMap<String, Vec<u32>>,
    /// A sum's components with their values, for the board (see [`Model::value_components`]).
    components: Option<Vec<ComponentInfo>>,
}

impl Model {
    /// A new match at ply 0.
    pub fn new(
        id: i64,
        start: AnyPosition,
        seats: [Occupant; 2],
        clock: Option<ClockSpec>,
        repetition_limit: u32,
        now: u64,
    ) -> Model {
        let status = if seats.contains(&Occupant::Empty) {
            MatchStatus::Waiting
        } else {
            MatchStatus::Playing
        };
        let mut m = Model {
            id,
            game: Game::normal(start.variant()),
            position: start.clone(),
            start,
            seats,
            history: Vec::new(),
            status,
            result: None,
            repetition_plies: Vec::new(),
            clocks: clock.map(Clocks::new),
            draw_offer: None,
            rematch_offer: None,
            paired: false,
            expires_at: None,
            rematch_of: None,
            rematch: None,
            repetition_limit: repetition_limit.max(2),
            turn_started: now,
            abandon_at: [None, None],
            occurrences: HashMap::new(),
            components: None,
        };
        m.remember(0, &m.start.clone());
        if m.status == MatchStatus::Playing {
            m.start_clock(now);
        }
        m
    }

    /// Moves played.
    pub fn ply(&self) -> u32 {
        self.history.len() as u32
    }

    /// The seat to move, while playing.
    pub fn to_move(&self) -> Option<Seat> {
        (self.status == MatchStatus::Playing).then_some((self.ply() % 2) as Seat)
    }

    /// The seat of player `id`, if they have one.
    pub fn seat_of(&self, id: i64) -> Option<Seat> {
        (0..2u8).find(|&s| self.seats[usize::from(s)].player_id() == Some(id))
    }

    /// Whether the game (not the match) can be drawn by agreement: only the L-game has
    /// draws; the impartial games always end.
    pub fn draws_possible(&self) -> bool {
        self.game.kind() == GameKind::LGame
    }

    /// Counts an occurrence of `p` at `ply`, in a game whose positions can repeat.
    fn remember(&mut self, ply: u32, p: &AnyPosition) {
        if self.draws_possible() {
            let key = self.key(ply, p);
            self.occurrences.entry(key).or_default().push(ply);
        }
    }

    fn key(&self, ply: u32, p: &AnyPosition) -> String {
        format!("{p}|{}", ply % 2)
    }

    fn start_clock(&mut self, now: u64) {
        let to_move = self.to_move();
        if let (Some(c), Some(seat)) = (self.clocks.as_mut(), to_move) {
            c.start(seat, now);
        }
        self.turn_started = now;
    }

    /// The seat a joining player `id` takes: the free one of a waiting match.
    pub fn free_seat_for(&self, id: i64) -> Result<Seat, MatchError> {
        if self.status != MatchStatus::Waiting {
            return Err(self.not_active());
        }
        if self.seat_of(id).is_some() {
            return Err(MatchError::AlreadySeated { match_id: self.id });
        }
        (0..2u8)
            .find(|&s| self.seats[usize::from(s)] == Occupant::Empty)
            .ok_or_else(|| self.not_active())
    }

    /// Fills the empty seat with a person; the match starts.
    pub fn seat_player(&mut self, seat: Seat, id: i64, name: String, now: u64) {
        self.seats[usize::from(seat)] = Occupant::Player {
            id,
            name,
            connected: true,
        };
        self.status = MatchStatus::Playing;
        self.start_clock(now);
    }

    /// Checks a move by player `id` (or the engine, `id = None`) without changing anything.
    pub fn check_move(&self, id: Option<i64>, text: &str, now: u64) -> Result<Pending, MatchError> {
        let seat = self.check_turn(id)?;
        self.prepare(seat, text, now)
    }

    /// The move `text` by `seat`, whose turn it is, checked against the rules (not against
    /// who sends it: callers check that first, or replay stored moves).
    pub fn prepare(&self, seat: Seat, text: &str, now: u64) -> Result<Pending, MatchError> {
        let (mv, position) = self.position.play_text(text)?;
        let ply = self.ply() + 1;
        let time_ms = now.saturating_sub(self.turn_started);
        let clock_ms = self.clocks.as_ref().map(|c| c.after_move(seat, now));
        let mut finish = None;
        let mut repetition_plies = Vec::new();
        if position.is_terminal() {
            // Normal play: the last mover wins; misère play: the last mover loses.
            let winner = match self.game.convention() {
                Convention::Normal => seat,
                Convention::Misere => 1 - seat,
            };
            finish = Some(Outcome {
                winner: Some(winner),
                reason: terminal_reason(self.game.kind()),
            });
        } else if self.draws_possible() {
            let mut plies = self
                .occurrences
                .get(&self.key(ply, &position))
                .cloned()
                .unwrap_or_default();
            plies.push(ply);
            if plies.len() as u32 >= self.repetition_limit {
                finish = Some(Outcome {
                    winner: None,
                    reason: Reason::Repetition,
                });
                repetition_plies = plies;
            }
        }
        Ok(Pending {
            ply,
            seat,
            notation: mv.to_string(),
            position,
            time_ms,
            clock_ms,
            finish,
            repetition_plies,
        })
    }

    /// The seat of the mover, if it is their turn in a match under way.
    pub fn check_turn(&self, id: Option<i64>) -> Result<Seat, MatchError> {
        let seat = self.check_seat(id)?;
        if self.status != MatchStatus::Playing {
            return Err(self.not_active());
        }
        if self.to_move() != Some(seat) {
            return Err(MatchError::NotYourTurn {
                match_id: self.id,
                to_move: (self.ply() % 2) as Seat,
            });
        }
        Ok(seat)
    }

    /// The seat of player `id` (or of the engine whose turn it is when `id` is `None`).
    pub fn check_seat(&self, id: Option<i64>) -> Result<Seat, MatchError> {
        match id {
            Some(id) => self
                .seat_of(id)
                .ok_or(MatchError::NotYourSeat { match_id: self.id }),
            None => self
                .to_move()
                .filter(|&s| matches!(self.seats[usize::from(s)], Occupant::Engine(_)))
                .ok_or(MatchError::NotTheEnginesTurn { match_id: self.id }),
        }
    }

    /// The refusal of a request that needs the match in another state.
    pub fn not_active(&self) -> MatchError {
        MatchError::NotActive {
            match_id: self.id,
            status: self.status,
            result: self.result,
        }
    }

    /// What `action` by player `id` comes to, or why the rules of the match refuse it.
    /// `engine_view` gives the engine's view of the position, when it sits in the other seat
    /// and is offered a draw (asked only then): it takes the draw exactly when best play
    /// draws, and otherwise declines at once, saying why.
    pub fn decide(
        &self,
        id: i64,
        action: Action,
        engine_view: impl FnOnce() -> EngineView,
    ) -> Result<Decision, MatchError> {
        let seat = self.check_seat(Some(id))?;
        let other = 1 - seat;
        let playing = self.status == MatchStatus::Playing;
        let engine_opposite = matches!(self.seats[usize::from(other)], Occupant::Engine(_));
        let draw = || Outcome {
            winner: None,
            reason: Reason::AgreedDraw,
        };
        match action {
            Action::Resign if playing => Ok(Decision::End(Outcome {
                winner: Some(other),
                reason: Reason::Resignation,
            })),
            Action::Abort if self.paired && !self.status.is_over() => {
                Err(MatchError::PairedNoAbort { match_id: self.id })
            }
            Action::Abort if self.ply() == 0 && !self.status.is_over() => {
                Ok(Decision::End(Outcome {
                    winner: None,
                    reason: Reason::Aborted,
                }))
            }
            Action::Abort if !self.status.is_over() => {
                Err(MatchError::TooLateToAbort { match_id: self.id })
            }
            Action::OfferDraw | Action::AcceptDraw | Action::DeclineDraw
                if !self.draws_possible() =>
            {
                Err(MatchError::NoDraws {
                    game: self.game.kind(),
                })
            }
            Action::OfferDraw | Action::AcceptDraw if playing => {
                if self.draw_offer == Some(other) {
                    return Ok(Decision::End(draw()));
                }
                if engine_opposite && action == Action::OfferDraw {
                    return match engine_view() {
                        EngineView::Draw => Ok(Decision::End(draw())),
                        view => Err(MatchError::EngineDeclinesDraw { view }),
                    };
                }
                if action == Action::AcceptDraw {
                    Err(MatchError::NoOfferToAccept)
                } else {
                    Ok(Decision::OfferDraw(seat))
                }
            }
            Action::DeclineDraw if playing => match self.draw_offer == Some(other) {
                true => Ok(Decision::DeclineDraw),
                false => Err(MatchError::NoOfferToDecline),
            },
            Action::Rematch if self.status.is_over() => {
                if let Some(rematch) = self.rematch {
                    return Err(MatchError::RematchExists { rematch });
                }
                match engine_opposite || self.rematch_offer == Some(other) {
                    true => Ok(Decision::StartRematch),
                    false => Ok(Decision::OfferRematch(seat)),
                }
            }
            _ => Err(self.not_active()),
        }
    }

    /// Applies a decision that does not end the match (an ending is stored first, then
    /// applied with [`Model::end`]).
    pub fn note(&mut self, decision: Decision) {
        match decision {
            Decision::OfferDraw(seat) => self.draw_offer = Some(seat),
            Decision::DeclineDraw => self.draw_offer = None,
            Decision::OfferRematch(seat) => self.rematch_offer = Some(seat),
            Decision::End(_) | Decision::StartRematch => {}
        }
    }

    /// Records the rematch that started.
    pub fn rematch_started(&mut self, id: i64) {
        self.rematch = Some(id);
        self.rematch_offer = None;
    }

    /// Ends the match at `now` without a move (resignation, agreement, flag, abandonment).
    pub fn end(&mut self, outcome: Outcome, now: u64) {
        self.stop_clock(now);
        self.finish(outcome, Vec::new());
    }

    /// Applies a stored move.
    pub fn apply(&mut self, p: Pending, now: u64) {
        if let Some(c) = self.clocks.as_mut() {
            let ms = p.clock_ms.unwrap_or_else(|| c.left(p.seat, now));
            c.moved(p.seat, ms);
        }
        self.history.push(MoveRecord {
            ply: p.ply,
            seat: p.seat,
            notation: p.notation,
            position: p.position.to_string(),
            time_ms: p.time_ms,
        });
        self.remember(p.ply, &p.position);
        self.position = p.position;
        self.draw_offer = None;
        match p.finish {
            Some(o) => self.finish(o, p.repetition_plies),
            None => self.start_clock(now),
        }
    }

    /// Values the components of a sum's current position, for the board that shows each
    /// with its Grundy number (none in exam mode); nothing for other games. The actor calls
    /// it whenever the position changes.
    pub fn value_components(&mut self, knowledge: Option<&engine::Knowledge>) {
        self.components = knowledge
            .and_then(|k| crate::convert::components(k, &self.position, self.game.convention()));
    }

    /// Ends the match.
    pub fn finish(&mut self, outcome: Outcome, repetition_plies: Vec<u32>) {
        self.status = outcome.status();
        self.result = Some(outcome);
        self.repetition_plies = repetition_plies;
        self.draw_offer = None;
        if let Some(c) = self.clocks.as_mut() {
            // Callers stop the clock at the right moment first (see `stop_clock`).
            c.running = None;
        }
    }

    /// Stops the running clock at `now` (used when a flag falls or the match ends early).
    pub fn stop_clock(&mut self, now: u64) {
        if let Some(c) = self.clocks.as_mut() {
            c.stop(now);
        }
    }

    /// The flag that has fallen at `now`, if any: the seat whose time is up.
    pub fn flag_fallen(&self, now: u64) -> Option<Seat> {
        let seat = self.clocks.as_ref()?.fallen(now)?;
        (self.status == MatchStatus::Playing).then_some(seat)
    }

    /// How many times the position has occurred so far (1 where no draw by repetition
    /// exists).
    pub fn repetitions(&self) -> u32 {
        match self.draws_possible() {
            true => {
                let key = self.key(self.ply(), &self.position);
                self.occurrences.get(&key).map_or(0, |v| v.len() as u32)
            }
            false => 1,
        }
    }

    /// A sum's components with their values, as the board shows them.
    pub fn components(&self) -> Option<&[ComponentInfo]> {
        self.components.as_deref()
    }

    /// When the match is called off for want of an opponent, while it waits for one.
    pub fn expiry(&self) -> Option<u64> {
        self.expires_at
            .filter(|_| self.status == MatchStatus::Waiting)
    }

    /// The seat whose player is away and loses first, and when, while the match is under
    /// way.
    pub fn abandonment(&self) -> Option<(Seat, u64)> {
        if self.status != MatchStatus::Playing {
            return None;
        }
        (0..2u8)
            .filter_map(|s| self.abandon_at[usize::from(s)].map(|t| (s, t)))
            .min_by_key(|&(_, t)| t)
    }
}

/// How a game ends when the player to move has no move.
pub fn terminal_reason(kind: GameKind) -> Reason {
    match kind {
        GameKind::Queen | GameKind::Rook | GameKind::Horse | GameKind::Dragon => {
            Reason::CornerReached
        }
        // A defined piece may be stuck short of the corner (a knight on 1,0).
        GameKind::Corner => Reason::NoMoveLeft,
        GameKind::Nim => Reason::LastStone,
        // A heap may be left that no move can take (subtraction 2,5 leaves heaps of 1).
        GameKind::Heap => Reason::NoMoveLeft,
        GameKind::Chocolate => Reason::PoisonLeft,
        GameKind::LGame => Reason::LBlocked,
        GameKind::Sum => Reason::NoMoveLeft,
    }
}
