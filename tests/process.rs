//! A real `grundyd` process, for the tests that kill it or measure it as a person's computer
//! would see it (its resident memory).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use anyhow::{bail, Context, Result};

/// The `grundyd` binary built beside the tests (cargo builds it for the daemon's own tests).
pub fn daemon_binary() -> Result<PathBuf> {
    let exe = std::env::current_exe()?;
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .context("no target dir")?;
    let bin = dir.join(format!("grundyd{}", std::env::consts::EXE_SUFFIX));
    if !bin.exists() {
        bail!(
            "{} is missing: run `cargo build --bin grundyd` (cargo test --workspace builds it)",
            bin.display()
        );
    }
    Ok(bin)
}

/// Starts the daemon on `db` on a free port, with small tables (boards and bars up to 64), no
/// engine delay and `extra` arguments; returns it with its websocket URL.
pub fn start(db: &Path, extra: &[&str]) -> Result<(Child, String)> {
    let mut child = Command::new(daemon_binary()?)
        .args([
            "--listen",
            "127.0.0.1:0",
            "--board",
            "64",
            "--bar",
            "64",
            "--engine-delay-ms",
            "0",
        ])
        .args(extra)
        .arg("--db")
        .arg(db)
        .env("NO_COLOR", "1")
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()?;
    let stderr = child.stderr.take().context("stderr")?;
    let mut lines = BufReader::new(stderr).lines();
    for line in lines.by_ref() {
        let line = line?;
        if let Some(rest) = line.split("listening on ").nth(1) {
            let url = rest
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_owned();
            // Keep draining the log so the daemon never blocks on a full pipe.
            std::thread::spawn(move || lines.for_each(drop));
            return Ok((child, url));
        }
    }
    bail!("grundyd exited before listening")
}

/// The resident memory of process `pid` now, in bytes (Linux: `VmRSS` of /proc/PID/status).
pub fn rss(pid: u32) -> Result<u64> {
    status_bytes(pid, "VmRSS:")
}

/// The resident memory of process `pid` now and at its peak (`VmHWM`), in bytes.
pub fn memory(pid: u32) -> Option<(u64, u64)> {
    Some((rss(pid).ok()?, status_bytes(pid, "VmHWM:").ok()?))
}

/// A field of /proc/PID/status given in KiB, in bytes.
fn status_bytes(pid: u32, key: &str) -> Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.split_whitespace().next())
        .with_context(|| format!("no {key}"))?
        .parse()?;
    Ok(kib * 1024)
}
