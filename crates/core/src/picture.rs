//! The renditions of an asset a page offers: whenever a picture can be resized (a raster
//! format, a known width, a host that resizes), a `srcset` in each of AVIF, WebP and the
//! source's fallback format at every width [`crate::rendition::widths_for`] allows, and the
//! rendition link previews show. The browser only chooses among these; it never builds or
//! reads an image address itself.
//!
//! The view pieces are made from these in `compose`; rich text writes them as markup here
//! ([`rich_text_html`]), since it is rendered to HTML before any view exists.

use crate::asset::Asset;
use crate::rendition::{self, Format, Request};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Where a picture fills the page column: the insight hero and the case-study banner. The column
/// is the viewport less a gutter each side (`clamp(1rem, 0.5rem + 2.5vw, 2.5rem)`) and stops
/// growing at 76rem (1216px) once the viewport reaches 1296px.
pub const COLUMN_SIZES: &str =
    "(min-width: 1296px) 1216px, (min-width: 1280px) calc(100vw - 80px), calc(95vw - 16px)";

/// A picture in rich text: the widest text column, the story of a case study or the body of an
/// insight beside an 18rem side column from 1024px (1216px less 22rem at most).
pub const RICH_TEXT_SIZES: &str =
    "(min-width: 1296px) 864px, (min-width: 1024px) calc(95vw - 368px), calc(95vw - 16px)";

/// The page-builder banner: the full width of the viewport, shown from 1024px only.
pub const BANNER_SIZES: &str = "100vw";

/// The viewports the page-builder banner's picture shows on.
pub const BANNER_MEDIA: &str = "(min-width: 1024px)";

/// The formats offered before the fallback, smallest first.
const SOURCE_FORMATS: [Format; 2] = [Format::Avif, Format::Webp];

/// The renditions of a picture that can be resized.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renditions {
    /// The fallback format's candidates, narrowest first: `"… 320w, … 640w"`.
    pub srcset: String,
    /// The smaller encodings' media types and candidates, in the order to offer them.
    pub sources: Vec<(&'static str, String)>,
}

/// The renditions of `asset`, or `None` when it is shown as it is (SVG, GIF, unknown width, a
/// host that cannot resize).
pub fn renditions(asset: &Asset) -> Option<Renditions> {
    let (width, format) = resizable(asset)?;
    Some(Renditions::clone(&remembered(&asset.url, width, format)))
}

/// How many pictures' renditions [`remembered`] keeps; past it, it starts again.
const REMEMBERED: usize = 4096;

/// The renditions of the picture at `url`, worked out once: a page shows the same pictures
/// request after request, and writing a picture's two dozen candidates costs more than the rest
/// of its view. Pure memoising: what comes back is what [`work_out`] gives.
fn remembered(url: &str, width: u32, format: Format) -> Arc<Renditions> {
    type Memo = HashMap<String, (u32, Format, Arc<Renditions>)>;
    static MEMO: OnceLock<Mutex<Memo>> = OnceLock::new();
    let memo = MEMO.get_or_init(Mutex::default);
    let lock = || memo.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((w, f, known)) = lock().get(url)
        && (*w, *f) == (width, format)
    {
        return Arc::clone(known);
    }
    let worked_out = Arc::new(work_out(url, width, format));
    let mut memo = lock();
    if memo.len() >= REMEMBERED {
        memo.clear();
    }
    memo.insert(url.to_owned(), (width, format, Arc::clone(&worked_out)));
    worked_out
}

/// The renditions of a resizable picture at `url`, `width` pixels wide in `format`.
fn work_out(url: &str, width: u32, format: Format) -> Renditions {
    let widths = rendition::widths_for(width);
    // Spaces and commas would split a candidate; the queries after it have neither.
    let base = candidate(&rendition::base(url).unwrap_or_default());
    let fallback = srcset(&base, &widths, format.fallback()).unwrap_or_default();
    let sources = SOURCE_FORMATS
        .into_iter()
        .filter_map(|f| Some((f.mime(), srcset(&base, &widths, f)?)))
        .collect();
    Renditions {
        srcset: fallback,
        sources,
    }
}

/// The rendition a link preview shows: the JPEG [`rendition::SHARE_WIDTH`] pixels wide (the
/// original's width when narrower), with its width and height. `None` when the picture cannot
/// be resized.
pub fn share(asset: &Asset) -> Option<(String, u32, Option<u32>)> {
    let (width, _) = resizable(asset)?;
    let share_width = rendition::width_covering(rendition::SHARE_WIDTH, width).unwrap_or(width);
    let url = rendition::url(&asset.url, &request(share_width, Format::Jpeg))?;
    let height = asset.height.map(|h| scaled_height(h, width, share_width));
    Some((url, share_width, height))
}

/// A picture inside rich text as HTML: `<picture>` with its AVIF and WebP sources and an `<img>`
/// offering the fallback renditions, laid out at [`RICH_TEXT_SIZES`], lazy; a plain `<img>`
/// when it cannot be resized. `escape` makes text safe inside a double-quoted attribute.
pub fn rich_text_html(asset: &Asset, url: &str, escape: impl Fn(&str) -> String) -> String {
    let renditions = renditions(asset);
    let mut img = format!("<img src=\"{}\"", escape(url));
    let mut sources = String::new();
    if let Some(r) = &renditions {
        for (kind, srcset) in &r.sources {
            sources.push_str(&format!(
                "<source type=\"{kind}\" srcset=\"{}\" sizes=\"{RICH_TEXT_SIZES}\">",
                escape(srcset)
            ));
        }
        img.push_str(&format!(
            " srcset=\"{}\" sizes=\"{RICH_TEXT_SIZES}\"",
            escape(&r.srcset)
        ));
    }
    img.push_str(&format!(" alt=\"{}\"", escape(asset.alt())));
    if let Some(w) = asset.width {
        img.push_str(&format!(" width=\"{w}\""));
    }
    if let Some(h) = asset.height {
        img.push_str(&format!(" height=\"{h}\""));
    }
    img.push_str(" loading=\"lazy\">");
    if renditions.is_some() {
        format!("<picture>{sources}{img}</picture>")
    } else {
        img
    }
}

/// The width and format of a picture that can be resized at its address: a raster format, a
/// known width, a host that resizes, and within the site's resizer's limits when the site
/// resizes it itself (over them, it is offered at its own address only: candidates the
/// resizer refuses would show a broken picture).
fn resizable(asset: &Asset) -> Option<(u32, Format)> {
    let width = asset.width.filter(|&w| w > 0)?;
    let format = match asset.content_type.as_deref() {
        Some(mime) => Format::of_mime(mime)?,
        None => format_of_path(&asset.url)?,
    };
    let base = rendition::base(&asset.url)?;
    if base.starts_with(rendition::ENDPOINT)
        && rendition::over_limits(width, asset.height, asset.size).is_some()
    {
        return None;
    }
    Some((width, format))
}

/// The format a file name's extension names, for assets that came without a media type.
fn format_of_path(url: &str) -> Option<Format> {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    let ext = path.rsplit_once('.')?.1.to_ascii_lowercase();
    match ext.as_str() {
        "jpg" | "jpeg" => Some(Format::Jpeg),
        "png" => Some(Format::Png),
        "webp" => Some(Format::Webp),
        "avif" => Some(Format::Avif),
        _ => None,
    }
}

/// A request for one rendition: the format named, its written quality
/// ([`rendition::written`]).
fn request(width: u32, format: Format) -> Request {
    rendition::written(width, format)
}

/// `"… 320w, … 640w"` for the renditions at `base` ([`rendition::base`], made a candidate) in
/// `format`; `None` when there are no widths.
fn srcset(base: &str, widths: &[u32], format: Format) -> Option<String> {
    if widths.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(widths.len() * (base.len() + 28));
    for (i, &w) in widths.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(base);
        out.push('?');
        match rendition::WIDTHS.iter().position(|&listed| listed == w) {
            Some(at) => out.push_str(&tails()[format as usize][at]),
            None => push_tail(&mut out, w, format),
        }
    }
    Some(out)
}

/// What follows the `?` of a candidate: the query of the rendition and its width descriptor,
/// `w=640&fm=avif&q=50 640w`.
fn push_tail(out: &mut String, width: u32, format: Format) {
    use std::fmt::Write;
    request(width, format).write_query(out);
    // Writing to a String cannot fail.
    let _ = write!(out, " {width}w");
}

/// [`push_tail`] of every listed width in every format, written once: every page offers the
/// same few dozen, and writing numbers is most of what building a `srcset` costs.
fn tails() -> &'static [Vec<String>; 4] {
    static TAILS: std::sync::OnceLock<[Vec<String>; 4]> = std::sync::OnceLock::new();
    TAILS.get_or_init(|| {
        [Format::Avif, Format::Webp, Format::Jpeg, Format::Png].map(|format| {
            rendition::WIDTHS
                .iter()
                .map(|&w| {
                    let mut tail = String::new();
                    push_tail(&mut tail, w, format);
                    tail
                })
                .collect()
        })
    })
}

/// A URL made safe as a `srcset` candidate: spaces and commas would split it.
fn candidate(url: &str) -> String {
    url.replace(' ', "%20").replace(',', "%2C")
}

/// The height of a rendition `to` pixels wide of a picture `from` by `height` pixels, rounded.
fn scaled_height(height: u32, from: u32, to: u32) -> u32 {
    let scaled = (u64::from(height) * u64::from(to) + u64::from(from) / 2) / u64::from(from);
    u32::try_from(scaled).unwrap_or(u32::MAX).max(1)
}

#[cfg(test)]
pub(crate) mod tests;
