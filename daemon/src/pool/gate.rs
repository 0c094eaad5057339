//! Turns for research requests: a few run at once; the others wait in one queue per player,
//! served in rotation, so each player with a request waiting gets the next free turn in turn
//! (a fair share), whatever another sends.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

/// Requests one player may have waiting or running at once; more are refused at once.
pub const MAX_WAITING_PER_PLAYER: usize = 3;

/// The turns.
pub struct Gate {
    inner: Mutex<Inner>,
}

struct Inner {
    /// Turns free now.
    free: usize,
    /// Players with requests waiting, in the order they are served.
    ring: VecDeque<i64>,
    /// Each player's waiting requests, oldest first.
    waiting: HashMap<i64, VecDeque<oneshot::Sender<Turn>>>,
    /// Each player's requests waiting or running.
    held: HashMap<i64, usize>,
}

/// A turn: held while the request runs, given to the next one when dropped.
pub struct Turn {
    gate: Option<Arc<Gate>>,
    player: i64,
}

/// A player who has [`MAX_WAITING_PER_PLAYER`] requests waiting or running already.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "you have {MAX_WAITING_PER_PLAYER} research requests under way already: wait for one to \
     finish (other players' requests take turns with yours)"
)]
pub struct TooMany;

impl Gate {
    /// `turns` requests at once (at least one).
    pub fn new(turns: usize) -> Arc<Gate> {
        Arc::new(Gate {
            inner: Mutex::new(Inner {
                free: turns.max(1),
                ring: VecDeque::new(),
                waiting: HashMap::new(),
                held: HashMap::new(),
            }),
        })
    }

    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits for `player`'s turn; refused at once when the player has too many requests.
    pub async fn turn(self: &Arc<Gate>, player: i64) -> Result<Turn, TooMany> {
        let rx = {
            let mut inner = self.inner();
            let held = inner.held.entry(player).or_default();
            if *held >= MAX_WAITING_PER_PLAYER {
                return Err(TooMany);
            }
            *held += 1;
            if inner.free > 0 && inner.ring.is_empty() {
                inner.free -= 1;
                return Ok(Turn {
                    gate: Some(Arc::clone(self)),
                    player,
                });
            }
            let (tx, rx) = oneshot::channel();
            let queue = inner.waiting.entry(player).or_default();
            queue.push_back(tx);
            if queue.len() == 1 {
                inner.ring.push_back(player);
            }
            rx
        };
        // Dropped while waiting (the client left): the sender fails, and the turn goes on to
        // the next; `Waiting` gives back the player's count.
        let waiting = Waiting {
            gate: Arc::clone(self),
            player,
            rx: Some(rx),
        };
        waiting.wait().await
    }

    /// A turn ends: the next waiting request, in rotation, gets it.
    fn release(&self, player: i64) {
        let mut inner = self.inner();
        forget_one(&mut inner, player);
        loop {
            let Some(next) = inner.ring.pop_front() else {
                inner.free += 1;
                return;
            };
            let Some(queue) = inner.waiting.get_mut(&next) else {
                continue;
            };
            let Some(tx) = queue.pop_front() else {
                inner.waiting.remove(&next);
                continue;
            };
            if queue.is_empty() {
                inner.waiting.remove(&next);
            } else {
                inner.ring.push_back(next);
            }
            let turn = Turn {
                gate: None,
                player: next,
            };
            match tx.send(turn) {
                // Armed by the receiver (see `Waiting`), so that no drop here re-enters.
                Ok(()) => return,
                // Its request is gone: its count was given back when it was dropped.
                Err(mut unsent) => unsent.gate = None,
            }
        }
    }
}

/// One request fewer for `player`.
fn forget_one(inner: &mut Inner, player: i64) {
    if let Some(n) = inner.held.get_mut(&player) {
        *n = n.saturating_sub(1);
        if *n == 0 {
            inner.held.remove(&player);
        }
    }
}

/// A request waiting for its turn.
struct Waiting {
    gate: Arc<Gate>,
    player: i64,
    rx: Option<oneshot::Receiver<Turn>>,
}

impl Waiting {
    async fn wait(mut self) -> Result<Turn, TooMany> {
        let rx = self.rx.as_mut().ok_or(TooMany)?;
        match rx.await {
            Ok(mut turn) => {
                self.rx = None;
                turn.gate = Some(Arc::clone(&self.gate));
                Ok(turn)
            }
            // The gate is gone (the server stops).
            Err(_) => Err(TooMany),
        }
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        let Some(mut rx) = self.rx.take() else {
            return;
        };
        match rx.try_recv() {
            // Given a turn just as the request went away: pass it on.
            Ok(mut turn) => turn.gate = Some(Arc::clone(&self.gate)),
            Err(_) => {
                rx.close();
                forget_one(&mut self.gate.inner(), self.player);
            }
        }
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        if let Some(gate) = self.gate.take() {
            gate.release(self.player);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn turns_go_round_the_players_and_a_player_may_not_queue_many() {
        let gate = Gate::new(1);
        let running = gate.turn(1).await.expect("a turn");
        // Player 1 queues two more; player 2 one, after them.
        let served = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        for (player, pause) in [(1, 0), (1, 10), (2, 20)] {
            let gate = Arc::clone(&gate);
            let served = Arc::clone(&served);
            tasks.push(tokio::spawn(async move {
                tokio::time::sleep(std::time::Duration::from_millis(pause)).await;
                let _turn = gate.turn(player).await.expect("a turn");
                served.lock().unwrap().push(player);
            }));
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        assert_eq!(gate.turn(1).await.err(), Some(TooMany));
        drop(running);
        for t in tasks {
            t.await.expect("served");
        }
        // Player 2 came last but is served second: the turns rotate.
        assert_eq!(*served.lock().unwrap(), vec![1, 2, 1]);
        assert!(gate.turn(1).await.is_ok());
    }

    #[tokio::test]
    async fn a_request_that_goes_away_gives_its_place_back() {
        let gate = Gate::new(1);
        let running = gate.turn(1).await.expect("a turn");
        let waiting = {
            let gate = Arc::clone(&gate);
            tokio::spawn(async move { gate.turn(2).await.map(drop) })
        };
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        waiting.abort();
        let _ = waiting.await;
        drop(running);
        // The turn is free again, and player 2 holds nothing: all of its share is there.
        let turns: Vec<_> = {
            let a = gate.turn(2).await.expect("a turn");
            let rest: Vec<_> = (1..MAX_WAITING_PER_PLAYER)
                .map(|_| {
                    let gate = Arc::clone(&gate);
                    tokio::spawn(async move { gate.turn(2).await.map(drop) })
                })
                .collect();
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            drop(a);
            rest
        };
        for t in turns {
            t.await.expect("ran").expect("a turn");
        }
    }
}
