//! `SqliteOutbox`: the outbox port's contract (the suite every outbox keeps, from the test
//! kit), then what only a file promises: durability across reopening, and a clear error for a
//! path that cannot be created.

use std::sync::Arc;
use supplysite_core::ports::EnquiryOutbox;
use supplysite_mail_adapter::SqliteOutbox;
use supplysite_testkit::outbox_contract::{Handles, claims_ada_s_pending_jobs, run_durable};
// The test kit's enquiry, which the contract's assertions expect back.
use supplysite_testkit::{T0, enquiry};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sqlite_outbox_keeps_the_contract() {
    let dir = tempfile::tempdir().unwrap();
    run_durable("the sqlite outbox", |name| {
        let path = dir.path().join(format!("{name}.sqlite3"));
        async move {
            Handles {
                a: Arc::new(SqliteOutbox::open(&path).unwrap()),
                b: Arc::new(SqliteOutbox::open(&path).unwrap()),
            }
        }
    })
    .await;
}

#[tokio::test]
async fn a_stored_enquiry_and_its_pending_jobs_survive_closing_and_reopening_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("outbox.sqlite3");
    let id = {
        let outbox = SqliteOutbox::open(&path).unwrap();
        outbox.store(&enquiry("ada@example.com"), T0).await.unwrap()
    };

    let reopened = SqliteOutbox::open(&path).unwrap();
    claims_ada_s_pending_jobs(&reopened, &id).await;
}

#[tokio::test]
async fn a_file_that_cannot_be_created_is_an_error_naming_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("not-a-folder");
    std::fs::write(&blocker, "").unwrap();
    let err = SqliteOutbox::open(blocker.join("outbox.sqlite3")).unwrap_err();
    assert!(err.to_string().contains("not-a-folder"), "{err}");
}
