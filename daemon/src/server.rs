//! The accept loop: one task per connection, until shutdown.

use std::future::Future;
use std::sync::Arc;

use tokio::net::TcpListener;

use crate::connection;
use crate::hub::Hub;

/// Serves websocket clients on `listener` until `shutdown` completes. Tests call this with a
/// listener on port 0; `grundyd` with the `--listen` address.
pub async fn run(listener: TcpListener, hub: Arc<Hub>, shutdown: impl Future<Output = ()>) {
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    let _ = stream.set_nodelay(true);
                    tokio::spawn(connection::serve(stream, hub.clone()));
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
}
