//! A benchmark's server in a process of its own, so that its memory and processor time are
//! its own: the bench's executable started again with an environment variable naming the
//! server's database directory. The parent runs the load and stops the server by closing its
//! input.

use std::future::Future;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;

use anyhow::{Context, Result};
use daemon::{Config, Hub};

/// The parent's side: starts this executable again with `var` set to a fresh directory, reads
/// the first line the server prints, and runs `load(line, pid)` on a two-thread runtime of its
/// own; then stops the server, whatever `load` returned.
pub fn beside_server<F, Fut>(var: &str, load: F) -> Result<()>
where
    F: FnOnce(String, u32) -> Fut,
    Fut: Future<Output = Result<()>>,
{
    let dir = tempfile::tempdir()?;
    let mut server = Command::new(std::env::current_exe()?)
        .env(var, dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let mut line = String::new();
    BufReader::new(server.stdout.take().context("stdout")?).read_line(&mut line)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let result = runtime.block_on(load(line.trim().to_owned(), server.id()));
    drop(server.stdin.take()); // the server stops at the end of its input
    let _ = server.wait();
    result
}

/// The server's side: a hub with `config` on `dir/grundy.db`, `ready` run on it (say, a game
/// imported), then a real `grundyd` on 127.0.0.1:0 until its input ends. Prints the address,
/// then what `ready` returned after a space when it is not empty.
pub fn serve<F, Fut>(dir: &str, config: Config, ready: F) -> Result<()>
where
    F: FnOnce(Arc<Hub>) -> Fut,
    Fut: Future<Output = Result<String>>,
{
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let db = daemon::db::Db::open(&std::path::Path::new(dir).join("grundy.db")).await?;
        let hub = Hub::start(db, config).await?;
        let said = ready(Arc::clone(&hub)).await?;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        if said.is_empty() {
            println!("{addr}");
        } else {
            println!("{addr} {said}");
        }
        let stop = tokio::task::spawn_blocking(|| {
            let mut sink = String::new();
            while std::io::stdin().read_line(&mut sink).unwrap_or(0) > 0 {}
        });
        daemon::run(listener, hub, async {
            let _ = stop.await;
        })
        .await;
        Ok(())
    })
}

/// The number in environment variable `name`, or `default` when it is not set.
pub fn env_number(name: &str, default: usize) -> Result<usize> {
    match std::env::var(name) {
        Ok(v) => v
            .trim()
            .parse()
            .with_context(|| format!("{name}={v} is not a number")),
        Err(_) => Ok(default),
    }
}
