//! `grundy play`: create a match against the engine or a person, and play it.

use anyhow::Result;
use protocol::{ClockSpec, First, NewMatch, Opponent, Request, ServerBody};

use super::session;
use super::view::Mode;
use super::{unexpected, GameArgs};
use client::Client;

/// Examples shown by `grundy play --help`.
pub const HELP: &str = "\
Type moves as in docs/NOTATION.md; `help` during the game lists the other commands.
Without a terminal, moves are read line by line and events print as plain lines, so that
games can be scripted:
  match 12 queen seat 0        our match and seat      seat 1 bob       who sits where
  position 7,3                 the position now        your_move 1      a line is read now
  move 1 seat 0 5,3            a move as it happens    error CODE: ...  a refused line
  draw_offer 1                 a draw is offered       result 1 corner_reached (or draw)
  premove 2:1                  a move read before our turn, played when it comes (cancel: all off)
The exit code is 0 once the match is over, 1 when input ends first (the match stays on).

Examples:
  grundy play queen                         the standard start on 8×8 against the perfect engine
  grundy play nim 1,2,3 --vs engine:easy
  grundy play heap --rule kayles 10         a row of 10 pins: 1:1=3+6 knocks down the fourth
  grundy play lgame --vs human --clock 5+3  then the opponent types: grundy join ID
  grundy play chocolate random --k 2 --first them";

/// Who moves first, on the command line.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum FirstArg {
    Me,
    Them,
    Random,
}

/// Arguments of `grundy play`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The start: `standard`, `random`, or a position as in docs/NOTATION.md.
    #[arg(default_value = "standard")]
    position: String,
    /// The opponent: `engine`, `engine:easy`, `engine:medium`, `engine:perfect` or `human`.
    #[arg(long, default_value = "engine:perfect", value_parser = parse_opponent)]
    vs: Opponent,
    /// Who moves first.
    #[arg(long, value_enum, default_value = "me")]
    first: FirstArg,
    /// A clock, minutes+increment seconds: `5+3`.
    #[arg(long)]
    clock: Option<ClockSpec>,
}

/// `human`, `engine` (perfect) or `engine:LEVEL`; the server judges the level.
fn parse_opponent(s: &str) -> Result<Opponent, String> {
    match s.split_once(':') {
        None if s == "human" => Ok(Opponent::Human),
        None if s == "engine" => Ok(Opponent::Engine("perfect".to_owned())),
        Some(("engine", level)) if !level.is_empty() => Ok(Opponent::Engine(level.to_owned())),
        _ => Err(format!(
            "{s:?} is not an opponent: write human, engine or engine:LEVEL (easy, medium, perfect)"
        )),
    }
}

/// Creates the match and plays it.
pub async fn run(conn: &mut Client, args: Args) -> Result<()> {
    let first = match args.first {
        FirstArg::Me => First::Me,
        FirstArg::Them => First::Them,
        FirstArg::Random => First::Random,
    };
    let request = Request::CreateMatch(NewMatch {
        params: args.game.params(),
        start: args.position,
        opponent: args.vs,
        first,
        clock: args.clock,
        my_engine: None,
    });
    match conn.request(request).await? {
        ServerBody::Match { state } => session::play(conn, state, Mode::detect()).await,
        other => Err(unexpected(&other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponents_read_as_the_protocol_writes_them() {
        assert_eq!(parse_opponent("human"), Ok(Opponent::Human));
        assert_eq!(
            parse_opponent("engine"),
            Ok(Opponent::Engine("perfect".into()))
        );
        assert_eq!(
            parse_opponent("engine:easy"),
            Ok(Opponent::Engine("easy".into()))
        );
        assert!(parse_opponent("robot").is_err());
        assert!(parse_opponent("engine:").is_err());
    }
}
