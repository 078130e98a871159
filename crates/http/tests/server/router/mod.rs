//! The router answered in-process with `oneshot`, no socket: every route template, redirects,
//! not-found, headers, caching, compression, sitemap, robots, the feed and the webhook.

// Page routes: every template, redirects and the not-found page.
mod pages;
// `GET /api/page`.
mod api;
// The express lane: cached pages answered at once, as the router answers them.
mod express;
// The paginated listings: `?page=N` pages, their links, cache keys and the load-more API.
mod listing;
// A 10,000-post synthetic space: listing weight and load more to the oldest post.
mod archive;
// Security headers and the hash-based CSP on every kind of response.
mod security;
// ETags, 304, Cache-Control and compression.
mod caching;
// What a page's ETag covers, and the headers of a 304.
mod etag;
// Hashed assets, other web build files and export images.
mod static_files;
// `/sitemap.xml` and `/robots.txt`.
pub(crate) mod sitemap;
// `/insights/feed.xml`: contents, order, caching, a feed parser and the Atom grammar.
mod feed;
// `/healthz` and `/readyz`.
mod health;
// `POST /api/webhooks/contentful`.
mod webhook;
// `GET /api/search`, and the index kept current by Sync deltas.
mod search;
// Contentful down while the server runs: the last good content keeps serving.
mod outage;
// Pages with markup from the server-side renderer.
mod ssr;
// `GET /api/openapi.json` and the statuses the routes answer.
mod openapi;
// POST /api/vitals: counted by template and metric, refusals, size and rate limits.
mod vitals;
