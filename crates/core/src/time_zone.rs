//! The site's time zone: which calendar day an instant falls on for the site's readers.
//!
//! A publish date written with a time (`2023-06-18T23:00:00.000Z`) is an instant; visitors
//! see the day it is in the site's zone (June 19 in Sydney), whatever offset the content
//! carried. A date written without a time is a calendar day and is shown as written.
//!
//! A zone is a POSIX TZ rule (`AEST-10AEDT,M10.1.0,M4.1.0/3`: standard time ten hours ahead
//! of UTC, daylight time from the first Sunday of October to the first Sunday of April). The
//! zones of Australia and New Zealand are known by their IANA names. A rule describes the
//! zone's current law only: an instant from a year when the law differed (Australia moved its
//! daylight-saving dates in 2008) is placed by today's rule, which can move a post published
//! within an hour of midnight in those weeks by a day.

use crate::calendar::{civil_from_days, days_from_civil};
use std::fmt;

/// The zone the site shows dates in unless told otherwise.
pub const DEFAULT_TIME_ZONE: &str = "Australia/Sydney";

/// IANA names of the zones the site knows, with their rules.
const NAMED: [(&str, &str); 12] = [
    ("Australia/Sydney", "AEST-10AEDT,M10.1.0,M4.1.0/3"),
    ("Australia/Melbourne", "AEST-10AEDT,M10.1.0,M4.1.0/3"),
    ("Australia/Canberra", "AEST-10AEDT,M10.1.0,M4.1.0/3"),
    ("Australia/Hobart", "AEST-10AEDT,M10.1.0,M4.1.0/3"),
    ("Australia/Brisbane", "AEST-10"),
    ("Australia/Adelaide", "ACST-9:30ACDT,M10.1.0,M4.1.0/3"),
    ("Australia/Darwin", "ACST-9:30"),
    ("Australia/Perth", "AWST-8"),
    ("Pacific/Auckland", "NZST-12NZDT,M9.5.0,M4.1.0/3"),
    (
        "Pacific/Chatham",
        "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45",
    ),
    ("UTC", "UTC0"),
    ("Etc/UTC", "UTC0"),
];

/// A time zone: a fixed offset, or standard and daylight offsets with the rules that switch
/// between them.
#[derive(Clone, PartialEq, Eq)]
pub struct TimeZone {
    name: String,
    /// Minutes east of UTC in standard time.
    standard: i64,
    daylight: Option<Daylight>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Daylight {
    /// Minutes east of UTC in daylight time.
    offset: i64,
    start: Transition,
    end: Transition,
}

/// `Mm.w.d/time`: day `d` (0 = Sunday) of week `w` (5 = the last) of month `m`, at `time`
/// minutes past local midnight (in the time that is ending).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Transition {
    month: u8,
    week: u8,
    weekday: u8,
    minutes: i64,
}

/// Why a time zone setting was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown time zone {0:?} (use an IANA name such as Australia/Sydney or Pacific/Auckland, or a POSIX TZ rule such as AEST-10AEDT,M10.1.0,M4.1.0/3)"
)]
pub struct TimeZoneError(pub String);

impl Default for TimeZone {
    fn default() -> Self {
        TimeZone::parse(DEFAULT_TIME_ZONE).expect("the default zone is known")
    }
}

impl TimeZone {
    /// A zone from an IANA name the site knows or a POSIX TZ rule.
    pub fn parse(input: &str) -> Result<Self, TimeZoneError> {
        let input = input.trim();
        let err = || TimeZoneError(input.to_owned());
        let rule = NAMED
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(input))
            .map_or(input, |(_, rule)| rule);
        let mut zone = posix(rule).ok_or_else(err)?;
        zone.name = input.to_owned();
        Ok(zone)
    }

    /// The name or rule the zone was given as.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Minutes east of UTC in effect at `utc_minutes` (minutes since 1970-01-01T00:00Z).
    pub fn offset_at(&self, utc_minutes: i64) -> i64 {
        let Some(dst) = self.daylight else {
            return self.standard;
        };
        let (year, _, _) = civil_from_days((utc_minutes + self.standard).div_euclid(1440));
        // Each switch as a UTC instant, in the time that is ending.
        let start = dst.start.local_minutes(year) - self.standard;
        let end = dst.end.local_minutes(year) - dst.offset;
        let in_daylight = if start < end {
            (start..end).contains(&utc_minutes)
        } else {
            // The southern hemisphere: daylight time spans the new year.
            utc_minutes >= start || utc_minutes < end
        };
        if in_daylight {
            dst.offset
        } else {
            self.standard
        }
    }

    /// The calendar date `(year, month, day)` of `utc_minutes` in this zone.
    pub fn date_of(&self, utc_minutes: i64) -> (i32, u8, u8) {
        let local = utc_minutes + self.offset_at(utc_minutes);
        let (y, m, d) = civil_from_days(local.div_euclid(1440));
        // The month and day of a civil date are always in range.
        (y as i32, m as u8, d as u8)
    }
}

impl fmt::Debug for TimeZone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TimeZone({})", self.name)
    }
}

impl Transition {
    /// Minutes since the epoch of this switch's local time in `year`.
    fn local_minutes(self, year: i64) -> i64 {
        let first = days_from_civil(year as i32, self.month, 1);
        // 1970-01-01 was a Thursday (weekday 4).
        let first_weekday = (first + 4).rem_euclid(7);
        let mut day = first + (i64::from(self.weekday) - first_weekday).rem_euclid(7);
        day += 7 * (i64::from(self.week) - 1);
        let next_month = if self.month == 12 {
            days_from_civil(year as i32 + 1, 1, 1)
        } else {
            days_from_civil(year as i32, self.month + 1, 1)
        };
        while day >= next_month {
            day -= 7;
        }
        day * 1440 + self.minutes
    }
}

/// Reads `std offset [dst [offset] ,start[/time],end[/time]]`.
fn posix(rule: &str) -> Option<TimeZone> {
    let (_, rest) = abbreviation(rule)?;
    let (west, rest) = offset(rest)?;
    let standard = -west;
    if rest.is_empty() {
        return Some(TimeZone {
            name: String::new(),
            standard,
            daylight: None,
        });
    }
    let (_, rest) = abbreviation(rest)?;
    let (daylight_offset, rest) = match rest.strip_prefix(',') {
        Some(_) => (standard + 60, rest),
        None => {
            let (west, rest) = offset(rest)?;
            (-west, rest)
        }
    };
    let rest = rest.strip_prefix(',')?;
    let (start, end) = rest.split_once(',')?;
    Some(TimeZone {
        name: String::new(),
        standard,
        daylight: Some(Daylight {
            offset: daylight_offset,
            start: transition(start)?,
            end: transition(end)?,
        }),
    })
}

/// `AEST` or `<+1245>`: the zone's abbreviation, and what follows it.
fn abbreviation(s: &str) -> Option<(&str, &str)> {
    if let Some(quoted) = s.strip_prefix('<') {
        let end = quoted.find('>')?;
        return Some((&quoted[..end], &quoted[end + 1..]));
    }
    let end = s
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(s.len());
    (end >= 3).then(|| (&s[..end], &s[end..]))
}

/// `[+-]hh[:mm]`: minutes (west of UTC, as POSIX counts), and what follows.
fn offset(s: &str) -> Option<(i64, &str)> {
    let (sign, s) = match s.as_bytes().first()? {
        b'-' => (-1, &s[1..]),
        b'+' => (1, &s[1..]),
        _ => (1, s),
    };
    let (minutes, rest) = clock(s)?;
    (minutes <= 24 * 60).then_some((sign * minutes, rest))
}

/// `hh[:mm[:ss]]` as minutes (seconds dropped), and what follows.
fn clock(s: &str) -> Option<(i64, &str)> {
    let end = s
        .find(|c: char| !(c.is_ascii_digit() || c == ':'))
        .unwrap_or(s.len());
    let mut parts = s[..end].split(':');
    let hours: i64 = parts.next()?.parse().ok()?;
    let minutes: i64 = parts.next().map_or(Some(0), |m| m.parse().ok())?;
    let _seconds: i64 = parts.next().map_or(Some(0), |m| m.parse().ok())?;
    if parts.next().is_some() || minutes > 59 {
        return None;
    }
    Some((hours * 60 + minutes, &s[end..]))
}

/// `Mm.w.d[/time]`, the only form the site's zones use.
fn transition(s: &str) -> Option<Transition> {
    let (date, time) = s.split_once('/').unwrap_or((s, "2"));
    let mut fields = date.strip_prefix('M')?.split('.');
    let month: u8 = fields.next()?.parse().ok()?;
    let week: u8 = fields.next()?.parse().ok()?;
    let weekday: u8 = fields.next()?.parse().ok()?;
    let (minutes, rest) = clock(time)?;
    let valid = fields.next().is_none()
        && rest.is_empty()
        && (1..=12).contains(&month)
        && (1..=5).contains(&week)
        && weekday <= 6;
    valid.then_some(Transition {
        month,
        week,
        weekday,
        minutes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::PublishDate;

    fn instant(iso: &str) -> i64 {
        PublishDate::parse(iso).unwrap().instant_minutes()
    }

    #[test]
    fn one_instant_written_two_ways_is_one_day_in_sydney() {
        let sydney = TimeZone::default();
        assert_eq!(
            sydney.date_of(instant("2023-06-18T23:00:00.000Z")),
            (2023, 6, 19)
        );
        assert_eq!(
            sydney.date_of(instant("2023-06-19T09:00+10:00")),
            (2023, 6, 19)
        );
        assert_eq!(sydney.offset_at(instant("2023-06-18T23:00Z")), 600);
    }

    #[test]
    fn sydney_daylight_time_starts_and_ends_on_the_first_sundays_of_october_and_april() {
        let sydney = TimeZone::parse("Australia/Sydney").unwrap();
        // 2024: daylight time from Sunday 6 October 02:00 AEST (5 Oct 16:00Z) to Sunday
        // 7 April 03:00 AEDT (6 Apr 16:00Z).
        assert_eq!(sydney.offset_at(instant("2024-10-05T15:59Z")), 600);
        assert_eq!(sydney.offset_at(instant("2024-10-05T16:00Z")), 660);
        assert_eq!(sydney.offset_at(instant("2024-04-06T15:59Z")), 660);
        assert_eq!(sydney.offset_at(instant("2024-04-06T16:00Z")), 600);
        // New Year's Eve in UTC is already New Year's Day in Sydney.
        assert_eq!(sydney.date_of(instant("2023-12-31T13:00Z")), (2024, 1, 1));
        assert_eq!(sydney.date_of(instant("2023-12-31T12:59Z")), (2023, 12, 31));
    }

    #[test]
    fn other_zones_of_the_region_and_raw_rules() {
        let perth = TimeZone::parse("Australia/Perth").unwrap();
        assert_eq!(perth.offset_at(instant("2024-01-01T00:00Z")), 480);
        let adelaide = TimeZone::parse("australia/adelaide").unwrap();
        assert_eq!(adelaide.offset_at(instant("2024-01-01T00:00Z")), 630);
        assert_eq!(adelaide.offset_at(instant("2024-07-01T00:00Z")), 570);
        let auckland = TimeZone::parse("Pacific/Auckland").unwrap();
        // Daylight time from the last Sunday of September (29 Sep 2024, 02:00 NZST).
        assert_eq!(auckland.offset_at(instant("2024-09-28T13:59Z")), 720);
        assert_eq!(auckland.offset_at(instant("2024-09-28T14:00Z")), 780);
        let chatham = TimeZone::parse("Pacific/Chatham").unwrap();
        assert_eq!(chatham.offset_at(instant("2024-07-01T00:00Z")), 765);
        let utc = TimeZone::parse("UTC").unwrap();
        assert_eq!(utc.date_of(instant("2023-06-18T23:00Z")), (2023, 6, 18));
        let raw = TimeZone::parse("EST5EDT,M3.2.0,M11.1.0").unwrap();
        assert_eq!(raw.offset_at(instant("2024-07-01T00:00Z")), -240);
        assert_eq!(raw.offset_at(instant("2024-01-01T00:00Z")), -300);
        assert_eq!(raw.name(), "EST5EDT,M3.2.0,M11.1.0");
    }

    #[test]
    fn unknown_zones_and_malformed_rules_are_refused_by_name() {
        for bad in [
            "",
            "Mars/Olympus",
            "AEST",
            "AEST-10AEDT",
            "AEST-10AEDT,M13.1.0,M4.1.0",
            "AEST-10AEDT,M10.6.0,M4.1.0",
            "AEST-10AEDT,J60,M4.1.0",
            "AEST-99",
        ] {
            let err = TimeZone::parse(bad).unwrap_err();
            assert_eq!(err.0, bad);
            assert!(err.to_string().contains("Australia/Sydney"), "{err}");
        }
    }
}
