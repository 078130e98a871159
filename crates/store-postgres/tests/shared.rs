//! What several servers share through one PostgreSQL database besides the outbox: used robot
//! challenges, the contact rate limit, content notices; and how start-up treats the database
//! (migrations raced by servers starting together, a newer schema, a database that is down).

use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use supplysite_core::ports::{ChallengeLedger, Spent, UsedChallenge};
use supplysite_core::ports::{SeenSignatures, SharedAllowance, UnixMillis};
use supplysite_store_postgres::testing::TestPostgres;
use supplysite_store_postgres::{
    ConnectError, ContentNotice, DatabaseUrl, PgStore, SCHEMA_VERSION,
};

const T0: UnixMillis = UnixMillis(1_700_000_000_000);

async fn two_servers(pg: &TestPostgres, db: &str) -> (PgStore, PgStore) {
    let url = DatabaseUrl::parse(&pg.database(db)).unwrap();
    let (a, b) = tokio::join!(PgStore::connect(&url), PgStore::connect(&url));
    (a.unwrap(), b.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shared_state_holds_across_servers() {
    let mut pg = TestPostgres::start();

    // Servers starting together: both migrate without racing; the schema is recorded once.
    let (a, b) = two_servers(&pg, "together").await;

    // A challenge spent on one server is spent on the other; at once, only one wins.
    let later = T0.after(Duration::from_secs(600));
    assert_eq!(
        a.spend(UsedChallenge::new("c1", later), T0).await.unwrap(),
        Spent::Fresh
    );
    assert_eq!(
        b.spend(UsedChallenge::new("c1", later), T0).await.unwrap(),
        Spent::AlreadyUsed
    );
    let (x, y) = tokio::join!(
        a.spend(UsedChallenge::new("c2", later), T0),
        b.spend(UsedChallenge::new("c2", later), T0)
    );
    let mut both = [x.unwrap(), y.unwrap()];
    both.sort_by_key(|s| *s == Spent::Fresh);
    assert_eq!(both, [Spent::AlreadyUsed, Spent::Fresh]);
    // Capacity: the soonest to expire go, the newcomer stays.
    let small = a.clone().with_challenge_capacity(2);
    assert_eq!(
        small
            .spend(
                UsedChallenge::new("c3", later.after(Duration::from_secs(1))),
                T0
            )
            .await
            .unwrap(),
        Spent::Fresh
    );
    assert_eq!(
        b.spend(UsedChallenge::new("c3", later), T0).await.unwrap(),
        Spent::AlreadyUsed
    );
    assert_eq!(
        b.spend(UsedChallenge::new("c1", later), T0).await.unwrap(),
        Spent::Fresh,
        "c1 made room"
    );

    // A signed webhook accepted by one server is a replay on the other, until it expires.
    let lifetime = T0.after(Duration::from_secs(30));
    assert!(a.first_use("sig1", lifetime, T0).await.unwrap());
    assert!(!b.first_use("sig1", lifetime, T0).await.unwrap());
    assert!(!a.first_use("sig1", lifetime, T0).await.unwrap());
    let (x, y) = tokio::join!(
        a.first_use("sig2", lifetime, T0),
        b.first_use("sig2", lifetime, T0)
    );
    assert_eq!(
        [x.unwrap(), y.unwrap()].iter().filter(|&&new| new).count(),
        1,
        "of two servers given the same request at once, one accepts it"
    );
    let after = lifetime.after(Duration::from_millis(1));
    assert!(
        b.first_use("sig1", after.after(Duration::from_secs(30)), after)
            .await
            .unwrap(),
        "an expired use is forgotten (the time check refuses such a request anyway)"
    );

    // Five a minute per client, counted across both servers; another client is untouched.
    let five = NonZeroU32::new(5).unwrap();
    for n in 0..5 {
        let server = if n % 2 == 0 { &a } else { &b };
        assert_eq!(
            server.take("198.51.100.7", five, T0).await.unwrap(),
            None,
            "request {n}"
        );
    }
    let wait = b
        .take("198.51.100.7", five, T0)
        .await
        .unwrap()
        .expect("the sixth waits");
    assert_eq!(
        wait,
        Duration::from_secs(12),
        "one request's share of the minute"
    );
    assert_eq!(a.take("198.51.100.8", five, T0).await.unwrap(), None);
    // Twelve seconds on, one more is allowed, on either server.
    let on = T0.after(Duration::from_secs(12));
    assert_eq!(a.take("198.51.100.7", five, on).await.unwrap(), None);
    assert!(b.take("198.51.100.7", five, on).await.unwrap().is_some());

    // Content notices reach every listener, and a listener whose connection is cut listens
    // again once the database is back.
    let heard = Arc::new(Mutex::new(Vec::<ContentNotice>::new()));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let notices = b.content_notices();
    let sink = Arc::clone(&heard);
    let follower = tokio::spawn(async move {
        notices
            .follow(move |v| sink.lock().unwrap().push(v), async {
                let _ = stopped.await;
            })
            .await;
    });
    let publisher = a.content_notices();
    until(
        "the first notice is heard",
        || {
            let p = publisher.clone();
            async move {
                let _ = p.publish(&ContentNotice::Version("v2".into())).await;
            }
        },
        || {
            heard
                .lock()
                .unwrap()
                .contains(&ContentNotice::Version("v2".into()))
        },
    )
    .await;

    pg.stop();
    pg.start_again();
    until(
        "a notice is heard after the database restarted",
        || {
            let p = publisher.clone();
            async move {
                let _ = p.publish(&ContentNotice::Changed).await;
            }
        },
        || heard.lock().unwrap().contains(&ContentNotice::Changed),
    )
    .await;
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(5), follower)
        .await
        .expect("the listener stops when told")
        .unwrap();
}

/// Does `poke` every 100 ms until `done`, failing after 20 s.
async fn until<F, Fut>(what: &str, poke: F, done: impl Fn() -> bool)
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done() {
        assert!(Instant::now() < deadline, "{what}: not within 20 s");
        poke().await;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_up_errors_name_the_database_but_never_the_password() {
    let pg = TestPostgres::start();
    // Nothing listens on this port: a clear error, quickly, without the password.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let url = DatabaseUrl::parse(&format!("postgres://site:s3cret@127.0.0.1:{port}/shop")).unwrap();
    let started = Instant::now();
    let err = PgStore::connect(&url).await.unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(15));
    let text = err.to_string();
    assert!(matches!(err, ConnectError::Unreachable { .. }), "{text}");
    assert!(
        text.contains(&format!("postgres://site@127.0.0.1:{port}/shop")),
        "{text}"
    );
    assert!(!text.contains("s3cret"), "{text}");

    // A database written by a newer build is refused by version.
    let url = DatabaseUrl::parse(&pg.database("newer")).unwrap();
    drop(PgStore::connect(&url).await.unwrap());
    let (client, connection) =
        tokio_postgres::connect(&pg.database_url("newer"), tokio_postgres::NoTls)
            .await
            .unwrap();
    tokio::spawn(connection);
    client
        .execute(
            "INSERT INTO supplysite_schema (version) VALUES ($1)",
            &[&(SCHEMA_VERSION + 1)],
        )
        .await
        .unwrap();
    let err = PgStore::connect(&url).await.unwrap_err();
    assert!(matches!(err, ConnectError::NewerSchema { .. }), "{err}");
}
