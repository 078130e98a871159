//! `BrevoClient` against the fake Brevo: exact request shapes, every failure it can answer
//! with, timeouts, refused connections, and escaping of what visitors type.

use crate::support::{enquiry, stored};
use serde_json::json;
use std::time::Duration;
use supplysite_core::contact::{ContactForm, Enquiry};
use supplysite_core::ports::{DeliveryError, EnquiryDelivery, StoredEnquiry};
use supplysite_mail_adapter::fake_brevo::{CONTACTS, EMAIL, FakeBrevo, KEY, Reply, refused_url};
use supplysite_mail_adapter::{BrevoClient, BrevoConfig, MailAddress, Secret, notification};

pub fn client(base_url: &str, timeout: Duration) -> BrevoClient {
    let mut config = BrevoConfig::new(
        Secret::new(KEY),
        MailAddress::parse("Supplysite Website <website@supplysite.com.au>").unwrap(),
        MailAddress::parse("Supplysite <info@supplysite.com.au>").unwrap(),
    );
    config.base_url = base_url.to_owned();
    config.timeout = timeout;
    BrevoClient::new(config).unwrap()
}

/// Sends the inbox's notification of `e` through a client of `brevo`, which must accept it.
async fn notify(brevo: &FakeBrevo, e: &StoredEnquiry) {
    client(&brevo.base_url, Duration::from_secs(5))
        .notify_inbox(e)
        .await
        .unwrap();
}

#[tokio::test]
async fn the_email_goes_to_the_inbox_with_the_visitor_as_reply_to_and_the_id_as_idempotency_key() {
    let brevo = FakeBrevo::start().await.unwrap();
    let e = stored(enquiry("ada@example.com"));
    notify(&brevo, &e).await;

    let requests = brevo.requests_to(EMAIL);
    assert_eq!(requests.len(), 1);
    let r = &requests[0];
    assert_eq!(brevo.violations(), Vec::<String>::new());
    assert_eq!(r.headers["api-key"], KEY);
    assert_eq!(r.headers["accept"], "application/json");
    assert_eq!(r.headers["content-type"], "application/json");
    assert_eq!(
        r.body,
        json!({
            "sender": {"name": "Supplysite Website", "email": "website@supplysite.com.au"},
            "to": [{"email": "info@supplysite.com.au", "name": "Supplysite"}],
            "replyTo": {"email": "ada@example.com", "name": "Ada Lovelace"},
            "subject": "Website enquiry from Ada Lovelace (Analytical Engines Pty Ltd)",
            "htmlContent": notification::html(&e),
            "headers": {"idempotencyKey": "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"},
        })
    );
    let html = r.body["htmlContent"].as_str().unwrap();
    for shown in [
        "Ada Lovelace",
        "Analytical Engines Pty Ltd",
        "+61 2 9000 0000",
        "ada@example.com",
        "Please call me about eRFx.",
    ] {
        assert!(html.contains(shown), "{shown} missing from {html}");
    }
    assert_eq!(brevo.emails_sent("0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"), 1);
}

#[tokio::test]
async fn the_contact_is_upserted_with_its_attributes() {
    let brevo = FakeBrevo::start().await.unwrap();
    client(&brevo.base_url, Duration::from_secs(5))
        .upsert_contact(&stored(enquiry("ada@example.com")))
        .await
        .unwrap();
    let r = &brevo.requests_to(CONTACTS)[0];
    assert_eq!(brevo.violations(), Vec::<String>::new());
    assert_eq!(r.headers["api-key"], KEY);
    assert_eq!(
        r.body,
        json!({
            "email": "ada@example.com",
            "attributes": {
                "FIRSTNAME": "Ada", "LASTNAME": "Lovelace",
                "ORGANISATION": "Analytical Engines Pty Ltd", "PHONE": "+61 2 9000 0000"
            },
            "updateEnabled": true,
        })
    );
}

#[tokio::test]
async fn a_repeated_email_carries_the_same_key_so_brevo_sends_it_once() {
    let brevo = FakeBrevo::start().await.unwrap();
    let brevo_client = client(&brevo.base_url, Duration::from_secs(5));
    let e = stored(enquiry("ada@example.com"));
    brevo_client.notify_inbox(&e).await.unwrap();
    brevo_client.notify_inbox(&e).await.unwrap();
    assert_eq!(brevo.requests_to(EMAIL).len(), 2);
    assert_eq!(brevo.total_emails(), 1);
}

async fn failure(reply: Reply) -> DeliveryError {
    let brevo = FakeBrevo::start().await.unwrap();
    brevo.script(EMAIL, reply);
    client(&brevo.base_url, Duration::from_secs(5))
        .notify_inbox(&stored(enquiry("ada@example.com")))
        .await
        .unwrap_err()
}

#[tokio::test]
async fn a_bad_request_is_permanent_and_quotes_brevos_code_and_message() {
    let err = failure(Reply::error(
        400,
        "invalid_parameter",
        "sender is invalid / inactive",
    ))
    .await;
    assert_eq!(
        err,
        DeliveryError::Permanent {
            reason: "brevo transactional email: HTTP 400 invalid_parameter: sender is invalid / inactive".into()
        }
    );
}

#[tokio::test]
async fn a_refused_key_blocks_rather_than_refuses_and_never_repeats_the_key() {
    let err = failure(Reply::error(
        401,
        "unauthorized",
        &format!("Key {KEY} not found"),
    ))
    .await;
    let DeliveryError::Blocked { reason } = &err else {
        panic!("401 blocks: {err:?}")
    };
    assert_eq!(
        reason,
        "brevo transactional email: HTTP 401 unauthorized: Key [redacted] not found"
    );

    let err = failure(Reply::error(
        403,
        "permission_denied",
        "account not activated",
    ))
    .await;
    assert!(matches!(err, DeliveryError::Blocked { .. }), "{err:?}");
    assert!(err.is_transient());
}

#[tokio::test]
async fn a_rate_limit_is_transient_and_honours_the_reset_header() {
    let err = failure(Reply::rate_limited(37)).await;
    assert_eq!(
        err,
        DeliveryError::Transient {
            reason: "brevo transactional email: HTTP 429 too_many_requests: rate limit reached"
                .into(),
            retry_after: Some(Duration::from_secs(37)),
        }
    );
    let err = failure(Reply::Status(
        429,
        vec![("retry-after".into(), "12".into())],
        String::new(),
    ))
    .await;
    assert!(
        matches!(err, DeliveryError::Transient { retry_after: Some(d), .. } if d == Duration::from_secs(12))
    );
}

#[tokio::test]
async fn a_server_error_is_transient() {
    let err = failure(Reply::Status(
        500,
        vec![],
        "{\"code\":\"internal_error\",\"message\":\"oops\"}".into(),
    ))
    .await;
    assert_eq!(
        err,
        DeliveryError::Transient {
            reason: "brevo transactional email: HTTP 500 internal_error: oops".into(),
            retry_after: None
        }
    );
}

#[tokio::test]
async fn an_answer_slower_than_the_timeout_is_transient() {
    let brevo = FakeBrevo::start().await.unwrap();
    brevo.script(CONTACTS, Reply::Slow(Duration::from_secs(10)));
    let started = std::time::Instant::now();
    let err = client(&brevo.base_url, Duration::from_millis(300))
        .upsert_contact(&stored(enquiry("ada@example.com")))
        .await
        .unwrap_err();
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "the timeout cut the call short"
    );
    let DeliveryError::Transient {
        reason,
        retry_after: None,
    } = &err
    else {
        panic!("a timeout is transient: {err:?}")
    };
    assert!(reason.contains("within 300 ms"), "{reason}");
}

#[tokio::test]
async fn a_refused_connection_is_transient() {
    let err = client(&refused_url().unwrap(), Duration::from_secs(5))
        .notify_inbox(&stored(enquiry("ada@example.com")))
        .await
        .unwrap_err();
    let DeliveryError::Transient { reason, .. } = &err else {
        panic!("a refused connection is transient: {err:?}")
    };
    assert!(reason.contains("cannot connect"), "{reason}");
}

#[tokio::test]
async fn html_typed_by_a_visitor_arrives_escaped_and_inert() {
    let brevo = FakeBrevo::start().await.unwrap();
    let e = stored(
        Enquiry::parse(ContactForm {
            firstname: "<img src=x onerror=alert(1)>".into(),
            lastname: "O'Neil & \"Sons\"".into(),
            org_name: "<b>Org</b>".into(),
            phone: "0400 000 000".into(),
            email: "ada@example.com".into(),
            message: "<script>alert('x')</script>\n<a href=\"javascript:x\">click</a>".into(),
            robot_checked: true,
        })
        .unwrap(),
    );
    notify(&brevo, &e).await;
    let html = brevo.requests_to(EMAIL)[0].body["htmlContent"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        !html.contains("<img")
            && !html.contains("<script")
            && !html.contains("<a ")
            && !html.contains("<b>Org"),
        "{html}"
    );
    assert!(
        html.contains("&lt;img src=x onerror=alert(1)&gt; O&#39;Neil &amp; &quot;Sons&quot;"),
        "{html}"
    );
    assert!(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;<br>&lt;a href=&quot;javascript:x&quot;&gt;click&lt;/a&gt;"), "{html}");
}

fn stored_form(form: ContactForm) -> StoredEnquiry {
    stored(Enquiry::parse(form).unwrap())
}

#[tokio::test]
async fn braces_typed_by_the_visitor_never_reach_brevos_template_engine() {
    let brevo = FakeBrevo::start().await.unwrap();
    let e = stored_form(ContactForm {
        firstname: "{{ contact.FIRSTNAME }}".into(),
        org_name: "{% if x %}Engines{% endif %}".into(),
        message: "Total: {{ params.price }} }}{{ {".into(),
        ..crate::support::form("ada@example.com")
    });
    notify(&brevo, &e).await;
    assert_eq!(brevo.violations(), Vec::<String>::new());
    let body = &brevo.requests_to(EMAIL)[0].body;
    for field in ["subject", "htmlContent"] {
        let text = body[field].as_str().unwrap();
        assert!(!text.contains(['{', '}']), "{field}: {text}");
    }
    assert!(!body["replyTo"]["name"].as_str().unwrap().contains('{'));
    assert!(
        body["htmlContent"]
            .as_str()
            .unwrap()
            .contains("Total: &#123;&#123; params.price &#125;&#125;")
    );
    assert_eq!(brevo.total_emails(), 1);
}

#[tokio::test]
async fn an_address_brevo_would_refuse_is_left_out_of_reply_to_but_kept_in_the_body() {
    let brevo = FakeBrevo::start().await.unwrap();
    let brevo_client = client(&brevo.base_url, Duration::from_secs(5));
    for address in [".a..b.@example.com", "a@b"] {
        brevo_client
            .notify_inbox(&stored(enquiry(address)))
            .await
            .unwrap();
    }
    assert_eq!(brevo.violations(), Vec::<String>::new());
    let requests = brevo.requests_to(EMAIL);
    assert_eq!(requests.len(), 2);
    for (r, address) in requests.iter().zip([".a..b.@example.com", "a@b"]) {
        assert!(r.body.get("replyTo").is_none(), "{}", r.body);
        assert!(r.body["htmlContent"].as_str().unwrap().contains(address));
    }
}

#[tokio::test]
async fn a_bad_request_naming_reply_to_is_sent_again_without_it_once() {
    let brevo = FakeBrevo::start().await.unwrap();
    brevo.script(
        EMAIL,
        Reply::error(400, "invalid_parameter", "replyTo email is not valid"),
    );
    let e = stored(enquiry("ada@example.com"));
    notify(&brevo, &e).await;
    let requests = brevo.requests_to(EMAIL);
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[0].body["replyTo"]["email"], "ada@example.com");
    assert!(requests[1].body.get("replyTo").is_none());
    assert_eq!(requests[0].idempotency_key(), requests[1].idempotency_key());
    assert_eq!(brevo.total_emails(), 1);

    // A 400 about something else is not retried.
    brevo.reset();
    brevo.script(
        EMAIL,
        Reply::error(400, "invalid_parameter", "sender is invalid"),
    );
    let err = client(&brevo.base_url, Duration::from_secs(5))
        .notify_inbox(&e)
        .await
        .unwrap_err();
    assert!(matches!(err, DeliveryError::Permanent { .. }), "{err:?}");
    assert_eq!(brevo.requests_to(EMAIL).len(), 1);
}

/// `enquiry` with where its visit came from.
fn with_attribution(e: Enquiry) -> StoredEnquiry {
    let attribution = supplysite_core::contact::clean_attribution(Some(&json!({
        "source": "Newsletter", "medium": "email", "campaign": "spring-tenders",
        "term": "e-sourcing", "content": "hero", "landingPage": "/insights/tender-guide",
        "referrer": "news.example.com", "conversionPage": "/etender", "adClick": true
    })))
    .unwrap();
    stored(e.with_attribution(attribution))
}

#[tokio::test]
async fn the_contact_carries_the_lead_attributes_and_the_email_says_where_the_enquiry_came_from() {
    let brevo = FakeBrevo::start().await.unwrap();
    let e = with_attribution(enquiry("ada@example.com"));
    let brevo_client = client(&brevo.base_url, Duration::from_secs(5));
    assert_eq!(
        brevo_client
            .deliver_noting(supplysite_core::ports::JobKind::UpsertContact, &e)
            .await,
        Ok(None)
    );
    brevo_client.notify_inbox(&e).await.unwrap();
    assert_eq!(brevo.violations(), Vec::<String>::new());
    let attributes = &brevo.requests_to(CONTACTS)[0].body["attributes"];
    assert_eq!(
        attributes,
        &json!({
            "FIRSTNAME": "Ada", "LASTNAME": "Lovelace",
            "ORGANISATION": "Analytical Engines Pty Ltd", "PHONE": "+61 2 9000 0000",
            "LEAD_SOURCE": "newsletter", "LEAD_MEDIUM": "email",
            "LEAD_CAMPAIGN": "spring-tenders", "LEAD_TERM": "e-sourcing", "LEAD_CONTENT": "hero",
            "LANDING_PAGE": "/insights/tender-guide", "REFERRER": "news.example.com",
            "CONVERSION_PAGE": "/etender",
        })
    );
    let html = brevo.requests_to(EMAIL)[0].body["htmlContent"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        html.contains("<h2>Where this enquiry came from</h2>"),
        "{html}"
    );
    assert!(html.contains("<td>spring-tenders</td>"), "{html}");
    assert_eq!(brevo_client.degraded(), None);
}

#[tokio::test]
async fn an_account_without_the_lead_attributes_gets_the_contact_without_them_and_says_so() {
    let brevo = FakeBrevo::start().await.unwrap();
    brevo.account_attributes(&["FIRSTNAME", "LASTNAME", "ORGANISATION", "PHONE"]);
    let e = with_attribution(enquiry("ada@example.com"));
    let brevo_client = client(&brevo.base_url, Duration::from_secs(5));
    let note = brevo_client
        .deliver_noting(supplysite_core::ports::JobKind::UpsertContact, &e)
        .await
        .unwrap()
        .expect("a note for the outbox");
    assert!(
        note.starts_with("contact upserted without its lead attributes: Brevo refused them (brevo contact upsert: HTTP 400 invalid_parameter: Attribute CONVERSION_PAGE does not exist); create them in Brevo"),
        "{note}"
    );
    let requests = brevo.requests_to(CONTACTS);
    assert_eq!(requests.len(), 2, "refused once, then sent without them");
    assert!(requests[0].body["attributes"].get("LEAD_SOURCE").is_some());
    assert_eq!(
        requests[1].body["attributes"],
        json!({"FIRSTNAME": "Ada", "LASTNAME": "Lovelace",
               "ORGANISATION": "Analytical Engines Pty Ltd", "PHONE": "+61 2 9000 0000"})
    );
    let degraded = brevo_client.degraded().expect("readyz is told");
    assert_eq!(degraded.what, "lead-attributes-refused");
    assert_eq!(degraded.reason, note);

    // Once the attributes are made in Brevo, the next contact carries them and the mark goes.
    brevo.account_attributes(&[
        "FIRSTNAME",
        "LASTNAME",
        "ORGANISATION",
        "PHONE",
        "LEAD_SOURCE",
        "LEAD_MEDIUM",
        "LEAD_CAMPAIGN",
        "LEAD_TERM",
        "LEAD_CONTENT",
        "LANDING_PAGE",
        "REFERRER",
        "CONVERSION_PAGE",
    ]);
    assert_eq!(
        brevo_client
            .deliver_noting(supplysite_core::ports::JobKind::UpsertContact, &e)
            .await,
        Ok(None)
    );
    assert_eq!(brevo_client.degraded(), None);
}

#[tokio::test]
async fn a_contact_with_no_attribution_is_never_sent_twice_over_an_attribute() {
    let brevo = FakeBrevo::start().await.unwrap();
    brevo.account_attributes(&["FIRSTNAME", "LASTNAME", "ORGANISATION"]);
    let err = client(&brevo.base_url, Duration::from_secs(5))
        .upsert_contact(&stored(enquiry("ada@example.com")))
        .await
        .unwrap_err();
    assert!(matches!(err, DeliveryError::Permanent { .. }), "{err:?}");
    assert_eq!(brevo.requests_to(CONTACTS).len(), 1);
}
