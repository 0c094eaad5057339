//! What can go wrong talking to `grundyd`: the server refusing a request (a typed
//! [`ServerError`] with its stable code), or the connection itself.

use std::fmt;
use std::time::Duration;

use protocol::{Details, ErrorBody, ErrorCode, ServerBody};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// An `error` from the server: the request changed nothing. Printed `error (code): message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerError {
    /// The stable code, for programs.
    pub code: ErrorCode,
    /// What went wrong and what to do, for people.
    pub message: String,
    /// The refusal's precise kind and the values its message names.
    pub details: Details,
}

impl From<ErrorBody> for ServerError {
    fn from(e: ErrorBody) -> ServerError {
        ServerError {
            code: e.code,
            message: e.message,
            details: e.details,
        }
    }
}

/// `error (CODE): MESSAGE`, the message in the process's language (`crate::lang`) where the
/// catalogs can say it, else as the server said it.
impl fmt::Display for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use protocol::{Message, MessageArg};
        let lang = crate::lang::get();
        let text = protocol::i18n::refusal_text(lang, &self.details, &self.message);
        let line = Message::new("cli-error")
            .with("code", MessageArg::Text(self.code.as_str().to_owned()))
            .with("message", MessageArg::Text(text));
        f.write_str(&protocol::i18n::say(lang, &line))
    }
}

impl std::error::Error for ServerError {}

/// Why a call of the client failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// No websocket could be opened to the server.
    #[error(
        "cannot connect to {url} ({reason}): is grundyd running? start it with \
         `cargo run --release --bin grundyd`, or pass --server"
    )]
    Connect {
        /// The address tried.
        url: String,
        /// What the network said.
        reason: String,
    },
    /// The server answered the websocket's opening with a refusal (too many connections from
    /// this address, a page of another site), saying why.
    #[error("{url} refused the connection: {reason}")]
    Refused {
        /// The address tried.
        url: String,
        /// The server's words, or the HTTP status when it gave none.
        reason: String,
    },
    /// An `http://` address: grundyd is reached over websockets.
    #[error("{url} is a web address; grundyd speaks websockets: use {ws}")]
    NotWebsocket {
        /// The address given.
        url: String,
        /// The same with the websocket scheme.
        ws: String,
    },
    /// The server refused the request (or, for an error without an id, is about to close
    /// the connection for the reason given).
    #[error("{0}")]
    Server(#[from] ServerError),
    /// The server closed the connection, or it was cut without a word.
    #[error("{}", closed_words(*code, reason))]
    Closed {
        /// The close code, when the server sent one.
        code: Option<CloseCode>,
        /// Why, as the server said.
        reason: String,
    },
    /// The websocket failed under the connection (boxed: the websocket's error is large, and
    /// every result of this client carries room for it).
    #[error("the connection to the server failed: {0}")]
    Connection(Box<tokio_tungstenite::tungstenite::Error>),
    /// A message from the server is not one of the protocol's.
    #[error("the server sent a message this client cannot read: {0}")]
    Decode(#[from] serde_json::Error),
    /// No answer came in time.
    #[error("the server did not answer within {0:?}")]
    Timeout(Duration),
    /// The server answered with a message of another kind than the request calls for.
    #[error("the server answered {asked} with {got}")]
    Unexpected {
        /// What was asked.
        asked: &'static str,
        /// What came back, as debug text.
        got: String,
    },
}

impl From<tokio_tungstenite::tungstenite::Error> for Error {
    /// A connection cut without a closing handshake (the server was killed, or restarted,
    /// or the network went) is said once, as a lost connection.
    fn from(e: tokio_tungstenite::tungstenite::Error) -> Error {
        use tokio_tungstenite::tungstenite::error::ProtocolError;
        use tokio_tungstenite::tungstenite::Error as Ws;
        match e {
            Ws::Protocol(ProtocolError::ResetWithoutClosingHandshake)
            | Ws::ConnectionClosed
            | Ws::AlreadyClosed
            | Ws::Io(_) => Error::Closed {
                code: None,
                reason: String::new(),
            },
            e => Error::Connection(Box::new(e)),
        }
    }
}

/// What a closed connection says: the server's reason, or that it went without a word.
fn closed_words(code: Option<CloseCode>, reason: &str) -> String {
    match (code, reason.is_empty()) {
        (None, true) => {
            "the connection to the server was lost (did the server stop or restart?)".to_owned()
        }
        (_, true) => "the server closed the connection".to_owned(),
        (_, false) => format!("the server closed the connection: {reason}"),
    }
}

impl Error {
    /// The server's error code, when the server refused.
    pub fn code(&self) -> Option<ErrorCode> {
        match self {
            Error::Server(e) => Some(e.code),
            _ => None,
        }
    }

    /// The error for an answer of the wrong kind.
    pub fn unexpected(asked: &'static str, got: &ServerBody) -> Error {
        Error::Unexpected {
            asked,
            got: format!("{got:?}"),
        }
    }
}
