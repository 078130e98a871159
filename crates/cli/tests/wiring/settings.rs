//! A malformed enquiry or live-content setting stops start-up with exit status 2 and a message
//! naming the setting; a secret in it is never echoed.

use crate::support::{serve, workdir};

fn refused(settings: &[(&str, &str)]) -> String {
    let dir = workdir();
    let mut cmd = serve(dir.path());
    for (k, v) in settings {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{settings:?}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn malformed_settings_stop_start_up_naming_them_and_never_echo_a_secret() {
    let err = refused(&[("SUPPLYSITE_CONTACT_RATE_PER_MINUTE", "lots")]);
    assert!(
        err.contains("SUPPLYSITE_CONTACT_RATE_PER_MINUTE / --contact-rate-per-minute"),
        "{err}"
    );
    // The proxy count is replaced by the list: refused, naming both.
    let err = refused(&[("SUPPLYSITE_TRUST_FORWARDED_FOR", "1")]);
    assert!(err.contains("SUPPLYSITE_TRUST_FORWARDED_FOR"), "{err}");
    assert!(err.contains("SUPPLYSITE_TRUSTED_PROXIES"), "{err}");
    let err = refused(&[("SUPPLYSITE_TRUSTED_PROXIES", "nginx")]);
    assert!(err.contains("SUPPLYSITE_TRUSTED_PROXIES"), "{err}");
    let err = refused(&[("SUPPLYSITE_METRICS_BIND", "everywhere")]);
    assert!(err.contains("SUPPLYSITE_METRICS_BIND"), "{err}");
    let err = refused(&[("SUPPLYSITE_DRAIN_SECONDS", "forever")]);
    assert!(err.contains("--drain-seconds"), "{err}");
    let err = refused(&[("BREVO_API_KEY", "xkeysib-leaky-key")]);
    assert!(err.contains("CONTACT_SENDER / --contact-sender"), "{err}");
    assert!(!err.contains("leaky"), "{err}");
    let err = refused(&[("RECAPTCHA_SECRET", "leaky-recaptcha")]);
    assert!(err.contains("RECAPTCHA_SITE_KEY"), "{err}");
    assert!(!err.contains("leaky"), "{err}");
    let err = refused(&[("CONTACT_INBOX", "nobody")]);
    assert!(err.contains("CONTACT_INBOX / --contact-inbox"), "{err}");
    let err = refused(&[("CONTENTFUL_ACCESS_TOKEN", "leaky-token")]);
    assert!(err.contains("CONTENTFUL_SPACE_ID is not set"), "{err}");
    assert!(!err.contains("leaky"), "{err}");
    let err = refused(&[
        ("CONTENTFUL_SPACE_ID", "space"),
        ("CONTENTFUL_ACCESS_TOKEN", "token"),
        ("CONTENTFUL_GRAPHQL_HOST", "graphql.contentful.com"),
    ]);
    assert!(err.contains("CONTENTFUL_GRAPHQL_HOST"), "{err}");
    let err = refused(&[("SUPPLYSITE_OUTBOX_LEASE_SECONDS", "0")]);
    assert!(
        err.contains("SUPPLYSITE_OUTBOX_LEASE_SECONDS / --outbox-lease-seconds: invalid number of seconds \"0\""),
        "{err}"
    );
    let err = refused(&[("SUPPLYSITE_POLL_SECONDS", "often")]);
    assert!(
        err.contains("SUPPLYSITE_POLL_SECONDS / --poll-seconds"),
        "{err}"
    );
}

#[test]
fn a_shared_database_that_is_malformed_or_unreachable_stops_start_up_without_its_password() {
    let err = refused(&[("SUPPLYSITE_DATABASE_URL", "mysql://site:leaky-pw@db/shop")]);
    assert!(
        err.contains("SUPPLYSITE_DATABASE_URL / --database-url: invalid PostgreSQL URL"),
        "{err}"
    );
    assert!(!err.contains("leaky"), "{err}");
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let err = refused(&[(
        "SUPPLYSITE_DATABASE_URL",
        &format!("postgres://site:leaky-pw@127.0.0.1:{port}/shop"),
    )]);
    assert!(
        err.contains(&format!(
            "SUPPLYSITE_DATABASE_URL / --database-url: cannot use the database postgres://site@127.0.0.1:{port}/shop"
        )),
        "{err}"
    );
    assert!(!err.contains("leaky"), "{err}");
}
