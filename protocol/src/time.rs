//! Times on the wire are Unix epoch milliseconds (UTC). These turn day counts into civil
//! dates and back (the proleptic Gregorian calendar, by Howard Hinnant's day-count
//! algorithms), for the server's game records and the client's listings alike.

/// Milliseconds in a day.
pub const MS_PER_DAY: i64 = 86_400_000;

/// Days since 1970-01-01 of the civil date `y`-`m`-`d`.
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (i64::from(m) + 9) % 12;
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Days since 1970-01-01 of `y`-`m`-`d`, or `None` when that is not a day of the calendar
/// (month 13, February 30, 2026-02-29).
fn checked_days_from_civil(y: i64, m: u32, d: u32) -> Option<i64> {
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days_in_month = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (1..=days_in_month)
        .contains(&d)
        .then(|| days_from_civil(y, m, d))
}

/// Unix milliseconds at the start (00:00 UTC) of the day written `YYYY-MM-DD` with
/// `separator` between the fields (`-` in the client's listings, `.` in game records). The
/// error says what is wrong and how to write a day, for the caller to place.
pub fn parse_day(text: &str, separator: char) -> Result<i64, String> {
    let bad = || {
        let form = ["YYYY", "MM", "DD"].join(&separator.to_string());
        let example = ["2026", "11", "21"].join(&separator.to_string());
        format!("{text:?} is not a date: write {form}, such as {example}")
    };
    let number = |s: &str, len: usize| {
        (s.len() == len && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    let fields: Vec<&str> = text.split(separator).collect();
    let [y, m, d] = fields.as_slice() else {
        return Err(bad());
    };
    let (Some(y), Some(m), Some(d)) = (number(y, 4), number(m, 2), number(d, 2)) else {
        return Err(bad());
    };
    checked_days_from_civil(i64::from(y), m, d)
        .map(|days| days * MS_PER_DAY)
        .ok_or_else(|| format!("{text:?} is not a day of the calendar"))
}

/// Year, month, day of the day `days` after 1970-01-01.
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_dates_round_trip() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        for days in (-800_000..800_000).step_by(997) {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
            assert_eq!(checked_days_from_civil(y, m, d), Some(days));
        }
    }

    #[test]
    fn days_outside_the_calendar_are_refused() {
        assert_eq!(checked_days_from_civil(2000, 2, 29), Some(11_016));
        for (y, m, d) in [(2026, 2, 29), (1900, 2, 29), (2026, 13, 1), (2026, 0, 1)] {
            assert_eq!(checked_days_from_civil(y, m, d), None, "{y}-{m}-{d}");
        }
        for (y, m, d) in [(2026, 4, 31), (2026, 1, 0), (2026, 1, 32)] {
            assert_eq!(checked_days_from_civil(y, m, d), None, "{y}-{m}-{d}");
        }
    }
}
