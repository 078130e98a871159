//! Instants written for people, listings and mail headers, in UTC. Small enough to do by hand
//! rather than pull in a calendar crate for two formats.

use crate::ports::UnixMillis;

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];
const WEEKDAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];

/// The UTC calendar fields of an instant.
struct Civil {
    year: i64,
    month: usize,
    day: i64,
    weekday: usize,
    hour: i64,
    minute: i64,
    second: i64,
}

fn civil(at: UnixMillis) -> Civil {
    let secs = at.0.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let of_day = secs.rem_euclid(86_400);
    let (year, month, day) = crate::calendar::civil_from_days(days);
    Civil {
        year,
        month: usize::try_from(month - 1).unwrap_or(0),
        day,
        // 1970-01-01 was a Thursday.
        weekday: usize::try_from(days.rem_euclid(7)).unwrap_or(0),
        hour: of_day / 3600,
        minute: of_day % 3600 / 60,
        second: of_day % 60,
    }
}

/// The RFC 5322 `Date:` form: `Tue, 14 Nov 2023 22:13:20 +0000`.
pub fn rfc5322(at: UnixMillis) -> String {
    let c = civil(at);
    format!(
        "{}, {:02} {} {:04} {:02}:{:02}:{:02} +0000",
        WEEKDAYS[c.weekday], c.day, MONTHS[c.month], c.year, c.hour, c.minute, c.second
    )
}

/// The UTC month of an instant: `2023-11`.
pub fn month(at: UnixMillis) -> String {
    let c = civil(at);
    format!("{:04}-{:02}", c.year, c.month + 1)
}

/// The UTC day of an instant: `2023-11-14`.
pub fn day(at: UnixMillis) -> String {
    let c = civil(at);
    format!("{:04}-{:02}-{:02}", c.year, c.month + 1, c.day)
}

/// The start (00:00 UTC) of the day written `2023-11-14`; `None` for anything else or a day
/// that does not exist.
pub fn parse_day(text: &str) -> Option<UnixMillis> {
    let mut parts = text.split('-');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return None;
    }
    let (y, m, d): (i32, u8, u8) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    if !(1..=12).contains(&m) || d == 0 {
        return None;
    }
    let days = crate::calendar::days_from_civil(y, m, d);
    // A day past the month's end comes back as another date.
    if crate::calendar::civil_from_days(days) != (i64::from(y), i64::from(m), i64::from(d)) {
        return None;
    }
    Some(UnixMillis(days * 86_400_000))
}

/// RFC 3339 in UTC to the second: `2023-11-14T22:13:20Z`.
pub fn rfc3339(at: UnixMillis) -> String {
    let c = civil(at);
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
        c.year,
        c.month + 1,
        c.day,
        c.hour,
        c.minute,
        c.second
    )
}

/// A form for people: `14 Nov 2023, 22:13 UTC`.
pub fn readable(at: UnixMillis) -> String {
    let c = civil(at);
    format!(
        "{} {} {:04}, {:02}:{:02} UTC",
        c.day, MONTHS[c.month], c.year, c.hour, c.minute
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_months_read_and_write_in_utc() {
        let at = parse_day("2023-11-14").unwrap();
        assert_eq!(at, UnixMillis(1_699_920_000_000));
        assert_eq!(day(UnixMillis(at.0 + 86_399_999)), "2023-11-14");
        assert_eq!(month(at), "2023-11");
        assert_eq!(
            parse_day("2024-02-29").map(day).as_deref(),
            Some("2024-02-29")
        );
        for bad in [
            "2023-02-29",
            "2023-13-01",
            "2023-1-01",
            "23-01-01",
            "2023-01-01x",
            "",
        ] {
            assert_eq!(parse_day(bad), None, "{bad}");
        }
    }

    #[test]
    fn writes_the_mail_header_form_in_utc() {
        assert_eq!(
            rfc5322(UnixMillis(1_700_000_000_000)),
            "Tue, 14 Nov 2023 22:13:20 +0000"
        );
        assert_eq!(rfc5322(UnixMillis(0)), "Thu, 01 Jan 1970 00:00:00 +0000");
        assert_eq!(
            rfc5322(UnixMillis(951_782_400_000)),
            "Tue, 29 Feb 2000 00:00:00 +0000"
        );
        assert_eq!(rfc5322(UnixMillis(-1)), "Wed, 31 Dec 1969 23:59:59 +0000");
        assert_eq!(
            rfc3339(UnixMillis(1_700_000_000_000)),
            "2023-11-14T22:13:20Z"
        );
    }

    #[test]
    fn writes_a_readable_form_for_the_mail_body() {
        assert_eq!(
            readable(UnixMillis(1_709_251_199_000)),
            "29 Feb 2024, 23:59 UTC"
        );
    }
}
