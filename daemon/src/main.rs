//! `grundyd`: serves grundy matches over websockets.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::Parser;
use daemon::{db::Db, Config, Hub};

/// The grundy server: hosts matches of queen, rook, horse, dragon, nim, chocolate and the
/// L-game over websockets, and stores every game in SQLite.
#[derive(Debug, Parser)]
#[command(version, about, long_about = None)]
struct Args {
    /// Address to listen on; use 0.0.0.0:7878 to host for a LAN (a classroom).
    #[arg(long, default_value = "127.0.0.1:7878", env = "GRUNDYD_LISTEN")]
    listen: SocketAddr,
    /// The database file; created with its tables if missing.
    #[arg(long, default_value = "grundy.db", env = "GRUNDYD_DB")]
    db: PathBuf,
    /// Milliseconds the engine waits before answering, so a person sees their move land.
    #[arg(long, default_value_t = 500)]
    engine_delay_ms: u64,
    /// The occurrence of an L-game position that ends the match as a draw by repetition.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(2..=100))]
    repetitions: u32,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    use std::io::IsTerminal;
    // Colour only on a terminal, and never with NO_COLOR set.
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(colour)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .init();
    let args = Args::parse();
    let db = Db::open(&args.db)
        .await
        .with_context(|| format!("cannot open the database {}", args.db.display()))?;
    let config = Config {
        engine_delay: Duration::from_millis(args.engine_delay_ms),
        repetition_limit: args.repetitions,
    };
    let hub = Hub::start(db.clone(), config).await?;
    let listener = tokio::net::TcpListener::bind(args.listen)
        .await
        .with_context(|| {
            format!(
                "cannot listen on {}; is another grundyd running? pick another with --listen",
                args.listen
            )
        })?;
    let addr = listener.local_addr()?;
    tracing::info!(
        "grundyd listening on ws://{addr} (database {})",
        args.db.display()
    );
    daemon::run(listener, hub, shutdown_signal()).await;
    db.checkpoint().await.context("final checkpoint")?;
    db.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// Completes on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}
