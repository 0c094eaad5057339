//! Player identity: a random secret token per player, stored only as its SHA-256 hash.

use protocol::{ErrorBody, ErrorCode};
use sha2::{Digest, Sha256};

/// Token length in bytes: 256 bits, far beyond guessing.
const TOKEN_BYTES: usize = 32;

/// Longest display name accepted, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// A new secret token, hex encoded.
pub fn new_token() -> anyhow::Result<String> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// What the database stores of a token.
pub fn token_hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.trim().as_bytes()).to_vec()
}

/// Whether `given` equals `expected`, compared through their hashes so the time taken does
/// not reveal how much of a guess was right.
pub fn same_secret(given: &str, expected: &str) -> bool {
    let (a, b) = (
        Sha256::digest(given.as_bytes()),
        Sha256::digest(expected.as_bytes()),
    );
    a.iter()
        .zip(b.iter())
        .fold(0u8, |acc, (x, y)| acc | (x ^ y))
        == 0
}

/// A display name, trimmed, or the reason it is refused.
pub fn check_name(name: &str) -> Result<String, ErrorBody> {
    let name = name.trim();
    let bad = |why: &str| ErrorBody::new(ErrorCode::BadParameters, format!("name {why}"));
    if name.is_empty() {
        return Err(bad("must not be empty; pick the name others will see"));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(bad(&format!(
            "is too long: at most {MAX_NAME_CHARS} characters"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(bad("must not contain control characters"));
    }
    // The engine's seats are shown as `engine (perfect)`: nobody may pass for it.
    let lower = name.to_lowercase();
    if lower == "engine" || lower.starts_with("engine (") {
        return Err(bad(&format!(
            "{name:?} is how the engine is shown; pick a name of your own"
        )));
    }
    Ok(name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_hashed() {
        let (a, b) = (new_token().unwrap(), new_token().unwrap());
        assert_eq!(a.len(), 2 * TOKEN_BYTES);
        assert_ne!(a, b);
        assert_eq!(token_hash(&a).len(), 32);
        assert_ne!(token_hash(&a), token_hash(&b));
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("  ada ").unwrap(), "ada");
        assert!(check_name("").is_err());
        assert!(check_name("a\u{7}b").is_err());
        assert!(check_name(&"x".repeat(41)).is_err());
        for engine in ["engine (perfect)", "Engine (easy)", "ENGINE", " engine "] {
            let e = check_name(engine).unwrap_err();
            assert!(
                e.message.contains("how the engine is shown"),
                "{engine}: {e:?}"
            );
        }
        assert_eq!(check_name("engineer").unwrap(), "engineer");
    }
}
