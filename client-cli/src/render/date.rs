//! Unix milliseconds as a date and time in this computer's time zone (`TZ`, else the
//! system's; UTC where it has none), and days typed by a person as the Unix milliseconds of
//! their start there (the calendar and the time zones are jiff's).

use jiff::civil::{Date, Time};
use jiff::tz::TimeZone;
use jiff::Timestamp;

/// The time zone times are shown and days are read in: this computer's.
fn zone() -> TimeZone {
    TimeZone::system()
}

/// `2026-11-22 02:20` in this computer's time zone for a Unix time in milliseconds.
pub fn format_millis(ms: i64) -> String {
    format_in(&zone(), ms)
}

fn format_in(zone: &TimeZone, ms: i64) -> String {
    match Timestamp::from_millisecond(ms) {
        Ok(t) => zone.to_datetime(t).strftime("%Y-%m-%d %H:%M").to_string(),
        Err(_) => format!("{ms} ms"),
    }
}

/// Unix milliseconds at the start (00:00 here) of the day `YYYY-MM-DD`, as the listings
/// show dates; the error says how to write one.
pub fn parse_day(text: &str) -> Result<i64, String> {
    day_start(&zone(), text, 0)
}

/// Unix milliseconds at the end of the day `YYYY-MM-DD` here: the start of the next one.
pub fn parse_day_end(text: &str) -> Result<i64, String> {
    day_start(&zone(), text, 1)
}

/// The start of the day `text`, `later` days after it, in `zone`.
fn day_start(zone: &TimeZone, text: &str, later: i64) -> Result<i64, String> {
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
    let out_of_range = |e: jiff::Error| format!("{text:?} is out of range: {e}");
    let day = day
        .checked_add(jiff::Span::new().days(later))
        .map_err(out_of_range)?;
    zone.to_timestamp(day.to_datetime(Time::midnight()))
        .map(|t| t.as_millisecond())
        .map_err(out_of_range)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Milliseconds in a day without a change of clocks.
    const DAY: i64 = 86_400_000;

    fn tokyo() -> TimeZone {
        TimeZone::get("Asia/Tokyo").unwrap_or_else(|_| TimeZone::fixed(jiff::tz::offset(9)))
    }

    #[test]
    fn parses_days_and_says_what_is_wrong() {
        let utc = TimeZone::UTC;
        assert_eq!(day_start(&utc, "1970-01-01", 0), Ok(0));
        assert_eq!(day_start(&utc, "2026-11-21", 0), Ok(1_795_219_200_000));
        assert_eq!(
            day_start(&utc, "2026-11-21", 1),
            Ok(1_795_219_200_000 + DAY)
        );
        // A day in Tokyo starts nine hours before the same day in UTC.
        assert_eq!(
            day_start(&tokyo(), "2026-11-21", 0),
            Ok(1_795_219_200_000 - 9 * 3_600_000)
        );
        assert_eq!(
            format_in(&utc, day_start(&utc, "2000-02-29", 0).unwrap()),
            "2000-02-29 00:00"
        );
        let e = day_start(&utc, "21/11/2026", 0).unwrap_err();
        assert!(e.contains("YYYY-MM-DD"), "{e}");
        let e = day_start(&utc, "2026-02-30", 0).unwrap_err();
        assert!(e.contains("not a day of the calendar"), "{e}");
    }

    #[test]
    fn formats_known_instants_in_a_time_zone() {
        let utc = TimeZone::UTC;
        assert_eq!(format_in(&utc, 0), "1970-01-01 00:00");
        assert_eq!(format_in(&utc, 1_795_281_600_000), "2026-11-21 17:20");
        assert_eq!(format_in(&tokyo(), 1_795_281_600_000), "2026-11-22 02:20");
        assert_eq!(format_in(&utc, 951_782_400_000), "2000-02-29 00:00");
    }
}
