//! `supplysite page PATH [--content FILE] [--answer]`: what the site answers for a path, as one
//! JSON object.

use anyhow::Context;
use std::path::PathBuf;
use std::process::ExitCode;
use supplysite_content_adapter::load_export;
use supplysite_core::compose::{chrome, compose, not_found_view};
use supplysite_core::content::ContentSet;
use supplysite_core::redirects::Redirects;
use supplysite_core::routes::Route;
use supplysite_core::view::{Outcome, PageAnswer};

#[derive(clap::Args)]
pub struct Args {
    /// A request path such as /etender or /insights/some-post
    path: String,
    /// The export file (`contentful space export` JSON). Default: the demo space,
    /// content/demo/export.json, shipped beside the binary, in its source tree, or here.
    #[arg(long, env = "SUPPLYSITE_CONTENT", value_name = "FILE")]
    content: Option<PathBuf>,
    /// Print what the browser receives instead: `{"chrome":…,"outcome":…}`, where a not-found
    /// outcome carries the not-found page's view (paths as the site writes them, not absolute)
    #[arg(long)]
    answer: bool,
    #[command(flatten)]
    redirect_hosts: super::redirect_hosts::Args,
}

/// Prints `{"outcome":"page","screen":…,"view":…}`, `{"outcome":"redirect","to":…}` or
/// `{"outcome":"not_found"}` (with `--answer`, the chrome and the browser's answer). Every
/// outcome is an answer, so all exit 0.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let path = super::content::content_path(args.content)?;
    let loaded = load_export(&path).with_context(|| format!("cannot load {}", path.display()))?;
    // The editors' redirects first, as the server answers them.
    let without_fragment = args.path.split('#').next().unwrap_or_default();
    let (bare, query) = match without_fragment.split_once('?') {
        Some((bare, query)) => (bare, Some(query)),
        None => (without_fragment, None),
    };
    let outcome = match Redirects::with_targets(&loaded.set, &args.redirect_hosts.targets())
        .outcome(bare, query)
    {
        Some(outcome) => outcome,
        None => match Route::parse(&args.path) {
            // The search page with the answer of an index built as the server builds it.
            Route::Search(query) => search_page(&query, &loaded.set)?,
            route => compose(&route, &loaded.set),
        },
    };
    let json = if args.answer {
        let answer = browser_answer(outcome, &loaded.set);
        serde_json::to_string(&serde_json::json!({ "chrome": chrome(), "outcome": answer }))?
    } else {
        serde_json::to_string(&outcome)?
    };
    println!("{json}");
    Ok(ExitCode::SUCCESS)
}

/// The search page for `query` (its canonical query string) over `set`.
fn search_page(query: &str, set: &ContentSet) -> anyhow::Result<Outcome> {
    let index = supplysite_search_adapter::TantivyIndex::build(set)
        .context("cannot build the search index")?;
    Ok(supplysite_core::compose::search_page(query, |request| {
        index.search(request).ok()
    }))
}

/// The answer the browser gets for `outcome`: not found comes with the not-found page's view.
fn browser_answer(outcome: Outcome, set: &ContentSet) -> PageAnswer {
    match outcome {
        Outcome::Page(view) => PageAnswer::Page(view),
        Outcome::Redirect { to, .. } => PageAnswer::Redirect { to },
        Outcome::NotFound => PageAnswer::not_found(not_found_view(set)),
    }
}
