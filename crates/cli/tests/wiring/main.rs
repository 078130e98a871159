//! `supplysite serve` as a process with its adapters wired in: enquiries through the outbox to
//! a fake Brevo (surviving a SIGKILL mid-delivery), and live content from a fake Contentful
//! (through an outage, a restart during it, and a signed webhook).

// Starting, asking and stopping the server process.
mod support;

// Enquiries: delivered, and delivered once after a SIGKILL mid-delivery.
mod enquiries;
// The embedded default: challenges, the .eml mailbox's escaping, reCAPTCHA's page settings.
mod mailbox;
// Enquiries under abuse and slow services: the answer budget, resubmissions, the rate limit,
// replayed challenges, braces, a revoked key.
mod abuse;
// Live content: from the fake, through an outage and a restart, and the webhook.
mod live;
// Editors' redirects, from an export and from the live space alike.
mod redirects;
// Malformed settings stop start-up, named.
mod settings;
// SIGTERM: /readyz 503 at once, answers through the drain period, a clean exit.
mod draining;
// GET /metrics on its own listener, read with a Prometheus parser, moving with traffic.
mod metrics;
// X-Forwarded-For only from trusted proxies; their connections held to the total cap only.
mod proxies;
// Heavy pages and made-up paths: /healthz stays quick, memory stays flat.
mod load;
// A flood of cold pictures: every one answered (some with a brief stand-in), the site answering.
mod pictures;
// Machine-readable dates fall on the printed day in the site's zone: export, live, preview.
mod dates;
// Files uploaded to the space: sandboxed, the runnable ones downloaded, never run as the site.
mod files;
// The webhook refused by its headers, shared between replicas, its lifetime bounded; preview
// cookies short-lived and revoked by a new epoch.
mod guards;
