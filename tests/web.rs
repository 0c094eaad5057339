//! The browser client's side of the port: a plain GET is the page, an upgrade the websocket,
//! on the same address.

use daemon::server::SHUTDOWN_GRACE;
use grundy_e2e::Server;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Sends one HTTP/1.1 request for `path` (with `headers`) and reads the whole answer.
async fn get(server: &Server, path: &str, headers: &str) -> anyhow::Result<String> {
    let addr = server
        .url()
        .trim_start_matches("ws://")
        .trim_end_matches('/')
        .to_owned();
    let mut tcp = tokio::net::TcpStream::connect(&addr).await?;
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n{headers}Connection: close\r\n\r\n");
    tcp.write_all(request.as_bytes()).await?;
    let mut answer = String::new();
    tcp.read_to_string(&mut answer).await?;
    Ok(answer)
}

#[tokio::test]
async fn the_page_and_the_websocket_share_the_port() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let page = get(&server, "/", "").await?;
    assert!(page.starts_with("HTTP/1.1 200 OK\r\n"), "{page}");
    assert!(
        page.contains("content-type: text/html; charset=utf-8"),
        "{page}"
    );
    assert!(
        page.contains("content-security-policy: default-src 'none'; script-src 'self'"),
        "{page}"
    );
    assert!(
        page.contains(r#"<script type="module" src="/assets/app.js">"#),
        "{page}"
    );
    // Shared links open the same page, which reads the address.
    for link in ["/m/12", "/review/3", "/analyse/queen/5,3"] {
        let again = get(&server, link, "").await?;
        assert!(
            again.starts_with("HTTP/1.1 200 OK\r\n") && again.contains("<!doctype html>"),
            "{link}: {again}"
        );
    }
    let script = get(&server, "/assets/app.js", "").await?;
    assert!(script.contains("content-type: text/javascript"), "{script}");
    let missing = get(&server, "/nothing", "").await?;
    assert!(
        missing.starts_with("HTTP/1.1 404 Not Found\r\n"),
        "{missing}"
    );
    // An upgrade that is not a websocket one is told why.
    let old = "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 8\r\n\
               Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";
    let refused = get(&server, "/", old).await?;
    assert!(
        refused.starts_with("HTTP/1.1 426 Upgrade Required\r\n"),
        "{refused}"
    );
    assert!(
        refused.contains("this server speaks websocket version 13"),
        "{refused}"
    );
    // The protocol, on the same port, after the page was served.
    let mut ada = server.connect("ada").await?;
    grundy_e2e::ping(&mut ada).await?;
    drop(ada);
    // Every connection served ended with its client: none holds the stop until the grace
    // period runs out (as one did, waiting for an upgrade that a plain GET never asks for).
    let stopping = std::time::Instant::now();
    server.stop().await?;
    let took = stopping.elapsed();
    assert!(
        took < SHUTDOWN_GRACE,
        "the stop waited {took:?} for connections"
    );
    Ok(())
}

/// The answer's head to a websocket upgrade from a page at `origin` (none: not a browser).
async fn handshake(server: &Server, origin: Option<&str>) -> anyhow::Result<String> {
    let host = server.addr.to_string();
    let origin = origin.map_or(String::new(), |o| format!("Origin: {o}\r\n"));
    let request = format!(
        "GET / HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         {origin}\r\n"
    );
    let mut tcp = tokio::net::TcpStream::connect(&host).await?;
    tcp.write_all(request.as_bytes()).await?;
    // The head only: after a `101` the connection stays open for the protocol.
    let mut answer = Vec::new();
    let mut byte = [0u8; 1];
    while !answer.ends_with(b"\r\n\r\n") && tcp.read(&mut byte).await? == 1 {
        answer.push(byte[0]);
    }
    let mut body = vec![0u8; 512];
    if !answer.starts_with(b"HTTP/1.1 101") {
        let n = tcp.read(&mut body).await?;
        answer.extend_from_slice(&body[..n]);
    }
    Ok(String::from_utf8_lossy(&answer).into_owned())
}

/// Any page a student visits could open a socket to the class server and act as a player:
/// only the server's own page (and clients that are not browsers) may, and the page's policy
/// lets it connect to its own host alone.
#[tokio::test]
async fn websockets_from_other_sites_are_refused() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let config = daemon::Config {
        allowed_origins: vec!["https://school.example".to_owned()],
        ..grundy_e2e::test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let host = server.addr.to_string();
    for origin in [
        "http://evil.example",
        "null",
        "http://127.0.0.1:1",
        "http://school.example",
    ] {
        let answer = handshake(&server, Some(origin)).await?;
        assert!(
            answer.starts_with("HTTP/1.1 403 Forbidden\r\n"),
            "{origin}: {answer}"
        );
        assert!(answer.contains("--allow-origin"), "{answer}");
    }
    let own = format!("http://{host}");
    for origin in [None, Some(own.as_str()), Some("https://school.example")] {
        let answer = handshake(&server, origin).await?;
        assert!(
            answer.starts_with("HTTP/1.1 101 Switching Protocols\r\n"),
            "{origin:?}: {answer}"
        );
    }
    let page = get(&server, "/", "").await?;
    assert!(
        page.contains(&format!("connect-src 'self' ws://{host} wss://{host};")),
        "{page}"
    );
    assert!(!page.contains("ws: wss:"), "{page}");
    server.stop().await?;
    Ok(())
}
