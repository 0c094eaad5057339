//! How far along a long request is — a table computed for a research question — pushed to
//! its client as `progress` events while the request is handled, so that a terminal can
//! draw a progress bar instead of going quiet for seconds. The connection writes them as
//! they come (its task is otherwise busy with the request); reports are thinned to a few a
//! second, and dropped rather than queued when the client reads slowly.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use protocol::{Message, ServerBody, ServerMessage};
use tokio::sync::mpsc;

/// Fewest time between two reports of one request.
const EVERY: Duration = Duration::from_millis(100);

/// Reports still waiting to be written, at most: a client that does not keep up loses some.
pub const QUEUED: usize = 16;

/// Reports the progress of one request to its connection.
pub struct Reporter {
    request: u64,
    events: mpsc::Sender<ServerMessage>,
    /// When the last report went, and whether any did.
    last: Mutex<Option<Instant>>,
}

impl Reporter {
    /// A reporter of the request `request` into `events`.
    pub fn new(request: u64, events: mpsc::Sender<ServerMessage>) -> Reporter {
        Reporter {
            request,
            events,
            last: Mutex::new(None),
        }
    }

    /// `done` of `total` steps of `what` (`progress-corner`: solving the queen's table to
    /// 8192×8192): sent unless the last report was less than [`EVERY`] ago; the first and
    /// the last are always sent.
    pub fn report(&self, what: &Message, done: u64, total: u64) {
        let now = Instant::now();
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        let due = last.is_none_or(|at| now.duration_since(at) >= EVERY) || done >= total;
        if !due {
            return;
        }
        *last = Some(now);
        let event = ServerMessage::event(ServerBody::Progress {
            request: self.request,
            what: protocol::i18n::english(what),
            what_message: what.clone(),
            done,
            total,
        });
        // Full: the client is behind, and a later report says more anyway.
        let _ = self.events.try_send(event);
    }
}
