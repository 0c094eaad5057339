//! Dates in records: `[Date "2026.11.21"]` and `[Time "14:03:07"]`, both UTC, from and to
//! epoch milliseconds (the calendar arithmetic is `protocol::time`).

use protocol::time::{civil_from_days, parse_day, MS_PER_DAY};

/// `YYYY.MM.DD`, the UTC day of `ms`.
pub fn format_date(ms: i64) -> String {
    let (y, m, d) = civil_from_days(ms.div_euclid(MS_PER_DAY));
    format!("{y:04}.{m:02}.{d:02}")
}

/// `HH:MM:SS`, or `HH:MM:SS.mmm` when there are milliseconds: the UTC time of day of `ms`.
pub fn format_time(ms: i64) -> String {
    let t = ms.rem_euclid(MS_PER_DAY);
    let (h, min, s, milli) = (t / 3_600_000, t / 60_000 % 60, t / 1000 % 60, t % 1000);
    if milli == 0 {
        format!("{h:02}:{min:02}:{s:02}")
    } else {
        format!("{h:02}:{min:02}:{s:02}.{milli:03}")
    }
}

/// Epoch milliseconds of a `YYYY.MM.DD` date and an optional `HH:MM:SS[.mmm]` time (midnight
/// without one). The error says what is wrong, for the caller to place.
pub fn parse_date_time(date: &str, time: Option<&str>) -> Result<i64, String> {
    let day = parse_day(date, '.')?;
    match time {
        Some(time) => Ok(day + parse_time(time)?),
        None => Ok(day),
    }
}

/// Milliseconds since midnight of `HH:MM:SS[.mmm]`.
fn parse_time(time: &str) -> Result<i64, String> {
    let bad = || format!("{time:?} is not a time: write HH:MM:SS, such as 14:03:07");
    let (clock, milli) = match time.split_once('.') {
        Some((c, f)) if f.len() == 3 && f.bytes().all(|b| b.is_ascii_digit()) => {
            (c, f.parse::<i64>().map_err(|_| bad())?)
        }
        Some(_) => return Err(bad()),
        None => (time, 0),
    };
    let fields: Vec<&str> = clock.split(':').collect();
    let [h, m, s] = fields.as_slice() else {
        return Err(bad());
    };
    let field = |f: &str, max: i64| {
        (f.len() == 2 && f.bytes().all(|b| b.is_ascii_digit()))
            .then(|| f.parse::<i64>().ok())
            .flatten()
            .filter(|v| *v <= max)
            .ok_or_else(bad)
    };
    Ok(((field(h, 23)? * 60 + field(m, 59)?) * 60 + field(s, 59)?) * 1000 + milli)
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
        assert_eq!(
            parse_date_time("2026.02.30", None),
            Err("\"2026.02.30\" is not a day of the calendar".to_owned())
        );
        assert!(parse_date_time("2026.11.21", Some("24:00:00")).is_err());
        assert!(parse_date_time("2026.11.21", Some("12:00")).is_err());
        assert!(parse_date_time("2026.11.21", Some("12:00:00.5")).is_err());
    }
}
