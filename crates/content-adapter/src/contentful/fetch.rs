//! Reading a whole space from the live APIs into export form: the locales and the privacy page
//! from the entries API, every other content type and the assets page by page from GraphQL.

use super::client::{Client, FetchError};
use super::model::PRIVACY_TITLE;
use super::model::{RICH_TEXT_PAGE, TYPES};
use super::query::{self, PageQuery};
use super::to_export::{self, Gathered};
use serde_json::{Value, json};

/// How far a read has got: after each page, the collection and its items read so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress<'a> {
    /// `locales`, `blogPostCollection`, …, `assetCollection`, `richTextPage`.
    pub what: &'a str,
    /// Items of `what` read so far (never more than `total`).
    pub done: u64,
    /// Items of `what` in the space, as Contentful counts them.
    pub total: u64,
}

/// A space read live, in export form.
#[derive(Debug)]
pub struct LiveExport {
    /// `{contentTypes, editorInterfaces, entries, assets, locales, tags, webhooks, roles}`.
    pub export: Value,
    /// What was skipped or cut and why (partial errors, unresolved links), one line each.
    pub notices: Vec<String>,
}

/// Reads the space. `content_types` also reads the content model (for `content pull`).
pub(crate) async fn space(
    client: &Client,
    content_types: bool,
    progress: &(dyn Fn(Progress<'_>) + Send + Sync),
) -> Result<LiveExport, FetchError> {
    let locales = items(client, "locales", &[("limit", "1000")]).await?;
    let locale = locales
        .iter()
        .find(|l| l.get("default").and_then(Value::as_bool) == Some(true))
        .or_else(|| locales.first())
        .and_then(|l| l.get("code"))
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| FetchError::Malformed {
            url: format!("{}/locales", client.settings().cda_url()),
            reason: "the environment has no locales".to_string(),
        })?;
    progress(Progress {
        what: "locales",
        done: locales.len() as u64,
        total: locales.len() as u64,
    });

    let mut out = Gathered::default();
    for ct in TYPES {
        let q = query::for_type(ct);
        pages(client, &q, &mut out, progress, |item, out| {
            to_export::entry(ct, item, &locale, out)
        })
        .await?;
    }
    pages(client, &query::assets(), &mut out, progress, |item, out| {
        if let Some((id, asset)) = to_export::asset(item) {
            out.assets.insert(id, asset);
        }
    })
    .await?;
    let mut assets: Vec<Value> = std::mem::take(&mut out.assets)
        .into_values()
        .map(|a| to_export::localise(a, &locale))
        .collect();

    privacy(client, &locale, &mut out, &mut assets, progress).await?;
    to_export::check_rich_targets(&mut out);

    let content_types = if content_types {
        let types = items(client, "content_types", &[("limit", "1000")]).await?;
        progress(Progress {
            what: "content_types",
            done: types.len() as u64,
            total: types.len() as u64,
        });
        types
    } else {
        Vec::new()
    };
    let export = json!({
        "contentTypes": content_types,
        "editorInterfaces": [],
        "entries": out.entries,
        "assets": assets,
        "locales": locales,
        "tags": [],
        "webhooks": [],
        "roles": [],
    });
    Ok(LiveExport {
        export,
        notices: out.notices,
    })
}

/// `items` of an entries-API list.
async fn items(
    client: &Client,
    path: &str,
    query: &[(&str, &str)],
) -> Result<Vec<Value>, FetchError> {
    let value = client.cda(path, query).await?;
    match value.get("items") {
        Some(Value::Array(items)) => Ok(items.clone()),
        _ => Err(FetchError::Malformed {
            url: format!("{}/{path}", client.settings().cda_url()),
            reason: "no items array".to_string(),
        }),
    }
}

/// The privacy page as docs/behaviour.md §7 reads it: the rich-text page content type filtered by the
/// privacy title, limit 1, with its assets included.
async fn privacy(
    client: &Client,
    locale: &str,
    out: &mut Gathered,
    assets: &mut Vec<Value>,
    progress: &(dyn Fn(Progress<'_>) + Send + Sync),
) -> Result<(), FetchError> {
    let title_filter = "fields.title";
    let answer = client
        .cda(
            "entries",
            &[
                ("content_type", RICH_TEXT_PAGE),
                (title_filter, PRIVACY_TITLE),
                ("limit", "1"),
                ("include", "2"),
            ],
        )
        .await?;
    let page = answer
        .get("items")
        .and_then(Value::as_array)
        .and_then(|items| items.first());
    let Some(page) = page.and_then(|p| to_export::cda_item(p, locale)) else {
        out.notice(format!(
            "contentful: no {RICH_TEXT_PAGE} entry titled {PRIVACY_TITLE:?}; /privacy has no content"
        ));
        return Ok(());
    };
    let known: std::collections::HashSet<String> = assets
        .iter()
        .filter_map(|a| {
            a.pointer("/sys/id")
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .collect();
    for included in answer
        .pointer("/includes/Asset")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        if let Some(asset) = to_export::cda_item(included, locale)
            && let Some(id) = asset.pointer("/sys/id").and_then(Value::as_str)
            && !known.contains(id)
        {
            assets.push(asset);
        }
    }
    out.entries.push(page);
    progress(Progress {
        what: RICH_TEXT_PAGE,
        done: 1,
        total: 1,
    });
    Ok(())
}

/// Reads every page of `q`, handing each non-null item to `add`. Pages shrink by half when
/// Contentful finds a query too complex; partial errors are reported and their items skipped.
async fn pages(
    client: &Client,
    q: &PageQuery,
    out: &mut Gathered,
    progress: &(dyn Fn(Progress<'_>) + Send + Sync),
    mut add: impl FnMut(&Value, &mut Gathered),
) -> Result<(), FetchError> {
    let mut limit = q.page_size();
    let mut skip = 0u32;
    loop {
        let variables = if client.settings().preview {
            q.preview_variables(skip, limit)
        } else {
            q.variables(skip, limit)
        };
        let answer = match client.graphql(&q.text, variables).await {
            Err(FetchError::TooComplex { code, .. }) if limit > 1 => {
                limit = (limit / 2).max(1);
                out.notice(format!(
                    "contentful: {} refused as too large ({code}); asking for {limit} items a page",
                    q.root
                ));
                continue;
            }
            answer => answer?,
        };
        for e in &answer.errors {
            out.notice(format!(
                "contentful: {} at {}: {}; left out",
                e.code.as_deref().unwrap_or("error"),
                if e.path.is_empty() { &q.root } else { &e.path },
                e.message
            ));
        }
        let collection = answer
            .data
            .as_ref()
            .and_then(|d| d.get(&q.root))
            .filter(|c| !c.is_null());
        let Some(collection) = collection else {
            let codes: Vec<&str> = answer
                .errors
                .iter()
                .map(|e| e.code.as_deref().unwrap_or(e.message.as_str()))
                .collect();
            return Err(FetchError::Malformed {
                url: client.settings().graphql_url(),
                reason: format!("no {} in the answer ({})", q.root, codes.join(", ")),
            });
        };
        let items = collection
            .get("items")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let total = collection.get("total").and_then(Value::as_u64).unwrap_or(0);
        for item in items.iter().filter(|i| !i.is_null()) {
            add(item, out);
        }
        let read = u64::from(skip) + items.len() as u64;
        progress(Progress {
            what: &q.root,
            done: read.min(total),
            total,
        });
        skip += limit;
        if items.is_empty() || u64::from(skip) >= total {
            return Ok(());
        }
    }
}
