//! How rich text in a content set links: entries to their routes, assets to the space's table.

use crate::asset::Asset;
use crate::content::{ContentSet, EntryRef};
use crate::richtext::LinkResolver;
use crate::routes::Route;

/// Posts link to `/insights/{slug}`, case studies to `/case-study/{slug}` and page-builder
/// pages to `/page/{slug}`; assets come from the space's asset table.
impl LinkResolver for ContentSet {
    fn entry_path(&self, id: &str) -> Option<String> {
        let route = match self.entry(id)? {
            EntryRef::Post(i) => Route::Insight(self.posts().get(i)?.slug.clone()),
            EntryRef::CaseStudy(i) => Route::CaseStudy(self.case_studies().get(i)?.slug.clone()),
            EntryRef::Page(i) => Route::Page(self.pages().get(i)?.slug.clone()),
        };
        Some(route.path())
    }

    fn asset(&self, id: &str) -> Option<&Asset> {
        ContentSet::asset(self, id)
    }

    fn entry_title(&self, id: &str) -> Option<String> {
        let title = match self.entry(id)? {
            EntryRef::Post(i) => &self.posts().get(i)?.title,
            EntryRef::CaseStudy(i) => &self.case_studies().get(i)?.title,
            EntryRef::Page(i) => &self.pages().get(i)?.title,
        };
        Some(title.clone())
    }
}
