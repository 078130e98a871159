//! The site search at scale, measured: a synthesised space of N posts loaded as the server loads
//! an export, its search index built as the server builds it at start, then a set of queries
//! (exact words, typos, a word being typed, a phrase, filters) answered many times. Prints one
//! JSON object: the build's time, the resident memory the index added and the process's peak,
//! and the queries' 50th and 99th percentile times in the process (no HTTP: a loopback request
//! adds its own fraction of a millisecond).
//!
//! ```text
//! cargo run --release -p supplysite-cli --example search_bench -- 100000
//! ```
//!
//! `bench/run.sh search` runs it at 100,000 posts.

use serde_json::json;
use std::time::Instant;
use supplysite_core::search::SearchRequest;
use supplysite_search_adapter::TantivyIndex;
use supplysite_testkit::memory::status_kib;

/// What a visitor types: words of the synthesised posts' titles, a typo, a word being typed,
/// acronyms, a phrase and filters.
const QUERIES: [(&str, Option<&str>, Option<&str>); 12] = [
    ("supplier", None, None),
    ("supplier performance", None, None),
    ("contract renewal", None, None),
    ("procurment", None, None),
    ("sourc", None, None),
    ("reverse auction savings", None, None),
    ("RFQ", None, None),
    ("\"supplier data\"", None, None),
    ("scorecards", Some("insight"), None),
    ("tender", None, Some("eRFx")),
    ("organisation", None, None),
    ("zzqqxxwv", None, None),
];

/// Each query is asked this many times (after one unmeasured run).
const ROUNDS: usize = 50;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[at.min(sorted.len() - 1)]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let posts: usize = std::env::args()
        .nth(1)
        .map(|n| n.parse())
        .transpose()?
        .unwrap_or(100_000);
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("export.json");
    supplysite_content_adapter::synth::write_export(
        std::io::BufWriter::new(std::fs::File::create(&path)?),
        posts,
    )?;
    let loaded = supplysite_content_adapter::load_export(&path)?;
    let before_kib = status_kib("VmRSS:");
    let started = Instant::now();
    let index = TantivyIndex::build(&loaded.set)?;
    let build_seconds = started.elapsed().as_secs_f64();
    let after_kib = status_kib("VmRSS:");
    let mut times = Vec::with_capacity(QUERIES.len() * ROUNDS);
    let mut found = Vec::new();
    for (q, kind, product) in QUERIES {
        let request = SearchRequest::parse(Some(q), kind, product, None)?;
        let answer = index.search(&request)?;
        found.push(json!({"q": q, "type": kind, "product": product, "total": answer.total}));
        for _ in 0..ROUNDS {
            let started = Instant::now();
            std::hint::black_box(index.search(&request)?);
            times.push(started.elapsed().as_secs_f64() * 1000.0);
        }
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{}",
        serde_json::to_string_pretty(&json!({
            "posts": posts,
            "documents": index.len(),
            "build_seconds": build_seconds,
            "index_rss_kib": after_kib.saturating_sub(before_kib),
            "peak_rss_kib": status_kib("VmHWM:"),
            "queries": QUERIES.len(),
            "rounds": ROUNDS,
            "query_p50_ms": percentile(&times, 0.50),
            "query_p99_ms": percentile(&times, 0.99),
            "query_max_ms": times.last().copied().unwrap_or(0.0),
            "answers": found,
        }))?
    );
    Ok(())
}
