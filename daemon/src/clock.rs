//! Time: a monotonic millisecond clock for turns and clocks, and wall time for the database.

use std::sync::OnceLock;
use std::time::{SystemTime, UNIX_EPOCH};

use tokio::time::Instant;

/// The daemon's epoch for monotonic milliseconds.
fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

/// Milliseconds since the daemon started (monotonic; never jumps with the wall clock).
pub fn now_ms() -> u64 {
    epoch().elapsed().as_millis() as u64
}

/// The `Instant` of a monotonic millisecond value, for timers.
pub fn instant_at(ms: u64) -> Instant {
    epoch() + std::time::Duration::from_millis(ms)
}

/// Unix time in milliseconds, for stored timestamps.
pub fn unix_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
