//! Join codes: four characters a teacher reads out and a class types without confusion.

use super::RoomError;

/// The characters of a code: digits and capitals without 0/O and 1/I, which are misread.
pub const CODE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/// Characters in a code: 32⁴, about a million codes.
pub const CODE_LENGTH: usize = 4;

/// A new random code.
pub fn generate() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; CODE_LENGTH];
    getrandom::fill(&mut bytes)?;
    Ok(bytes
        .iter()
        .map(|b| char::from(CODE_ALPHABET[usize::from(*b) % CODE_ALPHABET.len()]))
        .collect())
}

/// A code as typed (any letter case, spaces around) in its stored form, or why it cannot
/// be one.
pub fn normalize(code: &str) -> Result<String, RoomError> {
    let code = code.trim().to_ascii_uppercase();
    if code.len() == CODE_LENGTH && code.bytes().all(|b| CODE_ALPHABET.contains(&b)) {
        Ok(code)
    } else {
        Err(RoomError::NotACode {
            typed: code,
            length: CODE_LENGTH,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_read_in_any_case_and_made_from_the_alphabet() {
        let code = generate().unwrap();
        assert_eq!(normalize(&code.to_lowercase()).unwrap(), code);
        assert_eq!(normalize(" k7q2 ").unwrap(), "K7Q2");
        assert!(normalize("K0Q2").is_err());
        assert!(normalize("K7Q").is_err());
        assert!(normalize("K7Q22").is_err());
    }
}
