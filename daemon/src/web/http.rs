//! One TCP connection's HTTP, by hyper with the router as its service: requests until one of
//! them upgrades it to a websocket (which then runs on a task of its own), the client closes
//! it, it stays plain for [`HTTP_KEEP`], or the server stops.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::http::{header, StatusCode};
use axum::response::Response;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::Request;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite};
use tower::Service;

use crate::hub::Hub;

/// How long a connection may stay plain HTTP (a browser keeps one open between page loads)
/// before it is closed; the browser opens another when it needs one.
const HTTP_KEEP: Duration = Duration::from_secs(30);

/// How long a refused connection is given to send its request and read the refusal.
const REFUSAL_TIME: Duration = Duration::from_secs(1);

/// Serves the connection `io` from `peer` with `router` until it ends, upgrades, stays plain
/// for [`HTTP_KEEP`], or the server stops (a response under way is finished first).
pub async fn serve<I>(io: I, peer: SocketAddr, router: Router, hub: &Hub)
where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let service = service_fn(move |mut req: Request<Incoming>| {
        // Who asked, for the websocket's logs and its guard against guessed codes.
        req.extensions_mut().insert(ConnectInfo(peer));
        router.clone().call(req)
    });
    let conn = http1::Builder::new()
        .timer(TokioTimer::new())
        // Headers slower than the hello allowance are a client to drop.
        .header_read_timeout(hub.config.hello_timeout)
        .serve_connection(TokioIo::new(io), service)
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
}

/// Refuses the connection `io` from an address that holds `limit` connections already: its
/// request is answered with a `503` saying why, within [`REFUSAL_TIME`], then it is closed.
pub async fn refuse<I>(io: I, limit: usize)
where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let service =
        service_fn(move |_: Request<Incoming>| async move { Ok::<_, Infallible>(too_many(limit)) });
    let conn = http1::Builder::new()
        .keep_alive(false)
        .serve_connection(TokioIo::new(io), service);
    let _ = tokio::time::timeout(REFUSAL_TIME, conn).await;
}

/// The `503` for an address past its `limit`: what happened and what to do about it.
fn too_many(limit: usize) -> Response {
    let body = format!(
        "too many connections from your address: at most {limit} at once; close other \
         windows or clients of this server, or ask its host to raise \
         --max-connections-per-address\n"
    );
    let mut response = super::text(StatusCode::SERVICE_UNAVAILABLE, body);
    let headers = response.headers_mut();
    headers.insert(header::RETRY_AFTER, header::HeaderValue::from_static("10"));
    headers.insert(
        header::CONNECTION,
        header::HeaderValue::from_static("close"),
    );
    response
}
