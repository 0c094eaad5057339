//! Dates in records: `[Date "2026.11.21"]` and `[Time "14:03:07"]`, both UTC, from and to
//! epoch milliseconds (the calendar is jiff's).

use jiff::civil::{Date, DateTime, Time};
use jiff::tz::TimeZone;
use jiff::Timestamp;
use protocol::Message;

/// The UTC date and time of `ms` (clamped to the years 9999 BC to AD 9999).
fn civil(ms: i64) -> DateTime {
    let t = Timestamp::from_millisecond(ms).unwrap_or(if ms < 0 {
        Timestamp::MIN
    } else {
        Timestamp::MAX
    });
    TimeZone::UTC.to_datetime(t)
}

/// `YYYY.MM.DD`, the UTC day of `ms`.
pub fn format_date(ms: i64) -> String {
    civil(ms).strftime("%Y.%m.%d").to_string()
}

/// `HH:MM:SS`, or `HH:MM:SS.mmm` when there are milliseconds: the UTC time of day of `ms`.
pub fn format_time(ms: i64) -> String {
    let format = match ms.rem_euclid(1000) {
        0 => "%H:%M:%S",
        _ => "%H:%M:%S%.3f",
    };
    civil(ms).strftime(format).to_string()
}

/// Epoch milliseconds of a `YYYY.MM.DD` date and an optional `HH:MM:SS[.mmm]` time (midnight
/// without one). The error says what is wrong, for the caller to place.
pub fn parse_date_time(date: &str, time: Option<&str>) -> Result<i64, Message> {
    let day = parse_date(date)?;
    let time = match time {
        Some(time) => parse_time(time)?,
        None => Time::midnight(),
    };
    TimeZone::UTC
        .to_timestamp(day.to_datetime(time))
        .map(|t| t.as_millisecond())
        .map_err(|_| quoted("record-date-range", date))
}

/// The digits of `fields` separated by `separator`, each of the given length, or `None`.
fn numbers(text: &str, separator: char, lengths: &[usize]) -> Option<Vec<i16>> {
    let fields: Vec<&str> = text.split(separator).collect();
    if fields.len() != lengths.len() {
        return None;
    }
    fields
        .iter()
        .zip(lengths)
        .map(|(f, &len)| {
            (f.len() == len && f.bytes().all(|b| b.is_ascii_digit()))
                .then(|| f.parse().ok())
                .flatten()
        })
        .collect()
}

/// A day written `YYYY.MM.DD`.
fn parse_date(text: &str) -> Result<Date, Message> {
    let Some([y, m, d]) = numbers(text, '.', &[4, 2, 2]).and_then(|v| <[i16; 3]>::try_from(v).ok())
    else {
        return Err(quoted("record-date", text));
    };
    Date::new(y, m as i8, d as i8).map_err(|_| quoted("record-day", text))
}

/// A time of day written `HH:MM:SS[.mmm]`.
fn parse_time(text: &str) -> Result<Time, Message> {
    let bad = || quoted("record-time", text);
    let (clock, milli) = match text.split_once('.') {
        Some((c, f)) => (c, numbers(f, '.', &[3]).ok_or_else(bad)?[0]),
        None => (text, 0),
    };
    let [h, m, s] = numbers(clock, ':', &[2, 2, 2])
        .and_then(|v| <[i16; 3]>::try_from(v).ok())
        .ok_or_else(bad)?;
    Time::new(h as i8, m as i8, s as i8, i32::from(milli) * 1_000_000).map_err(|_| bad())
}

/// Message `id` naming `text` as the record wrote it, in quotes.
fn quoted(id: &str, text: &str) -> Message {
    Message::new(id).text("quoted", format!("{text:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_times_round_trip() {
        // 2026-11-21 00:00:00 UTC.
        let day = 1_795_219_200_000;
        assert_eq!(format_date(day), "2026.11.21");
        assert_eq!(format_time(day), "00:00:00");
        assert_eq!(parse_date_time("2026.11.21", None), Ok(day));
        let ms = day + 14 * 3_600_000 + 3 * 60_000 + 7_250;
        assert_eq!(format_time(ms), "14:03:07.250");
        assert_eq!(parse_date_time("2026.11.21", Some("14:03:07.250")), Ok(ms));
        for ms in [0, -1, 951_782_400_000, 4_107_542_399_999, -86_400_000 * 800] {
            let back = parse_date_time(&format_date(ms), Some(&format_time(ms)));
            assert_eq!(back, Ok(ms), "{ms}");
        }
        assert_eq!(format_date(951_782_400_000), "2000.02.29");
    }

    #[test]
    fn bad_dates_and_times_are_named() {
        assert!(parse_date_time("2026-11-21", None).is_err());
        assert!(parse_date_time("2026.1.21", None).is_err());
        assert_eq!(
            parse_date_time("2026.02.30", None).map_err(|e| protocol::i18n::english(&e)),
            Err("\"2026.02.30\" is not a day of the calendar".to_owned())
        );
        assert!(parse_date_time("2026.11.21", Some("24:00:00")).is_err());
        assert!(parse_date_time("2026.11.21", Some("12:00")).is_err());
        assert!(parse_date_time("2026.11.21", Some("12:00:00.5")).is_err());
    }
}
