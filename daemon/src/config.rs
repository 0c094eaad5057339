//! Server settings, with the defaults a classroom server wants.

use std::time::Duration;

/// How the daemon behaves; built from the command line, or by tests.
#[derive(Debug, Clone)]
pub struct Config {
    /// Pause before the engine answers, so a person sees their own move land first.
    pub engine_delay: Duration,
    /// The occurrence of a position (with the side to move) that ends an L-game as a draw.
    pub repetition_limit: u32,
}

/// Default engine delay: long enough to see one's own move, short enough not to bore.
pub const DEFAULT_ENGINE_DELAY: Duration = Duration::from_millis(500);

/// Default repetition limit: the third occurrence, as in chess.
pub const DEFAULT_REPETITIONS: u32 = 3;

impl Default for Config {
    fn default() -> Config {
        Config {
            engine_delay: DEFAULT_ENGINE_DELAY,
            repetition_limit: DEFAULT_REPETITIONS,
        }
    }
}
