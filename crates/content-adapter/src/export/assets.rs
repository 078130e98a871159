//! Assets: their fields, and where the site should link to their files.

use super::fields::{Fields, RawFields};
use super::problem::{At, Counts, Problems};
use super::raw::RawEntry;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::path::Path;
use supplysite_core::content::{ASSET_HOSTS, Asset};

/// Reads every published asset that has a file. `dir` is the folder the export sits in, where
/// `--download-assets` put the files.
pub(crate) fn read_assets(
    raw: &[RawEntry],
    raw_fields: Vec<Map<String, Value>>,
    locales: &[String],
    dir: Option<&Path>,
    problems: &mut Problems,
    counts: &mut Counts,
) -> BTreeMap<String, Asset> {
    let mut out = BTreeMap::new();
    let count = counts.entry("asset".to_string()).or_default();
    for (entry, fields) in raw.iter().zip(raw_fields) {
        if !entry.published {
            count.drafts += 1;
            continue;
        }
        count.published += 1;
        let at = At {
            id: &entry.id,
            content_type: "asset",
        };
        match read_asset(at, fields, locales, dir, problems) {
            Some(asset) => {
                out.insert(entry.id.clone(), asset);
            }
            None => count.skipped += 1,
        }
    }
    out
}

fn read_asset(
    at: At<'_>,
    fields: Map<String, Value>,
    locales: &[String],
    dir: Option<&Path>,
    problems: &mut Problems,
) -> Option<Asset> {
    let mut f = Fields::new(at, RawFields::from_map(fields), locales, problems);
    let title = f.symbol("title");
    let description = f.symbol("description");
    let file = f.object("file", true)?;
    let url = file.get("url").and_then(Value::as_str).unwrap_or_default();
    if url.is_empty() {
        f.problems
            .error(&at, "file", "the file has no url; asset not shown");
        return None;
    }
    let dimension = |key: &str| {
        file.get("details")
            .and_then(|d| d.get("image"))
            .and_then(|i| i.get(key))
            .and_then(Value::as_u64)
            .and_then(|n| u32::try_from(n).ok())
    };
    let text = |key: &str| file.get(key).and_then(Value::as_str).map(str::to_string);
    Some(Asset {
        id: at.id.to_string(),
        url: site_url(url, dir),
        title,
        description,
        file_name: text("fileName"),
        content_type: text("contentType"),
        width: dimension("width"),
        height: dimension("height"),
        size: file
            .get("details")
            .and_then(|d| d.get("size"))
            .and_then(Value::as_u64),
    })
}

/// Where the site links to a file. Contentful's URLs are protocol-relative
/// (`//images.ctfassets.net/…`, `//assets.ctfassets.net/…` for PDFs and documents); when the
/// export's folder holds the downloaded file from one of Contentful's asset hosts, the site
/// serves it itself under `/assets/<host>/…`, so the demo runs with no network.
pub fn site_url(url: &str, dir: Option<&Path>) -> String {
    let Some(rest) = url.strip_prefix("//") else {
        return url.to_string();
    };
    let host = rest.split('/').next().unwrap_or_default();
    if let Some(dir) = dir
        && ASSET_HOSTS.contains(&host)
        && is_plain_relative(rest)
        && dir.join(rest).is_file()
    {
        return format!("/assets/{rest}");
    }
    format!("https:{url}")
}

/// Only paths that stay inside the export folder may be served from it.
fn is_plain_relative(path: &str) -> bool {
    !path.is_empty()
        && !path.contains(['\\', '\0', '?', '#'])
        && path
            .split('/')
            .all(|seg| !seg.is_empty() && seg != "." && seg != "..")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protocol_relative_urls_become_https_without_a_local_copy() {
        assert_eq!(
            site_url("//images.ctfassets.net/s/a/t/x.webp", None),
            "https://images.ctfassets.net/s/a/t/x.webp"
        );
        assert_eq!(
            site_url("https://example.com/x.png", None),
            "https://example.com/x.png"
        );
    }

    #[test]
    fn a_downloaded_file_beside_the_export_is_served_by_the_site() {
        let dir = std::env::temp_dir().join(format!("supplysite-assets-{}", std::process::id()));
        let file = dir.join("images.ctfassets.net/s/a/t");
        std::fs::create_dir_all(&file).unwrap();
        std::fs::write(file.join("x.webp"), b"RIFF").unwrap();
        let local = site_url("//images.ctfassets.net/s/a/t/x.webp", Some(&dir));
        let missing = site_url("//images.ctfassets.net/s/a/t/y.webp", Some(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(local, "/assets/images.ctfassets.net/s/a/t/x.webp");
        assert_eq!(missing, "https://images.ctfassets.net/s/a/t/y.webp");
    }

    #[test]
    fn downloaded_documents_from_every_asset_host_are_served_by_the_site_and_no_other_host() {
        let dir =
            std::env::temp_dir().join(format!("supplysite-asset-hosts-{}", std::process::id()));
        for host in ASSET_HOSTS.iter().chain(&["example.com"]) {
            let folder = dir.join(host).join("s/a/t");
            std::fs::create_dir_all(&folder).unwrap();
            std::fs::write(folder.join("brochure.pdf"), b"%PDF-1.7").unwrap();
        }
        let urls: Vec<String> = ASSET_HOSTS
            .iter()
            .chain(&["example.com"])
            .map(|host| site_url(&format!("//{host}/s/a/t/brochure.pdf"), Some(&dir)))
            .collect();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            urls,
            [
                "/assets/images.ctfassets.net/s/a/t/brochure.pdf",
                "/assets/assets.ctfassets.net/s/a/t/brochure.pdf",
                "/assets/downloads.ctfassets.net/s/a/t/brochure.pdf",
                "/assets/videos.ctfassets.net/s/a/t/brochure.pdf",
                "https://example.com/s/a/t/brochure.pdf",
            ]
        );
    }

    #[test]
    fn paths_that_climb_out_of_the_export_folder_are_never_served_locally() {
        assert!(!is_plain_relative("images.ctfassets.net/../../etc/passwd"));
        assert!(!is_plain_relative("images.ctfassets.net//x"));
        assert!(is_plain_relative("images.ctfassets.net/s/a/t/x.webp"));
    }
}
