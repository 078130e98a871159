//! Renditions of a picture: the widths, formats and qualities the site asks for, and the address
//! of one rendition.
//!
//! One rule for both places a picture can be resized. Live, Contentful's Images API does it
//! (`https://images.ctfassets.net/…?w=640&fm=avif&q=50`); from an export, the site's own image
//! endpoint does it for files on disk (`/img/images.ctfassets.net/…?w=640&fm=avif&q=50`, beside
//! the plain file at `/assets/images.ctfassets.net/…`). Both take the same parameters, so a page
//! builds the same `srcset` either way, and the endpoint reads its query with [`Request::parse`].
//!
//! Only raster pictures are resized ([`resizable`]); SVG icons and logos are served as they are.
//! Widths come from a short list ([`WIDTHS`]) so a cache in front holds few renditions of each
//! picture, and nothing is ever asked for wider than the original.

use std::fmt;

/// The widths a rendition may have, narrowest first: phone, tablet and desktop layouts at one to
/// three device pixels per CSS pixel, and [`SHARE_WIDTH`] for link previews.
pub const WIDTHS: [u32; 9] = [320, 480, 640, 828, 1080, 1200, 1280, 1600, 2048];

/// The width of the rendition link previews show (Open Graph, JSON-LD).
pub const SHARE_WIDTH: u32 = 1200;

/// The widest picture Contentful's Images API will return.
pub const CONTENTFUL_MAX_WIDTH: u32 = 4000;

/// The path the site's own image endpoint answers under.
pub const ENDPOINT: &str = "/img/";

/// The path the files of an export are served under as they are.
pub const ASSETS: &str = "/assets/";

/// The encodings a rendition can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    /// AVIF (`fm=avif`).
    Avif,
    /// WebP (`fm=webp`).
    Webp,
    /// JPEG (`fm=jpg`).
    Jpeg,
    /// PNG (`fm=png`).
    Png,
}

impl Format {
    /// Every format, in the order a page offers them (smallest first).
    pub const ALL: [Format; 4] = [Format::Avif, Format::Webp, Format::Jpeg, Format::Png];

    /// The value of the `fm` parameter (Contentful's names).
    pub fn param(self) -> &'static str {
        match self {
            Format::Avif => "avif",
            Format::Webp => "webp",
            Format::Jpeg => "jpg",
            Format::Png => "png",
        }
    }

    /// The media type of a rendition in this format.
    pub fn mime(self) -> &'static str {
        match self {
            Format::Avif => "image/avif",
            Format::Webp => "image/webp",
            Format::Jpeg => "image/jpeg",
            Format::Png => "image/png",
        }
    }

    /// The format an `fm` value names; `jpeg` is taken for `jpg`.
    pub fn from_param(value: &str) -> Option<Format> {
        match value {
            "avif" => Some(Format::Avif),
            "webp" => Some(Format::Webp),
            "jpg" | "jpeg" => Some(Format::Jpeg),
            "png" => Some(Format::Png),
            _ => None,
        }
    }

    /// The format of a source file by its media type, if it is a picture that can be resized.
    pub fn of_mime(mime: &str) -> Option<Format> {
        match mime.split(';').next().unwrap_or("").trim() {
            "image/avif" => Some(Format::Avif),
            "image/webp" => Some(Format::Webp),
            "image/jpeg" | "image/jpg" | "image/pjpeg" => Some(Format::Jpeg),
            "image/png" => Some(Format::Png),
            _ => None,
        }
    }

    /// The quality asked for when a request names none: what keeps a photograph clean at the
    /// smallest size in each encoding. PNG is lossless and ignores it.
    pub fn default_quality(self) -> u8 {
        match self {
            Format::Avif => 50,
            Format::Webp => 75,
            Format::Jpeg => 75,
            Format::Png => 100,
        }
    }

    /// The fallback format for a source of this format: what every browser shows, keeping
    /// transparency where the source may have it.
    pub fn fallback(self) -> Format {
        match self {
            Format::Png | Format::Webp | Format::Avif => Format::Png,
            Format::Jpeg => Format::Jpeg,
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.param())
    }
}

/// Whether a file of this media type is a picture the site resizes (not SVG, GIF or a document).
pub fn resizable(mime: &str) -> bool {
    Format::of_mime(mime).is_some()
}

/// The widths offered for a picture `original` pixels wide: every listed width narrower than it,
/// and the original's own width when it is not wider than the widest listed one. Never wider
/// than the original.
pub fn widths_for(original: u32) -> Vec<u32> {
    let mut widths: Vec<u32> = WIDTHS.iter().copied().filter(|&w| w < original).collect();
    if original > 0 && original <= WIDTHS[WIDTHS.len() - 1] {
        widths.push(original);
    }
    widths
}

/// Whether `width` may be asked of a picture `original` pixels wide: a listed width or the
/// original's own, and not wider than the original.
pub fn width_allowed(width: u32, original: u32) -> bool {
    width <= original && (WIDTHS.contains(&width) || width == original)
}

/// The width of the rendition to use where a picture is shown `wanted` pixels wide at most:
/// the narrowest offered width that covers it, else the widest offered.
pub fn width_covering(wanted: u32, original: u32) -> Option<u32> {
    let widths = widths_for(original);
    widths
        .iter()
        .copied()
        .find(|&w| w >= wanted)
        .or(widths.last().copied())
}

/// The widest or tallest side, in pixels, of a picture the site's own resizer decodes.
pub const MAX_SIDE: u32 = 12_000;

/// The most pixels (width times height) of a picture the site's own resizer decodes.
pub const MAX_PIXELS: u64 = 40_000_000;

/// The largest file, in bytes, the site's own resizer reads.
pub const MAX_SOURCE_BYTES: u64 = 64 << 20;

/// Why a picture is over the resizer's limits ([`MAX_SIDE`], [`MAX_PIXELS`],
/// [`MAX_SOURCE_BYTES`]), from what is known of it; `None` when it is within them (or nothing
/// says otherwise). Such a picture is offered at its own address only, never as renditions the
/// resizer would refuse.
pub fn over_limits(width: u32, height: Option<u32>, bytes: Option<u64>) -> Option<String> {
    let side = width.max(height.unwrap_or(0));
    if side > MAX_SIDE {
        return Some(format!("{side} pixels on a side, over {MAX_SIDE}"));
    }
    if let Some(height) = height {
        let pixels = u64::from(width) * u64::from(height);
        if pixels > MAX_PIXELS {
            return Some(format!(
                "{width}x{height} pixels ({:.1} megapixels), over {} megapixels",
                pixels as f64 / 1e6,
                MAX_PIXELS / 1_000_000
            ));
        }
    }
    match bytes {
        Some(bytes) if bytes > MAX_SOURCE_BYTES => Some(format!(
            "a file of {bytes} bytes, over {} MiB",
            MAX_SOURCE_BYTES >> 20
        )),
        _ => None,
    }
}

/// The quality the site writes for a rendition in `format`: its default, none for PNG (which
/// is lossless).
pub fn written_quality(format: Format) -> Option<u8> {
    (format != Format::Png).then(|| format.default_quality())
}

/// The request the site writes for a rendition `width` pixels wide in `format`.
pub fn written(width: u32, format: Format) -> Request {
    Request {
        width,
        format: Some(format),
        quality: written_quality(format),
    }
}

/// The formats the site writes for a picture `original` pixels wide in `source` at `width`:
/// AVIF, WebP and the source's fallback at every offered width ([`widths_for`]), and JPEG at
/// the width link previews show ([`SHARE_WIDTH`], or the widest offered below it).
pub fn written_formats(width: u32, original: u32, source: Format) -> Vec<Format> {
    let mut formats = vec![Format::Avif, Format::Webp, source.fallback()];
    if width_covering(SHARE_WIDTH, original) == Some(width) && !formats.contains(&Format::Jpeg) {
        formats.push(Format::Jpeg);
    }
    formats
}

/// What the image endpoint does with a request for a picture `original` pixels wide in
/// `source`: the renditions the site writes are answered; anything else is sent to the
/// nearest one it writes, so a client cannot make the server encode variants no page uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A rendition the site writes (a missing `q` is the format's written quality, a missing
    /// `fm` is chosen by the `Accept` header among the written formats).
    Serve,
    /// Not one the site writes: this is the nearest that is.
    Redirect(Request),
    /// The picture offers no renditions (no width to offer).
    Refuse,
}

/// The [`Answer`] to `request` for a picture `original` pixels wide in `source`. The nearest
/// rendition has the narrowest offered width that covers the one asked for (else the widest),
/// the format asked for when it is written at that width (else the source's fallback), and
/// that format's written quality.
pub fn answer(request: &Request, original: u32, source: Format) -> Answer {
    let widths = widths_for(original);
    let Some(width) = width_covering(request.width, original) else {
        return Answer::Refuse;
    };
    let width_ok = widths.contains(&request.width);
    let formats = written_formats(width, original, source);
    let format = match request.format {
        Some(asked) if formats.contains(&asked) => Some(asked),
        Some(_) => Some(source.fallback()),
        None => None,
    };
    let quality_ok = match (request.format, request.quality) {
        (_, None) => true,
        (Some(asked), Some(q)) => written_quality(asked) == Some(q),
        (None, Some(_)) => false,
    };
    if width_ok && format == request.format && quality_ok {
        return Answer::Serve;
    }
    Answer::Redirect(Request {
        width,
        format,
        quality: format.and_then(written_quality),
    })
}

/// One rendition asked of the image endpoint: `w` (required), `fm` and `q` (optional).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Request {
    /// `w`: the rendition's width in pixels, one of [`WIDTHS`].
    pub width: u32,
    /// `None`: the endpoint chooses by the `Accept` header.
    pub format: Option<Format>,
    /// `None`: the format's [`Format::default_quality`].
    pub quality: Option<u8>,
}

/// Why a rendition's query is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RequestError {
    /// A query parameter other than `w`, `fm` and `q`; holds its name.
    #[error("unknown parameter {0:?}: use w, fm and q")]
    UnknownParameter(String),
    /// A parameter given twice; holds its name.
    #[error("parameter {0:?} is given more than once")]
    Repeated(&'static str),
    /// No `w`.
    #[error("missing width: add w, one of {WIDTHS:?}")]
    MissingWidth,
    /// A `w` that is not one of [`WIDTHS`]; holds the value as given.
    #[error("width {0:?} is not one of {WIDTHS:?}")]
    Width(String),
    /// An `fm` that is not `avif`, `webp`, `jpg` or `png`; holds the value as given.
    #[error("format {0:?} is not one of avif, webp, jpg, png")]
    Format(String),
    /// A `q` that is not a whole number from 1 to 100; holds the value as given.
    #[error("quality {0:?} is not a whole number from 1 to 100")]
    Quality(String),
}

impl Request {
    /// Reads a query string (without the `?`). The width must be a listed one or a number the
    /// endpoint then checks against the original ([`width_allowed`]); anything else is refused.
    pub fn parse(query: &str) -> Result<Request, RequestError> {
        let mut width = None;
        let mut format = None;
        let mut quality = None;
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            match key {
                "w" => {
                    let w = value
                        .parse::<u32>()
                        .ok()
                        .filter(|&w| {
                            (1..=CONTENTFUL_MAX_WIDTH).contains(&w) && !value.starts_with('0')
                        })
                        .ok_or_else(|| RequestError::Width(value.to_owned()))?;
                    if width.replace(w).is_some() {
                        return Err(RequestError::Repeated("w"));
                    }
                }
                "fm" => {
                    let f = Format::from_param(value)
                        .ok_or_else(|| RequestError::Format(value.to_owned()))?;
                    if format.replace(f).is_some() {
                        return Err(RequestError::Repeated("fm"));
                    }
                }
                "q" => {
                    let q = value
                        .parse::<u8>()
                        .ok()
                        .filter(|q| (1..=100).contains(q) && !value.starts_with('0'))
                        .ok_or_else(|| RequestError::Quality(value.to_owned()))?;
                    if quality.replace(q).is_some() {
                        return Err(RequestError::Repeated("q"));
                    }
                }
                other => return Err(RequestError::UnknownParameter(other.to_owned())),
            }
        }
        Ok(Request {
            width: width.ok_or(RequestError::MissingWidth)?,
            format,
            quality,
        })
    }

    /// The query that asks for this rendition, in a fixed order (so one rendition has one URL).
    pub fn query(&self) -> String {
        let mut query = String::with_capacity(20);
        self.write_query(&mut query);
        query
    }

    /// Appends [`Request::query`] to `out`.
    pub fn write_query(&self, out: &mut String) {
        use std::fmt::Write;
        // Writing to a String cannot fail.
        let _ = write!(out, "w={}", self.width);
        if let Some(format) = self.format {
            out.push_str("&fm=");
            out.push_str(format.param());
        }
        if let Some(quality) = self.quality {
            let _ = write!(out, "&q={quality}");
        }
    }
}

/// The address of a rendition of the picture at `url`: Contentful's Images API for a picture on
/// Contentful's image host, the site's image endpoint for a file of an export served under
/// `/assets/`. `None` for any other address (the picture is then shown as it is).
pub fn url(url: &str, request: &Request) -> Option<String> {
    let mut address = base(url)?;
    address.push('?');
    request.write_query(&mut address);
    Some(address)
}

/// The address of the renditions of the picture at `url`, before the query that picks one
/// ([`url`] is this, `?` and [`Request::query`]); `None` when the picture cannot be resized.
pub fn base(url: &str) -> Option<String> {
    if let Some(rest) = url.strip_prefix(ASSETS) {
        return resizable_path(rest).then(|| format!("{ENDPOINT}{rest}"));
    }
    let rest = url
        .strip_prefix("https:")
        .or_else(|| url.strip_prefix("http:"))
        .unwrap_or(url)
        .strip_prefix("//images.ctfassets.net/")?;
    (!rest.contains('?') && !rest.contains('#'))
        .then(|| format!("https://images.ctfassets.net/{rest}"))
}

/// A file path under `/assets/` the endpoint serves: one of the export's image host folders,
/// with no query, fragment or climbing out of the folder.
fn resizable_path(rest: &str) -> bool {
    rest.starts_with("images.ctfassets.net/")
        && !rest.contains(['?', '#', '\\'])
        && !rest
            .split('/')
            .any(|part| part.is_empty() || part == "." || part == "..")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offers_listed_widths_below_the_original_and_the_original() {
        assert_eq!(widths_for(700), vec![320, 480, 640, 700]);
        assert_eq!(widths_for(2400), WIDTHS.to_vec());
        assert_eq!(widths_for(2048), WIDTHS.to_vec());
        assert_eq!(widths_for(100), vec![100]);
        assert!(widths_for(0).is_empty());
    }

    #[test]
    fn never_asks_wider_than_the_original() {
        assert!(width_allowed(640, 2400));
        assert!(width_allowed(700, 700));
        assert!(!width_allowed(1080, 700));
        assert!(!width_allowed(700, 2400));
        assert_eq!(width_covering(500, 2400), Some(640));
        assert_eq!(width_covering(3000, 2400), Some(2048));
        assert_eq!(width_covering(900, 700), Some(700));
    }

    #[test]
    fn reads_a_query_and_writes_it_back_in_one_order() {
        let request = Request::parse("q=60&fm=webp&w=640").unwrap();
        assert_eq!(
            request,
            Request {
                width: 640,
                format: Some(Format::Webp),
                quality: Some(60)
            }
        );
        assert_eq!(request.query(), "w=640&fm=webp&q=60");
        assert_eq!(Request::parse("w=320").unwrap().format, None);
        assert_eq!(
            Request::parse("w=320&fm=jpeg").unwrap().format,
            Some(Format::Jpeg)
        );
    }

    #[test]
    fn refuses_what_it_does_not_know() {
        use RequestError::*;
        assert_eq!(Request::parse(""), Err(MissingWidth));
        assert_eq!(Request::parse("fm=avif"), Err(MissingWidth));
        assert_eq!(Request::parse("w=abc"), Err(Width("abc".into())));
        assert_eq!(Request::parse("w=0"), Err(Width("0".into())));
        assert_eq!(Request::parse("w=0640"), Err(Width("0640".into())));
        assert_eq!(Request::parse("w=99999"), Err(Width("99999".into())));
        assert_eq!(Request::parse("w=640&fm=gif"), Err(Format("gif".into())));
        assert_eq!(Request::parse("w=640&q=0"), Err(Quality("0".into())));
        assert_eq!(Request::parse("w=640&q=101"), Err(Quality("101".into())));
        assert_eq!(Request::parse("w=640&w=320"), Err(Repeated("w")));
        assert_eq!(
            Request::parse("w=640&fit=fill"),
            Err(UnknownParameter("fit".into()))
        );
    }

    #[test]
    fn addresses_contentful_and_the_export_alike() {
        let request = Request {
            width: 640,
            format: Some(Format::Avif),
            quality: None,
        };
        assert_eq!(
            url("//images.ctfassets.net/s/a/t/hero.jpg", &request).as_deref(),
            Some("https://images.ctfassets.net/s/a/t/hero.jpg?w=640&fm=avif")
        );
        assert_eq!(
            url("https://images.ctfassets.net/s/a/t/hero.jpg", &request).as_deref(),
            Some("https://images.ctfassets.net/s/a/t/hero.jpg?w=640&fm=avif")
        );
        assert_eq!(
            url("/assets/images.ctfassets.net/s/a/t/hero.jpg", &request).as_deref(),
            Some("/img/images.ctfassets.net/s/a/t/hero.jpg?w=640&fm=avif")
        );
        assert_eq!(url("/assets/index-abc.js", &request), None);
        assert_eq!(
            url("/assets/images.ctfassets.net/s/../x.jpg", &request),
            None
        );
        assert_eq!(url("https://example.com/hero.jpg", &request), None);
        assert_eq!(url("//images.ctfassets.net/s/a.jpg?w=10", &request), None);
    }

    #[test]
    fn the_endpoint_serves_exactly_what_pages_write_and_redirects_the_rest() {
        let parse = |q: &str| Request::parse(q).unwrap();
        // Every candidate a page writes for a 1300-pixel JPEG is served.
        for width in widths_for(1300) {
            for format in written_formats(width, 1300, Format::Jpeg) {
                assert_eq!(
                    answer(&written(width, format), 1300, Format::Jpeg),
                    Answer::Serve,
                    "{width} {format}"
                );
            }
        }
        // Missing q is the written quality; missing fm is chosen among the written formats.
        assert_eq!(
            answer(&parse("w=640&fm=webp"), 1300, Format::Jpeg),
            Answer::Serve
        );
        assert_eq!(answer(&parse("w=640"), 1300, Format::Jpeg), Answer::Serve);
        // Another quality, width or format: the nearest written rendition.
        let to = |q: &str| Answer::Redirect(parse(q));
        assert_eq!(
            answer(&parse("w=640&fm=webp&q=99"), 1300, Format::Jpeg),
            to("w=640&fm=webp&q=75")
        );
        assert_eq!(
            answer(&parse("w=700&fm=avif&q=50"), 1300, Format::Jpeg),
            to("w=828&fm=avif&q=50")
        );
        assert_eq!(
            answer(&parse("w=1600&fm=jpg"), 1300, Format::Jpeg),
            to("w=1300&fm=jpg&q=75")
        );
        assert_eq!(
            answer(&parse("w=640&q=10"), 1300, Format::Jpeg),
            to("w=640")
        );
        // PNG pictures: PNG without a quality, JPEG only at the link-preview width.
        assert_eq!(
            answer(&parse("w=640&fm=png"), 2400, Format::Png),
            Answer::Serve
        );
        assert_eq!(
            answer(&parse("w=640&fm=png&q=100"), 2400, Format::Png),
            to("w=640&fm=png")
        );
        assert_eq!(
            answer(&written(SHARE_WIDTH, Format::Jpeg), 2400, Format::Png),
            Answer::Serve
        );
        assert_eq!(
            answer(&parse("w=640&fm=jpg&q=75"), 2400, Format::Png),
            to("w=640&fm=png")
        );
        assert_eq!(answer(&parse("w=640"), 0, Format::Png), Answer::Refuse);
    }

    #[test]
    fn pictures_over_the_resizers_limits_are_named() {
        assert_eq!(over_limits(4000, Some(3000), Some(8 << 20)), None);
        assert_eq!(over_limits(12_000, Some(3000), None), None);
        assert!(
            over_limits(12_001, Some(100), None)
                .unwrap()
                .contains("12000")
        );
        assert!(over_limits(100, Some(12_001), None).is_some());
        assert!(
            over_limits(8000, Some(6000), None)
                .unwrap()
                .contains("megapixels")
        );
        assert!(
            over_limits(4000, None, Some(65 << 20))
                .unwrap()
                .contains("64 MiB")
        );
        assert_eq!(over_limits(4000, None, None), None);
    }

    #[test]
    fn resizes_raster_pictures_only() {
        assert!(resizable("image/jpeg"));
        assert!(resizable("image/png"));
        assert!(!resizable("image/svg+xml"));
        assert!(!resizable("image/gif"));
        assert!(!resizable("application/pdf"));
        assert_eq!(Format::Png.fallback(), Format::Png);
        assert_eq!(Format::Jpeg.fallback(), Format::Jpeg);
    }
}
