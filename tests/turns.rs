//! Research in turns (issue 31): a few research requests run at once, the waiting ones served
//! one player after another, nobody with more than 3 waiting, and a bystander's stored query
//! waits for none of it.

use anyhow::{bail, Result};
use grundy_e2e::{refusal, test_config, Client, Hello, Server};
use protocol::{CheckQuery, ErrorCode, Game, GameParams, Request, ServerBody};
use tokio::sync::mpsc;

/// A check over a queen table beyond the stored ones: the first solves the table (seconds in
/// a debug build), the others read it.
fn heavy() -> Request {
    Request::Check(CheckQuery {
        params: GameParams::of(Game::Queen),
        formula: "x xor y".to_owned(),
        upto: Some(3000),
        map: false,
    })
}

/// Sends `request` on `c` in a task of its own; `who` goes to `done` when it is answered.
fn ask(
    mut c: Client,
    who: &'static str,
    request: Request,
    done: &mpsc::UnboundedSender<&'static str>,
) {
    let done = done.clone();
    tokio::spawn(async move {
        let answer = c.request(request).await;
        assert!(answer.is_ok(), "{who}: {answer:?}");
        let _ = done.send(who);
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn research_takes_turns_player_by_player_and_a_query_waits_for_none() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let config = daemon::Config {
        research_turns: 1,
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let ada = server.connect("ada").await?;
    let token = Some(ada.token().to_owned());
    // Ada's other windows, as the same player.
    let mut windows = Vec::new();
    for _ in 0..3 {
        windows.push(
            server
                .connect_as(Hello::new("ada").with_token(token.clone()))
                .await?,
        );
    }
    let bob = server.connect("bob").await?;
    let mut carol = server.connect("carol").await?;

    let (done, mut answered) = mpsc::unbounded_channel();
    ask(ada, "ada 1", heavy(), &done);
    // Ada's first has its turn; her next two wait, and her fourth is refused: three under
    // way at most.
    tokio::time::sleep(std::time::Duration::from_millis(30)).await;
    let mut fourth = windows.pop().expect("three windows");
    for (w, who) in windows.into_iter().zip(["ada 2", "ada 3"]) {
        ask(w, who, heavy(), &done);
    }
    tokio::time::sleep(std::time::Duration::from_millis(30)).await;
    ask(bob, "bob", heavy(), &done);
    tokio::time::sleep(std::time::Duration::from_millis(30)).await;
    let e = refusal(fourth.request(heavy()).await)?;
    assert_eq!(e.code, ErrorCode::RateLimited);
    assert!(e.message.contains('3'), "{}", e.message);

    // A stored position's value, while the table is being solved.
    let answer = carol
        .request(Request::Query {
            params: GameParams {
                size: Some(64),
                ..GameParams::of(Game::Queen)
            },
            position: "5,3".into(),
            limit: None,
        })
        .await?;
    let ServerBody::Classification(_) = answer else {
        bail!("not a classification: {answer:?}");
    };
    let _ = done.send("carol");

    let mut order = Vec::new();
    drop(done);
    while let Some(who) = answered.recv().await {
        order.push(who);
    }
    // Carol's query came back before any research past the first; the turns went round
    // the players: one of Ada's waiting checks, then Bob's, ahead of her other one.
    assert!(
        order.iter().position(|&w| w == "carol") <= Some(1),
        "{order:?}"
    );
    let research: Vec<&str> = order.iter().copied().filter(|&w| w != "carol").collect();
    assert_eq!(research.len(), 4, "{order:?}");
    assert_eq!(research[0], "ada 1", "{order:?}");
    assert!(research[1].starts_with("ada"), "{order:?}");
    assert_eq!(research[2], "bob", "{order:?}");
    server.stop().await
}
