//! The leads report: how many enquiries each source, medium, campaign, landing page, referrer
//! or month brought, and how many of them reached the inbox, from the outbox's lead records.
//!
//! A [`LeadRecord`] is what the outbox keeps of each enquiry for the report once the enquiry
//! itself may be gone: its id, when it was received, its [`Attribution`] and its delivery
//! outcome, and nothing the visitor typed (no name, email, phone, organisation or message).
//! Records are kept for the lead retention (`SUPPLYSITE_LEAD_RETENTION_DAYS`, 400 days by
//! default) and then purged.

use crate::contact::Attribution;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The default number of days a lead record is kept: a year and a month, so the same month of
/// last year can be compared.
pub const DEFAULT_LEAD_RETENTION_DAYS: u32 = 400;

pub use crate::ports::{LeadOutcome, LeadRecord};

/// What the report counts leads by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GroupBy {
    /// `utm_source`.
    Source,
    /// `utm_medium`.
    Medium,
    /// `utm_campaign`.
    Campaign,
    /// The landing page (its path, without the campaign parameters).
    Landing,
    /// The referrer's host.
    Referrer,
    /// The month received (UTC), `2026-11`.
    Month,
}

impl GroupBy {
    /// Every grouping, in the order the command lists them.
    pub const ALL: [GroupBy; 6] = [
        GroupBy::Source,
        GroupBy::Medium,
        GroupBy::Campaign,
        GroupBy::Landing,
        GroupBy::Referrer,
        GroupBy::Month,
    ];

    /// The grouping's name: `source`, `medium`, …
    pub fn as_str(self) -> &'static str {
        match self {
            GroupBy::Source => "source",
            GroupBy::Medium => "medium",
            GroupBy::Campaign => "campaign",
            GroupBy::Landing => "landing",
            GroupBy::Referrer => "referrer",
            GroupBy::Month => "month",
        }
    }

    /// The group of one record: its value, or [`NOT_CAPTURED`] when it has none (for the
    /// referrer, [`DIRECT`]: a visit with an attribution but no referrer came straight in).
    fn key(self, record: &LeadRecord) -> String {
        let a = record.attribution.as_ref();
        let value = |get: fn(&Attribution) -> &Option<String>| {
            a.and_then(|a| get(a).clone())
                .unwrap_or_else(|| NOT_CAPTURED.to_owned())
        };
        match self {
            GroupBy::Source => value(|a| &a.source),
            GroupBy::Medium => value(|a| &a.medium),
            GroupBy::Campaign => value(|a| &a.campaign),
            GroupBy::Landing => value(|a| &a.landing_page)
                .split('?')
                .next()
                .map_or_else(String::new, str::to_owned),
            GroupBy::Referrer => match a {
                None => NOT_CAPTURED.to_owned(),
                Some(a) => a.referrer.clone().unwrap_or_else(|| DIRECT.to_owned()),
            },
            GroupBy::Month => crate::enquiry::mail_date::month(record.received_at),
        }
    }
}

/// The group of leads whose value was not captured (no attribution: Global Privacy Control,
/// capture turned off, or an enquiry sent without a visit).
pub const NOT_CAPTURED: &str = "(not captured)";
/// The referrer group of visits that came with no referrer (typed, bookmarked, or from an app).
pub const DIRECT: &str = "(direct)";

/// The leads report: counts per group over a period, most leads first. This is the JSON
/// `supplysite enquiries report --format json` prints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LeadsReport {
    /// What the leads are counted by: `source`, `medium`, `campaign`, `landing`, `referrer` or
    /// `month`.
    pub by: GroupBy,
    /// The first day counted (UTC, `2026-01-31`), when the period has a start.
    pub since: Option<String>,
    /// The last day counted (UTC), when the period has an end.
    pub until: Option<String>,
    /// Every lead in the period.
    pub total: LeadCounts,
    /// One row per group, most leads first (by month: oldest first), ties by name.
    pub rows: Vec<LeadsRow>,
}

/// How many leads, and what became of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LeadCounts {
    /// Enquiries received.
    pub leads: u64,
    /// Of those, delivered to the inbox and Brevo.
    pub delivered: u64,
    /// Of those, still being delivered.
    pub pending: u64,
    /// Of those, given up on: an operator must look (`supplysite outbox list`).
    pub failed: u64,
}

impl LeadCounts {
    fn add(&mut self, outcome: LeadOutcome) {
        self.leads += 1;
        match outcome {
            LeadOutcome::Delivered => self.delivered += 1,
            LeadOutcome::Pending => self.pending += 1,
            LeadOutcome::Failed => self.failed += 1,
        }
    }
}

/// One group's counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LeadsRow {
    /// The group: a source, medium, campaign, landing path, referrer host or month, or
    /// `(not captured)` / `(direct)`.
    pub group: String,
    /// Its counts.
    #[serde(flatten)]
    pub counts: LeadCounts,
}

/// Counts `records` by `by`. `since` and `until` are the period's first and last days as
/// shown in the report (the caller chose the records by them).
pub fn report(
    records: &[LeadRecord],
    by: GroupBy,
    since: Option<String>,
    until: Option<String>,
) -> LeadsReport {
    let mut total = LeadCounts::default();
    let mut groups: BTreeMap<String, LeadCounts> = BTreeMap::new();
    for record in records {
        total.add(record.outcome);
        groups
            .entry(by.key(record))
            .or_default()
            .add(record.outcome);
    }
    let mut rows: Vec<LeadsRow> = groups
        .into_iter()
        .map(|(group, counts)| LeadsRow { group, counts })
        .collect();
    if by != GroupBy::Month {
        // Stable: ties keep the groups' alphabetical order.
        rows.sort_by_key(|row| std::cmp::Reverse(row.counts.leads));
    }
    LeadsReport {
        by,
        since,
        until,
        total,
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::EnquiryId;
    use crate::ports::JobState;
    use serde_json::json;

    fn record(
        n: u32,
        at: &str,
        attribution: serde_json::Value,
        outcome: LeadOutcome,
    ) -> LeadRecord {
        let received_at = crate::enquiry::mail_date::parse_day(at).unwrap();
        LeadRecord {
            id: EnquiryId::parse(format!("e{n}")).unwrap(),
            received_at,
            attribution: crate::contact::clean_attribution(Some(&attribution)).unwrap(),
            outcome,
        }
    }

    fn records() -> Vec<LeadRecord> {
        use LeadOutcome::*;
        vec![
            record(
                1,
                "2026-10-03",
                json!({"source": "Newsletter", "medium": "email", "campaign": "spring", "landingPage": "/insights/guide?utm_source=newsletter", "referrer": "mail.example.com"}),
                Delivered,
            ),
            record(
                2,
                "2026-10-20",
                json!({"source": "newsletter", "medium": "email", "campaign": "Spring", "landingPage": "/insights/guide"}),
                Delivered,
            ),
            record(
                3,
                "2026-11-02",
                json!({"source": "google", "medium": "cpc", "adClick": true, "landingPage": "/etender", "referrer": "www.google.com"}),
                Pending,
            ),
            record(4, "2026-11-05", json!(null), Failed),
            record(
                5,
                "2026-11-28",
                json!({"landingPage": "/", "referrer": "www.linkedin.com"}),
                Delivered,
            ),
        ]
    }

    #[test]
    fn the_outcome_is_failed_with_a_dead_job_delivered_with_all_and_pending_otherwise() {
        use JobState::*;
        assert_eq!(
            LeadOutcome::of([Delivered, Delivered]),
            LeadOutcome::Delivered
        );
        assert_eq!(LeadOutcome::of([Delivered, Pending]), LeadOutcome::Pending);
        assert_eq!(LeadOutcome::of([Pending, Dead]), LeadOutcome::Failed);
        assert_eq!(LeadOutcome::parse("failed"), Some(LeadOutcome::Failed));
        assert_eq!(LeadOutcome::parse("lost"), None);
    }

    #[test]
    fn sources_differing_only_in_case_are_one_row_and_rows_come_most_leads_first() {
        let r = report(&records(), GroupBy::Source, None, None);
        insta::assert_json_snapshot!(r);
    }

    #[test]
    fn every_grouping_counts_every_lead_once() {
        for by in GroupBy::ALL {
            let r = report(&records(), by, Some("2026-10-01".into()), None);
            let sum: u64 = r.rows.iter().map(|row| row.counts.leads).sum();
            assert_eq!(sum, 5, "{by:?}");
            assert_eq!(r.total.leads, 5);
        }
    }

    #[test]
    fn landing_pages_are_counted_without_their_query_and_months_oldest_first() {
        let landing = report(&records(), GroupBy::Landing, None, None);
        assert_eq!(landing.rows[0].group, "/insights/guide");
        assert_eq!(landing.rows[0].counts.leads, 2);
        let months = report(&records(), GroupBy::Month, None, None);
        let groups: Vec<&str> = months.rows.iter().map(|r| r.group.as_str()).collect();
        assert_eq!(groups, ["2026-10", "2026-11"]);
        let referrers = report(&records(), GroupBy::Referrer, None, None);
        let direct = referrers.rows.iter().find(|r| r.group == DIRECT).unwrap();
        assert_eq!(direct.counts.leads, 1, "{referrers:?}");
    }
}
