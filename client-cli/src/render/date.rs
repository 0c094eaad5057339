//! Unix milliseconds as a UTC date and time (the calendar arithmetic is `protocol::time`).

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_known_instants() {
        assert_eq!(format_millis(0), "1970-01-01 00:00");
        assert_eq!(format_millis(1_795_281_600_000), "2026-11-21 17:20");
        assert_eq!(format_millis(951_782_400_000), "2000-02-29 00:00");
    }
}
