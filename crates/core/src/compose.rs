//! Turns a route and the content set into what a visitor sees: a page view model, a redirect
//! or not found.

#[cfg(any(test, feature = "test-support"))]
pub mod fixture;
