//! The request handlers, one module per route or family of routes, and the API's error answer.
//!
//! Layer: the top of the server. Handlers reach everything through [`crate::state::AppState`]
//! and may use every other module; nothing below them uses a handler (the router in `lib.rs`
//! mounts them).

pub(crate) mod api_error;
pub mod canonical;
pub mod contact;
pub mod feed;
pub(crate) mod health;
pub mod images;
pub mod openapi;
pub(crate) mod pages;
pub(crate) mod preview;
pub mod robot;
pub mod search;
pub mod sitemap;
pub mod static_files;
pub mod vitals;
pub mod webhook;
