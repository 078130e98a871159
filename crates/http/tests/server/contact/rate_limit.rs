use crate::support::contact::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use supplysite_core::ports::{AllowanceError, SharedAllowance, UnixMillis};
use supplysite_http::handlers::contact::ContactSettings;

/// A valid form with a message of its own each time, so that no two are folded together as
/// the same form sent twice.
fn distinct_form() -> serde_json::Value {
    static SENT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = SENT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut form = valid_form(GOOD_TOKEN);
    form["message"] = format!("Enquiry number {n}.").into();
    form
}

fn from(peer: &str, forwarded_for: Option<&str>) -> Request<Body> {
    let mut request = Request::post("/api/contact").header("content-type", "application/json");
    if let Some(xff) = forwarded_for {
        request = request.header("x-forwarded-for", xff);
    }
    from_peer(
        request
            .body(Body::from(distinct_form().to_string()))
            .unwrap(),
        peer,
    )
}

#[tokio::test]
async fn a_client_past_five_a_minute_gets_429_with_retry_after_and_others_still_get_through() {
    let fakes = Fakes::new();
    let app = app_over(&fakes);
    for n in 0..5 {
        let answer = app.answer(from(PEER, None)).await;
        assert_eq!(
            answer.status,
            StatusCode::OK,
            "enquiry {n}: {}",
            answer.text
        );
    }
    let answer = app.answer(from(PEER, None)).await;
    assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS);
    // Five a minute refill one every twelve seconds.
    let retry_after: u64 = answer.header("retry-after").parse().unwrap();
    assert!((1..=12).contains(&retry_after), "{retry_after}");
    assert!(answer.message().contains("try again"));
    assert_eq!(fakes.outbox.enquiries().len(), 5);

    let other = app.answer(from("198.51.100.20:5000", None)).await;
    assert_eq!(other.status, StatusCode::OK);
}

#[tokio::test]
async fn the_allowance_is_a_setting() {
    let fakes = Fakes::new();
    let app = app(Some(fakes.enquiries()), contact_settings(1, ""));
    assert_eq!(app.answer(from(PEER, None)).await.status, StatusCode::OK);
    let answer = app.answer(from(PEER, None)).await;
    assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(answer.header("retry-after"), "60");
}

#[tokio::test]
async fn forwarded_for_is_ignored_unless_proxies_are_trusted() {
    let fakes = Fakes::new();
    let app = app(Some(fakes.enquiries()), contact_settings(1, ""));
    assert_eq!(
        app.answer(from(PEER, Some("192.0.2.1"))).await.status,
        StatusCode::OK
    );
    // A script cannot pick a fresh address per request.
    assert_eq!(
        app.answer(from(PEER, Some("192.0.2.2"))).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
}

#[tokio::test]
async fn forwarded_for_from_a_peer_that_is_not_a_trusted_proxy_is_ignored() {
    let fakes = Fakes::new();
    let app = app(Some(fakes.enquiries()), contact_settings(1, "10.0.0.0/8"));
    let direct = "198.51.100.40:5000";
    assert_eq!(
        app.answer(from(direct, Some("192.0.2.1"))).await.status,
        StatusCode::OK
    );
    // Reaching the server directly, a script cannot pick a fresh address per request.
    assert_eq!(
        app.answer(from(direct, Some("192.0.2.2"))).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
}

#[tokio::test]
async fn behind_one_trusted_proxy_clients_are_told_apart_by_the_address_it_appended() {
    let fakes = Fakes::new();
    let app = app(Some(fakes.enquiries()), contact_settings(1, "10.0.0.0/8"));
    let proxy = "10.0.0.2:443";
    assert_eq!(
        app.answer(from(proxy, Some("192.0.2.1"))).await.status,
        StatusCode::OK
    );
    assert_eq!(
        app.answer(from(proxy, Some("192.0.2.2"))).await.status,
        StatusCode::OK
    );
    // The client wrote a fake entry of its own; the proxy's own entry still counts.
    assert_eq!(
        app.answer(from(proxy, Some("6.6.6.6, 192.0.2.1")))
            .await
            .status,
        StatusCode::TOO_MANY_REQUESTS
    );
    let visitor: std::net::IpAddr = "192.0.2.2".parse().unwrap();
    assert_eq!(
        fakes.robot.calls()[1].1,
        Some(visitor),
        "the robot check hears the forwarded address"
    );
}

#[tokio::test]
async fn a_full_table_of_limited_clients_still_admits_a_newcomer() {
    let fakes = Fakes::new();
    let settings = ContactSettings {
        limiter_capacity: 4,
        ..contact_settings(1, "")
    };
    let app = app(Some(fakes.enquiries()), settings);
    // Four clients use their allowance: the table is full of clients still being limited.
    for n in 1..=4 {
        let peer = format!("198.51.100.{n}:4000");
        assert_eq!(app.answer(from(&peer, None)).await.status, StatusCode::OK);
        assert_eq!(
            app.answer(from(&peer, None)).await.status,
            StatusCode::TOO_MANY_REQUESTS
        );
    }
    let answer = app.answer(from("192.0.2.77:4000", None)).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
}

#[tokio::test]
async fn posts_that_are_not_well_formed_submissions_spend_no_allowance() {
    let fakes = Fakes::new();
    let app = app(Some(fakes.enquiries()), contact_settings(1, ""));
    for _ in 0..5 {
        let cross_site = from_peer(
            Request::post("/api/contact")
                .header("content-type", "text/plain")
                .body(Body::from(distinct_form().to_string()))
                .unwrap(),
            PEER,
        );
        assert_eq!(
            app.answer(cross_site).await.status,
            StatusCode::UNSUPPORTED_MEDIA_TYPE
        );
        assert_eq!(
            app.answer(contact_request("{not json")).await.status,
            StatusCode::BAD_REQUEST
        );
    }
    assert_eq!(app.answer(from(PEER, None)).await.status, StatusCode::OK);
}

/// A shared allowance that answers as told: a wait, or unreachable.
struct Shared(Result<Option<std::time::Duration>, AllowanceError>);

#[async_trait::async_trait]
impl SharedAllowance for Shared {
    async fn take(
        &self,
        _client: &str,
        _per_minute: std::num::NonZeroU32,
        _now: UnixMillis,
    ) -> Result<Option<std::time::Duration>, AllowanceError> {
        self.0.clone()
    }
}

#[tokio::test]
async fn a_shared_allowance_decides_and_while_it_is_unreachable_each_server_counts_in_memory() {
    use std::sync::Arc;
    use supplysite_http::handlers::contact::ContactDesk;
    let fakes = Fakes::new();
    // Another server used this client's allowance: refused here too, with the shared wait.
    let spent = Shared(Ok(Some(std::time::Duration::from_secs(7))));
    let desk = ContactDesk::new(fakes.enquiries(), contact_settings(5, ""))
        .with_shared_allowance(Arc::new(spent));
    let answer = app_with(Some(desk)).answer(from(PEER, None)).await;
    assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(answer.header("retry-after"), "7");
    assert!(fakes.outbox.enquiries().is_empty());

    // Unreachable: the server's own count (one a minute here) still holds.
    let down = Shared(Err(AllowanceError {
        reason: "no connection within 5 seconds".into(),
    }));
    let desk = ContactDesk::new(fakes.enquiries(), contact_settings(1, ""))
        .with_shared_allowance(Arc::new(down));
    let app = app_with(Some(desk));
    assert_eq!(app.answer(from(PEER, None)).await.status, StatusCode::OK);
    assert_eq!(
        app.answer(from(PEER, None)).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
}
