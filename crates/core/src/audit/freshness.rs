//! The `freshness` report: posts without a read time (their date shows instead), read times far
//! from what the body's word count takes at about 200 words a minute, and the oldest posts.

use super::subject::{At, ct};
use super::{Finding, Report, Severity};
use crate::content::{BlogPost, ContentSet};
use crate::format::format_date;
use crate::richtext::word_count;
use crate::routes::Route;
use crate::time_zone::TimeZone;

/// Reading speed for the estimate, in words a minute.
pub const WORDS_PER_MINUTE: usize = 200;
/// How many of the oldest indexable posts the report lists.
pub const OLDEST_POSTS: usize = 5;

pub(super) fn report(set: &ContentSet) -> Vec<Finding> {
    let served = |p: &&BlogPost| set.post(&p.slug).is_some_and(|s| s.id == p.id);
    let mut out = Vec::new();
    for p in set.posts().iter().map(|p| &**p).filter(served) {
        read_time(&mut out, p, set.time_zone());
    }
    let mut oldest: Vec<&BlogPost> = set
        .posts_newest()
        .filter(served)
        .filter(|p| p.seo_index)
        .collect();
    let indexable = oldest.len();
    oldest.reverse();
    for (i, p) in oldest.into_iter().take(OLDEST_POSTS).enumerate() {
        let rank = match i {
            0 => "the oldest".to_string(),
            1 => "the 2nd oldest".to_string(),
            2 => "the 3rd oldest".to_string(),
            n => format!("the {}th oldest", n + 1),
        };
        out.push(at(p).finding(
            Severity::Info,
            Report::Freshness, "oldest-posts",
            Some("publishDate"),
            format!("published {}: {rank} of {indexable} indexable posts", format_date(&p.publish_date, set.time_zone())),
            "Check it is still accurate: update the copy and publishDate, or set seoIndex to false if it no longer applies",
        ));
    }
    out
}

fn at(p: &BlogPost) -> At {
    At::entry(&p.id, ct::POST, Some(&Route::Insight(p.slug.clone())))
}

fn minutes(n: usize) -> String {
    if n == 1 {
        "1 minute".to_string()
    } else {
        format!("{n} minutes")
    }
}

/// Minutes the body takes to read, rounded, at least 1.
fn estimate(words: usize) -> usize {
    ((words + WORDS_PER_MINUTE / 2) / WORDS_PER_MINUTE).max(1)
}

/// Whether a stated read time is far from the word count: off by more than half the estimate
/// and by at least two minutes' reading, so ordinary rounding never counts.
fn far(stated: usize, words: usize) -> bool {
    let claimed = stated * WORDS_PER_MINUTE;
    claimed.abs_diff(words) > (words / 2).max(2 * WORDS_PER_MINUTE)
}

fn read_time(out: &mut Vec<Finding>, p: &BlogPost, zone: &TimeZone) {
    let words = p.body.as_ref().map(word_count).unwrap_or(0);
    let stated = p.estimated_read_time.filter(|&m| m > 0);
    match stated {
        None => {
            let hint = if words > 0 {
                format!(
                    "Fill in estimatedreadtime: about {} for its {words} words",
                    minutes(estimate(words))
                )
            } else {
                "Fill in estimatedreadtime with the minutes the article takes to read".to_string()
            };
            out.push(at(p).finding(
                Severity::Warning,
                Report::Freshness,
                "read-time-missing",
                Some("estimatedreadtime"),
                format!(
                    "no read time, so the article and its cards show the publish date ({}) instead",
                    format_date(&p.publish_date, zone)
                ),
                hint,
            ));
        }
        Some(stated) if words > 0 && far(stated as usize, words) => {
            out.push(at(p).finding(
                Severity::Warning,
                Report::Freshness, "read-time-off",
                Some("estimatedreadtime"),
                format!(
                    "read time {} is far from the body's {words} words, about {} at {WORDS_PER_MINUTE} words a minute",
                    minutes(stated as usize),
                    minutes(estimate(words))
                ),
                format!("Set estimatedreadtime to about {}", estimate(words)),
            ));
        }
        Some(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_time_is_far_only_when_off_by_half_and_by_two_minutes() {
        // 900 words is about 4.5 minutes.
        assert!(!far(5, 900));
        assert!(!far(6, 900));
        assert!(far(8, 900));
        assert!(far(1, 900));
        // Short posts: rounding a 300-word post up to 3 minutes is fine, 4 is not.
        assert!(!far(3, 300));
        assert!(far(4, 300));
        assert_eq!(estimate(0), 1);
        assert_eq!(estimate(900), 5);
    }
}
