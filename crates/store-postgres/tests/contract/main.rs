//! The outbox port's contract (the suite every outbox keeps, from the test kit) against the
//! PostgreSQL database several servers share: each case gets a fresh database and two
//! connections onto it (two "servers").

use std::sync::Arc;
use supplysite_store_postgres::testing::TestPostgres;
use supplysite_store_postgres::{DatabaseUrl, PgStore};
use supplysite_testkit::outbox_contract::{Handles, run_durable};

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_postgres_snapshots_keep_the_contract() {
    use supplysite_testkit::snapshot_contract;
    let pg = TestPostgres::start();
    snapshot_contract::run("the postgres snapshots", |name| {
        let url = DatabaseUrl::parse(&pg.database(name)).unwrap();
        async move {
            snapshot_contract::Handles {
                a: Arc::new(PgStore::connect(&url).await.unwrap()),
                b: Arc::new(PgStore::connect(&url).await.unwrap()),
            }
        }
    })
    .await;
}
