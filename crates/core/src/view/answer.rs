//! What the browser receives: the answer for a path (embedded in the first page and sent by
//! the page API) and the data every server-rendered page starts from.

use super::{Chrome, NotFoundView, PageView};
use serde::Serialize;

/// The not-found screen, shown in the site's layout with status 404:
/// `{"screen":"notFound","view":{…}}`.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "screen", content = "view", rename_all = "camelCase")]
pub enum NotFoundScreen {
    /// The not-found page's view.
    NotFound(Box<NotFoundView>),
}

/// The answer for a path, as the page API sends it and the page embeds it:
/// `{"outcome":"page","screen":…,"view":…}`, `{"outcome":"redirect","to":…}` or
/// `{"outcome":"not_found","screen":"notFound","view":…}`. Unlike [`super::Outcome`], a
/// not-found answer carries the helpful not-found view beside it.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum PageAnswer {
    /// A page to render.
    Page(PageView),
    /// Navigate to `to`, a path of this site.
    Redirect {
        /// A site path.
        to: String,
    },
    /// Nothing at this path: the not-found screen.
    NotFound(NotFoundScreen),
}

impl PageAnswer {
    /// The answer for an unknown path: `not_found` with the helpful not-found `view` beside
    /// it. A client that only looks at `outcome` sees `not_found`; one that renders screens
    /// finds the view.
    pub fn not_found(view: NotFoundView) -> Self {
        PageAnswer::NotFound(NotFoundScreen::NotFound(Box::new(view)))
    }
}

/// Which robot check the contact form shows: `{"kind":"recaptcha","siteKey":"…"}` or
/// `{"kind":"selfHosted"}`. The site key is public by design.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum RobotWidget {
    /// Google reCAPTCHA: the page loads Google's widget with the site key.
    #[serde(rename_all = "camelCase")]
    Recaptcha {
        /// The reCAPTCHA site key (public).
        site_key: String,
    },
    /// The site's own robot check: the page fetches a challenge from the server and solves it.
    SelfHosted,
}

/// The marketing-automation tracker's public client key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Tracker {
    /// The tracker's public client key.
    pub client_key: String,
}

/// Site-wide settings sent beside every page. Nothing here is a secret.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PageSettings {
    /// The contact form's robot check; null when the site takes no enquiries.
    pub robot: Option<RobotWidget>,
    /// Null when no tracker key is configured.
    pub tracker: Option<Tracker>,
    /// How many milliseconds the contact form waits for the answer to an enquiry before it
    /// sends it once more: the server's answer budget and a margin for the network. Null when
    /// the site takes no enquiries.
    pub contact_wait_ms: Option<u32>,
    /// Whether the page captures where the visit came from (in session storage only) and
    /// sends it with an enquiry; false when the site takes no enquiries or capture is turned
    /// off (`SUPPLYSITE_LEAD_CAPTURE=0`). The page never captures for a visitor sending Global
    /// Privacy Control.
    pub lead_capture: bool,
}

/// The data a server-rendered page embeds (`<script id="…" type="application/json">`):
/// the site's chrome, its settings and the answer for the page's path. The web UI reads these
/// three keys and no other.
///
/// The parts are type parameters so a server can embed parts it serialised once (the chrome
/// and the settings are the same on every page, and a page's answer is also sent alone by the
/// page API) as raw JSON, with the keys still written by this type. The browser's contract is
/// the defaults: `Embedded` with the chrome, the settings and the answer themselves.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(concrete(C = Chrome, S = PageSettings, O = PageAnswer))]
pub struct Embedded<C = Chrome, S = PageSettings, O = PageAnswer> {
    /// The navigation, footer and other chrome of every page.
    pub chrome: C,
    /// The settings the page's scripts need.
    pub settings: S,
    /// The answer for the page's path.
    pub outcome: O,
}
