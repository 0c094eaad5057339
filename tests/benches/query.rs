//! Query latency over a real websocket against a real server: p50 / p99 / max of `query`
//! round trips for stored positions. Run with `cargo bench -p grundy-e2e --bench query`.

use std::time::{Duration, Instant};

use grundy_e2e::{Client, Server};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    // The daemon's default tables (boards and bars up to 1024), precomputed on first start.
    let config = daemon::Config {
        // The benchmark sends as fast as it can; a person's client never comes near the limit.
        message_rate: u32::MAX,
        message_burst: u32::MAX,
        ..daemon::Config::default()
    };
    let server = Server::start_with(&dir, config).await?;
    let mut c = Client::connect(&server, "bench").await?;
    let mut rng = engine::Rng::new(42);
    // Stored positions of every table-backed game: queen family inside the start tables,
    // chocolate k = 1 staircases, L-game positions.
    let lgame: Vec<String> = engine::lgame::Solution::solve()
        .classes()
        .map(|(p, _)| p.to_string())
        .collect();
    for (name, make) in [
        ("queen x,y < 64", 0),
        ("queen x,y < 1024", 1),
        ("horse x,y < 64", 2),
        ("chocolate k=1", 3),
        ("lgame", 4),
    ] {
        let mut times = Vec::new();
        for i in 0..2000 {
            let req = match make {
                0 => json!({"type": "query", "game": "queen", "size": 1024,
                            "position": format!("{},{}", rng.below(64), rng.below(64))}),
                1 => json!({"type": "query", "game": "queen", "size": 1024,
                            "position": format!("{},{}", rng.below(1024), rng.below(1024))}),
                2 => json!({"type": "query", "game": "horse", "size": 1024,
                            "position": format!("{},{}", rng.below(64), rng.below(64))}),
                3 => {
                    let z = 1 + rng.below(200);
                    json!({"type": "query", "game": "chocolate", "k": 1,
                           "position": format!("{},{},{z}", rng.below(50), rng.below(z + 1))})
                }
                _ => json!({"type": "query", "game": "lgame",
                            "position": lgame[i % lgame.len()]}),
            };
            // Timed: from sending the request to holding the whole answer frame. Decoding
            // the answer is the client's own work, done after the clock stops.
            let mut req = req;
            req["id"] = json!(i);
            let text = req.to_string();
            let t = Instant::now();
            c.send_text(&text).await?;
            let frame = c.next_frame().await;
            times.push(t.elapsed());
            let Some(Message::Text(answer)) = frame else {
                anyhow::bail!("no answer to {text}");
            };
            let m: protocol::ServerMessage = serde_json::from_str(answer.as_str())?;
            anyhow::ensure!(
                matches!(m.body, protocol::ServerBody::Classification(_)),
                "not a classification: {m:?}"
            );
        }
        times.sort();
        println!(
            "query {name:<18} n={}  p50 {:>9.3?}  p90 {:>9.3?}  p99 {:>9.3?}  max {:>9.3?}",
            times.len(),
            percentile(&times, 0.5),
            percentile(&times, 0.9),
            percentile(&times, 0.99),
            times[times.len() - 1]
        );
    }
    server.stop().await
}
