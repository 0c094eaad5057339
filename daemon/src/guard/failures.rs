//! Wrong guesses per address: a wrong access code, an unknown room code or owner token, a
//! token nobody has. Each costs a token from the address's bucket; with the bucket empty,
//! every guess of that address is refused unseen (a right one too) until it refills, so the
//! 32⁴ room codes take weeks to try instead of minutes. Every wrong guess is logged.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Default guesses an address may get wrong at once: a class behind one NAT mistyping the
/// room code on the board, a few each.
pub const DEFAULT_GUESS_BURST: u32 = 60;

/// Default time for an address to earn back one wrong guess: 1 800 an hour, so trying every
/// room code (about a million) from one address takes three weeks.
pub const DEFAULT_GUESS_EVERY: Duration = Duration::from_secs(2);

/// Most addresses remembered; past it, those that have earned back all their guesses are
/// forgotten (and, if all are still limited, the oldest), so the table stays small whatever
/// a flood of addresses does.
const REMEMBERED: usize = 10_000;

/// What was guessed wrong, for the log and the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guess {
    /// The server's access code (`hello`).
    AccessCode,
    /// A player's token (`hello`).
    Token,
    /// A room's join code (`join_room`).
    RoomCode,
    /// A room's owner token (`join_room` as a teacher).
    OwnerToken,
}

impl Guess {
    /// Its name in the log and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Guess::AccessCode => "access code",
            Guess::Token => "player token",
            Guess::RoomCode => "room code",
            Guess::OwnerToken => "owner token",
        }
    }
}

/// An address that may not guess now, and for how long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limited {
    /// Until it may guess again.
    pub retry_after: Duration,
}

impl Limited {
    /// Whole seconds until it may guess again, at least one.
    pub fn retry_after_s(&self) -> u64 {
        self.retry_after.as_secs().max(1)
    }
}

/// The wrong guesses of every address.
pub struct Failures {
    burst: f64,
    every: Duration,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    /// Guesses left, refilled at one per `every`.
    left: f64,
    /// When `left` was last brought up to date.
    at: Instant,
    /// Whether the refusals of this spell were logged already.
    logged: bool,
}

impl Failures {
    /// `burst` wrong guesses at once, one more earned back every `every`.
    pub fn new(burst: u32, every: Duration) -> Failures {
        Failures {
            burst: f64::from(burst.max(1)),
            every: every.max(Duration::from_millis(1)),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    fn buckets(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, Bucket>> {
        self.buckets.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The bucket of `key` brought up to date.
    fn refill(&self, bucket: &mut Bucket, now: Instant) {
        let earned = now.duration_since(bucket.at).as_secs_f64() / self.every.as_secs_f64();
        bucket.left = (bucket.left + earned).min(self.burst);
        bucket.at = now;
    }

    /// Whether `ip` may guess now (`None` for a connection with no address, as in tests
    /// over channels).
    pub fn check(&self, ip: Option<IpAddr>) -> Result<(), Limited> {
        let Some(ip) = ip else { return Ok(()) };
        let key = super::key(ip);
        let now = Instant::now();
        let mut buckets = self.buckets();
        let Some(bucket) = buckets.get_mut(&key) else {
            return Ok(());
        };
        self.refill(bucket, now);
        if bucket.left >= 1.0 {
            bucket.logged = false;
            return Ok(());
        }
        let missing = 1.0 - bucket.left;
        let retry_after = self.every.mul_f64(missing);
        if !bucket.logged {
            bucket.logged = true;
            tracing::warn!(address = %key, ?retry_after, "address guessing codes: its guesses are refused for now");
        }
        Err(Limited { retry_after })
    }

    /// Counts a wrong guess of `what` from `ip`, and logs it.
    pub fn failed(&self, ip: Option<IpAddr>, what: Guess) {
        let Some(ip) = ip else { return };
        let key = super::key(ip);
        let now = Instant::now();
        let mut buckets = self.buckets();
        if buckets.len() >= REMEMBERED && !buckets.contains_key(&key) {
            self.forget(&mut buckets, now);
        }
        let fresh = Bucket {
            left: self.burst,
            at: now,
            logged: false,
        };
        let bucket = buckets.entry(key).or_insert(fresh);
        self.refill(bucket, now);
        bucket.left = (bucket.left - 1.0).max(0.0);
        tracing::info!(address = %key, guess = what.name(), left = bucket.left as u64, "wrong guess");
    }

    /// Makes room: forgets the addresses whose buckets are full again, else the one that
    /// guessed longest ago.
    fn forget(&self, buckets: &mut HashMap<IpAddr, Bucket>, now: Instant) {
        let burst = self.burst;
        let every = self.every.as_secs_f64();
        buckets.retain(|_, b| b.left + now.duration_since(b.at).as_secs_f64() / every < burst);
        if buckets.len() >= REMEMBERED {
            if let Some(oldest) = buckets.iter().min_by_key(|(_, b)| b.at).map(|(k, _)| *k) {
                buckets.remove(&oldest);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_runs_out_of_guesses_and_earns_them_back() {
        let failures = Failures::new(3, Duration::from_millis(50));
        let a = Some("10.0.0.1".parse().expect("ip"));
        let b = Some("10.0.0.2".parse().expect("ip"));
        for _ in 0..3 {
            assert!(failures.check(a).is_ok());
            failures.failed(a, Guess::RoomCode);
        }
        let limited = failures.check(a).expect_err("limited");
        assert!(limited.retry_after <= Duration::from_millis(50));
        assert!(failures.check(b).is_ok(), "another address is not limited");
        assert!(failures.check(None).is_ok());
        std::thread::sleep(Duration::from_millis(60));
        assert!(failures.check(a).is_ok());
    }
}
