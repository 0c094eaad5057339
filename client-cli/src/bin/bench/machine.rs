//! How busy this machine's processors were during play, and how much of their time the
//! hypervisor gave to others ("steal", on a virtual machine): from /proc/stat (Linux). On a
//! shared virtual machine the round trips of two identical runs can differ several times
//! over, and the steal of each run says which ones to trust.

use std::fs;

use super::stats::Machine;

/// The processors' time so far, in clock ticks, summed over every processor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ticks {
    /// Running anything: user, nice, system, interrupts.
    busy: u64,
    /// Taken by the hypervisor while this machine had work to run.
    steal: u64,
    /// All of it, idle and waiting for IO included.
    total: u64,
}

/// This machine's processor time so far; `None` where /proc/stat is not there.
pub fn ticks() -> Option<Ticks> {
    parse(&fs::read_to_string("/proc/stat").ok()?)
}

/// The aggregate `cpu` line of a /proc/stat: user nice system idle iowait irq softirq steal
/// (guest time is already counted in user).
fn parse(stat: &str) -> Option<Ticks> {
    let line = stat.lines().find(|l| l.starts_with("cpu "))?;
    let n: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .take(8)
        .map(|f| f.parse().ok())
        .collect::<Option<_>>()?;
    let [user, nice, system, idle, iowait, irq, softirq, steal] = <[u64; 8]>::try_from(n).ok()?;
    let busy = user + nice + system + irq + softirq;
    Some(Ticks {
        busy,
        steal,
        total: busy + idle + iowait + steal,
    })
}

/// The shares of processor time between two readings; `None` when no time passed.
pub fn between(start: Ticks, end: Ticks) -> Option<Machine> {
    let total = end.total.checked_sub(start.total).filter(|&t| t > 0)? as f64;
    let share = |a: u64, b: u64| 100.0 * b.saturating_sub(a) as f64 / total;
    Some(Machine {
        busy_pct: share(start.busy, end.busy),
        steal_pct: share(start.steal, end.steal),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_aggregate_line_is_read() {
        let stat = "cpu  100 5 50 800 20 1 4 20 7 0\ncpu0 50 2 25 400 10 0 2 10 3 0\nintr 1 2\n";
        assert_eq!(
            parse(stat),
            Some(Ticks {
                busy: 160,
                steal: 20,
                total: 1000
            })
        );
        assert_eq!(parse("intr 1 2\n"), None);
        assert_eq!(parse("cpu  1 2 3\n"), None);
    }

    #[test]
    fn shares_are_of_the_time_between_readings() {
        let start = parse("cpu  100 0 50 800 20 0 10 20\n").expect("a line");
        let end = parse("cpu  400 0 150 1300 20 0 50 80\n").expect("a line");
        let m = between(start, end).expect("time passed");
        assert!((m.busy_pct - 44.0).abs() < 1e-9, "{m:?}");
        assert!((m.steal_pct - 6.0).abs() < 1e-9, "{m:?}");
        assert_eq!(between(end, end), None);
    }

    #[test]
    fn this_machine_has_ticks() {
        if cfg!(target_os = "linux") {
            assert!(ticks().is_some_and(|t| t.total > 0));
        }
    }
}
