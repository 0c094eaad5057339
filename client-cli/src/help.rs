//! `grundy --help` in the reader's language. The English help is the program's own (its doc
//! comments and examples); another language's catalog may give any text of it: a command's
//! `help-PATH` (its description), `help-PATH--after` (its examples), `help-PATH--ARG` (an
//! argument's), where PATH is `help` and the subcommands' names (`help-room-open--hints`).
//! A text the catalog lacks stays English. So do clap's refusals of a command line, which
//! [`refusal`] says in the language (`help-error-*`).

use clap::Command;

/// `cmd` with the texts the process's language has.
pub fn localized(cmd: Command) -> Command {
    let lang = client::lang::get();
    if lang == "en" {
        return cmd;
    }
    let words = |id: &str| {
        protocol::i18n::has(lang, id).then(|| client::lang::said(&protocol::Message::new(id)))
    };
    let cmd = localize(cmd, "help", &words);
    let mut cmd = match words("help-usage") {
        // clap's own headings ("Usage:", "Options:"…) in the language too.
        // The global options (the root's) come after each command's own.
        Some(_) => with_headings(cmd, &words, 1000),
        None => cmd,
    };
    // clap's own `help` subcommand, made when the command is built: built last.
    cmd.build();
    match words("help-help") {
        Some(about) => cmd.mut_subcommand("help", |h| h.about(about)),
        None => cmd,
    }
}

/// The texts of `cmd` (at `path`) and of its arguments and subcommands.
fn localize(mut cmd: Command, path: &str, words: &dyn Fn(&str) -> Option<String>) -> Command {
    if let Some(about) = words(path) {
        cmd = cmd.about(about);
    }
    if let Some(after) = words(&format!("{path}--after")) {
        cmd = cmd.after_help(after);
    }
    let args: Vec<String> = cmd
        .get_arguments()
        .map(|a| a.get_id().to_string())
        .collect();
    for id in args {
        if let Some(help) = words(&format!("{path}--{id}")) {
            cmd = cmd.mut_arg(id, |a| a.help(help));
        }
    }
    let subcommands: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_owned())
        .collect();
    for name in subcommands {
        let sub = format!("{path}-{name}");
        cmd = cmd.mut_subcommand(name, |s| localize(s, &sub, words));
    }
    cmd
}

/// `cmd` and its subcommands with clap's headings in the language: usage, arguments,
/// options, commands, and the help and version flags.
fn with_headings(
    mut cmd: Command,
    words: &dyn Fn(&str) -> Option<String>,
    first_place: usize,
) -> Command {
    let word = |id: &str| words(id).unwrap_or_default();
    let template = format!(
        "{{before-help}}{{about-with-newline}}\n{} {{usage}}\n\n{{all-args}}{{after-help}}",
        word("help-usage")
    );
    cmd = cmd
        .help_template(template)
        .disable_help_flag(true)
        .arg(
            clap::Arg::new("help")
                .long("help")
                .short('h')
                .action(clap::ArgAction::Help)
                .help(word("help-flag")),
        )
        .subcommand_help_heading(word("help-commands"));
    if cmd.get_version().is_some() {
        cmd = cmd.disable_version_flag(true).arg(
            clap::Arg::new("version")
                .long("version")
                .short('V')
                .action(clap::ArgAction::Version)
                .help(word("help-version")),
        );
    }
    // Each argument keeps its place: a heading given anew would reorder them.
    let args: Vec<String> = cmd
        .get_arguments()
        .map(|a| a.get_id().to_string())
        .collect();
    for (place, id) in args.into_iter().enumerate() {
        cmd = cmd.mut_arg(id, |a| {
            let heading = match a.is_positional() {
                true => word("help-arguments"),
                false => word("help-options"),
            };
            let help = with_suffixes(&a);
            let takes_values = a.get_action().takes_values();
            let has_env = a.get_env().is_some();
            let a = a
                .help_heading(heading)
                .display_order(first_place + place)
                .help(help);
            let a = match takes_values {
                true => a.hide_possible_values(true).hide_default_value(true),
                false => a,
            };
            match has_env {
                true => a.hide_env(true),
                false => a,
            }
        });
    }
    let subcommands: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_owned())
        .collect();
    for name in subcommands {
        cmd = cmd.mut_subcommand(name, |s| with_headings(s, words, 0));
    }
    cmd
}

/// What clap refuses on the command line (an unknown option, a missing argument, a value
/// that is not allowed) in the process's language (`help-error-KIND`, with the usage); `None`
/// in English, or for a kind the catalog does not say: clap's own words then.
pub fn refusal(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ErrorKind};
    let lang = client::lang::get();
    let kind = match e.kind() {
        ErrorKind::UnknownArgument => "unknown_argument",
        ErrorKind::InvalidValue => "invalid_value",
        ErrorKind::ValueValidation => "value_validation",
        ErrorKind::InvalidSubcommand => "invalid_subcommand",
        ErrorKind::MissingRequiredArgument => "missing_required_argument",
        ErrorKind::MissingSubcommand => "missing_subcommand",
        ErrorKind::ArgumentConflict => "argument_conflict",
        _ => return None,
    };
    let id = format!("help-error-{kind}");
    if lang == "en" || !protocol::i18n::has(lang, &id) {
        return None;
    }
    let context = |k: ContextKind| e.get(k).map(ToString::to_string).unwrap_or_default();
    let m = protocol::Message::new(id)
        .text("arg", context(ContextKind::InvalidArg))
        .text("value", context(ContextKind::InvalidValue))
        .text("valid", context(ContextKind::ValidValue))
        .text("command", context(ContextKind::InvalidSubcommand))
        .text("other", context(ContextKind::PriorArg))
        .text(
            "why",
            std::error::Error::source(e).map_or_else(String::new, ToString::to_string),
        );
    let mut out = client::lang::said(&m);
    for suggested in [ContextKind::SuggestedArg, ContextKind::SuggestedSubcommand] {
        if let Some(s) = e.get(suggested) {
            let tip = protocol::Message::new("help-error-tip").text("suggested", s.to_string());
            out.push_str(&format!("\n  {}", client::lang::said(&tip)));
        }
    }
    if let Some(usage) = e.get(ContextKind::Usage) {
        let usage = usage.to_string();
        // clap writes "Usage: grundy …": said with the language's heading.
        let usage = usage.trim_start_matches("Usage:").trim();
        let heading = client::lang::said(&protocol::Message::new("help-usage"));
        out.push_str(&format!("\n\n{heading} {usage}"));
    }
    let more = client::lang::said(&protocol::Message::new("help-error-more"));
    Some(format!(
        "{}\n\n{more}\n",
        client::lang::said(&protocol::Message::new("help-error").text("error", out))
    ))
}

/// An argument's help followed by what clap adds after it (the values it takes, its default,
/// its environment variable), said in the language instead of clap's English.
fn with_suffixes(a: &clap::Arg) -> String {
    let lang = client::lang::get();
    let said = |id: &str, name: &str, value: String| {
        protocol::i18n::has(lang, id)
            .then(|| client::lang::said(&protocol::Message::new(id).text(name, value)))
    };
    let mut help = a.get_help().map(ToString::to_string).unwrap_or_default();
    let values: Vec<String> = a
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_owned())
        .collect();
    let flag = !a.get_action().takes_values();
    let defaults: Vec<String> = a
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    let suffixes = [
        (!values.is_empty() && !flag)
            .then(|| said("help-suffix-values", "values", values.join(", ")))
            .flatten(),
        (!defaults.is_empty() && !flag)
            .then(|| said("help-suffix-default", "value", defaults.join(", ")))
            .flatten(),
        a.get_env()
            .and_then(|e| said("help-suffix-env", "name", e.to_string_lossy().into_owned())),
    ];
    for suffix in suffixes.into_iter().flatten() {
        help.push_str(&suffix);
    }
    help
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory as _;

    /// Every help text of a catalog names a real command or argument: one renamed in the
    /// program and not in the catalog fails here.
    #[test]
    fn every_help_text_is_of_a_real_command_or_argument() {
        let mut real = std::collections::BTreeSet::from([
            "help-usage".to_owned(),
            "help-flag".to_owned(),
            "help-version".to_owned(),
            "help-help".to_owned(),
            "help-commands".to_owned(),
            "help-arguments".to_owned(),
            "help-options".to_owned(),
            "help-error".to_owned(),
            "help-error-tip".to_owned(),
            "help-error-more".to_owned(),
            "help-suffix-values".to_owned(),
            "help-suffix-default".to_owned(),
            "help-suffix-env".to_owned(),
        ]);
        for kind in [
            "unknown_argument",
            "invalid_value",
            "value_validation",
            "invalid_subcommand",
            "missing_required_argument",
            "missing_subcommand",
            "argument_conflict",
        ] {
            real.insert(format!("help-error-{kind}"));
        }
        fn walk(cmd: &clap::Command, path: &str, real: &mut std::collections::BTreeSet<String>) {
            real.insert(path.to_owned());
            real.insert(format!("{path}--after"));
            for a in cmd.get_arguments() {
                real.insert(format!("{path}--{}", a.get_id()));
            }
            for s in cmd.get_subcommands() {
                walk(s, &format!("{path}-{}", s.get_name()), real);
            }
        }
        walk(&crate::Cli::command(), "help", &mut real);
        for (lang, text) in protocol::i18n::CATALOGS {
            for line in text.lines() {
                let Some((id, _)) = line.split_once(" =") else {
                    continue;
                };
                if id.starts_with("help-") {
                    assert!(
                        real.contains(id),
                        "{lang}.ftl: {id} is no command or argument"
                    );
                }
            }
        }
    }
}
