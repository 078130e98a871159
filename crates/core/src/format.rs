//! How dates, read times and robots directives are written on the site (docs/behaviour.md §2, §4, §9).
//!
//! These are the few strings every screen shares, kept in one place so the server, the CLI and
//! the browser (through WebAssembly) write them identically.

use crate::content::PublishDate;
use crate::time_zone::TimeZone;
use crate::view::Robots;

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The day a post was published, written 'Month DD, YYYY' (`March 05, 2024`): the full
/// English month name, the day zero-padded to two digits, the four-digit year.
///
/// A date written with a time is shown on its day in the site's `zone`, whatever offset it was
/// written with, so `2023-06-18T23:00:00.000Z` and `2023-06-19T09:00+10:00` both read June 19
/// in Sydney; a date written without a time is shown as written.
pub fn format_date(date: &PublishDate, zone: &TimeZone) -> String {
    let (year, month, day) = date.shown_date(zone);
    // PublishDate can only be built with a month in 1..=12; the fallback keeps this total anyway.
    let name = MONTHS
        .get(usize::from(month).wrapping_sub(1))
        .copied()
        .unwrap_or("");
    format!("{name} {day:02}, {year:04}")
}

/// The line above an insight's title: 'Read Time: {n} minutes', or the formatted publish date
/// when the post has no read time.
///
/// A read time of 0 counts as no read time (an editor who leaves the field at zero has not
/// estimated it, and "Read Time: 0 minutes" tells a visitor nothing). Every other value keeps the
/// documented text exactly (docs/behaviour.md §9), so 1 gives 'Read Time: 1 minutes'.
pub fn read_time_line(minutes: Option<u32>, date: &PublishDate, zone: &TimeZone) -> String {
    match minutes {
        Some(n) if n > 0 => format!("Read Time: {n} minutes"),
        _ => format_date(date, zone),
    }
}

/// The robots directive of a page whose index flag is `seo_index`: pages that are not indexed
/// are still followed, so their links keep counting.
pub fn robots(seo_index: bool) -> Robots {
    Robots::from_index_flag(seo_index)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(s: &str) -> PublishDate {
        PublishDate::parse(s).unwrap()
    }

    #[test]
    fn format_date_writes_full_month_zero_padded_day_and_year() {
        for (input, expected) in [
            ("2024-03-05", "March 05, 2024"),
            ("2024-01-01", "January 01, 2024"),
            ("2023-02-28", "February 28, 2023"),
            ("2024-02-29", "February 29, 2024"),
            ("2021-04-30", "April 30, 2021"),
            ("2022-05-09", "May 09, 2022"),
            ("2022-06-10", "June 10, 2022"),
            ("2022-07-04", "July 04, 2022"),
            ("2022-08-15", "August 15, 2022"),
            ("2022-09-01", "September 01, 2022"),
            ("2022-10-31", "October 31, 2022"),
            ("2022-11-11", "November 11, 2022"),
            ("1999-12-31", "December 31, 1999"),
        ] {
            assert_eq!(format_date(&date(input), &sydney()), expected, "{input}");
        }
    }

    fn sydney() -> TimeZone {
        TimeZone::default()
    }

    #[test]
    fn a_date_with_a_time_shows_its_day_in_the_site_zone_whatever_the_offset() {
        for (input, expected) in [
            ("2023-06-18T23:00:00.000Z", "June 19, 2023"),
            ("2023-06-19T09:00+10:00", "June 19, 2023"),
            ("2024-03-05T08:00+10:00", "March 05, 2024"),
            ("2024-03-05T23:59-11:00", "March 06, 2024"),
            ("2024-03-05T00:00:00.000Z", "March 05, 2024"),
            ("2024-03-05T13:00Z", "March 06, 2024"),
        ] {
            assert_eq!(format_date(&date(input), &sydney()), expected, "{input}");
        }
        let utc = TimeZone::parse("UTC").unwrap();
        assert_eq!(
            format_date(&date("2023-06-18T23:00:00.000Z"), &utc),
            "June 18, 2023"
        );
        // A calendar day has no zone: it reads as written everywhere.
        assert_eq!(format_date(&date("2023-06-18"), &utc), "June 18, 2023");
        assert_eq!(format_date(&date("2023-06-18"), &sydney()), "June 18, 2023");
    }

    #[test]
    fn read_time_line_uses_the_documented_text_for_every_positive_read_time() {
        let d = date("2024-03-05");
        for (minutes, expected) in [
            (Some(1), "Read Time: 1 minutes"),
            (Some(5), "Read Time: 5 minutes"),
            (Some(12), "Read Time: 12 minutes"),
            (Some(u32::MAX), "Read Time: 4294967295 minutes"),
        ] {
            assert_eq!(
                read_time_line(minutes, &d, &sydney()),
                expected,
                "{minutes:?}"
            );
        }
    }

    #[test]
    fn read_time_line_falls_back_to_the_date_when_read_time_is_missing_or_zero() {
        let d = date("2024-03-05");
        assert_eq!(read_time_line(None, &d, &sydney()), "March 05, 2024");
        assert_eq!(read_time_line(Some(0), &d, &sydney()), "March 05, 2024");
    }

    #[test]
    fn robots_follows_links_whether_or_not_the_page_is_indexed() {
        assert_eq!(robots(true).directive(), "index, follow");
        assert_eq!(robots(false).directive(), "noindex, follow");
    }
}
