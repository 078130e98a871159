//! How every outbox names an enquiry and recognises a form sent again, so the SQLite outbox and
//! a shared database's outbox agree.

use supplysite_core::contact::{Enquiry, EnquiryId};
use supplysite_core::ports::UnixMillis;

/// A new enquiry id: a UUID (Brevo wants its idempotency keys to be UUIDs), version 7 so that
/// ids sort by the time they were received.
pub fn new_id(received_at: UnixMillis) -> EnquiryId {
    let millis = u64::try_from(received_at.0).unwrap_or(0);
    let ts = uuid::Timestamp::from_unix(
        uuid::NoContext,
        millis / 1000,
        u32::try_from(millis % 1000).unwrap_or(0) * 1_000_000,
    );
    EnquiryId::parse(uuid::Uuid::new_v7(ts).to_string()).expect("a UUID is a valid enquiry id")
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
