//! The versioned handshake.

use grundy_e2e::{ping, refusal_of_text, refused, state_of, Hello, Server};
use protocol::{
    ErrorCode, Game, GameParams, NewMatch, Opponent, Request, ServerBody, PROTOCOL_VERSION,
};

#[tokio::test]
async fn hello_welcome_and_reconnect_with_the_token() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let a = server.connect("ada").await?;
    assert!(a.player_id() > 0);
    assert_eq!(a.token().len(), 64);
    // Coming back with the token gives the same player.
    let again = server
        .connect_as(Hello::new("ada").with_token(Some(a.token().to_owned())))
        .await?;
    assert_eq!(again.player_id(), a.player_id());
    // A made-up token is refused, and the connection stays usable.
    let mut c = server.raw().await?;
    let made_up = Request::Hello {
        protocol: PROTOCOL_VERSION,
        name: "eve".to_owned(),
        token: Some("00".to_owned()),
        access_code: None,
    };
    assert_eq!(refused(c.request(made_up).await)?, ErrorCode::BadToken);
    c.hello(Hello::new("eve")).await?;
    server.stop().await
}

/// A second player taking a name in use hears of the first: connected, or seated in a match
/// not over. One who has left and sits nowhere is not in the way.
#[tokio::test]
async fn a_name_in_use_is_said_in_the_welcome() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut ada = server.connect("ada").await?;
    let first = ada.player_id();
    assert!(ada.welcome().is_some_and(|w| w.namesakes.is_empty()));
    let nim = NewMatch::new(GameParams::of(Game::Nim), Opponent::Human);
    let id = state_of(ada.request(Request::create(nim)).await?)?.match_id;
    drop(server.connect("bob").await?);
    let second = server.connect("ADA").await?;
    let said = &second.welcome().expect("welcomed").namesakes;
    assert_eq!(said.len(), 1, "{said:?}");
    assert_eq!(
        (said[0].player_id, said[0].name.as_str(), said[0].connected),
        (first, "ada", true)
    );
    assert_eq!(said[0].matches, [id]);
    // Gone, but seated: still said.
    drop(ada);
    let third = server.connect("ada").await?;
    let said = &third.welcome().expect("welcomed").namesakes;
    let firsts: Vec<_> = said.iter().filter(|n| n.player_id == first).collect();
    assert_eq!(firsts.len(), 1, "{said:?}");
    assert_eq!(firsts[0].matches, [id]);
    // Neither connected nor seated: not in the way, once the server has seen them go.
    let second_id = second.player_id();
    drop(second);
    let mut tries = 0;
    loop {
        let next = server.connect("Ada").await?;
        let said = &next.welcome().expect("welcomed").namesakes;
        if said.iter().all(|n| n.player_id != second_id) {
            break;
        }
        tries += 1;
        assert!(tries < 100, "still said after 5 s: {said:?}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    server.stop().await
}

#[tokio::test]
async fn unknown_version_is_refused_with_the_supported_list_then_closed() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut c = server.raw().await?;
    c.send_text(r#"{"type":"hello","id":1,"protocol":99,"name":"old"}"#)
        .await?;
    let (messages, code) = c.until_closed().await;
    assert!(code.is_some());
    assert!(!messages.is_empty());
    for m in messages {
        let ServerBody::Error(protocol::ErrorBody { code, message, .. }) = m.body else {
            panic!("an error expected, got {m:?}");
        };
        assert_eq!(code, ErrorCode::UnsupportedVersion);
        assert!(message.contains("[1]"), "{message}");
    }
    server.stop().await
}

#[tokio::test]
async fn requests_before_hello_and_malformed_messages_get_errors() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut c = server.raw().await?;
    assert_eq!(
        refused(c.request(Request::lobby()).await)?,
        ErrorCode::HelloFirst
    );
    let e = refusal_of_text(&mut c, "not json", None).await?;
    assert_eq!(e.code, ErrorCode::BadMessage);
    let e = refusal_of_text(&mut c, r#"{"type":"fly_to_the_moon","id":7}"#, Some(7)).await?;
    assert_eq!(e.code, ErrorCode::BadMessage);
    // Still serving this connection.
    c.hello(Hello::new("bob")).await?;
    ping(&mut c).await?;
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
        Hello::new("eve"),
        Hello::new("eve").with_access_code(Some("owl-41".to_owned())),
    ] {
        let mut c = server.raw().await?;
        let refusal = c.hello(hello.clone()).await.err().and_then(|e| e.code());
        let (_, code) = c.until_closed().await;
        assert!(
            refusal == Some(ErrorCode::BadAccessCode) && code.is_some(),
            "{hello:?}: {refusal:?}, closed with {code:?}"
        );
    }
    let ok = server
        .connect_as(Hello::new("ada").with_access_code(Some("owl-42".to_owned())))
        .await?;
    assert!(ok.welcome().is_some());
    server.stop().await
}
