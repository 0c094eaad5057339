//! What one address may take: its connections are capped (others are still served), its
//! wrong guesses of codes run out, and connections that sit in no match or room are closed.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use daemon::Config;
use grundy_e2e::open_room;
use grundy_e2e::{ping, refusal, test_config, Client, CloseCode, Hello, Server};
use protocol::{ErrorCode, Request, RoomSettings};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A websocket to `server` from the loopback address `from` (127.0.0.0/8 is all loopback),
/// or the HTTP answer that refused it.
async fn open_from(server: &Server, from: &str) -> Result<Result<(), String>> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(format!("{from}:0").parse::<SocketAddr>()?)?;
    let mut tcp = socket.connect(server.addr).await?;
    let request = format!(
        "GET / HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
        server.addr
    );
    tcp.write_all(request.as_bytes()).await?;
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") && tcp.read(&mut byte).await? == 1 {
        head.push(byte[0]);
    }
    if head.starts_with(b"HTTP/1.1 101") {
        // Kept open: the place stays taken while the test runs.
        std::mem::forget(tcp);
        return Ok(Ok(()));
    }
    let mut rest = String::new();
    tcp.read_to_string(&mut rest).await?;
    Ok(Err(format!("{}{rest}", String::from_utf8_lossy(&head))))
}

#[tokio::test]
async fn one_address_cannot_take_every_connection() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let config = Config {
        max_per_address: 5,
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    for _ in 0..5 {
        open_from(&server, "127.0.0.2")
            .await?
            .map_err(anyhow::Error::msg)?;
    }
    let refused = open_from(&server, "127.0.0.2").await?;
    let Err(answer) = refused else {
        bail!("a sixth connection from one address was let in");
    };
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(
        answer.contains("too many connections from your address: at most 5"),
        "{answer}"
    );
    // Everyone else is served meanwhile.
    let mut other = server.connect("other").await?;
    ping(&mut other).await?;
    open_from(&server, "127.0.0.3")
        .await?
        .map_err(anyhow::Error::msg)?;
    server.stop().await
}

/// A join code is four characters out of 32: about a million, tried in minutes without a
/// limit. Past its wrong guesses an address is refused, even with the right code.
#[tokio::test]
async fn wrong_room_codes_run_out() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let config = Config {
        guess_burst: 5,
        guess_every: Duration::from_secs(3600),
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let mut teacher = server.connect("teacher").await?;
    let room = open_room(&mut teacher, "3B").await?;
    let mut guesser = server.connect("guesser").await?;
    let join = |code: &str| Request::JoinRoom {
        code: code.to_owned(),
        name: None,
        owner_token: None,
    };
    let wrong = ["2222", "3333", "4444", "5555", "6666"]
        .into_iter()
        .filter(|c| *c != room.code);
    let mut guessed = 0;
    for code in wrong.take(5) {
        let e = refusal(guesser.request(join(code)).await)?;
        assert_eq!(e.code, ErrorCode::NoSuchRoom, "{}", e.message);
        guessed += 1;
    }
    if guessed < 5 {
        let e = refusal(guesser.request(join("7777")).await)?;
        assert_eq!(e.code, ErrorCode::NoSuchRoom);
    }
    let e = refusal(guesser.request(join(&room.code)).await)?;
    assert_eq!(e.code, ErrorCode::RateLimited, "{}", e.message);
    assert!(e.message.contains("too many wrong codes"), "{}", e.message);
    // The connection goes on, and other requests are served.
    ping(&mut guesser).await?;
    server.stop().await
}

#[tokio::test]
async fn wrong_access_codes_run_out() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let config = Config {
        access_code: Some("tulip".into()),
        guess_burst: 3,
        guess_every: Duration::from_secs(3600),
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    for guess in ["rose", "lily", "iris"] {
        let mut c = server.raw().await?;
        let e = c
            .hello(Hello::new("guesser").with_access_code(Some(guess.into())))
            .await
            .err()
            .context("a wrong code was taken")?;
        assert!(e.to_string().contains("wrong access code"), "{e}");
    }
    let mut c = server.raw().await?;
    let e = c
        .hello(Hello::new("guesser").with_access_code(Some("tulip".into())))
        .await
        .err()
        .context("a guess past the limit was taken")?;
    assert!(e.to_string().contains("too many wrong codes"), "{e}");
    server.stop().await
}

/// A socket that said hello and answers pings, in no match or room, asking for nothing, is
/// closed after a while (4000); one in a match or a room is kept.
#[tokio::test]
async fn connections_seated_nowhere_are_closed_when_idle() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let config = Config {
        idle_timeout: Duration::from_millis(900),
        unseated_idle: Duration::from_millis(300),
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let mut idle = server.connect("idle").await?;
    let mut player = server.connect("player").await?;
    let mut opponent = server.connect("opponent").await?;
    grundy_e2e::nim_between(&mut player, &mut opponent).await?;
    let mut teacher = server.connect("teacher").await?;
    teacher
        .request(Request::CreateRoom {
            name: "3B".into(),
            settings: RoomSettings::default(),
        })
        .await?;
    // The idle one answers the server's pings while it waits, yet is closed.
    let (_, code) = tokio::time::timeout(Duration::from_secs(10), idle.until_closed()).await?;
    assert_eq!(code, Some(CloseCode::from(4000)));
    for c in [&mut player, &mut opponent, &mut teacher] {
        ping(c).await?;
    }
    tokio::time::sleep(Duration::from_millis(700)).await;
    for c in [&mut player, &mut opponent, &mut teacher] {
        ping(c).await?;
    }
    server.stop().await
}

/// What a client shows when the server refuses its connection.
#[tokio::test]
async fn the_client_says_why_its_connection_was_refused() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let config = Config {
        max_per_address: 1,
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let _first = server.connect("first").await?;
    let e = Client::open(&server.url())
        .await
        .err()
        .context("a second connection was let in")?;
    assert!(
        e.to_string()
            .contains("too many connections from your address"),
        "{e}"
    );
    server.stop().await
}
