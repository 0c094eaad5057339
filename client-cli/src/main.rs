//! `grundy`, the terminal client of `grundyd`. It holds no game rules: it sends what the
//! person types, as the JSON messages of docs/PROTOCOL.md, and prints what the server answers.
//!
//! ```text
//! grundy play queen --size 11 --vs engine:perfect
//! grundy query queen --size 11 5,3
//! grundy table chocolate --k 1 --csv
//! grundy games --player ada --limit 10
//! ```

mod commands;
mod connect;
mod help;
mod render;

use std::process::ExitCode;

use clap::{CommandFactory as _, FromArgMatches as _, Parser, Subcommand};

use client::Error as ClientError;

/// Where `grundyd` listens unless told otherwise.
const DEFAULT_SERVER: &str = "ws://127.0.0.1:7878";

const MAIN_HELP: &str = "\
Examples:
  grundy play queen                       play the standard start against the perfect engine
  grundy play nim --vs human              wait for a person: they type grundy join ID
  grundy watch 12                         follow match 12 move by move
  grundy resume 12                        back in your seat after a dropped connection
  grundy query queen --size 11 5,3        the value of a position and of every move
  grundy table queen --size 11            the Grundy numbers of an 11×11 board
  grundy table chocolate --k 1 --csv      a staircase table as CSV
  grundy sequence queen --row 1 --bfile   row 1 of Wythoff's table as an OEIS b-file
  grundy games --player ada               saved games of ada
  grundy export 12                        game 12 as text
  grundy review 12                        every move of game 12, annotated
  grundy lobby                            open matches and matches under way
  grundy room open \"3B maths\"             open a room for a class; students: grundy room join CODE
  grundy bench --matches 100 --rate 1000  a load test: throughput, round trips, memory

Start a server with `cargo run --release --bin grundyd`.";

/// The grundy client: play, watch, analyse positions, print tables, browse saved games.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, after_help = MAIN_HELP)]
struct Cli {
    /// The server's websocket URL.
    #[arg(long, global = true, env = "GRUNDY_SERVER", default_value = DEFAULT_SERVER)]
    server: String,
    /// The name others see (default: your login name, else `player`).
    #[arg(long, global = true, env = "GRUNDY_NAME")]
    name: Option<String>,
    /// The server's access code, when it was started with one.
    #[arg(
        long,
        global = true,
        env = "GRUNDY_ACCESS_CODE",
        hide_env_values = true
    )]
    access_code: Option<String>,
    /// The language to speak: en or ja (default: the locale's, from LC_ALL, LC_MESSAGES or
    /// LANG; else English).
    #[arg(long, global = true, value_parser = protocol::i18n::LANGUAGES)]
    lang: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Create a match against the engine or a person, and play it.
    #[command(after_help = commands::play::HELP)]
    Play(commands::play::Args),
    /// Take the free seat of a waiting match, and play it.
    #[command(after_help = commands::join::HELP)]
    Join(commands::join::Args),
    /// Take your seat again in a match under way (after a dropped connection), and play on.
    #[command(after_help = commands::resume::HELP)]
    Resume(commands::resume::Args),
    /// Play a finished match again, the other seat moving first.
    #[command(after_help = commands::rematch::HELP)]
    Rematch(commands::rematch::Args),
    /// Follow a match move by move until it ends.
    #[command(after_help = commands::watch::HELP)]
    Watch(commands::watch::Args),
    /// The exact value of a position and of every legal move, best first.
    #[command(after_help = commands::query::HELP)]
    Query(commands::query::Args),
    /// A table of Grundy numbers (corner games, chocolate) or the L-game classification.
    #[command(after_help = commands::table::HELP)]
    Table(commands::table::Args),
    /// A formula (a conjecture) checked over every cell of a game's table; exit status 0
    /// holds, 1 refuted, 2 error.
    #[command(after_help = commands::check::HELP)]
    Check(commands::check::Args),
    /// The shortest formula equal to a game's Grundy table, or true at its P-positions, found
    /// from the table alone; exit status 0 found, 1 none, 2 error.
    #[command(after_help = commands::guess::HELP)]
    Guess(commands::guess::Args),
    /// The additive periodicity of each line (row, column, diagonal) of a game's table:
    /// preperiod, period, saltus.
    #[command(after_help = commands::periodicity::HELP)]
    Periodicity(commands::periodicity::Args),
    /// One line of a game's table (row, column, diagonal) or its P-positions, as an OEIS
    /// b-file, CSV or JSON.
    #[command(after_help = commands::sequence::HELP)]
    Sequence(commands::sequence::Args),
    /// Saved games, newest first.
    #[command(after_help = commands::games::HELP)]
    Games(commands::games::Args),
    /// A saved game as text (docs/EXPORT.md) or JSON.
    #[command(after_help = commands::export::HELP)]
    Export(commands::export::Args),
    /// Matches waiting for an opponent and matches under way.
    #[command(after_help = commands::lobby::HELP)]
    Lobby(commands::lobby::Args),
    /// Every move of a saved game annotated: best, inaccuracy, mistake, blunder.
    #[command(after_help = commands::review::HELP)]
    Review(commands::review::Args),
    /// Stores a game written in the text format of docs/EXPORT.md.
    #[command(after_help = commands::import::HELP)]
    Import(commands::import::Args),
    /// A class: open a room, join it with its code, set exercises, answer them, see results.
    #[command(after_help = commands::room::HELP)]
    Room(commands::room::Args),
    /// The load generator, `grundy-bench`: many connections and matches against one server,
    /// then throughput, move round trips, errors and the server's memory.
    Bench(commands::bench::Args),
}

/// The login name from the environment, else `player`.
fn default_name() -> String {
    ["USER", "USERNAME"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .map(|s| s.trim().to_owned())
        .find(|s| !s.is_empty())
        .unwrap_or_else(|| "player".to_owned())
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    let name = cli.name.unwrap_or_else(default_name);
    let mut conn = connect::connect(&cli.server, &name, cli.access_code).await?;
    let out = render::Style::for_stdout();
    match cli.command {
        Command::Play(args) => commands::play::run(&mut conn, args).await,
        Command::Join(args) => commands::join::run(&mut conn, args).await,
        Command::Resume(args) => commands::resume::run(&mut conn, args).await,
        Command::Rematch(args) => commands::rematch::run(&mut conn, args).await,
        Command::Watch(args) => commands::watch::run(&mut conn, args).await,
        Command::Query(args) => commands::query::run(&mut conn, args, out).await,
        Command::Table(args) => commands::table::run(&mut conn, args, out).await,
        Command::Check(args) => commands::check::run(&mut conn, args, out).await,
        Command::Guess(args) => commands::guess::run(&mut conn, args, out).await,
        Command::Periodicity(args) => commands::periodicity::run(&mut conn, args, out).await,
        Command::Sequence(args) => commands::sequence::run(&mut conn, args, out).await,
        Command::Games(args) => commands::games::run(&mut conn, args).await,
        Command::Export(args) => commands::export::run(&mut conn, args).await,
        Command::Lobby(args) => commands::lobby::run(&mut conn, args).await,
        Command::Review(args) => commands::review::run(&mut conn, args, out).await,
        Command::Import(args) => commands::import::run(&mut conn, args).await,
        Command::Room(args) => commands::room::run(&mut conn, args, &name).await,
        Command::Bench(_) => unreachable!("run before connecting"),
    }?;
    conn.close().await;
    Ok(())
}

fn main() -> ExitCode {
    client::lang::set(protocol::help::language_asked().unwrap_or_else(protocol::i18n::from_env));
    let matches = help::localized(Cli::command())
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match matches {
        Ok(cli) => cli,
        // What clap refuses, in the reader's language where the catalog says it.
        Err(e) => match help::refusal(&e) {
            Some(said) => {
                commands::emit_error(said.trim_end());
                return ExitCode::from(2);
            }
            None => e.exit(),
        },
    };
    if let Command::Bench(args) = cli.command {
        return match commands::bench::run(args, &cli.server, cli.access_code) {
            Ok(code) => code,
            Err(e) => {
                commands::emit_error(&format!("grundy: {e:#}"));
                ExitCode::FAILURE
            }
        };
    }
    // One thread is plenty for a person's client.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build();
    let runtime = match runtime {
        Ok(r) => r,
        Err(e) => {
            eprintln!("grundy: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    // `check` says 1 for a refuted formula, `guess` for none found, and 2 for an error.
    let checking = matches!(cli.command, Command::Check(_) | Command::Guess(_));
    match runtime.block_on(run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        // Whoever read the output stopped early (`grundy games | head`): nothing to report.
        Err(e) if e.is::<commands::OutputClosed>() => ExitCode::SUCCESS,
        Err(e) if e.is::<commands::check::Refuted>() => ExitCode::FAILURE,
        Err(e) if e.is::<commands::guess::NoneFound>() => ExitCode::FAILURE,
        Err(e) => {
            if let Some(ClientError::Server(server)) = e.downcast_ref::<ClientError>() {
                commands::emit_error(&server.to_string());
            } else {
                commands::emit_error(&format!("grundy: {e:#}"));
            }
            if checking {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}
