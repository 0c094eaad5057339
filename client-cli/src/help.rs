//! `grundy --help` and its command-line refusals in the process's language: the catalogs'
//! texts under `help` (`help-room-open--hints`), through `protocol::help`.

use clap::Command;

/// `cmd` with the texts the process's language has.
pub fn localized(cmd: Command) -> Command {
    protocol::help::localized(cmd, client::lang::get(), "help")
}

/// What clap refuses on the command line in the process's language; `None` in English.
pub fn refusal(e: &clap::Error) -> Option<String> {
    protocol::help::refusal(e, client::lang::get())
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory as _;

    /// Every help text of a catalog names a real command or argument: one renamed in the
    /// program and not in the catalog fails here. (`help-grundyd*` are the server's.)
    #[test]
    fn every_help_text_is_of_a_real_command_or_argument() {
        let mut real = protocol::help::texts(&crate::Cli::command(), "help");
        real.extend(protocol::help::SHARED.map(str::to_owned));
        for (lang, text) in protocol::i18n::CATALOGS {
            for line in text.lines() {
                let Some((id, _)) = line.split_once(" =") else {
                    continue;
                };
                if id.starts_with("help-") && !id.starts_with("help-grundyd") {
                    assert!(
                        real.contains(id),
                        "{lang}.ftl: {id} is no command or argument"
                    );
                }
            }
        }
    }
}
