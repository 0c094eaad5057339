//! Messages from the server: replies (carrying the request's `id`) and pushed events (no id).

use serde::{Deserialize, Serialize};

use crate::error::ErrorBody;
use crate::game::{MatchState, MatchSummary, MoveRecord};
use crate::queries::{Classification, ExportFormat, GameSummary, ReviewedMove, TableData};
use crate::research::{
    CheckReport, GuessReport, NamedCheckInfo, NamedCheckReport, PeriodicityReport, SequenceReport,
};
use crate::room::{AnswerInfo, ExerciseInfo, Member, RoomSettings, RoomView, Tally};
use crate::simul::SimulView;
use crate::tournament::TournamentView;

/// A server message: a reply to the request with `id`, or an event when `id` is absent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ServerMessage {
    /// The id of the request this answers; absent on pushed events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    /// The content.
    #[serde(flatten)]
    pub body: ServerBody,
}

/// The answer to `hello`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Welcome {
    /// The protocol version in use.
    pub protocol: u32,
    /// The player's id.
    pub player_id: i64,
    /// The player's name as the server keeps it: in Unicode NFKC, one space between words
    /// (`ａｄａ` is `ada`).
    pub name: String,
    /// The secret that proves this identity on reconnect; keep it private. Seats belong to
    /// the player holding it.
    pub token: String,
    /// The server's version.
    pub server: String,
    /// The server's id: the same however its address is written (absent from older servers).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub server_id: String,
    /// Matches this player has a seat in and that are not over, to resume.
    pub matches: Vec<i64>,
    /// Other players here now whose names read the same (letter case aside, look-alike
    /// letters as one: Cyrillic `аda` for `ada`): connected, or seated in a match that is not
    /// over. Two students both called `ada` cannot be told
    /// apart in the lobby; a client warns. Empty (and absent) most of the time.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub namesakes: Vec<Namesake>,
}

/// Another player whose name reads the same (see [`Welcome::namesakes`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Namesake {
    /// Their player id.
    pub player_id: i64,
    /// Their name as they wrote it.
    pub name: String,
    /// Whether they have a connection open now.
    pub connected: bool,
    /// The matches not over in which they have a seat.
    pub matches: Vec<i64>,
}

/// What a server message says.
// A match state is large and the other variants small; messages are built once and
// serialized at once, so boxing would only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerBody {
    /// Handshake accepted.
    Welcome(Welcome),
    /// The request failed and changed nothing (or, without an id, the connection is about
    /// to close for the reason given).
    Error(ErrorBody),
    /// A match's full state: the reply to `create_match`, `join`, `watch`, and, as an
    /// event, pushed to every player and spectator after every change.
    Match {
        /// The state.
        state: MatchState,
    },
    /// The reply to `lobby`.
    Lobby {
        /// Matches waiting for an opponent.
        open: Vec<MatchSummary>,
        /// Matches in progress.
        playing: Vec<MatchSummary>,
        /// How many matches wait in all, when more than this page shows.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        open_total: Option<u64>,
        /// How many matches are in progress in all, when more than this page shows.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        playing_total: Option<u64>,
    },
    /// The reply to `move`: the move is stored on disk.
    MoveAccepted {
        /// Which match.
        match_id: i64,
        /// The ply of the move.
        ply: u32,
        /// The move in canonical notation.
        #[serde(rename = "move")]
        notation: String,
        /// The position after it.
        position: String,
    },
    /// The reply to `resign`, `offer_draw`, `accept_draw`, `decline_draw`, `abort`,
    /// `rematch` and `unwatch`: done (the new state follows as a `match` event).
    Done {
        /// Which match.
        match_id: i64,
    },
    /// The reply to `ping`.
    Pong,
    /// The reply to `query`.
    Classification(Classification),
    /// The reply to `table`.
    Table(TableData),
    /// The reply to `periodicity`.
    Periodicity(PeriodicityReport),
    /// The reply to `sequence`.
    Sequence(SequenceReport),
    /// The reply to `check`.
    Check(CheckReport),
    /// The reply to `check_named`.
    CheckNamed(NamedCheckReport),
    /// The reply to `guess`.
    Guess(GuessReport),
    /// Pushed while a long request is handled (a table computed beyond the stored ones for
    /// a research question): `done` of `total` steps of `what`.
    Progress {
        /// The id of the request under way.
        request: u64,
        /// What is being done: `solving the queen table to 8192×8192`.
        what: String,
        /// The same as a message of the catalogs (`progress-corner`, `progress-staircases`,
        /// `progress-check`, `progress-guess`, `progress-guess-join`), for a client to say in
        /// its reader's language.
        what_message: crate::Message,
        /// Steps done.
        done: u64,
        /// Steps in all.
        total: u64,
    },
    /// The reply to `named_checks`.
    NamedChecks {
        /// Every named check, in order.
        checks: Vec<NamedCheckInfo>,
    },
    /// The reply to `games`.
    Games {
        /// The page of games, newest first.
        games: Vec<GameSummary>,
    },
    /// The reply to `game`: the game and a page of its moves (`game.ply` in all).
    Game {
        /// The game.
        game: GameSummary,
        /// Plies before the page: its first move is ply `from + 1`.
        from: u32,
        /// The `from` of the next page; absent after the last.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        next: Option<u32>,
        /// The page's moves.
        moves: Vec<MoveRecord>,
    },
    /// The reply to `review`: a page of the game's moves, annotated.
    Review {
        /// Which match.
        match_id: i64,
        /// Plies before the page: its first move is ply `from + 1`.
        from: u32,
        /// Plies in the whole game.
        total: u32,
        /// The `from` of the next page; absent after the last.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        next: Option<u32>,
        /// The position before the page's first move (the start, for the first page), as
        /// drawn.
        board_before: crate::Board,
        /// The page's moves, annotated.
        moves: Vec<ReviewedMove>,
    },
    /// The reply to `export`.
    Export {
        /// Which match.
        match_id: i64,
        /// The format.
        format: ExportFormat,
        /// The game text (for `json`, a JSON document as a string).
        content: String,
        /// Why the record carries no annotations when the game has moves: it cannot be
        /// reviewed, or it would be larger than [`crate::limits::MAX_REPLY_BYTES`] with
        /// them. Absent when annotated.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unannotated: Option<String>,
    },
    /// The reply to `import`: the game is stored under a new match id.
    Imported {
        /// The new match id.
        match_id: i64,
    },
    /// The reply to `create_room` and `join_room`: the room as the sender sees it. The
    /// sender then receives the room's events.
    Room {
        /// The room.
        room: RoomView,
    },
    /// The reply to `configure_room`, and the event telling every member.
    RoomSettings {
        /// Which room.
        code: String,
        /// The switches now.
        settings: RoomSettings,
    },
    /// The reply to `release_answers`, and the event telling every member: the grades and
    /// solutions of the room's exercises are told to its students now (`join_room` again
    /// shows a student their grades).
    AnswersReleased {
        /// Which room.
        code: String,
    },
    /// The reply to `set_exercises`, and the event telling every member (students see no
    /// solution).
    ExercisesSet {
        /// Which room.
        code: String,
        /// The new exercises.
        exercises: Vec<ExerciseInfo>,
    },
    /// The reply to `answer`: the grade, stored.
    Graded {
        /// Which room.
        code: String,
        /// The graded answer.
        answer: AnswerInfo,
    },
    /// An event for teachers: a student answered.
    Answered {
        /// Which room.
        code: String,
        /// The graded answer.
        answer: AnswerInfo,
        /// The exercise's answers so far.
        tally: Tally,
    },
    /// The reply to `leave_room`, and the event telling the room's teachers: the player is no
    /// longer a member.
    RoomLeft {
        /// Which room.
        code: String,
        /// Who left.
        player_id: i64,
    },
    /// An event for teachers: someone joined the room, or came or went.
    RoomMember {
        /// Which room.
        code: String,
        /// Who, as they are now.
        member: Member,
    },
    /// A tournament as it stands: the reply to `create_tournament`, `enter_tournament`,
    /// `withdraw_tournament` and `next_round`, and the event telling every member of the
    /// room after each change (a round paired, a game over).
    Tournament {
        /// Which room.
        code: String,
        /// The tournament.
        tournament: TournamentView,
    },
    /// An exhibition as it stands: the reply to `start_simul`, and the event telling every
    /// member of the room when it starts and when a board ends.
    Simul {
        /// Which room.
        code: String,
        /// The exhibition.
        simul: SimulView,
    },
    /// The reply to `export_room`.
    RoomExport {
        /// Which room.
        code: String,
        /// CSV with a header row.
        content: String,
    },
}

impl ServerMessage {
    /// A reply to request `id`.
    pub fn reply(id: u64, body: ServerBody) -> ServerMessage {
        ServerMessage { id: Some(id), body }
    }

    /// A pushed event.
    pub fn event(body: ServerBody) -> ServerMessage {
        ServerMessage { id: None, body }
    }

    /// An error reply (or, without an id, an error event before a close).
    pub fn error(id: Option<u64>, error: ErrorBody) -> ServerMessage {
        ServerMessage {
            id,
            body: ServerBody::Error(error),
        }
    }
}
