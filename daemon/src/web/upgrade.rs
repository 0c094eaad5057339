//! The websocket handshake's HTTP half (RFC 6455 §4.2): whether a request asks for the
//! upgrade, and the `101 Switching Protocols` that grants it, with the server's id.

use bytes::Bytes;
use http_body_util::Full;
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;

/// Whether `req` asks to become a websocket (`Upgrade: websocket`).
pub fn asked<B>(req: &Request<B>) -> bool {
    lists(req.headers(), header::UPGRADE, "websocket")
}

/// Whether the comma-separated values of header `name` include `token`, case aside.
fn lists(headers: &header::HeaderMap, name: header::HeaderName, token: &str) -> bool {
    headers
        .get_all(name)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.split(',').any(|p| p.trim().eq_ignore_ascii_case(token)))
}

/// The answer to an upgrade request: `101 Switching Protocols` for a well-formed one,
/// carrying the server's id in `protocol::SERVER_ID_HEADER`; otherwise an error saying what
/// is wrong.
pub fn accept<B>(req: &Request<B>, server_id: &str) -> Response<Full<Bytes>> {
    match check(req) {
        Ok(key) => switching(&key, server_id),
        Err(Wrong::Version) => {
            let mut response = refused("this server speaks websocket version 13");
            *response.status_mut() = StatusCode::UPGRADE_REQUIRED;
            response.headers_mut().insert(
                header::SEC_WEBSOCKET_VERSION,
                HeaderValue::from_static("13"),
            );
            response
        }
        Err(Wrong::Request(why)) => refused(why),
    }
}

/// What is wrong with an upgrade request.
enum Wrong {
    /// Another websocket version than 13.
    Version,
    /// This, said to the client.
    Request(&'static str),
}

/// The request's key, or what is wrong.
fn check<B>(req: &Request<B>) -> Result<HeaderValue, Wrong> {
    if req.method() != Method::GET {
        return Err(Wrong::Request("a websocket is opened with GET"));
    }
    let headers = req.headers();
    if !lists(headers, header::CONNECTION, "upgrade") {
        return Err(Wrong::Request(
            "a websocket upgrade needs `Connection: Upgrade`",
        ));
    }
    if headers
        .get(header::SEC_WEBSOCKET_VERSION)
        .map(HeaderValue::as_bytes)
        != Some(b"13")
    {
        return Err(Wrong::Version);
    }
    headers
        .get(header::SEC_WEBSOCKET_KEY)
        .cloned()
        .ok_or(Wrong::Request(
            "a websocket upgrade needs `Sec-WebSocket-Key`",
        ))
}

/// The `101` with the accept key (RFC 6455 §4.2.2) and the server's id.
fn switching(key: &HeaderValue, server_id: &str) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::new()));
    *response.status_mut() = StatusCode::SWITCHING_PROTOCOLS;
    let out = response.headers_mut();
    out.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
    out.insert(header::CONNECTION, HeaderValue::from_static("Upgrade"));
    // Base64 of a hash: always a valid header value.
    if let Ok(accept) = HeaderValue::from_str(&derive_accept_key(key.as_bytes())) {
        out.insert(header::SEC_WEBSOCKET_ACCEPT, accept);
    }
    if let Ok(id) = HeaderValue::from_str(server_id) {
        out.insert(protocol::SERVER_ID_HEADER, id);
    }
    response
}

/// `400 Bad Request` saying `why`.
pub fn refused(why: &str) -> Response<Full<Bytes>> {
    super::text(StatusCode::BAD_REQUEST, format!("{why}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn upgrade(version: &str) -> Request<()> {
        Request::get("/")
            .header("Upgrade", "websocket")
            .header("Connection", "keep-alive, Upgrade")
            .header("Sec-WebSocket-Version", version)
            .header("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
            .body(())
            .expect("a request")
    }

    #[test]
    fn the_handshake_is_answered_as_rfc_6455_says() {
        let req = upgrade("13");
        assert!(asked(&req));
        let response = accept(&req, "abc");
        assert_eq!(response.status(), StatusCode::SWITCHING_PROTOCOLS);
        let h = response.headers();
        // The example of RFC 6455 §1.3.
        assert_eq!(
            h[header::SEC_WEBSOCKET_ACCEPT],
            "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
        );
        assert_eq!(h[protocol::SERVER_ID_HEADER], "abc");
    }

    #[test]
    fn other_versions_and_plain_requests_are_told_apart() {
        let refused = accept(&upgrade("8"), "abc");
        assert_eq!(refused.status(), StatusCode::UPGRADE_REQUIRED);
        let plain = Request::get("/").body(()).expect("a request");
        assert!(!asked(&plain));
    }
}
