//! The outbox port's contract, one suite run against every implementation: core's in-memory
//! fake, the SQLite file of a single server and the PostgreSQL database shared by several.
//! Each case gets a fresh store and two handles onto it (two "servers"); every case runs, and
//! each that fails is named.

mod cases;

use std::future::Future;
use std::sync::Arc;
use supplysite_core::ports::EnquiryOutbox;
use supplysite_core::ports::fakes::FakeOutbox;
use supplysite_core::ports::suite::run_suite;
use supplysite_mail_adapter::SqliteOutbox;
use supplysite_store_postgres::testing::TestPostgres;
use supplysite_store_postgres::{DatabaseUrl, PgStore};

/// Two handles onto one fresh store.
pub struct Handles {
    pub a: Arc<dyn EnquiryOutbox>,
    pub b: Arc<dyn EnquiryOutbox>,
}

/// Runs the port's cases, then the durable stores' own, on stores made by `fresh`.
async fn run_durable<F, Fut>(implementation: &str, mut fresh: F)
where
    F: FnMut(&'static str) -> Fut,
    Fut: Future<Output = Handles>,
{
    run_suite(implementation, cases::ALL, &mut fresh).await;
    run_suite(implementation, cases::DURABLE, &mut fresh).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_outbox_keeps_the_contract() {
    run_suite("the fake outbox", cases::ALL, |_| async {
        let fake = Arc::new(FakeOutbox::new());
        Handles {
            a: Arc::clone(&fake) as Arc<dyn EnquiryOutbox>,
            b: fake,
        }
    })
    .await;
}

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_postgres_outbox_keeps_the_contract() {
    let pg = TestPostgres::start();
    run_durable("the postgres outbox", |name| {
        let url = DatabaseUrl::parse(&pg.database(name)).unwrap();
        async move {
            Handles {
                a: Arc::new(PgStore::connect(&url).await.unwrap()),
                b: Arc::new(PgStore::connect(&url).await.unwrap()),
            }
        }
    })
    .await;
}

/// What every case uses.
pub mod support {
    use std::time::Duration;
    use supplysite_core::contact::{ContactForm, Enquiry};
    use supplysite_core::ports::UnixMillis;

    /// 2023-11-14T22:13:20Z.
    pub const T0: UnixMillis = UnixMillis(1_700_000_000_000);

    /// The lease the cases claim with.
    pub const LEASE: Duration = Duration::from_secs(60);

    /// A valid enquiry from `email`, with `message`.
    pub fn enquiry_saying(email: &str, message: &str) -> Enquiry {
        Enquiry::parse(ContactForm {
            firstname: "Ada".into(),
            lastname: "Lovelace".into(),
            org_name: "Analytical Engines Pty Ltd".into(),
            phone: "+61 2 9000 0000".into(),
            email: email.into(),
            message: message.into(),
            robot_checked: true,
        })
        .expect("the test enquiry is valid")
    }

    /// A valid enquiry from `email`.
    pub fn enquiry(email: &str) -> Enquiry {
        enquiry_saying(email, &format!("Please call {email} about eRFx."))
    }
}
