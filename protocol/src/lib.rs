//! The language `grundyd` and its clients speak: JSON text frames, one message per frame.
//! Serde types only — no rules, no IO. Every message is documented with an example in
//! `docs/PROTOCOL.md`, and a test parses each example, so the two cannot drift apart.
//!
//! ```
//! use protocol::{ClientMessage, Request};
//!
//! let text = r#"{"type":"hello","id":1,"protocol":1,"name":"ada"}"#;
//! let msg: ClientMessage = serde_json::from_str(text).unwrap();
//! assert!(matches!(msg.request, Request::Hello { .. }));
//! ```

mod board;
mod client;
pub mod decode;
mod error;
mod game;
#[cfg(feature = "cli")]
pub mod help;
pub mod i18n;
pub mod limits;
mod message;
mod queries;
mod research;
mod room;
mod server;
mod simul;
mod tournament;
#[cfg(test)]
mod typescript;
mod variant;

pub use board::{Board, LColor, LSquare, SumPart, MAX_DRAWN_TOPS};
pub use client::{ClientMessage, First, NewMatch, Opponent, Request, StartSpec};
pub use error::{Details, ErrorBody, ErrorCode};
pub use game::{
    Clock, ClockSpec, MatchState, MatchStatus, MatchSummary, MoveRecord, Outcome, Reason, Seat,
    SeatInfo, MAX_CLOCK_MINUTES, MAX_INCREMENT_SECONDS,
};
pub use message::{Message, MessageArg};
pub use queries::{
    ClassInfo, Classification, ComponentInfo, ExportFormat, GameQuery, GameSummary, MoveInfo,
    ReviewedMove, Span, SumInfo, TableData, UnknownComponent, ValueInfo, Verdict, WinningComponent,
};
pub use research::{
    CheckQuery, CheckReport, Counterexample, DisagreementMap, GuessAim, GuessQuery, GuessReport,
    LineKind, NamedCheckInfo, NamedCheckQuery, NamedCheckReport, PeriodicityQuery,
    PeriodicityReport, ProvedPeriod, RowPeriodicity, SequenceLine, SequenceQuery, SequenceReport,
    UnknownLine, MAX_MAP_SIDE,
};
pub use room::{
    AnswerCount, AnswerInfo, ExerciseInfo, ExerciseSpec, Member, Role, RoomSettings, RoomView,
    Tally,
};
pub use server::{Namesake, ServerBody, ServerMessage, Welcome};
pub use simul::{NewSimul, SimulGame, SimulView};
pub use tournament::{
    ByeInfo, Entrant, Format, NewTournament, StandingInfo, TournamentGame, TournamentView,
};
pub use variant::{Game, GameParams, UnknownGame};

/// The protocol version this crate speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// The header of the websocket handshake's answer in which the server announces its id (as in
/// `welcome`): a client can choose the token it keeps for this server before saying hello.
pub const SERVER_ID_HEADER: &str = "x-grundy-server";

/// Every protocol version a server built from this crate accepts.
pub const SUPPORTED_VERSIONS: &[u32] = &[1];
