//! `grundy room` through the real binary, without a terminal: a teacher opens a room and
//! sets exercises from the command line, a student answers on the room's screen line by line
//! (stdin), the results come out as CSV, a second answer is refused, a tournament's boards are
//! printed with their values.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use grundy_e2e::Server;
use serde_json::Value;

/// `grundy --server URL ARGS...` as `name`, without a terminal.
fn command(url: &str, name: &str, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.arg("--server")
        .arg(url)
        .args(args)
        .env_remove("NO_COLOR")
        // Spoken in English whatever the machine's locale.
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("GRUNDY_SERVER")
        .env("GRUNDY_NAME", name)
        // Identities are kept in a directory of this test's own.
        .env(
            "GRUNDY_STATE_DIR",
            format!("{}/room-test", env!("CARGO_TARGET_TMPDIR")),
        )
        .stdin(Stdio::null());
    cmd
}

async fn run(url: &str, name: &str, args: &[&str]) -> Output {
    let mut cmd = command(url, name, args);
    tokio::task::spawn_blocking(move || cmd.output().expect("grundy runs"))
        .await
        .expect("joined")
}

/// `grundy room open "3B maths" --json` as the teacher: the room as printed.
async fn open_room(url: &str) -> Value {
    let open = run(url, "teacher", &["room", "open", "3B maths", "--json"]).await;
    assert!(open.status.success(), "{}", text(&open.stderr));
    serde_json::from_slice(&open.stdout).unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_student_answers_on_the_room_screen_and_the_teacher_exports_the_results() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();

    let room = open_room(&url).await;
    let code = room["code"].as_str().unwrap().to_owned();
    assert!(room["owner_token"].as_str().is_some_and(|t| t.len() == 64));

    // The student's screen, reading answers from stdin.
    let mut student = command(&url, "ada", &["room", "join", &code.to_lowercase()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, lines) = mpsc::channel();
    let out = student.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let expect = |want: &str| -> String {
        loop {
            let line = lines
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|e| panic!("no line with {want:?}: {e}"));
            if line.contains(want) {
                return line;
            }
        }
    };
    expect(&format!("Room {code}"));

    let ask = run(
        &url,
        "teacher",
        &["room", "ask", &code, "queen 5,3 outcome", "nim 1,2 grundy"],
    )
    .await;
    assert!(ask.status.success(), "{}", text(&ask.stderr));
    let asked = text(&ask.stdout);
    assert!(
        asked.contains("Exercise 1 · set 1 · queen 8×8 · 5,3"),
        "{asked}"
    );
    assert!(
        asked.contains("solution: loss") && asked.contains("solution: 3"),
        "{asked}"
    );

    // The first exercise is shown; the student answers both.
    expect("Exercise 1 · set 1");
    let stdin = student.stdin.as_mut().unwrap();
    writeln!(stdin, "win").unwrap();
    let wrong = expect("wrong (exercise 1: win)");
    assert!(wrong.contains("5,3 is a P-position"), "{wrong}");
    expect("Exercise 2 · set 1");
    writeln!(stdin, "three").unwrap();
    expect("is not a Grundy number");
    writeln!(stdin, "3").unwrap();
    expect("right (exercise 2: 3)");
    drop(student.stdin.take());
    assert!(student.wait().unwrap().success());

    // Answers are final; the results are there for the teacher.
    let again = run(&url, "ada", &["room", "answer", &code, "1", "loss"]).await;
    assert!(!again.status.success());
    assert!(
        text(&again.stderr).contains("first answer is final"),
        "{}",
        text(&again.stderr)
    );
    let csv = run(&url, "teacher", &["room", "results", &code, "--csv"]).await;
    let csv = text(&csv.stdout);
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 3, "{csv}");
    assert!(
        rows[1].contains(",ada,win,0,") && rows[2].contains(",ada,3,1,"),
        "{csv}"
    );
    // For Excel: the same bytes after a byte-order mark.
    let excel = run(
        &url,
        "teacher",
        &["room", "results", &code, "--csv", "--bom"],
    )
    .await;
    assert_eq!(
        excel.stdout,
        [&b"\xef\xbb\xbf"[..], csv.as_bytes()].concat()
    );
    let results = run(&url, "teacher", &["room", "results", &code]).await;
    let results = text(&results.stdout);
    assert!(
        results.contains("ada") && results.contains("1/2"),
        "{results}"
    );
    // Only a teacher sees them.
    let denied = run(&url, "ada", &["room", "results", &code, "--csv"]).await;
    assert!(
        text(&denied.stderr).contains("only a teacher"),
        "{}",
        text(&denied.stderr)
    );
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_joined_by_mistake_is_left() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let room = open_room(&url).await;
    let code = room["code"].as_str().unwrap().to_owned();
    let left = run(&url, "passer-by", &["room", "leave", &code]).await;
    assert!(left.status.success(), "{}", text(&left.stderr));
    assert_eq!(
        text(&left.stdout),
        format!("you left room {code}: it counts you no more\n")
    );
    // The teacher may not leave, and says why.
    let stay = run(&url, "teacher", &["room", "leave", &code]).await;
    assert!(!stay.status.success());
    assert!(
        text(&stay.stderr).contains("a teacher stays with the room"),
        "{}",
        text(&stay.stderr)
    );
    server.stop().await.unwrap();
}

/// A student under a Japanese locale reads the grade and its reason in Japanese: the server
/// sends the reason as a message of the catalogs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_grade_is_said_in_japanese_under_a_japanese_locale() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let code = open_room(&url).await["code"].as_str().unwrap().to_owned();
    let ask = run(&url, "teacher", &["room", "ask", &code, "nim 1,2 grundy"]).await;
    assert!(ask.status.success(), "{}", text(&ask.stderr));
    let mut cmd = command(&url, "sakura", &["room", "answer", &code, "1", "1"]);
    cmd.env("LANG", "ja_JP.UTF-8");
    let o = tokio::task::spawn_blocking(move || cmd.output().expect("grundy runs"))
        .await
        .expect("joined");
    assert_eq!(
        text(&o.stdout),
        "✗ 不正解（問題 1: 1）: 1,2の Grundy 数は 1ではなく 3です。2:2（1,0へ）で Grundy 数 1の\
         局面に動かせます。Grundy 数は動かした先にない最小の数（mex）です（動かした先は {0, 1, 2}）\n",
        "{}",
        text(&o.stderr)
    );
    server.stop().await.unwrap();
}

/// A room's language: the teacher sets it, and the projector's view and the CSV speak it
/// whatever the terminal's own language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_projector_and_the_csv_speak_the_rooms_language() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let code = open_room(&url).await["code"].as_str().unwrap().to_owned();
    let set = run(&url, "teacher", &["room", "language", &code, "ja"]).await;
    assert!(set.status.success(), "{}", text(&set.stderr));
    assert!(
        text(&set.stdout).ends_with("; the projector and the CSV in 日本語\n"),
        "{}",
        text(&set.stdout)
    );
    let view = run(&url, "teacher", &["room", "view", &code, "--once"]).await;
    assert!(view.status.success(), "{}", text(&view.stderr));
    assert!(
        text(&view.stdout).starts_with(&format!(
            "ルーム {code} · 3B maths · すべての盤\n対局中の盤 0 · 解析オフ (a) · q で終了\n"
        )),
        "{}",
        text(&view.stdout)
    );
    let csv = run(&url, "teacher", &["room", "results", &code, "--csv"]).await;
    assert!(
        text(&csv.stdout).starts_with("ルーム,セット,問題,ゲーム"),
        "{}",
        text(&csv.stdout)
    );
    // Each reader's own again: the view in the terminal's English.
    run(&url, "teacher", &["room", "language", &code, "reader"]).await;
    let view = run(&url, "teacher", &["room", "view", &code, "--once"]).await;
    assert!(
        text(&view.stdout).starts_with(&format!("Room {code} · 3B maths · every board\n")),
        "{}",
        text(&view.stdout)
    );
    server.stop().await.unwrap();
}
