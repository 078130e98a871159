//! [`MailboxDelivery`]: the embedded default when no Brevo key is set. Each notification is
//! written as an `.eml` file into a folder (open it in any mail client), and each contact
//! upsert as `contacts/<email>.json`, so `make run` shows every enquiry without an account.

mod eml;

use crate::address::MailAddress;
use crate::brevo::BrevoClient;
use async_trait::async_trait;
use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::{Path, PathBuf};
use supplysite_core::ports::{DeliveryError, EnquiryDelivery, StoredEnquiry};

/// Delivers into a local folder.
#[derive(Clone, Debug)]
pub struct MailboxDelivery {
    folder: PathBuf,
    sender: MailAddress,
    inbox: MailAddress,
}

impl MailboxDelivery {
    /// Writes into `folder` (created when first needed), as mail from `sender` to `inbox`.
    pub fn new(folder: impl Into<PathBuf>, sender: MailAddress, inbox: MailAddress) -> Self {
        MailboxDelivery {
            folder: folder.into(),
            sender,
            inbox,
        }
    }

    /// The folder written to.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// The file the notification of enquiry `stored` is written to.
    pub fn message_path(&self, stored: &StoredEnquiry) -> PathBuf {
        self.folder.join(format!("{}.eml", stored.id))
    }

    /// The file the contact of `email` is written to.
    pub fn contact_path(&self, email: &str) -> PathBuf {
        self.folder
            .join("contacts")
            .join(format!("{}.json", file_stem(email)))
    }
}

/// `email` as a safe file name: lower case; anything but letters, digits and `@ . _ + -`
/// as `_`; never starting with a dot; long ones cut and told apart by a hash.
fn file_stem(email: &str) -> String {
    let mut stem: String = email
        .to_lowercase()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '@' | '.' | '_' | '+' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if stem.starts_with('.') {
        stem.insert(0, '_');
    }
    if stem.len() > 200 {
        let hash = hex::encode(&Sha256::digest(email.as_bytes())[..8]);
        stem.truncate(200);
        stem.push('-');
        stem.push_str(&hash);
    }
    stem
}

/// Writes `bytes` to `path` all or nothing: a temporary file beside it, synced, then renamed
/// over it, so a reader (or a crash) never sees half a file.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let folder = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(folder)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let tmp = folder.join(format!(".{name}.{:016x}.tmp", rand::random::<u64>()));
    let written = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

async fn blocking(
    what: &'static str,
    op: impl FnOnce() -> std::io::Result<()> + Send + 'static,
) -> Result<(), DeliveryError> {
    let outcome = tokio::task::spawn_blocking(op).await;
    let reason = match outcome {
        Ok(Ok(())) => return Ok(()),
        Ok(Err(e)) => format!("cannot write the {what} to the mailbox folder: {e}"),
        Err(e) => format!("writing the {what} did not finish: {e}"),
    };
    tracing::warn!(%reason, "mailbox delivery failed; will retry");
    Err(DeliveryError::Transient {
        reason,
        retry_after: None,
    })
}

#[async_trait]
impl EnquiryDelivery for MailboxDelivery {
    /// Writes `<folder>/<enquiry id>.eml`, unless it is there already (a repeat of a
    /// delivered job writes nothing).
    async fn notify_inbox(&self, enquiry: &StoredEnquiry) -> Result<(), DeliveryError> {
        let path = self.message_path(enquiry);
        let message = eml::message(enquiry, &self.sender, &self.inbox);
        let id = enquiry.id.clone();
        blocking("message", move || {
            if path.exists() {
                return Ok(());
            }
            write_atomically(&path, message.as_bytes())?;
            tracing::info!(enquiry = %id, path = %path.display(), "enquiry written to the local mailbox");
            Ok(())
        })
        .await
    }

    /// Writes `<folder>/contacts/<email>.json` with the body Brevo would be sent, replacing
    /// an earlier one for the same address (an update, as Brevo's `updateEnabled` does).
    async fn upsert_contact(&self, enquiry: &StoredEnquiry) -> Result<(), DeliveryError> {
        let path = self.contact_path(enquiry.enquiry.email());
        let mut json = serde_json::to_vec_pretty(&BrevoClient::contact_body(enquiry, true))
            .expect("a JSON value serialises");
        json.push(b'\n');
        blocking("contact", move || write_atomically(&path, &json)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_stems_are_safe_and_distinct() {
        assert_eq!(
            file_stem("Ada.Lovelace+x@Example.com"),
            "ada.lovelace+x@example.com"
        );
        assert_eq!(file_stem("a/b\\c'd@x.y"), "a_b_c_d@x.y");
        assert_eq!(file_stem(".hidden@x.y"), "_.hidden@x.y");
        let long_a = format!("{}a@example.com", "x".repeat(240));
        let long_b = format!("{}b@example.com", "x".repeat(240));
        assert_ne!(file_stem(&long_a), file_stem(&long_b));
        assert!(file_stem(&long_a).len() <= 217);
    }
}
