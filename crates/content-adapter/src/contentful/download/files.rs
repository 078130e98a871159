//! Which files a space export needs and where each one goes: every published asset's file, in
//! every locale, at its URL's host and path under the export's folder — the layout
//! `contentful space export --download-assets` writes and the export reader serves from.

use serde_json::Value;

/// One asset file to have beside the export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssetFile {
    /// The file's URL on its own host: `https://images.ctfassets.net/…`.
    pub url: String,
    /// Where it goes under the export's folder: `images.ctfassets.net/…`, the URL's host and
    /// path. Only plain relative paths are listed, so no file lands outside the folder.
    pub path: String,
    /// The size Contentful reports (`file.details.size`), when it reports one.
    pub size: Option<u64>,
}

/// The files of `export`'s published assets, each path once, in the export's order. A URL that
/// makes no safe path (a `..` segment, a query) is left out and named in the second list.
pub fn asset_files(export: &Value) -> (Vec<AssetFile>, Vec<String>) {
    let mut files: Vec<AssetFile> = Vec::new();
    let mut refused = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let assets = export.get("assets").and_then(Value::as_array);
    for asset in assets.into_iter().flatten() {
        if asset.pointer("/sys/publishedVersion").is_none() {
            continue;
        }
        let locales = asset.pointer("/fields/file").and_then(Value::as_object);
        for file in locales.into_iter().flat_map(|l| l.values()) {
            let Some(url) = file.get("url").and_then(Value::as_str) else {
                continue;
            };
            let Some(path) = relative_path(url) else {
                refused.push(url.to_string());
                continue;
            };
            if seen.insert(path.clone()) {
                files.push(AssetFile {
                    url: format!("https://{path}"),
                    path,
                    size: file.pointer("/details/size").and_then(Value::as_u64),
                });
            }
        }
    }
    (files, refused)
}

/// `host/path` of a protocol-relative or absolute http(s) URL, when it is a plain relative
/// path: no empty, `.` or `..` segment, no query, fragment, backslash or NUL.
pub fn relative_path(url: &str) -> Option<String> {
    let rest = url
        .strip_prefix("//")
        .or_else(|| url.strip_prefix("https://"))
        .or_else(|| url.strip_prefix("http://"))?;
    let plain = !rest.contains(['\\', '\0', '?', '#'])
        && rest.split('/').count() >= 2
        && rest
            .split('/')
            .all(|seg| !seg.is_empty() && seg != "." && seg != "..");
    plain.then(|| rest.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn asset(id: &str, published: bool, files: Value) -> Value {
        let mut sys = json!({"id": id, "type": "Asset"});
        if published {
            sys["publishedVersion"] = json!(3);
        }
        json!({"sys": sys, "fields": {"title": {"en-AU": id}, "file": files}})
    }

    #[test]
    fn published_files_of_every_host_and_locale_are_listed_once_with_their_sizes() {
        let export = json!({"assets": [
            asset("a", true, json!({
                "en-AU": {"url": "//images.ctfassets.net/s/a/t1/a.png", "details": {"size": 12}},
                "en-NZ": {"url": "//images.ctfassets.net/s/a/t1/a.png", "details": {"size": 12}},
            })),
            asset("b", true, json!({"en-AU": {"url": "https://assets.ctfassets.net/s/b/t2/b.pdf"}})),
            asset("c", true, json!({"en-AU": {"url": "//downloads.ctfassets.net/s/c/t3/c.zip", "details": {"size": 7}}})),
            asset("draft", false, json!({"en-AU": {"url": "//images.ctfassets.net/s/d/t/d.png"}})),
            asset("bad", true, json!({"en-AU": {"url": "//images.ctfassets.net/s/../../etc/passwd"}})),
        ]});
        let (files, refused) = asset_files(&export);
        let listed: Vec<(&str, &str, Option<u64>)> = files
            .iter()
            .map(|f| (f.url.as_str(), f.path.as_str(), f.size))
            .collect();
        assert_eq!(
            listed,
            [
                (
                    "https://images.ctfassets.net/s/a/t1/a.png",
                    "images.ctfassets.net/s/a/t1/a.png",
                    Some(12)
                ),
                (
                    "https://assets.ctfassets.net/s/b/t2/b.pdf",
                    "assets.ctfassets.net/s/b/t2/b.pdf",
                    None
                ),
                (
                    "https://downloads.ctfassets.net/s/c/t3/c.zip",
                    "downloads.ctfassets.net/s/c/t3/c.zip",
                    Some(7)
                ),
            ]
        );
        assert_eq!(refused, ["//images.ctfassets.net/s/../../etc/passwd"]);
    }

    #[test]
    fn only_plain_relative_paths_are_accepted() {
        for bad in [
            "images.ctfassets.net/a/b",
            "//images.ctfassets.net",
            "//images.ctfassets.net//x",
            "//images.ctfassets.net/./x",
            "//images.ctfassets.net/x?w=10",
            "//images.ctfassets.net/x\\..\\y",
            "ftp://images.ctfassets.net/x",
        ] {
            assert_eq!(relative_path(bad), None, "{bad}");
        }
        assert_eq!(
            relative_path("http://images.ctfassets.net/s/a/t/x.webp").as_deref(),
            Some("images.ctfassets.net/s/a/t/x.webp")
        );
    }
}
