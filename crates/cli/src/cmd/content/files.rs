//! The asset files of an export, for `content check`: how many pictures the site can resize
//! (JPEG, PNG, WebP, AVIF) and how many it serves as they are (SVG, GIF), and, when the export's
//! folder holds downloaded files, every file that is missing or not the size the export records
//! (the site would link to Contentful for it, which an offline demo cannot reach).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;
use supplysite_core::content::ASSET_HOSTS;
use supplysite_core::rendition::{over_limits, resizable};

/// What the export's asset files add up to.
#[derive(Debug, Default, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Files {
    /// Pictures the site resizes (JPEG, PNG, WebP, AVIF).
    pub resizable: usize,
    /// The widest of those, in pixels.
    pub widest: u32,
    /// Their recorded bytes in all.
    pub resizable_bytes: u64,
    /// Pictures served as they are (SVG, GIF and other images).
    pub as_they_are: usize,
    /// Files that are not pictures (PDFs, documents).
    pub other: usize,
    /// Whether the export's folder holds downloaded files (a folder named after an asset host).
    pub downloaded: bool,
    /// One line per file missing beside the export or not of its recorded size, and per
    /// picture over the site's resizer's limits (offered at its original size only).
    pub problems: Vec<String>,
}

#[derive(Deserialize)]
struct Export {
    #[serde(default)]
    assets: Vec<RawAsset>,
}

#[derive(Deserialize)]
struct RawAsset {
    sys: Sys,
    #[serde(default)]
    fields: RawFields,
}

#[derive(Deserialize)]
struct Sys {
    #[serde(default)]
    id: String,
}

#[derive(Default, Deserialize)]
struct RawFields {
    #[serde(default)]
    file: BTreeMap<String, RawFile>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawFile {
    #[serde(default)]
    url: String,
    #[serde(default)]
    content_type: String,
    #[serde(default)]
    details: Details,
}

#[derive(Default, Deserialize)]
struct Details {
    size: Option<u64>,
    image: Option<Image>,
}

#[derive(Deserialize)]
struct Image {
    width: Option<u32>,
    height: Option<u32>,
}

/// Reads the assets of the export `bytes` whose folder is `dir`. An export that cannot be read
/// this way gives empty counts (the loader has already reported what is wrong with it).
pub fn files(bytes: &[u8], dir: &Path) -> Files {
    let Ok(export) = serde_json::from_slice::<Export>(bytes) else {
        return Files::default();
    };
    let downloaded = ASSET_HOSTS.iter().any(|h| dir.join(h).is_dir());
    let mut out = Files {
        downloaded,
        ..Files::default()
    };
    for asset in &export.assets {
        // One file per asset: the first locale's (locales that repeat the file add nothing).
        let Some(file) = asset.fields.file.values().next() else {
            continue;
        };
        let mime = file.content_type.as_str();
        if resizable(mime) {
            out.resizable += 1;
            out.resizable_bytes += file.details.size.unwrap_or(0);
            let width = file.details.image.as_ref().and_then(|i| i.width);
            out.widest = out.widest.max(width.unwrap_or(0));
            let height = file.details.image.as_ref().and_then(|i| i.height);
            if downloaded
                && served_here(&file.url, dir)
                && let Some(why) = width.and_then(|w| over_limits(w, height, file.details.size))
            {
                out.problems.push(format!(
                    "asset {}: picture {} is over the site's resizer's limits ({why}), so the site offers it at its original size only",
                    asset.sys.id,
                    file.url.trim_start_matches('/'),
                ));
            }
        } else if mime.starts_with("image/") {
            out.as_they_are += 1;
        } else {
            out.other += 1;
        }
        if downloaded && let Some(problem) = check_file(&asset.sys.id, file, dir) {
            out.problems.push(problem);
        }
    }
    out
}

/// Whether the picture at `url` is served (and resized) by the site from the export's folder:
/// Contentful's image host, downloaded beside the export.
fn served_here(url: &str, dir: &Path) -> bool {
    url.strip_prefix("//images.ctfassets.net/")
        .is_some_and(|rest| !rest.split('/').any(|s| s.is_empty() || s == ".."))
        && dir.join(url.trim_start_matches('/')).is_file()
}

/// A file of an asset host missing beside the export or not of its recorded size.
fn check_file(id: &str, file: &RawFile, dir: &Path) -> Option<String> {
    let rest = file.url.strip_prefix("//")?;
    let host = rest.split('/').next()?;
    if !ASSET_HOSTS.contains(&host) || rest.split('/').any(|s| s.is_empty() || s == "..") {
        return None;
    }
    let path = dir.join(rest);
    let Ok(meta) = std::fs::metadata(&path) else {
        return Some(format!(
            "asset {id}: file {} is missing beside the export, so the site links to {host} for it",
            path.display()
        ));
    };
    match file.details.size {
        Some(size) if size != meta.len() => Some(format!(
            "asset {id}: file {} has {} bytes, the export records {size}",
            path.display(),
            meta.len()
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn export(files: &[(&str, &str, &str, u64, Option<u32>)]) -> Vec<u8> {
        let assets: Vec<serde_json::Value> = files
            .iter()
            .map(|(id, url, mime, size, width)| {
                let mut details = serde_json::json!({ "size": size });
                if let Some(w) = width {
                    details["image"] = serde_json::json!({ "width": w, "height": w / 2 });
                }
                serde_json::json!({
                    "sys": { "id": id },
                    "fields": { "file": { "en-AU": { "url": url, "contentType": mime, "details": details } } }
                })
            })
            .collect();
        serde_json::json!({ "assets": assets })
            .to_string()
            .into_bytes()
    }

    #[test]
    fn pictures_are_counted_by_whether_the_site_resizes_them() {
        let dir = tempfile::tempdir().unwrap();
        let bytes = export(&[
            (
                "a",
                "//images.ctfassets.net/s/a/t/a.jpg",
                "image/jpeg",
                900_000,
                Some(2400),
            ),
            (
                "b",
                "//images.ctfassets.net/s/b/t/b.png",
                "image/png",
                400_000,
                Some(1600),
            ),
            (
                "c",
                "//images.ctfassets.net/s/c/t/c.svg",
                "image/svg+xml",
                2_000,
                Some(800),
            ),
            (
                "d",
                "//assets.ctfassets.net/s/d/t/d.pdf",
                "application/pdf",
                9_000,
                None,
            ),
        ]);
        let f = files(&bytes, dir.path());
        assert_eq!(
            (
                f.resizable,
                f.widest,
                f.resizable_bytes,
                f.as_they_are,
                f.other
            ),
            (2, 2400, 1_300_000, 1, 1)
        );
        // Nothing was downloaded beside this export, so no file is missing.
        assert!(!f.downloaded);
        assert!(f.problems.is_empty());
    }

    #[test]
    fn a_missing_file_and_a_file_of_another_size_are_named_when_files_were_downloaded() {
        let dir = tempfile::tempdir().unwrap();
        let put = |rel: &str, len: usize| {
            let path = dir.path().join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, vec![0u8; len]).unwrap();
        };
        put("images.ctfassets.net/s/a/t/a.jpg", 10);
        put("images.ctfassets.net/s/b/t/b.jpg", 11);
        let bytes = export(&[
            (
                "a",
                "//images.ctfassets.net/s/a/t/a.jpg",
                "image/jpeg",
                10,
                Some(2400),
            ),
            (
                "b",
                "//images.ctfassets.net/s/b/t/b.jpg",
                "image/jpeg",
                12,
                Some(2400),
            ),
            (
                "c",
                "//images.ctfassets.net/s/c/t/c.jpg",
                "image/jpeg",
                10,
                Some(2400),
            ),
            (
                "x",
                "https://example.com/x.jpg",
                "image/jpeg",
                10,
                Some(2400),
            ),
        ]);
        let f = files(&bytes, dir.path());
        assert!(f.downloaded);
        assert_eq!(f.problems.len(), 2, "{:?}", f.problems);
        assert!(
            f.problems[0].starts_with("asset b: file "),
            "{}",
            f.problems[0]
        );
        assert!(f.problems[0].ends_with("has 11 bytes, the export records 12"));
        assert!(
            f.problems[1].starts_with("asset c: file "),
            "{}",
            f.problems[1]
        );
        assert!(f.problems[1].ends_with(
            "is missing beside the export, so the site links to images.ctfassets.net for it"
        ));
    }
}
