//! What one network address may take of the server: connections ([`Places`]) and wrong
//! guesses of secrets ([`Failures`]). A class often sits behind one address (a school's NAT),
//! so the limits are per address and sized for a class, not for one person; an IPv6 client
//! owns a whole /64, so IPv6 addresses count by their /64.

mod failures;
mod places;

use std::net::IpAddr;

pub use failures::{Failures, Guess, Limited, DEFAULT_GUESS_BURST, DEFAULT_GUESS_EVERY};
pub use places::{Place, Places, DEFAULT_PER_ADDRESS};

/// The key an address is counted under: an IPv4 address as it is, an IPv6 address by its
/// /64 (an IPv4-mapped one as the IPv4 address).
pub fn key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_addresses_count_by_their_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().expect("ip");
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().expect("ip");
        let c: IpAddr = "2001:db8:1:3::1".parse().expect("ip");
        assert_eq!(key(a), key(b));
        assert_ne!(key(a), key(c));
        let mapped: IpAddr = "::ffff:10.0.0.7".parse().expect("ip");
        assert_eq!(key(mapped), "10.0.0.7".parse::<IpAddr>().expect("ip"));
    }
}
