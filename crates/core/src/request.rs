//! One reading of a request's address, shared by the server and the shared cache in front of it
//! (docs/behaviour.md §2).
//!
//! A shared cache stores an answer under a key made of a few parts of the address, and hands
//! it to everyone whose address makes the same key. That is safe only while the server's
//! answer depends on nothing but those parts, read exactly as the cache reads them. This
//! module is that agreement: which query parameters each kind of address is keyed on
//! ([`Keyed::parameters`], which `deploy/nginx.conf`'s keys must name, a test checks it), and
//! what the server does with an address that strays from its one canonical form ([`read`]):
//!
//! - a parameter the address is keyed on, spelled in another letter case or percent-encoded
//!   (`PAGE`, `p%61ge`), given twice or without a value is refused (400): a cache reading
//!   parameter names without regard to case, as nginx does, would read another value than the
//!   server;
//! - a listing's page number where no listing is, the first page's number, and on a page any
//!   other parameter it does not read and a trailing slash are redirected (308) to the
//!   canonical form, so no made-up query makes another cached copy of a page (an address that
//!   is no page, a file or an editor's redirect, keeps the parameters it does not read: the
//!   cache's key leaves them out, and an editor's redirect passes them on);
//! - the campaign parameters a link brings to a landing page ([`CAMPAIGN_PARAMETERS`]) are
//!   read by the page's own script, never by the server: they are kept, and ignored by both
//!   the server and the cache, so a campaign's visitors share the page's one cached copy;
//! - the page API's `path` must be the canonical address of what it asks for, spelled as the
//!   web UI spells it (JavaScript's `encodeURIComponent`); anything else is redirected to that
//!   spelling, or refused when it is ambiguous;
//! - the search page (`/search`) is keyed on what it reads, `q`, `type`, `product` and `page`
//!   ([`crate::search::SearchQuery`]): each spelt as a form sends it, blank ones and page 1 left
//!   out; another spelling of the same search, or a parameter it does not read, is redirected
//!   to the canonical form, a value the search refuses (an unknown type, a page past 50) is
//!   refused; `GET /api/search`, which no cache stores, refuses any parameter it does not read;
//! - a picture rendition's query has a strict rule of its own ([`crate::rendition::Request`]):
//!   it refuses every parameter it does not read, a repeated one and a number with a leading
//!   zero, and the cache keys on all three of its parameters.
//!
//! Addresses that are never stored by a shared cache (enquiries, robot challenges, preview,
//! webhooks, health) are left to their handlers ([`Keyed::Never`]).

use crate::routes::{Resolution, Route};
use crate::search::{SEARCH_PAGE, SEARCH_PARAMETERS, SearchError, SearchQuery};
use crate::uri;

/// The site search's API, read with the search page's parameters.
pub const SEARCH_API: &str = "/api/search";

/// The listing page parameter (`/insights?page=2`).
pub const PAGE: &str = "page";

/// The page API's one parameter (`/api/page?path=%2Finsights`).
pub const PATH: &str = "path";

/// The page API's address.
pub const PAGE_API: &str = "/api/page";

/// The campaign parameters a link may bring to any page: kept in the address for the page's
/// script to read, ignored by the server and by the cache's key. Names are exact (lower case);
/// `gclid` and `msclkid` are the ad networks' click identifiers.
pub const CAMPAIGN_PARAMETERS: [&str; 7] = [
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "utm_term",
    "utm_content",
    "gclid",
    "msclkid",
];

/// What a shared cache keys an address on: the kinds of address, each with its own key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keyed {
    /// Pages, the site's files and everything else a cache may store: the path and a listing's
    /// page number.
    Page,
    /// The page API: its path and the `path` parameter.
    PageApi,
    /// A picture rendition: its path and `w`, `fm` and `q`.
    Picture,
    /// The search page: its path and `q`, `type`, `product` and `page`.
    Search,
    /// Never stored by a shared cache, so its query is its handler's business: enquiries, robot
    /// challenges, preview, webhooks, health and any other API address.
    Never,
}

impl Keyed {
    /// The kind of `path` (without its query).
    pub fn of(path: &str) -> Keyed {
        if path == PAGE_API {
            Keyed::PageApi
        } else if path == SEARCH_PAGE || path == "/search/" {
            Keyed::Search
        } else if path == "/api/openapi.json" {
            Keyed::Page
        } else if path.starts_with("/api/") || path == "/healthz" || path == "/readyz" {
            Keyed::Never
        } else if path.starts_with(crate::rendition::ENDPOINT) {
            Keyed::Picture
        } else {
            Keyed::Page
        }
    }

    /// The query parameters a shared cache keys this kind of address on, in the order its key
    /// names them; every other parameter of the address is ignored by both the server and the
    /// cache, or refused.
    pub fn parameters(self) -> &'static [&'static str] {
        match self {
            Keyed::Page => &[PAGE],
            Keyed::PageApi => &[PATH],
            Keyed::Picture => &["w", "fm", "q"],
            Keyed::Search => &SEARCH_PARAMETERS,
            Keyed::Never => &[],
        }
    }
}

/// What the server does with an address ([`read`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// Answer it as asked: the address is in its canonical form, or differs from it only by
    /// what both the server and the cache ignore.
    AsAsked,
    /// Redirect (308) to this address (path and query), the canonical form of the same request.
    Redirect(String),
    /// Refuse (400): what the address asks is ambiguous.
    Refused(QueryError),
}

/// Why an address is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// A keyed parameter written another way than its one spelling.
    #[error("the query parameter {given:?} must be written {expected:?}, in lower case")]
    Spelling {
        /// The name as the request wrote it.
        given: String,
        /// The one spelling.
        expected: &'static str,
    },
    /// A keyed parameter given more than once.
    #[error("the query parameter {0:?} is given more than once")]
    Repeated(&'static str),
    /// A keyed parameter with no `=`.
    #[error("the query parameter {0:?} has no value")]
    NoValue(&'static str),
    /// A parameter the page API does not read.
    #[error("the page API reads only the query parameter \"path\", not {0:?}")]
    Unknown(String),
    /// A value with a `%` that starts no escape, or escapes that spell no UTF-8 text.
    #[error("the query parameter {0:?} is not percent-encoded text")]
    Malformed(&'static str),
    /// A parameter the search API does not read.
    #[error("the search API reads only the query parameters q, type, product and page, not {0:?}")]
    NotSearched(String),
    /// A search the search rules refuse.
    #[error("{0}")]
    Search(SearchError),
}

/// What the server does with a request for `path` (no query) with the query string `query`
/// (`None` without a `?`; `Some("")` for a bare `?`). See the module documentation.
pub fn read(path: &str, query: Option<&str>) -> Reading {
    match Keyed::of(path) {
        Keyed::Page => match query {
            Some(query) => read_page(path, query),
            None => Reading::AsAsked,
        },
        Keyed::PageApi => read_page_api(query.unwrap_or("")),
        Keyed::Search => match query {
            Some(query) => read_search(path, query),
            None if path == SEARCH_PAGE => Reading::AsAsked,
            None => Reading::Redirect(SEARCH_PAGE.to_owned()),
        },
        Keyed::Never if path == SEARCH_API => read_search_api(query.unwrap_or("")),
        Keyed::Picture | Keyed::Never => Reading::AsAsked,
    }
}

/// A search address's query, read: the search, the search parameters as written, the campaign
/// parameters, and the first parameter it does not read.
struct SearchRead<'a> {
    search: SearchQuery,
    written: Vec<(&'static str, &'a str)>,
    campaign: Vec<&'a str>,
    stray: Option<&'a str>,
}

/// Reads a search query; refuses a search parameter written another way, twice or without a
/// value, and a search the rules refuse.
fn search_read(query: &str) -> Result<SearchRead<'_>, QueryError> {
    let mut read = SearchRead {
        search: SearchQuery::default(),
        written: Vec::new(),
        campaign: Vec::new(),
        stray: None,
    };
    for pair in query.split('&').filter(|pair| !pair.is_empty()) {
        let (name, value) = match pair.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (pair, None),
        };
        if let Some(&known) = SEARCH_PARAMETERS.iter().find(|p| **p == name) {
            let value = value.ok_or(QueryError::NoValue(known))?;
            if read.written.iter().any(|(n, _)| *n == known) {
                return Err(QueryError::Repeated(known));
            }
            read.written.push((known, value));
        } else if let Some(&expected) = SEARCH_PARAMETERS.iter().find(|p| names(name, p)) {
            return Err(QueryError::Spelling {
                given: name.to_owned(),
                expected,
            });
        } else if CAMPAIGN_PARAMETERS.contains(&name) && value.is_some() {
            read.campaign.push(pair);
        } else if read.stray.is_none() {
            read.stray = Some(name);
        }
    }
    let value = |name: &str| {
        read.written
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| uri::form_decode(v))
    };
    read.search = SearchQuery::parse(
        value("q").as_deref(),
        value("type").as_deref(),
        value("product").as_deref(),
        value("page").as_deref(),
    )
    .map_err(QueryError::Search)?;
    Ok(read)
}

fn read_search(path: &str, query: &str) -> Reading {
    let read = match search_read(query) {
        Ok(read) => read,
        Err(error) => return Reading::Refused(error),
    };
    let canonical = read.search.parameters();
    let mut written = read.written.clone();
    written.sort_unstable();
    let mut wanted: Vec<(&str, &str)> = canonical.iter().map(|(n, v)| (*n, v.as_str())).collect();
    wanted.sort_unstable();
    // A bare `?` or an empty pair strays too: one spelling of each search.
    let bare = query.split('&').any(str::is_empty);
    if path == SEARCH_PAGE && read.stray.is_none() && !bare && written == wanted {
        return Reading::AsAsked;
    }
    let mut to = read.search.href();
    for (i, pair) in read.campaign.iter().enumerate() {
        to.push(if i == 0 && canonical.is_empty() {
            '?'
        } else {
            '&'
        });
        to.push_str(pair);
    }
    Reading::Redirect(to)
}

fn read_search_api(query: &str) -> Reading {
    match search_read(query) {
        Err(QueryError::Search(_)) => Reading::AsAsked,
        Err(error) => Reading::Refused(error),
        Ok(read) => match read.stray.or(read
            .campaign
            .first()
            .map(|p| p.split('=').next().unwrap_or_default()))
        {
            // The handler answers the search's own refusals, with the same words.
            None => Reading::AsAsked,
            Some(name) => Reading::Refused(QueryError::NotSearched(name.to_owned())),
        },
    }
}

/// A page address's query, read: its page number (as written) and campaign parameters (as
/// written, in order), and whether anything else was there.
struct PageQuery<'a> {
    page: Option<&'a str>,
    campaign: Vec<&'a str>,
    /// The other parameters, as written.
    others: Vec<&'a str>,
    /// Whether anything else was there (other parameters, or an empty pair).
    strayed: bool,
}

/// Reads a page address's query; refuses a `page` written another way, twice or without value.
fn page_query(query: &str) -> Result<PageQuery<'_>, QueryError> {
    let mut read = PageQuery {
        page: None,
        campaign: Vec::new(),
        others: Vec::new(),
        strayed: false,
    };
    for pair in query.split('&') {
        let (name, value) = match pair.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (pair, None),
        };
        if name == PAGE {
            let value = value.ok_or(QueryError::NoValue(PAGE))?;
            if read.page.replace(value).is_some() {
                return Err(QueryError::Repeated(PAGE));
            }
        } else if names(name, PAGE) {
            return Err(QueryError::Spelling {
                given: name.to_owned(),
                expected: PAGE,
            });
        } else if CAMPAIGN_PARAMETERS.contains(&name) && value.is_some() {
            read.campaign.push(pair);
        } else {
            read.strayed = true;
            if !pair.is_empty() {
                read.others.push(pair);
            }
        }
    }
    Ok(read)
}

/// Whether the parameter name `given` names `expected` in another letter case or encoding.
fn names(given: &str, expected: &str) -> bool {
    given.eq_ignore_ascii_case(expected)
        || (given.contains('%')
            && uri::percent_decode(given).is_some_and(|name| name.eq_ignore_ascii_case(expected)))
}

/// A listing page number as the route rule reads it: `Some(n)` for a canonical positive
/// decimal, `None` for anything else (which the route answers as not found).
fn page_number(value: &str) -> Option<usize> {
    let canonical = !value.is_empty()
        && value.len() <= 9
        && value.bytes().all(|b| b.is_ascii_digit())
        && !value.starts_with('0');
    canonical.then(|| value.parse().ok()).flatten()
}

/// The canonical form of a page address and its query, or `None` when the route itself will
/// answer it as not found (a listing's page number that is not a number). `for_page`: the
/// address as a page is asked for, keeping the campaign parameters and, at an address that is
/// no page (a file, an editor's redirect), every parameter but `page`; otherwise (the page
/// API's `path`) only a listing's page number stays.
fn canonical_page(path: &str, query: &PageQuery<'_>, for_page: bool) -> Option<String> {
    let route = Route::resolve(path, None);
    let canonical_path = match &route {
        Resolution::Canonical(to) => to.as_str(),
        Resolution::Route(_) | Resolution::NotFound => path,
    };
    let listing = match &route {
        Resolution::Route(route) => route.listing_page(1).is_some(),
        Resolution::Canonical(to) => Route::parse(to).listing_page(1).is_some(),
        Resolution::NotFound => false,
    };
    let mut parameters = Vec::new();
    let page;
    if let Some(value) = query.page.filter(|_| listing) {
        match page_number(value)? {
            1 => {}
            n => {
                page = format!("{PAGE}={n}");
                parameters.push(page.as_str());
            }
        }
    }
    if for_page {
        parameters.extend(query.campaign.iter().copied());
        if matches!(route, Resolution::NotFound) {
            parameters.extend(query.others.iter().copied());
        }
    }
    Some(if parameters.is_empty() {
        canonical_path.to_owned()
    } else {
        format!("{canonical_path}?{}", parameters.join("&"))
    })
}

fn read_page(path: &str, query: &str) -> Reading {
    let read = match page_query(query) {
        Ok(read) => read,
        Err(error) => return Reading::Refused(error),
    };
    let Some(canonical) = canonical_page(path, &read, true) else {
        return Reading::AsAsked;
    };
    // The order of what stays is nobody's key: only a change of what is read redirects. An
    // address that is no page reads no parameter: the cache's key leaves all but `page` out,
    // and an editor's redirect passes them on.
    let page = !matches!(Route::resolve(path, None), Resolution::NotFound);
    let moved = canonical.split('?').next() != Some(path);
    let page_kept = read.page.is_none() || canonical.contains("?page=");
    if (page && read.strayed) || moved || !page_kept {
        Reading::Redirect(canonical)
    } else {
        Reading::AsAsked
    }
}

fn read_page_api(query: &str) -> Reading {
    let mut target = None;
    for pair in query.split('&') {
        let (name, value) = match pair.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (pair, None),
        };
        if name == PATH {
            let Some(value) = value else {
                return Reading::Refused(QueryError::NoValue(PATH));
            };
            if target.replace(value).is_some() {
                return Reading::Refused(QueryError::Repeated(PATH));
            }
        } else if names(name, PATH) {
            return Reading::Refused(QueryError::Spelling {
                given: name.to_owned(),
                expected: PATH,
            });
        } else if !pair.is_empty() {
            return Reading::Refused(QueryError::Unknown(name.to_owned()));
        }
    }
    // Without a readable path the handler answers its own 400.
    let Some(raw) = target else {
        return Reading::AsAsked;
    };
    let Some(decoded) = uri::percent_decode(&raw.replace('+', " ")) else {
        return Reading::Refused(QueryError::Malformed(PATH));
    };
    let inner = decoded.split('#').next().unwrap_or_default();
    let (inner_path, inner_query) = match inner.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (inner, None),
    };
    let canonical = match inner_query {
        // The search page reads its own parameters: only those stay, canonical.
        _ if inner_path == SEARCH_PAGE => match search_read(inner_query.unwrap_or("")) {
            Ok(read) => read.search.href(),
            Err(error) => return Reading::Refused(error),
        },
        None => inner_path.to_owned(),
        Some(inner_query) => match page_query(inner_query) {
            Err(error) => return Reading::Refused(error),
            // A trailing slash stays, without its query: the API answers it with the redirect
            // to follow.
            Ok(_) if matches!(Route::resolve(inner_path, None), Resolution::Canonical(_)) => {
                inner_path.to_owned()
            }
            // A page number that is no number stays as asked: the route answers not found.
            Ok(read) => {
                canonical_page(inner_path, &read, false).unwrap_or_else(|| inner.to_owned())
            }
        },
    };
    let spelled = uri::encode_component(&canonical);
    if query
        .strip_prefix(PATH)
        .and_then(|rest| rest.strip_prefix('='))
        == Some(spelled.as_str())
    {
        Reading::AsAsked
    } else {
        Reading::Redirect(format!("{PAGE_API}?{PATH}={spelled}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn redirect(to: &str) -> Reading {
        Reading::Redirect(to.to_owned())
    }

    #[test]
    fn addresses_are_keyed_by_their_kind() {
        assert_eq!(Keyed::of("/"), Keyed::Page);
        assert_eq!(Keyed::of("/insights"), Keyed::Page);
        assert_eq!(Keyed::of("/assets/index-abc.js"), Keyed::Page);
        assert_eq!(Keyed::of("/api/openapi.json"), Keyed::Page);
        assert_eq!(Keyed::of("/api/page"), Keyed::PageApi);
        assert_eq!(
            Keyed::of("/img/images.ctfassets.net/a/b/c/d.jpg"),
            Keyed::Picture
        );
        for never in [
            "/api/contact",
            "/api/robot-challenge",
            "/api/preview",
            "/api/preview/exit",
            "/api/webhooks/contentful",
            "/api/nothing",
            "/healthz",
            "/readyz",
        ] {
            assert_eq!(Keyed::of(never), Keyed::Never, "{never}");
            assert_eq!(read(never, Some("x=1&X=2&x=3")), Reading::AsAsked);
        }
    }

    #[test]
    fn canonical_pages_and_campaign_landings_are_answered_as_asked() {
        for (path, query) in [
            ("/", None),
            ("/about-us", None),
            ("/insights", Some("page=2")),
            ("/case-study-index", Some("page=12")),
            ("/contact-us", Some("utm_source=mail&utm_campaign=Spring")),
            ("/insights", Some("utm_medium=email&page=3&gclid=abc")),
            ("/", Some("msclkid=x")),
        ] {
            assert_eq!(read(path, query), Reading::AsAsked, "{path}?{query:?}");
        }
    }

    #[test]
    fn a_keyed_parameter_written_another_way_or_twice_is_refused() {
        let spelled = |given: &str| {
            Reading::Refused(QueryError::Spelling {
                given: given.into(),
                expected: PAGE,
            })
        };
        // The poisoning of a cache that reads names without regard to case and takes the first.
        assert_eq!(read("/insights", Some("PAGE=3&page=1")), spelled("PAGE"));
        assert_eq!(read("/insights", Some("page=1&Page=3")), spelled("Page"));
        assert_eq!(read("/about-us", Some("p%61ge=3")), spelled("p%61ge"));
        assert_eq!(
            read("/insights", Some("page=2&page=3")),
            Reading::Refused(QueryError::Repeated(PAGE))
        );
        assert_eq!(
            read("/insights", Some("page&x=1")),
            Reading::Refused(QueryError::NoValue(PAGE))
        );
    }

    #[test]
    fn what_the_address_does_not_read_is_redirected_away() {
        // A page number where no listing is, and the first page's number.
        assert_eq!(read("/about-us", Some("page=3")), redirect("/about-us"));
        assert_eq!(read("/insights", Some("page=1")), redirect("/insights"));
        assert_eq!(
            read("/assets/app.js", Some("page=2")),
            redirect("/assets/app.js")
        );
        // An address that is no page (a file, an editor's redirect) keeps what it does not read.
        assert_eq!(read("/careers", Some("ref=footer")), Reading::AsAsked);
        assert_eq!(read("/assets/app.js", Some("v=2&")), Reading::AsAsked);
        assert_eq!(
            read("/careers", Some("ref=footer&page=2&utm_source=x")),
            redirect("/careers?utm_source=x&ref=footer")
        );
        // Other parameters, and campaign names in another case, go; campaign parameters stay.
        assert_eq!(read("/about-us", Some("poison=1")), redirect("/about-us"));
        assert_eq!(
            read(
                "/insights",
                Some("x=1&page=2&utm_source=mail&UTM_SOURCE=y&fbclid=z")
            ),
            redirect("/insights?page=2&utm_source=mail")
        );
        assert_eq!(read("/about-us", Some("")), redirect("/about-us"));
        assert_eq!(read("/about-us", Some("&")), redirect("/about-us"));
        // A trailing slash with a query: the canonical path, with what it reads.
        assert_eq!(read("/about-us/", Some("poison=1")), redirect("/about-us"));
        assert_eq!(
            read("/insights/", Some("page=2&utm_term=rfq")),
            redirect("/insights?page=2&utm_term=rfq")
        );
        // A page number that is no number is the route's not found, whatever else is there.
        assert_eq!(read("/insights", Some("page=02&x=1")), Reading::AsAsked);
        assert_eq!(read("/insights", Some("page=abc")), Reading::AsAsked);
    }

    #[test]
    fn the_page_api_asks_for_one_canonical_address_spelled_as_the_web_ui_spells_it() {
        let api = |query: &str| read(PAGE_API, Some(query));
        assert_eq!(api("path=%2Fabout-us"), Reading::AsAsked);
        assert_eq!(api("path=%2Finsights%3Fpage%3D2"), Reading::AsAsked);
        assert_eq!(api("path=%2Fabout-us%2F"), Reading::AsAsked);
        assert_eq!(api("path=%2Fno-such-page"), Reading::AsAsked);
        // Without a path the handler answers its own 400.
        assert_eq!(read(PAGE_API, None), Reading::AsAsked);
        // Another spelling of the same address.
        assert_eq!(
            api("path=/about-us"),
            redirect("/api/page?path=%2Fabout-us")
        );
        assert_eq!(
            api("path=%2fabout-us"),
            redirect("/api/page?path=%2Fabout-us")
        );
        // A query inside the path: only a listing's page number stays.
        assert_eq!(
            api("path=%2Fabout-us%3Fpoison%3D1"),
            redirect("/api/page?path=%2Fabout-us")
        );
        assert_eq!(
            api("path=%2Finsights%3Fpage%3D2%26utm_source%3Dx"),
            redirect("/api/page?path=%2Finsights%3Fpage%3D2")
        );
        assert_eq!(
            api("path=%2Finsights%3Fpage%3D1"),
            redirect("/api/page?path=%2Finsights")
        );
        assert_eq!(
            api("path=%2Fabout-us%2F%3Fx%3D1"),
            redirect("/api/page?path=%2Fabout-us%2F")
        );
        assert_eq!(api("path=%2Finsights%3Fpage%3Dabc"), Reading::AsAsked);
        assert_eq!(
            api("path=%ZZ"),
            Reading::Refused(QueryError::Malformed(PATH))
        );
        assert_eq!(
            api("path=%C3%28"),
            Reading::Refused(QueryError::Malformed(PATH))
        );
        // Ambiguous: refused.
        assert_eq!(
            api("PATH=%2Fcontact-us&path=%2Fabout-us"),
            Reading::Refused(QueryError::Spelling {
                given: "PATH".into(),
                expected: PATH
            })
        );
        assert_eq!(
            api("path=%2F&path=%2Fabout-us"),
            Reading::Refused(QueryError::Repeated(PATH))
        );
        assert_eq!(
            api("path=%2Fabout-us&x=1"),
            Reading::Refused(QueryError::Unknown("x".into()))
        );
        assert_eq!(
            api("path=%2Finsights%3FPAGE%3D2%26page%3D3"),
            Reading::Refused(QueryError::Spelling {
                given: "PAGE".into(),
                expected: PAGE
            })
        );
    }

    #[test]
    fn the_web_uis_own_addresses_are_all_canonical() {
        for href in [
            "/",
            "/insights",
            "/insights?page=4",
            "/case-study/acme",
            "/page/why-us",
        ] {
            let query = format!("path={}", uri::encode_component(href));
            assert_eq!(read(PAGE_API, Some(&query)), Reading::AsAsked, "{href}");
        }
    }

    #[test]
    fn the_search_page_is_keyed_on_its_four_parameters_spelt_one_way() {
        assert_eq!(Keyed::of("/search"), Keyed::Search);
        assert_eq!(Keyed::Search.parameters(), ["q", "type", "product", "page"]);
        assert_eq!(Keyed::of(SEARCH_API), Keyed::Never);
        for query in [
            None,
            Some("q=reverse+auction"),
            Some("q=rfq&type=insight&product=eRFx&page=2"),
            Some("page=3&q=rfq"),
            Some("q=caf%C3%A9&utm_source=mail"),
        ] {
            assert_eq!(read("/search", query), Reading::AsAsked, "{query:?}");
        }
        // Another spelling of the same search, what it does not read, blank values and page 1.
        for (query, to) in [
            ("q=reverse%20auction", "/search?q=reverse+auction"),
            ("q=++reverse+++auction+", "/search?q=reverse+auction"),
            ("q=", "/search"),
            ("q=rfq&type=&product=", "/search?q=rfq"),
            ("q=rfq&page=1", "/search?q=rfq"),
            ("q=rfq&product=erfx", "/search?q=rfq&product=eRFx"),
            ("q=rfq&page=02", "/search?q=rfq&page=2"),
            ("q=rfq&x=1&utm_term=a", "/search?q=rfq&utm_term=a"),
            ("x=1", "/search"),
            ("", "/search"),
        ] {
            assert_eq!(read("/search", Some(query)), redirect(to), "{query}");
        }
        assert_eq!(read("/search/", Some("q=rfq")), redirect("/search?q=rfq"));
        // Ambiguous or refused by the search rules.
        assert_eq!(
            read("/search", Some("Q=a&q=b")),
            Reading::Refused(QueryError::Spelling {
                given: "Q".into(),
                expected: "q"
            })
        );
        assert_eq!(
            read("/search", Some("q=a&q=b")),
            Reading::Refused(QueryError::Repeated("q"))
        );
        assert_eq!(
            read("/search", Some("q")),
            Reading::Refused(QueryError::NoValue("q"))
        );
        assert_eq!(
            read("/search", Some("q=a&type=blog")),
            Reading::Refused(QueryError::Search(SearchError::UnknownKind))
        );
        assert_eq!(
            read("/search", Some("q=a&page=51")),
            Reading::Refused(QueryError::Search(SearchError::BadPage))
        );
    }

    #[test]
    fn the_search_api_refuses_what_it_does_not_read() {
        let api = |query: &str| read(SEARCH_API, Some(query));
        assert_eq!(api("q=reverse%20auc"), Reading::AsAsked);
        assert_eq!(api("q=a+&type=insight&page=2"), Reading::AsAsked);
        // The handler answers the search's own refusals.
        assert_eq!(api("q=a&type=blog"), Reading::AsAsked);
        assert_eq!(
            api("q=a&callback=x"),
            Reading::Refused(QueryError::NotSearched("callback".into()))
        );
        assert_eq!(
            api("q=a&utm_source=x"),
            Reading::Refused(QueryError::NotSearched("utm_source".into()))
        );
        assert_eq!(api("q=a&q=b"), Reading::Refused(QueryError::Repeated("q")));
        assert_eq!(
            api("TYPE=insight&q=a"),
            Reading::Refused(QueryError::Spelling {
                given: "TYPE".into(),
                expected: "type"
            })
        );
    }

    #[test]
    fn the_page_api_asks_for_a_search_by_its_canonical_address() {
        let api = |query: &str| read(PAGE_API, Some(query));
        assert_eq!(
            api("path=%2Fsearch%3Fq%3Dreverse%2Bauction%26type%3Dinsight"),
            Reading::AsAsked
        );
        assert_eq!(api("path=%2Fsearch"), Reading::AsAsked);
        assert_eq!(
            api("path=%2Fsearch%3Fq%3Drfq%26x%3D1%26page%3D1"),
            redirect("/api/page?path=%2Fsearch%3Fq%3Drfq")
        );
        assert_eq!(
            api("path=%2Fsearch%3Fq%3Drfq%26type%3Dblog"),
            Reading::Refused(QueryError::Search(SearchError::UnknownKind))
        );
    }

    proptest::proptest! {
        /// A redirect leads to an address read as asked: never a second redirect or a loop.
        #[test]
        fn a_redirect_lands_on_an_address_read_as_asked(
            path in proptest::sample::select(vec![
                "/", "/about-us", "/about-us/", "/insights", "/insights/", "/case-study-index",
                "/insights/a-post", "/insights/a-post/", "/no-such", "/assets/a.js", PAGE_API,
                "/search", "/search/",
            ]),
            pairs in proptest::collection::vec(
                (proptest::sample::select(vec![
                    "page", "PAGE", "path", "utm_source", "UTM_SOURCE", "gclid", "x", "", "q",
                    "type",
                ]),
                proptest::option::of(proptest::sample::select(vec![
                    "1", "2", "02", "abc", "%2Finsights%3Fpage%3D2", "%2Fabout-us%2F",
                    "/about-us", "%2Finsights%3Fx%3D1%26page%3D3", "mail", "a%20b++c", "insight",
                    "%2Fsearch%3Fq%3Da%2520b",
                ]))),
                0..4,
            ),
        ) {
            let query = pairs
                .iter()
                .map(|(name, value)| match value {
                    Some(value) => format!("{name}={value}"),
                    None => (*name).to_owned(),
                })
                .collect::<Vec<_>>()
                .join("&");
            if let Reading::Redirect(to) = read(path, Some(&query)) {
                let (to_path, to_query) = match to.split_once('?') {
                    Some((p, q)) => (p, Some(q)),
                    None => (to.as_str(), None),
                };
                let again = read(to_path, to_query);
                proptest::prop_assert_eq!(again, Reading::AsAsked, "{}?{} -> {}", path, query, to);
            }
        }
    }
}
