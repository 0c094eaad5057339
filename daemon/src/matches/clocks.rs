//! A match's clocks: time left per seat, the one running, the increment after each move.
//! Times are milliseconds on the daemon's monotonic clock (`clock::now_ms`); nothing here
//! reads the time itself, so the rules are tested with made-up times.

use protocol::{Clock, ClockSpec, Seat};

/// Running clocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clocks {
    /// The setting.
    pub spec: ClockSpec,
    /// Time left per seat when its clock last stopped.
    pub remaining: [u64; 2],
    /// The seat whose clock runs, and since when.
    pub running: Option<(Seat, u64)>,
}

impl Clocks {
    /// Both seats with the whole time, nothing running.
    pub fn new(spec: ClockSpec) -> Clocks {
        Clocks {
            spec,
            remaining: [spec.initial_ms; 2],
            running: None,
        }
    }

    /// Time left for `seat` at `now`.
    pub fn left(&self, seat: Seat, now: u64) -> u64 {
        let base = self.remaining[usize::from(seat)];
        match self.running {
            Some((s, since)) if s == seat => base.saturating_sub(now.saturating_sub(since)),
            _ => base,
        }
    }

    /// When the running clock falls, if one runs.
    pub fn deadline(&self) -> Option<u64> {
        self.running
            .map(|(s, since)| since + self.remaining[usize::from(s)])
    }

    /// The seat whose time is up at `now`, if any.
    pub fn fallen(&self, now: u64) -> Option<Seat> {
        let (seat, _) = self.running?;
        (self.left(seat, now) == 0).then_some(seat)
    }

    /// Starts `seat`'s clock at `now`.
    pub fn start(&mut self, seat: Seat, now: u64) {
        self.running = Some((seat, now));
    }

    /// Stops the running clock at `now`, keeping the time it had left.
    pub fn stop(&mut self, now: u64) {
        if let Some((seat, _)) = self.running {
            self.remaining[usize::from(seat)] = self.left(seat, now);
            self.running = None;
        }
    }

    /// What `seat` has after moving at `now`: the time left, plus the increment.
    pub fn after_move(&self, seat: Seat, now: u64) -> u64 {
        self.left(seat, now) + self.spec.increment_ms
    }

    /// Records a move by `seat` that left it `ms` (from [`Clocks::after_move`], or as stored);
    /// nothing runs until the next turn starts.
    pub fn moved(&mut self, seat: Seat, ms: u64) {
        self.remaining[usize::from(seat)] = ms;
        self.running = None;
    }

    /// The wire form at `now`.
    pub fn at(&self, now: u64) -> Clock {
        Clock {
            spec: self.spec,
            remaining_ms: [self.left(0, now), self.left(1, now)],
            running: self.running.map(|(s, _)| s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clocks(spec: &str) -> Clocks {
        Clocks::new(spec.parse().expect("a clock setting"))
    }

    #[test]
    fn only_the_running_clock_counts_down() {
        let mut c = clocks("1+2");
        assert_eq!((c.left(0, 5_000), c.deadline()), (60_000, None));
        c.start(0, 1_000);
        assert_eq!(c.left(0, 11_000), 50_000);
        assert_eq!(c.left(1, 11_000), 60_000);
        assert_eq!(c.deadline(), Some(61_000));
        assert_eq!(c.at(11_000).remaining_ms, [50_000, 60_000]);
        assert_eq!(c.at(11_000).running, Some(0));
    }

    #[test]
    fn a_move_adds_the_increment_and_stops_the_clock() {
        let mut c = clocks("1+2");
        c.start(0, 0);
        let left = c.after_move(0, 15_000);
        assert_eq!(left, 45_000 + 2_000);
        c.moved(0, left);
        assert_eq!((c.running, c.left(0, 99_000)), (None, 47_000));
        c.start(1, 15_000);
        assert_eq!(c.left(1, 20_000), 55_000);
    }

    #[test]
    fn the_flag_falls_exactly_when_the_time_is_up() {
        let mut c = clocks("0.5+0");
        c.start(1, 10_000);
        assert_eq!(c.fallen(39_999), None);
        assert_eq!(c.fallen(40_000), Some(1));
        assert_eq!(c.left(1, 90_000), 0, "time left never goes below zero");
        c.stop(40_000);
        assert_eq!((c.running, c.remaining), (None, [30_000, 0]));
        assert_eq!(c.fallen(50_000), None, "a stopped clock does not fall");
    }
}
