//! Reading the short lists of numbers people type for positions: `3,4,5`, `3 4 5`, `3-4-5`,
//! `(3, 4, 5)` or `{3, 4, 5}` all mean the same three numbers.

use crate::Said;

/// Reads a list of non-negative numbers separated by commas, dashes or spaces, optionally in
/// one pair of brackets. The error is a reason naming the text; the caller wraps it in the
/// error kind that fits (a position or a move).
pub(crate) fn parse_numbers(text: &str) -> Result<Vec<u64>, Said> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(Said::new("rule-numbers-empty"));
    }
    let inner = strip_brackets(trimmed)?;
    let mut numbers = Vec::new();
    let mut digits = String::new();
    // Whether a number was read since the last comma or dash (or since the start).
    let mut number_since_separator = false;
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            numbers.push(read_number(&digits)?);
            digits.clear();
            number_since_separator = true;
        }
        match c {
            ',' | '-' => {
                if !number_since_separator {
                    let negative = c == '-' && chars.peek().is_some_and(char::is_ascii_digit);
                    return Err(if negative {
                        Said::new("rule-numbers-negative").text("text", trimmed)
                    } else {
                        Said::new("rule-numbers-lone-separator")
                            .text("text", trimmed)
                            .text("separator", c)
                    });
                }
                number_since_separator = false;
            }
            c if c.is_whitespace() => {}
            c => {
                return Err(Said::new("rule-numbers-unexpected")
                    .text("text", trimmed)
                    .text("character", c))
            }
        }
    }
    if !digits.is_empty() {
        numbers.push(read_number(&digits)?);
    } else if !number_since_separator && !numbers.is_empty() {
        return Err(Said::new("rule-numbers-trailing").text("text", trimmed));
    }
    if numbers.is_empty() {
        return Err(Said::new("rule-numbers-none").text("text", trimmed));
    }
    Ok(numbers)
}

/// Removes one pair of matching outer brackets, if any.
fn strip_brackets(text: &str) -> Result<&str, Said> {
    for (open, close) in [('(', ')'), ('[', ']'), ('{', '}')] {
        if let Some(rest) = text.strip_prefix(open) {
            return rest.strip_suffix(close).ok_or_else(|| {
                Said::new("rule-numbers-bracket")
                    .text("text", text)
                    .text("open", open)
                    .text("close", close)
            });
        }
    }
    Ok(text)
}

fn read_number(digits: &str) -> Result<u64, Said> {
    digits
        .parse::<u64>()
        .map_err(|_| Said::new("rule-numbers-too-large").text("number", digits))
}

#[cfg(test)]
mod tests {
    use super::parse_numbers;
    use crate::said::english::english;

    #[test]
    fn accepts_the_friendly_forms() {
        for text in [
            "3,4,5",
            "3 4 5",
            "3-4-5",
            "(3, 4, 5)",
            "{3, 4, 5}",
            "[3,4,5]",
            "  3 ,4 , 5 ",
        ] {
            assert_eq!(parse_numbers(text), Ok(vec![3, 4, 5]), "{text}");
        }
        assert_eq!(parse_numbers("0"), Ok(vec![0]));
    }

    #[test]
    fn refuses_malformed_lists() {
        for text in [
            "", " ", "()", "3,,4", ",3", "3,", "-3", "3,x", "(3,4", "3;4", "3.5",
        ] {
            assert!(parse_numbers(text).is_err(), "{text:?} was accepted");
        }
        let refusal = |text| english(&parse_numbers(text).unwrap_err());
        assert_eq!(
            refusal("99999999999999999999"),
            "99999999999999999999 is too large a number"
        );
        assert_eq!(
            refusal("-3"),
            "`-3` holds a negative number; numbers start at 0"
        );
    }
}
