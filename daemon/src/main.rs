//! `grundyd`: serves grundy matches over websockets.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::{Parser, Subcommand};
use daemon::tables::{
    self, Progress, SetAction, Sizes, Stamp, DEFAULT_BAR, DEFAULT_BOARD, MAX_BAR,
};
use daemon::{db::Db, Config, Hub};

/// The grundy server: hosts matches of queen, rook, horse, dragon, nim, chocolate and the
/// L-game over websockets, and stores every game in SQLite.
///
/// At start it loads the analysis tables from their own file beside the database; when they
/// are missing it first computes and stores them (a few seconds), as `grundyd precompute`
/// does.
#[derive(Debug, Parser)]
#[command(version, about, long_about = None)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    /// Address to listen on, HOST:PORT or a host alone (port 7878); use 0.0.0.0 to host for
    /// a LAN (a classroom).
    #[arg(long, default_value = "127.0.0.1:7878", env = "GRUNDYD_LISTEN")]
    listen: String,
    /// The database file of the games (players, matches, moves): the one to back up; created
    /// with its tables if missing.
    #[arg(long, global = true, default_value = "grundy.db", env = "GRUNDYD_DB")]
    db: PathBuf,
    /// The file of the analysis tables, recomputed if missing [default: the --db path with
    /// its extension replaced by .analysis.db, e.g. grundy.analysis.db].
    #[arg(long, global = true, env = "GRUNDYD_ANALYSIS_DB")]
    analysis_db: Option<PathBuf>,
    /// Side of the corner tables (queen, rook, horse, dragon) kept in the analysis file.
    #[arg(long, global = true, default_value_t = DEFAULT_BOARD,
          value_parser = clap::value_parser!(u64).range(1..=engine::corner::MAX_TABLE))]
    board: u64,
    /// Width z_max of the chocolate staircase tables (steps 0 to 6) kept in the analysis file.
    #[arg(long, global = true, default_value_t = DEFAULT_BAR,
          value_parser = clap::value_parser!(u64).range(0..=MAX_BAR))]
    bar: u64,
    /// Milliseconds the engine waits before answering, so a person sees their move land.
    #[arg(long, default_value_t = 500)]
    engine_delay_ms: u64,
    /// The occurrence of an L-game position that ends the match as a draw by repetition.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(2..=100))]
    repetitions: u32,
    /// Open connections at most; past it, new clients wait until a place frees up.
    #[arg(long, default_value_t = daemon::config::DEFAULT_MAX_CONNECTIONS as u64,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_connections: u64,
    /// Open connections one network address may hold at once; more are refused, and
    /// logged. A class behind one NAT is one address: the default fits a class of 40 with a
    /// few windows each; raise it for a whole school behind one address, or a load test.
    #[arg(long, default_value_t = daemon::guard::DEFAULT_PER_ADDRESS as u64,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_connections_per_address: u64,
    /// A code every client must give to connect (`grundy --access-code CODE`); share it with
    /// the class. Without it anyone who can reach the port may play. Written here it shows in
    /// the process list: prefer the environment variable or --access-code-file.
    #[arg(long, env = "GRUNDYD_ACCESS_CODE", hide_env_values = true)]
    access_code: Option<String>,
    /// A file whose first line is the access code (instead of --access-code).
    #[arg(long, value_name = "PATH", conflicts_with = "access_code")]
    access_code_file: Option<PathBuf>,
    /// Memory, in MiB, the tables built on demand (boards and bars beyond the stored ones)
    /// may take; past it the least recently used are dropped (and built again if needed).
    #[arg(long, default_value_t = daemon::solver::DEFAULT_TABLE_BUDGET >> 20,
          value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    table_memory_mb: u64,
    /// Research requests (check, periodicity, sequence, tables beyond the stored ones) run at
    /// once, at the lowest priority; the others wait their turn, one player's after
    /// another's [default: half the cores].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    research_turns: Option<u64>,
    /// Seconds an open match waits for an opponent before it is called off.
    #[arg(long, default_value_t = daemon::config::DEFAULT_WAITING_LIFETIME.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..))]
    waiting_lifetime_s: u64,
    /// Seconds a player may be away during a match before losing it by abandonment.
    #[arg(long, default_value_t = 120)]
    abandon_after_s: u64,
    /// Messages a second one client may send on average (more are refused with
    /// `rate_limited`); raise it for a load test (`grundy bench`).
    #[arg(long, default_value_t = daemon::config::DEFAULT_MESSAGE_RATE,
          value_parser = clap::value_parser!(u32).range(1..))]
    message_rate: u32,
    /// Messages one client may send at once above that rate.
    #[arg(long, default_value_t = daemon::config::DEFAULT_MESSAGE_BURST,
          value_parser = clap::value_parser!(u32).range(1..))]
    message_burst: u32,
    /// Seconds a formula's check may run (`grundy check`) before it is stopped and refused.
    #[arg(long, default_value_t = daemon::config::DEFAULT_CHECK_TIME_LIMIT.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    check_time_limit_s: u64,
    /// A web page of another site allowed to open a websocket here, as its origin
    /// (`https://school.example`); repeat for several. This server's own page and clients that
    /// are not browsers (`grundy`) need none; any other page a student visits is refused.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allowed_origins: Vec<String>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Compute and store the analysis tables, then exit.
    ///
    /// The L-game's classification, the corner tables up to --board and the chocolate
    /// staircases up to --bar. Sets already stored, current and intact are only verified:
    /// a second run writes nothing and reports "up to date".
    Precompute,
}

/// The allocator: tables built on demand are built on whichever thread answers and dropped
/// past their budget. The system's allocator kept much of what they freed (351 of them left
/// it 300–350 MiB resident); jemalloc gives it back (110–170 MiB) and builds them faster.
/// See docs/PERFORMANCE.md.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> anyhow::Result<()> {
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    let result = runtime.block_on(serve());
    // Work still running on a blocking thread (an engine's move, a question being answered)
    // is not waited for past this: a stop is bounded.
    runtime.shutdown_timeout(daemon::server::SHUTDOWN_GRACE);
    result
}

async fn serve() -> anyhow::Result<()> {
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
    let matches = <Args as clap::CommandFactory>::command().get_matches();
    let args = <Args as clap::FromArgMatches>::from_arg_matches(&matches)?;
    if matches.value_source("access_code") == Some(clap::parser::ValueSource::CommandLine) {
        tracing::warn!(
            "--access-code shows in the process list to anyone on this computer: pass it as \
             GRUNDYD_ACCESS_CODE or with --access-code-file"
        );
    }
    let access_code = match &args.access_code_file {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the access code from {}", path.display()))?;
            let code = text.lines().next().unwrap_or_default().trim().to_owned();
            if code.is_empty() {
                anyhow::bail!(
                    "{} has no access code on its first line: write the code there",
                    path.display()
                );
            }
            Some(code)
        }
        None => args.access_code.clone(),
    };
    let analysis = args
        .analysis_db
        .clone()
        .unwrap_or_else(|| daemon::db::default_analysis_path(&args.db));
    let _in_use = lock(&args.db, "--db")?;
    let _analysis_in_use = lock(&analysis, "--analysis-db")?;
    let db = Db::open_with_analysis(&args.db, &analysis)
        .await
        .with_context(|| {
            format!(
                "cannot open the database {} (analysis tables in {})",
                args.db.display(),
                analysis.display()
            )
        })?;
    let sizes = Sizes {
        board: args.board,
        bar: args.bar,
    };
    if let Some(Command::Precompute) = args.command {
        let result = precompute(&db, sizes).await;
        db.close().await;
        return result;
    }
    let config = Config {
        engine_delay: Duration::from_millis(args.engine_delay_ms),
        repetition_limit: args.repetitions,
        board: sizes.board,
        bar: sizes.bar,
        max_connections: usize::try_from(args.max_connections).unwrap_or(usize::MAX),
        access_code: access_code.filter(|c| !c.is_empty()),
        max_per_address: usize::try_from(args.max_connections_per_address).unwrap_or(usize::MAX),
        abandon_after: Duration::from_secs(args.abandon_after_s),
        waiting_lifetime: Duration::from_secs(args.waiting_lifetime_s),
        table_budget: args.table_memory_mb << 20,
        research_turns: args
            .research_turns
            .map_or_else(daemon::pool::default_turns, |n| n as usize),
        message_rate: args.message_rate,
        message_burst: args.message_burst,
        check_time_limit: Duration::from_secs(args.check_time_limit_s),
        allowed_origins: args.allowed_origins.clone(),
        ..Config::default()
    };
    raise_file_limit(config.max_connections);
    let hub = Hub::start(db.clone(), config).await?;
    let listen = daemon::config::listen_address(&args.listen);
    let listener = tokio::net::TcpListener::bind(&listen)
        .await
        .with_context(|| {
            format!(
                "cannot listen on {listen}; is another grundyd running? pick another with --listen"
            )
        })?;
    let addr = listener.local_addr()?;
    tracing::info!(
        "grundyd listening on ws://{addr} (database {}, analysis tables {})",
        args.db.display(),
        analysis.display()
    );
    // What to open in a browser, or to write on the board for a class.
    let page = if addr.ip().is_unspecified() {
        format!(
            "http://THIS-COMPUTER:{}/ on the LAN (`hostname -I` gives its address)",
            addr.port()
        )
    } else {
        format!("http://{addr}/")
    };
    tracing::info!("the web page: {page}");
    daemon::run(listener, hub, shutdown_signal()).await;
    db.checkpoint().await.context("final checkpoint")?;
    let w = db.write_stats();
    db.close().await;
    tracing::info!(
        writes = w.committed,
        failed = w.failed,
        transactions = w.batches,
        largest = w.largest_batch,
        "stopped"
    );
    Ok(())
}

/// Raises the open-file limit towards what `connections` need (each takes a descriptor),
/// up to the hard limit; warns when that is not enough.
fn raise_file_limit(connections: usize) {
    // The database, its WAL and the readers need a few more.
    let wanted = connections as u64 + 64;
    match rlimit::increase_nofile_limit(wanted) {
        Ok(got) if got < wanted => tracing::warn!(
            limit = got,
            "the open-file limit allows fewer than --max-connections clients; raise it \
             (ulimit -n) or lower --max-connections"
        ),
        Ok(_) => {}
        Err(e) => tracing::warn!(error = %e, "cannot read the open-file limit"),
    }
}

/// `grundyd precompute`: makes the stored sets complete and says what it did.
async fn precompute(db: &Db, sizes: Sizes) -> anyhow::Result<()> {
    let started = Instant::now();
    let loaded = tables::ensure(db, sizes, &Stamp::current(), &Progress::for_stderr()).await?;
    let computed = loaded.report.computed();
    let elapsed = started.elapsed();
    if computed == 0 {
        eprintln!(
            "analysis tables up to date ({} sets checked in {elapsed:.1?})",
            loaded.report.sets.len()
        );
    } else {
        for s in &loaded.report.sets {
            if s.action != SetAction::Loaded {
                eprintln!(
                    "  {:<14} bound {:<6} computed: {}",
                    s.id.name(),
                    s.bound,
                    s.action
                );
            }
        }
        eprintln!("{computed} sets computed and stored in {elapsed:.1?}");
    }
    db.checkpoint()
        .await
        .context("checkpoint after precompute")?;
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

/// Marks `db` (given with `option`) as in use by this process until the returned file is
/// dropped (or the process ends, however it ends): a second `grundyd` on the same games file
/// would restore and play the same matches, and one on the same analysis file would write
/// its tables beside the first, so it is refused. The mark is an OS lock (`flock`) on the
/// file itself, created empty if missing: whatever path reaches it (a symbolic link, a hard
/// link, `./grundy.db` or its absolute path), a second server meets the same lock. SQLite's
/// own locks are of another kind (`fcntl`) and do not see it.
fn lock(db: &std::path::Path, option: &str) -> anyhow::Result<std::fs::File> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .append(true)
        .open(db)
        .or_else(|e| match e.kind() {
            // A file this user may read but not write: locked all the same, and the
            // database then says it cannot be written (see `Db::open`).
            std::io::ErrorKind::PermissionDenied => std::fs::File::open(db),
            _ => Err(e),
        })
        .with_context(|| format!("cannot open {} ({option})", db.display()))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => anyhow::bail!(
            "{} is in use by another grundyd; stop that one first, or pass another {option}",
            db.display(),
        ),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(e).with_context(|| format!("cannot lock {}", db.display()))
        }
    }
}
