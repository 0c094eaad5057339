//! `grundyd`: serves grundy matches over websockets.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use daemon::tables::{
    self, Progress, SetAction, Sizes, Stamp, DEFAULT_BAR, DEFAULT_BOARD, MAX_BAR,
};
use daemon::{db::Db, Config, Hub};
use protocol::{i18n, Message};

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
    /// The language of this server's own terminal (--help, what it says as it starts and
    /// stops, why it cannot start): en or ja [default: from the locale (LANG)].
    #[arg(long, global = true, value_parser = i18n::LANGUAGES)]
    lang: Option<String>,
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

/// Message `id` with `args` (name, value) in language `lang`.
fn say(lang: &str, id: &str, args: &[(&str, String)]) -> String {
    let m = args
        .iter()
        .fold(Message::new(id), |m, (name, value)| m.text(*name, value));
    i18n::say(lang, &m)
}

fn main() -> ExitCode {
    let lang = protocol::help::language_asked().unwrap_or_else(i18n::from_env);
    let matches = protocol::help::localized(
        <Args as clap::CommandFactory>::command(),
        lang,
        "help-grundyd",
    )
    .try_get_matches()
    .and_then(|m| <Args as clap::FromArgMatches>::from_arg_matches(&m).map(|a| (m, a)));
    let (matches, args) = match matches {
        Ok(parsed) => parsed,
        // What clap refuses, in the language where the catalog says it.
        Err(e) => match protocol::help::refusal(&e, lang) {
            Some(said) => {
                eprintln!("{}", said.trim_end());
                return ExitCode::from(2);
            }
            None => e.exit(),
        },
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!(
                "{}",
                say(lang, "grundyd-error", &[("error", e.to_string())])
            );
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(serve(&matches, args, lang));
    // Work still running on a blocking thread (an engine's move, a question being answered)
    // is not waited for past this: a stop is bounded.
    runtime.shutdown_timeout(daemon::server::SHUTDOWN_GRACE);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!(
                "{}",
                say(lang, "grundyd-error", &[("error", format!("{e:#}"))])
            );
            ExitCode::FAILURE
        }
    }
}

async fn serve(matches: &clap::ArgMatches, args: Args, lang: &'static str) -> anyhow::Result<()> {
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
    if matches.value_source("access_code") == Some(clap::parser::ValueSource::CommandLine) {
        tracing::warn!("{}", say(lang, "grundyd-access-code-visible", &[]));
    }
    let access_code = match &args.access_code_file {
        Some(path) => {
            let shown = [("path", path.display().to_string())];
            let text = std::fs::read_to_string(path)
                .with_context(|| say(lang, "grundyd-access-code-unreadable", &shown))?;
            let code = text.lines().next().unwrap_or_default().trim().to_owned();
            if code.is_empty() {
                anyhow::bail!(say(lang, "grundyd-access-code-empty", &shown));
            }
            Some(code)
        }
        None => args.access_code.clone(),
    };
    let analysis = args
        .analysis_db
        .clone()
        .unwrap_or_else(|| daemon::db::default_analysis_path(&args.db));
    let _in_use = lock(&args.db, "--db", lang)?;
    let _analysis_in_use = lock(&analysis, "--analysis-db", lang)?;
    let files = [
        ("db", args.db.display().to_string()),
        ("analysis", analysis.display().to_string()),
    ];
    let db = Db::open_with_analysis(&args.db, &analysis)
        .await
        .with_context(|| say(lang, "grundyd-cannot-open-db", &files))?;
    let sizes = Sizes {
        board: args.board,
        bar: args.bar,
    };
    if let Some(Command::Precompute) = args.command {
        let result = precompute(&db, sizes, lang).await;
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
        language: lang,
        ..Config::default()
    };
    raise_file_limit(config.max_connections, lang);
    let hub = Hub::start(db.clone(), config).await?;
    let listen = daemon::config::listen_address(&args.listen);
    let listener = tokio::net::TcpListener::bind(&listen)
        .await
        .with_context(|| {
            say(
                lang,
                "grundyd-cannot-listen",
                &[("address", listen.clone())],
            )
        })?;
    let addr = listener.local_addr()?;
    let [db_file, analysis_file] = files;
    let at = ("address", addr.to_string());
    tracing::info!(
        "{}",
        say(
            lang,
            "grundyd-listening",
            &[at.clone(), db_file, analysis_file]
        )
    );
    // What to open in a browser, or to write on the board for a class.
    let page = if addr.ip().is_unspecified() {
        say(
            lang,
            "grundyd-page-lan",
            &[("port", addr.port().to_string())],
        )
    } else {
        say(lang, "grundyd-page", &[at])
    };
    tracing::info!("{page}");
    daemon::run(listener, hub, shutdown_signal()).await;
    db.checkpoint().await.context("final checkpoint")?;
    let w = db.write_stats();
    db.close().await;
    tracing::info!(
        writes = w.committed,
        failed = w.failed,
        transactions = w.batches,
        largest = w.largest_batch,
        "{}",
        say(lang, "grundyd-stopped", &[])
    );
    Ok(())
}

/// Raises the open-file limit towards what `connections` need (each takes a descriptor),
/// up to the hard limit; warns when that is not enough.
fn raise_file_limit(connections: usize, lang: &str) {
    // The database, its WAL and the readers need a few more.
    let wanted = connections as u64 + 64;
    match rlimit::increase_nofile_limit(wanted) {
        Ok(got) if got < wanted => {
            let limit = [("limit", got.to_string())];
            tracing::warn!("{}", say(lang, "grundyd-file-limit", &limit));
        }
        Ok(_) => {}
        Err(e) => tracing::warn!(error = %e, "{}", say(lang, "grundyd-file-limit-unknown", &[])),
    }
}

/// `grundyd precompute`: makes the stored sets complete and says what it did.
async fn precompute(db: &Db, sizes: Sizes, lang: &str) -> anyhow::Result<()> {
    let started = Instant::now();
    let progress = Progress::for_stderr(lang);
    let loaded = tables::ensure(db, sizes, &Stamp::current(), &progress).await?;
    let computed = loaded.report.computed();
    let elapsed = ("elapsed", format!("{:.1?}", started.elapsed()));
    if computed == 0 {
        let sets = ("sets", loaded.report.sets.len().to_string());
        eprintln!(
            "{}",
            say(lang, "grundyd-tables-up-to-date", &[sets, elapsed])
        );
    } else {
        for s in &loaded.report.sets {
            let why = match &s.action {
                SetAction::Loaded => continue,
                SetAction::Missing => say(lang, "grundyd-set-missing", &[]),
                SetAction::OtherEngine(v) => say(
                    lang,
                    "grundyd-set-other-engine",
                    &[("version", v.to_string())],
                ),
                SetAction::TooSmall(b) => {
                    say(lang, "grundyd-set-too-small", &[("bound", b.to_string())])
                }
                SetAction::Damaged(why) => {
                    say(lang, "grundyd-set-damaged", &[("why", why.to_string())])
                }
            };
            let line = say(lang, "grundyd-set-computed", &[("why", why)]);
            eprintln!("  {:<14} bound {:<6} {line}", s.id.name(), s.bound);
        }
        let computed = ("computed", computed.to_string());
        eprintln!(
            "{}",
            say(lang, "grundyd-tables-computed", &[computed, elapsed])
        );
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
fn lock(db: &std::path::Path, option: &str, lang: &str) -> anyhow::Result<std::fs::File> {
    let named = [
        ("path", db.display().to_string()),
        ("option", option.to_owned()),
    ];
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
        .with_context(|| say(lang, "grundyd-cannot-open", &named))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => {
            anyhow::bail!(say(lang, "grundyd-in-use", &named))
        }
        Err(std::fs::TryLockError::Error(e)) => {
            Err(e).with_context(|| say(lang, "grundyd-cannot-lock", &named))
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory as _;

    /// Every `grundyd --help` text of a catalog names a real command or argument: one
    /// renamed in the program and not in the catalog fails here.
    #[test]
    fn every_help_text_is_of_a_real_command_or_argument() {
        let real = protocol::help::texts(&super::Args::command(), "help-grundyd");
        for (lang, text) in protocol::i18n::CATALOGS {
            for line in text.lines() {
                let Some((id, _)) = line.split_once(" =") else {
                    continue;
                };
                if id.starts_with("help-grundyd") {
                    assert!(
                        real.contains(id),
                        "{lang}.ftl: {id} is no command or argument"
                    );
                }
            }
        }
    }
}
