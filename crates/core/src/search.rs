//! Site search: what is indexed, how it ranks, what a visitor may ask and what they get back
//! (docs/behaviour.md §2, Search).
//!
//! Core owns the rules and an index adapter only stores and runs them: [`documents`] turns a
//! content set into the documents the public index holds (every indexable insight, customer
//! story, product page, page-builder page and the About Us page; never one whose `seoIndex` is
//! false), [`Field`] says which parts of a document are searched and how much each weighs,
//! [`text`] turns text into terms the same way at index and query time, [`SearchRequest`]
//! checks what a visitor asked, and [`SearchAnswer`] is what the API and the page answer.

pub mod query;
pub mod text;

pub use query::{SEARCH_PAGE, SEARCH_PARAMETERS, SearchQuery, form_encode};

use crate::content::{ContentSet, ProductTag};
use crate::copy::{self, Block};
use crate::richtext::plain_text;
use crate::routes::{ProductPage, Route};
use serde::{Deserialize, Serialize};
use std::ops::Range;

/// The most characters a query may have.
pub const MAX_QUERY_CHARS: usize = 200;
/// The most words a query may have (repeats and the parts of compounds counted).
pub const MAX_QUERY_TERMS: usize = 12;
/// Results on one page of answers.
pub const PAGE_SIZE: usize = 10;
/// The last page of answers a visitor may ask for: deeper pages are no use to a reader and
/// would make each query collect more.
pub const MAX_PAGE: usize = 50;
/// The shortest word a prefix match is tried for (as-you-type): shorter prefixes match too much.
pub const MIN_PREFIX_CHARS: usize = 3;
/// Characters of a result's snippet, about.
pub const SNIPPET_CHARS: usize = 180;
/// Results are counted exactly up to this many; a query that finds more says "more than" it.
/// Above the deepest page a visitor may ask for ([`MAX_PAGE`] × [`PAGE_SIZE`]), so the pages
/// are always right. A broad word finds most of a large archive, and counting all of it would
/// cost every such query a pass over the whole index.
pub const COUNT_CAP: usize = 1_000;
const _: () = assert!(
    COUNT_CAP >= MAX_PAGE * PAGE_SIZE,
    "the cap is past the last page"
);

/// What kind of page a result is.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ts_rs::TS,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum SearchKind {
    /// An insight post (`/insights/{slug}`).
    Insight,
    /// A customer story (`/case-study/{slug}`).
    CaseStudy,
    /// A product page.
    Product,
    /// A page-builder page (`/page/{slug}`).
    Page,
    /// The About Us page.
    About,
}

impl SearchKind {
    /// Every kind, in the order the filters list them.
    pub const ALL: [SearchKind; 5] = [
        SearchKind::Insight,
        SearchKind::CaseStudy,
        SearchKind::Product,
        SearchKind::Page,
        SearchKind::About,
    ];

    /// The kind as the API and the `type` parameter spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            SearchKind::Insight => "insight",
            SearchKind::CaseStudy => "caseStudy",
            SearchKind::Product => "product",
            SearchKind::Page => "page",
            SearchKind::About => "about",
        }
    }

    /// The kind spelt as [`SearchKind::as_str`] gives it.
    pub fn parse(s: &str) -> Option<Self> {
        SearchKind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// The searched parts of a document, each with its weight in the ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// The title.
    Title,
    /// The product tags and their module names, the customer organisation, the editors' tags.
    Keywords,
    /// The short description or meta description.
    Description,
    /// The people quoted, with their job titles.
    People,
    /// The body: the rich text, the sections, the quotes.
    Body,
}

impl Field {
    /// Every field.
    pub const ALL: [Field; 5] = [
        Field::Title,
        Field::Keywords,
        Field::Description,
        Field::People,
        Field::Body,
    ];

    /// How much a match here counts against a match in the body: a word of the title says
    /// most about what a page is about, product tags and organisation names next.
    pub fn weight(self) -> f32 {
        match self {
            Field::Title => 6.0,
            Field::Keywords => 3.0,
            Field::Description => 2.0,
            Field::People => 1.5,
            Field::Body => 1.0,
        }
    }

    /// The field's name in an index.
    pub fn name(self) -> &'static str {
        match self {
            Field::Title => "title",
            Field::Keywords => "keywords",
            Field::Description => "description",
            Field::People => "people",
            Field::Body => "body",
        }
    }
}

/// How much a match found only through a typo counts against the exact word.
pub const TYPO_WEIGHT: f32 = 0.4;
/// How much a match found only through a prefix counts against the exact word.
pub const PREFIX_WEIGHT: f32 = 0.5;
/// How much a newer page gains over an old one with the same score: a gentle tie-breaker,
/// at most this fraction of the score, falling off over [`RECENCY_DAYS`].
pub const RECENCY_BOOST: f32 = 0.05;
/// The days over which a page's recency gain falls to nothing.
pub const RECENCY_DAYS: f32 = 730.0;

/// A score raised by recency: `age_minutes` is how long before the newest indexed page this
/// one was published (pages without a date gain nothing).
pub fn ranked_score(score: f32, age_minutes: Option<i64>) -> f32 {
    let Some(age) = age_minutes else {
        return score;
    };
    let days = (age.max(0) as f32) / (60.0 * 24.0);
    let fresh = (1.0 - days / RECENCY_DAYS).max(0.0);
    score * (1.0 + RECENCY_BOOST * fresh)
}

/// One page as the public index holds it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SearchDocument {
    /// Unique among documents and stable across content sets: the kind and the entry's id
    /// (or the page's path for pages without an entry).
    pub key: String,
    /// The kind of page.
    pub kind: SearchKind,
    /// The page's site path.
    pub path: String,
    /// The title shown in results.
    pub title: String,
    /// The product tags, for the filter.
    pub products: Vec<ProductTag>,
    /// The texts of each searched field other than the title.
    pub keywords: String,
    /// See [`Field::Description`].
    pub description: String,
    /// See [`Field::People`].
    pub people: String,
    /// See [`Field::Body`].
    pub body: String,
    /// The publish day as visitors read it (`YYYY-MM-DD`), for insights.
    pub date: Option<String>,
    /// The publish instant in minutes since the epoch, for the recency tie-break.
    pub published_minutes: Option<i64>,
}

impl SearchDocument {
    /// The text of `field`.
    pub fn field(&self, field: Field) -> &str {
        match field {
            Field::Title => &self.title,
            Field::Keywords => &self.keywords,
            Field::Description => &self.description,
            Field::People => &self.people,
            Field::Body => &self.body,
        }
    }
}

/// The words of a product tag a visitor may type: the tag and its module's names.
fn product_words(tag: ProductTag) -> String {
    let names: Vec<&str> = ProductPage::ALL
        .into_iter()
        .filter(|p| p.tag() == tag)
        .map(|p| copy::product(p).name)
        .collect();
    format!("{} {}", tag.as_str(), names.join(" "))
}

fn products_words(tags: &[ProductTag]) -> String {
    tags.iter()
        .map(|&t| product_words(t))
        .collect::<Vec<_>>()
        .join(" ")
}

fn blocks_text(blocks: &[Block]) -> String {
    let mut out = String::new();
    for b in blocks {
        out.push_str(b.heading);
        out.push('\n');
        for p in b.paragraphs {
            out.push_str(p);
            out.push('\n');
        }
    }
    out
}

fn join(parts: &[&str]) -> String {
    parts
        .iter()
        .filter(|p| !p.trim().is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every document of the public index of `set`: the insights, customer stories and
/// page-builder pages whose `seoIndex` is on (and that have an address), the product pages and
/// the About Us page. Drafts never reach a public content set, so none is here.
pub fn documents(set: &ContentSet) -> Vec<SearchDocument> {
    let mut out = Vec::new();
    for post in set.posts() {
        if !post.seo_index {
            continue;
        }
        if let Some(doc) = insight_document(set, post) {
            out.push(doc);
        }
    }
    for story in set.case_studies() {
        if !story.seo_index {
            continue;
        }
        let path = Route::CaseStudy(story.slug.clone());
        if Route::parse(&path.path()) != path {
            continue;
        }
        let sections: Vec<String> = [
            &story.background,
            &story.challenge,
            &story.solution,
            &story.outcomes,
        ]
        .into_iter()
        .flatten()
        .map(plain_text)
        .collect();
        let facts = [
            story.category.as_deref(),
            story.location.as_deref(),
            story.strategy.as_deref(),
            story.industry.as_deref(),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
        out.push(SearchDocument {
            key: format!("caseStudy:{}", story.id),
            kind: SearchKind::CaseStudy,
            path: path.path(),
            title: story.title.clone(),
            products: story.products.clone(),
            keywords: join(&[
                &story.organisation,
                &products_words(&story.products),
                &facts,
            ]),
            description: join(&[
                &story.teaser_heading,
                &story.extract_for_teaser,
                story.meta_description.as_deref().unwrap_or(""),
            ]),
            people: join(&[&story.quoted_person, &story.quoted_person_job_title]),
            body: join(&[
                &story.callout_quote,
                &sections
                    .iter()
                    .map(String::as_str)
                    .collect::<Vec<_>>()
                    .join("\n"),
            ]),
            date: None,
            published_minutes: None,
        });
    }
    for page in set.pages() {
        if !page.seo_index {
            continue;
        }
        let path = Route::Page(page.slug.clone());
        if Route::parse(&path.path()) != path {
            continue;
        }
        let mut body = Vec::new();
        if let Some(banner) = &page.banner {
            body.extend(banner.banner_text.clone());
            body.extend(banner.banner_text_box.as_ref().map(plain_text));
        }
        for slice in &page.slices {
            match slice {
                crate::content::Slice::TextMedia(t) => {
                    body.extend(t.text_block_title.clone());
                    body.extend(t.text_content.as_ref().map(plain_text));
                }
                crate::content::Slice::DividerCta(d) => {
                    body.extend(d.title.clone());
                    body.extend(d.text.clone());
                }
                crate::content::Slice::Faq(f) => {
                    for item in &f.items {
                        body.push(item.question.clone());
                        body.push(item.answer_text.clone());
                    }
                }
            }
        }
        out.push(SearchDocument {
            key: format!("page:{}", page.id),
            kind: SearchKind::Page,
            path: path.path(),
            title: page.title.clone(),
            products: page.products.clone(),
            keywords: products_words(&page.products),
            description: join(&[
                page.meta_description.as_deref().unwrap_or(""),
                page.banner
                    .as_ref()
                    .and_then(|b| b.banner_body_text.as_deref())
                    .unwrap_or(""),
            ]),
            people: String::new(),
            body: body.join("\n"),
            date: None,
            published_minutes: None,
        });
    }
    for page in ProductPage::ALL {
        let c = copy::product(page);
        let mut blocks = vec![c.what_it_is];
        blocks.extend_from_slice(c.extra);
        let mut body = blocks_text(&blocks);
        for section in std::iter::once(&c.features).chain(c.how_it_works.as_ref()) {
            body.push_str(section.heading);
            body.push('\n');
            body.push_str(section.intro);
            body.push('\n');
            for card in section.cards {
                body.push_str(card.title);
                body.push('\n');
                body.push_str(card.text);
                body.push('\n');
            }
        }
        for quote in std::iter::once(&c.testimonial).chain(c.quotes) {
            body.push_str(quote.quote);
            body.push('\n');
        }
        out.push(SearchDocument {
            key: format!("product:{}", page.segment()),
            kind: SearchKind::Product,
            path: Route::Product(page).path(),
            title: c.name.to_string(),
            products: vec![page.tag()],
            keywords: product_words(page.tag()),
            description: join(&[c.hero_title, c.hero_lead, c.summary, c.description]),
            people: String::new(),
            body,
            date: None,
            published_minutes: None,
        });
    }
    let about = &copy::ABOUT;
    let mut body = blocks_text(&[
        about.intro,
        about.founder,
        about.team,
        about.culture,
        about.cta,
    ]);
    for entry in set.timeline() {
        for doc in [&entry.title, &entry.main_content].into_iter().flatten() {
            body.push_str(&plain_text(doc));
            body.push('\n');
        }
    }
    out.push(SearchDocument {
        key: "about:/about-us".to_string(),
        kind: SearchKind::About,
        path: Route::AboutUs.path(),
        title: about.intro.heading.to_string(),
        products: Vec::new(),
        keywords: String::new(),
        description: about.description.to_string(),
        people: String::new(),
        body,
        date: None,
        published_minutes: None,
    });
    out
}

/// The document of one insight, or `None` when it is not in the public index (`seoIndex`
/// off, or a slug with no address).
pub fn insight_document(
    set: &ContentSet,
    post: &crate::content::BlogPost,
) -> Option<SearchDocument> {
    if !post.seo_index {
        return None;
    }
    let route = Route::Insight(post.slug.clone());
    if Route::parse(&route.path()) != route {
        return None;
    }
    Some(SearchDocument {
        key: format!("insight:{}", post.id),
        kind: SearchKind::Insight,
        path: route.path(),
        title: post.title.clone(),
        products: post.products.clone(),
        keywords: join(&[&products_words(&post.products), &post.tags.join(" ")]),
        description: join(&[
            &post.description,
            post.meta_description.as_deref().unwrap_or(""),
        ]),
        people: String::new(),
        body: post.body.as_ref().map(plain_text).unwrap_or_default(),
        date: Some(post.publish_date.shown_ymd(set.time_zone())),
        published_minutes: Some(post.publish_date.instant_minutes()),
    })
}

/// Why a search request was refused (a 400 answer).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The query is longer than [`MAX_QUERY_CHARS`].
    #[error("q is too long: at most {MAX_QUERY_CHARS} characters")]
    QueryTooLong,
    /// The query has more than [`MAX_QUERY_TERMS`] words.
    #[error("q has too many words: at most {MAX_QUERY_TERMS}")]
    TooManyTerms,
    /// `type` is none of the kinds.
    #[error("type must be one of insight, caseStudy, product, page, about")]
    UnknownKind,
    /// `product` is none of the product tags.
    #[error("product must be one of SPM, eRFx, SCM, eAuction, SSM, SIM, PIM")]
    UnknownProduct,
    /// `page` is not a whole number from 1 to [`MAX_PAGE`].
    #[error("page must be a whole number from 1 to {MAX_PAGE}")]
    BadPage,
}

/// One word of a query, as the index looks it up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryTerm {
    /// The normalised term ([`text::terms`]).
    pub text: String,
    /// Edits a matching indexed word may be away ([`text::typo_allowance`]).
    pub typos: u8,
    /// Whether an indexed word starting with it matches too: the last word of a query being
    /// typed, from [`MIN_PREFIX_CHARS`] characters.
    pub prefix: bool,
}

/// A checked search request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchRequest {
    /// The query as typed, trimmed.
    pub query: String,
    /// Its terms, in order, each at most once.
    pub terms: Vec<QueryTerm>,
    /// Quoted phrases: each a run of terms that must appear in order.
    pub phrases: Vec<Vec<String>>,
    /// Only this kind, when set.
    pub kind: Option<SearchKind>,
    /// Only pages tagged with this product, when set.
    pub product: Option<ProductTag>,
    /// The page of answers, from 1.
    pub page: usize,
}

impl SearchRequest {
    /// Checks the parameters of `GET /api/search` and `/search`: `q` (absent or blank asks
    /// nothing and finds nothing), `type`, `product` and `page`. Blank filters are no filter.
    pub fn parse(
        q: Option<&str>,
        kind: Option<&str>,
        product: Option<&str>,
        page: Option<&str>,
    ) -> Result<SearchRequest, SearchError> {
        let asked = q.unwrap_or("");
        let query = asked.trim();
        if query.chars().count() > MAX_QUERY_CHARS {
            return Err(SearchError::QueryTooLong);
        }
        let kind = match kind.map(str::trim).filter(|s| !s.is_empty()) {
            None => None,
            Some(s) => Some(SearchKind::parse(s).ok_or(SearchError::UnknownKind)?),
        };
        let product = match product.map(str::trim).filter(|s| !s.is_empty()) {
            None => None,
            Some(s) => Some(
                ProductTag::ALL
                    .into_iter()
                    .find(|t| t.as_str().eq_ignore_ascii_case(s))
                    .ok_or(SearchError::UnknownProduct)?,
            ),
        };
        let page = match page.map(str::trim).filter(|s| !s.is_empty()) {
            None => 1,
            Some(s) => match s.parse::<usize>() {
                Ok(n) if (1..=MAX_PAGE).contains(&n) => n,
                _ => return Err(SearchError::BadPage),
            },
        };
        // Quoted runs are phrases; their words are terms too.
        let mut phrases = Vec::new();
        for (i, part) in query.split('"').enumerate() {
            if i % 2 == 1 {
                // The parts of a compound, not its whole, which shares their position.
                let mut seen = std::collections::HashSet::new();
                let words: Vec<String> = text::terms(part)
                    .into_iter()
                    .filter(|t| seen.insert(t.position))
                    .map(|t| t.text)
                    .collect();
                if words.len() > 1 {
                    phrases.push(words);
                }
            }
        }
        // A query that ends in a space or a closing quote has no word still being typed.
        let typing = !asked.ends_with(|c: char| c.is_whitespace() || c == '"');
        let all = text::terms(query);
        let last_from = all.iter().map(|t| t.from).max();
        let mut terms: Vec<QueryTerm> = Vec::new();
        for t in &all {
            if terms.iter().any(|q| q.text == t.text) {
                continue;
            }
            terms.push(QueryTerm {
                typos: text::typo_allowance(&t.text),
                prefix: typing
                    && Some(t.from) == last_from
                    && t.text.chars().count() >= MIN_PREFIX_CHARS
                    && !t.text.chars().all(|c| c.is_ascii_digit()),
                text: t.text.clone(),
            });
        }
        // Words as typed, repeats included (a compound's parts count, its whole does not).
        let words = all.iter().map(|t| t.position + 1).max().unwrap_or(0);
        if words > MAX_QUERY_TERMS {
            return Err(SearchError::TooManyTerms);
        }
        Ok(SearchRequest {
            query: query.to_string(),
            terms,
            phrases,
            kind,
            product,
            page,
        })
    }

    /// Whether the request asks anything at all.
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    /// The position of the page's first result among all results.
    pub fn offset(&self) -> usize {
        (self.page - 1) * PAGE_SIZE
    }

    /// The site path of another page of the same answers: `/search?q=…&type=…&product=…&page=N`,
    /// each value percent-encoded, page 1 without `page`.
    pub fn path_for_page(&self, page: usize) -> String {
        let mut out = format!("/search?q={}", crate::uri::encode_component(&self.query));
        if let Some(kind) = self.kind {
            out.push_str("&type=");
            out.push_str(kind.as_str());
        }
        if let Some(product) = self.product {
            out.push_str("&product=");
            out.push_str(product.as_str());
        }
        if page > 1 {
            out.push_str(&format!("&page={page}"));
        }
        out
    }
}

/// One result.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SearchHit {
    /// The page's site path.
    pub path: String,
    /// The page's title.
    pub title: String,
    /// The kind of page.
    pub kind: SearchKind,
    /// A passage of the page as HTML: its text escaped, the matched words in `<mark>`.
    pub snippet: String,
    /// The publish day (`YYYY-MM-DD`) of an insight.
    pub date: Option<String>,
}

/// How many results one filter value would give.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct KindCount {
    /// The kind.
    pub kind: SearchKind,
    /// Results of that kind.
    pub count: usize,
}

/// How many results one product filter would give.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ProductCount {
    /// The product tag.
    pub product: ProductTag,
    /// Results tagged with it.
    pub count: usize,
}

/// The counts by filter value of the query's results (before the filters), each value with
/// at least one result. They are counted among the results the total counts: all of them when
/// the query (before the filters) finds at most [`COUNT_CAP`], else the first [`COUNT_CAP`]
/// found, so that `complete` is false and each count is how many of those have the value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SearchFacets {
    /// By kind, in [`SearchKind::ALL`] order.
    pub kinds: Vec<KindCount>,
    /// By product, in [`ProductTag::ALL`] order.
    pub products: Vec<ProductCount>,
    /// Whether every result was counted; false when the query found more than
    /// [`COUNT_CAP`] results and the counts are of the first [`COUNT_CAP`].
    pub complete: bool,
}

/// How many results a search found: exactly, up to [`COUNT_CAP`], or more than that.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum ResultCount {
    /// Exactly this many (at most [`COUNT_CAP`]).
    Exactly(usize),
    /// More than this many (always [`COUNT_CAP`]): counting stopped there.
    MoreThan(usize),
}

impl ResultCount {
    /// `found` results counted, where counting stopped once it passed [`COUNT_CAP`].
    pub fn counted(found: usize) -> ResultCount {
        if found > COUNT_CAP {
            ResultCount::MoreThan(COUNT_CAP)
        } else {
            ResultCount::Exactly(found)
        }
    }

    /// Whether nothing was found.
    pub fn is_zero(self) -> bool {
        self == ResultCount::Exactly(0)
    }

    /// Whether the count is exact.
    pub fn is_exact(self) -> bool {
        matches!(self, ResultCount::Exactly(_))
    }

    /// The fewest results there may be: the count, or one more than its bound.
    pub fn at_least(self) -> usize {
        match self {
            ResultCount::Exactly(n) => n,
            ResultCount::MoreThan(n) => n + 1,
        }
    }
}

impl std::fmt::Display for ResultCount {
    /// `12`, or `more than 1000`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResultCount::Exactly(n) => write!(f, "{n}"),
            ResultCount::MoreThan(n) => write!(f, "more than {n}"),
        }
    }
}

/// The answer to a search: `GET /api/search` and the `/search` page.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SearchAnswer {
    /// The query as understood (trimmed).
    pub query: String,
    /// How many results there are in all (with the filters): exact up to [`COUNT_CAP`], beyond
    /// it "more than" the cap.
    pub total: ResultCount,
    /// This page of answers, from 1.
    pub page: usize,
    /// How many pages the results make (at most [`MAX_PAGE`]).
    pub pages: usize,
    /// This page's results, best first.
    pub results: Vec<SearchHit>,
    /// The counts by filter value.
    pub facets: SearchFacets,
}

impl Default for SearchFacets {
    /// No counts, and nothing left uncounted.
    fn default() -> Self {
        SearchFacets {
            kinds: Vec::new(),
            products: Vec::new(),
            complete: true,
        }
    }
}

impl SearchAnswer {
    /// The answer to a request that asks nothing.
    pub fn empty(request: &SearchRequest) -> SearchAnswer {
        SearchAnswer {
            query: request.query.clone(),
            total: ResultCount::Exactly(0),
            page: request.page,
            pages: 1,
            results: Vec::new(),
            facets: SearchFacets::default(),
        }
    }

    /// How many pages `total` results make, at least 1 and at most [`MAX_PAGE`] (right for a
    /// count that stopped at [`COUNT_CAP`]: the cap is past the last page).
    pub fn pages_for(total: ResultCount) -> usize {
        let pages = total.at_least().div_ceil(PAGE_SIZE);
        pages.clamp(1, MAX_PAGE)
    }
}

/// The edits between `a` and `b` (insertions, deletions, substitutions and swaps of
/// neighbours), counting no further than `limit + 1`.
pub fn edit_distance(a: &str, b: &str, limit: u8) -> u8 {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let limit = usize::from(limit);
    if a.len().abs_diff(b.len()) > limit {
        return (limit + 1) as u8;
    }
    // Optimal string alignment distance, row by row.
    let mut before: Vec<usize> = Vec::new();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(row[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            row[j] = d;
        }
        before = std::mem::replace(&mut prev, row);
    }
    prev[b.len()].min(limit + 1) as u8
}

/// The words of `text` a request matched, as byte ranges in order: a word whose stem is a
/// query term's stem (`stem` is the index's stemmer), one within a term's typo allowance, or
/// one starting with the word being typed.
pub fn matched_words(
    text: &str,
    request: &SearchRequest,
    stem: &mut dyn FnMut(&str) -> String,
) -> Vec<Range<usize>> {
    WordMatcher::new(request, stem).matched(text)
}

/// [`matched_words`] for the passages of one answer: each distinct word is stemmed and
/// measured against the query once, however many passages and results it appears in.
pub struct WordMatcher<'a> {
    request: &'a SearchRequest,
    stems: Vec<String>,
    stem: &'a mut dyn FnMut(&str) -> String,
    /// Whether each word seen so far matched.
    seen: std::collections::HashMap<String, bool>,
}

impl<'a> WordMatcher<'a> {
    /// The matcher of `request`'s words; `stem` is the index's stemmer.
    pub fn new(request: &'a SearchRequest, stem: &'a mut dyn FnMut(&str) -> String) -> Self {
        let stems = request.terms.iter().map(|t| stem(&t.text)).collect();
        WordMatcher {
            request,
            stems,
            stem,
            seen: std::collections::HashMap::new(),
        }
    }

    /// Whether the term `word` matches a word of the query.
    fn hit(&mut self, word: &str) -> bool {
        if let Some(&hit) = self.seen.get(word) {
            return hit;
        }
        let mut stemmed: Option<String> = None;
        let mut hit = false;
        for (q, q_stem) in self.request.terms.iter().zip(&self.stems) {
            if word == q.text
                || (q.prefix && word.starts_with(&q.text))
                || (q.typos > 0 && edit_distance(word, &q.text, q.typos) <= q.typos)
                || *stemmed.get_or_insert_with(|| (self.stem)(word)) == *q_stem
            {
                hit = true;
                break;
            }
        }
        self.seen.insert(word.to_string(), hit);
        hit
    }

    /// The words of `text` the request matched, as byte ranges in order ([`matched_words`]).
    pub fn matched(&mut self, text: &str) -> Vec<Range<usize>> {
        let mut out: Vec<Range<usize>> = Vec::new();
        for word in text::terms(text) {
            if self.hit(&word.text) && out.last().is_none_or(|l| l.end <= word.from) {
                out.push(word.from..word.to);
            }
        }
        out
    }
}

/// A snippet as HTML: `text` escaped, each of `marks` (byte ranges into `text`, in order and
/// not overlapping) in `<mark>`. Ranges that do not fall on character boundaries are skipped.
pub fn highlight(text: &str, marks: &[Range<usize>]) -> String {
    let mut out = String::with_capacity(text.len() + marks.len() * 13);
    let mut at = 0;
    for m in marks {
        if m.start < at
            || m.end > text.len()
            || m.start >= m.end
            || !text.is_char_boundary(m.start)
            || !text.is_char_boundary(m.end)
        {
            continue;
        }
        crate::html::escape_into(&mut out, &text[at..m.start]);
        out.push_str("<mark>");
        crate::html::escape_into(&mut out, &text[m.start..m.end]);
        out.push_str("</mark>");
        at = m.end;
    }
    crate::html::escape_into(&mut out, &text[at..]);
    out
}

/// The passage of `text` a result shows: about [`SNIPPET_CHARS`] characters around the first
/// of `marks` (or from the start), cut at word boundaries, with `…` where it was cut, as HTML
/// with the marks inside it highlighted ([`highlight`]).
pub fn snippet(text: &str, marks: &[Range<usize>]) -> String {
    let text_len = text.len();
    let first = marks.first().map(|m| m.start).unwrap_or(0).min(text_len);
    // Start a little before the first match, at a word boundary.
    let mut start = first;
    let mut back = 0;
    for (i, _) in text[..first].char_indices().rev() {
        back += 1;
        start = i;
        if back >= SNIPPET_CHARS / 4 {
            break;
        }
    }
    if start > 0 {
        start = text[start..]
            .char_indices()
            .find(|(_, c)| c.is_whitespace())
            .map(|(i, c)| start + i + c.len_utf8())
            .filter(|&s| s <= first)
            .unwrap_or(start);
    }
    let mut end = text_len;
    if let Some((i, _)) = text[start..].char_indices().nth(SNIPPET_CHARS) {
        end = start + i;
        end = text[..end]
            .rfind(char::is_whitespace)
            .filter(|&e| e > first)
            .unwrap_or(end);
    }
    let inside: Vec<Range<usize>> = marks
        .iter()
        .filter(|m| m.start >= start && m.end <= end)
        .map(|m| (m.start - start)..(m.end - start))
        .collect();
    let passage = &text[start..end];
    let mut out = String::new();
    if start > 0 {
        out.push('…');
    }
    out.push_str(&highlight(passage.trim_end(), &inside));
    if end < text_len {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(q: &str) -> Result<SearchRequest, SearchError> {
        SearchRequest::parse(Some(q), None, None, None)
    }

    #[test]
    fn a_query_is_checked_and_split_into_terms() {
        let r = ask("  Supplier organisation scorecrds ").unwrap();
        assert_eq!(r.query, "Supplier organisation scorecrds");
        let t: Vec<(&str, u8, bool)> = r
            .terms
            .iter()
            .map(|t| (t.text.as_str(), t.typos, t.prefix))
            .collect();
        assert_eq!(
            t,
            [
                ("supplier", 1, false),
                ("organization", 2, false),
                ("scorecrds", 2, false)
            ]
        );
        // The last word of a query still being typed also matches as a prefix.
        let r = ask("reverse auc").unwrap();
        assert_eq!(r.terms[1].text, "auc");
        assert!(r.terms[1].prefix);
        assert!(!r.terms[0].prefix);
    }

    #[test]
    fn bad_parameters_are_refused_with_what_is_allowed() {
        assert_eq!(ask(&"a".repeat(201)), Err(SearchError::QueryTooLong));
        assert!(ask(&"a".repeat(200)).is_ok());
        let many = (0..13)
            .map(|i| format!("w{i}"))
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(ask(&many), Err(SearchError::TooManyTerms));
        assert_eq!(
            SearchRequest::parse(Some("x"), Some("blog"), None, None),
            Err(SearchError::UnknownKind)
        );
        assert_eq!(
            SearchRequest::parse(Some("x"), None, Some("ERP"), None),
            Err(SearchError::UnknownProduct)
        );
        for page in ["0", "-1", "51", "two", "1.5"] {
            assert_eq!(
                SearchRequest::parse(Some("x"), None, None, Some(page)),
                Err(SearchError::BadPage),
                "{page}"
            );
        }
        let r =
            SearchRequest::parse(Some("x"), Some("caseStudy"), Some("erfx"), Some("3")).unwrap();
        assert_eq!(r.kind, Some(SearchKind::CaseStudy));
        assert_eq!(r.product, Some(ProductTag::ERfx));
        assert_eq!(r.page, 3);
        assert_eq!(
            r.path_for_page(4),
            "/search?q=x&type=caseStudy&product=eRFx&page=4"
        );
        assert_eq!(
            r.path_for_page(1),
            "/search?q=x&type=caseStudy&product=eRFx"
        );
        assert!(ask("   ").unwrap().is_empty());
    }

    #[test]
    fn quoted_words_are_a_phrase() {
        let r = ask("\"reverse auction\" savings").unwrap();
        assert_eq!(
            r.phrases,
            [vec!["reverse".to_string(), "auction".to_string()]]
        );
        assert_eq!(r.terms.len(), 3);
    }

    #[test]
    fn snippets_escape_the_text_and_mark_the_matches() {
        let text = "Tom & Jerry <script>alert(1)</script> read about RFQ templates";
        let at = text.find("RFQ").unwrap();
        assert_eq!(
            highlight(text, std::slice::from_ref(&(at..at + 3))),
            "Tom &amp; Jerry &lt;script&gt;alert(1)&lt;/script&gt; read about <mark>RFQ</mark> templates"
        );
        // A range off a character boundary is skipped, never split.
        assert_eq!(highlight("é", std::slice::from_ref(&(0..1))), "é");
        let long = format!("{} needle {}", "word ".repeat(100), "tail ".repeat(100));
        let at = long.find("needle").unwrap();
        let s = snippet(&long, std::slice::from_ref(&(at..at + 6)));
        assert!(s.starts_with('…') && s.ends_with('…'), "{s}");
        assert!(s.contains("<mark>needle</mark>"));
        assert!(s.chars().count() < SNIPPET_CHARS + 20);
    }

    #[test]
    fn edit_distance_counts_swaps_as_one_and_stops_past_the_limit() {
        assert_eq!(edit_distance("declaratoins", "declarations", 2), 1);
        assert_eq!(edit_distance("alergen", "allergen", 1), 1);
        assert_eq!(edit_distance("supplier", "supplier", 1), 0);
        assert_eq!(edit_distance("auction", "tender", 2), 3);
    }

    #[test]
    fn matched_words_find_stems_typos_and_prefixes() {
        let r = ask("alergen declarations scor").unwrap();
        let text = "Allergen declaration and scorecards";
        let marks = matched_words(text, &r, &mut |w: &str| w.trim_end_matches('s').to_string());
        let words: Vec<&str> = marks.iter().map(|m| &text[m.clone()]).collect();
        assert_eq!(words, ["Allergen", "declaration", "scorecards"]);
    }

    #[test]
    fn a_count_past_the_cap_says_more_than_the_cap_and_keeps_every_page() {
        assert_eq!(ResultCount::counted(12), ResultCount::Exactly(12));
        assert_eq!(
            ResultCount::counted(COUNT_CAP),
            ResultCount::Exactly(COUNT_CAP)
        );
        let more = ResultCount::counted(COUNT_CAP + 1);
        assert_eq!(more, ResultCount::MoreThan(COUNT_CAP));
        assert_eq!(more.to_string(), "more than 1000");
        assert_eq!(
            serde_json::to_value(more).unwrap(),
            serde_json::json!({"moreThan": 1000})
        );
        assert_eq!(
            serde_json::to_value(ResultCount::Exactly(3)).unwrap(),
            serde_json::json!({"exactly": 3})
        );
        assert_eq!(SearchAnswer::pages_for(more), MAX_PAGE);
        assert_eq!(SearchAnswer::pages_for(ResultCount::Exactly(0)), 1);
        assert_eq!(SearchAnswer::pages_for(ResultCount::Exactly(11)), 2);
    }

    #[test]
    fn recency_only_breaks_ties() {
        assert_eq!(ranked_score(2.0, None), 2.0);
        assert!(ranked_score(2.0, Some(0)) > ranked_score(2.0, Some(60 * 24 * 365)));
        assert!(ranked_score(2.0, Some(0)) < ranked_score(2.2, Some(60 * 24 * 3650)));
    }
}
