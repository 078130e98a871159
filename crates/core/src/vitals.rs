//! Core Web Vitals from real visitors (docs/behaviour.md §7): after a page loads, the browser
//! reports its LCP, INP, CLS and TTFB to `POST /api/vitals` as the page's route template, the
//! metric's name and its value, and nothing else (no identifier, no address, no cookie). This
//! is the rule of what such a report may say: the metrics, the range of each value, and the
//! route templates, which are the route table's ([`crate::routes::Route::template`]).

use crate::routes::Route;
use serde::Deserialize;

/// The most bytes a report's body may have: a template, a name and a number fit in far less.
pub const MAX_BODY_BYTES: usize = 256;

/// A metric of the Core Web Vitals the page reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Largest Contentful Paint, in milliseconds.
    Lcp,
    /// Interaction to Next Paint, in milliseconds.
    Inp,
    /// Cumulative Layout Shift, unitless.
    Cls,
    /// Time to First Byte, in milliseconds.
    Ttfb,
}

impl Metric {
    /// Every metric, in the order they are shown.
    pub const ALL: [Metric; 4] = [Metric::Lcp, Metric::Inp, Metric::Cls, Metric::Ttfb];

    /// The name the page sends (the `web-vitals` library's).
    pub fn name(self) -> &'static str {
        match self {
            Metric::Lcp => "LCP",
            Metric::Inp => "INP",
            Metric::Cls => "CLS",
            Metric::Ttfb => "TTFB",
        }
    }

    /// The metric sent as `name`.
    pub fn of_name(name: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.name() == name)
    }

    /// Whether the value is a time in milliseconds (every metric but CLS).
    pub fn is_time(self) -> bool {
        self != Metric::Cls
    }

    /// The largest value taken: a minute for the times (a page that takes longer is no
    /// measurement of the site), 100 for CLS (a layout shifting its whole height a hundred
    /// times).
    pub fn max(self) -> f64 {
        if self.is_time() { 60_000.0 } else { 100.0 }
    }
}

/// The route templates a report may name: one for each kind of page of the route table.
pub fn templates() -> Vec<&'static str> {
    let mut templates: Vec<&'static str> = Route::fixed().iter().map(Route::template).collect();
    for route in [
        Route::CaseStudy(String::new()),
        Route::Page(String::new()),
        Route::Insight(String::new()),
        Route::Search(String::new()),
        Route::NotFound,
    ] {
        templates.push(route.template());
    }
    templates.sort_unstable();
    templates.dedup();
    templates
}

/// A report as the page sends it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    route: String,
    name: String,
    value: f64,
}

/// One measurement, checked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Report {
    /// The page's route template, one of [`templates`].
    pub route: &'static str,
    /// The metric.
    pub metric: Metric,
    /// Its value: milliseconds for the times, unitless for CLS.
    pub value: f64,
}

/// Why a report is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReportError {
    /// Not a JSON object of exactly `route`, `name` and `value`.
    #[error("a report is a JSON object of route, name and value only")]
    Shape,
    /// The route is no template of the route table.
    #[error("the route is not a route template of the site")]
    Route,
    /// The name is not LCP, INP, CLS or TTFB.
    #[error("the metric is not LCP, INP, CLS or TTFB")]
    Metric,
    /// The value is not a finite number from 0 to the metric's maximum.
    #[error("the value is outside the metric's range")]
    Value,
}

impl Report {
    /// The report in `body` (JSON), checked against the rule.
    pub fn parse(body: &[u8]) -> Result<Report, ReportError> {
        let wire: Wire = serde_json::from_slice(body).map_err(|_| ReportError::Shape)?;
        let route = templates()
            .into_iter()
            .find(|t| *t == wire.route)
            .ok_or(ReportError::Route)?;
        let metric = Metric::of_name(&wire.name).ok_or(ReportError::Metric)?;
        if !wire.value.is_finite() || wire.value < 0.0 || wire.value > metric.max() {
            return Err(ReportError::Value);
        }
        Ok(Report {
            route,
            metric,
            value: wire.value,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_names_a_template_a_metric_and_a_value_in_range() {
        let report =
            Report::parse(br#"{"route":"/insights/:slug","name":"LCP","value":1834.5}"#).unwrap();
        assert_eq!(
            report,
            Report {
                route: "/insights/:slug",
                metric: Metric::Lcp,
                value: 1834.5
            }
        );
        let cls = Report::parse(br#"{"route":"/","name":"CLS","value":0.02}"#).unwrap();
        assert_eq!(cls.metric, Metric::Cls);
        for (body, error) in [
            (
                &br#"{"route":"/insights/my-post","name":"LCP","value":1}"#[..],
                ReportError::Route,
            ),
            (
                br#"{"route":"/","name":"FID","value":1}"#,
                ReportError::Metric,
            ),
            (
                br#"{"route":"/","name":"LCP","value":-1}"#,
                ReportError::Value,
            ),
            (
                br#"{"route":"/","name":"LCP","value":60001}"#,
                ReportError::Value,
            ),
            (
                br#"{"route":"/","name":"CLS","value":101}"#,
                ReportError::Value,
            ),
            (
                br#"{"route":"/","name":"LCP","value":"1"}"#,
                ReportError::Shape,
            ),
            (
                br#"{"route":"/","name":"LCP","value":1,"id":"v4-123"}"#,
                ReportError::Shape,
            ),
            (br#"{"route":"/","name":"LCP"}"#, ReportError::Shape),
            (b"route=/&name=LCP&value=1", ReportError::Shape),
        ] {
            assert_eq!(
                Report::parse(body),
                Err(error),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
    }

    #[test]
    fn the_templates_are_the_route_tables() {
        let templates = templates();
        for template in [
            "/",
            "/case-study/:slug",
            "/insights/:slug",
            "/page/:slug",
            "/:product",
            "/insights",
            "/case-study-index",
            "/about-us",
            "/contact-us",
            "/*path",
        ] {
            assert!(templates.contains(&template), "{template}: {templates:?}");
        }
        assert!(!templates.iter().any(|t| t.starts_with("/api")));
    }
}
