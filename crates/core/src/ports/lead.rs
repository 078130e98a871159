//! What the outbox keeps of each enquiry for the leads report: no name, email, phone,
//! organisation or message, only when it came, where the visit came from and what became of
//! it. The report itself is [`crate::leads`]; the record is the outbox port's, so it lives here.

use crate::contact::{Attribution, EnquiryId};
use crate::ports::{JobState, UnixMillis};
use serde::{Deserialize, Serialize};

/// What became of an enquiry's deliveries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LeadOutcome {
    /// Both deliveries made: the inbox has the email and Brevo the contact.
    Delivered,
    /// A delivery is still being tried.
    Pending,
    /// A delivery was given up on (dead-lettered); an operator must look.
    Failed,
}

impl LeadOutcome {
    /// The outcome of an enquiry whose jobs are in `states`: failed when one is dead,
    /// delivered when all are, pending otherwise.
    pub fn of(states: impl IntoIterator<Item = JobState>) -> LeadOutcome {
        let mut outcome = LeadOutcome::Delivered;
        for state in states {
            match state {
                JobState::Dead => return LeadOutcome::Failed,
                JobState::Pending => outcome = LeadOutcome::Pending,
                JobState::Delivered => {}
            }
        }
        outcome
    }

    /// `delivered`, `pending` or `failed`, as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            LeadOutcome::Delivered => "delivered",
            LeadOutcome::Pending => "pending",
            LeadOutcome::Failed => "failed",
        }
    }

    /// The outcome named by [`LeadOutcome::as_str`].
    pub fn parse(text: &str) -> Option<LeadOutcome> {
        [
            LeadOutcome::Delivered,
            LeadOutcome::Pending,
            LeadOutcome::Failed,
        ]
        .into_iter()
        .find(|o| o.as_str() == text)
    }
}

/// One enquiry as the leads report sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeadRecord {
    /// The enquiry's id.
    pub id: EnquiryId,
    /// When the enquiry was received.
    pub received_at: UnixMillis,
    /// Where the visit came from, when the page captured it.
    pub attribution: Option<Attribution>,
    /// What became of its deliveries.
    pub outcome: LeadOutcome,
}
