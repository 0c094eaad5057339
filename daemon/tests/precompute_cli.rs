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
