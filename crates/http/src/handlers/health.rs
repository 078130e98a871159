//! `GET /healthz` (the process answers) and `GET /readyz` (content is loaded: which version,
//! since when; with a live source, when it was read and whether from the disk cache, and when its
//! last good copy was saved and shared and whether either is failing; whether a
//! reload asked for by a webhook is under way; with enquiries taken, whether their deliveries are
//! flowing or blocked and why; what the connection defences did: connections open, refused over a
//! cap, timed out, failed accepts; 503 once the server was asked to stop; nothing in it costs a
//! database query per call: the outbox is asked at most once a second; whether the search index
//! took the content served), and `GET /metrics` on
//! the metrics listener (see [`crate::metrics`]).

use crate::metrics::{ImageCache, OutboxCounts, RenditionCounts, Scrape};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::sync::atomic::Ordering;
use std::time::{SystemTime, UNIX_EPOCH};
use supplysite_core::ports::{EnquiryOutbox, JobFilter, JobState, SnapshotActivity, UnixMillis};
use utoipa::ToSchema;

/// The answer of `GET /healthz`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// Always `ok`: the process answers.
    pub status: HealthStatus,
}

/// The only status `/healthz` has.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum HealthStatus {
    Ok,
}

/// The answer of `GET /readyz`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Ready {
    /// Always `ready`: content is loaded and pages are served.
    pub status: ReadyStatus,
    /// The version of the content being served.
    pub content_version: String,
    /// When this process took that content in (Unix seconds).
    pub loaded_at: u64,
    /// Seconds since the content was read from its source (or taken in, without a source
    /// that can say).
    pub age_seconds: u64,
    /// The web build's id.
    pub build: String,
    /// Pages composed and cached for this content version so far.
    pub cached_pages: usize,
    /// The live source's name (such as `contentful`), when it can say how fresh it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<&'static str>,
    /// When the live source read the content (Unix seconds).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fetched_at: Option<u64>,
    /// Whether the content came from the disk cache because the source could not be reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_disk: Option<bool>,
    /// How the live source's last good copy is kept, when it keeps one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub snapshot: Option<SnapshotReady>,
    /// How enquiries' deliveries are going, when enquiries are taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deliveries: Option<Deliveries>,
    /// What is wrong with deliveries that still go out, when something is: Brevo refused the
    /// contacts' lead attributes (`lead-attributes-refused`, docs/behaviour.md §9), so contacts
    /// go without them until the attributes are made in Brevo. Why is in the server's log and
    /// on the job in `supplysite outbox list`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deliveries_degraded: Option<DeliveriesDegraded>,
    /// What the connection defences did since start.
    pub connections: crate::connections::ConnectionCounts,
    /// Whether a reload asked for by a webhook is under way.
    pub reloading: bool,
    /// Renditions of the export's pictures the background warm-up has still to make, when this
    /// server resizes pictures (0 once every common size is cached).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pictures_to_warm: Option<u64>,
    /// Of those, the renditions of the pictures pages show largest on their first screen, made
    /// first and at every width (0 once no visitor waits on an encode for one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_screen_pictures_to_warm: Option<u64>,
    /// The site search's index for the content served. A failed index leaves the status ready
    /// (the pages are served; search answers 503); why it failed is in the server's log.
    pub search: SearchReady,
}

/// The state of the search index of the content served.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum SearchReady {
    /// Searches are answered from the index as of the content served.
    Ready {
        /// Documents in it.
        documents: usize,
        /// Documents the index wrote to take the content served: all of them after a build,
        /// what changed after an update, none when it was opened as kept for this content.
        written: usize,
    },
    /// The index is being built for the content served, after start: search answers 503 until
    /// it is ready (the pages are served).
    Building,
    /// The index could not take the content served: search answers 503 until a later content
    /// set is indexed.
    Failed {
        /// Content sets the index could not take since start.
        failures: u64,
    },
    /// This server has no search index.
    Off,
}

impl SearchReady {
    fn of(generation: &crate::content::Generation, failures: u64) -> SearchReady {
        match &*generation.search() {
            crate::content::Search::Ready(snapshot) => SearchReady::Ready {
                documents: snapshot.documents(),
                written: snapshot.written(),
            },
            crate::content::Search::Building => SearchReady::Building,
            crate::content::Search::Failed => SearchReady::Failed { failures },
            crate::content::Search::Off => SearchReady::Off,
        }
    }
}

/// How the live source's last good copy is kept: written to the cache folder after each
/// change, so a restart serves at once, and, with a database set, shared with the other
/// replicas, so a new one starts from it. A failing step leaves the content served as it is
/// (the status stays ready); why it failed is in the server's log.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotReady {
    /// When the copy on disk was last written (Unix seconds): by this process, or, until it
    /// writes one, by the process before it (or the replica it was taken from). Absent while
    /// there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub saved_at: Option<u64>,
    /// Whether the last write failed: a restart would start from an older copy, or sync from
    /// the start.
    pub save_failing: bool,
    /// When the copy was last shared with the other replicas (Unix seconds); absent before the
    /// first share or when nothing is shared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shared_at: Option<u64>,
    /// Whether the last share failed, when the copy is shared: a new replica would start
    /// from an older copy, or sync from the start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub share_failing: Option<bool>,
    /// Whether taking the shared copy at start failed, when the copy is shared: it could not
    /// be read, was no snapshot, or decoded to more than the cap (a gzip bomb), and this
    /// replica synced from the start instead. Why is in the log.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub take_failed: Option<bool>,
}

impl From<SnapshotActivity> for SnapshotReady {
    fn from(a: SnapshotActivity) -> Self {
        let seconds = |at: Option<UnixMillis>| at.map(|at| u64::try_from(at.0 / 1000).unwrap_or(0));
        SnapshotReady {
            saved_at: seconds(a.saves.last_ok),
            save_failing: a.saves.failing,
            shared_at: seconds(a.shares.last_ok),
            share_failing: a.sharing.then_some(a.shares.failing),
            take_failed: a.sharing.then_some(a.adoptions.failing),
        }
    }
}

/// The only status `/readyz` answers 200 with (before content is loaded nothing answers).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReadyStatus {
    Ready,
}

/// Whether enquiries reach the mail provider.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum Deliveries {
    /// Deliveries go out.
    Flowing,
    /// The provider refuses the key: enquiries are kept and wait for a working one. Why is in
    /// the server's log and `supplysite outbox list`, never here: the provider's words are not
    /// the public's to read.
    Blocked {
        /// When deliveries were first refused (Unix seconds).
        since: i64,
    },
    /// The outbox could not be asked (the cause is in the server's log).
    Unknown,
}

/// Deliveries go out short of something an operator should fix.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveriesDegraded {
    /// What is missing: `lead-attributes-refused`.
    pub what: &'static str,
    /// When this server first saw it (Unix seconds).
    pub since: i64,
}

/// `GET /healthz`: the process answers.
#[utoipa::path(
    get,
    path = "/healthz",
    tag = "health",
    responses(
        (status = 200, description = "The process answers", body = Health,
            headers(("cache-control" = String, description = "`no-store`"))),
        (status = 503, description = "The server took too long to answer (the site's request timeout)", body = String, content_type = "text/plain",
            headers(("retry-after" = u64, description = "Seconds to wait"))),
    )
)]
pub async fn healthz() -> Response {
    (
        [(header::CACHE_CONTROL, "no-store")],
        Json(Health {
            status: HealthStatus::Ok,
        }),
    )
        .into_response()
}

/// `GET /readyz`: which content is served, how fresh it is, and how deliveries go.
#[utoipa::path(
    get,
    path = "/readyz",
    tag = "health",
    responses(
        (status = 200, description = "Content is loaded and served", body = Ready,
            headers(("cache-control" = String, description = "`no-store`"))),
        (status = 503, description = "The server is stopping (it still answers while the load balancer moves away), or took too long to answer (the site's request timeout)", body = String, content_type = "text/plain",
            headers(("retry-after" = u64, description = "Seconds to wait"))),
    )
)]
pub async fn readyz(State(state): State<AppState>) -> Response {
    if state.draining() {
        // Still answering while the load balancer moves new requests elsewhere.
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            [
                (header::CACHE_CONTROL, "no-store"),
                (header::RETRY_AFTER, "1"),
            ],
            "the server is stopping; please try again\n",
        )
            .into_response();
    }
    let generation = state.content().current();
    let (fresh, age) = freshness(&state, &generation);
    let unix = |t: SystemTime| {
        t.duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0)
    };
    let deliveries = match state.contact() {
        None => None,
        // Pages are still served while deliveries are blocked (the enquiries are stored and
        // wait), so the status stays ready; the operator reads why here. The outbox is asked
        // at most once a second, however often this is called.
        Some(desk) => Some(match desk.deliveries_blocked().await {
            Ok(None) => Deliveries::Flowing,
            Ok(Some(b)) => Deliveries::Blocked {
                since: b.since.0 / 1000,
            },
            // The store's own error names paths; it is in the server's log, not here.
            Err(_) => Deliveries::Unknown,
        }),
    };
    let deliveries_degraded = state.contact().and_then(|desk| {
        desk.enquiries()
            .delivery()
            .degraded()
            .map(|d| DeliveriesDegraded {
                what: d.what,
                since: d.since,
            })
    });
    let body = Ready {
        status: ReadyStatus::Ready,
        deliveries_degraded,
        content_version: generation.version().to_owned(),
        loaded_at: unix(generation.loaded_at),
        age_seconds: age,
        build: state.inner().shell.build_id().to_owned(),
        cached_pages: generation.pages.len(),
        source: fresh.as_ref().map(|f| f.source),
        fetched_at: fresh.as_ref().map(|f| unix(f.fetched_at)),
        from_disk: fresh.as_ref().map(|f| f.from_disk),
        snapshot: fresh
            .as_ref()
            .and_then(|f| f.snapshot)
            .map(SnapshotReady::from),
        deliveries,
        connections: state.inner().connections.counts(),
        reloading: state.reloading(),
        pictures_to_warm: state
            .images()
            .map(|engine| engine.stats().to_warm.load(Ordering::Relaxed)),
        first_screen_pictures_to_warm: state
            .images()
            .map(|engine| engine.stats().first_screen_to_warm.load(Ordering::Relaxed)),
        search: SearchReady::of(&generation, state.content().search_failures()),
    };
    ([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response()
}

/// The source's own account of the content served, when it has one for the set being served,
/// and the seconds since the content was read from its source (or, without such an account,
/// since this process took it in).
fn freshness(
    state: &AppState,
    generation: &crate::content::Generation,
) -> (Option<crate::content::freshness::Freshness>, u64) {
    // How long ago the content was read from Contentful, not merely when this process
    // swapped it in.
    let fresh = state
        .inner()
        .freshness
        .as_ref()
        .and_then(|f| f.freshness())
        .filter(|f| f.version == generation.version());
    let content_time = fresh
        .as_ref()
        .map_or(generation.loaded_at, |f| f.fetched_at);
    let age = SystemTime::now()
        .duration_since(content_time)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    (fresh, age)
}

/// `GET /metrics` (on the metrics listener only): every family in Prometheus's text format.
pub async fn metrics(State(state): State<AppState>) -> Response {
    let generation = state.content().current();
    let (fresh, content_age_seconds) = freshness(&state, &generation);
    let connections = state.inner().connections.counts();
    let scrape = Scrape {
        ready: !state.draining(),
        outbox: match state.contact() {
            Some(desk) => outbox_counts(desk.enquiries().outbox().as_ref()).await,
            None => None,
        },
        content_age_seconds,
        reloads: state.content().reload_counts(),
        snapshot: fresh.and_then(|f| f.snapshot),
        renditions: state.images().map(|engine| {
            let stats = engine.stats();
            RenditionCounts {
                memory: stats.memory_hits.load(Ordering::Relaxed),
                disk: stats.disk_hits.load(Ordering::Relaxed),
                encoded: stats.encodes.load(Ordering::Relaxed),
                stand_in: stats.stand_ins.load(Ordering::Relaxed),
            }
        }),
        image_cache: state.images().map(|engine| ImageCache {
            used: engine.cache_used(),
            budget: engine.config().cache_bytes,
        }),
        connections_open: connections.open as u64,
        refused_per_client: connections.refused_per_client,
        refused_total: connections.refused_total,
        search: match &*generation.search() {
            crate::content::Search::Ready(snapshot) => Some(crate::metrics::SearchIndexState {
                ready: true,
                building: false,
                documents: snapshot.documents() as u64,
                failures: state.content().search_failures(),
            }),
            crate::content::Search::Building => Some(crate::metrics::SearchIndexState {
                ready: false,
                building: true,
                documents: 0,
                failures: state.content().search_failures(),
            }),
            crate::content::Search::Failed => Some(crate::metrics::SearchIndexState {
                ready: false,
                building: false,
                documents: 0,
                failures: state.content().search_failures(),
            }),
            crate::content::Search::Off => None,
        },
    };
    (
        [
            (header::CONTENT_TYPE, crate::metrics::CONTENT_TYPE),
            (header::CACHE_CONTROL, "no-store"),
        ],
        state.metrics().encode(scrape),
    )
        .into_response()
}

/// The outbox's undelivered jobs by state, through the outbox port; `None` when it cannot be
/// read (the cause is logged).
async fn outbox_counts(outbox: &dyn EnquiryOutbox) -> Option<OutboxCounts> {
    let read = |state| {
        outbox.jobs(JobFilter {
            state: Some(state),
            limit: None,
        })
    };
    let (pending, dead, blocked) = match (
        read(JobState::Pending).await,
        read(JobState::Dead).await,
        outbox.blocked().await,
    ) {
        (Ok(pending), Ok(dead), Ok(blocked)) => (pending, dead, blocked.is_some()),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => {
            tracing::warn!(error = %e, "cannot count the outbox's jobs for /metrics");
            return None;
        }
    };
    let mut counts = OutboxCounts {
        dead: dead.len() as u64,
        ..OutboxCounts::default()
    };
    // Enquiry ids are made from the time received (core's `identity`), the oldest first.
    let now = UnixMillis::from(SystemTime::now());
    counts.oldest_waiting_seconds = pending
        .iter()
        .filter_map(|job| supplysite_core::enquiry::identity::received_at(&job.enquiry_id))
        .min()
        .map_or(0, |received| {
            u64::try_from(now.0.saturating_sub(received.0) / 1000).unwrap_or(0)
        });
    for job in &pending {
        if blocked {
            counts.blocked += 1;
        } else if job.attempts > 0 {
            counts.retrying += 1;
        } else {
            counts.pending += 1;
        }
    }
    Some(counts)
}
