//! Unix milliseconds as a UTC date and time, and days typed by a person as Unix milliseconds
//! (the calendar arithmetic is `protocol::time`).

use protocol::time::civil_from_days;

/// `2026-11-21 17:20` (UTC) for a Unix time in milliseconds.
pub fn format_millis(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let of_day = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}",
        of_day / 3600,
        of_day % 3600 / 60
    )
}

/// Unix milliseconds at the start (00:00 UTC) of the day `YYYY-MM-DD`, as the listings show
/// dates; the error says how to write one.
pub fn parse_day(text: &str) -> Result<i64, String> {
    protocol::time::parse_day(text.trim(), '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_days_and_says_what_is_wrong() {
        assert_eq!(parse_day("1970-01-01"), Ok(0));
        assert_eq!(parse_day("2026-11-21"), Ok(1_795_219_200_000));
        assert_eq!(
            format_millis(parse_day("2000-02-29").unwrap()),
            "2000-02-29 00:00"
        );
        let e = parse_day("21/11/2026").unwrap_err();
        assert!(e.contains("YYYY-MM-DD"), "{e}");
        let e = parse_day("2026-02-30").unwrap_err();
        assert!(e.contains("not a day of the calendar"), "{e}");
    }

    #[test]
    fn formats_known_instants() {
        assert_eq!(format_millis(0), "1970-01-01 00:00");
        assert_eq!(format_millis(1_795_281_600_000), "2026-11-21 17:20");
        assert_eq!(format_millis(951_782_400_000), "2000-02-29 00:00");
    }
}
