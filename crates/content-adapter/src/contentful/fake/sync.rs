//! The fake's Sync API: `GET …/sync` with `initial=true` (and `limit`, at most 1000), then
//! `sync_token` from the `nextPageUrl` or `nextSyncUrl` of the previous page. Items are
//! delivered in Contentful's sync shape (all locales, `sys.revision`), deletions as
//! `DeletedEntry` and `DeletedAsset`. Every change to the space (see [`Log::note`]) opens a new
//! generation; a token names the generation it was handed out at, so a delta holds exactly
//! what changed since. Tokens handed out before [`Log::expire`] are refused with 400.

use super::cda::error;
use super::graphql::Answer;
use super::space::{self, Space};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

/// What the fake remembers of each published item, to answer deltas.
#[derive(Default)]
pub(crate) struct Log {
    /// Tokens of earlier epochs are refused.
    epoch: u64,
    generation: u64,
    /// Per item id: `Entry` or `Asset`, a fingerprint of what is delivered (`None` once it is
    /// no longer delivered), and the generation it last changed in.
    items: HashMap<String, (&'static str, Option<u64>, u64)>,
}

impl Log {
    /// Notes what changed in `space` since the last note, opening a new generation if
    /// anything did.
    pub fn note(space: &mut Space) {
        let next = space.sync.generation + 1;
        let mut now: HashMap<String, (&'static str, u64)> = HashMap::new();
        for (key, kind) in [("entries", "Entry"), ("assets", "Asset")] {
            for item in space.list(key) {
                if space::published(item) && !space::archived(item) {
                    let mut h = std::collections::hash_map::DefaultHasher::new();
                    item.to_string().hash(&mut h);
                    now.insert(space::id(item).to_string(), (kind, h.finish()));
                }
            }
        }
        let log = &mut space.sync;
        let mut changed = false;
        for (id, (kind, fp)) in &now {
            match log.items.get_mut(id) {
                Some(seen) if seen.1 == Some(*fp) => {}
                Some(seen) => {
                    *seen = (kind, Some(*fp), next);
                    changed = true;
                }
                None => {
                    log.items.insert(id.clone(), (kind, Some(*fp), next));
                    changed = true;
                }
            }
        }
        for (id, seen) in log.items.iter_mut() {
            if seen.1.is_some() && !now.contains_key(id) {
                *seen = (seen.0, None, next);
                changed = true;
            }
        }
        if changed {
            log.generation = next;
        }
    }

    /// Refuses every token handed out so far.
    pub fn expire(&mut self) {
        self.epoch += 1;
    }
}

/// One page of a sync. `base` is the fake's own URL, for the next page's address.
pub(crate) fn answer(space: &Space, base: &str, query: &HashMap<String, String>) -> Answer {
    let log = &space.sync;
    let (from, to, offset, limit) = if query.get("initial").map(String::as_str) == Some("true") {
        let limit = match query.get("limit").map(|l| l.parse::<usize>()) {
            None => 100,
            Some(Ok(l)) if (1..=1000).contains(&l) => l,
            Some(_) => {
                return error(
                    400,
                    "BadRequest",
                    "The limit parameter must be between 1 and 1000",
                );
            }
        };
        (None, log.generation, 0, limit)
    } else if let Some(token) = query.get("sync_token") {
        match parse(token, log.epoch) {
            Some(Token::Sync { from, limit }) => (Some(from), log.generation, 0, limit),
            Some(Token::Page {
                from,
                to,
                offset,
                limit,
            }) => (from, to, offset, limit),
            None => {
                return error(
                    400,
                    "BadRequest",
                    "The sync token is invalid or has expired",
                );
            }
        }
    } else {
        return error(
            400,
            "BadRequest",
            "Either initial or sync_token is required",
        );
    };
    // Entries, then assets, each in the space's order; deletions only in deltas.
    // What the sync holds, by reference: only the page asked for is built.
    // A delta looks only at the items changed since its token, as Contentful answers one in
    // a time that does not grow with the space.
    let in_range = |at: u64| at <= to && from.is_none_or(|f| at > f);
    let changed: Option<HashSet<&str>> = from.map(|_| {
        log.items
            .iter()
            .filter(|(_, (_, _, at))| in_range(*at))
            .map(|(id, _)| id.as_str())
            .collect()
    });
    let mut wanted: Vec<Wanted<'_>> = Vec::new();
    for (key, kind) in [("entries", "Entry"), ("assets", "Asset")] {
        let mut seen_ids: HashSet<&str> = HashSet::new();
        let list = match &changed {
            Some(changed) if changed.is_empty() => &[][..],
            _ => space.list(key),
        };
        for item in list {
            let id = space::id(item);
            if changed.as_ref().is_some_and(|c| !c.contains(id)) || !seen_ids.insert(id) {
                continue;
            }
            let Some((_, fp, at)) = log.items.get(id) else {
                continue;
            };
            if !in_range(*at) {
                continue;
            }
            match fp {
                Some(_) => wanted.push(Wanted::Delivered(item, kind)),
                None if from.is_some() => wanted.push(Wanted::Deleted(id, kind)),
                None => {}
            }
        }
        // Deleted items no longer in the space at all.
        if from.is_some() {
            for (id, (k, fp, at)) in &log.items {
                if *k == kind && fp.is_none() && in_range(*at) && !seen_ids.contains(id.as_str()) {
                    wanted.push(Wanted::Deleted(id, kind));
                }
            }
        }
    }
    let page: Vec<Value> = wanted
        .iter()
        .skip(offset)
        .take(limit)
        .map(|w| match w {
            Wanted::Delivered(item, kind) => delivered(item, kind),
            Wanted::Deleted(id, kind) => deleted(id, kind),
        })
        .collect();
    let url = format!(
        "{base}/spaces/{}/environments/{}/sync",
        super::SPACE_ID,
        super::ENVIRONMENT
    );
    let mut body = json!({"sys": {"type": "Array"}, "items": page});
    if offset + limit < wanted.len() {
        let token = format!(
            "p{}.{}.{}.{}.{}",
            log.epoch,
            from.map_or(-1, |f| f as i64),
            to,
            offset + limit,
            limit
        );
        body["nextPageUrl"] = json!(format!("{url}?sync_token={token}"));
    } else {
        body["nextSyncUrl"] = json!(format!("{url}?sync_token=s{}.{}.{}", log.epoch, to, limit));
    }
    (200, body)
}

enum Wanted<'a> {
    Delivered(&'a Value, &'static str),
    Deleted(&'a str, &'static str),
}

enum Token {
    Sync {
        from: u64,
        limit: usize,
    },
    Page {
        from: Option<u64>,
        to: u64,
        offset: usize,
        limit: usize,
    },
}

fn parse(token: &str, epoch: u64) -> Option<Token> {
    let (kind, rest) = token.split_at_checked(1)?;
    let parts: Vec<i64> = rest
        .split('.')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    if parts.first().copied()? != epoch as i64 {
        return None;
    }
    match (kind, parts.as_slice()) {
        ("s", [_, from, limit]) => Some(Token::Sync {
            from: u64::try_from(*from).ok()?,
            limit: usize::try_from(*limit).ok()?,
        }),
        ("p", [_, from, to, offset, limit]) => Some(Token::Page {
            from: u64::try_from(*from).ok(),
            to: u64::try_from(*to).ok()?,
            offset: usize::try_from(*offset).ok()?,
            limit: usize::try_from(*limit).ok()?,
        }),
        _ => None,
    }
}

/// An item as the Sync API delivers it: every locale, `sys.revision` for its version.
fn delivered(item: &Value, kind: &str) -> Value {
    let sys = &item["sys"];
    let mut out_sys = json!({
        "space": {"sys": {"type": "Link", "linkType": "Space", "id": super::SPACE_ID}},
        "environment": {"sys": {"type": "Link", "linkType": "Environment", "id": super::ENVIRONMENT}},
        "id": sys["id"],
        "type": kind,
        "revision": sys.get("publishedVersion").cloned().unwrap_or(json!(1)),
    });
    for key in ["createdAt", "updatedAt", "contentType"] {
        if let Some(v) = sys.get(key) {
            out_sys[key] = v.clone();
        }
    }
    json!({"sys": out_sys, "fields": item.get("fields").cloned().unwrap_or(json!({}))})
}

fn deleted(id: &str, kind: &str) -> Value {
    json!({"sys": {"type": format!("Deleted{kind}"), "id": id,
        "space": {"sys": {"type": "Link", "linkType": "Space", "id": super::SPACE_ID}}}})
}
