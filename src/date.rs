//! Calendar dates in the proleptic Gregorian calendar, as used by profiles
//! (`declared_at`) and by `--as-of`.
//!
//! Only the strict `YYYY-MM-DD` form is accepted: exactly four, two and two
//! ASCII digits, zero padded, naming a real calendar date in years 1 to 9999
//! (the range of Python's `datetime.date`).

use std::fmt;

/// A calendar date (year 1 to 9999). Ordering is chronological.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

impl Date {
    /// Builds a date from its parts, or `None` if it is not a real date in years 1 to 9999.
    pub fn from_ymd(year: u32, month: u32, day: u32) -> Option<Date> {
        if !(1..=9999).contains(&year) || !(1..=12).contains(&month) {
            return None;
        }
        if day < 1 || day > days_in_month(year, month) {
            return None;
        }
        Some(Date {
            year: year as u16,
            month: month as u8,
            day: day as u8,
        })
    }

    /// Parses the strict `YYYY-MM-DD` form (ASCII digits, zero padded, real date).
    ///
    /// Anything else is rejected: `2026-1-5`, ` 2026-01-05`, `+2026-01-05`,
    /// `2026-02-30`, `0000-01-01`.
    pub fn parse_ymd(text: &str) -> Option<Date> {
        let b = text.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        let num = |range: std::ops::Range<usize>| -> Option<u32> {
            let mut n = 0u32;
            for &c in &b[range] {
                if !c.is_ascii_digit() {
                    return None;
                }
                n = n * 10 + u32::from(c - b'0');
            }
            Some(n)
        };
        Date::from_ymd(num(0..4)?, num(5..7)?, num(8..10)?)
    }

    /// Today's date in UTC, from the system clock.
    pub fn today_utc() -> Date {
        let secs = match std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
            Ok(d) => d.as_secs() as i64,
            Err(e) => -(e.duration().as_secs() as i64) - 1,
        };
        let days = secs.div_euclid(86_400);
        Date::from_days(days + UNIX_EPOCH_DAYS).unwrap_or(Date {
            year: 1970,
            month: 1,
            day: 1,
        })
    }

    /// The year (1 to 9999).
    pub fn year(self) -> u32 {
        u32::from(self.year)
    }

    /// The month (1 to 12).
    pub fn month(self) -> u32 {
        u32::from(self.month)
    }

    /// The day of the month (1 to 31).
    pub fn day(self) -> u32 {
        u32::from(self.day)
    }

    /// Days from `other` to `self`: positive when `self` is later.
    /// Same as Python's `(self - other).days`.
    pub fn days_since(self, other: Date) -> i64 {
        self.ordinal() - other.ordinal()
    }

    /// The date `days` days after this one (before it when negative), if still in years 1 to 9999.
    pub fn add_days(self, days: i64) -> Option<Date> {
        Date::from_days(self.ordinal().checked_add(days)?)
    }

    /// Day number with 0001-01-01 as day 1 (Python's `date.toordinal`).
    fn ordinal(self) -> i64 {
        let y = i64::from(self.year) - 1;
        let mut days = y * 365 + y / 4 - y / 100 + y / 400;
        for m in 1..u32::from(self.month) {
            days += i64::from(days_in_month(u32::from(self.year), m));
        }
        days + i64::from(self.day)
    }

    /// Inverse of `ordinal`.
    fn from_days(ordinal: i64) -> Option<Date> {
        if !(1..=MAX_ORDINAL).contains(&ordinal) {
            return None;
        }
        // Count whole 400, 100, 4 and 1 year cycles, as Python's `date.fromordinal` does.
        let mut n = ordinal - 1;
        let n400 = n / 146_097;
        n %= 146_097;
        let n100 = n / 36_524;
        n %= 36_524;
        let n4 = n / 1_461;
        n %= 1_461;
        let n1 = n / 365;
        n %= 365;
        let mut year = n400 * 400 + n100 * 100 + n4 * 4 + n1 + 1;
        if n1 == 4 || n100 == 4 {
            // The last day of a leap cycle.
            year -= 1;
            return Date::from_ymd(year as u32, 12, 31);
        }
        let year = year as u32;
        let mut month = 1;
        let mut left = n as u32;
        while left >= days_in_month(year, month) {
            left -= days_in_month(year, month);
            month += 1;
        }
        Date::from_ymd(year, month, left + 1)
    }
}

/// Ordinal of 1970-01-01.
const UNIX_EPOCH_DAYS: i64 = 719_163;
/// Ordinal of 9999-12-31.
const MAX_ORDINAL: i64 = 3_652_059;

fn is_leap(year: u32) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
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

    fn d(s: &str) -> Date {
        Date::parse_ymd(s).unwrap()
    }

    #[test]
    fn parses_strict_dates() {
        assert_eq!(d("2026-10-15").to_string(), "2026-10-15");
        assert_eq!(d("0001-01-01").to_string(), "0001-01-01");
        assert_eq!(d("9999-12-31").to_string(), "9999-12-31");
        assert_eq!(d("2024-02-29").day(), 29);
        let x = d("2026-03-04");
        assert_eq!((x.year(), x.month(), x.day()), (2026, 3, 4));
    }

    #[test]
    fn rejects_everything_else() {
        for bad in [
            "",
            "2026-1-5",
            "2026-01-5",
            " 2026-01-05",
            "2026-01-05 ",
            "+2026-01-05",
            "2026-01-0_5",
            "2026-01-+5",
            "0000-01-01",
            "2026-00-10",
            "2026-13-01",
            "2026-02-29",
            "1900-02-29",
            "2026-04-31",
            "2026-01-00",
            "2026/01/05",
            "20260-01-05",
            "2026-01-05\n",
            "２０２６-01-05",
            "-2026-01-05",
        ] {
            assert_eq!(Date::parse_ymd(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn day_arithmetic_matches_python() {
        // Values from Python's datetime.date.
        assert_eq!(d("2026-10-15").days_since(d("2026-10-01")), 14);
        assert_eq!(d("2026-10-01").days_since(d("2026-10-15")), -14);
        assert_eq!(d("2025-03-01").days_since(d("2024-02-28")), 367);
        assert_eq!(d("9999-12-31").days_since(d("0001-01-01")), 3_652_058);
        assert_eq!(d("2000-03-01").days_since(d("1900-03-01")), 36_525);
        assert_eq!(d("1970-01-01").ordinal(), UNIX_EPOCH_DAYS);
        assert_eq!(d("9999-12-31").ordinal(), MAX_ORDINAL);
    }

    #[test]
    fn from_days_round_trips() {
        let mut day = d("0001-01-01");
        let mut n = 1;
        // Walk across several leap-cycle boundaries day by day.
        while n < 800 * 366 {
            assert_eq!(day.ordinal(), n);
            assert_eq!(Date::from_days(n), Some(day));
            let next = day.add_days(1).unwrap();
            assert!(next > day);
            day = next;
            n += 1;
        }
        for s in [
            "1600-12-31",
            "2000-12-31",
            "2100-12-31",
            "2024-12-31",
            "9999-12-31",
        ] {
            assert_eq!(Date::from_days(d(s).ordinal()), Some(d(s)));
        }
        assert_eq!(d("9999-12-31").add_days(1), None);
        assert_eq!(d("0001-01-01").add_days(-1), None);
        assert_eq!(d("2026-01-31").add_days(29), Some(d("2026-03-01")));
    }

    #[test]
    fn today_is_plausible() {
        let t = Date::today_utc();
        assert!(t >= d("2024-01-01") && t <= d("2200-01-01"), "{t}");
    }
}
