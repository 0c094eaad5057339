//! Who is here: per player, how many connections are open. A player is here while at least
//! one is open, and away from the moment the last one closed; matches see only those two
//! transitions, as state they read (a `watch` channel per player), never as notices that a
//! full queue could drop.
//!
//! ```
//! use std::sync::Arc;
//! use daemon::presence::{Presence, Seen};
//!
//! let presence = Arc::new(Presence::default());
//! let mut seat = presence.watch(7);
//! let game = presence.arrive(7);
//! let lobby = presence.arrive(7); // `grundy lobby` in a second terminal
//! drop(lobby);
//! assert_eq!(seat.now(), Seen::Here);
//! drop(game);
//! assert!(matches!(seat.now(), Seen::AwaySince(_)));
//! ```

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::watch;

use crate::clock::now_ms;

/// Whether a player has a connection open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    /// At least one connection is open.
    Here,
    /// None is, since this monotonic millisecond (`clock::now_ms`): when the last one
    /// closed, or when the server first looked for a player who never came.
    AwaySince(u64),
}

/// Every player's open connections.
#[derive(Debug, Default)]
pub struct Presence {
    /// By player id. An entry lives while the player has a connection open or a match
    /// watches them. A std mutex: never held across an await.
    players: Mutex<HashMap<i64, Entry>>,
}

#[derive(Debug)]
struct Entry {
    /// Connections open now.
    connections: usize,
    /// What the matches of this player read; changed only when `connections` goes
    /// between 0 and 1.
    seen: watch::Sender<Seen>,
}

impl Presence {
    fn players(&self) -> MutexGuard<'_, HashMap<i64, Entry>> {
        self.players.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Counts a connection of `player` open until the returned guard is dropped.
    pub fn arrive(self: &Arc<Self>, player: i64) -> Arrival {
        let mut players = self.players();
        let entry = players
            .entry(player)
            .or_insert_with(|| Entry::away(now_ms()));
        entry.connections += 1;
        if entry.connections == 1 {
            entry.seen.send_replace(Seen::Here);
        }
        Arrival {
            presence: Arc::clone(self),
            player,
        }
    }

    fn depart(&self, player: i64) {
        let mut players = self.players();
        let Some(entry) = players.get_mut(&player) else {
            return;
        };
        entry.connections = entry.connections.saturating_sub(1);
        if entry.connections == 0 {
            entry.seen.send_replace(Seen::AwaySince(now_ms()));
            if entry.seen.receiver_count() == 0 {
                players.remove(&player);
            }
        }
    }

    /// Follows `player`'s presence: the current state, then each change. A player not
    /// seen before is away since now.
    pub fn watch(self: &Arc<Self>, player: i64) -> Watch {
        let rx = self
            .players()
            .entry(player)
            .or_insert_with(|| Entry::away(now_ms()))
            .seen
            .subscribe();
        Watch {
            presence: Arc::clone(self),
            player,
            rx: Some(rx),
        }
    }

    /// Whether `player` has a connection open now.
    pub fn is_here(&self, player: i64) -> bool {
        self.connections(player) > 0
    }

    /// How many connections `player` has open.
    fn connections(&self, player: i64) -> usize {
        self.players().get(&player).map_or(0, |e| e.connections)
    }

    /// Players with an entry.
    #[cfg(test)]
    fn tracked(&self) -> usize {
        self.players().len()
    }

    /// Forgets `player` when nothing counts or watches them any more.
    fn release(&self, player: i64) {
        let mut players = self.players();
        if players
            .get(&player)
            .is_some_and(|e| e.connections == 0 && e.seen.receiver_count() == 0)
        {
            players.remove(&player);
        }
    }
}

impl Entry {
    fn away(since: u64) -> Entry {
        Entry {
            connections: 0,
            seen: watch::Sender::new(Seen::AwaySince(since)),
        }
    }
}

/// One open connection of a player; dropping it counts the connection closed.
#[derive(Debug)]
pub struct Arrival {
    presence: Arc<Presence>,
    player: i64,
}

impl Drop for Arrival {
    fn drop(&mut self) {
        self.presence.depart(self.player);
    }
}

/// A match's view of one seated player's presence.
#[derive(Debug)]
pub struct Watch {
    presence: Arc<Presence>,
    player: i64,
    /// Always `Some` until dropped.
    rx: Option<watch::Receiver<Seen>>,
}

impl Watch {
    /// The current state, marked seen.
    pub fn now(&mut self) -> Seen {
        self.rx
            .as_mut()
            .map_or(Seen::Here, |rx| *rx.borrow_and_update())
    }

    /// A future that completes when the state differs from the one last seen by `now`. It
    /// borrows nothing, so it can wait beside work on the watcher's owner.
    pub fn changed(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let rx = self.rx.clone();
        async move {
            match rx {
                // The sender lives as long as the watched receiver does: it cannot close.
                Some(mut rx) => {
                    if rx.changed().await.is_err() {
                        std::future::pending::<()>().await;
                    }
                }
                None => std::future::pending().await,
            }
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        drop(self.rx.take());
        self.presence.release(self.player);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_last_connection_closing_makes_a_player_away() {
        let presence = Arc::new(Presence::default());
        let mut seat = presence.watch(1);
        assert!(matches!(seat.now(), Seen::AwaySince(_)));
        let first = presence.arrive(1);
        let second = presence.arrive(1);
        assert_eq!((seat.now(), presence.connections(1)), (Seen::Here, 2));
        drop(first);
        assert!(!seat.rx.as_ref().unwrap().has_changed().unwrap());
        assert_eq!(seat.now(), Seen::Here);
        drop(second);
        assert!(matches!(seat.now(), Seen::AwaySince(_)));
        let _third = presence.arrive(1);
        assert_eq!(seat.now(), Seen::Here);
    }

    #[test]
    fn players_are_forgotten_once_nobody_counts_or_watches_them() {
        let presence = Arc::new(Presence::default());
        let here = presence.arrive(1);
        let seat = presence.watch(2);
        assert_eq!(presence.tracked(), 2);
        drop(here);
        assert_eq!(presence.tracked(), 1);
        let back = presence.arrive(2);
        drop(seat);
        assert_eq!(presence.tracked(), 1, "2 is still connected");
        drop(back);
        assert_eq!(presence.tracked(), 0);
    }

    /// Transitions the watcher did not get to yet are not queued: it sees that something
    /// changed and reads the latest state.
    #[tokio::test]
    async fn a_watcher_reads_the_latest_state() {
        let presence = Arc::new(Presence::default());
        let mut seat = presence.watch(1);
        seat.now();
        let game = presence.arrive(1);
        let lobby = presence.arrive(1);
        drop(lobby);
        drop(game);
        let back = presence.arrive(1);
        drop(back);
        tokio::time::timeout(std::time::Duration::from_secs(1), seat.changed())
            .await
            .expect("a change is pending");
        assert!(matches!(seat.now(), Seen::AwaySince(_)));
        let _again = presence.arrive(1);
        seat.changed().await;
        assert_eq!(seat.now(), Seen::Here);
    }
}
