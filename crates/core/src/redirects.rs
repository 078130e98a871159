//! Which of the editors' redirects (content type `redirect`) the site answers, and how
//! (docs/behaviour.md §4).
//!
//! - A redirect applies only to a path that is not a page: when its `from` is a page of the site,
//!   the page wins and the redirect is reported ([`Problem::Shadowed`]).
//! - A chain (`/a` → `/b` → `/c`) is answered with one hop to its end (`/a` → `/c`); it is
//!   permanent only when every hop is.
//! - A loop, a redirect onto itself, or a chain that runs into a loop is never served as a
//!   redirect: its path answers 404 ([`Rule::Refused`]). A target the site itself redirects
//!   to its canonical path (a page's path with a trailing slash, see [`Route::resolve`]) is
//!   followed through that redirect, so `/a` → `/insights/x/` with `/insights/x` → `/a` is a
//!   loop too.
//! - External targets may be held to listed hosts ([`ExternalTargets`]): a redirect (or a
//!   chain) ending on another host is refused, its path answering 404
//!   ([`Problem::UnlistedHost`]).
//! - The request's query string is kept ([`Hop::location`]).
//!
//! [`Redirects::new`] works all of this out once per content set; the server looks paths up
//! before page routing, and `supplysite audit` lists the [`Problem`]s.

use crate::content::{ContentSet, Redirect};
use crate::routes::{Resolution, Route};
use crate::view::{Outcome, RedirectKind};
use std::collections::HashMap;

/// Where a redirect's path sends the visitor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hop {
    /// The end of the chain: a site path (possibly with a query) or an `https://` URL.
    pub to: String,
    /// True when every redirect on the way is permanent.
    pub permanent: bool,
}

impl Hop {
    /// The `Location` for a request that carried `query`: the target with the request's query
    /// string added (after the target's own, before its fragment).
    pub fn location(&self, query: Option<&str>) -> String {
        let Some(query) = query.filter(|q| !q.is_empty()) else {
            return self.to.clone();
        };
        let (before, fragment) = match self.to.split_once('#') {
            Some((before, fragment)) => (before, Some(fragment)),
            None => (self.to.as_str(), None),
        };
        let joiner = if before.contains('?') { '&' } else { '?' };
        match fragment {
            Some(f) => format!("{before}{joiner}{query}#{f}"),
            None => format!("{before}{joiner}{query}"),
        }
    }

    /// The status class: permanent or temporary.
    pub fn kind(&self) -> RedirectKind {
        if self.permanent {
            RedirectKind::Permanent
        } else {
            RedirectKind::Temporary
        }
    }
}

/// Which hosts the editors' redirects may send visitors to (`https://` targets); site paths are
/// always allowed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ExternalTargets {
    /// Any host.
    #[default]
    Any,
    /// Only these hosts (lowercase, without a port), each exactly: `example.com` does not allow
    /// `www.example.com`.
    Only(Vec<String>),
}

impl ExternalTargets {
    /// Hosts read from a comma-separated list such as `status.example.com, www.example.org`;
    /// empty allows any host.
    ///
    /// Errors: the first entry that is not a host name (a scheme, a path, a port, a space
    /// inside, or a character no host has), named.
    pub fn parse(list: &str) -> Result<ExternalTargets, String> {
        let mut hosts = Vec::new();
        for entry in list.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let valid = entry.len() <= 253
                && entry.split('.').all(|label| {
                    !label.is_empty()
                        && label.len() <= 63
                        && !label.starts_with('-')
                        && !label.ends_with('-')
                        && label
                            .bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
                });
            if !valid {
                return Err(format!(
                    "{entry:?} is not a host name (such as status.example.com: no scheme, path or port)"
                ));
            }
            hosts.push(entry.to_ascii_lowercase());
        }
        Ok(if hosts.is_empty() {
            ExternalTargets::Any
        } else {
            ExternalTargets::Only(hosts)
        })
    }

    /// Whether `url` (an `https://` URL) goes to an allowed host.
    pub fn allows(&self, url: &str) -> bool {
        match self {
            ExternalTargets::Any => true,
            ExternalTargets::Only(hosts) => {
                let host = host_of(url);
                hosts.iter().any(|h| h.eq_ignore_ascii_case(&host))
            }
        }
    }
}

/// The host of an `https://` URL, lowercase, without user information or port.
fn host_of(url: &str) -> String {
    let rest = url.strip_prefix("https://").unwrap_or(url);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = authority.rsplit('@').next().unwrap_or_default();
    let host = match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    host.trim_end_matches('.').to_ascii_lowercase()
}

/// What a redirect's `from` path answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Send the visitor to the end of the chain in one hop.
    To(Hop),
    /// A loop: the path answers 404.
    Refused,
}

/// Something wrong with the redirects, for the audit and the server's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// `from` is a page of the site: the page is served and the redirect never is.
    Shadowed {
        /// The redirect entry.
        id: String,
        /// Its `from`.
        from: String,
    },
    /// Following the redirect comes back to a path already passed (a redirect onto itself is
    /// a loop of one): the path answers 404.
    Loop {
        /// The redirect entry.
        id: String,
        /// Every path on the way, ending with the one met again.
        paths: Vec<String>,
    },
    /// The redirect leads to another redirect: it is answered with one hop to the end.
    Chain {
        /// The redirect entry.
        id: String,
        /// Every path on the way, ending with the final target.
        paths: Vec<String>,
    },
    /// The chain ends on a site path that is no page of the site.
    DeadTarget {
        /// The redirect entry.
        id: String,
        /// Its `from`.
        from: String,
        /// The site path the chain ends on.
        to: String,
    },
    /// The chain ends on an external host the site's list does not hold
    /// ([`ExternalTargets::Only`]): the path answers 404.
    UnlistedHost {
        /// The redirect entry.
        id: String,
        /// Its `from`.
        from: String,
        /// The URL the chain ends on.
        to: String,
        /// That URL's host.
        host: String,
    },
    /// `from` or `to` is not what the field allows: the redirect is ignored.
    Invalid {
        /// The redirect entry.
        id: String,
        /// `from` or `to`.
        field: &'static str,
        /// The value.
        value: String,
    },
    /// Another redirect has the same `from` and comes first: this one is ignored.
    Duplicate {
        /// The ignored entry.
        id: String,
        /// The `from` both have.
        from: String,
        /// The entry that is used.
        kept: String,
    },
}

impl Problem {
    /// The redirect entry the problem is about.
    pub fn id(&self) -> &str {
        match self {
            Problem::Shadowed { id, .. }
            | Problem::Loop { id, .. }
            | Problem::Chain { id, .. }
            | Problem::DeadTarget { id, .. }
            | Problem::UnlistedHost { id, .. }
            | Problem::Invalid { id, .. }
            | Problem::Duplicate { id, .. } => id,
        }
    }
}

/// The redirects a content set serves, with their problems.
#[derive(Clone, Debug, Default)]
pub struct Redirects {
    rules: HashMap<String, Rule>,
    problems: Vec<Problem>,
}

impl Redirects {
    /// Works out every redirect of `set`, to any external host.
    pub fn new(set: &ContentSet) -> Self {
        Self::with_targets(set, &ExternalTargets::Any)
    }

    /// Works out every redirect of `set`, its external targets held to `targets`.
    pub fn with_targets(set: &ContentSet, targets: &ExternalTargets) -> Self {
        let mut problems = Vec::new();
        // The redirects that apply, by `from`, in source order.
        let mut active: HashMap<&str, &Redirect> = HashMap::new();
        let mut order: Vec<&Redirect> = Vec::new();
        for r in set.redirects() {
            if !is_site_path(&r.from) || r.from.contains(['?', '#']) {
                problems.push(Problem::Invalid {
                    id: r.id.clone(),
                    field: "from",
                    value: r.from.clone(),
                });
                continue;
            }
            if !is_site_path(&r.to) && !is_external(&r.to) {
                problems.push(Problem::Invalid {
                    id: r.id.clone(),
                    field: "to",
                    value: r.to.clone(),
                });
                continue;
            }
            if is_page(&r.from, set) {
                problems.push(Problem::Shadowed {
                    id: r.id.clone(),
                    from: r.from.clone(),
                });
                continue;
            }
            if let Some(kept) = active.get(r.from.as_str()) {
                problems.push(Problem::Duplicate {
                    id: r.id.clone(),
                    from: r.from.clone(),
                    kept: kept.id.clone(),
                });
                continue;
            }
            active.insert(&r.from, r);
            order.push(r);
        }

        let mut rules = HashMap::with_capacity(order.len());
        for r in order {
            let mut paths = vec![r.from.clone()];
            let mut permanent = r.permanent;
            let mut current = r;
            let rule = loop {
                let target = &current.to;
                if is_external(target) {
                    if !targets.allows(target) {
                        problems.push(Problem::UnlistedHost {
                            id: r.id.clone(),
                            from: r.from.clone(),
                            to: target.clone(),
                            host: host_of(target),
                        });
                        break Rule::Refused;
                    }
                    break Rule::To(Hop {
                        to: target.clone(),
                        permanent,
                    });
                }
                let mut path = path_of(target).to_string();
                let mut next = active.get(path.as_str()).copied();
                // The site answers another spelling of a page's path (a trailing slash) with a
                // redirect to its canonical path: the visitor goes on from there, maybe into
                // a redirect already passed.
                if next.is_none()
                    && !paths.contains(&path)
                    && let Resolution::Canonical(canonical) = Route::resolve(&path, None)
                    && (paths.contains(&canonical) || active.contains_key(canonical.as_str()))
                {
                    paths.push(std::mem::replace(&mut path, canonical));
                    next = active.get(path.as_str()).copied();
                }
                if paths.contains(&path) {
                    paths.push(path);
                    problems.push(Problem::Loop {
                        id: r.id.clone(),
                        paths: std::mem::take(&mut paths),
                    });
                    break Rule::Refused;
                }
                match next {
                    Some(next) => {
                        paths.push(path);
                        permanent &= next.permanent;
                        current = next;
                    }
                    None => {
                        if !is_page(target, set) {
                            problems.push(Problem::DeadTarget {
                                id: r.id.clone(),
                                from: r.from.clone(),
                                to: target.clone(),
                            });
                        }
                        break Rule::To(Hop {
                            to: target.clone(),
                            permanent,
                        });
                    }
                }
            };
            if let Rule::To(hop) = &rule
                && paths.len() > 1
            {
                paths.push(hop.to.clone());
                problems.push(Problem::Chain {
                    id: r.id.clone(),
                    paths,
                });
            }
            rules.insert(r.from.clone(), rule);
        }
        Redirects { rules, problems }
    }

    /// What `path` (without its query) answers, when it is a redirect's `from` and no page.
    pub fn rule(&self, path: &str) -> Option<&Rule> {
        self.rules.get(path)
    }

    /// The outcome for a request of `path` with `query`, when a redirect decides it: a
    /// redirect, or not found for a loop. `None` leaves the path to page routing.
    pub fn outcome(&self, path: &str, query: Option<&str>) -> Option<Outcome> {
        Some(match self.rule(path)? {
            Rule::To(hop) => Outcome::Redirect {
                to: hop.location(query),
                kind: hop.kind(),
            },
            Rule::Refused => Outcome::NotFound,
        })
    }

    /// Everything wrong with the redirects: first what reading each entry found (invalid,
    /// shadowed, duplicate), then what following them found (loops, dead targets, chains), each
    /// in source order.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// How many paths redirect (loops left out).
    pub fn len(&self) -> usize {
        self.rules
            .values()
            .filter(|r| matches!(r, Rule::To(_)))
            .count()
    }

    /// True when no path redirects.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A path of this site: one leading slash (not `//`, which browsers read as another host), no
/// whitespace or control characters.
fn is_site_path(s: &str) -> bool {
    s.starts_with('/')
        && !s.starts_with("//")
        && !s.starts_with("/\\")
        && !s.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// An absolute `https://` URL with a host.
fn is_external(s: &str) -> bool {
    s.strip_prefix("https://").is_some_and(|rest| {
        let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
        !host.is_empty() && !s.chars().any(|c| c.is_whitespace() || c.is_control())
    })
}

/// The path of a site-path target, without its query and fragment.
fn path_of(target: &str) -> &str {
    target.split(['?', '#']).next().unwrap_or(target)
}

/// True when `path` (a site path, maybe with a query) is a page of the site over `set`.
fn is_page(path: &str, set: &ContentSet) -> bool {
    match Route::parse(path) {
        Route::NotFound => false,
        Route::Insight(slug) => set.post(&slug).is_some(),
        Route::CaseStudy(slug) => set.case_study(&slug).is_some(),
        Route::Page(slug) => set.page(&slug).is_some(),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::fixture;
    use crate::content::ContentSet;

    fn r(id: &str, from: &str, to: &str, permanent: bool) -> Redirect {
        Redirect {
            id: id.into(),
            from: from.into(),
            to: to.into(),
            permanent,
        }
    }

    impl Redirects {
        fn rule_of(&self, path: &str) -> Option<Rule> {
            self.rule(path).cloned()
        }
    }

    fn with(redirects: Vec<Redirect>) -> Redirects {
        let mut parts = fixture::content().parts().clone();
        parts.redirects = redirects;
        Redirects::new(&ContentSet::new(parts, "t"))
    }

    fn hop(to: &str, permanent: bool) -> Option<Rule> {
        Some(Rule::To(Hop {
            to: to.into(),
            permanent,
        }))
    }

    #[test]
    fn permanent_temporary_and_external_targets_are_answered_as_written() {
        let redirects = with(vec![
            r("a", "/old", "/about-us", true),
            r("b", "/spring", "/contact-us", false),
            r("c", "/status", "https://status.example.com/now", true),
        ]);
        assert_eq!(redirects.rule_of("/old"), hop("/about-us", true));
        assert_eq!(redirects.rule_of("/spring"), hop("/contact-us", false));
        assert_eq!(
            redirects.rule_of("/status"),
            hop("https://status.example.com/now", true)
        );
        assert_eq!(redirects.rule_of("/about-us"), None);
        assert!(
            redirects.problems().is_empty(),
            "{:?}",
            redirects.problems()
        );
    }

    #[test]
    fn a_chain_is_one_hop_to_its_end_and_permanent_only_when_every_hop_is() {
        let redirects = with(vec![
            r("a", "/a", "/b", true),
            r("b", "/b", "/c", false),
            r("c", "/c", "/insights", true),
        ]);
        assert_eq!(redirects.rule_of("/a"), hop("/insights", false));
        assert_eq!(redirects.rule_of("/c"), hop("/insights", true));
        assert!(redirects.problems().contains(&Problem::Chain {
            id: "a".into(),
            paths: vec!["/a".into(), "/b".into(), "/c".into(), "/insights".into()],
        }));
    }

    #[test]
    fn loops_and_redirects_onto_themselves_are_refused_and_reported() {
        let redirects = with(vec![
            r("self", "/me", "/me?x=1", true),
            r("a", "/a", "/b", true),
            r("b", "/b", "/a", true),
            r("into", "/into", "/a", true),
        ]);
        for path in ["/me", "/a", "/b", "/into"] {
            assert_eq!(redirects.rule_of(path), Some(Rule::Refused), "{path}");
            assert_eq!(
                redirects.outcome(path, Some("q=1")),
                Some(Outcome::NotFound)
            );
        }
        assert!(redirects.problems().contains(&Problem::Loop {
            id: "self".into(),
            paths: vec!["/me".into(), "/me".into()],
        }));
        assert!(redirects.problems().contains(&Problem::Loop {
            id: "into".into(),
            paths: vec!["/into".into(), "/a".into(), "/b".into(), "/a".into()],
        }));
        assert_eq!(redirects.len(), 0);
    }

    #[test]
    fn a_loop_through_the_trailing_slash_rule_is_refused_and_reported() {
        // `/insights/gone/` is answered with a redirect to `/insights/gone` (a post's path,
        // though no post has it), which redirects back.
        let redirects = with(vec![
            r("a", "/a", "/insights/gone/", true),
            r("gone", "/insights/gone", "/a", true),
            r("self", "/insights/old", "/insights/old/?x=1", true),
            r("on", "/on", "/insights/moved/", true),
            r("moved", "/insights/moved", "/about-us", true),
        ]);
        for path in ["/a", "/insights/gone", "/insights/old"] {
            assert_eq!(redirects.rule_of(path), Some(Rule::Refused), "{path}");
            assert_eq!(redirects.outcome(path, None), Some(Outcome::NotFound));
        }
        assert!(redirects.problems().contains(&Problem::Loop {
            id: "a".into(),
            paths: vec![
                "/a".into(),
                "/insights/gone/".into(),
                "/insights/gone".into(),
                "/a".into()
            ],
        }));
        assert!(redirects.problems().contains(&Problem::Loop {
            id: "self".into(),
            paths: vec![
                "/insights/old".into(),
                "/insights/old/".into(),
                "/insights/old".into()
            ],
        }));
        // Through the same rule onto a redirect that ends on a page: a chain, one hop.
        assert_eq!(redirects.rule_of("/on"), hop("/about-us", true));
        assert!(redirects.problems().contains(&Problem::Chain {
            id: "on".into(),
            paths: vec![
                "/on".into(),
                "/insights/moved/".into(),
                "/insights/moved".into(),
                "/about-us".into()
            ],
        }));
    }

    #[test]
    fn external_targets_held_to_listed_hosts_refuse_others_and_report_them() {
        let mut parts = fixture::content().parts().clone();
        parts.redirects = vec![
            r("ok", "/status", "https://Status.Example.com:443/now", true),
            r("other", "/away", "https://evil.example.net/x", true),
            r("sub", "/sub", "https://www.status.example.com/", true),
            r("via", "/via", "/away", true),
            r("home", "/old", "/about-us", true),
        ];
        let set = ContentSet::new(parts, "t");
        let targets = ExternalTargets::parse(" status.example.com ,docs.example.org").unwrap();
        let redirects = Redirects::with_targets(&set, &targets);
        assert_eq!(
            redirects.rule_of("/status"),
            hop("https://Status.Example.com:443/now", true)
        );
        assert_eq!(redirects.rule_of("/old"), hop("/about-us", true));
        for path in ["/away", "/sub", "/via"] {
            assert_eq!(redirects.rule_of(path), Some(Rule::Refused), "{path}");
        }
        assert!(redirects.problems().contains(&Problem::UnlistedHost {
            id: "other".into(),
            from: "/away".into(),
            to: "https://evil.example.net/x".into(),
            host: "evil.example.net".into(),
        }));
        assert!(redirects.problems().contains(&Problem::UnlistedHost {
            id: "via".into(),
            from: "/via".into(),
            to: "https://evil.example.net/x".into(),
            host: "evil.example.net".into(),
        }));
        // Without a list, any host.
        assert_eq!(
            Redirects::new(&set).rule_of("/away"),
            hop("https://evil.example.net/x", true)
        );
    }

    #[test]
    fn the_host_list_reads_host_names_and_names_what_is_not_one() {
        assert_eq!(ExternalTargets::parse(""), Ok(ExternalTargets::Any));
        assert_eq!(ExternalTargets::parse(" , "), Ok(ExternalTargets::Any));
        assert_eq!(
            ExternalTargets::parse("A.example.com,b-2.example"),
            Ok(ExternalTargets::Only(vec![
                "a.example.com".into(),
                "b-2.example".into()
            ]))
        );
        for bad in [
            "https://a.example",
            "a.example/x",
            "a.example:443",
            "a b",
            "-a.example",
            "a..b",
        ] {
            let error = ExternalTargets::parse(bad).unwrap_err();
            assert!(error.contains(&format!("{bad:?}")), "{bad}: {error}");
        }
    }

    #[test]
    fn a_page_wins_over_a_redirect_from_its_path_and_the_redirect_is_reported() {
        let set = fixture::content();
        let post = set.posts()[0].slug.clone();
        let redirects = with(vec![
            r("home", "/about-us", "/insights", true),
            r("post", &format!("/insights/{post}"), "/insights", true),
            r("gone", "/insights/no-such-post", "/insights", true),
        ]);
        assert_eq!(redirects.rule_of("/about-us"), None);
        assert_eq!(redirects.rule_of(&format!("/insights/{post}")), None);
        assert_eq!(
            redirects.rule_of("/insights/no-such-post"),
            hop("/insights", true)
        );
        assert!(redirects.problems().contains(&Problem::Shadowed {
            id: "home".into(),
            from: "/about-us".into(),
        }));
    }

    #[test]
    fn dead_targets_invalid_fields_and_duplicates_are_reported() {
        let redirects = with(vec![
            r("dead", "/x", "/page/no-such-page", true),
            r("dup", "/x", "/about-us", true),
            r("bad-from", "old", "/about-us", true),
            r("bad-to", "/y", "http://insecure.example.com", true),
            r("proto", "/z", "//evil.example.com", true),
        ]);
        assert_eq!(redirects.rule_of("/x"), hop("/page/no-such-page", true));
        assert_eq!(redirects.rule_of("/y"), None);
        assert_eq!(redirects.rule_of("/z"), None);
        let ids: Vec<&str> = redirects.problems().iter().map(Problem::id).collect();
        assert_eq!(ids, ["dup", "bad-from", "bad-to", "proto", "dead"]);
    }

    #[test]
    fn the_query_string_is_kept_after_the_targets_own_and_before_its_fragment() {
        let hop = |to: &str| Hop {
            to: to.into(),
            permanent: true,
        };
        assert_eq!(hop("/a").location(Some("utm=x")), "/a?utm=x");
        assert_eq!(hop("/a").location(Some("")), "/a");
        assert_eq!(hop("/a").location(None), "/a");
        assert_eq!(hop("/a?b=1").location(Some("c=2")), "/a?b=1&c=2");
        assert_eq!(hop("/a#top").location(Some("c=2")), "/a?c=2#top");
        assert_eq!(
            hop("https://x.example/p").location(Some("c=2")),
            "https://x.example/p?c=2"
        );
    }
}
