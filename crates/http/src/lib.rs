//! The supplysite web server: pages, the page API, contact, sitemap, robots and webhooks over axum.
