//! `grundy bench ARGS`: runs the load generator, `grundy-bench`, installed beside `grundy`
//! (it is its own program: it plays legal moves from the engine crate, which the person's
//! client does not need).

use std::path::PathBuf;
use std::process::{Command, ExitCode};

use anyhow::{Context, Result};

/// Arguments of `grundy bench`: everything is `grundy-bench`'s.
#[derive(Debug, clap::Args)]
#[command(disable_help_flag = true)]
pub struct Args {
    /// What `grundy-bench` takes (`grundy bench --help` lists it).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

/// `grundy-bench` beside this program, else on the PATH.
fn program() -> PathBuf {
    let name = format!("grundy-bench{}", std::env::consts::EXE_SUFFIX);
    std::env::current_exe()
        .ok()
        .map(|exe| exe.with_file_name(&name))
        .filter(|p| p.exists())
        .unwrap_or_else(|| PathBuf::from(name))
}

/// Runs `grundy-bench` on `server`, with `access_code`, and returns its exit status.
pub fn run(args: Args, server: &str, access_code: Option<String>) -> Result<ExitCode> {
    let bench = program();
    let mut command = Command::new(&bench);
    command.arg("--server").arg(server);
    if let Some(code) = access_code {
        command.env("GRUNDY_ACCESS_CODE", code);
    }
    let status = command.args(&args.args).status().with_context(|| {
        format!(
            "cannot run {}: build it with `cargo build --release --bin grundy-bench`",
            bench.display()
        )
    })?;
    Ok(match status.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        None => ExitCode::FAILURE,
    })
}
