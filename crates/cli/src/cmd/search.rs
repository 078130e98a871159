//! `supplysite search QUERY [--type KIND] [--product TAG] [--page N] [--format table|json]`:
//! what a visitor searching the site gets, so an editor can check a page is findable.

use anyhow::Context;
use std::path::PathBuf;
use std::process::ExitCode;
use supplysite_content_adapter::load_export;
use supplysite_core::search::{SearchAnswer, SearchRequest};
use supplysite_search_adapter::TantivyIndex;

#[derive(clap::Args)]
pub struct Args {
    /// The words to find, as a visitor types them (quote words for a phrase)
    query: String,
    /// Only results of this kind: insight, caseStudy, product, page or about
    #[arg(long = "type", value_name = "KIND")]
    kind: Option<String>,
    /// Only results tagged with this product: SPM, eRFx, SCM, eAuction, SSM, SIM or PIM
    #[arg(long)]
    product: Option<String>,
    /// The page of results, from 1 (ten a page)
    #[arg(long)]
    page: Option<String>,
    /// `table` (one line per result) or `json` (the answer of GET /api/search)
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    /// The export file (`contentful space export` JSON). Default: the demo space,
    /// content/demo/export.json, shipped beside the binary, in its source tree, or here.
    #[arg(long, env = "SUPPLYSITE_CONTENT", value_name = "FILE")]
    content: Option<PathBuf>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Table,
    Json,
}

/// Prints the answer; a request the site would refuse (400) exits 2 with its reason.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let request = match SearchRequest::parse(
        Some(&args.query),
        args.kind.as_deref(),
        args.product.as_deref(),
        args.page.as_deref(),
    ) {
        Ok(request) => request,
        Err(e) => {
            eprintln!("supplysite search: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let path = super::content::content_path(args.content)?;
    let loaded = load_export(&path).with_context(|| format!("cannot load {}", path.display()))?;
    let index = TantivyIndex::build(&loaded.set).context("cannot build the search index")?;
    let answer = index.search(&request)?;
    match args.format {
        Format::Json => println!("{}", serde_json::to_string(&answer)?),
        Format::Table => print!("{}", table(&answer)),
    }
    Ok(ExitCode::SUCCESS)
}

/// One line per result: rank, kind, path and title; then the total and the counts by filter.
fn table(answer: &SearchAnswer) -> String {
    let mut out = String::new();
    let first = (answer.page - 1) * supplysite_core::search::PAGE_SIZE;
    for (i, hit) in answer.results.iter().enumerate() {
        out.push_str(&format!(
            "{:>3}  {:<9}  {:<55}  {}\n",
            first + i + 1,
            hit.kind.as_str(),
            hit.path,
            hit.title
        ));
    }
    let kinds: Vec<String> = answer
        .facets
        .kinds
        .iter()
        .map(|k| format!("{} {}", k.kind.as_str(), k.count))
        .collect();
    out.push_str(&format!(
        "{} result{} for {:?} (page {} of {}){}{}\n",
        answer.total,
        if answer.total == supplysite_core::search::ResultCount::Exactly(1) {
            ""
        } else {
            "s"
        },
        answer.query,
        answer.page,
        answer.pages,
        if kinds.is_empty() { "" } else { ": " },
        kinds.join(", ")
    ));
    out
}
