//! The whole content of a space, with its indexes built once.

use super::{
    Asset, BlogPost, CaseStudy, FaqList, Page, PrivacyPage, ProductTag, Redirect, TimelineEntry,
};
use crate::time_zone::TimeZone;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// A customer logo for the home page carousel (content type `customerLogo`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomerLogo {
    /// The entry's `sys.id`.
    pub id: String,
    /// The customer's name; the logo's alt text when the asset has none.
    pub name: String,
    /// The logo.
    pub logo: Asset,
    /// The position in the carousel: lower comes first (equal positions in source order).
    pub order: i32,
}

/// What an entry id refers to, for resolving rich-text entry links to routes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryRef {
    /// A blog post, by its index among the posts.
    Post(usize),
    /// A case study, by its index among the case studies.
    CaseStudy(usize),
    /// A page-builder page, by its index among the pages.
    Page(usize),
}

/// Everything a source loads, before indexing.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContentParts {
    /// The blog posts, in source order. Shared: a live source that re-reads one changed post
    /// builds its next set around the same posts, without copying the archive.
    pub posts: Vec<Arc<BlogPost>>,
    /// The case studies, in source order; shared like the posts.
    pub case_studies: Vec<Arc<CaseStudy>>,
    /// The page-builder pages, in source order.
    pub pages: Vec<Page>,
    /// The FAQ lists.
    pub faq_lists: Vec<FaqList>,
    /// The About Us timeline's entries, in source order.
    pub timeline: Vec<TimelineEntry>,
    /// The privacy page, when the space has one.
    pub privacy: Option<PrivacyPage>,
    /// The home page carousel's logos, in source order.
    pub customer_logos: Vec<CustomerLogo>,
    /// Every published asset by id (rich text embeds assets by id).
    pub assets: BTreeMap<String, Asset>,
    /// The editors' redirects, in source order.
    #[serde(default)]
    pub redirects: Vec<Redirect>,
}

/// The immutable content of a space. Every page is a pure function of a route and this set.
///
/// Lists keep the order the source gave; the indexes give the orders the rules need. Where two
/// entries share a slug, the first one wins (the content check reports the clash).
#[derive(Clone, Debug)]
pub struct ContentSet {
    parts: ContentParts,
    version: String,
    posts_newest: Vec<usize>,
    post_by_slug: HashMap<String, usize>,
    posts_by_product: HashMap<ProductTag, Vec<usize>>,
    case_studies_by_priority: Vec<usize>,
    case_studies_by_product: HashMap<ProductTag, Vec<usize>>,
    case_study_by_slug: HashMap<String, usize>,
    page_by_slug: HashMap<String, usize>,
    faq_by_slug: HashMap<String, usize>,
    timeline_by_position: Vec<usize>,
    logos_in_order: Vec<usize>,
    entries: HashMap<String, EntryRef>,
    /// The zone visitors read publish dates in.
    time_zone: TimeZone,
}

impl ContentSet {
    /// Indexes `parts`. `version` identifies this content (a hash or the space's sync token)
    /// and becomes part of every ETag and cache key.
    pub fn new(parts: ContentParts, version: impl Into<String>) -> Self {
        // Sorted on keys laid out side by side: comparing through each post's own allocation
        // is most of the cost at a hundred thousand posts.
        let mut keys: Vec<(std::cmp::Reverse<i64>, &str, usize)> = parts
            .posts
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let newest = std::cmp::Reverse(p.publish_date.instant_minutes());
                (newest, p.slug.as_str(), i)
            })
            .collect();
        keys.sort_unstable();
        let posts_newest: Vec<usize> = keys.into_iter().map(|(_, _, i)| i).collect();
        let mut posts_by_product: HashMap<ProductTag, Vec<usize>> = HashMap::new();
        for &i in &posts_newest {
            for &tag in &parts.posts[i].products {
                let list = posts_by_product.entry(tag).or_default();
                if list.last() != Some(&i) {
                    list.push(i);
                }
            }
        }
        let mut case_studies_by_priority: Vec<usize> = (0..parts.case_studies.len()).collect();
        case_studies_by_priority.sort_by(|&a, &b| {
            let (a, b) = (&parts.case_studies[a], &parts.case_studies[b]);
            a.order_priority
                .cmp(&b.order_priority)
                .then_with(|| a.slug.cmp(&b.slug))
        });
        let mut case_studies_by_product: HashMap<ProductTag, Vec<usize>> = HashMap::new();
        for &i in &case_studies_by_priority {
            for &tag in &parts.case_studies[i].products {
                let list = case_studies_by_product.entry(tag).or_default();
                if list.last() != Some(&i) {
                    list.push(i);
                }
            }
        }
        let mut timeline_by_position: Vec<usize> = (0..parts.timeline.len()).collect();
        timeline_by_position.sort_by_key(|&i| (parts.timeline[i].position, i));
        let mut logos_in_order: Vec<usize> = (0..parts.customer_logos.len()).collect();
        logos_in_order.sort_by_key(|&i| (parts.customer_logos[i].order, i));

        let mut entries = HashMap::new();
        for (i, p) in parts.posts.iter().enumerate() {
            entries.entry(p.id.clone()).or_insert(EntryRef::Post(i));
        }
        for (i, c) in parts.case_studies.iter().enumerate() {
            entries
                .entry(c.id.clone())
                .or_insert(EntryRef::CaseStudy(i));
        }
        for (i, p) in parts.pages.iter().enumerate() {
            entries.entry(p.id.clone()).or_insert(EntryRef::Page(i));
        }

        ContentSet {
            post_by_slug: first_by(&parts.posts, |p| &p.slug),
            case_study_by_slug: first_by(&parts.case_studies, |c| &c.slug),
            page_by_slug: first_by(&parts.pages, |p| &p.slug),
            faq_by_slug: first_by(&parts.faq_lists, |f| &f.slug),
            posts_newest,
            posts_by_product,
            case_studies_by_priority,
            case_studies_by_product,
            timeline_by_position,
            logos_in_order,
            entries,
            parts,
            version: version.into(),
            time_zone: TimeZone::default(),
        }
    }

    /// This content shown with publish dates in `zone` (the site's time zone setting; Sydney
    /// unless set).
    pub fn with_time_zone(mut self, zone: TimeZone) -> Self {
        self.time_zone = zone;
        self
    }

    /// This content under another version (a source that names its content by something
    /// other than what it read it from).
    pub fn with_version(mut self, version: impl Into<String>) -> Self {
        self.version = version.into();
        self
    }

    /// The zone visitors read publish dates in.
    pub fn time_zone(&self) -> &TimeZone {
        &self.time_zone
    }

    /// An empty space.
    pub fn empty() -> Self {
        ContentSet::new(ContentParts::default(), "empty")
    }

    /// The content version this set was built from.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// The pictures the pages show largest on their first screen, which they preload: every
    /// article's, customer story's and page-builder page's [`BlogPost::first_screen_picture`],
    /// [`CaseStudy::first_screen_picture`] and [`Page::first_screen_picture`], each once.
    pub fn first_screen_pictures(&self) -> Vec<&Asset> {
        let posts = self.parts.posts.iter().map(|p| p.first_screen_picture());
        let stories = self
            .parts
            .case_studies
            .iter()
            .map(|c| c.first_screen_picture());
        let pages = self.parts.pages.iter().map(|p| p.first_screen_picture());
        let mut seen = std::collections::HashSet::new();
        posts
            .chain(stories)
            .chain(pages)
            .flatten()
            .filter(|a| !a.url.is_empty() && seen.insert(a.url.as_str()))
            .collect()
    }

    /// The unindexed parts, for exporting or re-indexing.
    pub fn parts(&self) -> &ContentParts {
        &self.parts
    }

    /// Every post, newest first (equal dates by slug).
    pub fn posts_newest(&self) -> impl ExactSizeIterator<Item = &BlogPost> + Clone {
        self.posts_newest.iter().map(|&i| &*self.parts.posts[i])
    }

    /// Posts tagged with `tag`, newest first.
    pub fn posts_tagged(&self, tag: ProductTag) -> impl Iterator<Item = &BlogPost> + Clone {
        self.posts_by_product
            .get(&tag)
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .map(|&i| &*self.parts.posts[i])
    }

    /// The post with this slug.
    pub fn post(&self, slug: &str) -> Option<&BlogPost> {
        self.post_by_slug.get(slug).map(|&i| &*self.parts.posts[i])
    }

    /// Every case study, lowest `casestudyorderpriority` first (equal priorities by slug).
    pub fn case_studies_by_priority(&self) -> impl ExactSizeIterator<Item = &CaseStudy> + Clone {
        self.case_studies_by_priority
            .iter()
            .map(|&i| &*self.parts.case_studies[i])
    }

    /// Case studies tagged with `tag`, lowest priority first. Indexed, because a product page
    /// asks for its teaser on every request and most stories are about another product.
    pub fn case_studies_tagged(&self, tag: ProductTag) -> impl Iterator<Item = &CaseStudy> + Clone {
        self.case_studies_by_product
            .get(&tag)
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .map(|&i| &*self.parts.case_studies[i])
    }

    /// The case study with this slug.
    pub fn case_study(&self, slug: &str) -> Option<&CaseStudy> {
        self.case_study_by_slug
            .get(slug)
            .map(|&i| &*self.parts.case_studies[i])
    }

    /// Every page-builder page in source order.
    pub fn pages(&self) -> &[Page] {
        &self.parts.pages
    }

    /// The page-builder page with this slug.
    pub fn page(&self, slug: &str) -> Option<&Page> {
        self.page_by_slug.get(slug).map(|&i| &self.parts.pages[i])
    }

    /// The FAQ list for a page path given without its leading slash (`etender`,
    /// `insights/some-post`).
    pub fn faq_for(&self, path_without_slash: &str) -> Option<&FaqList> {
        self.faq_by_slug
            .get(path_without_slash)
            .map(|&i| &self.parts.faq_lists[i])
    }

    /// Every FAQ list, in source order.
    pub fn faq_lists(&self) -> &[FaqList] {
        &self.parts.faq_lists
    }

    /// The About Us timeline by position.
    pub fn timeline(&self) -> impl ExactSizeIterator<Item = &TimelineEntry> {
        self.timeline_by_position
            .iter()
            .map(|&i| &self.parts.timeline[i])
    }

    /// The privacy page, when the space has one.
    pub fn privacy(&self) -> Option<&PrivacyPage> {
        self.parts.privacy.as_ref()
    }

    /// Customer logos in carousel order.
    pub fn customer_logos(&self) -> impl ExactSizeIterator<Item = &CustomerLogo> {
        self.logos_in_order
            .iter()
            .map(|&i| &self.parts.customer_logos[i])
    }

    /// The published asset with this id.
    pub fn asset(&self, id: &str) -> Option<&Asset> {
        self.parts.assets.get(id)
    }

    /// Every published asset, by id.
    pub fn assets(&self) -> impl ExactSizeIterator<Item = &Asset> {
        self.parts.assets.values()
    }

    /// What an entry id refers to.
    pub fn entry(&self, id: &str) -> Option<EntryRef> {
        self.entries.get(id).copied()
    }

    /// Every post, in source order.
    pub fn posts(&self) -> &[Arc<BlogPost>] {
        &self.parts.posts
    }

    /// Every case study, in source order.
    pub fn case_studies(&self) -> &[Arc<CaseStudy>] {
        &self.parts.case_studies
    }

    /// The editors' redirects, in source order (see [`crate::redirects`] for which are served).
    pub fn redirects(&self) -> &[Redirect] {
        &self.parts.redirects
    }
}

fn first_by<T>(items: &[T], key: impl Fn(&T) -> &String) -> HashMap<String, usize> {
    let mut map = HashMap::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        map.entry(key(item).clone()).or_insert(i);
    }
    map
}
