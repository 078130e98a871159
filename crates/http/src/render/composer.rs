//! The seam between the server and the page rules: something that turns a route and a content
//! set into core's typed [`Outcome`], the not-found page view and the site chrome. Production
//! wires in `supplysite_core::compose` ([`crate::CoreComposer`]); tests can wrap it.
//!
//! The server works with the typed values throughout and serialises them once, where the bytes
//! leave it: the data embedded in a page, the page API's answer and the props of server-side
//! rendering.

use supplysite_core::content::ContentSet;
use supplysite_core::routes::Route;
use supplysite_core::view::{Chrome, NotFoundView, Outcome};

/// Composes pages. Implementations are pure functions of their arguments.
pub trait Composer: Send + Sync + 'static {
    /// The outcome for `route`: a page, a redirect or nothing.
    fn compose(&self, route: &Route, set: &ContentSet) -> Outcome;
    /// The not-found page view, shown in the site's layout with status 404.
    fn not_found(&self, set: &ContentSet) -> NotFoundView;
    /// The navigation, footer and contact block every page shows.
    fn chrome(&self) -> Chrome;
}
