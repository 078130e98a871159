//! A site with a contact desk over core's fakes: `Enquiries` made of whatever ports a test
//! brings, asked in-process from a client address, its answers read whole.

use super::{Export, Options};
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;
use supplysite_core::enquiry::RetryPolicy;
use supplysite_core::enquiry::{Enquiries, EnquiryParts};
use supplysite_core::ports::fakes::{
    FakeChallenges, FakeClock, FakeDelivery, FakeOutbox, FakeRobotCheck, FakeRuntime, FakeWakeup,
};
use supplysite_core::ports::{
    ChallengeIssuer, EnquiryDelivery, EnquiryOutbox, RobotCheck, UnixMillis,
};
use supplysite_core::view::RobotWidget;
use supplysite_http::handlers::contact::{ClientIpPolicy, ContactDesk, ContactSettings};
use tower::ServiceExt;

pub use super::{TestApp, embedded_data};

/// The address requests come from unless a test says otherwise.
pub const PEER: &str = "203.0.113.7:4711";
/// The one token the fake robot check accepts.
pub const GOOD_TOKEN: &str = "solved-robot-check";

/// The fakes behind a desk, for tests to script and inspect.
pub struct Fakes {
    pub outbox: Arc<FakeOutbox>,
    pub delivery: Arc<FakeDelivery>,
    pub robot: Arc<FakeRobotCheck>,
    /// The challenge issuer, when the robot check is the site's own.
    pub challenges: Option<Arc<FakeChallenges>>,
    /// Which robot check the page is told to show.
    pub widget: RobotWidget,
}

impl Fakes {
    /// The self-hosted check: challenges are issued and the fake robot check accepts
    /// [`GOOD_TOKEN`].
    pub fn new() -> Fakes {
        Fakes {
            outbox: Arc::new(FakeOutbox::new()),
            delivery: Arc::new(FakeDelivery::new()),
            robot: Arc::new(FakeRobotCheck::accepting([GOOD_TOKEN])),
            challenges: Some(Arc::new(FakeChallenges::until(i64::MAX))),
            widget: RobotWidget::SelfHosted,
        }
    }

    pub fn with_robot(robot: FakeRobotCheck) -> Fakes {
        Fakes {
            robot: Arc::new(robot),
            ..Fakes::new()
        }
    }

    /// reCAPTCHA with `site_key` as the check: no challenges are issued.
    pub fn recaptcha(site_key: &str) -> Fakes {
        Fakes {
            challenges: None,
            widget: RobotWidget::Recaptcha {
                site_key: site_key.to_owned(),
            },
            ..Fakes::new()
        }
    }

    /// The parts of the enquiry service over these fakes, its robot check held to
    /// `robot_budget` on `runtime`'s timers.
    pub fn enquiries_parts(&self, runtime: FakeRuntime, robot_budget: Duration) -> EnquiryParts {
        EnquiryParts {
            outbox: self.outbox.clone() as Arc<dyn EnquiryOutbox>,
            delivery: self.delivery.clone() as Arc<dyn EnquiryDelivery>,
            robot: self.robot.clone() as Arc<dyn RobotCheck>,
            clock: Arc::new(FakeClock::at(UnixMillis(1_700_000_000_000))),
            runtime: Arc::new(runtime),
            wakeup: Arc::new(FakeWakeup::new()),
            challenges: self
                .challenges
                .clone()
                .map(|c| c as Arc<dyn ChallengeIssuer>),
            widget: self.widget.clone(),
            policy: RetryPolicy::default(),
            answer_budget: Duration::from_secs(2),
            robot_budget,
        }
    }

    /// The enquiry service over these fakes; no budget runs out.
    pub fn enquiries(&self) -> Enquiries {
        Enquiries::from_parts(
            self.enquiries_parts(FakeRuntime::timers_never_fire(), Duration::from_secs(4)),
        )
    }
}

/// Settings with `per_minute` enquiries a minute behind `trusted_proxies` (addresses and
/// ranges, as `SUPPLYSITE_TRUSTED_PROXIES` reads them).
pub fn contact_settings(per_minute: u32, trusted_proxies: &str) -> ContactSettings {
    ContactSettings {
        rate_per_minute: NonZeroU32::new(per_minute).unwrap(),
        client_ip: ClientIpPolicy {
            trusted_proxies: trusted_proxies.parse().unwrap(),
        },
        ..ContactSettings::default()
    }
}

/// The site with `enquiries` mounted, or without a contact desk.
pub fn app(enquiries: Option<Enquiries>, settings: ContactSettings) -> TestApp {
    app_with(enquiries.map(|e| ContactDesk::new(e, settings)))
}

/// The site with `desk` mounted, or without a contact desk: no webhook secret, no export, and
/// the web build's `index.html` alone.
pub fn app_with(desk: Option<ContactDesk>) -> TestApp {
    TestApp::new(Options {
        desk,
        secret: None,
        web_files: false,
        export: Export::None,
        ..Options::default()
    })
}

/// A contact desk over fakes (no challenges) whose page settings name `widget`, at the default
/// limits.
pub fn desk_showing(widget: RobotWidget) -> ContactDesk {
    let fakes = Fakes {
        challenges: None,
        widget,
        ..Fakes::new()
    };
    ContactDesk::new(fakes.enquiries(), ContactSettings::default())
}

/// The site over `fakes` with the default limits.
pub fn app_over(fakes: &Fakes) -> TestApp {
    app(Some(fakes.enquiries()), ContactSettings::default())
}

/// What the server answered.
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
}

impl Answer {
    /// The body as JSON (failing the test when it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text)
            .unwrap_or_else(|e| panic!("body is not JSON ({e}): {:?}", self.text))
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .unwrap_or_else(|| panic!("no {name} header"))
            .to_str()
            .unwrap()
    }

    /// The error message, asserting the error shape every error answer has.
    pub fn message(&self) -> String {
        let json = self.json();
        assert_eq!(self.header("content-type"), "application/json");
        assert_eq!(self.header("cache-control"), "no-store");
        json["message"]
            .as_str()
            .unwrap_or_else(|| panic!("no message in {json}"))
            .to_owned()
    }
}

impl TestApp {
    /// The answer to `request`, read whole.
    pub async fn answer(&self, request: Request<Body>) -> Answer {
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        Answer {
            status,
            headers,
            text: String::from_utf8(bytes.to_vec()).unwrap(),
        }
    }

    /// `POST /api/contact` with a JSON `body` from [`PEER`].
    pub async fn post_contact(&self, body: &Value) -> Answer {
        self.answer(contact_request(body.to_string())).await
    }

    /// `GET uri` from [`PEER`].
    pub async fn ask(&self, uri: &str) -> Answer {
        self.answer(from_peer(
            Request::get(uri).body(Body::empty()).unwrap(),
            PEER,
        ))
        .await
    }
}

/// `request` as if it came in on a socket from `peer`.
pub fn from_peer(mut request: Request<Body>, peer: &str) -> Request<Body> {
    let addr: SocketAddr = peer.parse().unwrap();
    request.extensions_mut().insert(ConnectInfo(addr));
    request
}

/// `POST /api/contact` with `body` as JSON from [`PEER`].
pub fn contact_request(body: impl Into<Body>) -> Request<Body> {
    from_peer(
        Request::post("/api/contact")
            .header("content-type", "application/json")
            .body(body.into())
            .unwrap(),
        PEER,
    )
}

/// A filled-in form that passes every rule, with `token` as the robot check's answer.
pub fn valid_form(token: &str) -> Value {
    supplysite_testkit::form_json("ada@example.com", token)
}
