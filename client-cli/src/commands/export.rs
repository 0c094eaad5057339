//! `grundy export`: one saved game as the PGN-like text of docs/EXPORT.md, or as JSON,
//! printed exactly as the server wrote it so that `grundy export 12 > game.txt` round-trips.

use anyhow::Result;
use protocol::{ExportFormat, Request, ServerBody};

use super::{emit, unexpected};
use crate::render::safe;
use client::Client;

/// Examples shown by `grundy export --help`.
pub const HELP: &str = "\
Find game ids with `grundy games`.

Examples:
  grundy export 12
  grundy export 12 --format json > game12.json";

/// The formats on the command line.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Format {
    /// The PGN-like text of docs/EXPORT.md.
    Text,
    /// A JSON document.
    Json,
}

/// Arguments of `grundy export`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game's id (see `grundy games`).
    id: i64,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

/// Asks for the export and prints its content.
pub async fn run(conn: &mut Client, args: Args) -> Result<()> {
    let format = match args.format {
        Format::Text => ExportFormat::Text,
        Format::Json => ExportFormat::Json,
    };
    let request = Request::Export {
        match_id: args.id,
        format,
    };
    match conn.request(request).await? {
        ServerBody::Export {
            content,
            unannotated,
            ..
        } => {
            if let Some(why) = unannotated {
                eprintln!(
                    "note: the record comes without annotations: {}",
                    safe::terminal(&why, false)
                );
            }
            // A JSON document stays JSON: what a terminal would obey is written as `\u` escapes.
            let content = match args.format {
                Format::Json => safe::json(&content),
                Format::Text => content.as_str().into(),
            };
            emit(&content)?;
            if content.ends_with('\n') {
                Ok(())
            } else {
                emit("\n")
            }
        }
        other => Err(unexpected(&other)),
    }
}
