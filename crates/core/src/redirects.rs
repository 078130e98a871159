//! Which of the editors' redirects (content type `redirect`) the site answers, and how
//! (docs/behaviour.md §4).
//!
//! - A redirect applies only to a path that is not a page: when its `from` is a page of the site,
//!   the page wins and the redirect is reported ([`Problem::Shadowed`]).
//! - A chain (`/a` → `/b` → `/c`) is answered with one hop to its end (`/a` → `/c`); it is
//!   permanent only when every hop is.
//! - A loop, a redirect onto itself, or a chain that runs into a loop is never served as a
//!   redirect: its path answers 404 ([`Rule::Refused`]).
//! - The request's query string is kept ([`Hop::location`]).
//!
//! [`Redirects::new`] works all of this out once per content set; the server looks paths up
//! before page routing, and `supplysite audit` lists the [`Problem`]s.

use crate::content::{ContentSet, Redirect};
use crate::routes::Route;
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
    /// Works out every redirect of `set`.
    pub fn new(set: &ContentSet) -> Self {
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
                    break Rule::To(Hop {
                        to: target.clone(),
                        permanent,
                    });
                }
                let path = path_of(target);
                if paths.iter().any(|p| p == path) {
                    paths.push(path.to_string());
                    problems.push(Problem::Loop {
                        id: r.id.clone(),
                        paths: std::mem::take(&mut paths),
                    });
                    break Rule::Refused;
                }
                match active.get(path) {
                    Some(&next) => {
                        paths.push(path.to_string());
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
