//! Links of the services other than YouTube: Vimeo, Vine, VideoPress, Microsoft Stream,
//! TikTok and Dailymotion.

use super::link::{first_line, run};

fn alnum(c: char) -> bool {
    c.is_ascii_alphanumeric()
}

fn digit(c: char) -> bool {
    c.is_ascii_digit()
}

fn word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every position just after `http://{host}` or `https://{host}`, in order.
fn after_http<'a>(s: &'a str, host: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    let mut found: Vec<usize> = ["http://", "https://"]
        .iter()
        .flat_map(|scheme| {
            let pattern = format!("{scheme}{host}");
            s.match_indices(&pattern)
                .map(|(i, m)| i + m.len())
                .collect::<Vec<_>>()
        })
        .collect();
    found.sort_unstable();
    found.into_iter().map(move |i| &s[i..])
}

/// `vimeo.com/{id}`, `vimeo.com/event/{id}`, `player.vimeo.com/video/{id}`, channel, group and
/// album pages (the id is the last path segment), and old `…swf?clip_id={id}` players.
pub fn vimeo(link: &str) -> Option<String> {
    let s = link.split('#').next().unwrap_or(link);
    let s = if s.contains('?') && !s.contains("clip_id=") {
        s.split('?').next().unwrap_or(s)
    } else {
        s
    };
    if let Some(id) =
        after_http(s, "vimeo.com/event/").find(|rest| !rest.is_empty() && rest.chars().all(digit))
    {
        return Some(id.to_string());
    }
    if let Some(id) = after_http(s, "vimeo.com/")
        .map(|rest| run(rest, digit))
        .find(|id| !id.is_empty())
    {
        return Some(id.to_string());
    }
    let lower = s.to_ascii_lowercase();
    let player = after_http(&lower, "player.vimeo.com/video/").any(|rest| {
        let id = run(rest, digit);
        !id.is_empty() && first_line(&rest[id.len()..]).is_empty()
    });
    if player
        || after_http(&lower, "vimeo.com/channels").next().is_some()
        || lower.contains("groups")
        || lower.contains("album")
    {
        return s.rsplit('/').next().map(str::to_string);
    }
    if lower.contains("clip_id=") {
        let (_, rest) = s.split_once("clip_id=")?;
        return rest.split('&').next().map(str::to_string);
    }
    None
}

/// `https://vine.co/v/{id}`, with anything after it.
pub fn vine(link: &str) -> Option<String> {
    let (_, rest) = link.split_once("https://vine.co/v/")?;
    Some(run(rest, alnum).to_string())
}

/// `videopress.com/v/{id}` and `…/embed/{id}`: ids are eight letters, digits or `_`.
pub fn videopress(link: &str) -> Option<String> {
    let marker = if link.contains("embed") {
        "embed/"
    } else {
        "/v/"
    };
    link.match_indices(marker).find_map(|(i, m)| {
        let rest = &link[i + m.len()..];
        let id: String = rest.chars().take(8).collect();
        (id.len() == 8 && id.chars().all(word)).then_some(id)
    })
}

/// `https://web.microsoftstream.com/video/{guid}` and `…/embed/video/{guid}`.
pub fn microsoft_stream(link: &str) -> Option<String> {
    let prefix = if link.contains("embed") {
        "https://web.microsoftstream.com/embed/video/"
    } else {
        "https://web.microsoftstream.com/video/"
    };
    let (_, rest) = link.split_once(prefix)?;
    Some(run(rest, |c| alnum(c) || c == '-').to_string())
}

/// `tiktok.com/@user/video/{id}`: the last `/video/{digits}` after `tiktok.com`.
/// Short `vm.tiktok.com` links need a request to resolve and are not recognised.
pub fn tiktok(link: &str) -> Option<String> {
    last_after(link, "tiktok.com", "/video/", digit)
}

/// `dailymotion.com/video/{id}` (and `/embed/video/{id}`), `dai.ly/{id}`, and search pages
/// with `#video={id}`. An id ends at the first character that is not a letter or digit, so
/// `x44lvd_title_text` gives `x44lvd`.
pub fn dailymotion(link: &str) -> Option<String> {
    last_after(link, "dailymotion.com", "video/", alnum)
        .or_else(|| {
            link.match_indices("dai.ly/")
                .map(|(i, m)| run(&link[i + m.len()..], alnum))
                .find(|id| !id.is_empty())
                .map(str::to_string)
        })
        .or_else(|| last_after(link, "dailymotion.com", "video=", alnum))
}

/// After the first `anchor` that has one on the same line, the last `marker` followed by at
/// least one `keep` character, and those characters.
fn last_after(link: &str, anchor: &str, marker: &str, keep: fn(char) -> bool) -> Option<String> {
    link.match_indices(anchor).find_map(|(i, a)| {
        let line = first_line(&link[i + a.len()..]);
        line.rmatch_indices(marker)
            .map(|(j, m)| run(&line[j + m.len()..], keep))
            .find(|id| !id.is_empty())
            .map(str::to_string)
    })
}
