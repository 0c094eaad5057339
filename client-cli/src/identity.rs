//! Who this client is to a server: the secret token from `welcome`, kept in a file per server
//! and name, so that a player whose connection dropped (Wi-Fi, a closed laptop, a killed
//! terminal) is the same player when they come back and takes their seat again with
//! `grundy resume ID`.
//!
//! The files live in `$GRUNDY_STATE_DIR`, else `$XDG_STATE_HOME/grundy`, else
//! `~/.local/state/grundy`; an empty `GRUNDY_STATE_DIR` keeps nothing (a new player each
//! time). A token is a password for the seats it holds: the file is readable by its owner only.

use std::fs;
use std::io::Write;
use std::path::PathBuf;

/// Where the token for one server and name is kept (or nowhere).
#[derive(Debug, Clone)]
pub struct Identity {
    path: Option<PathBuf>,
}

impl Identity {
    /// The identity of `name` on the server at `url`.
    pub fn new(url: &str, name: &str) -> Identity {
        Identity {
            path: state_dir().map(|dir| dir.join(file_name(url, name))),
        }
    }

    /// The kept token, if any.
    pub fn token(&self) -> Option<String> {
        let text = fs::read_to_string(self.path.as_ref()?).ok()?;
        let token = text.trim();
        (!token.is_empty()).then(|| token.to_owned())
    }

    /// Keeps `token` for next time, readable by its owner only. Failing to keep it only
    /// costs the ability to resume: callers report it and go on.
    pub fn keep(&self, token: &str) -> std::io::Result<()> {
        match &self.path {
            Some(path) => write_private(path, token),
            None => Ok(()),
        }
    }

    /// Where the token is kept, if anywhere.
    pub fn path(&self) -> Option<&std::path::Path> {
        self.path.as_deref()
    }

    /// Forgets the token (the server did not know it).
    pub fn forget(&self) {
        if let Some(path) = &self.path {
            let _ = fs::remove_file(path);
        }
    }
}

fn state_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("GRUNDY_STATE_DIR") {
        return (!dir.is_empty()).then(|| PathBuf::from(dir));
    }
    if let Some(dir) = std::env::var_os("XDG_STATE_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir).join("grundy"));
    }
    let home = std::env::var_os("HOME").filter(|d| !d.is_empty())?;
    Some(PathBuf::from(home).join(".local/state/grundy"))
}

/// `token-ws___127.0.0.1_7878-ada`: the server and the name, in file-name-safe characters.
fn file_name(url: &str, name: &str) -> String {
    let safe = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    };
    format!("token-{}-{}", safe(url), safe(name))
}

fn write_private(path: &std::path::Path, token: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    let mut options = fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    writeln!(file, "{token}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_safe_and_distinct() {
        assert_eq!(
            file_name("ws://127.0.0.1:7878", "ada"),
            "token-ws___127.0.0.1_7878-ada"
        );
        assert_ne!(file_name("ws://h:1", "ada"), file_name("ws://h:1", "bob"));
        assert!(!file_name("ws://h/../x", "a/b").contains('/'));
    }

    #[test]
    fn a_token_is_kept_and_forgotten() {
        let dir = std::env::temp_dir().join(format!("grundy-identity-{}", std::process::id()));
        let id = Identity {
            path: Some(dir.join("token-x")),
        };
        assert_eq!(id.token(), None);
        id.keep("secret").unwrap();
        assert_eq!(id.token().as_deref(), Some("secret"));
        id.forget();
        assert_eq!(id.token(), None);
        let _ = fs::remove_dir_all(dir);
    }
}
