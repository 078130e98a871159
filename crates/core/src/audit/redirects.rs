//! The `redirects` report: the editors' redirects that are never served (loops, redirects from
//! a page, invalid or duplicate ones), chains answered in one hop, and targets that are no page.

use super::{Finding, Report, Severity};
use crate::content::ContentSet;
use crate::redirects::{ExternalTargets, Problem, Redirects};

const CT: &str = "redirect";

pub(super) fn report(set: &ContentSet, targets: &ExternalTargets) -> Vec<Finding> {
    Redirects::with_targets(set, targets)
        .problems()
        .iter()
        .map(|p| finding(set, p))
        .collect()
}

fn finding(set: &ContentSet, problem: &Problem) -> Finding {
    let from_of = |id: &str| {
        set.redirects()
            .iter()
            .find(|r| r.id == id)
            .map(|r| r.from.clone())
    };
    let (severity, rule, field, message, hint) = match problem {
        Problem::Loop { paths, .. } if paths.len() == 2 => (
            Severity::Error,
            "self-redirect",
            "to",
            format!(
                "redirects onto itself ({}), so the path answers 404",
                paths.join(" → ")
            ),
            "Point to at another page, or delete the redirect".to_string(),
        ),
        Problem::Loop { paths, .. } => (
            Severity::Error,
            "loop",
            "to",
            format!("loop: {}; the path answers 404", paths.join(" → ")),
            "Point one redirect of the loop at a page".to_string(),
        ),
        Problem::DeadTarget { to, .. } => (
            Severity::Error,
            "dead-target",
            "to",
            format!("target {to} is no page of the site (404)"),
            "Point to at a page that exists, or publish the page".to_string(),
        ),
        Problem::UnlistedHost { to, host, .. } => (
            Severity::Error,
            "unlisted-host",
            "to",
            format!(
                "target {to} is on {host}, which is not one of the hosts redirects may go to (SUPPLYSITE_REDIRECT_HOSTS), so the path answers 404"
            ),
            format!("Point to at a page of the site, or have {host} added to the allowed hosts"),
        ),
        Problem::Invalid { field, value, .. } => (
            Severity::Error,
            "invalid",
            *field,
            format!(
                "{field} {value:?} is not {}; the redirect is ignored",
                if *field == "from" {
                    "a site path (/…, without ? or #)"
                } else {
                    "a site path (/…) or an https:// URL"
                }
            ),
            format!("Fix {field}"),
        ),
        Problem::Chain { paths, .. } => (
            Severity::Warning,
            "chain",
            "to",
            format!(
                "chain: {}; visitors are sent to {} in one hop",
                paths.join(" → "),
                paths.last().map(String::as_str).unwrap_or_default()
            ),
            format!(
                "Point to at {} directly",
                paths.last().map(String::as_str).unwrap_or_default()
            ),
        ),
        Problem::Shadowed { from, .. } => (
            Severity::Warning,
            "shadowed",
            "from",
            format!("{from} is a page of the site, so the page is shown and the redirect never is"),
            "Delete the redirect, or unpublish the page if it should redirect".to_string(),
        ),
        Problem::Duplicate { from, kept, .. } => (
            Severity::Warning,
            "duplicate",
            "from",
            format!("another redirect ({kept}) has the same from {from} and is used instead"),
            "Delete one of the two redirects".to_string(),
        ),
    };
    Finding {
        severity,
        report: Report::Redirects,
        rule,
        entry_id: Some(problem.id().to_string()),
        content_type: Some(CT.to_string()),
        field: Some(field.to_string()),
        route: from_of(problem.id()),
        message,
        hint,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::fixture;
    use crate::content::Redirect;

    #[test]
    fn loops_and_dead_targets_are_errors_and_chains_and_shadowed_pages_warnings() {
        let mut parts = fixture::content().parts().clone();
        let r = |id: &str, from: &str, to: &str| Redirect {
            id: id.into(),
            from: from.into(),
            to: to.into(),
            permanent: true,
        };
        parts.redirects = vec![
            r("loop-a", "/a", "/b"),
            r("loop-b", "/b", "/a"),
            r("chain", "/c", "/d"),
            r("hop", "/d", "/insights"),
            r("dead", "/e", "/page/no-such-page"),
            r("shadow", "/about-us", "/insights"),
            r("fine", "/f", "https://example.com/"),
        ];
        let set = ContentSet::new(parts, "t");
        let found: Vec<(Severity, String, String)> =
            super::super::audit(&set, &[Report::Redirects])
                .into_iter()
                .map(|f| (f.severity, f.entry_id.unwrap(), f.route.unwrap()))
                .collect();
        let e = |id: &str, route: &str| (Severity::Error, id.to_string(), route.to_string());
        let w = |id: &str, route: &str| (Severity::Warning, id.to_string(), route.to_string());
        assert_eq!(
            found,
            [
                e("loop-a", "/a"),
                e("loop-b", "/b"),
                e("dead", "/e"),
                w("shadow", "/about-us"),
                w("chain", "/c"),
            ]
        );
    }

    #[test]
    fn a_target_on_an_unlisted_host_and_a_loop_through_a_trailing_slash_are_errors() {
        let mut parts = fixture::content().parts().clone();
        let r = |id: &str, from: &str, to: &str| Redirect {
            id: id.into(),
            from: from.into(),
            to: to.into(),
            permanent: true,
        };
        parts.redirects = vec![
            r("away", "/away", "https://elsewhere.example.net/"),
            r("listed", "/status", "https://status.example.com/"),
            r("slash", "/s", "/insights/gone/"),
            r("back", "/insights/gone", "/s"),
        ];
        let set = ContentSet::new(parts, "t");
        let targets = ExternalTargets::parse("status.example.com").unwrap();
        let found = super::super::audit_with(&set, &[Report::Redirects], &targets);
        let errors: Vec<(&str, &str)> = found
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| (f.entry_id.as_deref().unwrap(), f.message.as_str()))
            .collect();
        assert_eq!(errors.len(), 3, "{found:?}");
        assert!(errors.contains(&(
            "away",
            "target https://elsewhere.example.net/ is on elsewhere.example.net, which is not one of the hosts redirects may go to (SUPPLYSITE_REDIRECT_HOSTS), so the path answers 404"
        )));
        assert!(errors.contains(&(
            "slash",
            "loop: /s → /insights/gone/ → /insights/gone → /s; the path answers 404"
        )));
        assert!(errors.iter().any(|(id, _)| *id == "back"));
        // Without the list, the other host is fine.
        assert!(
            super::super::audit(&set, &[Report::Redirects])
                .iter()
                .all(|f| f.entry_id.as_deref() != Some("away"))
        );
    }
}
