//! `grundyd precompute` as a person runs it: computes once, then reports "up to date".

use std::process::Command;

fn precompute(db: &std::path::Path, extra: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_grundyd"))
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

    let bad = Command::new(env!("CARGO_BIN_EXE_grundyd"))
        .args(["precompute", "--bar", "100000", "--db"])
        .arg(&db)
        .output()
        .expect("run grundyd");
    assert!(!bad.status.success());
}

/// A second grundyd on the same database would restore and play the same matches: it is
/// refused while the first runs, and welcome once it has stopped.
#[test]
fn a_second_grundyd_on_the_same_database_is_refused() {
    use std::io::{BufRead, BufReader};
    let dir = tempfile::TempDir::new().expect("temp dir");
    let db = dir.path().join("grundy.db");
    let mut first = Command::new(env!("CARGO_BIN_EXE_grundyd"))
        .args([
            "--listen",
            "127.0.0.1:0",
            "--board",
            "16",
            "--bar",
            "16",
            "--db",
        ])
        .arg(&db)
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run grundyd");
    let stderr = first.stderr.take().expect("stderr");
    let mut lines = BufReader::new(stderr).lines();
    assert!(
        lines.any(|l| l.is_ok_and(|l| l.contains("listening on"))),
        "the first grundyd did not start"
    );
    let second = Command::new(env!("CARGO_BIN_EXE_grundyd"))
        .args(["--listen", "127.0.0.1:0", "--db"])
        .arg(&db)
        .output()
        .expect("run grundyd");
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(!second.status.success(), "{said}");
    assert!(said.contains("in use by another grundyd"), "{said}");
    first.kill().expect("stop the first");
    first.wait().expect("the first stops");
    precompute(&db, &["--board", "16", "--bar", "16"]);
}
