//! Swiss pairing of large fields, round by round: `swiss` (the server's) beside the pairing
//! as first written (`pairing::baseline`: the same rules, each preferred opponent checked
//! by matching the rest again), on the same histories, with the share of the processors the
//! hypervisor stole meanwhile.
//!
//! Each field plays a whole tournament. Every board of a round starts from the same position,
//! so one side (drawn for the round) wins most games: 85 % of the decisive ones; one game in
//! eleven is drawn. One player in a hundred withdraws after each round, a few enter late in
//! round 2, so counts turn odd and byes move. Every round is paired from the history as it
//! stands, timed several times (the median is printed) and compared with the baseline's
//! pairing of the same history. Then a constructed hard case (`tight`): half the players
//! can meet none of each other and the other half must each meet one of them, so every board
//! refuses its whole score group.
//!
//! Run with `cargo bench -p grundyd --bench pairing`. Settings, from the environment:
//! `GRUNDY_PAIRING_FIELDS` (default `100,400,800,1000`), `GRUNDY_PAIRING_ROUNDS` (15),
//! `GRUNDY_PAIRING_RUNS` (5, runs of `swiss` a round), `GRUNDY_PAIRING_BASELINE_UPTO` (400:
//! the largest field the baseline is timed on; it takes tens of seconds a round at 800),
//! `GRUNDY_PAIRING_BASELINE_RUNS` (3), `GRUNDY_PAIRING_FAVOURED` (85: the share, in percent,
//! of decisive games the round's favoured side wins) and `GRUNDY_PAIRING_WITHDRAWING` (10:
//! players in a thousand who withdraw after each round).

use std::time::{Duration, Instant};

use daemon::classroom::tournament::pairing::{
    baseline, swiss, Bye, Entrant, Outcome, Played, Round,
};

/// A small deterministic generator (xorshift), so every run plays the same tournaments.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A tournament's history as the server keeps it.
#[derive(Default)]
struct History {
    /// The share (%) of decisive games the round's favoured side wins.
    favoured: u64,
    /// Players in a thousand who withdraw after each round.
    withdrawing: u64,
    entrants: Vec<Entrant>,
    played: Vec<Played>,
    byes: Vec<Bye>,
}

impl History {
    fn active(&self) -> usize {
        self.entrants.iter().filter(|e| !e.withdrawn).count()
    }

    /// Plays `round` as paired, then lets some players go and (in round 2) some arrive.
    fn play(&mut self, number: u32, round: &Round, rng: &mut Rng) {
        // Every board of a round starts from the same position, so one side wins most games.
        let favoured = if rng.below(2) == 0 {
            Outcome::FirstWon
        } else {
            Outcome::SecondWon
        };
        let other = match favoured {
            Outcome::FirstWon => Outcome::SecondWon,
            _ => Outcome::FirstWon,
        };
        for g in &round.games {
            let outcome = if rng.below(11) == 0 {
                Outcome::Draw
            } else if rng.below(100) < self.favoured {
                favoured
            } else {
                other
            };
            self.played.push(Played {
                round: number,
                first: g.first,
                second: g.second,
                outcome: Some(outcome),
            });
        }
        if let Some(player) = round.bye {
            self.byes.push(Bye {
                round: number,
                player,
            });
        }
        for e in &mut self.entrants {
            if !e.withdrawn && rng.below(1000) < self.withdrawing {
                e.withdrawn = true;
            }
        }
        if number == 1 {
            let next = self.entrants.len() as i64 + 1;
            let late = 1 + self.entrants.len() as i64 / 200;
            self.entrants.extend((next..next + late).map(|id| Entrant {
                id,
                withdrawn: false,
            }));
        }
    }
}

/// `(total, steal)` ticks of every processor so far, from `/proc/stat` (Linux).
fn host_ticks() -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let ticks: Vec<u64> = stat
        .lines()
        .next()?
        .split_whitespace()
        .skip(1)
        .take(8)
        .filter_map(|n| n.parse().ok())
        .collect();
    Some((ticks.iter().sum(), *ticks.get(7)?))
}

/// The share of the processors' time (%) the hypervisor stole since `before`.
fn steal_since(before: Option<(u64, u64)>) -> Option<f64> {
    let ((total0, steal0), (total, steal)) = (before?, host_ticks()?);
    Some(100.0 * steal.saturating_sub(steal0) as f64 / total.saturating_sub(total0).max(1) as f64)
}

/// The median time of `runs` calls of `pair`, and what it paired.
fn time(runs: usize, mut pair: impl FnMut() -> Round) -> (Duration, Round) {
    let mut round = Round::default();
    let mut times: Vec<Duration> = (0..runs.max(1))
        .map(|_| {
            let started = Instant::now();
            round = std::hint::black_box(pair());
            started.elapsed()
        })
        .collect();
    times.sort();
    (times[times.len() / 2], round)
}

fn env_number(name: &str, default: usize) -> usize {
    match std::env::var(name) {
        Ok(v) => v.trim().parse().unwrap_or_else(|_| {
            eprintln!("{name}={v:?} is not a number; using {default}");
            default
        }),
        Err(_) => default,
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// A constructed worst case for `swiss`: `2k` players still in, `k` of them (the lowest
/// ranked) having moved second twice, so that none of them can meet another and each of the
/// other `k` must meet one of them: every board's preferred opponents, in its own score group,
/// are refused, each board after one search of everything left. It takes `3k` entrants, `k` of
/// whom withdrew after moving first twice (firsts and seconds balance over everyone).
fn tight(k: i64) -> History {
    let (t, u, w) = (1..=k, k + 1..=2 * k, 2 * k + 1..=3 * k);
    let mut history = History {
        entrants: (1..=3 * k)
            .map(|id| Entrant {
                id,
                withdrawn: w.contains(&id),
            })
            .collect(),
        ..History::default()
    };
    for round in 1..=2 {
        for (i, first) in w.clone().enumerate() {
            let second = t.start() + (i as i64 + i64::from(round) - 1) % k;
            history.played.push(Played {
                round,
                first,
                second,
                outcome: Some(Outcome::FirstWon),
            });
        }
        for x in (0..k).step_by(2) {
            let (a, b) = (u.start() + x, u.start() + x + 1);
            let (first, second) = if round == 1 { (a, b) } else { (b, a) };
            history.played.push(Played {
                round,
                first,
                second,
                outcome: Some(Outcome::Draw),
            });
        }
    }
    history
}

/// What the run measures, from the environment.
struct Settings {
    runs: usize,
    baseline_upto: usize,
    baseline_runs: usize,
}

impl Settings {
    /// Pairs round `number` of `history` with `swiss` and, on fields small enough, with the
    /// baseline; prints a line and returns the round and the two medians.
    fn pair(
        &self,
        history: &History,
        number: u32,
        label: &str,
    ) -> (Round, Duration, Option<Duration>) {
        let ticks = host_ticks();
        let (took, round) = time(self.runs, || {
            swiss(&history.entrants, &history.played, &history.byes, number)
                .expect("a field of hundreds pairs")
        });
        let old = (history.active() <= self.baseline_upto).then(|| {
            time(self.baseline_runs, || {
                baseline::swiss(&history.entrants, &history.played, &history.byes, number)
                    .expect("a field of hundreds pairs")
            })
        });
        let steal = steal_since(ticks).unwrap_or(0.0);
        println!(
            "{label:>6}  {:>6}  {:>9.2}  {:>12}  {:>5}  {steal:>7.1}",
            history.active(),
            ms(took),
            old.as_ref()
                .map_or("-".into(), |(d, _)| format!("{:.2}", ms(*d))),
            old.as_ref()
                .map_or("-", |(_, r)| if *r == round { "yes" } else { "NO" }),
        );
        (round, took, old.map(|(d, _)| d))
    }
}

const COLUMNS: &str = " round  active   swiss ms   baseline ms   same   steal %";

fn main() {
    let fields: Vec<usize> = std::env::var("GRUNDY_PAIRING_FIELDS")
        .unwrap_or_else(|_| "100,400,800,1000".into())
        .split(',')
        .filter_map(|f| f.trim().parse().ok())
        .collect();
    let rounds = u32::try_from(env_number("GRUNDY_PAIRING_ROUNDS", 15)).unwrap_or(15);
    let favoured = env_number("GRUNDY_PAIRING_FAVOURED", 85) as u64;
    let withdrawing = env_number("GRUNDY_PAIRING_WITHDRAWING", 10) as u64;
    let settings = Settings {
        runs: env_number("GRUNDY_PAIRING_RUNS", 5),
        baseline_upto: env_number("GRUNDY_PAIRING_BASELINE_UPTO", 400),
        baseline_runs: env_number("GRUNDY_PAIRING_BASELINE_RUNS", 3),
    };
    println!(
        "Swiss pairing, rounds 1..={rounds}; medians of {} runs (baseline: {} runs, fields up \
         to {} players); favoured side {favoured} %, {withdrawing}‰ withdrawing a round",
        settings.runs, settings.baseline_runs, settings.baseline_upto,
    );
    for &players in &fields {
        let mut history = History {
            entrants: (1..=players as i64)
                .map(|id| Entrant {
                    id,
                    withdrawn: false,
                })
                .collect(),
            favoured,
            withdrawing,
            ..History::default()
        };
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ players as u64);
        println!("\n{players} players\n{COLUMNS}");
        let (mut worst, mut total, mut worst_baseline) = (Duration::ZERO, Duration::ZERO, None);
        let ticks = host_ticks();
        for number in 1..=rounds {
            let (round, took, old) = settings.pair(&history, number, &number.to_string());
            worst = worst.max(took);
            total += took;
            worst_baseline = worst_baseline.max(old);
            history.play(number, &round, &mut rng);
        }
        println!(
            "{players} players: swiss worst round {:.2} ms, all {rounds} rounds {:.2} ms{}; \
             steal {:.1} %",
            ms(worst),
            ms(total),
            worst_baseline.map_or(String::new(), |d| format!(
                "; baseline worst round {:.2} ms",
                ms(d)
            )),
            steal_since(ticks).unwrap_or(0.0),
        );
    }
    println!("\ntight: round 3 of the constructed hard case\n{COLUMNS}");
    for k in [100, 250, 500] {
        settings.pair(&tight(k), 3, "tight");
    }
}
