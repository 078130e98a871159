//! The site's Prometheus metrics, served at `GET /metrics` on a listener of their own
//! (`SUPPLYSITE_METRICS_BIND`; never on the public port) in Prometheus's text format.
//!
//! Counted as requests are answered ([`Metrics`], fed by the front layer from what each
//! response says about itself): `supplysite_http_requests_total{route,status}` and
//! `supplysite_http_request_duration_seconds{route}`, where `route` is the route's template
//! (`/insights/:slug`), never the path asked for, so a visitor cannot make up label values;
//! `supplysite_page_cache_requests_total{result}` (`hit`, `miss`, and `stale`: a cached page
//! served while a reload of newer content is under way); visitors' Core Web Vitals
//! (`POST /api/vitals`) as histograms by route template and metric,
//! `supplysite_web_vitals_seconds{route,metric}` (LCP, INP, TTFB) and
//! `supplysite_web_vitals_cls{route,metric}`; and the requests shed with 503
//! (`supplysite_shed_total{reason}`, with the connections the server refused at once).
//!
//! Read when scraped ([`Scrape`]): `supplysite_ready` (1 while the server takes requests, 0
//! once it was asked to stop and drains: what `/readyz` answers), `supplysite_outbox_jobs{state}` (`pending`, `retrying`,
//! `blocked`, `dead`), `supplysite_outbox_oldest_waiting_seconds` (how long the oldest enquiry
//! not yet delivered has waited), `supplysite_content_age_seconds`,
//! `supplysite_content_reloads_total{outcome}`,
//! `supplysite_content_snapshot_steps_total{step,outcome}` (`save`, `share`, `adopt`; `ok`,
//! `failed`: the live source's last good copy), `supplysite_image_renditions_total{source}`
//! (`memory`, `disk`, `encoded`, and `stand_in`: another rendition or the original sent
//! briefly cached while the encoding queue is full), `supplysite_image_cache_bytes` and
//! `supplysite_image_cache_budget_bytes` (the renditions' disk cache: held and the most it
//! keeps before the least recently used go), `supplysite_search_index_ready`,
//! `supplysite_search_index_building`, `supplysite_search_index_documents` and
//! `supplysite_search_index_failures_total` (the site search's index of the content served), `supplysite_connections_open`, and the process's own
//! `process_*` families (see [`process`]).
//!
//! Layer: uses no other module of the server; every layer above may count into it.

pub mod process;

use axum::http::StatusCode;
use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeLabelSet, EncodeMetric};
use prometheus_client::metrics::MetricType;
use prometheus_client::metrics::counter::{ConstCounter, Counter};
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::ConstGauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use supplysite_core::ports::SnapshotActivity;
use supplysite_core::routes::Route;

/// The content type of the text format served.
pub const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// The path the metrics listener answers on.
pub const PATH: &str = "/metrics";

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteStatus {
    route: &'static str,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteOnly {
    route: &'static str,
}

type Durations = Family<RouteOnly, Histogram, fn() -> Histogram>;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteMetric {
    route: &'static str,
    metric: &'static str,
}

type Vitals = Family<RouteMetric, Histogram, fn() -> Histogram>;

/// The bounds of the Web Vitals' time buckets, in seconds: fine around the thresholds of
/// "good" (TTFB 0.8 s, INP 0.2 s, LCP 2.5 s) and "poor" (INP 0.5 s, LCP 4 s).
const VITAL_SECONDS: [f64; 16] = [
    0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 8.0, 12.0, 20.0,
];

/// The bounds of the CLS buckets (unitless): around "good" (0.1) and "poor" (0.25).
const VITAL_CLS: [f64; 8] = [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1.0];

fn vital_seconds() -> Histogram {
    Histogram::new(VITAL_SECONDS)
}

fn vital_cls() -> Histogram {
    Histogram::new(VITAL_CLS)
}

/// How a page request was served by the page cache; a page response carries it as an
/// extension for the front layer to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageCacheResult {
    /// From the cache.
    Hit,
    /// Composed (and then cached).
    Miss,
    /// From the cache while a reload of newer content is under way.
    Stale,
}

/// Why a request was shed with 503; a shed response carries it as an extension for the front
/// layer to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shed {
    /// The request ran past the site's request timeout.
    RequestTimeout,
    /// The picture encoding queue was full.
    ImageQueueFull,
}

/// The counters fed as requests are answered. Share it behind an `Arc`.
///
/// A request's series are found through [`RouteId`] in a table made once, rather than by
/// hashing a label set under the family's lock on every request: the first request of a route
/// (and of each usual status) looks its series up in the family and keeps the handle, which
/// shares the family's value, so the text served is the same and a route that was never asked
/// for still has no series.
#[derive(Debug)]
pub struct Metrics {
    requests: Family<RouteStatus, Counter>,
    durations: Durations,
    routes: Box<[RouteHandles]>,
    page_cache: [AtomicU64; 3],
    shed: [AtomicU64; 2],
    vitals_seconds: Vitals,
    vitals_cls: Vitals,
}

/// The statuses whose counter a route keeps a handle to; any other status is looked up in the
/// family each time (they are rare: refusals and errors).
const USUAL_STATUSES: [u16; 8] = [200, 304, 404, 301, 307, 308, 405, 503];

/// One route's series, resolved on first use.
#[derive(Debug, Default)]
struct RouteHandles {
    durations: OnceLock<Histogram>,
    requests: [OnceLock<Counter>; USUAL_STATUSES.len()],
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

fn durations() -> Histogram {
    // 0.5 ms to about 16 s.
    Histogram::new(exponential_buckets(0.0005, 2.0, 16))
}

impl Metrics {
    /// Counters at zero.
    pub fn new() -> Metrics {
        Metrics {
            requests: Family::default(),
            durations: Durations::new_with_constructor(durations),
            routes: TEMPLATES.iter().map(|_| RouteHandles::default()).collect(),
            page_cache: Default::default(),
            shed: Default::default(),
            vitals_seconds: Vitals::new_with_constructor(vital_seconds),
            vitals_cls: Vitals::new_with_constructor(vital_cls),
        }
    }

    /// Counts one visitor's Web Vitals measurement: LCP, INP and TTFB in seconds, CLS as it
    /// is, by route template and metric.
    pub fn vital(&self, report: supplysite_core::vitals::Report) {
        let labels = RouteMetric {
            route: report.route,
            metric: report.metric.name(),
        };
        if report.metric.is_time() {
            self.vitals_seconds
                .get_or_create(&labels)
                .observe(report.value / 1000.0);
        } else {
            self.vitals_cls.get_or_create(&labels).observe(report.value);
        }
    }

    /// Counts one answered request of `route` with `status`, taking `elapsed`.
    pub fn observe(&self, route: RouteId, status: StatusCode, elapsed: Duration) {
        let handles = &self.routes[route.0 as usize];
        let template = route.template();
        let status = status.as_u16();
        let labels = || RouteStatus {
            route: template,
            status,
        };
        match USUAL_STATUSES.iter().position(|s| *s == status) {
            Some(i) => handles.requests[i]
                .get_or_init(|| self.requests.get_or_create(&labels()).clone())
                .inc(),
            None => self.requests.get_or_create(&labels()).inc(),
        };
        handles
            .durations
            .get_or_init(|| {
                self.durations
                    .get_or_create(&RouteOnly { route: template })
                    .clone()
            })
            .observe(elapsed.as_secs_f64());
    }

    /// Counts one page served by the page cache with `result`.
    pub fn page_cache(&self, result: PageCacheResult) {
        self.page_cache[result as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// Counts one request shed for `reason`.
    pub fn shed(&self, reason: Shed) {
        self.shed[reason as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// Every family in Prometheus's text format, with the values read for this scrape.
    pub fn encode(&self, scrape: Scrape) -> String {
        let mut registry = Registry::default();
        registry.register(
            "supplysite_http_requests",
            "HTTP requests answered, by route template and status",
            self.requests.clone(),
        );
        registry.register(
            "supplysite_http_request_duration_seconds",
            "Time from a request's arrival to its response, by route template",
            self.durations.clone(),
        );
        registry.register(
            "supplysite_web_vitals_seconds",
            "Visitors' Core Web Vitals that are times (LCP, INP, TTFB), by route template and metric",
            self.vitals_seconds.clone(),
        );
        registry.register(
            "supplysite_web_vitals_cls",
            "Visitors' Cumulative Layout Shift, by route template",
            self.vitals_cls.clone(),
        );
        let read = |n: &AtomicU64| n.load(Ordering::Relaxed);
        registry.register_collector(Box::new(Snapshot {
            page_cache: [
                read(&self.page_cache[0]),
                read(&self.page_cache[1]),
                read(&self.page_cache[2]),
            ],
            shed: [read(&self.shed[0]), read(&self.shed[1])],
            scrape,
        }));
        registry.register_collector(Box::new(process::Process));
        let mut text = String::new();
        prometheus_client::encoding::prometheus_text::encode(&mut text, &registry)
            .expect("writing to a String does not fail");
        text
    }
}

/// Delivery jobs in the outbox by state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutboxCounts {
    /// Not attempted yet.
    pub pending: u64,
    /// Attempted and failed, waiting for their next attempt.
    pub retrying: u64,
    /// Waiting because the mail provider refuses the key.
    pub blocked: u64,
    /// Given up on.
    pub dead: u64,
    /// Seconds since the oldest enquiry with a job still to deliver (pending, retrying or
    /// blocked) was received; 0 when none waits.
    pub oldest_waiting_seconds: u64,
}

/// Content reloads since start, by outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReloadCounts {
    /// A new content version was swapped in.
    pub changed: u64,
    /// The source had the version already served.
    pub unchanged: u64,
    /// The source failed; the content served stayed.
    pub failed: u64,
}

/// Picture renditions served since start, by where they came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RenditionCounts {
    /// From the memory of recent answers.
    pub memory: u64,
    /// From the disk cache.
    pub disk: u64,
    /// Encoded.
    pub encoded: u64,
    /// Stand-ins: another rendition of the picture, or its original, sent briefly cached
    /// because the one asked for could not be made then.
    pub stand_in: u64,
}

/// The renditions' disk cache.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImageCache {
    /// Bytes held now.
    pub used: u64,
    /// The most bytes held before the least recently used renditions are deleted.
    pub budget: u64,
}

/// The values read when a scrape asks.
#[derive(Clone, Debug, Default)]
pub struct Scrape {
    /// Whether the server takes requests (`/readyz` answers 200); false once it was asked to
    /// stop.
    pub ready: bool,
    /// The outbox's jobs, when enquiries are taken and the outbox could be read.
    pub outbox: Option<OutboxCounts>,
    /// Seconds since the content served was read from its source.
    pub content_age_seconds: u64,
    /// Content reloads since start.
    pub reloads: ReloadCounts,
    /// What became of the live source's last good copy, when it keeps one.
    pub snapshot: Option<SnapshotActivity>,
    /// Picture renditions, when this server resizes pictures.
    pub renditions: Option<RenditionCounts>,
    /// The renditions' disk cache, when this server resizes pictures.
    pub image_cache: Option<ImageCache>,
    /// Connections open now.
    pub connections_open: u64,
    /// Connections closed at once because their client held its share.
    pub refused_per_client: u64,
    /// Connections closed at once because the server held its total.
    pub refused_total: u64,
    /// The search index of the content served, when the server has one.
    pub search: Option<SearchIndexState>,
}

/// The search index of the content served, as a scrape reads it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchIndexState {
    /// Whether the index took the content served (search answers); false while it answers 503.
    pub ready: bool,
    /// Whether the index is being built for the content served, after start.
    pub building: bool,
    /// Documents in it.
    pub documents: u64,
    /// Content sets the index could not take since start.
    pub failures: u64,
}

#[derive(Debug)]
struct Snapshot {
    page_cache: [u64; 3],
    shed: [u64; 2],
    scrape: Scrape,
}

fn counters<const N: usize>(
    encoder: &mut DescriptorEncoder,
    name: &str,
    help: &str,
    label: &'static str,
    values: [(&'static str, u64); N],
) -> Result<(), std::fmt::Error> {
    let mut family = encoder.encode_descriptor(name, help, None, MetricType::Counter)?;
    for (value, count) in values {
        let labels = [(label, value)];
        ConstCounter::new(count).encode(family.encode_family(&labels)?)?;
    }
    Ok(())
}

fn gauge(
    encoder: &mut DescriptorEncoder,
    name: &str,
    help: &str,
    value: i64,
) -> Result<(), std::fmt::Error> {
    let gauge = ConstGauge::new(value);
    gauge.encode(encoder.encode_descriptor(name, help, None, gauge.metric_type())?)
}

fn signed(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

impl Collector for Snapshot {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let s = &self.scrape;
        gauge(
            &mut encoder,
            "supplysite_ready",
            "1 while the server takes requests (/readyz answers 200), 0 once it was asked to stop",
            i64::from(s.ready),
        )?;
        let [hit, miss, stale] = self.page_cache;
        counters(
            &mut encoder,
            "supplysite_page_cache_requests",
            "Page requests by how the page cache served them",
            "result",
            [("hit", hit), ("miss", miss), ("stale", stale)],
        )?;
        let [timeout, images] = self.shed;
        counters(
            &mut encoder,
            "supplysite_shed",
            "Requests answered 503 to shed load, and connections refused at once, by reason",
            "reason",
            [
                ("request_timeout", timeout),
                ("image_queue_full", images),
                ("connections_per_client", s.refused_per_client),
                ("connections_total", s.refused_total),
            ],
        )?;
        if let Some(outbox) = s.outbox {
            let mut family = encoder.encode_descriptor(
                "supplysite_outbox_jobs",
                "Delivery jobs waiting in the outbox, by state",
                None,
                MetricType::Gauge,
            )?;
            for (state, n) in [
                ("pending", outbox.pending),
                ("retrying", outbox.retrying),
                ("blocked", outbox.blocked),
                ("dead", outbox.dead),
            ] {
                let labels = [("state", state)];
                ConstGauge::new(signed(n)).encode(family.encode_family(&labels)?)?;
            }
            gauge(
                &mut encoder,
                "supplysite_outbox_oldest_waiting_seconds",
                "Seconds since the oldest enquiry with a delivery still to make was received (0 when none waits)",
                signed(outbox.oldest_waiting_seconds),
            )?;
        }
        gauge(
            &mut encoder,
            "supplysite_content_age_seconds",
            "Seconds since the content served was read from its source",
            signed(s.content_age_seconds),
        )?;
        counters(
            &mut encoder,
            "supplysite_content_reloads",
            "Content reloads by outcome",
            "outcome",
            [
                ("changed", s.reloads.changed),
                ("unchanged", s.reloads.unchanged),
                ("failed", s.reloads.failed),
            ],
        )?;
        if let Some(a) = s.snapshot {
            let mut family = encoder.encode_descriptor(
                "supplysite_content_snapshot_steps",
                "Writes of the live content's last good copy to the cache folder (save), offers of it to the other replicas (share) and copies taken from them at start-up (adopt), by outcome",
                None,
                MetricType::Counter,
            )?;
            for (step, outcomes) in [
                ("save", a.saves),
                ("share", a.shares),
                ("adopt", a.adoptions),
            ] {
                for (outcome, n) in [("ok", outcomes.ok), ("failed", outcomes.failed)] {
                    let labels = [("step", step), ("outcome", outcome)];
                    ConstCounter::new(n).encode(family.encode_family(&labels)?)?;
                }
            }
        }
        if let Some(r) = s.renditions {
            counters(
                &mut encoder,
                "supplysite_image_renditions",
                "Picture renditions served, by where they came from",
                "source",
                [
                    ("memory", r.memory),
                    ("disk", r.disk),
                    ("encoded", r.encoded),
                    ("stand_in", r.stand_in),
                ],
            )?;
        }
        if let Some(c) = s.image_cache {
            gauge(
                &mut encoder,
                "supplysite_image_cache_bytes",
                "Bytes of picture renditions held in the disk cache",
                signed(c.used),
            )?;
            gauge(
                &mut encoder,
                "supplysite_image_cache_budget_bytes",
                "The most bytes of picture renditions the disk cache holds before the least recently used are deleted",
                signed(c.budget),
            )?;
        }
        if let Some(search) = s.search {
            gauge(
                &mut encoder,
                "supplysite_search_index_ready",
                "1 while the search index holds the content served, 0 while it is being built or could not take it (search answers 503)",
                i64::from(search.ready),
            )?;
            gauge(
                &mut encoder,
                "supplysite_search_index_building",
                "1 while the search index is being built for the content served after start (search answers 503; the pages are served)",
                i64::from(search.building),
            )?;
            gauge(
                &mut encoder,
                "supplysite_search_index_documents",
                "Pages in the search index of the content served",
                signed(search.documents),
            )?;
            let failures = ConstCounter::new(search.failures);
            failures.encode(encoder.encode_descriptor(
                "supplysite_search_index_failures",
                "Content sets the search index could not take (built or updated) since start",
                None,
                MetricType::Counter,
            )?)?;
        }
        gauge(
            &mut encoder,
            "supplysite_connections_open",
            "Client connections open now",
            signed(s.connections_open),
        )
    }
}

/// The image endpoint's prefix (`crate::handlers::images::PREFIX`, which this service layer may not
/// name).
const IMAGES_PREFIX: &str = "/img/images.ctfassets.net/";

/// The routes the router names, with their templates.
const FIXED: [&str; 16] = [
    "/healthz",
    "/readyz",
    "/sitemap.xml",
    "/robots.txt",
    supplysite_core::routes::INSIGHTS_FEED,
    "/api/page",
    "/api/preview",
    "/api/preview/exit",
    "/api/contact",
    "/api/vitals",
    "/api/search",
    "/search",
    "/api/robot-challenge",
    "/api/openapi.json",
    "/api/webhooks/contentful",
    "/",
];

/// Every route template a request may be counted under: [`FIXED`] first, in its order, then
/// the catch-alls and the page routes.
const TEMPLATES: [&str; FIXED.len() + 16] = {
    let rest = [
        "/api/*rest",
        "/img/images.ctfassets.net/*path",
        "/assets/*path",
        "/sitemap-:n.xml",
        "/videopopup",
        "/case-study-index",
        "/case-study/:slug",
        "/supplier-management-platform",
        "/:product",
        "/page/:slug",
        "/about-us",
        "/privacy",
        "/contact-us",
        "/insights",
        "/insights/:slug",
        "/*path",
    ];
    let mut all = [""; FIXED.len() + 16];
    let mut i = 0;
    while i < all.len() {
        all[i] = if i < FIXED.len() {
            FIXED[i]
        } else {
            rest[i - FIXED.len()]
        };
        i += 1;
    }
    all
};

/// A route template, as an index into the table of templates: what a request is counted
/// under (see [`route_template`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RouteId(u8);

impl RouteId {
    /// The template as it is written in the `route` label.
    pub fn template(self) -> &'static str {
        TEMPLATES[self.0 as usize]
    }

    /// The id of `template`, found when the program is compiled: every use is in a `const`
    /// block, so a template missing from [`TEMPLATES`] fails the build instead of a request.
    const fn of(template: &str) -> RouteId {
        let mut i = 0;
        while i < TEMPLATES.len() {
            if const_str_eq(TEMPLATES[i], template) {
                return RouteId(i as u8);
            }
            i += 1;
        }
        panic!("a template counted is not in the table of templates");
    }
}

/// `a == b`, usable in a `const` context.
const fn const_str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The route template a request for `path` is counted under: the router's own routes as they
/// are written, pages by their route in the site's route table (`/insights/:slug`), and
/// anything else under the catch-all it fell to. Never the path itself.
pub fn route_template(path: &str) -> RouteId {
    if let Some(i) = FIXED.iter().position(|r| *r == path) {
        return RouteId(i as u8);
    }
    if path.starts_with("/api/") {
        const { RouteId::of("/api/*rest") }
    } else if path.starts_with(IMAGES_PREFIX) {
        const { RouteId::of("/img/images.ctfassets.net/*path") }
    } else if path.starts_with("/assets/") {
        const { RouteId::of("/assets/*path") }
    } else if path
        .strip_prefix("/sitemap-")
        .and_then(|rest| rest.strip_suffix(".xml"))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    {
        const { RouteId::of("/sitemap-:n.xml") }
    } else {
        match Route::parse(path) {
            Route::Home => const { RouteId::of("/") },
            Route::VideoPopup => const { RouteId::of("/videopopup") },
            Route::CaseStudyIndex | Route::CaseStudyIndexPage(_) => {
                const { RouteId::of("/case-study-index") }
            }
            Route::CaseStudy(_) => const { RouteId::of("/case-study/:slug") },
            Route::Solutions => const { RouteId::of("/supplier-management-platform") },
            Route::Product(_) => const { RouteId::of("/:product") },
            Route::Page(_) => const { RouteId::of("/page/:slug") },
            Route::AboutUs => const { RouteId::of("/about-us") },
            Route::Privacy => const { RouteId::of("/privacy") },
            Route::ContactUs => const { RouteId::of("/contact-us") },
            Route::Insights | Route::InsightsPage(_) => const { RouteId::of("/insights") },
            Route::Insight(_) => const { RouteId::of("/insights/:slug") },
            Route::Search(_) => const { RouteId::of("/search") },
            Route::NotFound => const { RouteId::of("/*path") },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_are_counted_by_template_never_by_the_path_asked_for() {
        let route_template = |path| super::route_template(path).template();
        assert_eq!(route_template("/"), "/");
        assert_eq!(route_template("/readyz"), "/readyz");
        assert_eq!(
            route_template("/insights/what-is-e-tendering"),
            "/insights/:slug"
        );
        assert_eq!(route_template("/insights/"), "/insights");
        assert_eq!(route_template("/etender"), "/:product");
        assert_eq!(route_template("/api/nothing-here"), "/api/*rest");
        assert_eq!(
            route_template("/img/images.ctfassets.net/a/b/c.jpg"),
            "/img/images.ctfassets.net/*path"
        );
        assert_eq!(route_template("/made-up/path/1234"), "/*path");
        assert_eq!(route_template("/wp-login.php"), "/*path");
        assert_eq!(route_template("/sitemap-2.xml"), "/sitemap-:n.xml");
        assert_eq!(IMAGES_PREFIX, crate::handlers::images::PREFIX);
    }

    #[test]
    fn every_template_has_one_place_in_the_table() {
        for (i, template) in TEMPLATES.iter().enumerate() {
            assert_eq!(RouteId::of(template), RouteId(i as u8), "{template}");
        }
        assert!(TEMPLATES.len() <= usize::from(u8::MAX));
    }

    #[test]
    fn the_families_are_written_in_the_text_format_with_their_values() {
        let metrics = Metrics::new();
        let insight = route_template("/insights/a-post");
        metrics.observe(insight, StatusCode::OK, Duration::from_millis(3));
        metrics.observe(insight, StatusCode::OK, Duration::from_millis(5));
        metrics.observe(insight, StatusCode::IM_A_TEAPOT, Duration::from_millis(1));
        metrics.page_cache(PageCacheResult::Miss);
        metrics.shed(Shed::ImageQueueFull);
        let text = metrics.encode(Scrape {
            ready: true,
            outbox: Some(OutboxCounts {
                pending: 2,
                oldest_waiting_seconds: 90,
                ..OutboxCounts::default()
            }),
            image_cache: Some(ImageCache {
                used: 1024,
                budget: 4096,
            }),
            search: Some(SearchIndexState {
                ready: false,
                building: true,
                documents: 0,
                failures: 2,
            }),
            ..Scrape::default()
        });
        for line in [
            "supplysite_http_requests_total{route=\"/insights/:slug\",status=\"200\"} 2",
            "supplysite_http_requests_total{route=\"/insights/:slug\",status=\"418\"} 1",
            "supplysite_http_request_duration_seconds_count{route=\"/insights/:slug\"} 3",
            "supplysite_page_cache_requests_total{result=\"miss\"} 1",
            "supplysite_shed_total{reason=\"image_queue_full\"} 1",
            "supplysite_outbox_jobs{state=\"pending\"} 2",
            "supplysite_outbox_oldest_waiting_seconds 90",
            "supplysite_content_age_seconds 0",
            "supplysite_connections_open 0",
            "supplysite_ready 1",
            "supplysite_image_cache_bytes 1024",
            "supplysite_search_index_ready 0",
            "supplysite_search_index_building 1",
            "supplysite_search_index_failures_total 2",
            "supplysite_image_cache_budget_bytes 4096",
        ] {
            assert!(text.lines().any(|l| l == line), "no {line:?} in\n{text}");
        }
        assert!(!text.contains("supplysite_image_renditions"), "{text}");
        // Routes never asked for have no series.
        assert!(!text.contains("route=\"/about-us\""), "{text}");
        // A server asked to stop says so.
        let draining = metrics.encode(Scrape::default());
        assert!(
            draining.lines().any(|l| l == "supplysite_ready 0"),
            "{draining}"
        );
    }
}
