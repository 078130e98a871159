//! How every outbox names an enquiry and recognises a form sent again, so the SQLite outbox and
//! a shared database's outbox agree: one rule, here.

use crate::contact::{Enquiry, EnquiryId};
use crate::ports::UnixMillis;

/// A new enquiry id: a UUID (Brevo wants its idempotency keys to be UUIDs), version 7 so that
/// ids sort by the time they were received. `random` fills the rest (the caller's random
/// source: core does no I/O).
pub fn new_id(received_at: UnixMillis, random: [u8; 10]) -> EnquiryId {
    let millis = u64::try_from(received_at.0).unwrap_or(0);
    let id = uuid::Builder::from_unix_timestamp_millis(millis, &random).into_uuid();
    EnquiryId::parse(id.to_string()).expect("a UUID is a valid enquiry id")
}

/// When the enquiry named `id` was received, read back from an id [`new_id`] made; `None` for
/// an id of another kind (an operator's hand-made id, say).
pub fn received_at(id: &EnquiryId) -> Option<UnixMillis> {
    let uuid = uuid::Uuid::parse_str(id.as_str()).ok()?;
    if uuid.get_version_num() != 7 {
        return None;
    }
    let (secs, nanos) = uuid.get_timestamp()?.to_unix();
    let millis = secs.checked_mul(1000)? + u64::from(nanos / 1_000_000);
    Some(UnixMillis(i64::try_from(millis).ok()?))
}

/// SHA-256 of the address (lowercased) and the message: what makes two forms "identical"
/// for folding, without keeping a second copy of the message in an index.
pub fn fingerprint(enquiry: &Enquiry) -> String {
    use sha2::{Digest, Sha256};
    let mut hash = Sha256::new();
    hash.update(enquiry.email().to_ascii_lowercase().as_bytes());
    hash.update([0]);
    hash.update(enquiry.message().unwrap_or("").as_bytes());
    hex::encode(hash.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_version_7_uuids_that_sort_by_the_time_received() {
        let early = new_id(UnixMillis(1_700_000_000_000), [0xff; 10]);
        let late = new_id(UnixMillis(1_700_000_000_001), [0; 10]);
        let parsed = uuid::Uuid::parse_str(early.as_str()).unwrap();
        assert_eq!(parsed.get_version_num(), 7);
        assert!(early.as_str() < late.as_str(), "{early:?} {late:?}");
    }

    #[test]
    fn the_time_received_is_read_back_from_the_id_and_only_from_ids_made_here() {
        let id = new_id(UnixMillis(1_700_000_000_123), [7; 10]);
        assert_eq!(received_at(&id), Some(UnixMillis(1_700_000_000_123)));
        let v4 = EnquiryId::parse("0190a1b2-c3d4-4e5f-8a9b-0c1d2e3f4a5b").unwrap();
        assert_eq!(received_at(&v4), None);
        assert_eq!(received_at(&EnquiryId::parse("by-hand").unwrap()), None);
    }
}
