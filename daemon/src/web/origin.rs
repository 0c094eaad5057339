//! Which web pages may open a websocket here: a browser sends the page's origin with the
//! upgrade, and any page a student visits could otherwise open a socket to the class server
//! and act as a new player (or with a token it stole). Clients that are not browsers
//! (`grundy`, scripts) send no `Origin` and are let in.

use axum::http::header::{self, HeaderMap};

/// Whether an upgrade with `headers` may go ahead: no `Origin` (not a browser), this
/// server's own page (the origin's host and port are the request's `Host`), or an origin in
/// `allowed` (`grundyd --allow-origin`). `Err` holds the origin refused.
pub fn check<'a>(headers: &'a HeaderMap, allowed: &[String]) -> Result<(), &'a str> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let Ok(origin) = origin.to_str() else {
        return Err("(not text)");
    };
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::trim);
    let same = authority(origin)
        .zip(host)
        .is_some_and(|((_, authority), host)| same_authority(authority, host));
    if same || allowed.iter().any(|a| same_origin(a, origin)) {
        Ok(())
    } else {
        Err(origin)
    }
}

/// The scheme and the authority (`host[:port]`) of an origin such as `http://pc:7878`;
/// `None` for `null` and anything that is not an origin.
fn authority(origin: &str) -> Option<(&str, &str)> {
    let (scheme, rest) = origin.trim().split_once("://")?;
    (!rest.is_empty() && !rest.contains(['/', '?', '#', '@'])).then_some((scheme, rest))
}

/// Whether two `host[:port]` are the same, letter case aside.
fn same_authority(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
}

/// Whether two origins are the same: the same scheme and authority, letter case aside, a
/// default port (80 for http, 443 for https) written or not.
fn same_origin(a: &str, b: &str) -> bool {
    let norm = |o: &str| {
        let (scheme, authority) = authority(o.trim_end_matches('/'))?;
        let scheme = scheme.to_ascii_lowercase();
        let default = match scheme.as_str() {
            "http" => ":80",
            "https" => ":443",
            _ => "",
        };
        let authority = authority.to_ascii_lowercase();
        let authority = authority
            .strip_suffix(default)
            .filter(|_| !default.is_empty())
            .map_or(authority.clone(), str::to_owned);
        Some((scheme, authority))
    };
    norm(a).is_some_and(|a| Some(a) == norm(b))
}

/// The `connect-src` of the page's Content-Security-Policy for a request to `host`: the
/// page's own origin and its websocket on the same host and port, nothing else.
pub fn connect_src(host: Option<&str>) -> String {
    // A Host that is not a plain `host[:port]` is left out rather than written into a header.
    let host = host.map(str::trim).filter(|h| {
        !h.is_empty()
            && h.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b".-:[]_".contains(&b))
    });
    match host {
        Some(h) => format!("'self' ws://{h} wss://{h}"),
        None => "'self'".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, host.parse().expect("a host"));
        if let Some(o) = origin {
            h.insert(header::ORIGIN, o.parse().expect("an origin"));
        }
        h
    }

    #[test]
    fn the_servers_own_page_and_non_browsers_are_let_in() {
        let none: &[String] = &[];
        assert!(check(&headers(None, "pc:7878"), none).is_ok());
        assert!(check(&headers(Some("http://pc:7878"), "pc:7878"), none).is_ok());
        assert!(check(&headers(Some("http://PC:7878"), "pc:7878"), none).is_ok());
        assert!(check(
            &headers(Some("https://10.0.0.2:7878"), "10.0.0.2:7878"),
            none
        )
        .is_ok());
    }

    #[test]
    fn other_sites_are_refused_unless_allowed() {
        let none: &[String] = &[];
        for origin in [
            "http://evil.example",
            "http://pc:7879",
            "http://pc",
            "null",
            "http://pc:7878@evil.example",
        ] {
            let h = headers(Some(origin), "pc:7878");
            assert_eq!(check(&h, none), Err(origin), "{origin}");
        }
        let allowed = ["https://School.example/".to_owned()];
        let h = headers(Some("https://school.example:443"), "pc:7878");
        assert!(check(&h, &allowed).is_ok());
        let h = headers(Some("http://school.example"), "pc:7878");
        assert!(check(&h, &allowed).is_err());
    }

    #[test]
    fn the_policy_names_the_host_only_when_it_is_one() {
        assert_eq!(
            connect_src(Some("pc:7878")),
            "'self' ws://pc:7878 wss://pc:7878"
        );
        assert_eq!(connect_src(Some("a; script-src *")), "'self'");
        assert_eq!(connect_src(None), "'self'");
    }
}
