//! Publish dates as Contentful stores them (ISO 8601, with or without a time and offset).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;

use crate::calendar::{civil_from_days, days_from_civil};
use crate::time_zone::TimeZone;

/// A publish date: the calendar date as written plus the instant it denotes (used for "newest
/// first"). Dates without a time are taken as midnight UTC for ordering; visitors see them as
/// written, and a date with a time on its day in the site's zone ([`PublishDate::shown_date`]).
#[derive(Clone, Debug, Eq)]
pub struct PublishDate {
    /// The year as written.
    pub year: i32,
    /// The month as written, 1 to 12.
    pub month: u8,
    /// The day of the month as written, 1 to 31.
    pub day: u8,
    /// Minutes since 1970-01-01T00:00Z, after applying the offset.
    instant_minutes: i64,
    /// Whether a time of day was written (an instant) or only a date (a calendar day).
    has_time: bool,
    raw: String,
}

/// Why a publish date could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "invalid publish date {0:?} (expected ISO 8601 such as 2024-03-05 or 2024-03-05T09:00+10:00)"
)]
pub struct DateError(pub String);

impl PublishDate {
    /// Parses `YYYY-MM-DD`, optionally followed by `THH:MM[:SS[.fff]]` and `Z` or `±HH:MM`.
    pub fn parse(input: &str) -> Result<Self, DateError> {
        let err = || DateError(input.to_string());
        let s = input.trim();
        let b = s.as_bytes();
        if b.len() < 10 || b[4] != b'-' || b[7] != b'-' {
            return Err(err());
        }
        let year: i32 = digits(&s[0..4]).ok_or_else(err)?;
        let month: u8 = digits(&s[5..7]).ok_or_else(err)?;
        let day: u8 = digits(&s[8..10]).ok_or_else(err)?;
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return Err(err());
        }
        let mut minutes_of_day: i64 = 0;
        let mut offset: i64 = 0;
        let rest = &s[10..];
        if !rest.is_empty() {
            let rest = rest
                .strip_prefix('T')
                .or_else(|| rest.strip_prefix(' '))
                .ok_or_else(err)?;
            if rest.len() < 5 || rest.as_bytes()[2] != b':' {
                return Err(err());
            }
            let h: i64 = digits(&rest[0..2]).ok_or_else(err)?;
            let m: i64 = digits(&rest[3..5]).ok_or_else(err)?;
            if h > 23 || m > 59 {
                return Err(err());
            }
            minutes_of_day = h * 60 + m;
            // Skip seconds and fractions: they never change the order of two posts a visitor sees.
            let mut tail = &rest[5..];
            if let Some(t) = tail.strip_prefix(':') {
                let end = t
                    .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                    .unwrap_or(t.len());
                if end < 2 {
                    return Err(err());
                }
                tail = &t[end..];
            }
            match tail {
                "" | "Z" | "z" => {}
                _ => {
                    let sign = match tail.as_bytes()[0] {
                        b'+' => 1,
                        b'-' => -1,
                        _ => return Err(err()),
                    };
                    let o = &tail[1..];
                    let (oh, om) = match o.len() {
                        5 if o.as_bytes()[2] == b':' => (&o[0..2], &o[3..5]),
                        4 => (&o[0..2], &o[2..4]),
                        2 => (&o[0..2], "00"),
                        _ => return Err(err()),
                    };
                    let oh: i64 = digits(oh).ok_or_else(err)?;
                    let om: i64 = digits(om).ok_or_else(err)?;
                    offset = sign * (oh * 60 + om);
                }
            }
        }
        let days = days_from_civil(year, month, day);
        Ok(PublishDate {
            year,
            month,
            day,
            instant_minutes: days * 1440 + minutes_of_day - offset,
            has_time: !rest.is_empty(),
            raw: s.to_string(),
        })
    }

    /// Minutes since 1970-01-01T00:00Z of the instant this date denotes.
    pub fn instant_minutes(&self) -> i64 {
        self.instant_minutes
    }

    /// The day visitors see: a date written with a time is an instant, shown on its day in
    /// `zone`; a date written without one is a calendar day, shown as written.
    pub fn shown_date(&self, zone: &TimeZone) -> (i32, u8, u8) {
        if self.has_time {
            zone.date_of(self.instant_minutes)
        } else {
            (self.year, self.month, self.day)
        }
    }

    /// The day visitors see ([`PublishDate::shown_date`]) as `YYYY-MM-DD`: what a page's
    /// `<time datetime>` and the sitemap write, so a machine reads the day a person reads.
    pub fn shown_ymd(&self, zone: &TimeZone) -> String {
        let (year, month, day) = self.shown_date(zone);
        format!("{year:04}-{month:02}-{day:02}")
    }

    /// The date for structured data (JSON-LD `datePublished`), on the day visitors see: a date
    /// written with a time is its instant in `zone`'s local time with the offset in effect
    /// (`2026-03-02T07:00+11:00` for `2026-03-01T20:00:00Z` in Sydney); a date written without
    /// one is the day as written.
    pub fn shown_date_time(&self, zone: &TimeZone) -> String {
        if !self.has_time {
            return self.ymd();
        }
        let offset = zone.offset_at(self.instant_minutes);
        let local = self.instant_minutes + offset;
        let (year, month, day) = civil_from_days(local.div_euclid(1440));
        let minutes = local.rem_euclid(1440);
        let sign = if offset < 0 { '-' } else { '+' };
        format!(
            "{year:04}-{month:02}-{day:02}T{:02}:{:02}{sign}{:02}:{:02}",
            minutes / 60,
            minutes % 60,
            offset.abs() / 60,
            offset.abs() % 60
        )
    }

    /// The text this date was parsed from.
    pub fn as_str(&self) -> &str {
        &self.raw
    }

    /// The calendar date as `YYYY-MM-DD` (for sitemaps and structured data).
    pub fn ymd(&self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// The instant this date denotes, as an RFC 3339 date-time in UTC
    /// (`2024-03-04T23:00:00Z`), for feeds. A date without a time is midnight UTC.
    pub fn rfc3339_utc(&self) -> String {
        let days = self.instant_minutes.div_euclid(1440);
        let minutes = self.instant_minutes.rem_euclid(1440);
        let (year, month, day) = civil_from_days(days);
        format!(
            "{year:04}-{month:02}-{day:02}T{:02}:{:02}:00Z",
            minutes / 60,
            minutes % 60
        )
    }
}

fn digits<T: std::str::FromStr>(s: &str) -> Option<T> {
    if s.bytes().all(|c| c.is_ascii_digit()) {
        s.parse().ok()
    } else {
        None
    }
}

fn is_leap(y: i32) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i32, m: u8) -> u8 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl PartialEq for PublishDate {
    fn eq(&self, other: &Self) -> bool {
        self.instant_minutes == other.instant_minutes
    }
}

impl Ord for PublishDate {
    fn cmp(&self, other: &Self) -> Ordering {
        self.instant_minutes.cmp(&other.instant_minutes)
    }
}

impl PartialOrd for PublishDate {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for PublishDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.raw)
    }
}

impl Serialize for PublishDate {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.raw)
    }
}

impl<'de> Deserialize<'de> for PublishDate {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        PublishDate::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn machine_dates_fall_on_the_day_visitors_read() {
        let sydney = TimeZone::parse("Australia/Sydney").unwrap();
        let utc = TimeZone::parse("UTC").unwrap();
        let evening = PublishDate::parse("2026-03-01T20:00:00.000Z").unwrap();
        assert_eq!(evening.shown_ymd(&sydney), "2026-03-02");
        assert_eq!(evening.shown_date_time(&sydney), "2026-03-02T07:00+11:00");
        assert_eq!(evening.shown_ymd(&utc), "2026-03-01");
        assert_eq!(evening.shown_date_time(&utc), "2026-03-01T20:00+00:00");
        // Winter: standard time.
        let june = PublishDate::parse("2026-06-18T23:00Z").unwrap();
        assert_eq!(june.shown_date_time(&sydney), "2026-06-19T09:00+10:00");
        // A calendar day stays as written.
        let day = PublishDate::parse("2026-03-01").unwrap();
        assert_eq!(day.shown_ymd(&sydney), "2026-03-01");
        assert_eq!(day.shown_date_time(&sydney), "2026-03-01");
        let west = TimeZone::parse("EST5EDT,M3.2.0,M11.1.0").unwrap();
        assert_eq!(evening.shown_date_time(&west), "2026-03-01T15:00-05:00");
    }

    #[test]
    fn parses_plain_dates_and_datetimes_with_offsets() {
        let d = PublishDate::parse("2024-03-05").unwrap();
        assert_eq!((d.year, d.month, d.day), (2024, 3, 5));
        let z = PublishDate::parse("2024-03-05T00:00:00.000Z").unwrap();
        assert_eq!(d, z);
        let sydney = PublishDate::parse("2024-03-05T10:00+10:00").unwrap();
        assert_eq!(sydney, z);
        assert_eq!(sydney.ymd(), "2024-03-05");
    }

    #[test]
    fn orders_by_instant_not_by_text() {
        let a = PublishDate::parse("2024-03-05T08:00+10:00").unwrap();
        let b = PublishDate::parse("2024-03-04T23:00Z").unwrap();
        assert!(a < b);
    }

    #[test]
    fn rfc3339_utc_writes_the_instant_in_utc() {
        for (input, expected) in [
            ("2024-03-05", "2024-03-05T00:00:00Z"),
            ("2024-03-05T09:30:15.250Z", "2024-03-05T09:30:00Z"),
            ("2024-03-05T08:00+10:00", "2024-03-04T22:00:00Z"),
            ("2024-02-28T23:30-01:00", "2024-02-29T00:30:00Z"),
            ("1999-12-31T23:59+0000", "1999-12-31T23:59:00Z"),
            ("1970-01-01T00:30+01:00", "1969-12-31T23:30:00Z"),
        ] {
            assert_eq!(
                PublishDate::parse(input).unwrap().rfc3339_utc(),
                expected,
                "{input}"
            );
        }
    }

    #[test]
    fn rejects_impossible_and_malformed_dates() {
        for bad in [
            "",
            "2024-02-30",
            "2023-02-29",
            "2024-13-01",
            "05/03/2024",
            "2024-03-05T25:00",
            "2024-03-05Tnoon",
            "2024-03-05T10:00+1",
        ] {
            assert!(PublishDate::parse(bad).is_err(), "{bad}");
        }
        assert!(PublishDate::parse("2024-02-29").is_ok());
    }
}
