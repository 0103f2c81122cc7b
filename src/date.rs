//! Calendar dates in strict `YYYY-MM-DD` form, with day arithmetic.

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

impl Date {
    pub fn new(year: i32, month: u32, day: u32) -> Option<Date> {
        if !(1..=9999).contains(&year)
            || !(1..=12).contains(&month)
            || day == 0
            || day > days_in_month(year, month)
        {
            return None;
        }
        Some(Date { year, month, day })
    }

    /// Strict: exactly four, two and two ASCII digits, zero padded, a real date.
    pub fn parse_ymd(text: &str) -> Option<Date> {
        let b = text.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        let digits = |r: std::ops::Range<usize>| -> Option<u32> {
            let part = &b[r];
            if part.iter().all(u8::is_ascii_digit) {
                std::str::from_utf8(part).ok()?.parse().ok()
            } else {
                None
            }
        };
        Date::new(digits(0..4)? as i32, digits(5..7)?, digits(8..10)?)
    }

    /// Days since 0001-01-01 (proleptic Gregorian).
    pub fn ordinal(&self) -> i64 {
        // Days-from-civil, after Howard Hinnant.
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    pub fn from_unix_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// `self - other` in days.
    pub fn days_since(self, other: Date) -> i64 {
        self.ordinal() - other.ordinal()
    }

    /// `None` when the result leaves years 1 to 9999.
    pub fn add_days(self, days: i64) -> Option<Date> {
        let d = Date::from_unix_days(self.ordinal().checked_add(days)?);
        Date::new(d.year, d.month, d.day)
    }

    /// Today's date in UTC.
    pub fn today_utc() -> Date {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        Date::from_unix_days(secs.div_euclid(86_400))
    }

    /// The UTC date of a Unix timestamp in seconds.
    pub fn from_unix_seconds(secs: i64) -> Date {
        Date::from_unix_days(secs.div_euclid(86_400))
    }
}

fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(year) => 29,
        2 => 28,
        _ => 0,
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_strictly() {
        assert_eq!(
            Date::parse_ymd("2026-10-15").unwrap().to_string(),
            "2026-10-15"
        );
        for bad in [
            "2026-1-15",
            "2026-02-30",
            "2026/10/15",
            " 2026-10-15",
            "2026-10-15 ",
            "+026-10-15",
            "2026-13-01",
            "0000-01-01",
            "２０２６-10-15",
        ] {
            assert_eq!(Date::parse_ymd(bad), None, "{bad}");
        }
        assert!(Date::parse_ymd("2024-02-29").is_some());
        assert!(Date::parse_ymd("2023-02-29").is_none());
        assert!(Date::parse_ymd("2000-02-29").is_some());
        assert!(Date::parse_ymd("1900-02-29").is_none());
    }

    #[test]
    fn day_arithmetic() {
        let a = Date::parse_ymd("2026-10-01").unwrap();
        let b = Date::parse_ymd("2026-10-15").unwrap();
        assert_eq!(b.days_since(a), 14);
        assert_eq!(a.days_since(b), -14);
        assert_eq!(Date::from_unix_days(0).to_string(), "1970-01-01");
        assert_eq!(Date::from_unix_days(a.ordinal()), a);
        assert_eq!(a.add_days(90).unwrap().to_string(), "2026-12-30");
        assert_eq!(Date::parse_ymd("9999-12-31").unwrap().add_days(1), None);
        assert_eq!(Date::parse_ymd("0001-01-01").unwrap().add_days(-1), None);
        let first = Date::parse_ymd("0001-01-01").unwrap();
        assert_eq!(Date::from_unix_days(first.ordinal()), first);
    }
}
