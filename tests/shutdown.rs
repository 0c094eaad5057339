//! Stopping the server: every client is told with close code 1001, promptly, and what was
//! acknowledged before is on disk.

use std::time::Instant;

use grundy_e2e::{state_of, CloseCode, Server};
use protocol::Request;

#[tokio::test]
async fn stopping_closes_every_connection_with_1001_and_keeps_acknowledged_moves(
) -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut a = server.connect("ada").await?;
    let mut b = server.connect("bob").await?;
    let s = grundy_e2e::nim_between(&mut a, &mut b).await?;
    a.request(Request::play(s.match_id, "1:1")).await?;
    let started = Instant::now();
    server.stop().await?;
    assert!(
        started.elapsed() < daemon::server::SHUTDOWN_GRACE,
        "{:?}",
        started.elapsed()
    );
    for c in [&mut a, &mut b] {
        assert_eq!(c.until_closed().await.1, Some(CloseCode::Away));
    }
    // Back up on the same file: the acknowledged move is there.
    let server = Server::start(&dir).await?;
    let mut c = server.connect("carol").await?;
    let again = state_of(
        c.request(Request::Watch {
            match_id: s.match_id,
        })
        .await?,
    )?;
    assert_eq!(again.ply, 1);
    server.stop().await
}
