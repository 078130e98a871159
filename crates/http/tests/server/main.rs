//! The server's tests, one binary: the router and the contact endpoints answered in-process, the
//! image endpoint and the editors' preview on a loopback socket, and server-side rendering
//! compared with Node's. Every site is built by the one harness in `support`.

// The site a test builds (`TestApp`) and reading its answers.
mod support;

// Routes, headers, caching, the sitemap, the feed, the webhook, the API's description.
mod router;
// `POST /api/contact` and `GET /api/robot-challenge` over core's fakes.
mod contact;
// The image endpoint on a real socket.
mod images;
// The editors' preview end to end against a fake Contentful.
mod preview;
// Server-rendered markup equals Node's for every demo page (ignored: needs the server bundle).
mod ssr_parity;
