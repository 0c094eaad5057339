//! Page loads beside the play (`--page-loads RATE`): at a steady rate, what a browser does
//! on opening the web page — one TCP connection, the page, then every script and style it
//! names and those name in turn, one after the other on that connection (HTTP/1.1 by
//! hyper's client) — timed from connecting to the last byte.

use std::collections::BTreeMap;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use bytes::Bytes;
use http_body_util::{BodyExt, Empty};
use hyper::Request;
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;
use tokio::task::JoinSet;
use tokio::time::Instant;

use super::stats::Samples;

/// Page loads under way at once, at most: past it, loads are counted as failed rather than
/// piled up.
const AT_ONCE: usize = 512;

/// What the page loads measured.
#[derive(Default)]
pub struct Loads {
    /// How long each load took.
    pub samples: Samples,
    /// Requests made over all loads.
    pub requests: u64,
    /// Failures by kind.
    pub errors: BTreeMap<String, u64>,
}

/// Loads the page of the server at `addr` (`host:port`) `rate` times a second from `start`
/// until `end`.
pub async fn run(addr: String, rate: f64, start: Instant, end: Instant) -> Loads {
    let mut loads = Loads::default();
    let every = Duration::from_secs_f64(1.0 / rate.max(1e-3));
    let mut ticks = tokio::time::interval_at(start, every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let mut running = JoinSet::new();
    loop {
        tokio::select! {
            at = ticks.tick() => {
                if at >= end {
                    break;
                }
                if running.len() >= AT_ONCE {
                    *loads.errors.entry("page load: too many under way".to_owned()).or_default() += 1;
                    continue;
                }
                let addr = addr.clone();
                running.spawn(async move { (Instant::now(), load(&addr).await) });
            }
            Some(done) = running.join_next(), if !running.is_empty() => tally(&mut loads, done),
        }
    }
    while let Some(done) = running.join_next().await {
        tally(&mut loads, done);
    }
    loads
}

fn tally(loads: &mut Loads, done: Result<(Instant, Result<u64>), tokio::task::JoinError>) {
    match done {
        Ok((started, Ok(requests))) => {
            loads.samples.push(started.elapsed());
            loads.requests += requests;
        }
        Ok((_, Err(e))) => *loads.errors.entry(format!("page load: {e:#}")).or_default() += 1,
        Err(e) => {
            *loads
                .errors
                .entry(format!("page load task: {e}"))
                .or_default() += 1
        }
    }
}

/// One page load; how many requests it made.
async fn load(addr: &str) -> Result<u64> {
    let stream = TcpStream::connect(addr).await.context("connect")?;
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .context("HTTP handshake")?;
    let connection = tokio::spawn(conn);
    let mut queue = vec!["/".to_owned()];
    let mut fetched: Vec<String> = Vec::new();
    while let Some(path) = queue.pop() {
        let request = Request::get(path.as_str())
            .header(hyper::header::HOST, addr)
            .body(Empty::<Bytes>::new())?;
        let response = sender.send_request(request).await.context("request")?;
        if !response.status().is_success() {
            bail!("{path}: {}", response.status());
        }
        let body = response.into_body().collect().await?.to_bytes();
        for named in names(&String::from_utf8_lossy(&body)) {
            if !fetched.contains(&named) && !queue.contains(&named) && named != path {
                queue.push(named);
            }
        }
        fetched.push(path);
    }
    drop(sender);
    let _ = connection.await;
    Ok(fetched.len() as u64)
}

/// The assets a page or script names: `/assets/NAME` in the page, `from "./NAME"` in a
/// script's imports.
fn names(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let ok = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_');
    for (at, _) in text.match_indices("/assets/") {
        let name: String = text[at + 8..].chars().take_while(|&c| ok(c)).collect();
        if !name.is_empty() {
            found.push(format!("/assets/{name}"));
        }
    }
    for (at, _) in text.match_indices("from \"./") {
        let name: String = text[at + 8..].chars().take_while(|&c| ok(c)).collect();
        if !name.is_empty() {
            found.push(format!("/assets/{name}"));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_and_its_imports_name_their_assets() {
        let page = r#"<link rel="stylesheet" href="/assets/style.css"><script type="module" src="/assets/app.js">"#;
        assert_eq!(names(page), ["/assets/style.css", "/assets/app.js"]);
        let script = "import { el } from \"./dom.js\";\nimport { go } from \"./net.js\";";
        assert_eq!(names(script), ["/assets/dom.js", "/assets/net.js"]);
    }
}
