//! `--help` and the command line's refusals in the reader's language, for both programs
//! (feature `cli`). The English help is each program's own (its doc comments and examples);
//! another language's catalog may give any text of it: a command's `ROOT` (its description),
//! `ROOT--after` (its examples), `ROOT--ARG` (an argument's), where ROOT is `help` for
//! `grundy`, `help-grundyd` for `grundyd`, followed by the subcommands' names
//! (`help-room-open--hints`). A text the catalog lacks stays English. clap's refusals of a
//! command line are said by [`refusal`] in the language (`help-error-*`).

use clap::Command;

use crate::{i18n, Message};

/// The language `--lang L` (or `--lang=L`) asks for on the command line, read before the
/// rest so that `--help` is said in it; `None` when not given or not one the catalogs have.
pub fn language_asked() -> Option<&'static str> {
    let args: Vec<String> = std::env::args().collect();
    let asked = args
        .iter()
        .enumerate()
        .find_map(|(i, a)| match a.strip_prefix("--lang=") {
            Some(lang) => Some(lang),
            None if a == "--lang" => args.get(i + 1).map(String::as_str),
            None => None,
        })?;
    i18n::language(asked)
}

/// `cmd` with the texts language `lang` has, read from the catalogs under `root`.
pub fn localized(cmd: Command, lang: &str, root: &str) -> Command {
    if lang == "en" {
        return cmd;
    }
    let words = |id: &str| i18n::has(lang, id).then(|| i18n::say(lang, &Message::new(id)));
    let cmd = localize(cmd, root, &words);
    let mut cmd = match words("help-usage") {
        // clap's own headings ("Usage:", "Options:"…) in the language too.
        // The global options (the root's) come after each command's own.
        Some(_) => with_headings(cmd, lang, &words, 1000),
        None => cmd,
    };
    // clap's own `help` subcommand, made when the command is built: built last.
    cmd.build();
    match (words("help-help"), cmd.find_subcommand("help").is_some()) {
        (Some(about), true) => cmd.mut_subcommand("help", |h| h.about(about)),
        _ => cmd,
    }
}

/// The texts of `cmd` (at `path`) and of its arguments and subcommands.
fn localize(mut cmd: Command, path: &str, words: &dyn Fn(&str) -> Option<String>) -> Command {
    if let Some(about) = words(path) {
        // The catalog's text is the whole description: the English long one goes too.
        cmd = cmd.about(about).long_about(None);
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
    lang: &str,
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
            let help = with_suffixes(&a, lang);
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
        cmd = cmd.mut_subcommand(name, |s| with_headings(s, lang, words, 0));
    }
    cmd
}

/// What clap refuses on the command line (an unknown option, a missing argument, a value
/// that is not allowed) in language `lang` (`help-error-KIND`, with the usage); `None` in
/// English, or for a kind the catalog does not say: clap's own words then.
pub fn refusal(e: &clap::Error, lang: &str) -> Option<String> {
    use clap::error::{ContextKind, ErrorKind};
    let kind = match e.kind() {
        ErrorKind::UnknownArgument => "unknown_argument",
        ErrorKind::InvalidValue => "invalid_value",
        ErrorKind::ValueValidation => "value_validation",
        ErrorKind::InvalidSubcommand => "invalid_subcommand",
        ErrorKind::MissingRequiredArgument => "missing_required_argument",
        ErrorKind::MissingSubcommand => "missing_subcommand",
        ErrorKind::ArgumentConflict => "argument_conflict",
        ErrorKind::TooManyValues => "too_many_values",
        ErrorKind::TooFewValues => "too_few_values",
        ErrorKind::WrongNumberOfValues => "wrong_number_of_values",
        ErrorKind::NoEquals => "no_equals",
        _ => return None,
    };
    let context = |k: ContextKind| e.get(k).map(ToString::to_string).unwrap_or_default();
    // Two refusals clap gives under another's kind: an option with no value after it, and
    // one given twice.
    let kind = match kind {
        "invalid_value" if context(ContextKind::InvalidValue).is_empty() => "value_required",
        "argument_conflict"
            if context(ContextKind::InvalidArg) == context(ContextKind::PriorArg) =>
        {
            "used_twice"
        }
        kind => kind,
    };
    let id = format!("help-error-{kind}");
    if lang == "en" || !i18n::has(lang, &id) {
        return None;
    }
    let m = Message::new(id)
        .text("arg", context(ContextKind::InvalidArg))
        .text("value", context(ContextKind::InvalidValue))
        .text("valid", context(ContextKind::ValidValue))
        .text("command", context(ContextKind::InvalidSubcommand))
        .text("other", context(ContextKind::PriorArg))
        .text(
            "expected",
            e.get(ContextKind::ExpectedNumValues)
                .or(e.get(ContextKind::MinValues))
                .map(ToString::to_string)
                .unwrap_or_default(),
        )
        .text("actual", context(ContextKind::ActualNumValues))
        .text("why", why(e, lang));
    let mut out = i18n::say(lang, &m);
    for suggested in [ContextKind::SuggestedArg, ContextKind::SuggestedSubcommand] {
        if let Some(s) = e.get(suggested) {
            let tip = Message::new("help-error-tip").text("suggested", s.to_string());
            out.push_str(&format!("\n  {}", i18n::say(lang, &tip)));
        }
    }
    if let Some(usage) = e.get(ContextKind::Usage) {
        let usage = usage.to_string();
        // clap writes "Usage: grundy …": said with the language's heading.
        let usage = usage.trim_start_matches("Usage:").trim();
        let heading = i18n::say(lang, &Message::new("help-usage"));
        out.push_str(&format!("\n\n{heading} {usage}"));
    }
    let more = i18n::say(lang, &Message::new("help-error-more"));
    Some(format!(
        "{}\n\n{more}\n",
        i18n::say(lang, &Message::new("help-error").text("error", out))
    ))
}

/// Why a value was not valid, in the language when it is one of the usual reasons: not a
/// number, or a number out of its range (clap's "5 is not in 1..=20"); as said otherwise.
fn why(e: &clap::Error, lang: &str) -> String {
    let Some(source) = std::error::Error::source(e) else {
        return String::new();
    };
    let said = source.to_string();
    if source.is::<std::num::ParseIntError>() || source.is::<std::num::ParseFloatError>() {
        return i18n::say(lang, &Message::new("help-why-not-a-number"));
    }
    match said.split_once(" is not in ") {
        Some((value, range)) => i18n::say(
            lang,
            &Message::new("help-why-out-of-range")
                .text("value", value)
                .text("range", range.replace("..=", "〜")),
        ),
        None => said,
    }
}

/// An argument's help followed by what clap adds after it (the values it takes, its default,
/// its environment variable), said in the language instead of clap's English.
fn with_suffixes(a: &clap::Arg, lang: &str) -> String {
    let said = |id: &str, name: &str, value: String| {
        i18n::has(lang, id).then(|| i18n::say(lang, &Message::new(id).text(name, value)))
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

/// The texts every program's help shares: clap's headings, flags and refusals.
pub const SHARED: [&str; 28] = [
    "help-usage",
    "help-flag",
    "help-version",
    "help-help",
    "help-commands",
    "help-arguments",
    "help-options",
    "help-error",
    "help-error-tip",
    "help-error-more",
    "help-suffix-values",
    "help-suffix-default",
    "help-suffix-env",
    "help-error-unknown_argument",
    "help-error-invalid_value",
    "help-error-value_validation",
    "help-error-invalid_subcommand",
    "help-error-missing_required_argument",
    "help-error-missing_subcommand",
    "help-error-argument_conflict",
    "help-error-too_many_values",
    "help-error-too_few_values",
    "help-error-wrong_number_of_values",
    "help-error-no_equals",
    "help-error-value_required",
    "help-error-used_twice",
    "help-why-not-a-number",
    "help-why-out-of-range",
];

/// The ids of every text `cmd`'s help may take from a catalog under `root`: its
/// description, examples and arguments, and its subcommands' (for a test that fails when a
/// catalog names a command or an argument that is gone).
pub fn texts(cmd: &Command, root: &str) -> std::collections::BTreeSet<String> {
    let mut found = std::collections::BTreeSet::new();
    found.insert(root.to_owned());
    found.insert(format!("{root}--after"));
    for a in cmd.get_arguments() {
        found.insert(format!("{root}--{}", a.get_id()));
    }
    for s in cmd.get_subcommands() {
        found.extend(texts(s, &format!("{root}-{}", s.get_name())));
    }
    found
}
