//! The editors' preview end to end: the server on a socket, its public content and its preview
//! content both read from a fake Contentful that holds a draft post, a changed post and an
//! archived post, visited the way an editor's browser and an attacker would.

// `/api/preview` and `/api/preview/exit`: the secret, the path, the cookie.
mod routes;
// Pages and the page API with and without the cookie, their headers and what stays public.
mod pages;
// Live Preview's inspector attributes in the markup of every page, with the web UI's server
// bundle: on every tagged field in preview, on none in public.
mod inspector;
// `POST /api/preview/compose`: Live Preview's unsaved edits, for one answer only.
mod compose;
