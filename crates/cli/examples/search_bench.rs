//! The site search at scale, measured: a synthesised space of N posts loaded as the server loads
//! an export, its search index built as the server builds it when it keeps none (the first
//! start), kept in a folder as the server keeps it, and opened from there as a restart opens
//! it; then a set of queries (exact words, typos, a word being typed, a phrase, filters, a deep
//! page) answered many times by the opened index. Prints one JSON object: the first build's
//! time, the time to keep it and its bytes on disk, the restart's open time, the resident
//! memory the built index added and the process's peak, and the queries' 50th and 99th
//! percentile times in the process (no HTTP: a loopback request adds its own fraction of a
//! millisecond).
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
use supplysite_search_adapter::kept::KEEP_EVERY;
use supplysite_testkit::memory::status_kib;

/// What a visitor types: words of the synthesised posts' titles, a typo, a word being typed,
/// acronyms, a phrase and filters.
/// A query as the API takes it: `q`, `type`, `product`, `page`.
type Asked = (
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
    Option<&'static str>,
);

const QUERIES: [Asked; 13] = [
    ("supplier", None, None, None),
    ("supplier", None, None, Some("50")),
    ("supplier performance", None, None, None),
    ("contract renewal", None, None, None),
    ("procurment", None, None, None),
    ("sourc", None, None, None),
    ("reverse auction savings", None, None, None),
    ("RFQ", None, None, None),
    ("\"supplier data\"", None, None, None),
    ("scorecards", Some("insight"), None, None),
    ("tender", None, Some("eRFx"), None),
    ("organisation", None, None, None),
    ("zzqqxxwv", None, None, None),
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
    let built = TantivyIndex::build(&loaded.set)?;
    let build_seconds = started.elapsed().as_secs_f64();
    let after_kib = status_kib("VmRSS:");
    let cache = dir.path().join("search");
    let started = Instant::now();
    let kept = built.keep(&cache)?;
    let keep_seconds = started.elapsed().as_secs_f64();
    let kept_bytes: u64 = std::fs::read_dir(
        cache.join(
            std::fs::read_dir(&cache)?
                .flatten()
                .next()
                .map(|e| e.file_name())
                .unwrap_or_default(),
        ),
    )?
    .flatten()
    .filter_map(|e| e.metadata().ok())
    .map(|m| m.len())
    .sum();
    drop(built);
    let started = Instant::now();
    let index = TantivyIndex::open_kept(&cache, &kept)?.ok_or("the kept index was not found")?;
    // What the server's first generation does with it: an update that changes nothing.
    let written = index.update(&loaded.set)?.changed();
    let open_seconds = started.elapsed().as_secs_f64();
    let mut times = Vec::with_capacity(QUERIES.len() * ROUNDS);
    let mut found = Vec::new();
    for (q, kind, product, page) in QUERIES {
        let request = SearchRequest::parse(Some(q), kind, product, page)?;
        let answer = index.search(&request)?;
        found.push(json!({
            "q": q, "type": kind, "product": product, "page": page,
            "total": answer.total, "results": answer.results.len(),
        }));
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
            "keep_seconds": keep_seconds,
            "kept_bytes": kept_bytes,
            "keep_every_seconds": KEEP_EVERY.as_secs(),
            "open_seconds": open_seconds,
            "written_after_open": written,
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
