//! YouTube links: the many URL shapes YouTube has used (watch pages, short links, embeds,
//! shorts, live, thumbnails, old user-page and attribution links).

use super::link::{first_line, is_line_end};

/// Whether a link names YouTube anywhere (`youtube`, `youtu.be`, `y2u.be`, an `i.ytimg.`
/// thumbnail host). Like the library, this looks at the whole link, not just the host.
pub fn mentions_youtube(link: &str) -> bool {
    ["youtube", "youtu.be", "y2u.be"]
        .iter()
        .any(|w| link.contains(w))
        || link.match_indices("ytimg.").any(|(i, _)| {
            // "i", then any one character, then "ytimg."
            let mut before = link[..i].chars().rev();
            before.next().is_some_and(|c| !is_line_end(c)) && before.next() == Some('i')
        })
}

/// The video id in a YouTube link, trying each known shape in the library's order.
pub fn id(link: &str) -> Option<String> {
    let owned = link.replacen("-nocookie", "", 1);
    let s = without_time_fragment(&owned);
    let s = s
        .strip_prefix("https://")
        .or_else(|| s.strip_prefix("http://"))
        .unwrap_or(s);

    if let Some(seg) = between(s, &["youtube://", "youtu.be/", "y2u.be/"]) {
        return Some(strip_parameters(seg).to_string());
    }
    if let Some(seg) = between(s, &["/shorts/"]) {
        return Some(strip_parameters(seg).to_string());
    }
    if let Some(seg) = between(s, &["v=", "vi="]) {
        let seg = seg.split('&').next().unwrap_or("");
        return Some(strip_parameters(seg).to_string());
    }
    for markers in [
        &["/v/", "/vi/", "/watch/"][..],
        &["/an_webp/"],
        &["/e/"],
        &["/embed/"],
    ] {
        if let Some(seg) = between(s, markers) {
            return Some(strip_parameters(seg).to_string());
        }
    }
    let user_pages: Vec<&str> = s
        .match_indices("/user/")
        .map(|(i, m)| &s[i + m.len()..])
        .collect();
    // A channel page (`/user/name`) has no video.
    if user_pages
        .iter()
        .any(|rest| rest.bytes().all(|b| b.is_ascii_alphanumeric()))
    {
        return None;
    }
    // Old channel pages carried the video last: `/user/name#p/u/1/{id}`.
    if user_pages
        .iter()
        .any(|rest| !first_line(rest).contains("videos"))
    {
        let last = s.rsplit('/').next().unwrap_or("");
        return Some(strip_parameters(last).to_string());
    }
    if let Some(id) = attribution_link(s) {
        return Some(strip_parameters(id).to_string());
    }
    if let Some(seg) = between(s, &["/live/"]) {
        return Some(strip_parameters(seg).to_string());
    }
    None
}

/// `/attribution_link?…v%3D{id}` followed by `%26`, `&` or the end: the last such `v%3D`.
fn attribution_link(s: &str) -> Option<&str> {
    s.match_indices("/attribution_link?").find_map(|(i, m)| {
        let rest = &s[i + m.len()..];
        let line = first_line(rest);
        line.rmatch_indices("v%3D").find_map(|(j, v)| {
            let tail = &rest[j + v.len()..];
            let end = tail.find(['%', '&']).unwrap_or(tail.len());
            let after = &tail[end..];
            (after.is_empty() || after.starts_with('&') || after.starts_with("%26"))
                .then(|| &tail[..end])
        })
    })
}

/// The link without a trailing `#t=…` time fragment (one that runs to the end of the link).
fn without_time_fragment(s: &str) -> &str {
    s.match_indices("#t=")
        .find(|(i, _)| !s[*i..].contains(is_line_end))
        .map_or(s, |(i, _)| &s[..i])
}

/// The text after the first of `markers` up to the next of them (the library splits the link
/// on the markers and takes the second piece).
fn between<'a>(s: &'a str, markers: &[&str]) -> Option<&'a str> {
    let (_, end) = find_first(s, markers)?;
    let rest = &s[end..];
    Some(match find_first(rest, markers) {
        Some((start, _)) => &rest[..start],
        None => rest,
    })
}

/// The earliest occurrence of any marker (the earlier-listed one on a tie): (start, end).
fn find_first(s: &str, markers: &[&str]) -> Option<(usize, usize)> {
    markers
        .iter()
        .enumerate()
        .filter_map(|(order, m)| s.find(m).map(|i| (i, order, i + m.len())))
        .min()
        .map(|(start, _, end)| (start, end))
}

/// Cuts a piece at the first `?`, then `/`, then `&`.
fn strip_parameters(s: &str) -> &str {
    let s = s.split('?').next().unwrap_or(s);
    let s = s.split('/').next().unwrap_or(s);
    s.split('&').next().unwrap_or(s)
}
