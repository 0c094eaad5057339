//! Research work — checking a formula over millions of cells, solving a 16 384-wide table,
//! reading a line of one — shares the server with a class playing. It runs apart:
//!
//! - on threads of its own at the lowest priority the system has ([`idle`]: `SCHED_IDLE` on
//!   Linux), which take only the processor time the matches and queries leave, so a move's
//!   round trip does not wait for a minute's check;
//! - a few requests at a time, the others waiting their turn one player's after another's
//!   ([`Gate`]), so one student's loop of requests does not hold everyone else's back, and
//!   nobody has more than a few waiting.

mod gate;
mod idle;

pub use gate::{Gate, TooMany, Turn, MAX_WAITING_PER_PLAYER};
pub use idle::idle;

/// Threads one research request may use: every core but one, which stays the class's (at
/// least one). The lowest priority lets the class's threads run first, but a core shared
/// with research still costs them its caches and the switch (`cargo bench --bench isolation`:
/// a move's p99 beside research went from 5.8 to 3.4 times its p99 alone with one core left).
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

/// Default research requests running at once: half the cores (at least one), since each one
/// uses every core it can.
pub fn default_turns() -> usize {
    std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1))
}
