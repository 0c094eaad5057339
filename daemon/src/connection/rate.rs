//! A token bucket per connection: a client may send `rate` messages a second on average,
//! in bursts of up to `burst`. Messages beyond that are answered with `rate_limited` and not
//! processed, so one client's flood costs the server almost nothing.

use tokio::time::Instant;

/// The bucket.
#[derive(Debug)]
pub struct Bucket {
    tokens: f64,
    burst: f64,
    rate: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: u32, burst: u32) -> Bucket {
        Bucket {
            tokens: f64::from(burst),
            burst: f64::from(burst.max(1)),
            rate: f64::from(rate.max(1)),
            last: Instant::now(),
        }
    }

    /// Takes a token if there is one.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_burst_then_the_rate() {
        let mut b = Bucket::new(10, 3);
        assert!(b.take() && b.take() && b.take());
        assert!(!b.take());
        tokio::time::advance(std::time::Duration::from_millis(100)).await;
        assert!(b.take());
        assert!(!b.take());
    }
}
