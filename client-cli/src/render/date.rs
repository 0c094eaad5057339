//! Unix milliseconds as a UTC date and time, and days typed by a person as Unix milliseconds
//! (the calendar is jiff's).

use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::Timestamp;

/// Milliseconds in a day: Unix time has no leap seconds, so every UTC day is this long.
pub const MS_PER_DAY: i64 = 86_400_000;

/// `2026-11-21 17:20` (UTC) for a Unix time in milliseconds.
pub fn format_millis(ms: i64) -> String {
    match Timestamp::from_millisecond(ms) {
        Ok(t) => TimeZone::UTC
            .to_datetime(t)
            .strftime("%Y-%m-%d %H:%M")
            .to_string(),
        Err(_) => format!("{ms} ms"),
    }
}

/// Unix milliseconds at the start (00:00 UTC) of the day `YYYY-MM-DD`, as the listings show
/// dates; the error says how to write one.
pub fn parse_day(text: &str) -> Result<i64, String> {
    let text = text.trim();
    let bad = || format!("{text:?} is not a date: write YYYY-MM-DD, such as 2026-11-21");
    let fields: Vec<&str> = text.split('-').collect();
    let [y, m, d] = fields.as_slice() else {
        return Err(bad());
    };
    let number = |f: &str, len: usize| {
        (f.len() == len && f.bytes().all(|b| b.is_ascii_digit()))
            .then(|| f.parse::<i16>().ok())
            .flatten()
            .ok_or_else(bad)
    };
    let (y, m, d) = (number(y, 4)?, number(m, 2)?, number(d, 2)?);
    let day = Date::new(y, m as i8, d as i8)
        .map_err(|_| format!("{text:?} is not a day of the calendar"))?;
    TimeZone::UTC
        .to_timestamp(day.to_datetime(jiff::civil::Time::midnight()))
        .map(|t| t.as_millisecond())
        .map_err(|e| format!("{text:?} is out of range: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_days_and_says_what_is_wrong() {
        assert_eq!(parse_day("1970-01-01"), Ok(0));
        assert_eq!(parse_day("2026-11-21"), Ok(1_795_219_200_000));
        assert_eq!(
            parse_day("2026-11-22").unwrap() - parse_day("2026-11-21").unwrap(),
            MS_PER_DAY
        );
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
