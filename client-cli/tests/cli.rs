//! Integration tests of the real `grundy` binary against a real `grundyd` started in-process
//! on 127.0.0.1:0 with a temporary database.

use std::process::{Command, Output, Stdio};

use grundy_e2e::Server;
use protocol::{Game, GameParams, NewMatch, Opponent, Request};
use serde_json::{json, Value};

/// `create_match` of `game` against a person, from `start` (default: the standard one).
fn create(game: Game, size: Option<u64>, start: Option<&str>) -> Request {
    let params = GameParams {
        size,
        ..GameParams::of(game)
    };
    let new = NewMatch::new(params, Opponent::Human);
    Request::create(match start {
        Some(start) => new.start(start),
        None => new,
    })
}

/// `grundy --server URL ARGS...` without a terminal and with `NO_COLOR` unset.
fn command(url: &str, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.arg("--server")
        .arg(url)
        .args(args)
        .env_remove("NO_COLOR")
        // Spoken in English whatever the machine's locale.
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        // Dates in UTC whatever the machine's time zone.
        .env("TZ", "UTC")
        .env_remove("GRUNDY_SERVER")
        .env("GRUNDY_NAME", "tester")
        // Identities are kept here, not in the home directory.
        .env("GRUNDY_STATE_DIR", env!("CARGO_TARGET_TMPDIR"))
        .stdin(Stdio::null());
    cmd
}

/// Runs [`command`] to its end.
async fn grundy(url: &str, args: &[&str]) -> Output {
    let mut cmd = command(url, args);
    tokio::task::spawn_blocking(move || cmd.output().expect("the grundy binary runs"))
        .await
        .expect("the blocking task finishes")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs and checks success, returning stdout.
async fn ok(url: &str, args: &[&str]) -> String {
    let o = grundy(url, args).await;
    assert!(o.status.success(), "grundy {args:?} failed: {}", stderr(&o));
    let out = stdout(&o);
    assert!(
        !out.contains('\x1b'),
        "escape codes without a terminal: {out:?}"
    );
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn output_closed_early_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let mut ada = server.connect("ada").await.unwrap();
    let open = ada.request(create(Game::Nim, None, None)).await.unwrap();
    let id = grundy_e2e::state_of(open).unwrap().match_id.to_string();
    for args in [
        &["query", "queen", "40,30"][..],
        &["query", "queen", "40,30", "--json"],
        &[
            "table", "queen", "--size", "64", "--rows", "0..64", "--cols", "0..64",
        ],
        // A match that goes on: the spectator stops following it.
        &["watch", &id],
    ] {
        let mut child = command(&url, args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Like `| head -0`: the reader is gone before anything is written.
        drop(child.stdout.take());
        let o = tokio::task::spawn_blocking(move || child.wait_with_output().unwrap())
            .await
            .unwrap();
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).is_empty(), "{args:?}: {}", stderr(&o));
    }
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn query_prints_the_classification_as_json_and_text() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();

    let best = ok(
        &url,
        &["query", "queen", "--size", "11", "5,3", "--best", "2"],
    )
    .await;
    assert!(best.contains("… and 9 more"), "{best}");
    let out = ok(&url, &["query", "queen", "--size", "11", "5,3", "--json"]).await;
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(out.trim().lines().count(), 1, "one JSON object: {out}");
    for field in [
        "game",
        "position",
        "outcome",
        "grundy",
        "remoteness",
        "source",
        "moves",
    ] {
        assert!(v.get(field).is_some(), "missing {field}: {v}");
    }
    assert!(v.get("id").is_none() && v.get("type").is_none(), "{v}");
    assert_eq!(v["game"], "queen");
    assert_eq!(v["outcome"], "loss");
    assert_eq!(v["grundy"], 0);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 11);
    for m in moves {
        assert_eq!(m["outcome"], "win", "{m}");
        for field in ["move", "position", "outcome", "grundy", "remoteness"] {
            assert!(m.get(field).is_some(), "move misses {field}: {m}");
        }
    }

    let text = ok(&url, &["query", "queen", "--size", "11", "5,3"]).await;
    assert!(text.contains("loss"), "{text}");
    assert!(text.contains("11 moves, best first"), "{text}");
    assert!(text.contains("1,3"), "{text}");
    // A corner move is the square it goes to: no column repeats it.
    assert!(
        text.contains("  move  outcome  grundy  remoteness\n"),
        "{text}"
    );
    // The L-game: the position each move leads to, no Grundy numbers, the JSON's words.
    let text = ok(&url, &["query", "lgame", "standard", "--best", "1"]).await;
    assert!(
        text.contains("  move            position               outcome  remoteness\n"),
        "{text}"
    );
    assert!(
        !text.contains("grundy") && !text.contains("depth"),
        "{text}"
    );

    let out = ok(&url, &["query", "lgame", "...N/RRRB/RBBB/N... r", "--json"]).await;
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["outcome"], "draw");
    assert_eq!(v["grundy"], Value::Null);

    // A match's current position, without transcribing it.
    let mut ada = server.connect("ada").await.unwrap();
    let reply = ada
        .request(create(Game::Queen, Some(11), Some("7,6")))
        .await
        .unwrap();
    let id = grundy_e2e::state_of(reply).unwrap().match_id.to_string();
    let text = ok(&url, &["query", "--match", &id]).await;
    assert!(
        text.starts_with(&format!(
            "match {id} after 0 plies (queen 11×11): position 7,6\n"
        )),
        "{text}"
    );
    let out = ok(&url, &["query", "--match", &id, "--json"]).await;
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (v["game"].as_str(), v["position"].as_str()),
        (Some("queen"), Some("7,6"))
    );
    let both = grundy(&url, &["query", "--match", &id, "queen", "5,3"]).await;
    assert!(!both.status.success(), "a match and a position at once");

    // A piece of one's own, by its moves: named back canonically, its knight's leap listed.
    let piece = ["query", "corner", "--piece", "NR", "--size", "16", "5,3"];
    let text = ok(&url, &piece).await;
    assert!(
        text.starts_with("corner RN 16×16, position 5,3\n  outcome     win"),
        "{text}"
    );
    assert!(text.contains("\n  4,1 "), "{text}");
    let out = ok(&url, &[&piece[..], &["--json"]].concat()).await;
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (
            v["game"].as_str(),
            v["piece"].as_str(),
            v["grundy"].as_u64()
        ),
        (Some("corner"), Some("RN"), Some(6))
    );
    // Moving as the queen, it is the queen.
    let text = ok(
        &url,
        &["query", "corner", "--piece", "Q", "--size", "11", "5,3"],
    )
    .await;
    assert!(text.starts_with("queen 11×11, position 5,3"), "{text}");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_error_is_printed_with_its_code_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let o = grundy(&server.url(), &["query", "queen", "--size", "11", "5,x"]).await;
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.starts_with("error (bad_position): "), "{err}");
    assert!(stdout(&o).is_empty());
    server.stop().await.unwrap();
}

/// Under a Japanese locale the server's refusals and a query are said in Japanese, from the
/// same catalogs as the browser's page; `--lang en` speaks English whatever the locale, and a
/// refusal the catalogs cannot say (the engine's own words) is printed as the server said it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_japanese_locale_hears_refusals_and_queries_in_japanese() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let run = |locale: &str, args: &[&str]| {
        let mut cmd = command(&server.url(), args);
        cmd.env("LANG", locale);
        tokio::task::block_in_place(|| cmd.output().expect("the grundy binary runs"))
    };
    let o = run("ja_JP.UTF-8", &["join", "999"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o).trim_end(),
        "エラー（no_such_match）: 対局 999は対局中ではありません。`lobby` で対局の一覧、`watch` で終わった\
         対局が見られます"
    );
    let o = run("ja_JP.UTF-8", &["--lang", "en", "join", "999"]);
    assert!(
        stderr(&o).starts_with("error (no_such_match): no match 999 is open for play"),
        "{}",
        stderr(&o)
    );
    // The rules' reasons too, from the details' message.
    let o = run("ja_JP.UTF-8", &["query", "queen", "--size", "11", "12,3"]);
    assert_eq!(
        stderr(&o).trim_end(),
        "エラー（bad_position）: マス12,3は11×11の盤の外です"
    );
    let o = run("en_GB.UTF-8", &["query", "queen", "--size", "11", "12,3"]);
    assert_eq!(
        stderr(&o).trim_end(),
        "error (bad_position): square 12,3 is off the 11×11 board"
    );
    // A formula that cannot be read, where and why.
    let o = run("ja_JP.UTF-8", &["check", "queen", "x xor"]);
    assert_eq!(
        stderr(&o).trim_end(),
        "エラー（bad_parameters）: 式が読めません（位置 5）: ここには数、名前、`(` のどれかが来るはずです"
    );
    // What the command line itself refuses (clap's words), with the usage.
    let o = run("ja_JP.UTF-8", &["qury", "nim", "1,2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with(
            "エラー: コマンド 'qury' はありません\n  ヒント: query のことですか？\n\n使い方: grundy"
        ),
        "{}",
        stderr(&o)
    );
    // A piece written with one of Betza's direction modifiers.
    let o = run("ja_JP.UTF-8", &["query", "corner", "--piece", "fR", "5,3"]);
    assert_eq!(
        stderr(&o).trim_end(),
        "エラー（bad_parameters）: 'f'（1 文字目）は Betza 記法の方向の修飾子で、ここでは要りません。\
         動きはすべて角に向かいます。RN のようにコマの文字だけを書いてください"
    );
    // An option with no value, one given twice, a value that is no number.
    for (args, said) in [
        (
            &["query", "queen", "--size"][..],
            "'--size <SIZE>' のあとに値を書いてください",
        ),
        (
            &["query", "queen", "--size", "3", "--size", "4", "1,1"],
            "'--size <SIZE>' は 1 回しか指定できません",
        ),
        (
            &["query", "queen", "--size", "x", "1,1"],
            "'--size <SIZE>' の値 'x' が正しくありません: 数ではありません",
        ),
    ] {
        let o = run("ja_JP.UTF-8", args);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).starts_with(&format!("エラー: {said}\n")),
            "{}",
            stderr(&o)
        );
    }
    // The engine's limits too.
    let o = run("ja_JP.UTF-8", &["check", "queen", "x", "--upto", "20000"]);
    assert!(
        stderr(&o).starts_with(
            "エラー（too_large）: 20000×20000のクイーンの表はエンジンが解ける範囲を超えています: \
             その場で解く表は"
        ),
        "{}",
        stderr(&o)
    );
    let o = run("ja_JP.UTF-8", &["query", "nim", "3,x"]);
    assert_eq!(
        stderr(&o).trim_end(),
        "エラー（bad_position）: `3,x`は数の並びではありません（予期しない`x`）。3,4,5 のように、\
         カンマで区切って書いてください"
    );
    // A query, its columns aligned by display width (a kanji takes two columns).
    let o = run("ja_JP.UTF-8", &["query", "nim", "1,2"]);
    assert_eq!(
        stdout(&o),
        "ニム、局面 1,2\n\
         \x20 結果        勝ち（手番の人にとって）\n\
         \x20 Grundy 数   3\n\
         \x20 残り手数    3\n\
         \x20 出典        公式\n\
         3手、よい順（値は相手にとってのもの）:\n\
         \x20 手   局面  結果  Grundy 数  残り手数\n\
         \x20 2:1  1,1   負け  0          2\n\
         \x20 1:1  0,2   勝ち  2          1\n\
         \x20 2:2  1,0   勝ち  1          1\n"
    );
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_print_as_csv_grid_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();

    let csv = ok(&url, &["table", "queen", "--size", "11", "--csv"]).await;
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "x,y,grundy,remoteness,outcome");
    assert_eq!(lines.len(), 1 + 11 * 11, "clipped to the board");
    let row = lines.iter().find(|l| l.starts_with("3,5,")).unwrap();
    let cells: Vec<&str> = row.split(',').collect();
    assert_eq!(cells[2], "0", "G(3,5) = 0: {row}");
    assert_eq!(cells[4], "loss");
    // Wythoff's game is symmetric, and 0,0 is the lost end.
    assert!(lines.contains(&"5,3,0,4,loss"), "{csv}");
    assert!(lines.iter().any(|l| l.starts_with("0,0,0,0,")));

    let grid = ok(&url, &["table", "queen", "--size", "11"]).await;
    assert!(grid.contains("x\\y"), "{grid}");
    assert_eq!(grid.lines().count(), 3 + 11, "{grid}");
    // The same rows as remoteness: 3,5 is lost in 4 plies, as in the CSV above.
    let args = [
        "table", "queen", "--size", "11", "--rows", "3..4", "--cols", "0..8",
    ];
    let far = ok(&url, &[&args[..], &["--remoteness"]].concat()).await;
    assert!(far.contains("remoteness, rows x"), "{far}");
    assert!(far.contains("  3 │ 1 3 3 1 3 4 5 5"), "{far}");
    let refused = grundy(&url, &["table", "chocolate", "--remoteness"]).await;
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        stderr(&refused).contains("grundy query chocolate"),
        "{}",
        stderr(&refused)
    );

    let choc = ok(&url, &["table", "chocolate", "--k", "1", "--csv"]).await;
    let lines: Vec<&str> = choc.lines().collect();
    assert_eq!(lines[0], "y,z,grundy");
    assert!(lines.len() > 16, "{choc}");
    for l in &lines[1..] {
        let cells: Vec<u64> = l.split(',').map(|c| c.parse().unwrap()).collect();
        assert_eq!(cells.len(), 3, "{l}");
        assert!(cells[0] <= cells[1], "y ≤ z/k for k = 1: {l}");
    }
    assert!(
        lines.contains(&"0,0,0"),
        "the poisoned square alone is lost: {choc}"
    );

    let lgame = ok(&url, &["table", "lgame", "--csv"]).await;
    let lines: Vec<&str> = lgame.lines().collect();
    assert_eq!(lines[0], "position,outcome,depth");
    assert_eq!(lines.len() - 1, 2296);

    let json = ok(
        &url,
        &[
            "table", "queen", "--size", "8", "--rows", "0..3", "--cols", "0..3", "--json",
        ],
    )
    .await;
    let v: Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["grundy"], json!([[0, 1, 2], [1, 2, 0], [2, 0, 1]]));
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn large_tables_are_fetched_in_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    // 300 × 300 = 90000 cells: more than one answer holds.
    let csv = ok(
        &url,
        &[
            "table", "rook", "--size", "300", "--rows", "0..300", "--cols", "0..300", "--csv",
        ],
    )
    .await;
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 1 + 300 * 300);
    // Rook: two-pile Nim, G(x, y) = x xor y.
    assert!(
        lines.iter().any(|l| l.starts_with("299,298,1,")),
        "{}",
        lines[lines.len() - 2]
    );
    assert!(lines.iter().any(|l| l.starts_with("250,250,0,")));
    assert!(lines.iter().any(|l| l.starts_with("0,299,299,")));
    assert!(lines[lines.len() - 1].starts_with("299,299,0,"));

    // Columns far past the board are clipped by the server, and the rest follows.
    let wide = ok(
        &url,
        &[
            "table",
            "rook",
            "--size",
            "300",
            "--rows",
            "0..300",
            "--cols",
            "0..100000",
            "--csv",
        ],
    )
    .await;
    assert_eq!(wide, csv);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_export_and_lobby_show_saved_and_open_matches() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let mut ada = server.connect("ada").await.unwrap();
    let board = GameParams {
        size: Some(8),
        ..GameParams::of(Game::Queen)
    };
    let queen = NewMatch::new(board, Opponent::engine("perfect")).start("1,1");
    let state = ada.request(Request::create(queen)).await.unwrap();
    let id = grundy_e2e::state_of(state).unwrap().match_id;
    ada.request(Request::play(id, "0,0")).await.unwrap();
    let open = ada.request(create(Game::Nim, None, None)).await.unwrap();
    let open_id = grundy_e2e::state_of(open).unwrap().match_id;

    let out = ok(&url, &["games", "--json"]).await;
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    let games = v["games"].as_array().unwrap();
    assert!(games.iter().any(|g| g["match_id"] == id), "{v}");

    let table = ok(&url, &["games", "--player", "ada", "--game", "queen"]).await;
    assert!(table.starts_with("id"), "{table}");
    assert!(table.contains("ada vs engine (perfect)"), "{table}");
    assert!(table.contains("1-0"), "{table}");

    // By state and by day (in the time zone listed, UTC here): the finished queen game and the open nim one
    // were both started today, and neither before yesterday ended.
    let ids = |out: String| -> Vec<i64> {
        let v: Value = serde_json::from_str(out.trim()).unwrap();
        let games = v["games"].as_array().unwrap();
        games
            .iter()
            .filter_map(|g| g["match_id"].as_i64())
            .collect()
    };
    let waiting = ok(&url, &["games", "--status", "waiting", "--json"]).await;
    assert_eq!(ids(waiting), vec![open_id]);
    let created = games[0]["created_at"].as_i64().unwrap();
    let day = |ms: i64| {
        let t = jiff::Timestamp::from_millisecond(ms).unwrap();
        jiff::tz::TimeZone::UTC.to_datetime(t).date().to_string()
    };
    let (today, yesterday) = (day(created), day(created - 86_400_000));
    let both = ok(
        &url,
        &["games", "--since", &today, "--until", &today, "--json"],
    )
    .await;
    assert_eq!(ids(both).len(), 2);
    let before = ok(&url, &["games", "--until", &yesterday]).await;
    assert_eq!(before.trim(), "no saved games match");
    // Dates are this computer's: in Tokyo, nine hours later than in UTC.
    let date_of = |tz: &str| {
        let mut cmd = command(&url, &["games", "--status", "waiting"]);
        cmd.env("TZ", tz);
        let o = tokio::task::block_in_place(|| cmd.output().expect("the grundy binary runs"));
        let out = stdout(&o);
        let line = out.lines().nth(1).unwrap_or_default().to_owned();
        line[line.len().saturating_sub(16)..].to_owned()
    };
    let waiting_at = games
        .iter()
        .find(|g| g["match_id"] == open_id)
        .and_then(|g| g["created_at"].as_i64())
        .unwrap();
    let shown = |tz: jiff::tz::TimeZone| {
        let t = jiff::Timestamp::from_millisecond(waiting_at).unwrap();
        tz.to_datetime(t).strftime("%Y-%m-%d %H:%M").to_string()
    };
    assert_eq!(date_of("UTC"), shown(jiff::tz::TimeZone::UTC));
    let tokyo = jiff::tz::TimeZone::fixed(jiff::tz::offset(9));
    assert_eq!(date_of("Asia/Tokyo"), shown(tokyo));
    let bad = grundy(&url, &["games", "--since", "21/11/2026"]).await;
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("write YYYY-MM-DD"),
        "{}",
        stderr(&bad)
    );

    let text = ok(&url, &["export", &id.to_string()]).await;
    assert!(text.contains("[Game \"queen\"]"), "{text}");
    let json_export = ok(&url, &["export", &id.to_string(), "--format", "json"]).await;
    assert!(
        serde_json::from_str::<Value>(json_export.trim()).is_ok(),
        "{json_export}"
    );

    // A bare host:port is taken as a websocket URL.
    let bare = server.addr.to_string();
    let lobby = ok(&bare, &["lobby"]).await;
    assert!(lobby.contains(&format!("{open_id}")), "{lobby}");
    assert!(lobby.contains("nim"), "{lobby}");

    let missing = grundy(&url, &["export", "999999"]).await;
    assert_eq!(missing.status.code(), Some(1));
    assert!(
        stderr(&missing).starts_with("error (no_such_match): "),
        "{}",
        stderr(&missing)
    );
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_port_fails_with_advice() {
    // Bind and drop a listener to find a port nobody listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let o = grundy(
        &format!("ws://127.0.0.1:{port}"),
        &["query", "queen", "5,3"],
    )
    .await;
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("is grundyd running?"), "{err}");
    assert!(err.contains("--server"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_game_is_refused_before_connecting() {
    // A closed port: an answer about the game, not the connection, was never sent for.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("ws://127.0.0.1:{port}");
    for args in [
        &["play", "qeen"][..],
        &["query", "qeen", "5,3"],
        &["table", "qeen"],
        &["games", "--game", "qeen"],
        &["bench", "--games", "nim,qeen"],
    ] {
        let o = grundy(&url, args).await;
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(err.contains(r#"unknown game "qeen""#), "{args:?}: {err}");
        assert!(err.contains("queen, rook, horse"), "{args:?}: {err}");
        assert!(!err.contains("is grundyd running?"), "{args:?}: {err}");
    }
    // The name is taken in any case and sent as the server spells it.
    let o = grundy(&url, &["query", "Queen", "5,3"]).await;
    assert!(stderr(&o).contains("is grundyd running?"), "{}", stderr(&o));
}

#[test]
fn help_explains_every_command_with_examples() {
    for cmd in [
        &[][..],
        &["query"],
        &["table"],
        &["games"],
        &["export"],
        &["lobby"],
        &["play"],
        &["join"],
        &["watch"],
        &["check"],
        &["periodicity"],
        &["sequence"],
    ] {
        let help = |locale: Option<&str>| {
            let mut c = Command::new(env!("CARGO_BIN_EXE_grundy"));
            c.args(cmd)
                .arg("--help")
                .env_remove("LANG")
                .env_remove("LC_ALL")
                .env_remove("LC_MESSAGES")
                .stdin(Stdio::null());
            if let Some(locale) = locale {
                c.env("LANG", locale);
            }
            let o = c.output().unwrap();
            assert!(o.status.success(), "{cmd:?}");
            String::from_utf8_lossy(&o.stdout).into_owned()
        };
        let text = help(None);
        assert!(text.contains("Examples:"), "{cmd:?}: {text}");
        // In Japanese under a Japanese locale: the description, the headings, every option's
        // help and the examples' explanations (the commands themselves as typed).
        let text = help(Some("ja_JP.UTF-8"));
        assert!(
            text.contains("使い方: grundy") && text.contains("例:"),
            "{cmd:?}: {text}"
        );
        let first = text.lines().next().unwrap_or_default();
        assert!(!first.is_ascii(), "{cmd:?}: {first}");
        let english: Vec<&str> = text
            .lines()
            .filter(|l| {
                let l = l.trim_start();
                l.starts_with("--") && l.is_ascii() && l.contains("  ")
            })
            .collect();
        assert!(
            english.is_empty(),
            "{cmd:?}: options said in English: {english:?}"
        );
        for clap_english in ["[possible values", "[default:", "[env:"] {
            assert!(!text.contains(clap_english), "{cmd:?}: {text}");
        }
    }
}

/// Runs `grundy` under a pseudo-terminal with `script` (util-linux), returning what it
/// printed, or `None` where `script` is not installed (the only reason to skip: `grundy`
/// failing on a terminal fails the test).
async fn on_a_terminal(url: &str, args: &str, no_color: bool) -> Option<String> {
    let line = format!("{} --server {url} {args}", env!("CARGO_BIN_EXE_grundy"));
    let mut cmd = Command::new("script");
    cmd.args(["-q", "-e", "-c", &line, "/dev/null"])
        .env_remove("NO_COLOR")
        // Spoken in English whatever the machine's locale.
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("GRUNDY_STATE_DIR", env!("CARGO_TARGET_TMPDIR"))
        .stdin(Stdio::null());
    if no_color {
        cmd.env("NO_COLOR", "1");
    }
    let ran = tokio::task::spawn_blocking(move || cmd.output())
        .await
        .expect("the blocking task finishes");
    let o = match ran {
        Ok(o) => o,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => panic!("cannot run script: {e}"),
    };
    assert!(
        o.status.success(),
        "`grundy {args}` on a terminal failed ({:?}): {}{}",
        o.status.code(),
        stdout(&o),
        stderr(&o)
    );
    Some(stdout(&o))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn colour_only_on_a_terminal_and_never_with_no_color() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let args = "table queen --size 8";
    let Some(coloured) = on_a_terminal(&url, args, false).await else {
        eprintln!("`script` is not available: the terminal half of this test is skipped");
        return;
    };
    assert!(
        coloured.contains("\x1b[1;32m"),
        "zeros highlighted: {coloured:?}"
    );
    let plain = on_a_terminal(&url, args, true).await.unwrap();
    assert!(!plain.contains('\x1b'), "NO_COLOR: {plain:?}");
    let piped = ok(&url, &["table", "queen", "--size", "8"]).await;
    assert_eq!(plain.replace("\r\n", "\n"), piped);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn review_flags_a_blunder_and_import_round_trips_an_export() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let mut ada = server.connect("ada").await.unwrap();
    let mut bob = server.connect("bob").await.unwrap();
    let created = ada
        .request(create(Game::Queen, Some(11), Some("7,3")))
        .await
        .unwrap();
    let id = grundy_e2e::state_of(created).unwrap().match_id;
    bob.request(Request::Join { match_id: id }).await.unwrap();
    // From 7,3 only 5,3 wins (in 5); 7,0 throws the win away, and bob takes the corner.
    for (c, mv) in [(&mut ada, "7,0"), (&mut bob, "0,0")] {
        c.request(Request::play(id, mv)).await.unwrap();
    }
    let text = ok(&url, &["review", &id.to_string()]).await;
    // Who played and how it ended come first; each line names its player.
    let head = text.lines().next().unwrap_or_default();
    assert!(
        head.contains("ada vs bob") && head.contains("bob won (the piece reached the corner)"),
        "{text}"
    );
    let first = text.lines().find(|l| l.contains("7,0")).unwrap_or_default();
    assert!(first.contains("blunder") && first.contains("5,3"), "{text}");
    assert!(first.contains("ada"), "{text}");
    assert!(
        text.contains("1 best, 0 inaccuracies, 0 mistakes, 1 blunder"),
        "{text}"
    );
    // The same review under a Japanese locale.
    let mut cmd = command(&url, &["review", &id.to_string()]);
    cmd.env("LANG", "ja_JP.UTF-8");
    let o = tokio::task::block_in_place(|| cmd.output().expect("the grundy binary runs"));
    let ja = stdout(&o);
    assert!(
        ja.starts_with(&format!(
            "対局 {id}の振り返り: クイーン 11×11、開始局面 7,3、ada 対 bob。bobの勝ち（コマが角に着きました）。2手\n"
        )),
        "{ja}"
    );
    let blunder = ja.lines().find(|l| l.contains("7,0")).unwrap_or_default();
    assert!(
        blunder.contains("大悪手")
            && blunder.contains("5手で勝ち")
            && blunder.contains("2手で負け"),
        "{ja}"
    );
    assert!(ja.contains("最善手 1、疑問手 0、悪手 0、大悪手 1"), "{ja}");
    // Both results count from the position before the move, as the export's comment does.
    let exported = ok(&url, &["export", &id.to_string()]).await;
    assert!(
        first.contains("win in 5") && first.contains("loss in 2"),
        "{text}"
    );
    assert!(
        exported.contains("{blunder: loss in 2 instead of win in 5; better 5,3 "),
        "{exported}"
    );
    assert!(
        text.contains("1 best") && text.contains("1 blunder"),
        "{text}"
    );
    let json: Value = serde_json::from_str(
        ok(&url, &["review", &id.to_string(), "--json"])
            .await
            .trim(),
    )
    .unwrap();
    assert_eq!(json["moves"][0]["annotation"], "blunder");

    let file = dir.path().join("game.txt");
    std::fs::write(&file, &exported).unwrap();
    let out = ok(&url, &["import", file.to_str().unwrap()]).await;
    assert!(out.contains("imported as game"), "{out}");
    let copy: String = out
        .split("game ")
        .nth(1)
        .unwrap_or_default()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let again = ok(&url, &["export", &copy]).await;
    let body = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with("[Event"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&again), body(&exported));
    // The same game again is the same game: refused, saying where it is.
    let o = grundy(&url, &["import", file.to_str().unwrap()]).await;
    assert_eq!(o.status.code(), Some(1));
    let said = stderr(&o);
    assert!(
        said.contains(&format!("stored already, as game {copy}")),
        "{said}"
    );
    // Listed as imported, its names as the record wrote them.
    let listed = ok(&url, &["games"]).await;
    let line = listed
        .lines()
        .find(|l| l.starts_with(&format!("{copy} ")))
        .unwrap_or_default();
    assert!(line.contains("\"ada\" vs \"bob\" (imported)"), "{listed}");
    let json: Value = serde_json::from_str(ok(&url, &["games", "--json"]).await.trim()).unwrap();
    let imported: Vec<bool> = json["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["imported"] == json!(true))
        .collect();
    assert_eq!(imported.iter().filter(|&&i| i).count(), 1, "{json}");
    // A doctored game is refused with the rule.
    std::fs::write(&file, exported.replacen("1. 7,0", "1. 6,1", 1)).unwrap();
    let o = grundy(&url, &["import", file.to_str().unwrap()]).await;
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("illegal_move"), "{}", stderr(&o));
    // Under a Japanese locale: where, and the rule, in Japanese.
    let mut cmd = command(&url, &["import", file.to_str().unwrap()]);
    cmd.env("LANG", "ja_JP.UTF-8");
    let o = tokio::task::block_in_place(|| cmd.output().expect("the grundy binary runs"));
    assert!(
        stderr(&o)
            .starts_with("エラー（illegal_move）: この対局は取り込めません: 1手目（`6,1`）: "),
        "{}",
        stderr(&o)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_are_drawn_as_png_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let (png, svg) = (dir.path().join("q.png"), dir.path().join("q.svg"));
    let (png_s, svg_s) = (png.to_str().unwrap(), svg.to_str().unwrap());
    let args = [
        "table", "queen", "--size", "40", "--rows", "0..40", "--cols", "10..30",
    ];
    let out = ok(
        &url,
        &[&args[..], &["--png", png_s, "--svg", svg_s]].concat(),
    )
    .await;
    assert!(out.contains("wrote"), "{out}");
    // Which cells are P-positions, from the table itself.
    let table: Value =
        serde_json::from_str(ok(&url, &[&args[..], &["--json"]].concat()).await.trim()).unwrap();
    // Row i is x = i, column j is y = 10 + j.
    let zero = |i: usize, j: usize| table["grundy"][i][j] == json!(0);
    let p_cells = (0..40)
        .flat_map(|i| (0..20).map(move |j| (i, j)))
        .filter(|&(i, j)| zero(i, j))
        .count();
    // 10 ≤ y < 30: the pairs (6,10) (8,13) (9,15) (11,18) (12,20) (14,23) (16,26) (17,28),
    // and the mirrors (18,11) (20,12) (23,14) (26,16) (28,17) (31,19) (34,21) (36,22) (39,24).
    assert_eq!(p_cells, 17);

    // The PNG: a figure of 1122 × 524 pixels (margins for the title, the axes and the legend
    // around a plot of 20 pixels a cell: 40 across for x, 20 up for y from 10, the goal
    // corner's side bottom left); every P-position cell black, drawn above the golden-ratio
    // lines, and no other cell black anywhere.
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    let (width, height) = (frame.width as usize, frame.height as usize);
    assert_eq!((width, height), (1122, 524));
    let channels = frame.color_type.samples();
    let pixel = |px: usize, py: usize| {
        let i = (py * width + px) * channels;
        [pixels[i], pixels[i + 1], pixels[i + 2]]
    };
    let (left, top, cell) = (72, 66, 20);
    for i in 0..40 {
        for j in 0..20 {
            // The cell's inside, clear of the frame around the plot.
            let (x0, y0) = (left + i * cell, top + (19 - j) * cell);
            let inside: Vec<[u8; 3]> = (2..cell - 2)
                .flat_map(|dy| (2..cell - 2).map(move |dx| (x0 + dx, y0 + dy)))
                .map(|(px, py)| pixel(px, py))
                .collect();
            let black = inside.iter().filter(|&&c| c == [0, 0, 0]).count();
            if zero(i, j) {
                assert_eq!(
                    black,
                    inside.len(),
                    "{i},{}: a P-position, all black",
                    10 + j
                );
            } else {
                assert_eq!(black, 0, "{i},{} is not a P-position", 10 + j);
            }
        }
    }
    // A white background, and the axes' labels drawn in the margins left of and below the
    // plot.
    assert_eq!(pixel(2, 2), [255, 255, 255]);
    let dark = |xs: std::ops::Range<usize>, ys: std::ops::Range<usize>| {
        xs.flat_map(|x| ys.clone().map(move |y| (x, y)))
            .filter(|&(x, y)| pixel(x, y).iter().all(|&c| c < 128))
            .count()
    };
    assert!(dark(0..left - 2, top..top + 400) > 50, "y axis labels");
    assert!(
        dark(left..left + 800, top + 402..height) > 50,
        "x axis labels"
    );
    assert!(dark(0..width, 0..top - 20) > 100, "the title");

    // The SVG: the same figure, its title naming the game, the board and the range, and the
    // queen's two golden-ratio lines.
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains("width=\"1122\" height=\"524\""));
    assert!(
        text.contains(">queen on a 40×40 board: Grundy numbers, x 0..40, y 10..30</text>"),
        "{text:.600}"
    );
    assert!(text.contains("0: P-position"), "the legend");
    assert_eq!(text.matches("clip-path=\"url(#plot)\"").count(), 2);
    assert!(text.contains("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>"));

    // The L-game chart: a labelled bar per outcome and depth with its count, the draws last,
    // drawn in the PNG too.
    ok(&url, &["table", "lgame", "--svg", svg_s, "--png", png_s]).await;
    let chart = std::fs::read_to_string(&svg).unwrap();
    assert!(
        chart.contains(">drawn<") && chart.contains(">1261<"),
        "{chart}"
    );
    assert!(
        chart.contains(">lost in 0 plies<") && chart.contains(">15<"),
        "{chart}"
    );
    let bars = chart.matches("<rect x=").count();
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(
        (frame.width, frame.height),
        (720, 64 + bars as u32 * 24 + 40)
    );
    let channels = frame.color_type.samples();
    let labels = (0..frame.height as usize)
        .flat_map(|y| (0..120).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let i = (y * frame.width as usize + x) * channels;
            pixels[i..i + 3].iter().all(|&c| c < 128)
        })
        .count();
    assert!(
        labels > 200,
        "the bars' labels are drawn: {labels} dark pixels"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_answers_query_json_and_every_table_game_table_csv() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    for (game, params, position, outcome) in [
        ("queen", vec!["--size", "11"], "5,3", "loss"),
        ("rook", vec!["--size", "8"], "3,3", "loss"),
        ("horse", vec!["--size", "8"], "2,5", "loss"),
        ("dragon", vec!["--size", "8"], "3,4", "win"),
        ("nim", vec![], "1,2,3", "loss"),
        ("chocolate", vec!["--k", "1"], "2,1,2", "win"),
        ("lgame", vec![], "...N/RRRB/RBBB/N... r", "draw"),
        ("sum", vec![], "nim:1 + nim:1", "loss"),
    ] {
        let args = [&["query", game][..], &params[..], &[position, "--json"][..]].concat();
        let v: Value = serde_json::from_str(ok(&url, &args).await.trim()).unwrap();
        assert_eq!(v["game"], game);
        assert_eq!(v["outcome"], outcome, "{game} {position}: {v}");
        assert!(!v["moves"].as_array().unwrap().is_empty(), "{game}");
    }
    for (game, params, header) in [
        (
            "queen",
            vec!["--size", "8"],
            "x,y,grundy,remoteness,outcome",
        ),
        ("rook", vec!["--size", "8"], "x,y,grundy,remoteness,outcome"),
        (
            "horse",
            vec!["--size", "8"],
            "x,y,grundy,remoteness,outcome",
        ),
        (
            "dragon",
            vec!["--size", "8"],
            "x,y,grundy,remoteness,outcome",
        ),
        ("chocolate", vec!["--k", "2"], "y,z,grundy"),
        ("lgame", vec![], "position,outcome,depth"),
    ] {
        let args = [&["table", game][..], &params[..], &["--csv"][..]].concat();
        let out = ok(&url, &args).await;
        assert_eq!(out.lines().next(), Some(header), "{game}");
        assert!(out.lines().count() > 10, "{game}: {out}");
    }
    // The rook's table is x ⊕ y.
    let out = ok(&url, &["table", "rook", "--size", "8", "--csv"]).await;
    assert!(out.lines().any(|l| l.starts_with("5,3,6,")), "{out}");
    // Nim's table is two heaps: a ⊕ b, and the remoteness.
    let out = ok(&url, &["table", "nim", "--csv"]).await;
    assert_eq!(out.lines().next(), Some("a,b,grundy,remoteness,outcome"));
    assert!(out.lines().any(|l| l == "3,5,6,7,win"), "{out}");
    assert!(out.lines().any(|l| l == "4,4,0,8,loss"), "{out}");
}

/// A sum's query explains itself (the components' values in binary, their XOR, where a move
/// wins), as text and JSON; misère answers have no Grundy number; a misère table marks odd
/// remoteness as lost.
#[tokio::test]
async fn sums_and_misere_play_are_queried_and_tabled() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let sum = "queen(11):5,3 + nim:3,4,5 + chocolate(1):5,3,7";
    let text = ok(&url, &["query", "sum", sum]).await;
    for line in [
        "  grundy      14",
        "  remoteness  29",
        "  1 queen(11):5,3       0       0000",
        "  nim-sum (XOR)         14      1110",
        "  component 3: 12 → 12 ⊕ 14 = 2, which makes the nim-sum 0 (2 moves)",
    ] {
        assert!(text.contains(line), "{line:?} missing from:\n{text}");
    }
    let v: Value =
        serde_json::from_str(ok(&url, &["query", "sum", sum, "--json"]).await.trim()).unwrap();
    assert_eq!(v["sum"]["nim_sum"], 14);
    assert_eq!(v["sum"]["method"], "sprague-grundy");
    assert_eq!(v["sum"]["winning"][0]["component"], 3);
    // Too large to search: the remoteness is unknown, and the answer says why.
    let big = "nim:40,40,40 + nim:40,40 + horse(64):7,7";
    let v: Value =
        serde_json::from_str(ok(&url, &["query", "sum", big, "--json"]).await.trim()).unwrap();
    assert_eq!(v["remoteness"], Value::Null);
    assert!(v["remoteness_unknown"]
        .as_str()
        .unwrap()
        .starts_with("too large to search"));
    // Misère: 1,1,1 is lost (whoever moves leaves two ones and takes the last but one).
    let v: Value = serde_json::from_str(
        ok(&url, &["query", "nim", "1,1,1", "--misere", "--json"])
            .await
            .trim(),
    )
    .unwrap();
    assert_eq!(
        (v["outcome"].as_str(), v["misere"].as_bool()),
        (Some("loss"), Some(true))
    );
    assert_eq!(v["grundy"], Value::Null);
    assert_eq!(v["remoteness"], 3);
    let csv = ok(&url, &["table", "queen", "--misere", "--csv"]).await;
    assert!(csv.lines().any(|l| l == "0,0,,0,win"), "{csv}");
    assert!(csv.lines().any(|l| l == "0,1,,1,loss"), "{csv}");
    // Three heaps: c is the layer; 1 ⊕ 2 ⊕ 3 = 0, lost in normal play and in misère play.
    let csv = ok(&url, &["table", "nim", "--layer", "3", "--csv"]).await;
    assert!(csv.lines().any(|l| l.starts_with("1,2,3,0,")), "{csv}");
    let csv = ok(&url, &["table", "nim", "--layer", "3", "--misere", "--csv"]).await;
    assert!(csv.lines().any(|l| l == "1,2,3,,5,loss"), "{csv}");
    // Misère chocolate: bars {x, y, z} with x the layer; the poison alone is won (in 0).
    let csv = ok(&url, &["table", "chocolate", "--misere", "--csv"]).await;
    assert_eq!(csv.lines().next(), Some("x,y,z,remoteness,outcome"));
    assert!(csv.lines().any(|l| l == "0,0,0,0,win"), "{csv}");
    assert!(csv.lines().any(|l| l == "0,0,1,1,loss"), "{csv}");
    // Two-heap misère Nim: 1,1 is won, 2,2 lost.
    let csv = ok(&url, &["table", "nim", "--misere", "--csv"]).await;
    assert!(csv.lines().any(|l| l == "1,1,,2,win"), "{csv}");
    assert!(csv.lines().any(|l| l == "2,2,,3,loss"), "{csv}");
    let o = grundy(&url, &["query", "lgame", "standard", "--misere"]).await;
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no misère form"), "{}", stderr(&o));
}

/// The short form of the load test: a few matches against a real server for a second, every
/// move acknowledged and stored, the report complete.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bench_plays_a_short_load_and_reports_it() {
    let dir = tempfile::tempdir().unwrap();
    let config = daemon::Config {
        // Unpaced play sends far more than a person's client.
        message_rate: 100_000,
        message_burst: 100_000,
        ..grundy_e2e::test_config()
    };
    let server = Server::start_with(&dir, config).await.unwrap();
    let url = server.url();
    let human = [
        "bench",
        "--connections",
        "7",
        "--matches",
        "3",
        "--rate",
        "0",
        "--duration",
        "1",
        "--games",
        "lgame,nim,queen,chocolate",
        "--max-plies",
        "30",
        "--json",
    ];
    let engine = [
        "bench",
        "--connections",
        "2",
        "--matches",
        "2",
        "--rate",
        "400",
        "--duration",
        "1",
        "--opponent",
        "engine:easy",
        "--games",
        "horse,rook,dragon",
        "--json",
    ];
    let mut acknowledged = 0;
    for args in [&human[..], &engine[..]] {
        let out = ok(&url, args).await;
        let v: Value = serde_json::from_str(out.trim()).unwrap();
        let moves = v["moves"].as_u64().unwrap();
        assert!(moves > 10, "{v}");
        assert!(v["moves_per_s"].as_f64().unwrap() > 0.0, "{v}");
        assert_eq!(v["errors"], json!({}), "{v}");
        assert!(v["matches_finished"].as_u64().unwrap() > 0, "{v}");
        let rtt = &v["round_trip"];
        let (p50, p99, max) = (
            rtt["p50_ms"].as_f64(),
            rtt["p99_ms"].as_f64(),
            rtt["max_ms"].as_f64(),
        );
        assert!(p50 <= p99 && p99 <= max && max.is_some(), "{v}");
        // The server runs in this test's process, found by its listening port.
        assert_eq!(v["memory"]["pid"], json!(std::process::id()), "{v}");
        assert!(v["memory"]["peak_bytes"].as_u64().unwrap() > 0, "{v}");
        // It served the moves: some CPU time, and a share of it per move.
        let cpu = &v["server_cpu"];
        assert!(cpu["seconds"].as_f64().unwrap() > 0.0, "{v}");
        assert!(cpu["per_move_us"].as_f64().unwrap() > 0.0, "{v}");
        // And this machine's processors were busy, some of the time perhaps stolen.
        let (busy, steal) = (
            v["machine"]["busy_pct"].as_f64().unwrap(),
            v["machine"]["steal_pct"].as_f64().unwrap(),
        );
        assert!(
            busy > 0.0 && busy <= 100.0 && (0.0..=100.0).contains(&steal),
            "{v}"
        );
        acknowledged += moves;
    }
    server.stop().await.unwrap();

    // Every acknowledged move is in the database: all plies of the bench's matches against
    // itself, the odd plies (seat 0 moves first) of those against the engine.
    let db = daemon::db::Db::open(&dir.path().join("grundy.db"))
        .await
        .unwrap();
    let filter = daemon::db::GameFilter {
        limit: 10_000,
        ..Default::default()
    };
    let stored: u64 = db
        .list_matches(&filter)
        .await
        .unwrap()
        .iter()
        .map(|m| match m.seats[1].engine {
            Some(_) => u64::from(m.ply).div_ceil(2),
            None => u64::from(m.ply),
        })
        .sum();
    assert_eq!(stored, acknowledged);
    let unfinished = db.unfinished_matches().await.unwrap();
    assert!(
        unfinished.is_empty(),
        "the bench resigns what it leaves: {unfinished:?}"
    );
    db.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bench_refuses_runs_it_cannot_bound_or_seat() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    for (args, says) in [
        (
            &["bench", "--matches", "10", "--connections", "5"][..],
            "raise --connections",
        ),
        (&["bench", "--duration", "100000"][..], "--duration"),
        (&["bench", "--games", "chess"][..], "chess"),
        (&["bench", "--opponent", "robot"][..], "--opponent"),
    ] {
        let o = grundy(&url, args).await;
        assert!(!o.status.success(), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_says_whether_a_formula_holds_with_exit_statuses_0_1_and_2() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    // The rook is two-pile Nim: x xor y on every cell of the 64×64 table.
    let rook = grundy(&url, &["check", "rook", "--size", "64", "x xor y"]).await;
    assert_eq!(rook.status.code(), Some(0), "{}", stderr(&rook));
    let said = stdout(&rook);
    assert!(
        said.contains("holds") && said.contains("all 4096 cells below 64"),
        "{said}"
    );
    // Not the queen: the first counterexample is 1,1, where the formula gives 0 and the
    // Grundy number is 2.
    let queen = grundy(&url, &["check", "queen", "x xor y"]).await;
    assert_eq!(queen.status.code(), Some(1), "{}", stderr(&queen));
    let said = stdout(&queen);
    assert!(
        said.contains("1,1: the formula gives 0, the Grundy number is 2"),
        "{said}"
    );
    // Wythoff's P-positions as Beatty pairs, a predicate; and chocolate with an even step.
    let wythoff = "grundy == 0 <-> min(x,y) == floor((max(x,y)-min(x,y))*phi)";
    ok(&url, &["check", "queen", wythoff]).await;
    ok(&url, &["check", "chocolate", "--k", "2", "y xor z"]).await;
    let json: Value = serde_json::from_str(
        &ok(
            &url,
            &["check", "rook", "x xor y", "--upto", "10", "--json"],
        )
        .await,
    )
    .unwrap();
    assert_eq!(
        (json["checked"].as_u64(), json["holds"].as_bool()),
        (Some(100), Some(true))
    );
    // A formula that cannot be read, and a bound beyond what is solved: exit status 2.
    let bad = grundy(&url, &["check", "queen", "x xor"]).await;
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("cannot be read"), "{}", stderr(&bad));
    let far = grundy(&url, &["check", "queen", "x", "--upto", "20000"]).await;
    assert_eq!(far.status.code(), Some(2));
    assert!(stderr(&far).contains("too_large"), "{}", stderr(&far));
    // Where it fails, as a picture: a PNG and an SVG naming the formula.
    let (png, svg) = (dir.path().join("queen.png"), dir.path().join("queen.svg"));
    let (png_arg, svg_arg) = (png.to_string_lossy(), svg.to_string_lossy());
    let drawn = grundy(
        &url,
        &[
            "check", "queen", "x xor y", "--png", &png_arg, "--svg", &svg_arg,
        ],
    )
    .await;
    assert_eq!(drawn.status.code(), Some(1), "{}", stderr(&drawn));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.contains("where the formula fails, on") && svg.contains("`x xor y`"));
    // The named checks: listed, run to a verdict, an unknown one refused with the list.
    let list = ok(&url, &["check", "--list"]).await;
    assert!(
        list.contains("chocolate-odd") && list.contains("conjecture"),
        "{list}"
    );
    let odd = ok(&url, &["check", "chocolate-odd"]).await;
    assert!(odd.contains("verified for odd k in {1, 3, 5}"), "{odd}");
    let alone = grundy(&url, &["check", "queen"]).await;
    assert_eq!(alone.status.code(), Some(2));
    assert!(
        stderr(&alone).contains("give the formula after the game"),
        "{}",
        stderr(&alone)
    );
    let typo = grundy(&url, &["check", "wythof"]).await;
    assert_eq!(typo.status.code(), Some(2));
    assert!(
        stderr(&typo).contains("the named checks are"),
        "{}",
        stderr(&typo)
    );
    server.stop().await.unwrap();
}

/// `grundy guess`: formulas found from the tables alone — the rook's Nim sum (the shortest),
/// Wythoff's P-positions with phi, the dragon king's published formula — each handed
/// straight to `grundy check`, which says it holds; none found is exit status 1, a bound out
/// of range 2.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guess_finds_formulas_that_check_then_confirms() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let rook = ok(&url, &["guess", "rook"]).await;
    assert!(
        rook.contains(
            "x xor y (size 3) equals the Grundy numbers of rook on all 1024 cells below 32"
        ) && rook.contains("the shortest formula: every smaller one was tried")
            && rook.contains("check it: grundy check rook 'x xor y' --upto"),
        "{rook}"
    );
    let json = |out: String| -> Value { serde_json::from_str(&out).unwrap() };
    let wythoff = json(
        ok(
            &url,
            &["guess", "queen", "--p-positions", "--size", "5", "--json"],
        )
        .await,
    );
    assert_eq!(
        wythoff["statement"],
        "grundy == 0 <-> min(x, y) == floor(abs(x - y) * phi)"
    );
    let dragon = json(ok(&url, &["guess", "dragon", "--size", "7", "--json"]).await);
    assert_eq!(
        dragon["formula"],
        "3 * ((x // 3) xor (y // 3)) + (x + y) % 3"
    );
    assert_eq!(dragon["holds_below"], dragon["check_upto"]);
    for (game, found) in [("queen", &wythoff), ("dragon", &dragon)] {
        let statement = found["statement"].as_str().unwrap();
        let check = grundy(&url, &["check", game, statement]).await;
        assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    }
    // RESEARCH.md's worked discovery: the king that walks to the corner, then a row of its
    // table as a b-file whose header makes it again.
    let king = json(
        ok(
            &url,
            &["guess", "corner", "--piece", "K", "--size", "6", "--json"],
        )
        .await,
    );
    assert_eq!(
        (king["formula"].as_str(), king["piece"].as_str()),
        (Some("(abs(x - y) % 4) xor (2 and (x + y))"), Some("WF"))
    );
    let bfile = ok(
        &url,
        &[
            "sequence", "corner", "--piece", "K", "--row", "1", "--bfile",
        ],
    )
    .await;
    assert!(
        bfile.contains("# command: grundy sequence corner --piece WF --row 1 --upto 64 --bfile"),
        "{bfile}"
    );
    // The queen's Grundy numbers have no short formula: exit status 1, what was searched.
    let queen = grundy(&url, &["guess", "queen", "--size", "4"]).await;
    assert_eq!(queen.status.code(), Some(1), "{}", stderr(&queen));
    assert!(
        stdout(&queen).contains("no formula found for the Grundy numbers of queen below 32")
            && stdout(&queen).contains("searched every formula up to size 4"),
        "{}",
        stdout(&queen)
    );
    let far = grundy(&url, &["guess", "rook", "--upto", "300"]).await;
    assert_eq!(far.status.code(), Some(2));
    assert!(
        stderr(&far).contains("upto = 300 is out of range: a guess takes upto from 8 to 256"),
        "{}",
        stderr(&far)
    );
    server.stop().await.unwrap();
}

/// `grundy sequence`: the queen's row 1 as an OEIS b-file (a `#` header saying what it is,
/// the source and the command that makes it again, then `n a(n)` lines) and as CSV; the
/// P-positions' b-file is ⌊nφ²⌋.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sequence_writes_a_bfile_and_csv() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    // Row 1 of Wythoff's table: 1, 2, 0, 4, 5, 3, …, three values a period of 3.
    let row1 = |y: u64| 3 * (y / 3) + [1, 2, 0][(y % 3) as usize];
    let b = ok(&url, &["sequence", "queen", "--row", "1", "--bfile"]).await;
    let (header, body): (Vec<&str>, Vec<&str>) = b.lines().partition(|l| l.starts_with('#'));
    assert!(b.starts_with('#'), "the header comes first: {b}");
    let said = header.join("\n");
    for part in [
        "queen",
        "row x = 1",
        "a(n) = g(1, n)",
        "offset 0",
        "bound 64",
        "source: exact table of bound 64, grundyd",
        "command: grundy sequence queen --row 1 --upto 64 --bfile",
    ] {
        assert!(said.contains(part), "no {part:?} in {said}");
    }
    assert_eq!(body.len(), 64);
    for (line, n) in body.iter().zip(0u64..) {
        let (index, value) = line.split_once(' ').expect("n a(n)");
        assert_eq!(index.parse::<u64>().unwrap(), n, "{line}");
        assert_eq!(value.parse::<u64>().unwrap(), row1(n), "{line}");
    }
    // The command in the header makes the same file again.
    let command = said
        .lines()
        .find_map(|l| l.strip_prefix("# command: grundy "))
        .unwrap();
    let again = ok(&url, &command.split(' ').collect::<Vec<_>>()).await;
    assert_eq!(again, b);

    let csv = ok(&url, &["sequence", "queen", "--row", "1", "--csv"]).await;
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("n,x,y,grundy"));
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 64);
    for (line, n) in rows.iter().zip(0u64..) {
        assert_eq!(*line, format!("{n},1,{n},{}", row1(n)));
    }

    // The queen's P-positions with x ≤ y: a(n) = ⌊nφ²⌋ = ⌊nφ⌋ + n, in integers.
    let b = ok(&url, &["sequence", "queen", "--p-positions", "--bfile"]).await;
    let values: Vec<(u64, u64)> = b
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (n, v) = l.split_once(' ').unwrap();
            (n.parse().unwrap(), v.parse().unwrap())
        })
        .collect();
    assert!(values.len() > 20, "{b}");
    for (n, v) in values {
        assert_eq!(v, (n + (5 * n * n).isqrt()) / 2 + n, "a({n})");
    }
    let csv = ok(&url, &["sequence", "queen", "--p-positions", "--csv"]).await;
    assert!(csv.starts_with("x,y\n0,0\n1,2\n2,1\n3,5\n"), "{csv}");

    // A summary for a person, and the refusals on stderr.
    let text = ok(
        &url,
        &["sequence", "queen", "--diagonal", "-2", "--upto", "10"],
    )
    .await;
    assert!(
        text.contains("diagonal D = -2: a(n) = g(n + 2, n) for n = 0 to 7"),
        "{text}"
    );
    let refused = grundy(&url, &["periodicity", "chocolate", "--line", "column"]).await;
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        stderr(&refused).contains("columns are finite"),
        "{}",
        stderr(&refused)
    );
    let none = grundy(&url, &["sequence", "queen"]).await;
    assert!(!none.status.success());
    assert!(stderr(&none).contains("--row"), "{}", stderr(&none));
    server.stop().await.unwrap();
}

/// A game stored with seat names no server takes any more (an older one imported them as
/// written): `eve` followed by a clipboard write (OSC 52), `bob` by a screen clear and a
/// right-to-left override. Returns its id.
async fn game_with_escapes_in_its_names(server: &Server) -> i64 {
    use daemon::db::{Finish, NewMatch as Row, NewMove, SeatRow};
    use protocol::{MatchStatus, Outcome, Reason};
    let m = Row {
        params: protocol::GameParams::of(Game::Nim),
        start: "1,2".into(),
        seats: [SeatRow::default(), SeatRow::default()],
        clock_initial_ms: None,
        clock_increment_ms: None,
        status: MatchStatus::Playing,
        rematch_of: None,
        created_at: 0,
        started_at: Some(0),
    };
    let moves = [("2:1", "1,1"), ("1:1", "0,1"), ("2:1", "0,0")]
        .iter()
        .enumerate()
        .map(|(i, (notation, position))| NewMove {
            match_id: 0,
            ply: i as u32 + 1,
            seat: (i % 2) as u8,
            notation: (*notation).into(),
            position: (*position).into(),
            time_ms: 0,
            clock_ms: None,
            played_at: 0,
        })
        .collect();
    let won = Outcome {
        winner: Some(0),
        reason: Reason::LastStone,
    };
    let names = [
        Some("eve\u{1b}]52;c;cm0gLXJmIH4=\u{7}".to_owned()),
        Some("bob\u{1b}[2J\u{202e}".to_owned()),
    ];
    server
        .hub
        .db
        .import_match(m, names, moves, Finish::new(won, Vec::new(), 0), [7; 32])
        .await
        .expect("stored as an older server stored it")
}

/// What the server sends is printed with every character a terminal would obey shown
/// instead: names in `games`, `review` and `export`, and a refusal that quotes a move on
/// stderr. `--json` keeps the names exactly, as JSON escapes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn escapes_from_the_server_are_shown_not_obeyed() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let id = game_with_escapes_in_its_names(&server).await.to_string();
    let (eve, bob) = ("eve^[]52;c;cm0gLXJmIH4=^G", "bob^[[2J\\u{202e}");
    // `ok` also checks that stdout holds no escape character.
    for args in [&["review", &id][..], &["games"], &["export", &id]] {
        let out = ok(&url, args).await;
        assert!(
            !out.contains('\u{7}') && !out.contains('\u{202e}'),
            "{args:?}: {out:?}"
        );
    }
    let review = ok(&url, &["review", &id]).await;
    assert!(review.contains(&format!("{eve} vs {bob}")), "{review}");
    let games = ok(&url, &["games"]).await;
    assert!(
        games.contains(eve) || games.contains("eve\\u{1b}]52"),
        "{games}"
    );
    for args in [
        &["games", "--json"][..],
        &["export", &id, "--format", "json"],
    ] {
        let out = ok(&url, args).await;
        assert!(
            !out.contains('\u{7}') && !out.contains('\u{202e}'),
            "{out:?}"
        );
        let v: Value = serde_json::from_str(out.trim()).unwrap();
        let text = v.to_string();
        assert!(text.contains("bob\\u001b[2J\u{202e}"), "{args:?}: {text}");
    }
    // A refusal quoting what was sent: the server's words, shown on stderr.
    let file = dir.path().join("doctored.txt");
    let record = "[Game \"nim\"]\n[Start \"1,2\"]\n[Result \"1-0\"]\n\
                  [Termination \"last_stone\"]\n\n1. 2:1\u{1b}]0;pwned\u{7} 1:1 2. 2:1 1-0\n";
    std::fs::write(&file, record).unwrap();
    let o = grundy(&url, &["import", file.to_str().unwrap()]).await;
    assert_eq!(o.status.code(), Some(1));
    let said = stderr(&o);
    assert!(said.contains("2:1^[]0;pwned^G"), "{said}");
    assert!(
        !said.contains('\u{1b}') && !said.contains('\u{7}'),
        "{said:?}"
    );
    server.stop().await.unwrap();
}
