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
