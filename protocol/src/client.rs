//! Messages from a client. Each carries an `id` that the reply echoes.

use serde::{Deserialize, Serialize};

use crate::game::ClockSpec;
use crate::queries::{ExportFormat, GameQuery, Span};
use crate::research::{CheckQuery, GuessQuery, NamedCheckQuery, PeriodicityQuery, SequenceQuery};
use crate::room::{ExerciseSpec, RoomSettings};
use crate::simul::NewSimul;
use crate::tournament::NewTournament;
use crate::variant::GameParams;

/// A client message: a request with its id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ClientMessage {
    /// Chosen by the client; the reply carries the same id.
    pub id: u64,
    /// What is asked.
    #[serde(flatten)]
    pub request: Request,
}

/// Who plays the other seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Opponent {
    /// Another person, who joins by the match id.
    Human,
    /// The engine at a level: `easy`, `medium` or `perfect`.
    Engine(String),
}

/// Who moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum First {
    /// The creator.
    #[default]
    Me,
    /// The opponent.
    Them,
    /// Decided by the server at random.
    Random,
}

/// How a match starts: `standard`, `random` (not trivially decided), or a position in the
/// notation of docs/NOTATION.md.
pub type StartSpec = String;

/// What `create_match` asks for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct NewMatch {
    /// Game and parameters.
    #[serde(flatten)]
    pub params: GameParams,
    /// `standard` (default), `random`, or a position.
    #[serde(default = "standard")]
    pub start: StartSpec,
    /// `human` or `{"engine": "perfect"}`.
    pub opponent: Opponent,
    /// Who moves first (default `me`).
    #[serde(default)]
    pub first: First,
    /// An optional clock, `5+3`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
    /// Let the engine at this level play the creator's seat too (engine against engine,
    /// for watching); the creator then follows as a spectator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub my_engine: Option<String>,
}

impl Opponent {
    /// The engine at `level`.
    pub fn engine(level: &str) -> Opponent {
        Opponent::Engine(level.to_owned())
    }
}

impl NewMatch {
    /// A match of `params` against `opponent`: the standard start, the creator moving first,
    /// no clock. The other fields have setters.
    pub fn new(params: GameParams, opponent: Opponent) -> NewMatch {
        NewMatch {
            params,
            start: standard(),
            opponent,
            first: First::Me,
            clock: None,
            my_engine: None,
        }
    }

    /// Starting from `start`: `standard`, `random`, or a position.
    pub fn start(mut self, start: &str) -> NewMatch {
        start.clone_into(&mut self.start);
        self
    }

    /// Who moves first.
    pub fn first(mut self, first: First) -> NewMatch {
        self.first = first;
        self
    }

    /// With a clock.
    pub fn clock(mut self, clock: ClockSpec) -> NewMatch {
        self.clock = Some(clock);
        self
    }
}

/// A request. A field it does not have is refused (a misspelt `"misre"` would otherwise
/// pass for normal play): see [`crate::decode`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Request {
    /// The handshake; must come first.
    Hello {
        /// The protocol version the client speaks.
        protocol: u32,
        /// The name to show to others: 1 to 40 characters, none of them invisible, a control
        /// or a direction control (docs/PROTOCOL.md, Handshake).
        name: String,
        /// The token from an earlier `welcome`, to come back as the same player.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// The server's access code, when it asks for one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        access_code: Option<String>,
    },
    /// Creates a match and takes a seat in it.
    CreateMatch(NewMatch),
    /// Lists open matches and matches in progress, oldest first, a page at a time.
    Lobby {
        /// Matches of each list to skip (paging; default 0).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        offset: Option<u32>,
        /// Matches of each list to give at most (default and most: `limits::LOBBY_PAGE`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        limit: Option<u32>,
    },
    /// Takes the free seat of a waiting match.
    Join {
        /// Which match.
        match_id: i64,
    },
    /// Follows a match as a spectator (or, for a player, re-subscribes to it).
    Watch {
        /// Which match.
        match_id: i64,
    },
    /// Stops following a match (does not resign).
    Unwatch {
        /// Which match.
        match_id: i64,
    },
    /// Plays a move.
    Move {
        /// Which match.
        match_id: i64,
        /// The move in any accepted notation.
        #[serde(rename = "move")]
        notation: String,
    },
    /// Gives up.
    Resign {
        /// Which match.
        match_id: i64,
    },
    /// Offers a draw (L-game), or accepts the opponent's offer.
    OfferDraw {
        /// Which match.
        match_id: i64,
    },
    /// Accepts the opponent's draw offer.
    AcceptDraw {
        /// Which match.
        match_id: i64,
    },
    /// Declines the opponent's draw offer.
    DeclineDraw {
        /// Which match.
        match_id: i64,
    },
    /// Calls off a match before its first move.
    Abort {
        /// Which match.
        match_id: i64,
    },
    /// Asks for a rematch of a finished match (seats swap who moves first); against the
    /// engine, or when the opponent asked too, the new match starts at once.
    Rematch {
        /// Which match.
        match_id: i64,
    },
    /// Checks that the server is there.
    Ping {},
    /// Classifies a position: its value and every move's, best first.
    Query {
        /// Game and parameters.
        #[serde(flatten)]
        params: GameParams,
        /// The position, in NOTATION.md form.
        position: String,
        /// List only the best this many moves (`move_count` still counts them all).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        limit: Option<u64>,
    },
    /// A rectangle of a 2-D table (corner games: rows x, columns y; chocolate: rows z,
    /// columns y), or the whole L-game classification.
    Table {
        /// Game and parameters.
        #[serde(flatten)]
        params: GameParams,
        /// Rows (default `0..16`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rows: Option<Span>,
        /// Columns (default: as the rows).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cols: Option<Span>,
        /// The coordinate the table does not show: Nim's third heap (a table of three
        /// heaps), a misère chocolate bar's strip x (default 0).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        layer: Option<u64>,
    },
    /// The additive periodicity of each line (row, column, diagonal) of a game's table:
    /// preperiod, period, saltus.
    Periodicity(PeriodicityQuery),
    /// One line of a game's table, or its P-positions, as a sequence to export.
    Sequence(SequenceQuery),
    /// A formula (a conjecture) checked over every cell of a game's table.
    Check(CheckQuery),
    /// A named check (a published result or a conjecture) run against every stored table it
    /// is about.
    CheckNamed(NamedCheckQuery),
    /// Lists the named checks.
    NamedChecks {},
    /// The shortest formula equal to a game's Grundy table, or true at its P-positions,
    /// found from the table alone.
    Guess(GuessQuery),
    /// Lists saved games, newest first.
    Games {
        /// Filters and paging.
        #[serde(flatten)]
        filter: GameQuery,
    },
    /// One saved game with a page of its moves.
    Game {
        /// Which match.
        match_id: i64,
        /// Plies before the page: its first move is ply `from + 1` (default 0, the first).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<u32>,
        /// Moves at most (default and most [`crate::limits::GAME_PAGE`]; 0 for the game
        /// alone).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        limit: Option<u32>,
    },
    /// A page of a game's moves annotated from the exact classification.
    Review {
        /// Which match.
        match_id: i64,
        /// Plies before the page: its first move is ply `from + 1` (default 0, the first).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<u32>,
        /// Plies at most (default and most [`crate::limits::REVIEW_PAGE`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        limit: Option<u32>,
    },
    /// A game as text (docs/EXPORT.md) or JSON.
    Export {
        /// Which match.
        match_id: i64,
        /// `text` (default) or `json`.
        #[serde(default)]
        format: ExportFormat,
    },
    /// Stores a game given in the text format of docs/EXPORT.md.
    Import {
        /// The game text.
        text: String,
    },
    /// Opens a room for a class; the sender becomes its teacher. The reply carries the
    /// room's join code and its owner token.
    CreateRoom {
        /// The room's name, shown to everyone who joins.
        name: String,
        /// The room's switches.
        #[serde(flatten)]
        settings: RoomSettings,
    },
    /// Leaves a room one joined by mistake (students who have not answered or played in it).
    LeaveRoom {
        /// The room's code.
        code: String,
    },
    /// Joins a room by its code (again, after a reconnect: answers are kept). With the
    /// owner token, as a teacher.
    JoinRoom {
        /// The join code, such as `K7Q2` (letter case does not matter).
        code: String,
        /// The name to go by in the room (default: the player's name).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        /// The room's owner token, to join as a teacher.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        owner_token: Option<String>,
    },
    /// Changes a room's switches (teachers); a switch left out stays as it is.
    ConfigureRoom {
        /// Which room.
        code: String,
        /// Whether students may ask for values while they have an exercise open.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hints: Option<bool>,
        /// The strongest engine students may play: `easy`, `medium`, `perfect`, `none`, or
        /// `any` (no limit).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        engine: Option<String>,
        /// Exam mode on or off (docs/CLASSROOM.md).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        exam: Option<bool>,
        /// The room's language for its projector and CSV: `en`, `ja`, or `reader` (each
        /// reader's own again).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        language: Option<String>,
    },
    /// Releases the grades and solutions of every exercise of the room to its students
    /// (teachers): what a room holding an exam keeps from them until then.
    ReleaseAnswers {
        /// Which room.
        code: String,
    },
    /// Sets one exercise or several (a homework) in a room (teachers); every member is told.
    SetExercises {
        /// Which room.
        code: String,
        /// The exercises, in order.
        exercises: Vec<ExerciseSpec>,
        /// Answers are taken for this many seconds; for ever when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deadline_s: Option<u64>,
    },
    /// Answers an exercise (students): graded at once, final.
    Answer {
        /// Which room.
        code: String,
        /// Which exercise.
        exercise_id: i64,
        /// The answer: `win`/`loss`/`draw`, a number, a move, or moves separated by `;`
        /// (`none` when there is no winning move).
        answer: String,
    },
    /// A room's results as CSV, one row per student and exercise (teachers).
    ExportRoom {
        /// Which room.
        code: String,
    },
    /// Starts a tournament between the room's students who are here now (teachers); its
    /// first round is paired and its matches started at once.
    CreateTournament(NewTournament),
    /// Enters a Swiss tournament under way (a student who came late): paired from the next
    /// round.
    EnterTournament {
        /// Which room.
        code: String,
        /// Which tournament.
        tournament_id: i64,
    },
    /// Withdraws from a tournament (a student: themselves; a teacher: anyone): not paired
    /// again; games played count.
    WithdrawTournament {
        /// Which room.
        code: String,
        /// Which tournament.
        tournament_id: i64,
        /// Whom a teacher withdraws (default: the sender).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player_id: Option<i64>,
    },
    /// Starts a simultaneous exhibition (teachers): the teacher, or the engine, plays every
    /// student here now, one board each.
    StartSimul(NewSimul),
    /// Ends the round now and pairs the next (teachers): games still under way are
    /// adjudicated by the exact value of their position.
    NextRound {
        /// Which room.
        code: String,
        /// Which tournament.
        tournament_id: i64,
    },
}

impl Request {
    /// `review` of match `match_id`: the first page.
    pub fn review(match_id: i64) -> Request {
        Request::Review {
            match_id,
            from: None,
            limit: None,
        }
    }

    /// `game` of match `match_id`: the game and the first page of its moves.
    pub fn game(match_id: i64) -> Request {
        Request::Game {
            match_id,
            from: None,
            limit: None,
        }
    }

    /// `lobby`: its first page.
    pub fn lobby() -> Request {
        Request::Lobby {
            offset: None,
            limit: None,
        }
    }

    /// `create_match` of `new`.
    pub fn create(new: NewMatch) -> Request {
        Request::CreateMatch(new)
    }

    /// `move` `notation` in match `match_id`.
    pub fn play(match_id: i64, notation: &str) -> Request {
        Request::Move {
            match_id,
            notation: notation.to_owned(),
        }
    }
}

fn standard() -> String {
    "standard".to_owned()
}
