//! The accept loop: one task per connection (HTTP, then maybe a websocket), until shutdown.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::guard::Place;
use crate::hub::Hub;
use crate::web;

/// Serves websocket clients on `listener` until `shutdown` completes. Tests call this with a
/// listener on port 0; `grundyd` with the `--listen` address.
pub async fn run(listener: TcpListener, hub: Arc<Hub>, shutdown: impl Future<Output = ()>) {
    tokio::pin!(shutdown);
    let router = web::router(Arc::clone(&hub));
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
                    let router = router.clone();
                    tokio::spawn(async move {
                        match hub.places.take(peer.ip()) {
                            Ok(mine) => {
                                let stream = Placed { stream, _places: (place, mine) };
                                web::serve(stream, peer, router, &hub).await;
                            }
                            Err(limit) => web::refuse(stream, limit).await,
                        }
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

/// A connection's socket with its places (one of the server's, one of its address's): they
/// are given back when the socket is dropped, so they are held as long as the websocket it
/// may become, which runs on a task of its own.
struct Placed {
    /// The socket, read and written through.
    stream: TcpStream,
    /// The places, only held.
    _places: (OwnedSemaphorePermit, Place),
}

impl AsyncRead for Placed {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Placed {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}
