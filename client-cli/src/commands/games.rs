//! `grundy games`: the saved games, newest first, filtered and paged by the server.

use anyhow::Result;
use protocol::{Game, GameQuery, GameSummary, MatchStatus, Message, Request, SeatInfo, ServerBody};

use super::{describe, emit, print_json, unexpected};
use crate::render::{format_millis, parse_day, parse_day_end, Columns};
use client::lang::{code_word, said, word};
use client::Client;

/// Examples shown by `grundy games --help`.
pub const HELP: &str = "\
Results are from the named player's side: --result win needs --player. Dates and days are
in this computer's time zone (TZ), as listed: --since 2026-11-01 --until 2026-11-30 is the
games started in November there.

Examples:
  grundy games
  grundy games --player ada --game queen --result win --limit 20
  grundy games --status playing --since 2026-11-21
  grundy games --offset 50 --json";

/// Arguments of `grundy games`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only games in which a player of this name sat.
    #[arg(long)]
    player: Option<String>,
    /// Only games of this game (queen, rook, horse, dragon, corner, nim, heap, chocolate, lgame, sum).
    #[arg(long)]
    game: Option<Game>,
    /// Only finished games with this result: draw, or win / loss from --player's side.
    #[arg(long, value_parser = ["win", "loss", "draw"])]
    result: Option<String>,
    /// Only games in this state.
    #[arg(long, value_enum)]
    status: Option<Status>,
    /// Only games started on this day (YYYY-MM-DD, in this computer's time zone) or later.
    #[arg(long, value_parser = parse_day)]
    since: Option<i64>,
    /// Only games started on this day (YYYY-MM-DD, in this computer's time zone) or earlier.
    #[arg(long, value_parser = parse_day_end)]
    until: Option<i64>,
    /// How many games (the server's default is 50, at most 500).
    #[arg(long)]
    limit: Option<u32>,
    /// How many of the newest games to skip (paging).
    #[arg(long)]
    offset: Option<u32>,
    /// Print the server's list as one JSON object.
    #[arg(long)]
    json: bool,
}

/// A match state as typed on the command line.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Status {
    Waiting,
    Playing,
    Finished,
    Aborted,
}

impl Status {
    fn wire(self) -> MatchStatus {
        match self {
            Status::Waiting => MatchStatus::Waiting,
            Status::Playing => MatchStatus::Playing,
            Status::Finished => MatchStatus::Finished,
            Status::Aborted => MatchStatus::Aborted,
        }
    }
}

/// Asks for the list and prints it.
pub async fn run(conn: &mut Client, args: Args) -> Result<()> {
    let filter = GameQuery {
        player: args.player,
        game: args.game,
        result: args.result,
        status: args.status.map(Status::wire),
        since: args.since,
        // Up to the end of that day.
        until: args.until,
        limit: args.limit,
        offset: args.offset,
    };
    let games = match conn.request(Request::Games { filter }).await? {
        ServerBody::Games { games } => games,
        other => return Err(unexpected(&other)),
    };
    if args.json {
        return print_json(&serde_json::json!({ "games": games }));
    }
    if games.is_empty() {
        return emit(&format!("{}\n", word("cli-games-none")));
    }
    let mut table = Columns::said(&[
        "cli-col-id",
        "cli-col-game",
        "cli-col-players",
        "cli-col-result",
        "cli-col-date",
    ]);
    for g in &games {
        table.push(vec![
            g.match_id.to_string(),
            describe(&g.params),
            match g.imported {
                // Names as a record wrote them: nobody here vouches for them.
                true => said(
                    &Message::new("cli-games-imported")
                        .text("first", seat_or_free(&g.seats[0]))
                        .text("second", seat_or_free(&g.seats[1])),
                ),
                false => players(&g.seats),
            },
            result(g),
            format_millis(g.created_at),
        ]);
    }
    emit(&table.plain(0))
}

/// Who sits in a seat, in the process's language: the engine at its level
/// (`engine (perfect)`, `エンジン（完全）`) or the player's name; none when it is free.
pub fn seat_name(seat: &SeatInfo) -> Option<String> {
    match (&seat.engine, &seat.name) {
        (Some(level), _) => {
            let level = code_word("level", level);
            Some(said(&Message::new("engine-name").text("level", level)))
        }
        (None, name) => name.clone(),
    }
}

/// A seat as a listing shows it: its player, or `(free)`.
fn seat_or_free(seat: &SeatInfo) -> String {
    seat_name(seat).unwrap_or_else(|| word("seat-free"))
}

/// `ada vs bob`, seat 0 (moving first) named first.
pub fn players(seats: &[SeatInfo; 2]) -> String {
    let told = Message::new("lobby-players")
        .text("first", seat_or_free(&seats[0]))
        .text("second", seat_or_free(&seats[1]));
    said(&told)
}

/// `1-0 corner_reached`, `½-½ repetition`, or the status of a game not over.
fn result(g: &GameSummary) -> String {
    match (&g.result, g.status) {
        (Some(r), MatchStatus::Finished) => {
            let score = match r.winner {
                Some(0) => "1-0",
                Some(_) => "0-1",
                None => "½-½",
            };
            let loser = match r.winner {
                Some(seat) => seat_or_free(&g.seats[usize::from(1 - seat.min(1))]),
                None => String::new(),
            };
            format!("{score} {}", super::reason_words(r.reason, &loser))
        }
        (_, status) => code_word("match-status", status.as_str()),
    }
}
