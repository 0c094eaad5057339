//! `grundyd precompute` as a person runs it: computes once, then reports "up to date".

use std::process::Command;

/// `grundyd` run in the locale `lang` (`C.UTF-8`: English).
fn grundyd(lang: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundyd"));
    command
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", lang);
    command
}

fn precompute(db: &std::path::Path, extra: &[&str]) -> String {
    precompute_in("C.UTF-8", db, extra)
}

fn precompute_in(lang: &str, db: &std::path::Path, extra: &[&str]) -> String {
    let out = grundyd(lang)
        .arg("precompute")
        .arg("--db")
        .arg(db)
        .args(extra)
        .env("CI", "true")
        .env("RUST_LOG", "warn")
        .output()
        .expect("run grundyd");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "grundyd precompute failed: {stderr}");
    stderr
}

#[test]
fn precompute_computes_once_then_is_up_to_date() {
    let dir = tempfile::TempDir::new().expect("temp dir");
    let db = dir.path().join("grundy.db");
    let first = precompute(&db, &["--board", "32", "--bar", "20"]);
    assert!(first.contains("12 sets computed and stored"), "{first}");
    assert!(
        first.contains("queen") && first.contains("missing"),
        "{first}"
    );
    let second = precompute(&db, &["--board", "32", "--bar", "20"]);
    assert!(second.contains("analysis tables up to date"), "{second}");
    // Larger boards: only the corner sets are computed again.
    let third = precompute(&db, &["--board", "40", "--bar", "20"]);
    assert!(third.contains("4 sets computed and stored"), "{third}");
    assert!(third.contains("stored only up to 32"), "{third}");

    let bad = grundyd("C.UTF-8")
        .args(["precompute", "--bar", "100000", "--db"])
        .arg(&db)
        .output()
        .expect("run grundyd");
    assert!(!bad.status.success());
}

/// Starts grundyd on `db` and waits until it listens.
fn serve(db: &std::path::Path) -> std::process::Child {
    use std::io::{BufRead, BufReader};
    let mut server = grundyd("C.UTF-8")
        .args([
            "--listen",
            "127.0.0.1:0",
            "--board",
            "16",
            "--bar",
            "16",
            "--db",
        ])
        .arg(db)
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run grundyd");
    let stderr = server.stderr.take().expect("stderr");
    let mut lines = BufReader::new(stderr).lines();
    assert!(
        lines.any(|l| l.is_ok_and(|l| l.contains("listening on"))),
        "the first grundyd did not start"
    );
    // Read on, so that the server's later lines do not meet a closed pipe.
    std::thread::spawn(move || lines.for_each(drop));
    server
}

/// What a grundyd run by `command` says, having refused to start: one that starts would
/// serve for ever, so it must have stopped by itself within a minute.
fn refused(mut command: Command) -> String {
    let mut running = command
        .env("NO_COLOR", "1")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run grundyd");
    let started = std::time::Instant::now();
    while running.try_wait().expect("wait").is_none() {
        if started.elapsed() > std::time::Duration::from_secs(60) {
            let _ = running.kill();
            panic!("grundyd started, though it had to refuse");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let out = running.wait_with_output().expect("its output");
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "{said}");
    said
}

/// A second grundyd on the same database would restore and play the same matches: it is
/// refused while the first runs, however the path reaches the file (the same path, a
/// symbolic link, a hard link), and welcome once the first has stopped.
#[test]
fn a_second_grundyd_on_the_same_database_is_refused() {
    let dir = tempfile::TempDir::new().expect("temp dir");
    let db = dir.path().join("grundy.db");
    let mut first = serve(&db);
    let symlink = dir.path().join("via-symlink.db");
    std::os::unix::fs::symlink(&db, &symlink).expect("symlink");
    let hard = dir.path().join("via-hard-link.db");
    std::fs::hard_link(&db, &hard).expect("hard link");
    for path in [&db, &symlink, &hard] {
        assert!(
            first.try_wait().expect("wait").is_none(),
            "the first stopped"
        );
        // Its own analysis file, so that only the games file is shared.
        let analysis = dir.path().join(format!(
            "{}.other.analysis.db",
            path.file_name().unwrap_or_default().to_string_lossy()
        ));
        let mut second = grundyd("C.UTF-8");
        second
            .args(["--listen", "127.0.0.1:0", "--board", "16", "--bar", "16"])
            .arg("--analysis-db")
            .arg(&analysis)
            .arg("--db")
            .arg(path);
        let said = refused(second);
        assert!(
            said.contains("in use by another grundyd"),
            "{path:?}: {said}"
        );
    }
    first.kill().expect("stop the first");
    first.wait().expect("the first stops");
    precompute(&db, &["--board", "16", "--bar", "16"]);
}

/// A database this user may read but not write would start a server that then fails every
/// `hello`: it is refused at start, saying what to do.
#[test]
fn a_read_only_database_is_refused_at_start() {
    let dir = tempfile::TempDir::new().expect("temp dir");
    let db = dir.path().join("grundy.db");
    precompute(&db, &["--board", "16", "--bar", "16"]);
    let mut server = grundyd("C.UTF-8");
    // Permissions do not bind root: the server then runs as `nobody`, who may read the
    // files but not write them, in a folder anyone may write (so the journal could be).
    let root = std::fs::metadata("/proc/self").is_ok_and(|m| {
        use std::os::unix::fs::MetadataExt;
        m.uid() == 0
    });
    if root {
        server = Command::new("setpriv");
        server.args(["--reuid=65534", "--regid=65534", "--clear-groups"]);
        server.arg(env!("CARGO_BIN_EXE_grundyd"));
    }
    use std::os::unix::fs::PermissionsExt;
    for entry in std::fs::read_dir(dir.path()).expect("list") {
        let path = entry.expect("entry").path();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    }
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).expect("chmod");
    server
        .args([
            "--listen",
            "127.0.0.1:0",
            "--board",
            "16",
            "--bar",
            "16",
            "--db",
        ])
        .arg(&db);
    let said = refused(server);
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    assert!(said.contains("cannot be written"), "{said}");
}

/// A Japanese teacher's terminal (`LANG=ja_JP.UTF-8`): `--help`, a mistyped option, the
/// precompute's report and a refusal to start are said in Japanese.
#[test]
fn grundyd_speaks_the_locales_language() {
    let help = grundyd("ja_JP.UTF-8")
        .arg("--help")
        .output()
        .expect("run grundyd");
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    for words in [
        "grundy のサーバ",
        "使い方: grundyd",
        "オプション:",
        "待ち受けるアドレス",
    ] {
        assert!(help.contains(words), "{words}: {help}");
    }
    assert!(!help.contains("Address to listen on"), "{help}");
    let typo = grundyd("ja_JP.UTF-8")
        .arg("--lisen")
        .output()
        .expect("run grundyd");
    let typo = String::from_utf8_lossy(&typo.stderr).into_owned();
    assert!(
        typo.contains("オプション '--lisen' はありません") && typo.contains("--listen のこと"),
        "{typo}"
    );
    // `--lang en` wins over the locale.
    let english = grundyd("ja_JP.UTF-8")
        .args(["--lang", "en", "--help"])
        .output()
        .expect("run grundyd");
    assert!(String::from_utf8_lossy(&english.stdout).contains("Address to listen on"));

    let dir = tempfile::TempDir::new().expect("temp dir");
    let db = dir.path().join("grundy.db");
    let first = precompute_in("ja_JP.UTF-8", &db, &["--board", "16", "--bar", "16"]);
    assert!(first.contains("12 組を計算して"), "{first}");
    assert!(first.contains("ありませんでした"), "{first}");
    let second = precompute_in("ja_JP.UTF-8", &db, &["--board", "16", "--bar", "16"]);
    assert!(second.contains("解析表は最新です（12 組を"), "{second}");
    let mut first = serve(&db);
    let mut again = grundyd("ja_JP.UTF-8");
    again
        .args(["--listen", "127.0.0.1:0", "--board", "16", "--bar", "16"])
        .arg("--analysis-db")
        .arg(dir.path().join("other.analysis.db"))
        .arg("--db")
        .arg(&db);
    let said = refused(again);
    assert!(said.contains("は別の grundyd が使っています"), "{said}");
    first.kill().expect("stop the first");
    first.wait().expect("the first stops");
}
