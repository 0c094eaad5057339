//! What a load run measured: round-trip percentiles, counts, errors, and the report printed
//! at the end (text, or JSON with `--json`).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

/// Round trips of one kind, in microseconds, as they were measured.
#[derive(Debug, Default)]
pub struct Samples(Vec<u32>);

impl Samples {
    /// Records one round trip.
    pub fn push(&mut self, d: std::time::Duration) {
        self.0
            .push(u32::try_from(d.as_micros()).unwrap_or(u32::MAX));
    }

    /// Adds another task's samples.
    pub fn extend(&mut self, other: Samples) {
        self.0.extend(other.0);
    }

    /// How many were recorded.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// p50 / p90 / p99 / max, in milliseconds; `None` without samples.
    pub fn summary(mut self) -> Option<Latency> {
        if self.0.is_empty() {
            return None;
        }
        self.0.sort_unstable();
        let at = |p: f64| {
            // Nearest rank: the smallest sample with at least p of them at or below it.
            let rank = (p * self.0.len() as f64).ceil() as usize;
            f64::from(self.0[rank.clamp(1, self.0.len()) - 1]) / 1000.0
        };
        Some(Latency {
            p50_ms: at(0.50),
            p90_ms: at(0.90),
            p99_ms: at(0.99),
            max_ms: at(1.0),
        })
    }
}

/// Round-trip percentiles: move sent → acknowledgement received.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Latency {
    /// Median.
    pub p50_ms: f64,
    /// 90th percentile.
    pub p90_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// Slowest.
    pub max_ms: f64,
}

/// Page loads beside the play.
#[derive(Debug, Clone, Serialize)]
pub struct PageLoads {
    /// Loads a second asked for.
    pub target_per_s: f64,
    /// Loads done (every request answered).
    pub loads: u64,
    /// Loads a second done.
    pub per_s: f64,
    /// Requests over all loads.
    pub requests: u64,
    /// How long a load took, from connecting to the last byte.
    pub load: Option<Latency>,
}

/// The server's resident memory, when it runs on this machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Memory {
    /// The server's process id.
    pub pid: u32,
    /// Before the load generator connected.
    pub before_bytes: u64,
    /// With every connection open and said hello, before play.
    pub connected_bytes: u64,
    /// The most seen during play (sampled every 100 ms).
    pub peak_bytes: u64,
    /// At the end of play, connections still open.
    pub end_bytes: u64,
}

/// The server's CPU time over the play window, when it runs on this machine.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Cpu {
    /// Seconds of CPU (all threads, user and system).
    pub seconds: f64,
    /// Microseconds of it per acknowledged move; `null` when none was.
    pub per_move_us: Option<f64>,
}

/// This machine's processors over the play window (Linux), load generator and any local
/// server together.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Machine {
    /// Share of all processors' time spent running something.
    pub busy_pct: f64,
    /// Share taken by the hypervisor while there was work to run (virtual machines): above a
    /// few percent, round trips are not comparable between runs.
    pub steal_pct: f64,
}

/// Steal above which the report warns that the round trips are not comparable: on the VM
/// grundy is measured on, at 5 000 moves/s, the same build's p99 was 4.6–7.3 ms in runs
/// with at most 0.2 % steal, 17–22 ms with 1.2–1.6 %, and 21–47 ms with 5–18 %.
const STEAL_NOTICE_PCT: f64 = 0.5;

/// Everything a run reports.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The server measured.
    pub server: String,
    /// Connections open during play.
    pub connections: usize,
    /// Concurrent matches.
    pub matches: usize,
    /// `human` (the load generator plays both seats) or `engine`.
    pub opponent: String,
    /// Games mixed.
    pub games: Vec<protocol::Game>,
    /// Target moves a second (0: as fast as the server answers).
    pub target_rate: u64,
    /// Seconds spent opening the connections (not part of the play time).
    pub connect_s: f64,
    /// Seconds spent creating every slot's first match (not part of the play time).
    pub setup_s: f64,
    /// Seconds of play.
    pub duration_s: f64,
    /// Moves acknowledged by the server (each one committed to disk before its answer).
    pub moves: u64,
    /// Acknowledged moves a second.
    pub moves_per_s: f64,
    /// Matches played to their end (or resigned at the ply limit).
    pub matches_finished: u64,
    /// Round trips of moves; `null` when no move was acknowledged.
    pub round_trip: Option<Latency>,
    /// Errors by kind: the server's error codes, or what failed on a connection.
    pub errors: BTreeMap<String, u64>,
    /// The server's memory, when local (or given by `--server-pid`).
    pub memory: Option<Memory>,
    /// The web page loaded beside the play (`--page-loads`).
    pub page_loads: Option<PageLoads>,
    /// The server's CPU time during play, when local (or given by `--server-pid`).
    pub server_cpu: Option<Cpu>,
    /// This machine's processors during play; `null` where /proc/stat is not there.
    pub machine: Option<Machine>,
}

impl Report {
    /// All errors together.
    pub fn error_count(&self) -> u64 {
        self.errors.values().sum()
    }

    /// The report for a person.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let rate = match self.target_rate {
            0 => "as fast as answered".to_owned(),
            r => format!("target {r} moves/s"),
        };
        let _ = writeln!(
            out,
            "grundy bench against {}: {} connections, {} matches ({}), {}, {rate}",
            self.server,
            self.connections,
            self.matches,
            self.opponent,
            self.games
                .iter()
                .map(|g| g.name())
                .collect::<Vec<_>>()
                .join(","),
        );
        let _ = writeln!(
            out,
            "connect          {:.2} s, then {:.2} s to set up the first matches",
            self.connect_s, self.setup_s
        );
        let _ = writeln!(
            out,
            "moves            {} in {:.1} s = {:.0} moves/s (each acknowledged after its commit)",
            self.moves, self.duration_s, self.moves_per_s
        );
        let _ = writeln!(out, "matches ended    {}", self.matches_finished);
        match &self.round_trip {
            Some(l) => {
                let _ = writeln!(
                    out,
                    "move round trip  p50 {:.2} ms   p90 {:.2} ms   p99 {:.2} ms   max {:.2} ms",
                    l.p50_ms, l.p90_ms, l.p99_ms, l.max_ms
                );
            }
            None => out.push_str("move round trip  no move was acknowledged\n"),
        }
        if let Some(p) = &self.page_loads {
            let _ = write!(
                out,
                "page loads       {} in {:.1} s = {:.0}/s (target {:.0}/s), {} requests",
                p.loads, self.duration_s, p.per_s, p.target_per_s, p.requests
            );
            match &p.load {
                Some(l) => {
                    let _ = writeln!(
                        out,
                        "; each p50 {:.2} ms   p99 {:.2} ms   max {:.2} ms",
                        l.p50_ms, l.p99_ms, l.max_ms
                    );
                }
                None => out.push('\n'),
            }
        }
        if self.errors.is_empty() {
            out.push_str("errors           none\n");
        } else {
            let _ = writeln!(out, "errors           {}", self.error_count());
            for (kind, n) in &self.errors {
                let _ = writeln!(out, "  {n:>8}  {kind}");
            }
        }
        match &self.memory {
            Some(m) => {
                let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
                let _ = writeln!(
                    out,
                    "server memory    RSS {:.1} MiB before, {:.1} MiB connected, peak {:.1} MiB, \
                     {:.1} MiB at the end (pid {})",
                    mib(m.before_bytes),
                    mib(m.connected_bytes),
                    mib(m.peak_bytes),
                    mib(m.end_bytes),
                    m.pid
                );
            }
            None => out.push_str(
                "server memory    unknown (not a local server; pass --server-pid to measure)\n",
            ),
        }
        if let Some(c) = &self.server_cpu {
            let _ = write!(
                out,
                "server CPU       {:.2} s in {:.1} s of play ({:.0} % of one core)",
                c.seconds,
                self.duration_s,
                100.0 * c.seconds / self.duration_s.max(1e-9)
            );
            match c.per_move_us {
                Some(us) => {
                    let _ = writeln!(out, ", {us:.0} µs a move");
                }
                None => out.push('\n'),
            }
        }
        if let Some(m) = &self.machine {
            let _ = write!(
                out,
                "this machine     {:.0} % busy, {:.1} % stolen by the hypervisor",
                m.busy_pct, m.steal_pct
            );
            out.push_str(if m.steal_pct > STEAL_NOTICE_PCT {
                " (runs with this much steal are not comparable)\n"
            } else {
                "\n"
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn percentiles_are_nearest_rank() {
        let mut s = Samples::default();
        for ms in 1..=100u64 {
            s.push(Duration::from_millis(ms));
        }
        let l = s.summary().expect("samples");
        assert_eq!(
            (l.p50_ms, l.p90_ms, l.p99_ms, l.max_ms),
            (50.0, 90.0, 99.0, 100.0)
        );
    }

    #[test]
    fn one_sample_is_every_percentile() {
        let mut s = Samples::default();
        s.push(Duration::from_micros(1500));
        let l = s.summary().expect("a sample");
        assert_eq!((l.p50_ms, l.max_ms), (1.5, 1.5));
        assert_eq!(Samples::default().summary(), None);
    }

    #[test]
    fn the_text_says_when_steal_makes_runs_incomparable() {
        let report = |steal_pct| Report {
            server: "ws://127.0.0.1:7878".into(),
            connections: 2,
            matches: 1,
            opponent: "human".into(),
            games: vec![protocol::Game::Nim],
            target_rate: 0,
            connect_s: 0.1,
            setup_s: 0.1,
            duration_s: 1.0,
            moves: 0,
            moves_per_s: 0.0,
            matches_finished: 0,
            round_trip: None,
            errors: BTreeMap::new(),
            memory: None,
            page_loads: None,
            server_cpu: None,
            machine: Some(Machine {
                busy_pct: 70.0,
                steal_pct,
            }),
        };
        let calm = report(0.4).text();
        assert!(calm.contains("this machine     70 % busy, 0.4 % stolen by the hypervisor\n"));
        assert!(!calm.contains("not comparable"), "{calm}");
        let stolen = report(6.0).text();
        assert!(stolen.contains("6.0 % stolen"), "{stolen}");
        assert!(stolen.contains("not comparable"), "{stolen}");
    }
}
