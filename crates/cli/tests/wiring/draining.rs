//! A graceful stop of the real server: on SIGTERM `/readyz` turns 503 at once while pages are
//! still answered (each asking its client to close the connection) for the drain period; an
//! enquiry in flight when the signal came is answered and delivered; then the process stops
//! accepting and exits 0.

use crate::enquiries::{solved_form, with_brevo};
use crate::support::{PATIENCE, Server, workdir};
use serde_json::json;
use std::time::{Duration, Instant};
use supplysite_mail_adapter::fake_brevo::{CONTACTS, EMAIL, FakeBrevo, Reply};

const DRAIN: Duration = Duration::from_secs(3);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_sigterm_readyz_turns_503_at_once_requests_are_answered_through_the_drain_and_the_exit_is_clean()
 {
    let dir = workdir();
    let brevo = FakeBrevo::start().await.unwrap();
    // Brevo takes a second: the enquiry is still in flight when the signal comes.
    brevo.script(EMAIL, Reply::Slow(Duration::from_secs(1)));
    brevo.script(CONTACTS, Reply::Slow(Duration::from_secs(1)));
    let mut cmd = with_brevo(dir.path(), &brevo);
    cmd.env("SUPPLYSITE_DRAIN_SECONDS", DRAIN.as_secs().to_string());
    let server = Server::start(cmd).await;
    let http = reqwest::Client::new();
    let form = solved_form(&server, "ada@example.com").await;
    let enquiry = {
        let (http, url) = (http.clone(), format!("{}/api/contact", server.base));
        tokio::spawn(async move {
            let response = http.post(url).json(&form).send().await.unwrap();
            let status = response.status().as_u16();
            (status, response.json::<serde_json::Value>().await.unwrap())
        })
    };
    brevo.wait_for(EMAIL, 1, PATIENCE).await.unwrap();

    let signalled = Instant::now();
    server.send_term();
    // /readyz says so at once.
    loop {
        let status = http
            .get(format!("{}/readyz", server.base))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16();
        if status == 503 {
            break;
        }
        assert_eq!(status, 200);
        assert!(
            signalled.elapsed() < Duration::from_secs(1),
            "/readyz still 200 {:?} after SIGTERM",
            signalled.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // Pages are answered for the whole drain period, on new connections too, each response
    // asking the client to close its connection.
    let mut answered = 0;
    while signalled.elapsed() < DRAIN - Duration::from_millis(500) {
        let response = reqwest::Client::new()
            .get(format!("{}/etender", server.base))
            .send()
            .await
            .unwrap_or_else(|e| panic!("refused {:?} after SIGTERM: {e}", signalled.elapsed()));
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["connection"], "close");
        answered += 1;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(answered >= 5, "{answered}");
    // The enquiry in flight at the signal was answered (and is delivered before the exit).
    let (status, answer) = enquiry.await.unwrap();
    assert_eq!(status, 200, "{answer}");
    assert!(
        [json!({"status": "sent"}), json!({"status": "queued"})].contains(&answer),
        "{answer}"
    );

    let base = server.base.clone();
    let (status, log) = server.exited().await;
    let stopped = signalled.elapsed();
    assert!(status.success(), "{status:?}\n{log}");
    assert!(stopped >= DRAIN, "stopped {stopped:?} after SIGTERM\n{log}");
    assert!(
        stopped < DRAIN + Duration::from_secs(5),
        "took {stopped:?}\n{log}"
    );
    assert!(reqwest::get(format!("{base}/healthz")).await.is_err());
    assert_eq!(brevo.total_emails(), 1, "{log}");
    assert_eq!(brevo.requests_to(CONTACTS).len(), 1, "{log}");
}
