//! The crash test: concurrent matches played against a real `grundyd` process that is killed
//! with SIGKILL at random moments and restarted on the same database. Every move a client saw
//! acknowledged must be stored, with no gap in the plies, the file must pass SQLite's integrity
//! check, and the matches must go on. CI runs a short form; GRUNDY_CRASH_KILLS and
//! GRUNDY_CRASH_MATCHES set the long form, e.g.
//! `cargo build --release --bin grundyd && GRUNDY_CRASH_KILLS=100 GRUNDY_CRASH_MATCHES=1000
//! cargo test --release -p grundy-e2e crash -- --nocapture` (build the daemon first: a test
//! of this package alone does not rebuild another package's binary).

use std::path::Path;
use std::process::Child;
use std::time::Duration;

use anyhow::{Context, Result};
use engine::Rng;
use grundy_e2e::{state_of, Client, Hello};
use protocol::{Game, GameParams, NewMatch, Opponent, Request, ServerBody};

/// Starts the daemon on a free port and returns it with its websocket URL.
fn start(db: &Path) -> Result<(Child, String)> {
    grundy_e2e::process::start(db, &[])
}

/// How long a client waits for any one reply: a killed daemon's sockets close at once, so
/// this only bounds a daemon that hangs.
const REPLY_WAIT: Duration = Duration::from_secs(10);

/// A player: its token survives restarts.
#[derive(Clone)]
struct Player {
    name: String,
    token: Option<String>,
}

/// A connection of `p` (with its token, once it has one), which keeps the token it is
/// welcomed with.
async fn connect(url: &str, p: &mut Player) -> Result<Client> {
    let mut c = Client::open(url).await?;
    c.set_timeouts(REPLY_WAIT, Some(REPLY_WAIT));
    c.hello(Hello::new(&p.name).with_token(p.token.clone()))
        .await?;
    p.token = Some(c.token().to_owned());
    Ok(c)
}

/// Plays match `id` with both players' connections until an error (the daemon died) or the
/// end; returns the plies acknowledged. The state is fetched once; after that each
/// acknowledgement carries the new position, so a move costs one round trip however long
/// the game.
async fn drive(mut c: [Client; 2], id: i64) -> Vec<u32> {
    let mut acked = Vec::new();
    let Ok(ServerBody::Match { state }) = c[0].request(Request::Watch { match_id: id }).await
    else {
        return acked;
    };
    let Some(mut seat) = state.to_move else {
        return acked; // over
    };
    let mut position = state.position;
    loop {
        // Take one stone from the first pile that has any: always legal, games last long.
        let piles: Vec<u64> = position.split(',').filter_map(|p| p.parse().ok()).collect();
        let Some(i) = piles.iter().position(|&p| p > 0) else {
            return acked;
        };
        let mv = Request::play(id, &format!("{}:1", i + 1));
        match c[usize::from(seat)].request(mv).await {
            Ok(ServerBody::MoveAccepted {
                ply, position: p, ..
            }) => {
                acked.push(ply);
                position = p;
                seat = 1 - seat;
            }
            _ => return acked,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_moves_survive_kill_9() -> Result<()> {
    let kills: usize = std::env::var("GRUNDY_CRASH_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let matches: usize = std::env::var("GRUNDY_CRASH_MATCHES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4);
    let dir = tempfile::tempdir()?;
    let db = dir.path().join("crash.db");
    let mut rng = Rng::new(7);
    let (mut child, url) = start(&db)?;
    let mut players: Vec<Player> = (0..2 * matches)
        .map(|i| Player {
            name: format!("p{i}"),
            token: None,
        })
        .collect();
    let mut ids = Vec::new();
    for m in 0..matches {
        let mut a = connect(&url, &mut players[2 * m]).await?;
        let mut b = connect(&url, &mut players[2 * m + 1]).await?;
        let nim = NewMatch::new(GameParams::of(Game::Nim), Opponent::Human).start("1000,1000,1000");
        let state = state_of(a.request(Request::create(nim)).await?)?;
        b.request(Request::Join {
            match_id: state.match_id,
        })
        .await?;
        ids.push(state.match_id);
    }
    let mut acked: Vec<(i64, u32)> = Vec::new();
    let mut url = url;
    for round in 0..=kills {
        // Every pair reconnects with its tokens and plays, all at once (a few connecting at a
        // time), while the daemon is killed at a random moment.
        let connecting = std::sync::Arc::new(tokio::sync::Semaphore::new(64));
        let mut tasks = Vec::new();
        for (m, &id) in ids.iter().enumerate() {
            let (mut a, mut b) = (players[2 * m].clone(), players[2 * m + 1].clone());
            let (url, connecting) = (url.clone(), connecting.clone());
            tasks.push((
                id,
                tokio::spawn(async move {
                    let permit = connecting.acquire_owned().await;
                    let pair = match (connect(&url, &mut a).await, connect(&url, &mut b).await) {
                        (Ok(a), Ok(b)) => [a, b],
                        _ => return Vec::new(), // the daemon died first
                    };
                    drop(permit);
                    drive(pair, id).await
                }),
            ));
        }
        if round == kills {
            // The last round: let them play a little, then stop cleanly.
            tokio::time::sleep(Duration::from_millis(300)).await;
        } else {
            tokio::time::sleep(Duration::from_millis(50 + rng.below(400))).await;
        }
        child.kill()?; // SIGKILL: no shutdown, no checkpoint
        child.wait()?;
        for (id, task) in tasks {
            for ply in task.await? {
                acked.push((id, ply));
            }
        }
        if round < kills {
            (child, url) = start(&db)?;
        }
    }
    assert!(
        acked.len() > ids.len(),
        "too few moves were played: {}",
        acked.len()
    );
    let store = daemon::db::Db::open(&db).await?;
    assert_eq!(store.integrity_check().await?, "ok");
    for &id in &ids {
        let m = store.load_match(id).await?.context("match stored")?;
        for (i, mv) in m.moves.iter().enumerate() {
            assert_eq!(
                mv.ply as usize,
                i + 1,
                "match {id}: a gap or duplicate at ply {}",
                i + 1
            );
        }
        assert_eq!(m.ply as usize, m.moves.len());
        for &(_, ply) in acked.iter().filter(|(mid, _)| *mid == id) {
            assert!(
                ply <= m.ply,
                "match {id}: acknowledged ply {ply} lost (stored {})",
                m.ply
            );
        }
    }
    // And play goes on after one more restart, in a match that is not over.
    let mut open = None;
    for (m, &id) in ids.iter().enumerate() {
        let stored = store.load_match(id).await?.context("match stored")?;
        if stored.status == protocol::MatchStatus::Playing {
            open = Some((m, id));
            break;
        }
    }
    store.close().await;
    let (m, id) = open.context("every match ended; start them with more stones")?;
    let (mut child, url) = start(&db)?;
    let a = connect(&url, &mut players[2 * m]).await?;
    let b = connect(&url, &mut players[2 * m + 1]).await?;
    let more = tokio::spawn(drive([a, b], id));
    tokio::time::sleep(Duration::from_millis(300)).await;
    child.kill()?;
    child.wait()?;
    assert!(!more.await?.is_empty(), "no move after the last restart");
    println!(
        "crash test: {kills} kills, {} matches, {} acknowledged moves",
        ids.len(),
        acked.len()
    );
    Ok(())
}
