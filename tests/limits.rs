//! Limits: oversized and malformed frames are answered with the right close code, a silent
//! socket is closed, a client that does not read is dropped, and connections beyond the limit
//! wait — while others are served.

use std::time::Duration;

use daemon::Config;
use grundy_e2e::{ping, test_config, Client, CloseCode, Server};
use protocol::{ErrorCode, Game, GameParams, Request, ServerBody};
use serde_json::json;

#[tokio::test]
async fn an_oversized_message_is_refused_with_1009_and_others_are_still_served(
) -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut big = server.connect("big").await?;
    let mut other = server.connect("other").await?;
    let text = json!({"type": "ping", "id": 1, "pad": "x".repeat(20_000)}).to_string();
    big.send_text(&text).await?;
    assert_eq!(big.until_closed().await.1, Some(CloseCode::Size));
    ping(&mut other).await?;
    let mut fresh = server.connect("fresh").await?;
    ping(&mut fresh).await?;
    server.stop().await
}

#[tokio::test]
async fn a_socket_that_never_says_hello_is_closed_with_1008() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let config = Config {
        hello_timeout: Duration::from_millis(300),
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let mut silent = server.raw().await?;
    assert_eq!(silent.until_closed().await.1, Some(CloseCode::Policy));
    // Saying hello in time keeps the connection open past the timeout.
    let mut polite = server.connect("polite").await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    ping(&mut polite).await?;
    server.stop().await
}

#[tokio::test]
async fn connections_beyond_the_limit_wait_for_a_free_place() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let config = Config {
        max_connections: 1,
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let first = server.connect("first").await?;
    let url = server.url();
    let second = tokio::spawn(async move { Client::open(&url).await.is_ok() });
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert!(!second.is_finished(), "the second connection should wait");
    drop(first);
    let connected = tokio::time::timeout(Duration::from_secs(10), second).await??;
    assert!(connected);
    server.stop().await
}

#[tokio::test]
async fn a_flood_is_rate_limited_while_others_are_served() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let config = Config {
        message_rate: 50,
        message_burst: 20,
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let mut flood = server.connect("flood").await?;
    let mut calm = server.connect("calm").await?;
    for _ in 0..300 {
        flood.send(Request::Ping {}).await?;
    }
    let (mut pongs, mut limited) = (0, 0);
    for _ in 0..300 {
        match flood.next_message().await?.body {
            ServerBody::Pong => pongs += 1,
            ServerBody::Error(protocol::ErrorBody {
                code: ErrorCode::RateLimited,
                ..
            }) => limited += 1,
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(pongs + limited, 300);
    assert!((19..=60).contains(&pongs), "{pongs} pongs");
    ping(&mut calm).await?;
    // After a pause the flooder is served again.
    tokio::time::sleep(Duration::from_millis(200)).await;
    ping(&mut flood).await?;
    server.stop().await
}

#[tokio::test]
async fn a_silent_connection_is_closed_and_a_live_one_kept() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let config = Config {
        idle_timeout: Duration::from_millis(600),
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let mut silent = server.connect("silent").await?;
    let mut live = server.connect("live").await?;
    // The live client talks (and reading its replies answers the server's pings), every
    // 100 ms: a sixth of the idle timeout, so a busy machine does not make it look silent.
    for _ in 0..12 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        ping(&mut live).await?;
    }
    // The silent one neither spoke nor read: the server gave up on it. Its close frame may be
    // lost to a reset when the client finally answers the stale pings, so what counts is that
    // the connection is over at once rather than after the helper's 20 s wait.
    let t = std::time::Instant::now();
    let code = silent.until_closed().await.1;
    assert!(code.is_none() || code == Some(CloseCode::Away), "{code:?}");
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "still open after {:?}",
        t.elapsed()
    );
    server.stop().await
}

#[tokio::test]
async fn a_raw_socket_that_never_upgrades_is_dropped() -> anyhow::Result<()> {
    use tokio::io::AsyncReadExt;
    let dir = tempfile::tempdir()?;
    let config = Config {
        hello_timeout: Duration::from_millis(300),
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let mut raw = tokio::net::TcpStream::connect(server.addr).await?;
    let mut buf = [0u8; 16];
    // The server hangs up: the read ends (0 bytes or a reset) instead of waiting forever.
    let read = tokio::time::timeout(Duration::from_secs(5), raw.read(&mut buf)).await;
    assert!(matches!(read, Ok(Ok(0)) | Ok(Err(_))), "{read:?}");
    server.stop().await
}

#[tokio::test]
async fn a_client_that_does_not_read_is_dropped_and_others_are_served() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let config = Config {
        write_timeout: Duration::from_millis(300),
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let mut hog = server.connect("hog").await?;
    let mut other = server.connect("other").await?;
    // Each answer is the whole L-game classification (~150 KB); far more than the socket
    // buffers of both ends hold is asked for, and nothing is read.
    const ASKED: usize = 200;
    for _ in 0..ASKED {
        let lgame = Request::Table {
            params: GameParams::of(Game::LGame),
            rows: None,
            cols: None,
            layer: None,
        };
        hog.send(lgame).await?;
    }
    // The server is not held up by it: another client is answered meanwhile.
    for _ in 0..5 {
        tokio::time::sleep(Duration::from_millis(200)).await;
        ping(&mut other).await?;
    }
    // The hog now reads: what was buffered before the server gave up, then the end.
    let (messages, _) = hog.until_closed().await;
    let answers = messages
        .iter()
        .filter(|m| matches!(m.body, ServerBody::Table(_)))
        .count();
    assert!(
        answers < ASKED,
        "all {answers} answers were delivered: the client was never dropped"
    );
    ping(&mut other).await?;
    server.stop().await
}

/// Far along one edge of the largest board the horse has a handful of moves either way round;
/// asking about them is answered at once in both orientations, holds up no other client, and
/// the server still stops in time. (Listing the horse's moves once cost a step per column to
/// its left: seconds at 10^9, months at 10^14, on the thread serving every connection.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn far_out_questions_are_answered_at_once_and_hold_up_no_one() -> anyhow::Result<()> {
    // A server that freezes its runtime freezes this test's too (they share it): a watchdog
    // thread turns that into a failure instead of a hang.
    let (done, finished) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        if finished.recv_timeout(Duration::from_secs(60)).is_err() {
            eprintln!("the server froze answering far-out questions");
            std::process::exit(101);
        }
    });
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let board = GameParams {
        size: Some(1_000_000_000_000_000),
        ..GameParams::of(Game::Horse)
    };
    let far = 373_093_062_514u64;
    let mut askers = Vec::new();
    for (x, y) in [(far, 0), (0, far), (far, 3), (3, far)] {
        let mut c = server.connect("researcher").await?;
        let query = Request::Query {
            params: board.clone(),
            position: format!("{x},{y}"),
            limit: None,
        };
        askers.push(tokio::spawn(async move {
            let started = tokio::time::Instant::now();
            let answer = c.request(query).await;
            (answer, started.elapsed())
        }));
    }
    let mut other = server.connect("other").await?;
    for _ in 0..20 {
        ping(&mut other).await?;
    }
    for asked in askers {
        let (answer, took) = asked.await?;
        let ServerBody::Classification(c) = answer? else {
            anyhow::bail!("not a classification");
        };
        assert!(c.move_count <= 5, "{}: {} moves", c.position, c.move_count);
        assert!(took < Duration::from_secs(5), "{}: {took:?}", c.position);
    }
    let stopping = tokio::time::Instant::now();
    server.stop().await?;
    assert!(stopping.elapsed() < Duration::from_secs(5));
    let _ = done.send(());
    Ok(())
}
