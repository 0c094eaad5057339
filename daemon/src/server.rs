//! The accept loop: one task per connection (HTTP, then maybe a websocket), until shutdown.

use std::future::Future;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use crate::hub::Hub;
use crate::web;

/// Serves websocket clients on `listener` until `shutdown` completes. Tests call this with a
/// listener on port 0; `grundyd` with the `--listen` address.
pub async fn run(listener: TcpListener, hub: Arc<Hub>, shutdown: impl Future<Output = ()>) {
    tokio::pin!(shutdown);
    // A place is taken before `accept`, so past the limit new clients wait in the kernel's
    // backlog instead of costing memory here.
    let places = Arc::new(Semaphore::new(hub.config.max_connections.max(1)));
    loop {
        let place = tokio::select! {
            place = places.clone().acquire_owned() => match place {
                Ok(place) => place,
                Err(_) => break,
            },
            () = &mut shutdown => break,
        };
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    let _ = stream.set_nodelay(true);
                    let hub = hub.clone();
                    tokio::spawn(async move {
                        match hub.places.take(peer.ip()) {
                            Ok(mine) => {
                                web::serve(stream, hub).await;
                                drop(mine);
                            }
                            Err(limit) => web::too_many(stream, limit).await,
                        }
                        drop(place);
                    });
                }
                Err(e) => {
                    // Out of file descriptors and the like: pause instead of spinning.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                }
            },
            () = &mut shutdown => break,
        }
    }
    tracing::info!("no longer accepting connections");
    // Each connection finishes the request it is handling (a move in flight is stored and
    // acknowledged), then closes with 1001. Wait for them, but not forever.
    hub.begin_shutdown();
    let all = u32::try_from(hub.config.max_connections.max(1)).unwrap_or(u32::MAX);
    if tokio::time::timeout(SHUTDOWN_GRACE, places.acquire_many(all))
        .await
        .is_err()
    {
        tracing::warn!("connections still open after {SHUTDOWN_GRACE:?}; stopping anyway");
    }
}

/// How long a stopping server waits for its connections to close.
pub const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(3);
