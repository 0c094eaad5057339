//! The versioned handshake.

use grundy_e2e::{Client, Server};
use protocol::{ErrorCode, ServerBody};
use serde_json::json;

#[tokio::test]
async fn hello_welcome_and_reconnect_with_the_token() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let a = Client::connect(&server, "ada").await?;
    assert!(a.player_id > 0);
    assert_eq!(a.token.len(), 64);
    // Coming back with the token gives the same player.
    let mut again = Client::raw(&server).await?;
    let body = again
        .ok(json!({"type": "hello", "protocol": 1, "name": "ada", "token": a.token}))
        .await?;
    let ServerBody::Welcome(w) = body else {
        panic!("expected welcome")
    };
    assert_eq!(w.player_id, a.player_id);
    // A made-up token is refused, and the connection stays usable.
    let mut c = Client::raw(&server).await?;
    let m = c
        .request(json!({"type": "hello", "protocol": 1, "name": "eve", "token": "00"}))
        .await?;
    assert!(matches!(
        m.body,
        ServerBody::Error {
            code: ErrorCode::BadToken,
            ..
        }
    ));
    c.ok(json!({"type": "hello", "protocol": 1, "name": "eve"}))
        .await?;
    server.stop().await
}

#[tokio::test]
async fn unknown_version_is_refused_with_the_supported_list_then_closed() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut c = Client::raw(&server).await?;
    c.send_text(r#"{"type":"hello","id":1,"protocol":99,"name":"old"}"#)
        .await?;
    let (texts, code) = c.until_closed().await;
    assert!(code.is_some());
    assert!(!texts.is_empty());
    for v in texts {
        assert_eq!(v["code"], "unsupported_version");
        assert!(v["message"].as_str().unwrap_or("").contains("[1]"));
    }
    server.stop().await
}

#[tokio::test]
async fn requests_before_hello_and_malformed_messages_get_errors() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut c = Client::raw(&server).await?;
    let m = c.request(json!({"type": "lobby"})).await?;
    assert!(matches!(
        m.body,
        ServerBody::Error {
            code: ErrorCode::HelloFirst,
            ..
        }
    ));
    c.send_text("not json").await?;
    let m = c.receive().await?;
    assert!(matches!(
        m.body,
        ServerBody::Error {
            code: ErrorCode::BadMessage,
            ..
        }
    ));
    let m = c.request(json!({"type": "fly_to_the_moon"})).await?;
    assert!(matches!(
        m.body,
        ServerBody::Error {
            code: ErrorCode::BadMessage,
            ..
        }
    ));
    // Still serving this connection.
    c.ok(json!({"type": "hello", "protocol": 1, "name": "bob"}))
        .await?;
    c.ping().await?;
    server.stop().await
}

#[tokio::test]
async fn an_access_code_keeps_strangers_out() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let config = daemon::Config {
        access_code: Some("owl-42".into()),
        ..grundy_e2e::test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    for hello in [
        json!({"type": "hello", "id": 1, "protocol": 1, "name": "eve"}),
        json!({"type": "hello", "id": 1, "protocol": 1, "name": "eve", "access_code": "owl-41"}),
    ] {
        let mut c = Client::raw(&server).await?;
        c.send_text(&hello.to_string()).await?;
        let (texts, code) = c.until_closed().await;
        let refused = texts.iter().any(|v| v["code"] == "bad_access_code");
        assert!(refused && code.is_some(), "{hello}");
    }
    let mut ok = Client::raw(&server).await?;
    let body = ok
        .ok(json!({"type": "hello", "protocol": 1, "name": "ada", "access_code": "owl-42"}))
        .await?;
    assert!(matches!(body, ServerBody::Welcome(_)));
    server.stop().await
}
