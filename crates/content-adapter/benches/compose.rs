//! How long `compose` takes per page, for every route template, and how that grows with the
//! number of posts.
//!
//! Content is synthesised by `supplysite_content_adapter::synth` and loaded the way the server
//! loads an export, at 100, 1,000, 10,000 and 100,000 posts. `SUPPLYSITE_BENCH_POSTS` (a
//! comma-separated list) overrides the sizes, e.g. `SUPPLYSITE_BENCH_POSTS=100` for a smoke run.
//! Measurement times are short on purpose: one compose takes microseconds, so a second per
//! size and template gives tight estimates while the whole run stays within a few minutes.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use supplysite_content_adapter::{load_export_bytes, synth};
use supplysite_core::compose::{compose, compose_not_found};
use supplysite_core::content::ContentSet;
use supplysite_core::routes::Route;

const SIZES: [usize; 4] = [100, 1_000, 10_000, 100_000];

fn sizes() -> Vec<usize> {
    match std::env::var("SUPPLYSITE_BENCH_POSTS") {
        Ok(list) => list
            .split(',')
            .map(|s| {
                s.trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("SUPPLYSITE_BENCH_POSTS: not a number: {s}"))
            })
            .collect(),
        Err(_) => SIZES.to_vec(),
    }
}

fn content(posts: usize) -> ContentSet {
    let mut bytes = Vec::new();
    synth::write_export(&mut bytes, posts).expect("writing to memory cannot fail");
    let loaded = load_export_bytes(&bytes, None).expect("a synthesised export loads");
    assert!(
        !loaded.has_errors(),
        "the synthesised export with {posts} posts has errors: {:?}",
        loaded.problems.first()
    );
    loaded.set
}

/// One path per route template (the template name is the benchmark group), picked from the
/// set so that every detail route exists. The insight is the newest post; the sourcing page is
/// its own entry because it carries extra lists.
fn template_paths(set: &ContentSet) -> Vec<(&'static str, String)> {
    let post = set.posts_newest().next().expect("posts").slug.clone();
    let story = set
        .case_studies_by_priority()
        .next()
        .expect("case studies")
        .slug
        .clone();
    let page = set.pages().first().expect("pages").slug.clone();
    vec![
        ("home", "/".into()),
        ("videopopup", "/videopopup".into()),
        ("case-study-index", "/case-study-index".into()),
        ("case-study", format!("/case-study/{story}")),
        ("solutions", "/supplier-management-platform".into()),
        ("product", "/etender".into()),
        ("product-sourcing", "/sourcing-management".into()),
        ("page", format!("/page/{page}")),
        ("about-us", "/about-us".into()),
        ("privacy", "/privacy".into()),
        ("contact-us", "/contact-us".into()),
        ("insights", "/insights".into()),
        ("insight", format!("/insights/{post}")),
        ("redirect", "/insights/no-such-post".into()),
    ]
}

fn compose_every_template(c: &mut Criterion) {
    for posts in sizes() {
        let set = content(posts);
        for (template, path) in template_paths(&set) {
            let route = Route::parse(&path);
            let mut group = c.benchmark_group(format!("compose/{template}"));
            group.bench_with_input(BenchmarkId::from_parameter(posts), &route, |b, route| {
                b.iter(|| compose(black_box(route), black_box(&set)))
            });
            group.finish();
        }
        let mut group = c.benchmark_group("compose/not-found");
        group.bench_function(BenchmarkId::from_parameter(posts), |b| {
            b.iter(|| compose_not_found(black_box(&set)))
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(900));
    targets = compose_every_template
}
criterion_main!(benches);
