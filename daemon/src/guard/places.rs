//! Open connections per address: past the limit an address's new connections are refused
//! (and logged), so one machine cannot take every place of the server while others wait.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Default connections per address: a class of 40 behind one NAT, each student with a page
/// or two (a websocket each) and the page's own loads (up to 6 short HTTP connections), with
/// room to spare; far below the server's whole limit.
pub const DEFAULT_PER_ADDRESS: usize = 500;

/// How often a refusal is logged per address, at most: a flood is one line a minute.
const LOG_EVERY: Duration = Duration::from_secs(60);

/// The open connections of each address.
pub struct Places {
    /// Connections one address may hold at once.
    limit: usize,
    /// Per address: open connections, and refusals since the last one logged (with when).
    open: Mutex<HashMap<IpAddr, Count>>,
}

#[derive(Default)]
struct Count {
    open: usize,
    refused: u64,
    logged: Option<Instant>,
}

/// One connection's place, given back when dropped.
pub struct Place {
    places: Arc<Places>,
    key: IpAddr,
}

impl Places {
    /// At most `limit` connections per address.
    pub fn new(limit: usize) -> Arc<Places> {
        Arc::new(Places {
            limit: limit.max(1),
            open: Mutex::new(HashMap::new()),
        })
    }

    fn open(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, Count>> {
        self.open.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A place for a connection from `ip`, or `Err(limit)` when the address holds `limit`
    /// already (logged, at most once a minute per address with the count refused).
    pub fn take(self: &Arc<Places>, ip: IpAddr) -> Result<Place, usize> {
        let key = super::key(ip);
        let mut open = self.open();
        let count = open.entry(key).or_default();
        if count.open < self.limit {
            count.open += 1;
            return Ok(Place {
                places: Arc::clone(self),
                key,
            });
        }
        count.refused += 1;
        if count.logged.is_none_or(|t| t.elapsed() >= LOG_EVERY) {
            tracing::warn!(
                address = %key,
                open = count.open,
                refused = count.refused,
                "connections refused: this address holds the most allowed \
                 (--max-connections-per-address)"
            );
            count.logged = Some(Instant::now());
            count.refused = 0;
        }
        Err(self.limit)
    }

    /// How many connections `ip`'s address holds.
    pub fn held(&self, ip: IpAddr) -> usize {
        self.open().get(&super::key(ip)).map_or(0, |c| c.open)
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut open = self.places.open();
        if let Some(count) = open.get_mut(&self.key) {
            count.open = count.open.saturating_sub(1);
            // Forgotten once empty (its refusals with it): the map holds open addresses only.
            if count.open == 0 {
                open.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_at_most_the_limit_and_others_are_not_counted() {
        let places = Places::new(2);
        let a: IpAddr = "10.0.0.1".parse().expect("ip");
        let b: IpAddr = "10.0.0.2".parse().expect("ip");
        let first = places.take(a).expect("a place");
        let _second = places.take(a).expect("a place");
        assert_eq!(places.take(a).err(), Some(2));
        assert!(places.take(b).is_ok());
        drop(first);
        assert_eq!(places.held(a), 1);
        assert!(places.take(a).is_ok());
    }
}
