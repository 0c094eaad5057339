//! The websocket's door: a request that asks for one, at any address, is checked (the page
//! it comes from, then the handshake by axum's `WebSocketUpgrade`) and answered with a `101`
//! carrying the server's id; the connection then serves the protocol (`connection::serve`)
//! on a task of its own.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use protocol::limits::MAX_MESSAGE_BYTES;

use super::origin;
use crate::connection;
use crate::hub::Hub;

/// Read buffer per connection. tungstenite's default (128 KiB) costs 1.25 GiB for 10 000
/// connections and is zeroed on every read. Requests are small (a move is ~100 bytes, so
/// this holds several); a bigger frame grows the buffer to its announced length. 4 KiB
/// instead cost 28 MiB more for 10 000 connections.
pub const READ_BUFFER_BYTES: usize = 1024;

/// Middleware around every route: a request that asks for a websocket is answered here,
/// any other goes on to the routes.
pub async fn upgrade(State(hub): State<Arc<Hub>>, req: Request, next: Next) -> Response {
    if asked(req.headers()) {
        open(hub, req).await
    } else {
        next.run(req).await
    }
}

/// Whether a request with `headers` asks to become a websocket (`Upgrade: websocket`).
fn asked(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::UPGRADE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| {
            v.split(',')
                .any(|p| p.trim().eq_ignore_ascii_case("websocket"))
        })
}

/// The answer to an upgrade: `403` for a page of another site, an error saying what is
/// wrong with the handshake, or the `101` after which the connection is the protocol's.
async fn open(hub: Arc<Hub>, req: Request) -> Response {
    let (mut parts, _) = req.into_parts();
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0);
    if let Err(refused) = origin::check(&parts.headers, &hub.config.allowed_origins) {
        tracing::warn!(
            ?peer,
            origin = refused,
            "websocket from another site refused"
        );
        return super::text(
            StatusCode::FORBIDDEN,
            format!(
                "a websocket from the page at {refused} is refused: only this server's own \
                 page may open one (start grundyd with --allow-origin {refused} to allow it)\n"
            ),
        );
    }
    let ws = match WebSocketUpgrade::from_request_parts(&mut parts, &()).await {
        Ok(ws) => ws,
        Err(WebSocketUpgradeRejection::InvalidWebSocketVersionHeader(_)) => {
            let mut response = super::text(
                StatusCode::UPGRADE_REQUIRED,
                "this server speaks websocket version 13\n",
            );
            response.headers_mut().insert(
                header::SEC_WEBSOCKET_VERSION,
                HeaderValue::from_static("13"),
            );
            return response;
        }
        // Not GET, no `Connection: Upgrade`, no key: axum's answer says which.
        Err(wrong) => return wrong.into_response(),
    };
    let server_id = HeaderValue::from_str(&hub.server_id);
    let mut response = settings(ws).on_upgrade(move |socket| connection::serve(socket, hub, peer));
    if let Ok(id) = server_id {
        response
            .headers_mut()
            .insert(protocol::SERVER_ID_HEADER, id);
    }
    response
}

/// How the websocket reads and writes: small read buffers (see [`READ_BUFFER_BYTES`]) and
/// the protocol's message size limit, for a message and for each of its frames.
fn settings(ws: WebSocketUpgrade) -> WebSocketUpgrade {
    ws.read_buffer_size(READ_BUFFER_BYTES)
        .max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_upgrade_is_told_from_a_plain_request() {
        let mut headers = HeaderMap::new();
        assert!(!asked(&headers));
        headers.insert(header::UPGRADE, HeaderValue::from_static("h2c, WebSocket"));
        assert!(asked(&headers));
    }
}
