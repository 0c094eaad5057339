//! Analysis over websockets: classifications, tables, saved games.

use grundy_e2e::{refusal, refused, state_of, Client, Server};
use protocol::{
    Classification, ErrorCode, Game, GameParams, GameQuery, MatchStatus, NewMatch, Opponent,
    Request, ServerBody, Span, TableData, Verdict,
};

/// `game` on a board of side `size` (the default one when `None`).
fn sized(game: Game, size: Option<u64>) -> GameParams {
    GameParams {
        size,
        ..GameParams::of(game)
    }
}

/// The `query` of `position` in `params`, listing at most `limit` moves.
fn asked(params: GameParams, position: &str, limit: Option<u64>) -> Request {
    Request::Query {
        params,
        position: position.to_owned(),
        limit,
    }
}

async fn query(c: &mut Client, req: Request) -> anyhow::Result<Classification> {
    match c.request(req).await? {
        ServerBody::Classification(x) => Ok(x),
        other => anyhow::bail!("expected a classification, got {other:?}"),
    }
}

/// The message of the `bad_position` error that `req` is answered with.
async fn bad_position(c: &mut Client, req: Request) -> anyhow::Result<String> {
    let e = refusal(c.request(req).await)?;
    anyhow::ensure!(
        e.code == ErrorCode::BadPosition,
        "expected a bad_position error, got {e}"
    );
    Ok(e.message)
}

async fn table(c: &mut Client, req: Request) -> anyhow::Result<TableData> {
    match c.request(req).await? {
        ServerBody::Table(x) => Ok(x),
        other => anyhow::bail!("expected a table, got {other:?}"),
    }
}

#[tokio::test]
async fn query_answers_exactly_and_says_where_from() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut c = server.connect("researcher").await?;
    let queen = |size: u64| sized(Game::Queen, Some(size));

    let q = query(&mut c, asked(queen(11), "5,3", None)).await?;
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
    let best = query(&mut c, asked(queen(11), "5,3", Some(3))).await?;
    assert_eq!(best.move_count, 11);
    assert_eq!(best.moves, q.moves[..3]);

    // Nim (5,4,2): the only winning move takes one stone from the pile of 2.
    let q = query(&mut c, asked(GameParams::of(Game::Nim), "5,4,2", None)).await?;
    assert_eq!(q.value.outcome, Verdict::Win);
    assert_eq!(q.moves[0].notation, "3:1");
    assert_eq!(q.moves[0].value.outcome, Verdict::Loss);
    assert_eq!(q.moves[1].value.outcome, Verdict::Win);

    // Far beyond any table: the Wythoff formula, exact, with no guessed remoteness.
    let (a, b) = engine::corner::wythoff_pair(100_000_000_000_000);
    let far = format!("{a},{b}");
    let q = query(&mut c, asked(queen(1_000_000_000_000_000), &far, None)).await?;
    assert_eq!(q.value.outcome, Verdict::Loss);
    assert_eq!((q.value.grundy, q.value.remoteness), (Some(0), None));
    assert_eq!(q.source, "formula");
    assert!(q.moves.is_empty() && q.move_count > 1_000_000);

    // Beyond the stored tables (64 here) but within the server's limits: computed for the
    // question, exact, with its remoteness.
    let q = query(&mut c, asked(queen(200), "150,100", None)).await?;
    assert_eq!(q.source, "computed");
    assert!(q.value.remoteness.is_some() && q.value.grundy.is_some());
    assert_eq!(q.move_count, 350);
    // Asked again, the table built for the first question still is not a stored one.
    let again = query(&mut c, asked(queen(200), "150,100", None)).await?;
    assert_eq!(again.source, "computed");

    // Without a size the board is the default one, or the smallest holding the square: a
    // corner position's value does not depend on the board.
    let q = query(&mut c, asked(GameParams::of(Game::Queen), "5,3", None)).await?;
    assert_eq!((q.params.size, q.value.grundy), (Some(8), Some(0)));
    let q = query(&mut c, asked(GameParams::of(Game::Queen), "standard", None)).await?;
    assert_eq!((q.params.size, q.position.as_str()), (Some(8), "7,3"));
    let q = query(&mut c, asked(GameParams::of(Game::Horse), "40,63", None)).await?;
    assert_eq!((q.params.size, q.source.as_str()), (Some(64), "table"));
    let horse = sized(Game::Horse, Some(64));
    let sized_answer = query(&mut c, asked(horse, "40,63", None)).await?;
    assert_eq!(q.value, sized_answer.value);
    let q = query(&mut c, asked(GameParams::of(Game::Queen), &far, None)).await?;
    assert_eq!((q.params.size, q.source.as_str()), (Some(b + 1), "formula"));
    assert_eq!(q.value.outcome, Verdict::Loss);

    // The L-game start: a draw, no Grundy number, no depth.
    let lgame = GameParams::of(Game::LGame);
    let q = query(&mut c, asked(lgame.clone(), "...N/RRRB/RBBB/N... r", None)).await?;
    assert_eq!(
        (q.value.outcome.as_str(), q.value.grundy, q.value.remoteness),
        ("draw", None, None)
    );
    assert_eq!(q.source, "table");
    assert!(q.moves.iter().all(|m| m.value.outcome != Verdict::Loss));
    let standard = query(&mut c, asked(lgame, "standard", None)).await?;
    assert_eq!(standard, q);

    // Mistakes get precise errors.
    let bad = |size: Option<u64>, position: &str| asked(sized(Game::Queen, size), position, None);
    let message = bad_position(&mut c, bad(Some(11), "12,3")).await?;
    assert!(message.contains("off the 11×11 board"), "{message}");
    let message = bad_position(&mut c, bad(None, "-1,3")).await?;
    assert!(message.contains("negative"), "{message}");
    let message = bad_position(&mut c, bad(None, "1000000000000000,3")).await?;
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
    let mut c = server.connect("researcher").await?;
    let span = |from: u64, to: u64| Some(Span { from, to });
    let t = table(
        &mut c,
        Request::Table {
            params: sized(Game::Queen, Some(11)),
            rows: span(0, 11),
            cols: None,
            layer: None,
        },
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
        Request::Table {
            params: GameParams {
                k: Some(1),
                ..GameParams::of(Game::Chocolate)
            },
            rows: span(0, 7),
            cols: span(0, 7),
            layer: None,
        },
    )
    .await?;
    assert_eq!(t.grundy[3][..5], [Some(3), Some(4), Some(1), Some(5), None]);
    assert_eq!(t.grundy[6], [6, 5, 7, 4, 8, 1, 9].map(Some).to_vec());
    let t = table(
        &mut c,
        Request::Table {
            params: GameParams::of(Game::LGame),
            rows: None,
            cols: None,
            layer: None,
        },
    )
    .await?;
    assert_eq!(t.classes.len(), 2296);
    let count = |o: &str| t.classes.iter().filter(|c| c.outcome == o).count();
    assert_eq!(
        (count("win"), count("loss"), count("draw")),
        (1006, 29, 1261)
    );
    let too_large = Request::Table {
        params: sized(Game::Queen, Some(2000)),
        rows: span(0, 2000),
        cols: None,
        layer: None,
    };
    assert_eq!(refused(c.request(too_large).await)?, ErrorCode::TooLarge);
    server.stop().await
}

#[tokio::test]
async fn saved_games_are_listed_filtered_and_paged() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut ada = server.connect("ada").await?;
    let mut bob = server.connect("bob").await?;
    // Three Nim games that bob wins by resignation, one queen game left open.
    let mut ids = Vec::new();
    for _ in 0..3 {
        let s = grundy_e2e::nim_between(&mut ada, &mut bob).await?;
        ada.request(Request::Resign {
            match_id: s.match_id,
        })
        .await?;
        ids.push(s.match_id);
    }
    let queen = NewMatch::new(GameParams::of(Game::Queen), Opponent::Human);
    let open = state_of(ada.request(Request::create(queen)).await?)?;
    let list = |body: ServerBody| match body {
        ServerBody::Games { games } => games.iter().map(|g| g.match_id).collect::<Vec<_>>(),
        other => panic!("expected games, got {other:?}"),
    };
    let games = |filter: GameQuery| Request::Games { filter };
    let all = list(ada.request(games(GameQuery::default())).await?);
    assert_eq!(all, vec![open.match_id, ids[2], ids[1], ids[0]]);
    let nim = GameQuery {
        game: Some(Game::Nim),
        limit: Some(2),
        ..GameQuery::default()
    };
    let first = list(ada.request(games(nim.clone())).await?);
    assert_eq!(first, vec![ids[2], ids[1]]);
    let next = GameQuery {
        offset: Some(2),
        ..nim
    };
    let next = list(ada.request(games(next)).await?);
    assert_eq!(next, vec![ids[0]]);
    let bobs = |result: &str| GameQuery {
        player: Some("bob".to_owned()),
        result: Some(result.to_owned()),
        ..GameQuery::default()
    };
    let won = list(ada.request(games(bobs("win"))).await?);
    assert_eq!(won.len(), 3);
    let lost = list(ada.request(games(bobs("loss"))).await?);
    assert!(lost.is_empty());
    let waiting = GameQuery {
        status: Some(MatchStatus::Waiting),
        ..GameQuery::default()
    };
    let waiting = list(ada.request(games(waiting)).await?);
    assert_eq!(waiting, vec![open.match_id]);
    // A result needs a player to be seen from.
    let no_player = GameQuery {
        result: Some("win".to_owned()),
        ..GameQuery::default()
    };
    let code = refused(ada.request(games(no_player)).await)?;
    assert_eq!(code, ErrorCode::BadParameters);
    let ServerBody::Game { game, moves, .. } = ada.request(Request::game(ids[0])).await? else {
        panic!("expected a game")
    };
    assert_eq!(game.status, MatchStatus::Finished);
    assert_eq!(game.seats[1].name.as_deref(), Some("bob"));
    assert!(moves.is_empty());
    server.stop().await
}

/// `periodicity`: the first rows of Wythoff's table as the literature has them, every
/// reported relation true of the table, and the refusals.
#[tokio::test]
async fn rows_are_found_additively_periodic_as_far_as_the_table_goes() -> anyhow::Result<()> {
    use protocol::{PeriodicityQuery, Span};
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut c = server.connect("researcher").await?;
    let ask = |game: Game, k: Option<u32>, rows: Span, upto: Option<u64>| {
        Request::Periodicity(PeriodicityQuery {
            params: GameParams {
                k,
                ..GameParams::of(game)
            },
            line: None,
            rows: Some(rows),
            upto,
        })
    };
    let ServerBody::Periodicity(r) = c
        .request(ask(Game::Queen, None, Span { from: 0, to: 4 }, None))
        .await?
    else {
        anyhow::bail!("expected a periodicity report")
    };
    let found: Vec<_> = r
        .rows
        .iter()
        .map(|x| (x.preperiod, x.period, x.saltus))
        .collect();
    assert_eq!(
        found,
        [
            (Some(0), Some(1), Some(1)),
            (Some(0), Some(3), Some(3)),
            (Some(0), Some(3), Some(3)),
            (Some(8), Some(6), Some(6)),
        ]
    );
    assert_eq!((r.line, r.upto), (protocol::LineKind::Row, 64));
    assert!(r.rows.iter().all(|x| (x.from, x.to) == (0, 64)), "{r:?}");
    assert!(r.source.contains("bound 64"), "{}", r.source);
    // Every chocolate row reported holds, checked here on the engine's own table.
    let k = grundy_e2e::knowledge();
    let bar = k.chocolate_table(1).expect("a k=1 table");
    let ServerBody::Periodicity(r) = c
        .request(ask(Game::Chocolate, Some(1), Span { from: 1, to: 6 }, None))
        .await?
    else {
        anyhow::bail!("expected a periodicity report")
    };
    for row in &r.rows {
        if let (Some(pre), Some(p), Some(s)) = (row.preperiod, row.period, row.saltus) {
            for z in pre..r.upto - p {
                let g = |z| bar.grundy(row.row, z).expect("in the table") as i64;
                assert_eq!(g(z + p), g(z) + s, "row {} at z = {z}", row.row);
            }
        }
    }
    // Beyond what is solved on demand, or misère: refused with what to do.
    let far = c
        .request(ask(
            Game::Queen,
            None,
            Span { from: 0, to: 2 },
            Some(20_000),
        ))
        .await;
    assert_eq!(grundy_e2e::refused(far)?, protocol::ErrorCode::TooLarge);
    let misere = c
        .request(Request::Periodicity(PeriodicityQuery {
            params: GameParams {
                misere: true,
                ..GameParams::of(Game::Queen)
            },
            line: None,
            rows: None,
            upto: None,
        }))
        .await;
    assert_eq!(
        grundy_e2e::refused(misere)?,
        protocol::ErrorCode::BadParameters
    );
    server.stop().await?;
    Ok(())
}
