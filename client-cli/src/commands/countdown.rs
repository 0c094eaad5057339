//! A match's clocks as they run between two states from the server: the time left when the
//! state came, less the time since for the clock that runs. The server's own clock decides
//! (a flag falls there); this only shows it.

use std::time::{Duration, Instant};

use protocol::{Clock, MatchState, Seat};

/// The clocks of one state, and when it came.
pub struct Countdown {
    clock: Option<Clock>,
    at: Instant,
}

/// Time left under which a player is warned.
pub const LOW: Duration = Duration::from_secs(10);

impl Countdown {
    /// No clock (before any state).
    pub fn none() -> Countdown {
        Countdown {
            clock: None,
            at: Instant::now(),
        }
    }

    /// The clocks of `state`, received now.
    pub fn of(state: &MatchState) -> Countdown {
        Countdown {
            clock: state.clock.clone().filter(|_| !state.status.is_over()),
            at: Instant::now(),
        }
    }

    /// The seat whose clock runs, if any.
    pub fn running(&self) -> Option<Seat> {
        self.clock.as_ref()?.running
    }

    /// Time left to `seat` now, if the match has a clock.
    pub fn left(&self, seat: Seat) -> Option<Duration> {
        let clock = self.clock.as_ref()?;
        let then = Duration::from_millis(clock.remaining_ms[usize::from(seat)]);
        Some(if clock.running == Some(seat) {
            then.saturating_sub(self.at.elapsed())
        } else {
            then
        })
    }
}

/// Waits until a running clock shown on screen is due to be drawn again (a tenth of a
/// second), or for ever when none is.
pub async fn tick(running: bool) {
    if running {
        tokio::time::sleep(Duration::from_millis(100)).await;
    } else {
        std::future::pending::<()>().await;
    }
}

/// `4:58`; under [`LOW`], tenths too: `0:09.4`.
pub fn format(left: Duration) -> String {
    let ms = left.as_millis();
    if left < LOW {
        format!("0:{:02}.{}", ms / 1000, ms / 100 % 10)
    } else {
        format!("{}:{:02}", ms / 60_000, ms / 1000 % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minutes_and_seconds_then_tenths_near_the_end() {
        assert_eq!(format(Duration::from_millis(298_900)), "4:58");
        assert_eq!(format(Duration::from_millis(10_000)), "0:10");
        assert_eq!(format(Duration::from_millis(9_480)), "0:09.4");
        assert_eq!(format(Duration::ZERO), "0:00.0");
    }
}
