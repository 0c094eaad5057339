//! The HTTP side of the listening port, by hyper: a websocket upgrade becomes a protocol
//! connection (`connection::serve`), a plain `GET` gets the browser client's page and its
//! assets, compiled into the binary. One port, one address, for `grundy` and browsers alike.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::Full;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::upgrade::OnUpgrade;
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::protocol::Role;
use tokio_tungstenite::WebSocketStream;

mod assets;
mod origin;
mod upgrade;

use crate::connection;
use crate::hub::Hub;

/// How long a connection may stay plain HTTP (a browser keeps one open between page loads)
/// before it is closed; the browser opens another when it needs one.
const HTTP_KEEP: Duration = Duration::from_secs(30);

/// Serves one TCP connection: HTTP requests until it upgrades to a websocket (then the
/// protocol, on the same task), closes, stays plain for [`HTTP_KEEP`], or the server stops.
pub async fn serve(stream: TcpStream, hub: Arc<Hub>) {
    let peer = stream.peer_addr().ok();
    // The HTTP connection and its buffers are gone before the websocket's long life begins.
    let Some(upgrading) = http(stream, &hub, peer).await else {
        return;
    };
    let upgraded = match tokio::time::timeout(hub.config.hello_timeout, upgrading).await {
        Ok(Ok(upgraded)) => upgraded,
        Ok(Err(e)) => {
            tracing::debug!(?peer, error = %e, "websocket upgrade failed");
            return;
        }
        Err(_) => return,
    };
    let config = connection::websocket_config();
    let ws =
        WebSocketStream::from_raw_socket(TokioIo::new(upgraded), Role::Server, Some(config)).await;
    connection::serve(ws, hub, peer).await;
}

/// How long a refused connection is given to send its request and read the refusal.
const REFUSAL_TIME: Duration = Duration::from_secs(1);

/// Refuses a connection from an address that holds `limit` connections already: a `503`
/// saying why, written within [`REFUSAL_TIME`], then the connection is closed. The request
/// is read first (what fits in 4 KiB), so that closing does not reset the answer away.
pub async fn too_many(mut stream: TcpStream, limit: usize) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let body = format!(
        "too many connections from your address: at most {limit} at once; close other \
         windows or clients of this server, or ask its host to raise \
         --max-connections-per-address\n"
    );
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n\
         retry-after: 10\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(REFUSAL_TIME, async {
        let mut request = [0u8; 4096];
        let _ = tokio::time::timeout(REFUSAL_TIME / 4, stream.read(&mut request)).await;
        let _ = stream.write_all(answer.as_bytes()).await;
        let _ = stream.shutdown().await;
    })
    .await;
}

/// Answers HTTP requests on `stream` until the connection ends; the upgrade to come when
/// one of them asked for the websocket.
async fn http(stream: TcpStream, hub: &Arc<Hub>, peer: Option<SocketAddr>) -> Option<OnUpgrade> {
    // The upgrade of the one request that asks for it, handed from the service to here.
    let (tx, mut rx) = oneshot::channel::<OnUpgrade>();
    let slot = Arc::new(Mutex::new(Some(tx)));
    let service = {
        let hub = Arc::clone(hub);
        service_fn(move |req: Request<Incoming>| {
            let answer = answer(req, peer, &hub, &slot);
            async move { Ok::<_, Infallible>(answer) }
        })
    };
    let conn = http1::Builder::new()
        .timer(TokioTimer::new())
        // Headers slower than the hello allowance are a client to drop.
        .header_read_timeout(hub.config.hello_timeout)
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    tokio::pin!(conn);
    let mut stopping = hub.stopping();
    let deadline = tokio::time::sleep(HTTP_KEEP);
    tokio::pin!(deadline);
    let mut closing = *stopping.borrow_and_update();
    if closing {
        conn.as_mut().graceful_shutdown();
    }
    loop {
        tokio::select! {
            done = conn.as_mut() => {
                if let Err(e) = done {
                    tracing::debug!(?peer, error = %e, "http connection ended");
                }
                break;
            }
            // A response under way is finished first.
            _ = stopping.changed(), if !closing => {
                closing = true;
                conn.as_mut().graceful_shutdown();
            }
            () = &mut deadline, if !closing => {
                closing = true;
                conn.as_mut().graceful_shutdown();
            }
        }
    }
    // Handed over before the `101` was written, so before the connection ended: there now,
    // or never (the service, which holds the sender, lives as long as `conn`).
    rx.try_recv().ok()
}

/// The answer to one request from `peer`: the websocket's `101` (its upgrade handed over
/// through `slot`), a page or asset, or an error saying what is served here.
fn answer(
    mut req: Request<Incoming>,
    peer: Option<SocketAddr>,
    hub: &Hub,
    slot: &Mutex<Option<oneshot::Sender<OnUpgrade>>>,
) -> Response<Full<Bytes>> {
    if !upgrade::asked(&req) {
        return assets::answer(&req);
    }
    if let Err(refused) = origin::check(req.headers(), &hub.config.allowed_origins) {
        tracing::warn!(
            ?peer,
            origin = refused,
            "websocket from another site refused"
        );
        let mut response = upgrade::refused(&format!(
            "a websocket from the page at {refused} is refused: only this server's own page \
             may open one (start grundyd with --allow-origin {refused} to allow it)"
        ));
        *response.status_mut() = hyper::StatusCode::FORBIDDEN;
        return response;
    }
    let response = upgrade::accept(&req, &hub.server_id);
    if response.status() != hyper::StatusCode::SWITCHING_PROTOCOLS {
        return response;
    }
    let taken = slot.lock().map(|mut s| s.take()).unwrap_or_default();
    match taken {
        Some(tx) => {
            // Only this task waits for it: it cannot be gone before the connection ends.
            let _ = tx.send(hyper::upgrade::on(&mut req));
            response
        }
        None => upgrade::refused("this connection is a websocket already"),
    }
}

/// An answer in plain text.
fn text(status: hyper::StatusCode, body: impl Into<Bytes>) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(body.into()));
    *response.status_mut() = status;
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}
