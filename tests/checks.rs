//! Formulas checked against the stored tables: the named checks reproduce their known
//! results, and the map of a wrong formula's failures is the one a brute force finds.

use grundy_e2e::{refusal, Client, Server};
use protocol::{
    CheckQuery, CheckReport, ErrorCode, Game, GameParams, NamedCheckQuery, NamedCheckReport,
    Request, ServerBody,
};

/// Runs the named check `name`.
async fn named(c: &mut Client, name: &str, map: bool) -> anyhow::Result<NamedCheckReport> {
    let q = NamedCheckQuery {
        name: name.to_owned(),
        upto: None,
        map,
    };
    match c.request(Request::CheckNamed(q)).await? {
        ServerBody::CheckNamed(r) => Ok(r),
        other => anyhow::bail!("expected a named check's report, got {other:?}"),
    }
}

/// Checks `formula` on `game`'s table (step `k` for chocolate), with its map.
async fn check(
    c: &mut Client,
    game: Game,
    k: Option<u32>,
    formula: &str,
) -> anyhow::Result<CheckReport> {
    let q = CheckQuery {
        params: GameParams {
            k,
            ..GameParams::of(game)
        },
        formula: formula.to_owned(),
        upto: None,
        map: true,
    };
    match c.request(Request::Check(q)).await? {
        ServerBody::Check(r) => Ok(r),
        other => anyhow::bail!("expected a check's report, got {other:?}"),
    }
}

/// Wythoff's table by brute force: every cell the mex of those a queen reaches.
fn wythoff(n: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; n]; n];
    for x in 0..n {
        for y in 0..n {
            let mut seen: Vec<u64> = (0..x).map(|u| g[u][y]).collect();
            seen.extend((0..y).map(|v| g[x][v]));
            seen.extend((1..=x.min(y)).map(|t| g[x - t][y - t]));
            g[x][y] = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
        }
    }
    g
}

#[tokio::test]
async fn the_named_checks_reproduce_the_known_results() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut c = server.connect("researcher").await?;
    let ServerBody::NamedChecks { checks } = c.request(Request::NamedChecks {}).await? else {
        anyhow::bail!("expected the named checks");
    };
    let names: Vec<&str> = checks.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "rook-nim",
            "wythoff",
            "dragon-king",
            "dragon-horse",
            "chocolate-even",
            "chocolate-one",
            "chocolate-odd"
        ]
    );
    for info in &checks {
        let r = named(&mut c, &info.name, false).await?;
        assert!(r.holds, "{}: {}", r.name, r.verdict);
        assert_eq!((&r.formula, &r.status), (&info.formula, &info.status));
        assert!(r.verdict.starts_with("verified for"), "{}", r.verdict);
        for check in &r.checks {
            assert!(check.holds && check.failed == 0 && check.checked > 0);
            assert!(check.source.contains("grundyd"), "{}", check.source);
        }
    }
    // The corner checks cover the whole 64×64 table; the odd steps are those stored.
    let wythoff = named(&mut c, "wythoff", false).await?;
    assert_eq!(wythoff.checks[0].checked, 64 * 64);
    assert_eq!(wythoff.status, "theorem");
    assert_eq!(wythoff.verdict, "verified for x, y < 64 (4096 cells)");
    let odd = named(&mut c, "chocolate-odd", false).await?;
    assert_eq!(odd.status, "conjecture");
    let steps: Vec<Option<u32>> = odd.checks.iter().map(|c| c.params.k).collect();
    assert_eq!(steps, [Some(1), Some(3), Some(5)]);
    assert!(
        odd.verdict
            .starts_with("verified for odd k in {1, 3, 5}, z < 65"),
        "{}",
        odd.verdict
    );
    let even = named(&mut c, "chocolate-even", false).await?;
    let steps: Vec<Option<u32>> = even.checks.iter().map(|c| c.params.k).collect();
    assert_eq!(steps, [Some(0), Some(2), Some(4), Some(6)]);
    // An unknown name is refused with the list.
    let e = refusal(
        c.request(Request::CheckNamed(NamedCheckQuery {
            name: "wythof".to_owned(),
            upto: None,
            map: false,
        }))
        .await,
    )?;
    assert_eq!(e.code, ErrorCode::BadParameters);
    assert!(e.message.contains("rook-nim, wythoff"), "{}", e.message);
    server.stop().await
}

#[tokio::test]
async fn a_wrong_formula_fails_where_brute_force_says() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut c = server.connect("researcher").await?;
    // The queen is not Nim: refuted first at 1,1, and every failing cell found.
    let r = check(&mut c, Game::Queen, None, "x xor y").await?;
    let g = wythoff(64);
    let wrong = |x: usize, y: usize| g[x][y] != (x ^ y) as u64;
    assert!(!r.holds);
    assert_eq!(r.counterexamples[0].cell, "1,1");
    assert_eq!(r.counterexamples[0].formula.as_deref(), Some("0"));
    assert_eq!(r.counterexamples[0].grundy, 2);
    let expected = (0..64)
        .flat_map(|x| (0..64).map(move |y| (x, y)))
        .filter(|&(x, y)| wrong(x, y))
        .count();
    assert_eq!(r.failed, expected as u64);
    let map = r.map.as_ref().expect("a map was asked for");
    assert_eq!((map.bin, map.width, map.height), (1, 64, 64));
    assert_eq!((map.across.as_str(), map.up.as_str()), ("x", "y"));
    for y in 0..64 {
        for x in 0..64 {
            let i = y * 64 + x;
            assert_eq!(map.cells[i], 1);
            assert_eq!(map.failed[i], u32::from(wrong(x, y)), "at {x},{y}");
        }
    }
    // A staircase: z across, y up, no cells above ⌊z/k⌋, the counts those of the table.
    let bar = grundy_e2e::knowledge();
    let bar = bar.chocolate_table(1).expect("a k=1 table");
    let r = check(&mut c, Game::Chocolate, Some(1), "y xor z").await?;
    let map = r.map.as_ref().expect("a map was asked for");
    assert_eq!((map.across.as_str(), map.up.as_str()), ("z", "y"));
    for (i, (&cells, &failed)) in map.cells.iter().zip(&map.failed).enumerate() {
        let (y, z) = (i as u64 / map.width, i as u64 % map.width);
        match bar.grundy(y, z) {
            Some(g) => {
                assert_eq!(cells, 1, "at {y},{z}");
                assert_eq!(failed, u32::from(g != y ^ z), "at {y},{z}");
            }
            None => assert_eq!(cells, 0, "at {y},{z}"),
        }
    }
    assert_eq!(
        map.cells.iter().map(|&c| u64::from(c)).sum::<u64>(),
        r.checked
    );
    assert_eq!(
        map.failed.iter().map(|&f| u64::from(f)).sum::<u64>(),
        r.failed
    );
    server.stop().await
}

#[tokio::test]
async fn a_bound_beyond_the_stored_table_is_solved_on_demand_with_progress() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut c = server.connect("researcher").await?;
    // The test server stores 64×64; a check to 100 has the table solved for it.
    let q = CheckQuery {
        params: GameParams::of(Game::Queen),
        formula: "grundy == 0 <-> min(x,y) == floor((max(x,y) - min(x,y)) * phi)".to_owned(),
        upto: Some(100),
        map: false,
    };
    let mut reports = Vec::new();
    let mut progress = |what: &str, done, total| reports.push((what.to_owned(), done, total));
    let ServerBody::Check(r) = c
        .request_reporting(Request::Check(q), &mut progress)
        .await?
    else {
        anyhow::bail!("expected a check's report");
    };
    assert!(r.holds && r.checked == 100 * 100 && r.upto == 100, "{r:?}");
    assert!(!r.source.contains("bound 64"), "{}", r.source);
    // The scan reported its rows, the last report the whole of them.
    let last = reports.last().expect("progress was reported");
    assert_eq!((last.1, last.2), (100, 100), "{reports:?}");
    assert!(last.0.contains("checking the formula"), "{}", last.0);
    assert!(reports.iter().all(|(_, done, total)| done <= total));
    // Beyond the boards matches use, a table solved for research alone, its rows reported.
    let q = protocol::PeriodicityQuery {
        params: GameParams::of(Game::Queen),
        rows: Some(protocol::Span { from: 0, to: 2 }),
        upto: Some(4200),
        line: None,
    };
    let mut reports = Vec::new();
    let mut progress = |what: &str, done, total| reports.push((what.to_owned(), done, total));
    let ServerBody::Periodicity(r) = c
        .request_reporting(Request::Periodicity(q), &mut progress)
        .await?
    else {
        anyhow::bail!("expected a periodicity report");
    };
    assert_eq!(r.upto, 4200);
    assert_eq!((r.rows[1].period, r.rows[1].saltus), (Some(3), Some(3)));
    let solving = "solving the queen table to 4200×4200";
    assert!(
        reports.iter().any(|(w, d, t)| w == solving && d == t),
        "{reports:?}"
    );
    // A `table` out there reads the same table, kept: the engine's own values.
    let far = protocol::Span {
        from: 4190,
        to: 4200,
    };
    let ServerBody::Table(t) = c
        .request(Request::Table {
            params: GameParams {
                size: Some(4200),
                ..GameParams::of(Game::Queen)
            },
            rows: Some(far),
            cols: Some(far),
            layer: None,
        })
        .await?
    else {
        anyhow::bail!("expected a table");
    };
    assert_eq!(t.source, "computed");
    let engine = engine::corner::Table::solve(engine::corner::Piece::Queen, 4200)?;
    for (i, row) in t.grundy.iter().enumerate() {
        for (j, &g) in row.iter().enumerate() {
            let (x, y) = (4190 + i as u64, 4190 + j as u64);
            assert_eq!(g, engine.get(x, y).map(|c| c.0), "at {x},{y}");
        }
    }
    // Too far to solve: refused with the limit.
    let e = refusal(
        c.request(Request::Check(CheckQuery {
            params: GameParams::of(Game::Queen),
            formula: "x".to_owned(),
            upto: Some(20_000),
            map: false,
        }))
        .await,
    )?;
    assert_eq!(e.code, ErrorCode::TooLarge);
    assert!(e.message.contains("16384"), "{}", e.message);
    server.stop().await
}

#[tokio::test]
async fn a_check_past_the_time_limit_is_stopped_and_the_connection_goes_on() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let config = daemon::Config {
        check_time_limit: std::time::Duration::from_millis(1),
        ..grundy_e2e::test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let mut c = server.connect("researcher").await?;
    // A long formula (hundreds of operators) over a quarter of a million cells.
    let heavy = vec!["floor((x + y) * phi / 3)"; 40].join(" + ");
    let q = CheckQuery {
        params: GameParams::of(Game::Queen),
        formula: heavy,
        upto: Some(512),
        map: false,
    };
    let e = refusal(c.request(Request::Check(q)).await)?;
    assert_eq!(e.code, ErrorCode::TooLarge);
    assert!(e.message.contains("stopped after 0.001 s"), "{}", e.message);
    grundy_e2e::ping(&mut c).await?;
    let r = check(&mut c, Game::Rook, None, "x xor y").await;
    // A small check may finish within the limit or not: either way an answer, not a hang.
    match r {
        Ok(r) => assert!(r.holds),
        Err(e) => assert!(e.to_string().contains("stopped after"), "{e}"),
    }
    server.stop().await
}

#[tokio::test]
async fn a_client_waiting_for_a_long_check_is_not_idle() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let config = daemon::Config {
        idle_timeout: std::time::Duration::from_millis(300),
        ..grundy_e2e::test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let mut c = server.connect("researcher").await?;
    // Longer than the idle timeout (a quarter of a million cells of a long formula), the
    // client silent meanwhile.
    let heavy = vec!["floor((x + y) * phi / 3)"; 20].join(" + ");
    let q = CheckQuery {
        params: GameParams::of(Game::Queen),
        formula: format!("({heavy}) >= 0"),
        upto: Some(512),
        map: false,
    };
    let ServerBody::Check(r) = c.request(Request::Check(q)).await? else {
        anyhow::bail!("expected a check's report");
    };
    assert!(r.holds, "{r:?}");
    // Still connected: a moment later (the server's idle check runs every 100 ms meanwhile,
    // a wait within the idle timeout), asked again and answered.
    tokio::time::sleep(std::time::Duration::from_millis(150)).await;
    grundy_e2e::ping(&mut c).await?;
    server.stop().await
}
