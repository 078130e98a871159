//! The preview routes: opening and ending a preview, pages and the page API for a browser
//! holding a preview cookie, and Live Preview's unsaved edits. The cookie and the preview
//! settings are [`crate::preview`]'s.

pub(crate) mod compose;
pub(crate) mod pages;
pub(crate) mod routes;
