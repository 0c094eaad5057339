//! The subcommands, one file each: arguments (clap), the request, and the printing of the
//! answer. Game rules stay on the server; these only translate.

use std::io::Write as _;

mod annotation;
pub mod bench;
pub mod check;
mod countdown;
mod editor;
pub mod export;
pub mod games;
pub mod guess;
pub mod import;
pub mod join;
pub mod lobby;
pub mod periodicity;
pub mod play;
pub mod query;
mod raw;
pub mod rematch;
pub mod resume;
pub mod review;
pub mod room;
mod screen;
pub mod sequence;
mod session;
mod stepper;
pub mod table;
mod typing;
mod view;
pub mod watch;

use anyhow::Result;
use protocol::{Game, GameParams, Request, ServerBody};

use crate::render::progress::Bar;
use crate::render::{safe, Style};
use client::Client;

/// A game and its parameters, as the commands that name a game take them.
#[derive(Debug, clap::Args)]
pub struct GameArgs {
    /// queen, rook, horse, dragon, corner, nim, heap, chocolate, lgame or sum.
    pub game: Game,
    /// The piece of `corner`, by its moves in Betza's notation: RN (rook and knight), NN
    /// (nightrider), R3 (a rook of three squares) (docs/NOTATION.md).
    #[arg(long)]
    pub piece: Option<String>,
    #[command(flatten)]
    pub rule: RuleArgs,
    /// Board side of the corner games (queen, rook, horse, dragon, corner); the server's
    /// default is 8.
    #[arg(long)]
    pub size: Option<u64>,
    /// Staircase step of chocolate; the server's default is 1.
    #[arg(long)]
    pub k: Option<u32>,
    /// Misère play: the player who makes the last move loses (not the L-game).
    #[arg(long)]
    pub misere: bool,
}

impl GameArgs {
    /// The protocol's form.
    pub fn params(&self) -> GameParams {
        GameParams {
            game: self.game,
            size: self.size,
            k: self.k,
            piece: self.piece.clone(),
            rule: self.rule.rule(),
            edge: self.rule.edge.clone(),
            misere: self.misere,
        }
    }
}

/// What defines a game beyond its name and size: the heap game's rule, in one of three
/// spellings, and the chocolate staircase's edge.
#[derive(Debug, clap::Args)]
pub struct RuleArgs {
    /// The rule of `heap`: kayles, dawsons-kayles, dawsons-chess, grundy (Grundy's game),
    /// "subtraction 1,3,4", "subtraction 1 mod 2" (any odd count) or "octal 0.77"
    /// (docs/NOTATION.md).
    #[arg(long, conflicts_with_all = ["set", "code"])]
    pub rule: Option<String>,
    /// The heap game whose moves take one of these counts: --set 1,3,4 is --rule
    /// "subtraction 1,3,4"; a periodic set, any count with these remainders: --set "1 mod 2".
    #[arg(long, conflicts_with = "code")]
    pub set: Option<String>,
    /// The octal game of this code: --code 0.77 is --rule "octal 0.77" (Kayles).
    #[arg(long)]
    pub code: Option<String>,
    /// The edge of chocolate's staircase, instead of the step --k: the height of a staircase
    /// z columns wide as a formula in z, 0 at z = 0 and never falling ("z * z", "z // 2 + z
    /// // 3", "floor(z / phi)") (docs/NOTATION.md).
    #[arg(long, conflicts_with = "k")]
    pub edge: Option<String>,
}

impl RuleArgs {
    /// The rule as the protocol takes it, if one was given.
    pub fn rule(&self) -> Option<String> {
        self.rule
            .clone()
            .or_else(|| self.set.as_ref().map(|s| format!("subtraction {s}")))
            .or_else(|| self.code.as_ref().map(|c| format!("octal {c}")))
    }
}

/// A short description of a game with its parameters, in the reader's language: `queen
/// 11×11`, `chocolate k=1` (`クイーン 11×11`, `チョコレートゲーム k=1`).
pub fn describe(params: &GameParams) -> String {
    use client::lang::{code_word, said};
    use protocol::Message;
    let mut game = code_word("game", params.game.name());
    if let Some(piece) = &params.piece {
        game = format!("{game} {piece}");
    }
    if let Some(rule) = &params.rule {
        game = format!("{game} ({rule})");
    }
    if let Some(edge) = &params.edge {
        game = format!("{game} f(z)={edge}");
    }
    if params.misere {
        game = said(&Message::new("game-misere").text("game", game));
    }
    match (params.size, params.k) {
        (Some(n), _) => said(
            &Message::new("game-board")
                .text("game", game)
                .text("size", n.to_string()),
        ),
        (None, Some(k)) => said(
            &Message::new("game-step")
                .text("game", game)
                .text("k", k.to_string()),
        ),
        (None, None) => game,
    }
}

/// The command line `grundy VERB GAME` with the game's piece and step, as a report names
/// them: the start of a command to copy (`grundy check corner --piece RN`).
pub fn command_for(verb: &str, params: &GameParams, k: Option<u32>) -> String {
    let mut command = format!("grundy {verb} {}", params.game);
    if let Some(piece) = &params.piece {
        command.push_str(&format!(" --piece {piece}"));
    }
    if let Some(rule) = &params.rule {
        command.push_str(&format!(" --rule \"{rule}\""));
    }
    if let Some(k) = k {
        command.push_str(&format!(" --k {k}"));
    }
    if let Some(edge) = &params.edge {
        command.push_str(&format!(" --edge \"{edge}\""));
    }
    command
}

/// The same in the protocol's own words, whatever the reader's language: for files read
/// elsewhere (an OEIS b-file's header).
pub fn describe_code(params: &GameParams) -> String {
    let name = match (&params.piece, &params.rule, &params.edge) {
        (Some(piece), ..) => format!("{} {piece}", params.game),
        (None, Some(rule), _) => format!("{} ({rule})", params.game),
        (None, None, Some(edge)) => format!("{} f(z)={edge}", params.game),
        (None, None, None) => params.game.to_string(),
    };
    let game = match (params.size, params.k) {
        (Some(n), _) => format!("{name} {n}×{n}"),
        (None, Some(k)) => format!("{name} k={k}"),
        (None, None) => name,
    };
    if params.misere {
        format!("misère {game}")
    } else {
        game
    }
}

/// An error whose words are message `m` of the catalogs, in the reader's language.
pub fn told(m: protocol::Message) -> anyhow::Error {
    anyhow::anyhow!(client::lang::said(&m))
}

/// Message `id` with one argument, as an error ([`told`]).
pub fn told_with(id: &str, name: &str, value: impl ToString) -> anyhow::Error {
    told(protocol::Message::new(id).text(name, value.to_string()))
}

/// Why a game ended, in words (`reason-corner_reached`: the piece reached the corner),
/// naming `loser` where the reason is theirs (`bob resigned`); the code itself for a reason
/// the catalogs do not know (a newer server's).
pub fn reason_words(reason: protocol::Reason, loser: &str) -> String {
    let m = protocol::Message::new(format!("reason-{}", reason.as_str()))
        .text("who", loser)
        .text("you", "no");
    match protocol::i18n::knows(&m) {
        true => client::lang::said(&m),
        false => reason.as_str().to_owned(),
    }
}

/// The line naming where a research answer's values came from (`source: exact table of
/// bound 1024, grundyd 0.1.0`), in the reader's language, with its newline.
pub fn source_line(source: &protocol::Message) -> String {
    let line = protocol::Message::new("cli-source")
        .with("source", protocol::MessageArg::Message(source.clone()));
    format!("{}\n", client::lang::said(&line))
}

/// The time now, in Unix milliseconds (as the server writes deadlines).
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// Sends `request` and waits for its reply, drawing a progress bar on stderr while the
/// server reports progress (a table solved beyond the stored ones); the bar is gone once the
/// reply is there.
pub async fn request_with_progress(conn: &mut Client, request: Request) -> Result<ServerBody> {
    let mut bar = Bar::for_stderr();
    let mut progress = |what: &str, done, total| bar.update(what, done, total);
    Ok(conn.request_reporting(request, &mut progress).await?)
}

/// The error for a reply of the wrong kind (a server and client that disagree).
pub fn unexpected(body: &ServerBody) -> anyhow::Error {
    anyhow::anyhow!("unexpected answer from the server: {body:?}")
}

/// Prints `value` as one line of JSON on stdout, with nothing in it a terminal would obey
/// ([`safe::json`]: the same value).
pub fn print_json<T: serde::Serialize>(value: &T) -> anyhow::Result<()> {
    let mut line = serde_json::to_string(value)?;
    line.push('\n');
    emit(&safe::json(&line))
}

/// Writes `text` to stdout, every character a terminal would obey shown instead
/// ([`safe::terminal`]: the server's text cannot clear the screen or write the clipboard;
/// the client's own colours stay). Unlike `print!`, a reader that has gone away (`grundy
/// query … | head`) is an error returned, [`OutputClosed`], not a panic: `main` then ends
/// quietly.
pub fn emit(text: &str) -> anyhow::Result<()> {
    let shown = safe::terminal(text, Style::for_stdout().color);
    let mut out = std::io::stdout().lock();
    match out.write_all(shown.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(OutputClosed.into()),
        written => Ok(written?),
    }
}

/// Writes `text` and a line feed to stderr, every character a terminal would obey shown
/// instead ([`safe::terminal`]): errors and warnings quote what the server said.
pub fn emit_error(text: &str) {
    eprintln!("{}", safe::terminal(text, false));
}

/// Stdout's reader stopped reading: not a failure of the command.
#[derive(Debug)]
pub struct OutputClosed;

impl std::fmt::Display for OutputClosed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("standard output was closed")
    }
}

impl std::error::Error for OutputClosed {}
