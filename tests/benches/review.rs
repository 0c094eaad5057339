//! The review of a very long game (issue 31): an L-game of `GRUNDY_REVIEW_PLIES` plies
//! (21 639, as in the issue) in which no position stands three times, imported into a real
//! `grundyd` in a process of its own, then reviewed by `GRUNDY_REVIEW_CLIENTS` clients (16) at
//! once, each following every page to the end. Run with
//! `cargo bench -p grundy-e2e --bench review`.
//!
//! It prints the server's resident memory before the reviews and at its peak during them
//! (`VmHWM`, reset first through `/proc/PID/clear_refs`), then, alone, the time and size of
//! each page of one review, and the time and size of the text and JSON exports. The requests
//! are written as JSON by hand and the replies read as text, so that the same bench measures
//! a server from before paging (one reply with every move) and after.

use std::time::Duration;

use anyhow::{bail, Context, Result};
use grundy_e2e::bench_server::{beside_server, env_number, serve};
use grundy_e2e::process::memory;
use grundy_e2e::{figures, Client, Hello};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// Set in the server's process: its database directory.
const SERVER_ENV: &str = "GRUNDY_REVIEW_SERVER";

fn main() -> Result<()> {
    let plies = env_number("GRUNDY_REVIEW_PLIES", 21_639)?;
    let clients = env_number("GRUNDY_REVIEW_CLIENTS", 16)?;
    // The server, holding the long game: it prints its match id after its address.
    if let Ok(dir) = std::env::var(SERVER_ENV) {
        return serve(&dir, grundy_e2e::test_config(), |hub| async move {
            let record = grundy_e2e::long_lgame(plies, 7)?;
            let id = daemon::queries::import(&hub, &record)
                .await
                .map_err(|e| anyhow::anyhow!("import: {e}"))?;
            Ok(id.to_string())
        });
    }
    beside_server(SERVER_ENV, |line, pid| async move {
        let (addr, id) = line.split_once(' ').context("address and match id")?;
        load(&format!("ws://{addr}"), id.parse()?, plies, clients, pid).await
    })
}

/// One page as the bench sees it: the reply's size, the moves in it, where the next starts.
struct Page {
    bytes: usize,
    moves: usize,
    next: Option<u64>,
    took: Duration,
}

/// Asks `review` of `id` from `from` (a server from before paging takes no `from`: it is
/// asked without one) and reads the reply as text.
async fn page(c: &mut Client, n: u64, id: i64, from: Option<u64>) -> Result<Page> {
    let from = from.map_or(String::new(), |f| format!(",\"from\":{f}"));
    let t = Instant::now();
    c.send_text(&format!(
        "{{\"type\":\"review\",\"id\":{n},\"match_id\":{id}{from}}}"
    ))
    .await?;
    let text = c.next_text().await?;
    let took = t.elapsed();
    if !text.starts_with(&format!("{{\"id\":{n},\"type\":\"review\"")) {
        bail!("not a review: {}", &text[..text.len().min(300)]);
    }
    // Each reviewed move has one `ply` (the better moves have none); `next` comes before
    // the moves.
    let moves = text.matches("\"ply\":").count();
    let next = text
        .split_once("\"next\":")
        .and_then(|(_, rest)| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok());
    Ok(Page {
        bytes: text.len(),
        moves,
        next,
        took,
    })
}

/// Every page of the review of `id`, in order.
async fn review(c: &mut Client, id: i64) -> Result<Vec<Page>> {
    let mut pages = Vec::new();
    let mut from = None;
    for n in 1.. {
        let p = page(c, n, id, from).await?;
        from = p.next;
        pages.push(p);
        if from.is_none() {
            break;
        }
    }
    Ok(pages)
}

/// A client that reads replies of any size (a server from before paging sends the whole
/// review as one frame of tens of megabytes, more than a client takes by default).
async fn connect(url: &str, name: &str) -> Result<Client> {
    let any_size = WebSocketConfig::default()
        .max_message_size(None)
        .max_frame_size(None);
    let mut c = Client::open_with(url, any_size).await?;
    c.hello(Hello::new(name)).await?;
    c.set_timeouts(Duration::from_secs(900), None);
    Ok(c)
}

async fn load(url: &str, id: i64, plies: usize, clients: usize, pid: u32) -> Result<()> {
    println!("an L-game of {plies} plies, game {id}; {clients} clients review it at once");
    let mut all = Vec::new();
    for i in 0..clients {
        all.push(connect(url, &format!("student{i}")).await?);
    }
    let ticks = grundy_e2e::host_ticks();
    let before = memory(pid);
    reset_peak(pid);
    let started = Instant::now();
    let tasks: Vec<_> = all
        .into_iter()
        .map(|mut c| {
            tokio::spawn(async move {
                let t = Instant::now();
                let pages = review(&mut c, id).await?;
                Ok::<_, anyhow::Error>((t.elapsed(), pages))
            })
        })
        .collect();
    let mut times = Vec::new();
    let mut biggest = 0;
    let mut failed = Vec::new();
    for t in tasks {
        match t.await? {
            Ok((took, pages)) => {
                let moves: usize = pages.iter().map(|p| p.moves).sum();
                if moves != plies {
                    bail!("a review had {moves} moves of {plies}");
                }
                biggest = biggest.max(pages.iter().map(|p| p.bytes).max().unwrap_or(0));
                times.push(took);
            }
            // A server from before paging may drop a client it cannot write to in time.
            Err(e) => failed.push(e.to_string()),
        }
    }
    let wall = started.elapsed();
    let after = memory(pid);
    if !times.is_empty() {
        let [p50, _, _, max] = figures(&mut times);
        println!(
            "  {} whole reviews at once: {:.2} s in all; each {:.2} s (median), {:.2} s (max)",
            times.len(),
            wall.as_secs_f64(),
            p50.as_secs_f64(),
            max.as_secs_f64()
        );
    }
    if let Some(e) = failed.first() {
        println!("  {} reviews failed: {e}", failed.len());
    }
    println!("  largest reply: {:.1} KiB", biggest as f64 / 1024.0);
    if let (Some((rss0, _)), Some((rss, peak))) = (before, after) {
        println!(
            "  server memory: {} MiB resident before, {} MiB at the peak, {} MiB after",
            mib(rss0),
            mib(peak),
            mib(rss)
        );
    }

    // Alone: the pages of one review, and the exports.
    let mut c = connect(url, "teacher").await?;
    let pages = review(&mut c, id).await?;
    let mut page_times: Vec<Duration> = pages.iter().map(|p| p.took).collect();
    let total: Duration = page_times.iter().sum();
    let [p50, p90, _, max] = figures(&mut page_times);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "  one review alone: {} pages in {:.0} ms; a page {:.1} ms (p50), {:.1} ms (p90), \
         {:.1} ms (max); {:.0} KiB (largest), {} plies (largest)",
        pages.len(),
        ms(total),
        ms(p50),
        ms(p90),
        ms(max),
        pages.iter().map(|p| p.bytes).max().unwrap_or(0) as f64 / 1024.0,
        pages.iter().map(|p| p.moves).max().unwrap_or(0),
    );
    for (n, format) in [(900_001, "text"), (900_002, "json")] {
        let t = Instant::now();
        c.send_text(&format!(
            "{{\"type\":\"export\",\"id\":{n},\"match_id\":{id},\"format\":\"{format}\"}}"
        ))
        .await?;
        let text = c.next_text().await?;
        let kind = text
            .split("\"type\":\"")
            .nth(1)
            .unwrap_or("")
            .split('"')
            .next();
        println!(
            "  export {format}: {:.0} ms, {:.0} KiB reply ({}{})",
            ms(t.elapsed()),
            text.len() as f64 / 1024.0,
            kind.unwrap_or("?"),
            if text.contains("\"unannotated\"") {
                ", without annotations"
            } else {
                ""
            }
        );
    }
    if let Some(share) = grundy_e2e::steal_since(ticks) {
        println!("  host steal meanwhile: {share:.1} %");
    }
    Ok(())
}

/// Starts the process's peak resident memory (`VmHWM`) again from what it holds now.
fn reset_peak(pid: u32) {
    let _ = std::fs::write(format!("/proc/{pid}/clear_refs"), "5");
}

fn mib(bytes: u64) -> String {
    format!("{:.0}", bytes as f64 / 1_048_576.0)
}
