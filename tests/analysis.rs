//! Analysis over websockets: classifications, tables, saved games.

use grundy_e2e::{state_of, Client, Server};
use protocol::{Classification, ErrorCode, MatchStatus, ServerBody, TableData, Verdict};
use serde_json::json;

async fn query(c: &mut Client, req: serde_json::Value) -> anyhow::Result<Classification> {
    let mut r = req;
    r["type"] = json!("query");
    match c.ok(r).await? {
        ServerBody::Classification(x) => Ok(x),
        other => anyhow::bail!("expected a classification, got {other:?}"),
    }
}

/// The message of the `bad_position` error that `req` is answered with.
async fn bad_position(c: &mut Client, req: serde_json::Value) -> anyhow::Result<String> {
    match c.request(req).await?.body {
        ServerBody::Error {
            code: ErrorCode::BadPosition,
            message,
            ..
        } => Ok(message),
        other => anyhow::bail!("expected a bad_position error, got {other:?}"),
    }
}

async fn table(c: &mut Client, req: serde_json::Value) -> anyhow::Result<TableData> {
    let mut r = req;
    r["type"] = json!("table");
    match c.ok(r).await? {
        ServerBody::Table(x) => Ok(x),
        other => anyhow::bail!("expected a table, got {other:?}"),
    }
}

#[tokio::test]
async fn query_answers_exactly_and_says_where_from() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut c = Client::connect(&server, "researcher").await?;

    let q = query(
        &mut c,
        json!({"game": "queen", "size": 11, "position": "5,3"}),
    )
    .await?;
    assert_eq!(
        (q.value.outcome.as_str(), q.value.grundy),
        ("loss", Some(0))
    );
    assert_eq!(q.source, "table");
    assert_eq!(q.move_count, 11);
    assert_eq!(q.moves.len(), 11);
    assert!(q.moves.iter().all(|m| m.value.outcome == Verdict::Win));
    // Best first: from a lost position the slowest loss comes first.
    let rem: Vec<u64> = q.moves.iter().filter_map(|m| m.value.remoteness).collect();
    assert!(rem.windows(2).all(|w| w[0] >= w[1]), "{rem:?}");
    assert_eq!(q.value.remoteness, Some(rem[0] + 1));
    // Only the best few, when asked: the same moves first, all of them still counted.
    let best = query(
        &mut c,
        json!({"game": "queen", "size": 11, "position": "5,3", "limit": 3}),
    )
    .await?;
    assert_eq!(best.move_count, 11);
    assert_eq!(best.moves, q.moves[..3]);

    // Nim (5,4,2): the only winning move takes one stone from the pile of 2.
    let q = query(&mut c, json!({"game": "nim", "position": "5,4,2"})).await?;
    assert_eq!(q.value.outcome, Verdict::Win);
    assert_eq!(q.moves[0].notation, "3:1");
    assert_eq!(q.moves[0].value.outcome, Verdict::Loss);
    assert_eq!(q.moves[1].value.outcome, Verdict::Win);

    // Far beyond any table: the Wythoff formula, exact, with no guessed remoteness.
    let (a, b) = engine::corner::wythoff_pair(100_000_000_000_000);
    let q = query(
        &mut c,
        json!({"game": "queen", "size": 1_000_000_000_000_000u64, "position": format!("{a},{b}")}),
    )
    .await?;
    assert_eq!(q.value.outcome, Verdict::Loss);
    assert_eq!((q.value.grundy, q.value.remoteness), (Some(0), None));
    assert_eq!(q.source, "formula");
    assert!(q.moves.is_empty() && q.move_count > 1_000_000);

    // Beyond the stored tables (64 here) but within the server's limits: computed for the
    // question, exact, with its remoteness.
    let q = query(
        &mut c,
        json!({"game": "queen", "size": 200, "position": "150,100"}),
    )
    .await?;
    assert_eq!(q.source, "computed");
    assert!(q.value.remoteness.is_some() && q.value.grundy.is_some());
    assert_eq!(q.move_count, 350);
    // Asked again, the table built for the first question still is not a stored one.
    let again = query(
        &mut c,
        json!({"game": "queen", "size": 200, "position": "150,100"}),
    )
    .await?;
    assert_eq!(again.source, "computed");

    // Without a size the board is the default one, or the smallest holding the square: a
    // corner position's value does not depend on the board.
    let q = query(&mut c, json!({"game": "queen", "position": "5,3"})).await?;
    assert_eq!((q.params.size, q.value.grundy), (Some(8), Some(0)));
    let q = query(&mut c, json!({"game": "queen", "position": "standard"})).await?;
    assert_eq!((q.params.size, q.position.as_str()), (Some(8), "7,3"));
    let q = query(&mut c, json!({"game": "horse", "position": "40,63"})).await?;
    assert_eq!((q.params.size, q.source.as_str()), (Some(64), "table"));
    let sized = query(
        &mut c,
        json!({"game": "horse", "size": 64, "position": "40,63"}),
    )
    .await?;
    assert_eq!(q.value, sized.value);
    let q = query(
        &mut c,
        json!({"game": "queen", "position": format!("{a},{b}")}),
    )
    .await?;
    assert_eq!((q.params.size, q.source.as_str()), (Some(b + 1), "formula"));
    assert_eq!(q.value.outcome, Verdict::Loss);

    // The L-game start: a draw, no Grundy number, no depth.
    let q = query(
        &mut c,
        json!({"game": "lgame", "position": "...N/RRRB/RBBB/N... r"}),
    )
    .await?;
    assert_eq!(
        (q.value.outcome.as_str(), q.value.grundy, q.value.remoteness),
        ("draw", None, None)
    );
    assert_eq!(q.source, "table");
    assert!(q.moves.iter().all(|m| m.value.outcome != Verdict::Loss));
    let standard = query(&mut c, json!({"game": "lgame", "position": "standard"})).await?;
    assert_eq!(standard, q);

    // Mistakes get precise errors.
    let bad = |position: &str| json!({"type": "query", "game": "queen", "position": position});
    let mut sized = bad("12,3");
    sized["size"] = json!(11);
    let message = bad_position(&mut c, sized).await?;
    assert!(message.contains("off the 11×11 board"), "{message}");
    let message = bad_position(&mut c, bad("-1,3")).await?;
    assert!(message.contains("negative"), "{message}");
    let message = bad_position(&mut c, bad("1000000000000000,3")).await?;
    assert!(
        message.contains("off the 1000000000000000×1000000000000000 board"),
        "{message}"
    );
    server.stop().await
}

#[tokio::test]
async fn tables_match_the_papers() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut c = Client::connect(&server, "researcher").await?;
    let t = table(
        &mut c,
        json!({"game": "queen", "size": 11, "rows": {"from": 0, "to": 11}}),
    )
    .await?;
    assert_eq!(t.grundy.len(), 11);
    assert_eq!(
        t.grundy[3][..6],
        [Some(3), Some(4), Some(5), Some(6), Some(2), Some(0)]
    );
    assert_eq!(t.grundy[10][6], Some(0));
    let t = table(
        &mut c,
        json!({"game": "chocolate", "k": 1, "rows": {"from": 0, "to": 7}, "cols": {"from": 0, "to": 7}}),
    )
    .await?;
    assert_eq!(t.grundy[3][..5], [Some(3), Some(4), Some(1), Some(5), None]);
    assert_eq!(t.grundy[6], [6, 5, 7, 4, 8, 1, 9].map(Some).to_vec());
    let t = table(&mut c, json!({"game": "lgame"})).await?;
    assert_eq!(t.classes.len(), 2296);
    let count = |o: &str| t.classes.iter().filter(|c| c.outcome == o).count();
    assert_eq!(
        (count("win"), count("loss"), count("draw")),
        (1006, 29, 1261)
    );
    let m = c
        .request(json!({"type": "table", "game": "queen", "size": 2000,
                         "rows": {"from": 0, "to": 2000}}))
        .await?;
    assert!(matches!(
        m.body,
        ServerBody::Error {
            code: ErrorCode::TooLarge,
            ..
        }
    ));
    server.stop().await
}

#[tokio::test]
async fn saved_games_are_listed_filtered_and_paged() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut ada = Client::connect(&server, "ada").await?;
    let mut bob = Client::connect(&server, "bob").await?;
    // Three Nim games that bob wins by resignation, one queen game left open.
    let mut ids = Vec::new();
    for _ in 0..3 {
        let s = grundy_e2e::nim_between(&mut ada, &mut bob).await?;
        ada.ok(json!({"type": "resign", "match_id": s.match_id}))
            .await?;
        ids.push(s.match_id);
    }
    let open = state_of(
        ada.ok(json!({"type": "create_match", "game": "queen", "opponent": "human"}))
            .await?,
    )?;
    let list = |body: ServerBody| match body {
        ServerBody::Games { games } => games.iter().map(|g| g.match_id).collect::<Vec<_>>(),
        other => panic!("expected games, got {other:?}"),
    };
    let all = list(ada.ok(json!({"type": "games"})).await?);
    assert_eq!(all, vec![open.match_id, ids[2], ids[1], ids[0]]);
    let nim = list(
        ada.ok(json!({"type": "games", "game": "nim", "limit": 2}))
            .await?,
    );
    assert_eq!(nim, vec![ids[2], ids[1]]);
    let next = list(
        ada.ok(json!({"type": "games", "game": "nim", "limit": 2, "offset": 2}))
            .await?,
    );
    assert_eq!(next, vec![ids[0]]);
    let won = list(
        ada.ok(json!({"type": "games", "player": "bob", "result": "win"}))
            .await?,
    );
    assert_eq!(won.len(), 3);
    let lost = list(
        ada.ok(json!({"type": "games", "player": "bob", "result": "loss"}))
            .await?,
    );
    assert!(lost.is_empty());
    let waiting = list(
        ada.ok(json!({"type": "games", "status": "waiting"}))
            .await?,
    );
    assert_eq!(waiting, vec![open.match_id]);
    let m = ada
        .request(json!({"type": "games", "result": "win"}))
        .await?;
    assert!(matches!(
        m.body,
        ServerBody::Error {
            code: ErrorCode::BadParameters,
            ..
        }
    ));
    let ServerBody::Game { game, moves } =
        ada.ok(json!({"type": "game", "match_id": ids[0]})).await?
    else {
        panic!("expected a game")
    };
    assert_eq!(game.status, MatchStatus::Finished);
    assert_eq!(game.seats[1].name.as_deref(), Some("bob"));
    assert!(moves.is_empty());
    server.stop().await
}
